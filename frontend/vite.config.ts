import { createRequire } from 'node:module';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { fontLoading } from './vite/font-loading';

// The API in dev: `npm start` (or the backend alone) on its default port.
const backend = 'http://localhost:3000';

// React Router 7's package exports name only its development build (remix-run/react-router#14102,
// #14753): dev warnings and checks in every bundle. Builds take its production files instead.
const reactRouterDir = path.dirname(createRequire(import.meta.url).resolve('react-router/package.json'));
const reactRouterProduction = (file: string) => path.join(reactRouterDir, 'dist', 'production', file);

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [react(), fontLoading()],
  resolve: {
    alias: [
      // Compile the shared contracts from source, so the frontend never waits for their build. Exact
      // matches: a plain '@atelier/contracts' would also rewrite '@atelier/contracts/schemas' into index.ts/schemas.
      { find: /^@atelier\/contracts$/, replacement: fileURLToPath(new URL('../contracts/src/index.ts', import.meta.url)) },
      { find: /^@atelier\/contracts\/schemas$/, replacement: fileURLToPath(new URL('../contracts/src/schemas.ts', import.meta.url)) },
      ...(command === 'build'
        ? [
            { find: /^react-router$/, replacement: reactRouterProduction('index.mjs') },
            { find: /^react-router\/dom$/, replacement: reactRouterProduction('dom-export.mjs') },
          ]
        : []),
    ],
  },
  // The server render (`vite build --ssr src/entry-server.tsx`) is one self-contained CommonJS bundle
  // that the backend requires: its image has none of the frontend's node_modules. (Only for that
  // build: Vitest runs through Vite's SSR pipeline and would otherwise compile every dependency.)
  ssr: isSsrBuild ? { noExternal: true, target: 'node' } : undefined,
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  build: {
    // The backend caches /static/ for a year; /assets/ belongs to content and uploads.
    assetsDir: 'static',
    // public/ (favicon, robots.txt) belongs to the browser build only.
    copyPublicDir: !isSsrBuild,
    // dist/.vite/manifest.json: which chunks the first script loads (bench/src/lighthouse.mjs counts them).
    manifest: !isSsrBuild,
    // Sizes as written, without gzipping every chunk again only to print it: less work in every build.
    reportCompressedSize: false,
    // The video test page's players load hls.js (595 kB) and dash.js (859 kB), each one pre-built module
    // that no chunking can split, and only when a video of that kind plays. Above those, the warning
    // still flags a chunk the app grew.
    chunkSizeWarningLimit: 900,
    rollupOptions: {
      output: isSsrBuild
        ? { format: 'cjs', entryFileNames: '[name].cjs', chunkFileNames: 'chunks/[name]-[hash].cjs' }
        : {
            // React changes far less often than the app: its own file stays cached across deploys. The
            // Mux player (loaded by the video test page only) is a file per package, not one of 540 kB.
            manualChunks: (id: string) => {
              if (/node_modules\/(react|react-dom|scheduler)\//.test(id)) return 'react';
              return /node_modules\/(@mux\/[^/]+|media-chrome|mux-embed|hls\.js)\//.exec(id)?.[1].replace(/^@mux\/|\.js$/g, '');
            },
          },
    },
  },
  server: {
    proxy: { '/api': backend, '/assets': backend },
  },
  test: {
    // Vitest 4.1 or later, not 3: see src/test/environment.spec.ts (Node 24's fetch and jsdom's AbortSignal).
    environment: 'jsdom',
    // Node 25 and later define a localStorage of their own (Web Storage, on by default), which is
    // undefined without --localstorage-file; Vitest's jsdom environment keeps any global Node already
    // has, so on Node 26 the specs and redux-persist found no storage at all. The specs stand for a
    // browser page, whose storage is jsdom's: switch Node's off, as it is by default up to Node 24
    // (Node 20 has no such flag and no such global).
    execArgv: process.allowedNodeEnvironmentFlags.has('--no-experimental-webstorage') ? ['--no-experimental-webstorage'] : [],
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.spec.{ts,tsx}'],
  },
}));
