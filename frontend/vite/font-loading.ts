import type { Plugin } from 'vite';

// A web font that arrives after the first paint redraws the text it replaces in other widths, and
// a wider logo or menu can wrap the header onto two lines and back: measured, a layout shift of up
// to 1.1 on a first visit (issue #22). So every face is `font-display: optional`: a font that is not
// there for the first paint (about 100 ms) is used from the next page on, never swapped in under the
// reader. The faces are not preloaded: measured with Lighthouse (mobile), preloading them held the
// first paint until they arrived and put the largest paint of `/` at 2.6 s instead of 1.1 s.

const FONTSOURCE_CSS = /[\\/]@fontsource[\\/][^\\/]+[\\/][^\\/]+\.css$/;

export function fontLoading(): Plugin {
  return {
    name: 'atelier:font-loading',
    transform(code, id) {
      if (!FONTSOURCE_CSS.test(id)) return null;
      if (!code.includes('font-display: swap')) throw new Error(`${id} no longer says "font-display: swap": check how its fonts load`);
      return { code: code.replaceAll('font-display: swap', 'font-display: optional'), map: null };
    },
  };
}
