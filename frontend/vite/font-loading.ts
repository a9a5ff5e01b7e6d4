import type { Plugin, Rollup } from 'vite';

// A web font that arrives after the first paint redraws the text it replaces in other widths, and
// a wider logo or menu can wrap the header onto two lines and back: measured, a layout shift of up
// to 1.1 on a first visit (issue #22). So every face is `font-display: optional`: Chromium draws a
// face only if it is there when the page is first drawn, and never swaps it in later.
//
// Asked for only once the first layout needed them, the faces were never there in time: a first
// visit was drawn in the fallback font on every page (issue #39). So index.html preloads the faces
// every page's first paint draws, and only those: the latin files of Orbitron 700 (the logo), Rubik
// 500 (headings, menu, buttons) and Rubik 400 (text), 44 KB together. Their requests start with the
// head of the HTML, and Chromium holds the first paint for preloaded faces still on their way, by at
// most 100 ms past the moment it could have drawn the page (and not past 1.5 s after the navigation
// began). The other faces load as before, where a page uses them: Caveat (the theme's handwriting,
// on no page yet) and the other scripts' files (latin-ext, cyrillic, arabic, hebrew).
//
// What that costs, measured (issue #39; 390 px, the built app on this repo's e2e server):
// - Chromium throttled to 60 ms round trips and 9 Mbit/s: the faces were drawn on 18 of 20 first
//   visits, and the first (= largest) paint of /, /dev and /project/solar came 55-90 ms later.
// - Throttled to Lighthouse's mobile network (150 ms, 1.6 Mbit/s, CPU x4): the faces came about
//   400 ms after the HTML, too late, on 19 of 20 first visits, and the first paint came 50-230 ms
//   later (the hold, and the faces sharing the line with the HTML).
// - Lighthouse itself (mobile, simulated throttling) counts the faces as on the way to the largest
//   paint where that is text: / 1.34 -> 1.96 s, /dev 1.07 -> 1.78 s, /project/solar 0.92 -> 1.66 s;
//   /gallery's, a picture, unchanged (1.51 -> 1.44 s) (medians of 5 runs each, alternating, CPU
//   x7.6); the performance scores moved less than they vary from run to run. An earlier preload (of
//   which faces is not recorded) had put / at 2.6 s instead of 1.1 s.

const FONTSOURCE_CSS = /[\\/]@fontsource[\\/][^\\/]+[\\/][^\\/]+\.css$/;

/** The faces every page's first paint draws, as fontsource names their files (font-faces.ts imports their CSS). */
export const PRELOADED_FACES = ['orbitron-latin-700-normal', 'rubik-latin-500-normal', 'rubik-latin-400-normal'] as const;

/** index.html's marker, replaced by the preload links. */
export const PRELOAD_MARKER = '<!-- fonts of the first paint: preload links (vite/font-loading.ts) -->';

/** The emitted (hashed) file of each face, from the bundle: the very files the stylesheet's @font-face rules name. */
export function preloadedFontFiles(bundle: Rollup.OutputBundle, faces: readonly string[] = PRELOADED_FACES): string[] {
  return faces.map((face) => {
    const files = Object.values(bundle).filter((output) => output.type === 'asset' && output.names.includes(`${face}.woff2`));
    if (files.length !== 1) throw new Error(`The build has ${files.length} files named ${face}.woff2 to preload (one expected): check font-faces.ts`);
    return files[0].fileName;
  });
}

/** The preload links for the files, each as the stylesheet's font request will ask for it (CORS, anonymous). */
export function preloadLinks(files: string[], base: string): string {
  return files.map((file) => `<link rel="preload" as="font" type="font/woff2" crossorigin href="${base}${file}" />`).join('\n    ');
}

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
      // After Vite has emitted the stylesheet's font files: the bundle then names their hashed files.
      order: 'post',
      handler(html, { bundle }) {
        if (!html.includes(PRELOAD_MARKER)) throw new Error(`index.html has no "${PRELOAD_MARKER}" for the font preloads`);
        // The dev server serves the fonts from node_modules under names of its own: no preloads there.
        return html.replace(PRELOAD_MARKER, bundle ? preloadLinks(preloadedFontFiles(bundle), base) : '');
      },
    },
  };
}
