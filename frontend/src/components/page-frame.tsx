import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { HydrateApart } from './hydrate-apart';
import { useRouteMeta } from './route-meta';

interface PageFrameProps {
  children?: ReactNode;
}

/** A page's content area inside the site's main landmark, headed by its route's heading. */
export function PageFrame({ children }: PageFrameProps) {
  const meta = useRouteMeta();
  return (
    <Box sx={{ p: '2rem 4%' }}>
      <Typography variant="h1" sx={{ mb: 3 }}>
        {meta?.heading ?? meta?.title}
      </Typography>
      <HydrateApart>{children}</HydrateApart>
    </Box>
  );
}
