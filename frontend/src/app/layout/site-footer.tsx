import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useMediaUp } from '../../theme/use-media-up';
import { FOOTER_NARROW_NAV_ITEMS, NAV_ITEMS } from './nav-items';
import { NavLinks } from './nav-links';
import { SITE_NAME, SiteLogo } from './site-logo';

// The spec fixes the copyright year.
const COPYRIGHT_YEAR = 2025;

export function SiteFooter() {
  const isDesktop = useMediaUp('lg');
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
          flexDirection: isDesktop ? 'row' : 'column',
          alignItems: isDesktop ? 'center' : 'flex-start',
          justifyContent: 'space-between',
          gap: 2,
        }}
      >
        <SiteLogo href="/#" />
        <NavLinks
          label="Footer"
          items={isDesktop ? NAV_ITEMS : FOOTER_NARROW_NAV_ITEMS}
          orientation={isDesktop ? 'horizontal' : 'vertical'}
        />
      </Box>
      <Typography variant="body2" sx={{ color: 'neutral.main' }}>
        © {COPYRIGHT_YEAR} {SITE_NAME}
      </Typography>
    </Box>
  );
}
