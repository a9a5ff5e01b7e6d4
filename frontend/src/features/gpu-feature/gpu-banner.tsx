import type { GpuAd } from '@atelier/contracts';
import OpenInNew from '@mui/icons-material/OpenInNew';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { resizedUrl } from '../../components/asset-image';
import { ExternalLink } from '../../components/external-link';
import { ShowcaseSurface, stretchedLinkSx } from '../../components/showcase-surface';
import { ShowcaseImage } from '../../components/showcase-image';

/** 2:1 sizes the image service makes; the browser picks one for the banner's width and pixel ratio. */
const SIZES = [
  { w: 360, h: 180 },
  { w: 680, h: 340 },
  { w: 1536, h: 768 },
] as const;
const BANNER_MAX_PX = 960;
const PAGE_SHARE = 0.92;


interface GpuBannerProps {
  /** Undefined while the site content is on its way: the banner's shape, with the page's title. */
  ad: GpuAd | undefined;
  title: string;
}

/** Spec: the GPU product page is a banner that opens the manufacturer's page in a new tab. */
export function GpuBanner({ ad, title }: GpuBannerProps) {
  return (
    <ShowcaseSurface component="article" flush sx={{ position: 'relative', maxWidth: BANNER_MAX_PX, mx: 'auto', overflow: 'hidden' }}>
      {ad ? (
        <ShowcaseImage
          src={resizedUrl(ad.image, { ...SIZES[1], fit: 'crop' })}
          srcSet={SIZES.map((size) => `${resizedUrl(ad.image, { ...size, fit: 'crop' })} ${size.w}w`).join(', ')}
          sizes={`(min-width: ${Math.ceil(BANNER_MAX_PX / PAGE_SHARE)}px) ${BANNER_MAX_PX}px, ${PAGE_SHARE * 100}vw`}
          alt={ad.imageAlt}
          width={SIZES[1].w}
          height={SIZES[1].h}
          sx={{ width: '100%', bgcolor: 'background.default' }}
        />
      ) : (
        <Skeleton variant="rectangular" sx={{ width: '100%', height: 'auto', aspectRatio: '2 / 1' }} />
      )}
      {/* New elements when the text arrives, not the placeholders' grown: nothing already shown moves. */}
      <Box key={ad ? 'ready' : 'loading'} sx={{ p: { xs: '1rem', md: '1.5rem 2rem 2rem' } }}>
        <Typography variant="h1">
          {ad ? (
            <ExternalLink href={ad.url} showIcon={false} underline="hover" sx={{ color: 'neutral.dark', ...stretchedLinkSx }}>
              {ad.title}
            </ExternalLink>
          ) : (
            title
          )}
        </Typography>
        <Typography sx={{ display: 'flex', alignItems: 'center', gap: '0.25rem', color: 'primary.main', mt: '0.5rem' }}>
          {ad ? ad.domain : <Skeleton width="8rem" />}
          {ad && <OpenInNew aria-hidden fontSize="small" />}
        </Typography>
        <Typography sx={{ fontSize: '1.25rem', fontWeight: 500, mt: '1rem' }}>{ad ? ad.tagline : <Skeleton />}</Typography>
        <Typography sx={{ mt: '0.75rem', color: 'text.secondary' }}>{ad ? ad.description : <Skeleton />}</Typography>
      </Box>
    </ShowcaseSurface>
  );
}
