import type { CSSProperties } from 'react';
import '@mui/material/styles';
import '@mui/material/Typography';

declare module '@mui/material/styles' {
  interface NeutralPalette {
    dark: string;
    main: string;
    mediumMain: string;
    medium: string;
    light: string;
  }

  /** Surfaces drawn above the page background: cards and widgets, and full-screen overlays. */
  interface BgPalette {
    surface: string;
    overlay: string;
  }

  interface Palette {
    neutral: NeutralPalette;
    bg: BgPalette;
  }

  interface PaletteOptions {
    neutral?: NeutralPalette;
    bg?: BgPalette;
  }

  interface TypeBackground {
    /** Header, footer and panels: one step away from the page background. */
    alt: string;
  }

  interface TypographyVariants {
    logo: CSSProperties;
    handwriting: CSSProperties;
  }

  interface TypographyVariantsOptions {
    logo?: CSSProperties;
    handwriting?: CSSProperties;
  }
}

declare module '@mui/material/Typography' {
  interface TypographyPropsVariantOverrides {
    logo: true;
    handwriting: true;
  }
}
