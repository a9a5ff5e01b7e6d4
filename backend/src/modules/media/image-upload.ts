import sharp, { type Metadata } from 'sharp';
import { AppError } from '../../common/errors/app-error';
import { WorkSlots } from './work-slots';

/** The parts of an uploaded file the app reads; the client's name is checked, never used as a path. */
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

type PictureFormat = 'png' | 'jpeg';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_SIGNATURE = Buffer.from([0xff, 0xd8, 0xff]);

const MiB = 1024 * 1024;

/** Decompression bombs: a small file may claim a huge canvas; its header is enough to refuse it. */
export const MAX_INPUT_PIXELS = 40_000_000;

/**
 * The pixels as decoded, at most. Interlaced PNGs and progressive JPEGs cannot be decoded row by row,
 * so the decoder holds all of them at once: 40 megapixels of 8-bit RGB fit (120 MB), while a
 * 16-bit RGBA picture of the same size (320 MB) does not.
 */
export const MAX_DECODED_BYTES = 128 * MiB;

/**
 * Decodes at a time, and uploads that may wait for one: a burst of uploads, each up to
 * MAX_DECODED_BYTES once decoded, must not take all memory and cores; the rest get a 503 at once.
 */
const uploadDecodes = new WorkSlots(2, 64, 'Too many pictures are being uploaded at once; try again shortly');

const BYTES_PER_SAMPLE: Partial<Record<Metadata['depth'], number>> = { uchar: 1, char: 1, ushort: 2, short: 2 };

/** Sniffs the real format from the first bytes; the name and the MIME header prove nothing. */
export function sniffImageFormat(buffer: Buffer): PictureFormat | null {
  if (buffer.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)) return 'png';
  if (buffer.subarray(0, JPEG_SIGNATURE.length).equals(JPEG_SIGNATURE)) return 'jpeg';
  return null;
}

const unreadable = (field: string) =>
  new AppError('UNSUPPORTED_MEDIA_TYPE', `The ${field} could not be read as an image`, [{ field, message: 'is damaged or incomplete' }]);

const megapixels = (pixels: number) => `${Math.round(pixels / 1e6)} megapixels`;

/** Reads the header only (no pixels), so even a bomb's dimensions are known at once. */
async function readHeader(buffer: Buffer, format: PictureFormat, field: string): Promise<Metadata> {
  let header: Metadata;
  try {
    header = await sharp(buffer, { limitInputPixels: false }).metadata();
  } catch {
    throw unreadable(field);
  }
  if (header.format !== format || !(header.width > 0) || !(header.height > 0)) throw unreadable(field);
  return header;
}

/** Refuses a picture whose decoding would cost too much, from its header's dimensions and depth. */
export function assertDecodable({ width, height, channels, depth }: Pick<Metadata, 'width' | 'height' | 'channels' | 'depth'>, field: string): void {
  const pixels = width * height;
  const size = `${width} × ${height} pixels`;
  if (pixels > MAX_INPUT_PIXELS) {
    throw new AppError('PAYLOAD_TOO_LARGE', `The ${field} is ${size}; at most ${megapixels(MAX_INPUT_PIXELS)} are accepted`, [
      { field, message: `must be at most ${megapixels(MAX_INPUT_PIXELS)}` },
    ]);
  }
  const decodedBytes = pixels * channels * (BYTES_PER_SAMPLE[depth] ?? 4);
  if (decodedBytes > MAX_DECODED_BYTES) {
    const decoded = `${Math.round(decodedBytes / MiB)} MiB`;
    throw new AppError(
      'PAYLOAD_TOO_LARGE',
      `The ${field} is ${size} with ${channels} channels of ${depth === 'ushort' ? '16' : '8'}-bit colour, ${decoded} once decoded; at most ${MAX_DECODED_BYTES / MiB} MiB are accepted`,
      [{ field, message: `must decode to at most ${MAX_DECODED_BYTES / MiB} MiB (fewer pixels or 8-bit colour)` }],
    );
  }
}

/**
 * Checks a picture by content and re-encodes it: applies the EXIF orientation, fits it within
 * `maxSide`, and writes a new file without metadata. Re-encoding also defeats polyglot files (an
 * image that is also a script or an archive, in a comment or after its end marker), since only
 * decoded pixels survive; such a file is accepted, its payload dropped.
 */
export async function encodeUploadedImage(file: UploadedPicture, field: string, maxSide: number): Promise<EncodedImage> {
  if (file.buffer.length === 0) {
    throw new AppError('VALIDATION_FAILED', `The ${field} is an empty file`, [{ field, message: 'is an empty file' }]);
  }
  const format = sniffImageFormat(file.buffer);
  if (!format) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', `The ${field} must be a JPEG or PNG image`, [
      { field, message: 'must be a .jpg, .jpeg or .png image' },
    ]);
  }
  assertDecodable(await readHeader(file.buffer, format, field), field);
  return uploadDecodes.run(async () => {
    try {
      // The pixel limit again, in case the decoder sees more than the header said.
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
      throw unreadable(field);
    }
  });
}
