import type { ProjectBlock } from '@atelier/contracts';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { widthSrcSet } from '../../components/asset-image';
import { ShowcaseImage, ShowcaseVideo } from '../../components/showcase-image';

type GalleryBlock = Extract<ProjectBlock, { kind: 'gallery' }>;
type GalleryItem = GalleryBlock['items'][number];

const isVideo = (src: string) => /\.(webm|mp4)$/i.test(src);

/** A picture's box before it loads: its own shape when the owner's upload gave it, else 4:3. */
const FALLBACK = { width: 1024, height: 768 } as const;

/** Two columns from 600px: each picture is at most half of a 64rem page. */
const SIZES = '(min-width: 600px) 496px, 92vw';

function GalleryItemView({ item }: { item: GalleryItem }) {
  const width = item.width ?? FALLBACK.width;
  const height = item.height ?? FALLBACK.height;
  return (
    <Box component="figure" sx={{ m: 0, minWidth: 0 }}>
      {isVideo(item.src) ? (
        <ShowcaseVideo
          controls
          preload="none"
          poster={item.poster}
          src={item.src}
          width={640}
          height={360}
          sx={{ width: '100%', aspectRatio: '16 / 9', borderRadius: '0.5rem', bgcolor: '#000' }}
        />
      ) : (
        <ShowcaseImage
          src={item.src}
          srcSet={widthSrcSet(item.src, [496, 1024])}
          sizes={SIZES}
          alt={item.caption ?? ''}
          width={width}
          height={height}
          loading="lazy"
          sx={{ width: '100%', borderRadius: '0.5rem', bgcolor: 'bg.surface' }}
        />
      )}
      {item.caption && (
        <Typography component="figcaption" variant="body2" sx={{ mt: '0.5rem', color: 'text.secondary' }}>
          {item.caption}
        </Typography>
      )}
    </Box>
  );
}

/** A project's pictures and videos, in the owner's order. */
export function ProjectGallery({ items }: { items: GalleryItem[] }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' }, gap: '1.5rem' }}>
      {items.map((item) => (
        <GalleryItemView key={item.src} item={item} />
      ))}
    </Box>
  );
}
