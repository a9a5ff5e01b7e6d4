import type { HtmlTagDescriptor, Plugin } from 'vite';
import type { OutputBundle } from 'rollup';

// The page's first script starts the app with import() (src/main.tsx), and Vite's preload helper
// then adds a <link rel="modulepreload"> to the head for each chunk that import needs, one
// appendChild each: measured in Chromium, 5-10 ms of one task after the page was on screen, held
// back for every tap. The helper skips a chunk whose link is already in the document, so index.html
// names them all: the parser adds them with the page, and the browser fetches them from the start
// (the server marks them low priority on a page it rendered: entry-server.tsx).

/** The chunks the entry chunk imports with import(), and everything those import, once each. */
export function startChunks(bundle: OutputBundle, entryFile: string): string[] {
  const files = new Set<string>();
  const add = (file: string) => {
    const chunk = bundle[file];
    if (files.has(file) || file === entryFile || chunk?.type !== 'chunk') return;
    files.add(file);
    for (const imported of chunk.imports) add(imported);
  };
  const entry = bundle[entryFile];
  if (entry?.type === 'chunk') for (const started of entry.dynamicImports) add(started);
  return [...files];
}

export function startPreloads(): Plugin {
  return {
    name: 'atelier:start-preloads',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle, chunk }): HtmlTagDescriptor[] {
        if (!bundle || !chunk) return [];
        return startChunks(bundle, chunk.fileName).map((file) => ({
          tag: 'link',
          // As the preload helper writes them: it looks for a link with exactly this href.
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
          injectTo: 'head',
        }));
      },
    },
  };
}
