import type { ProjectBlock } from '@atelier/contracts';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { ShowcaseVideo } from '../../components/showcase-image';

type VideosBlock = Extract<ProjectBlock, { kind: 'videos' }>;

/** At most 640px wide, 16:9 until the video's own size is known. */
const VIDEO = { width: 640, height: 360 } as const;

export function ProjectVideos({ videos }: { videos: VideosBlock['videos'] }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: '1.5rem' }}>
      {videos.map((video) => (
        <Box component="figure" key={video.src} sx={{ m: 0, width: VIDEO.width, maxWidth: '100%' }}>
          <ShowcaseVideo
            controls
            preload="metadata"
            poster={video.poster}
            src={video.src}
            width={VIDEO.width}
            height={VIDEO.height}
            sx={{ width: '100%', aspectRatio: '16 / 9', borderRadius: '0.5rem', bgcolor: '#000' }}
          />
          <Typography component="figcaption" variant="body2" sx={{ mt: '0.5rem', color: 'text.secondary' }}>
            {video.caption}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
