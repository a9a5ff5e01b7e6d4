import { useId } from 'react';
import type { GpuAd } from '@atelier/contracts';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { resizedImage } from '../../components/asset-image';
import { ShowcaseSurface, stretchedLinkSx } from '../../components/showcase-surface';
import { ShowcaseImage } from '../../components/showcase-image';

const IMAGE = { w: 360, h: 180 } as const;

/** The two sponsored GPU cards; each opens its feature page. */
export function GpuAdCards({ ads }: { ads: GpuAd[] }) {
  const headingId = useId();
  return (
    <ShowcaseSurface aria-labelledby={headingId}>
      <Typography id={headingId} variant="h4" component="h2" sx={{ mb: '1rem' }}>
        Sponsored
      </Typography>
      <Box sx={{ display: 'grid', gap: '1.25rem' }}>
        {ads.map((ad) => (
          <Box component="article" key={ad.slug} sx={{ position: 'relative', borderRadius: '0.5rem' }}>
            <ShowcaseImage
              {...resizedImage(ad.image, { ...IMAGE, fit: 'crop' })}
              alt={ad.imageAlt}
              width={IMAGE.w}
              height={IMAGE.h}
              loading="lazy"
              sx={{ width: '100%', borderRadius: '0.5rem', mb: '0.5rem', bgcolor: 'background.default' }}
            />
            <Typography variant="h5" component="h3">
              <Link component={RouterLink} to={`/feature/${ad.slug}`} underline="hover" sx={{ color: 'neutral.dark', ...stretchedLinkSx }}>
                {ad.title}
              </Link>
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {ad.domain}
            </Typography>
            <Typography variant="body2" sx={{ mt: '0.25rem' }}>
              {ad.tagline}
            </Typography>
          </Box>
        ))}
      </Box>
    </ShowcaseSurface>
  );
}
