import { lazy, Suspense, useCallback } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';
import { PageFrame } from '../../components/page-frame';
import { useLive } from '../../components/use-live';

// Only this page plays media: the player's code (and the per-source players it loads on demand) stays
// out of every other page's download, in chunks under the site's own /static/.
const ReactPlayer = lazy(() => import('react-player'));

/** docs/requirements/public-pages.md#restricted-pages: the media player's default size; narrower screens scale it down keeping 16:9. */
export const PLAYER_WIDTH = 640;
export const PLAYER_HEIGHT = 360;

export const SAMPLE_CLIP = '/assets/projects/vid/sample-clip.webm';
export const SAMPLE_POSTER = '/assets/projects/vid/sample-clip.jpg';

const playerBox = {
  width: PLAYER_WIDTH,
  maxWidth: '100%',
  height: 'auto',
  aspectRatio: `${PLAYER_WIDTH} / ${PLAYER_HEIGHT}`,
} as const;

const Poster = styled('img')({ display: 'block', width: '100%', height: '100%', objectFit: 'cover' });

/**
 * /ll1l1l1ll/test: react-player on a short clip the project renders itself. The server's page shows
 * the clip's poster in the player's place (the player is the browser's), so the page paints at once.
 */
export default function VideoPlayerPage() {
  const live = useLive();
  const poster = <Poster src={SAMPLE_POSTER} alt="" width={PLAYER_WIDTH} height={PLAYER_HEIGHT} fetchPriority="high" />;
  // react-player passes no poster through to its <video>; the ref it forwards is that element.
  const showPoster = useCallback((video: HTMLVideoElement | null) => {
    if (video) video.poster = SAMPLE_POSTER;
  }, []);

  return (
    <PageFrame>
      <Typography sx={{ color: 'neutral.main', maxWidth: '48rem', mb: 3 }}>
        A test of the site&apos;s media player on a short sample clip rendered by the project itself.
      </Typography>
      <Box sx={{ ...playerBox, bgcolor: 'common.black' }}>
        {live ? (
          <Suspense fallback={poster}>
            <ReactPlayer
              ref={showPoster}
              src={SAMPLE_CLIP}
              controls
              preload="metadata"
              playsInline
              width="100%"
              height="100%"
            />
          </Suspense>
        ) : (
          poster
        )}
      </Box>
    </PageFrame>
  );
}
