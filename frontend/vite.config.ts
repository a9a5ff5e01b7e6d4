import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// The API in dev: `npm start` (or the backend alone) on its default port.
const backend = 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  resolve: {
    // Compile the shared contracts from source, so the frontend never waits for their build.
    alias: { '@atelier/contracts': fileURLToPath(new URL('../contracts/src/index.ts', import.meta.url)) },
  },
  build: {
    // The backend caches /static/ for a year; /assets/ belongs to content and uploads.
    assetsDir: 'static',
    rollupOptions: {
      output: {
        // React changes far less often than the app: its own file stays cached across deploys.
        manualChunks: (id) => (/node_modules\/(react|react-dom|scheduler)\//.test(id) ? 'react' : undefined),
      },
    },
  },
  server: {
    proxy: { '/api': backend, '/assets': backend },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.spec.{ts,tsx}'],
  },
});
