import { createTheme, type PaletteOptions, type Theme } from '@mui/material/styles';
import { fonts } from './fonts';
import { cyan, grey } from './palette-tokens';

export type ColorMode = 'light' | 'dark';

/** The breakpoints of docs/requirements/public-pages.md#breakpoints: lobby form 600, profile photo 800, desktop menus 1000, wide home 1280. */
export const breakpointValues = { xs: 0, sm: 600, md: 800, lg: 1000, xl: 1280 } as const;

const palettes: Record<ColorMode, PaletteOptions> = {
  dark: {
    mode: 'dark',
    primary: { dark: cyan[200], main: cyan[500], light: cyan[800] },
    neutral: { dark: grey[100], main: grey[200], mediumMain: grey[300], medium: grey[400], light: grey[700] },
    bg: { surface: grey[800], overlay: 'rgba(0, 0, 0, 0.9)' },
    background: { default: grey[900], alt: grey[800] },
  },
  light: {
    mode: 'light',
    // The darker cyan keeps links and the logo readable on white.
    primary: { dark: cyan[800], main: cyan[700], light: cyan[50] },
    neutral: { dark: grey[700], main: grey[500], mediumMain: grey[400], medium: grey[300], light: grey[50] },
    bg: { surface: grey[0], overlay: 'rgba(0, 0, 0, 0.9)' },
    background: { default: grey[10], alt: grey[0] },
  },
};

const themes: Partial<Record<ColorMode, Theme>> = {};

/** The theme of a mode, made once: making one is costly, enough to hold up a page's first render. */
export function appTheme(mode: ColorMode): Theme {
  return (themes[mode] ??= createAppTheme(mode));
}

function createAppTheme(mode: ColorMode): Theme {
  return createTheme({
    palette: palettes[mode],
    breakpoints: { values: breakpointValues },
    typography: {
      fontFamily: fonts.body,
      fontSize: 14,
      // Rubik ships 400 and 500 only (see fonts.ts): bold text uses 500 rather than a faux bold.
      fontWeightBold: 500,
      h1: {
        fontSize: '1.6rem',
        fontWeight: 500,
        lineHeight: 1.25,
        [`@media (min-width:${breakpointValues.md}px)`]: { fontSize: '2rem' },
      },
      h2: { fontSize: '1.6rem', fontWeight: 500, lineHeight: 1.3 },
      h3: { fontSize: '1.35rem', fontWeight: 500 },
      h4: { fontSize: '1.15rem', fontWeight: 500 },
      h5: { fontSize: '1rem', fontWeight: 500 },
      h6: { fontSize: '0.875rem', fontWeight: 500 },
      logo: { fontFamily: fonts.logo, fontWeight: 700, fontSize: '1.75rem', letterSpacing: '0.04em', lineHeight: 1.2 },
      handwriting: { fontFamily: fonts.handwriting, fontWeight: 400, fontSize: '1.5rem', lineHeight: 1.3 },
    },
    components: {
      MuiTypography: {
        defaultProps: { variantMapping: { logo: 'span', handwriting: 'p' } },
      },
    },
  });
}
