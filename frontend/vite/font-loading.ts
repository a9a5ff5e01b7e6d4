import type { Plugin } from 'vite';

// A web font that arrives after the first paint redraws the text it replaces in other widths, and
// a wider logo or menu can wrap the header onto two lines and back: measured, a layout shift of up
// to 1.1 on a first visit (issue #22). So the faces every page uses are preloaded with the page,
// and every face is `font-display: optional`: a font that is not there for the first paint (about
// 100 ms) is used from the next page on, never swapped in under the reader.

/** The latin files of the faces the header and body text use on every page (Caveat is not one). */
const PRELOADED_FONT = /(?:^|\/)(?:rubik-latin-(?:400|500)|orbitron-latin-700)-normal-[\w-]+\.woff2$/;
const FONTSOURCE_CSS = /[\\/]@fontsource[\\/][^\\/]+[\\/][^\\/]+\.css$/;

export function fontLoading(): Plugin {
  let base = '/';
  return {
    name: 'atelier:font-loading',
    configResolved(config) {
      base = config.base;
    },
    transform(code, id) {
      if (!FONTSOURCE_CSS.test(id)) return null;
      if (!code.includes('font-display: swap')) throw new Error(`${id} no longer says "font-display: swap": check how its fonts load`);
      return { code: code.replaceAll('font-display: swap', 'font-display: optional'), map: null };
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html; // the dev server: fonts load as they are met
        const files = Object.values(bundle)
          .filter((output) => output.type === 'asset' && PRELOADED_FONT.test(output.fileName))
          .map((output) => output.fileName);
        if (files.length !== 3) throw new Error(`expected the three preloaded font files, found: ${files.join(', ') || 'none'}`);
        return files.map((file) => ({
          tag: 'link',
          attrs: { rel: 'preload', as: 'font', type: 'font/woff2', crossorigin: '', href: `${base}${file}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}
