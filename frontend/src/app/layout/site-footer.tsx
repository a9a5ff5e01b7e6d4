import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { FOOTER_NARROW_NAV_ITEMS, NAV_ITEMS } from './nav-items';
import { NavLinks } from './nav-links';
import { useSiteSettings } from '../../store/site-settings';
import { SiteLogo } from './site-logo';

/** The footer's © line: the owner's name and year (2025 as seeded, docs/requirements/public-pages.md#navigation), or this year when they say so. */
function Copyright() {
  const { footer } = useSiteSettings();
  const year = footer.year === 'current' ? new Date().getFullYear() : footer.year;
  return (
    <Typography variant="body2" sx={{ color: 'neutral.main' }}>
      © {year} {footer.name}
    </Typography>
  );
}

export function SiteFooter() {
  return (
    <Box
      component="footer"
      sx={{
        display: 'flex',
        flexDirection: 'column',
        gap: 2,
        p: '1rem 4%',
        bgcolor: 'background.alt',
        borderTop: 1,
        borderColor: 'divider',
      }}
    >
      <Box
        sx={{
          display: 'flex',
          flexDirection: { xs: 'column', lg: 'row' },
          alignItems: { xs: 'flex-start', lg: 'center' },
          justifyContent: 'space-between',
          gap: 2,
        }}
      >
        <SiteLogo href="/#" />
        {/* Both menus are in the markup and the stylesheet shows one: the wide row from 1000px, the list below. */}
        <NavLinks label="Footer" items={NAV_ITEMS} orientation="horizontal" sx={{ display: { xs: 'none', lg: 'block' } }} />
        <NavLinks label="Footer" items={FOOTER_NARROW_NAV_ITEMS} orientation="vertical" sx={{ display: { lg: 'none' } }} />
      </Box>
      <Copyright />
    </Box>
  );
}
