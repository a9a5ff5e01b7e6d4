import { lazy, Suspense, useState } from 'react';
import MenuIcon from '@mui/icons-material/Menu';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { selectIsSignedIn } from '../../store/session-selectors';
import { useAppSelector } from '../../store/store-hooks';
import { useMediaUp } from '../../theme/use-media-up';
import { NAV_ITEMS } from './nav-items';
import { NavLinks } from './nav-links';
import { NAV_PANEL_ID } from './nav-panel-id';
import { SiteLogo } from './site-logo';
import { ThemeToggle } from './theme-toggle';
import { UserMenu } from './user-menu';

// Narrow screens only: the chunk loads when the hamburger appears, before anyone taps it.
const NavPanel = lazy(() => import('./nav-panel'));

// A member's name does not fit beside the six links, so for members the menu gets its own row.
const layouts = {
  narrow: '"logo . actions"',
  desktop: '"logo nav actions"',
  desktopMember: '"logo . actions" "nav nav nav"',
};

export function SiteHeader() {
  const isDesktop = useMediaUp('lg');
  const signedIn = useAppSelector(selectIsSignedIn);
  const [panelOpen, setPanelOpen] = useState(false);
  const layout = !isDesktop ? layouts.narrow : signedIn ? layouts.desktopMember : layouts.desktop;

  return (
    <Box
      component="header"
      sx={{
        display: 'grid',
        gridTemplateColumns: 'auto 1fr auto',
        gridTemplateAreas: layout,
        alignItems: 'center',
        columnGap: 2,
        rowGap: 1,
        p: '1rem 4%',
        bgcolor: 'background.alt',
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Box sx={{ gridArea: 'logo' }}>
        <SiteLogo href="/" />
      </Box>
      {isDesktop && (
        <Box sx={{ gridArea: 'nav', justifySelf: signedIn ? 'start' : 'center' }}>
          <NavLinks label="Main" items={NAV_ITEMS} orientation="horizontal" />
        </Box>
      )}
      <Box sx={{ gridArea: 'actions', display: 'flex', alignItems: 'center', gap: 1 }}>
        <ThemeToggle />
        {isDesktop ? (
          <UserMenu />
        ) : (
          <IconButton
            aria-label="open menu"
            aria-controls={NAV_PANEL_ID}
            aria-expanded={panelOpen}
            onClick={() => setPanelOpen(true)}
            sx={{ color: 'neutral.dark' }}
          >
            <MenuIcon />
          </IconButton>
        )}
      </Box>
      {!isDesktop && (
        <Suspense fallback={null}>
          <NavPanel open={panelOpen} onClose={() => setPanelOpen(false)} />
        </Suspense>
      )}
    </Box>
  );
}
