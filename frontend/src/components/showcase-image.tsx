import { styled } from '@mui/material/styles';

/**
 * An <img> that keeps its `width` and `height` attributes (MUI's Box would turn them into CSS) and
 * holds their shape whatever the file's own: the browser reserves the box before the picture loads,
 * so nothing below it moves, and a picture of another shape is cropped to fit rather than stretched.
 */
export const ShowcaseImage = styled('img')(({ width, height }) => ({
  display: 'block',
  maxWidth: '100%',
  height: 'auto',
  objectFit: 'cover',
  aspectRatio: width && height ? `${width} / ${height}` : undefined,
}));

/** A <video> that keeps its `width` and `height` attributes, for the same reason. */
export const ShowcaseVideo = styled('video')({ display: 'block', maxWidth: '100%', height: 'auto' });
