import { useEffect, useId, useRef } from 'react';
import type { GalleryItem } from '@atelier/contracts';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';
import Close from '@mui/icons-material/Close';

/** Room the picture leaves for the caption under it and a margin all round. */
const CAPTION_ROOM = '5.5rem';
const SIDE_ROOM = '1rem';

const Picture = styled('img')({ display: 'block', height: 'auto', cursor: 'zoom-out' });
const Clip = styled('video')({ display: 'block', height: 'auto', backgroundColor: 'black' });

interface GalleryViewerProps {
  /** The picture shown; kept while the viewer fades out after closing. */
  item: GalleryItem | null;
  open: boolean;
  onClose: () => void;
}

/**
 * Takes focus as the viewer opens. An effect rather than `autoFocus`: the dialog's focus trap runs its
 * own effect after this one (it is an ancestor) and leaves focus where it finds it inside, and the effect
 * also runs again when React's development mode remounts the viewer to test it.
 */
function CloseButton({ onClose }: { onClose: () => void }) {
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => button.current?.focus(), []);
  return (
    <IconButton
      ref={button}
      aria-label="Close"
      onClick={onClose}
      sx={{
        position: 'fixed',
        top: '0.5rem',
        right: '0.5rem',
        zIndex: 1,
        color: 'common.white',
        bgcolor: 'rgba(0, 0, 0, 0.6)',
        '&:hover': { bgcolor: 'rgba(255, 255, 255, 0.2)' },
        '&.Mui-focusVisible': { outline: '2px solid', outlineColor: 'primary.main' },
      }}
    >
      <Close />
    </IconButton>
  );
}

/**
 * The full-screen viewer (spec: black overlay at 0.9 opacity, closes on a click on the picture, the
 * close button, Escape or the backdrop); a video item plays in it. MUI's Dialog traps focus while it is open and gives it back to
 * the thumbnail that opened it when it closes.
 */
export function GalleryViewer({ item, open, onClose }: GalleryViewerProps) {
  const titleId = useId();
  if (!item) return null;
  const { width, height } = item;
  // As large as fits the screen with its caption, never larger than the picture itself, and sized
  // before it loads (so the caption does not jump).
  const fitted = {
    width: `min(${width}px, calc(100vw - ${SIDE_ROOM}), calc((100vh - ${CAPTION_ROOM}) * ${width / height}))`,
    aspectRatio: `${width} / ${height}`,
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      maxWidth={false}
      slotProps={{
        backdrop: { sx: { backgroundColor: 'bg.overlay' } },
        paper: {
          sx: {
            m: 0,
            maxWidth: 'none',
            maxHeight: 'none',
            overflow: 'visible',
            bgcolor: 'common.black',
            // The dark theme lightens raised paper; the picture sits on plain black.
            backgroundImage: 'none',
          },
        },
      }}
    >
      <CloseButton onClose={onClose} />
      {item.video ? (
        // Plays at once (opening it was the visitor's click); a click on it pauses, as on any player,
        // so the close button, Escape and the backdrop close it.
        <Clip
          src={item.video}
          poster={item.img}
          aria-label={`${item.title} video by ${item.author}`}
          width={width}
          height={height}
          controls
          autoPlay
          playsInline
          style={fitted}
        />
      ) : (
        <Picture
          src={item.img}
          alt={`${item.title} image by ${item.author}, full size`}
          width={width}
          height={height}
          onClick={onClose}
          style={fitted}
        />
      )}
      <Box sx={{ px: 1.5, py: 1, color: 'common.white', textAlign: 'center' }}>
        <Typography id={titleId} component="h2" variant="subtitle1" sx={{ fontWeight: 500, lineHeight: 1.3 }}>
          {item.title}
        </Typography>
        <Typography variant="body2" sx={{ color: 'grey.400' }}>
          by: {item.author}
        </Typography>
      </Box>
    </Dialog>
  );
}
