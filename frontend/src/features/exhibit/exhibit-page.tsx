import type { ExhibitItem } from '@atelier/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import { styled } from '@mui/material/styles';
import { resizedUrl } from '../../components/asset-image';
import { PageFrame } from '../../components/page-frame';
import { contentApi, useContent } from '../../store/content-api';

/** The exhibit's column: pictures are shown at most this wide (one of the server's resize widths). */
const COLUMN_PX = 768;
/** PageFrame pads the page by 4% on each side, so below 768px + padding a picture is 92vw wide. */
const SIZES = `(min-width: ${Math.ceil(COLUMN_PX / 0.92)}px) ${COLUMN_PX}px, 92vw`;

// Box would read width and height as style props, not as the attributes that reserve the room.
const Picture = styled('img')(({ theme }) => ({
  display: 'block',
  width: '100%',
  height: 'auto',
  borderRadius: '0.5rem',
  backgroundColor: theme.palette.bg.surface,
}));

/**
 * Candidates the browser picks from by the room the picture gets (`sizes`) and the screen's pixel
 * density: a phone's column, the full column, and the full column at 2x.
 */
function exhibitSources(path: string) {
  return {
    src: resizedUrl(path, { w: COLUMN_PX }),
    srcSet: [
      `${resizedUrl(path, { w: 360 })} 360w`,
      `${resizedUrl(path, { w: COLUMN_PX })} ${COLUMN_PX}w`,
      `${resizedUrl(path, { w: COLUMN_PX }, 2)} ${COLUMN_PX * 2}w`,
    ].join(', '),
  };
}

function ExhibitEntry({ item, position, total }: { item: ExhibitItem; position: number; total: number }) {
  const { src, srcSet } = exhibitSources(item.picturePath);
  const first = position === 1;
  return (
    <Box component="li" sx={{ mb: 4 }}>
      <Box component="figure" sx={{ m: 0 }}>
        <Picture
          src={src}
          srcSet={srcSet}
          sizes={SIZES}
          alt={`Exhibit picture ${position} of ${total}, made with ${item.model}`}
          width={item.width}
          height={item.height}
          // The first picture is the page's largest paint; the rest wait until they are scrolled near.
          loading={first ? 'eager' : 'lazy'}
          fetchPriority={first ? 'high' : 'auto'}
          decoding="async"
        />
        <Box component="figcaption" sx={{ mt: 1 }}>
          <Chip size="small" variant="outlined" color="primary" label={item.model} />
        </Box>
      </Box>
    </Box>
  );
}

/** The exhibit: the full pictures one under another, each tagged with the model that made it. */
export default function ExhibitPage() {
  const exhibit = useContent(contentApi.exhibit);
  return (
    <PageFrame>
      <Box sx={{ maxWidth: COLUMN_PX }}>
        {exhibit.status === 'loading' && (
          <Box role="status" aria-label="Loading the exhibit">
            <Skeleton variant="rounded" sx={{ width: '100%', height: 'auto', aspectRatio: '1 / 1' }} />
          </Box>
        )}
        {exhibit.status === 'error' && (
          <Alert severity="error">The exhibit could not be loaded. Please reload the page to try again.</Alert>
        )}
        {exhibit.status === 'ready' && (
          <Box component="ol" aria-label="Exhibit" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {exhibit.data.map((item, index) => (
              <ExhibitEntry key={item.id} item={item} position={index + 1} total={exhibit.data.length} />
            ))}
          </Box>
        )}
      </Box>
    </PageFrame>
  );
}
