import { useId } from 'react';
import type { GpuAd } from '@atelier/contracts';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { resizedImage } from '../../components/asset-image';
import { contentApi, useContent } from '../../store/content-api';
import { WidgetCard } from './widget-card';

const IMAGE = { w: 360, h: 180 } as const;

/**
 * The right column's sponsored card: the site's first GPU ad (content the owner manages, as on the
 * home page), linking to its feature page. Nothing while the content loads or when there is no ad.
 */
export function AdBlock() {
  const site = useContent(contentApi.site);
  const ad = site.status === 'ready' ? site.data.ads[0] : undefined;
  return ad ? <AdCard ad={ad} /> : null;
}

function AdCard({ ad }: { ad: GpuAd }) {
  const headingId = useId();
  return (
    <WidgetCard aria-labelledby={headingId}>
      <Typography id={headingId} variant="h5" component="h2" sx={{ color: 'neutral.dark', mb: '0.75rem' }}>
        Sponsored
      </Typography>
      <Link component={RouterLink} to={`/feature/${ad.slug}`} underline="none" sx={{ display: 'block', color: 'inherit' }}>
        <Box
          component="img"
          {...resizedImage(ad.image, { ...IMAGE, fit: 'crop' })}
          alt={ad.imageAlt}
          width={IMAGE.w}
          height={IMAGE.h}
          // Lazy: below 1000px the stylesheet hides the ad's column, and a hidden lazy picture is never fetched.
          loading="lazy"
          sx={{ display: 'block', width: '100%', height: 'auto', borderRadius: '0.75rem', mb: '0.75rem', bgcolor: 'background.default' }}
        />
        <Box sx={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', columnGap: '1rem' }}>
          <Typography sx={{ color: 'neutral.main', fontWeight: 500 }}>{ad.title}</Typography>
          <Typography sx={{ color: 'text.secondary' }}>{ad.domain}</Typography>
        </Box>
        <Typography variant="body2" sx={{ color: 'text.secondary', my: '0.5rem' }}>
          {ad.tagline}
        </Typography>
      </Link>
    </WidgetCard>
  );
}
