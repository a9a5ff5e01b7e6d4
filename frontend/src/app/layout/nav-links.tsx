import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import type { SxProps, Theme } from '@mui/material/styles';
import { NavLink } from 'react-router-dom';
import type { NavItem } from './nav-items';

interface NavLinksProps {
  /** Accessible name of the navigation landmark. */
  label: string;
  items: readonly NavItem[];
  orientation: 'horizontal' | 'vertical';
  onNavigate?: () => void;
  /** Styles of the landmark itself, e.g. the widths at which it shows. */
  sx?: SxProps<Theme>;
}

export function NavLinks({ label, items, orientation, onNavigate, sx }: NavLinksProps) {
  const vertical = orientation === 'vertical';
  return (
    <Box component="nav" aria-label={label} sx={sx}>
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          display: 'flex',
          flexDirection: vertical ? 'column' : 'row',
          flexWrap: 'wrap',
          // Between 1000 and 1280px the six links must share one row with the logo and the toggle,
          // in the fallback font too (a visitor whose fonts came late: theme/font-faces.ts).
          columnGap: { xs: '1.5rem', lg: '0.75rem', xl: '1.5rem' },
          rowGap: vertical ? 0 : 0.5,
        }}
      >
        {items.map((item) => (
          <li key={item.to}>
            <Link
              component={NavLink}
              to={item.to}
              onClick={onNavigate}
              underline="none"
              sx={{
                display: 'block',
                py: vertical ? 1 : 0.5,
                fontSize: vertical ? '1.1rem' : { xs: '0.95rem', lg: '0.875rem', xl: '0.95rem' },
                fontWeight: 500,
                whiteSpace: 'nowrap',
                color: 'neutral.dark',
                '&:hover, &.active': { color: 'primary.main' },
              }}
            >
              {item.label}
            </Link>
          </li>
        ))}
      </Box>
    </Box>
  );
}
