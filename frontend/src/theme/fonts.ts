// Self-hosted from npm (no font CDN); only the weights the theme uses, each split by unicode range.
import '@fontsource/rubik/400.css';
import '@fontsource/rubik/500.css';
import '@fontsource/orbitron/700.css';
import '@fontsource/caveat/400.css';

export const fonts = {
  body: ['Rubik', 'system-ui', 'sans-serif'].join(', '),
  logo: ['Orbitron', 'Rubik', 'sans-serif'].join(', '),
  handwriting: ['Caveat', 'cursive'].join(', '),
} as const;
