import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import MenuIcon from '@mui/icons-material/Menu';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { selectIsSignedIn } from '../../store/session-selectors';
import { useAppSelector } from '../../store/store-hooks';
import { NAV_ITEMS } from './nav-items';
import { NavLinks } from './nav-links';
import { NAV_PANEL_ID } from './nav-panel-id';
import { SiteLogo } from './site-logo';
import { ThemeToggle } from './theme-toggle';
import { UserMenu } from './user-menu';

const loadNavPanel = () => import('./nav-panel');
const NavPanel = lazy(loadNavPanel);

// Every width gets the same markup and the stylesheet shows one menu: the links from 1000px (lg),
// the hamburger below. A member's name does not fit beside the six links, so for members the
// links get their own row.
const areas = {
  narrow: '"logo . actions"',
  desktop: '"logo nav actions"',
  desktopMember: '"logo . actions" "nav nav nav"',
};

export function SiteHeader() {
  const signedIn = useAppSelector(selectIsSignedIn);
  const [panelOpen, setPanelOpen] = useState(false);
  // The panel mounts on the first open and stays for its closing slide; until then it is not even loaded.
  const [panelWanted, setPanelWanted] = useState(false);
  const hamburger = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    // Where the stylesheet shows the hamburger, its panel's chunk loads before anyone taps it, once
    // the page is idle: asking for a chunk and its imports is a few milliseconds of main-thread work
    // (a link per file), which would otherwise lengthen the hydration's last task.
    if (!hamburger.current?.getClientRects().length) return undefined;
    const preload = () => void loadNavPanel();
    if (typeof requestIdleCallback !== 'function') {
      const timer = setTimeout(preload, 0);
      return () => clearTimeout(timer);
    }
    const idle = requestIdleCallback(preload, { timeout: 2000 });
    return () => cancelIdleCallback(idle);
  }, []);

  return (
    <Box
      component="header"
      sx={{
        display: 'grid',
        gridTemplateColumns: 'auto 1fr auto',
        gridTemplateAreas: { xs: areas.narrow, lg: signedIn ? areas.desktopMember : areas.desktop },
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
      <NavLinks
        label="Main"
        items={NAV_ITEMS}
        orientation="horizontal"
        sx={{ display: { xs: 'none', lg: 'block' }, gridArea: 'nav', justifySelf: signedIn ? 'start' : 'center' }}
      />
      <Box sx={{ gridArea: 'actions', display: 'flex', alignItems: 'center', gap: 1 }}>
        <ThemeToggle />
        {/* Narrow screens have the member's menu in the panel. */}
        {signedIn && (
          <Box sx={{ display: { xs: 'none', lg: 'flex' } }}>
            <UserMenu />
          </Box>
        )}
        <IconButton
          ref={hamburger}
          aria-label="open menu"
          aria-controls={NAV_PANEL_ID}
          aria-expanded={panelOpen}
          onClick={() => {
            setPanelWanted(true);
            setPanelOpen(true);
          }}
          sx={{ display: { lg: 'none' }, color: 'neutral.dark' }}
        >
          <MenuIcon />
        </IconButton>
      </Box>
      {panelWanted && (
        <Suspense fallback={null}>
          <NavPanel open={panelOpen} onClose={() => setPanelOpen(false)} />
        </Suspense>
      )}
    </Box>
  );
}
