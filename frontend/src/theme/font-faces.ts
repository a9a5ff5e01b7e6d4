// Self-hosted from npm (no font CDN); only the weights the theme uses (fonts.ts), each split by unicode
// range. Imported by the page's first script, so the stylesheet is linked from index.html itself.
// The build makes every face `font-display: optional` (vite/font-loading.ts): a late font never moves the page.
import '@fontsource/rubik/400.css';
import '@fontsource/rubik/500.css';
import '@fontsource/orbitron/700.css';
import '@fontsource/caveat/400.css';
