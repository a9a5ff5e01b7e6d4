import Box, { type BoxProps } from '@mui/material/Box';

interface ShowcaseSurfaceProps extends BoxProps {
  /** No padding: for content that runs to the card's edges, such as a banner picture. */
  flush?: boolean;
}

/** The card every showcase block sits on (profile card, project cards, lists, ads, banners). */
export function ShowcaseSurface({ sx, component = 'section', flush = false, ...props }: ShowcaseSurfaceProps) {
  return (
    <Box
      component={component}
      sx={[
        { p: flush ? 0 : { xs: '1rem', md: '1.5rem' }, bgcolor: 'bg.surface', borderRadius: '0.75rem', minWidth: 0 },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
      {...props}
    />
  );
}

/**
 * For a link whose whole card should be clickable: the link keeps a short accessible name (its own
 * text) while its ::after covers the nearest positioned ancestor, the card.
 */
export const stretchedLinkSx = {
  '&::after': { content: '""', position: 'absolute', inset: 0, borderRadius: 'inherit' },
  '&:focus-visible': { outline: 'none' },
  '&:focus-visible::after': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: '2px' },
} as const;
