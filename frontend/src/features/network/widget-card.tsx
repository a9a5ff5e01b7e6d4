import Box, { type BoxProps } from '@mui/material/Box';

/** The surface every Matrix Network widget sits on (user card, composer, posts, friend list, ad). */
export function WidgetCard({ sx, component = 'section', ...props }: BoxProps) {
  return (
    <Box
      component={component}
      sx={[
        { p: '1.5rem 1.5rem 0.75rem', bgcolor: 'bg.surface', borderRadius: '0.75rem', minWidth: 0 },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
      {...props}
    />
  );
}
