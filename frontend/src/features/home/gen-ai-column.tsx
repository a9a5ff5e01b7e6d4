import { useId } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { resizedImage } from '../../components/asset-image';
import { contentApi, useContent } from '../../store/content-api';
import { ShowcaseImage } from '../../components/showcase-image';

/** How many gallery thumbnails the strip shows. */
export const GEN_AI_THUMBS = 6;
const THUMB = { w: 248, h: 248 } as const;

/** The wide home layout's strip of Gen AI gallery thumbnails; each opens the gallery. */
export function GenAiColumn() {
  const headingId = useId();
  const gallery = useContent(contentApi.gallery);
  // A gallery that cannot be loaded leaves the strip empty: the column is decoration, the gallery a click away.
  const items = gallery.status === 'ready' ? gallery.data.slice(0, GEN_AI_THUMBS) : [];

  return (
    <Box component="section" aria-labelledby={headingId} sx={{ minWidth: 0 }}>
      <Typography id={headingId} variant="h4" component="h2" sx={{ mb: '1rem' }}>
        <Link component={RouterLink} to="/gallery" underline="hover" sx={{ color: 'neutral.dark' }}>
          Gen AI
        </Link>
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: '1rem' }}>
        {gallery.status === 'loading' &&
          Array.from({ length: GEN_AI_THUMBS }, (_, index) => (
            <li key={index}>
              <Skeleton variant="rounded" sx={{ width: '100%', height: 'auto', aspectRatio: '1 / 1' }} />
            </li>
          ))}
        {items.map((item) => (
          <li key={item.id}>
            <Link component={RouterLink} to="/gallery" sx={{ display: 'block', borderRadius: '0.5rem' }}>
              <ShowcaseImage
                {...resizedImage(item.thumb, { ...THUMB, fit: 'crop' })}
                alt={`${item.title}, by ${item.author}`}
                width={THUMB.w}
                height={THUMB.h}
                // Lazy, so narrow screens, where the stylesheet hides the column, never fetch them.
                loading="lazy"
                sx={{ width: '100%', borderRadius: '0.5rem', bgcolor: 'bg.surface' }}
              />
            </Link>
          </li>
        ))}
      </Box>
    </Box>
  );
}
