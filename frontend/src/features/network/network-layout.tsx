import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useRouteMeta } from '../../components/route-meta';
import { FriendToggleFailure } from './friend-toggle-failure';

/** Column widths of the original layout on wide screens (>= 1000px), in % of the page's width. */
export const COLUMN = { side: 26, centre: 42 } as const;

const GAP_REM = 2;

interface NetworkColumn {
  width: number;
  content: ReactNode;
  /** Shown from 1000px only; narrow screens have no room for it. */
  wideOnly?: boolean;
}

interface NetworkLayoutProps {
  /** One entry per column, left to right; on narrow screens they stack in this order. */
  columns: NetworkColumn[];
}

/** The Matrix Network pages' frame: the route's heading, then side by side columns from 1000px (lg). */
export function NetworkLayout({ columns }: NetworkLayoutProps) {
  const meta = useRouteMeta();
  const total = columns.reduce((sum, column) => sum + column.width, 0);
  // The columns and the heading above them share one centred block: the columns' widths plus the gaps
  // (never more than the page). Inside it each column grows in proportion to its width, which gives
  // it exactly its share of the page, or a proportional part of it when the gaps do not fit.
  const blockWidth = `min(100%, calc(${total}% + ${GAP_REM * (columns.length - 1)}rem))`;

  return (
    <Box sx={{ p: { xs: '1.5rem 4%', lg: '2rem 6%' } }}>
      <Box sx={{ width: { lg: blockWidth }, mx: 'auto' }}>
        <Typography variant="h1" sx={{ mb: '1.5rem' }}>
          {meta?.heading ?? meta?.title}
        </Typography>
        <Box
          sx={{
            display: 'flex',
            flexDirection: { xs: 'column', lg: 'row' },
            alignItems: { xs: 'stretch', lg: 'flex-start' },
            gap: `${GAP_REM}rem`,
          }}
        >
          {columns.map(({ width, content, wideOnly = false }, index) => (
            <Box
              key={index}
              sx={{
                flex: { lg: `${width} 1 0` },
                minWidth: 0,
                display: wideOnly ? { xs: 'none', lg: 'flex' } : 'flex',
                flexDirection: 'column',
                gap: '2rem',
              }}
            >
              {content}
            </Box>
          ))}
        </Box>
      </Box>
      <FriendToggleFailure />
    </Box>
  );
}
