import sharp from 'sharp';
import { AppError } from '../../common/errors/app-error';

/** The parts of a multer file the app reads; the client's name is checked, never used as a path. */
export interface UploadedPicture {
  originalname: string;
  size: number;
  buffer: Buffer;
}

export interface EncodedImage {
  buffer: Buffer;
  extension: 'jpg' | 'png';
  width: number;
  height: number;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_SIGNATURE = Buffer.from([0xff, 0xd8, 0xff]);

/** Decompression bombs: a small file may claim a huge canvas; refuse before decoding it. */
const MAX_INPUT_PIXELS = 40_000_000;

/** Sniffs the real format from the first bytes; the name and the MIME header prove nothing. */
export function sniffImageFormat(buffer: Buffer): 'png' | 'jpeg' | null {
  if (buffer.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)) return 'png';
  if (buffer.subarray(0, JPEG_SIGNATURE.length).equals(JPEG_SIGNATURE)) return 'jpeg';
  return null;
}

/**
 * Checks a picture by content and re-encodes it: applies the EXIF orientation, fits it within
 * `maxSide`, and writes a new file without metadata. Re-encoding also defeats polyglot files
 * (an image that is also a script), since only decoded pixels survive.
 */
export async function encodeUploadedImage(file: UploadedPicture, field: string, maxSide: number): Promise<EncodedImage> {
  const format = sniffImageFormat(file.buffer);
  if (!format) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', `The ${field} must be a JPEG or PNG image`, [
      { field, message: 'must be a .jpg, .jpeg or .png image' },
    ]);
  }
  try {
    const image = sharp(file.buffer, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true });
    const encoded =
      format === 'png'
        ? image.png({ compressionLevel: 9, adaptiveFiltering: true })
        : image.jpeg({ quality: 85, mozjpeg: true });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { buffer: data, extension: format === 'png' ? 'png' : 'jpg', width: info.width, height: info.height };
  } catch {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', `The ${field} could not be read as an image`, [
      { field, message: 'is damaged or too large to decode' },
    ]);
  }
}
