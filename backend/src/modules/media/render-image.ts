import sharp from 'sharp';

/** What a request asks for, normalised: `crop` is `cover` (centred), so both share one cached file. */
export interface ImageTransform {
  width: number;
  height?: number;
  fit: 'cover' | 'contain' | 'inside';
  dpr: number;
  autoFormat: boolean;
}

export type ImageFormat = 'avif' | 'webp' | 'jpeg' | 'png';

/** One render: the source file, the transform and the output format. */
export interface RenderJob {
  file: string;
  transform: ImageTransform;
  format: ImageFormat;
}

/** Decompression bombs: a small file may claim a huge canvas; refuse before decoding it. */
const MAX_INPUT_PIXELS = 40_000_000;

/**
 * Renders one transform with sharp; never larger than the source (`withoutEnlargement`). Runs in a
 * render process (render-processes.ts), which is killed when nobody waits for the result any more.
 */
export async function renderImage({ file, transform, format }: RenderJob): Promise<Buffer> {
  const image = sharp(file, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', sequentialRead: true })
    .rotate() // applies the EXIF orientation; the output carries no metadata
    .resize({
      width: transform.width * transform.dpr,
      height: transform.height === undefined ? undefined : transform.height * transform.dpr,
      fit: transform.fit,
      position: 'centre',
      withoutEnlargement: true,
    });
  switch (format) {
    case 'avif':
      return image.avif({ quality: 50, effort: 3 }).toBuffer();
    case 'webp':
      return image.webp({ quality: 80 }).toBuffer();
    case 'jpeg':
      return image.jpeg({ quality: 82, mozjpeg: true }).toBuffer();
    case 'png':
      return image.png({ compressionLevel: 9, adaptiveFiltering: true }).toBuffer();
  }
}
