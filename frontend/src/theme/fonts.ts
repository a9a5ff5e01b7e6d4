// The theme's font families; their files are loaded by font-faces.ts.

export const fonts = {
  body: ['Rubik', 'system-ui', 'sans-serif'].join(', '),
  logo: ['Orbitron', 'Rubik', 'sans-serif'].join(', '),
  handwriting: ['Caveat', 'cursive'].join(', '),
} as const;
