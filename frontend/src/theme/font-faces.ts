// Self-hosted from npm (no font CDN); only the weights the theme uses (fonts.ts), each split by unicode
// range. Imported by the page's first script, so the stylesheet is linked from index.html itself.
// The build makes every face `font-display: optional` (vite/font-loading.ts): a late font never moves the
// page. It also preloads the latin files of Orbitron 700 and Rubik 500 and 400 from index.html, so that a
// first visit draws them: a weight added here that every page shows belongs in its PRELOADED_FACES too.
import '@fontsource/rubik/400.css';
import '@fontsource/rubik/500.css';
import '@fontsource/orbitron/700.css';
import '@fontsource/caveat/400.css';
