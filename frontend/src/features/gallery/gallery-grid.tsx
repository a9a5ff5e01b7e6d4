import type { MouseEvent, ReactNode } from 'react';
import { IMAGE_WIDTHS, type GalleryItem } from '@atelier/contracts';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import PlayCircleOutline from '@mui/icons-material/PlayCircleOutline';
import { styled } from '@mui/material/styles';
import { resizedUrl } from '../../components/asset-image';

/** Spec: gallery thumbnails are 248px, cropped square (the `src`; screens pick from the srcset). */
export const THUMB_PX = 248;
/** The thumbnails the seed and uploads store are this wide; larger tiles are cut from the picture itself. */
const THUMB_FILE_PX = 496;
const PLACEHOLDER_TILES = 12;
/** The first screen's tiles (a desktop row, three phone rows): fetched at once, not lazily. */
const FIRST_SCREEN_TILES = 6;
/** The largest pictures of a phone's first screen: fetched before anything else. */
const LEADING_TILES = 2;

// A plain <img>: Box would read width and height as style props rather than the attributes that reserve
// the picture's room before it loads.
const Thumb = styled('img')({ display: 'block', width: '100%', height: 'auto', aspectRatio: '1 / 1', objectFit: 'cover' });

/** docs/requirements/public-pages.md#gallery: 6 columns from the 1000px desktop breakpoint (lg), 2 below it; tiles fill the rows in order. */
const columns = { xs: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(6, minmax(0, 1fr))' };
const gaps = { xs: '1rem', lg: '1.25rem' };
/**
 * How wide a tile shows, for the browser's pick from the srcset: the page's 92% (PageFrame's 4%
 * padding each side) less the gaps, shared by the columns. From 360 CSS px at 800 px wide to 137 px
 * at 1000 px: one fixed picture is blurry at one end or wasteful at the other.
 */
const TILE_SIZES = `(min-width: 1000px) calc((92vw - 5 * ${gaps.lg}) / 6), calc((92vw - ${gaps.xs}) / 2)`;

/** Square crops of the picture at every width the server makes that it can fill without enlarging. */
function tileSrcSet(item: GalleryItem): string {
  const side = Math.min(item.width, item.height);
  // A picture's thumbnail is a square file of its own; a video's is its poster, the picture itself.
  const thumbSide = item.video ? side : THUMB_FILE_PX;
  return IMAGE_WIDTHS.filter((w) => w <= Math.max(side, thumbSide))
    .map((w) => `${resizedUrl(w <= thumbSide ? item.thumb : item.img, { w, h: w, fit: 'crop' })} ${w}w`)
    .join(', ');
}

/** Marks a video's tile: a play symbol on its poster. */
function PlayMark() {
  return (
    <Box
      aria-hidden
      sx={{
        position: 'absolute',
        inset: 0,
        display: 'grid',
        placeItems: 'center',
        color: 'common.white',
        pointerEvents: 'none',
        '& svg': { fontSize: '3rem', filter: 'drop-shadow(0 1px 4px rgba(0, 0, 0, 0.7))' },
      }}
    >
      <PlayCircleOutline />
    </Box>
  );
}

function Grid({ children, ...rest }: { children: ReactNode; 'aria-label'?: string; role?: string }) {
  return (
    <Box
      component="ul"
      {...rest}
      sx={{
        listStyle: 'none',
        m: 0,
        p: 0,
        display: 'grid',
        gridTemplateColumns: columns,
        gap: gaps,
      }}
    >
      {children}
    </Box>
  );
}

interface GalleryGridProps {
  items: GalleryItem[];
  /** Opens the viewer; the thumbnail's button gets focus back when it closes. */
  onOpen: (item: GalleryItem) => void;
}

export function GalleryGrid({ items, onOpen }: GalleryGridProps) {
  return (
    <Grid aria-label="Gallery">
      {items.map((item, index) => (
        <GalleryTile
          key={item.id}
          item={item}
          position={`${index + 1} of ${items.length}`}
          load={index < LEADING_TILES ? 'first' : index < FIRST_SCREEN_TILES ? 'eager' : 'lazy'}
          onOpen={(event) => {
            // Safari does not focus a button on click; the viewer hands focus back to what had it.
            event.currentTarget.focus();
            onOpen(item);
          }}
        />
      ))}
    </Grid>
  );
}

interface GalleryTileProps {
  item: GalleryItem;
  position: string;
  /** How soon the thumbnail is fetched: first (high priority), eager, or lazy (near the viewport). */
  load: 'first' | 'eager' | 'lazy';
  onOpen: (event: MouseEvent<HTMLButtonElement>) => void;
}

function GalleryTile({ item, position, load, onOpen }: GalleryTileProps) {
  return (
    <Box component="li" sx={{ minWidth: 0 }}>
      <ButtonBase
        aria-label={`${item.title} by ${item.author}, ${item.video ? 'video' : 'image'} ${position}: ${item.video ? 'play' : 'view full size'}`}
        aria-haspopup="dialog"
        onClick={onOpen}
        sx={{
          display: 'block',
          position: 'relative',
          width: '100%',
          borderRadius: '0.5rem',
          overflow: 'hidden',
          bgcolor: 'bg.surface',
          '&.Mui-focusVisible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: '2px' },
          '& img': { transition: 'transform 200ms ease-out' },
          '&:hover img': { transform: 'scale(1.04)' },
        }}
      >
        <Thumb
          src={resizedUrl(item.thumb, { w: THUMB_PX, h: THUMB_PX, fit: 'crop' })}
          srcSet={tileSrcSet(item)}
          sizes={TILE_SIZES}
          // Named by the button around it.
          alt=""
          width={THUMB_PX}
          height={THUMB_PX}
          loading={load === 'lazy' ? 'lazy' : 'eager'}
          fetchPriority={load === 'first' ? 'high' : 'auto'}
          decoding="async"
        />
        {item.video && <PlayMark />}
      </ButtonBase>
      {/* Wrapped, never cut: six tiles a row leave 137 px at 1000 px wide. */}
      <Typography component="p" variant="subtitle2" sx={{ mt: 0.75, fontWeight: 500, overflowWrap: 'anywhere' }}>
        {item.title}
      </Typography>
      <Typography variant="body2" sx={{ color: 'neutral.main', overflowWrap: 'anywhere' }}>
        by: {item.author}
      </Typography>
    </Box>
  );
}

/** The grid's shape while the items load, so the page does not jump when they arrive. */
export function GalleryGridSkeleton() {
  return (
    <Box role="status" aria-label="Loading the gallery">
      <Grid>
        {Array.from({ length: PLACEHOLDER_TILES }, (_, index) => (
          <Box component="li" key={index} aria-hidden>
            <Skeleton variant="rounded" sx={{ width: '100%', height: 'auto', aspectRatio: '1 / 1' }} />
            <Skeleton variant="text" sx={{ mt: 0.75, width: '70%' }} />
            <Skeleton variant="text" sx={{ width: '45%' }} />
          </Box>
        ))}
      </Grid>
    </Box>
  );
}
