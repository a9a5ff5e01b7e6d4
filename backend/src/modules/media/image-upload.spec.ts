import { randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { AppError } from '../../common/errors/app-error';
import { assertDecodable, encodeUploadedImage, MAX_DECODED_BYTES, MAX_INPUT_PIXELS, sniffImageFormat } from './image-upload';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const picture = (buffer: Buffer, originalname = 'x.png') => ({ buffer, originalname, size: buffer.length });
const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#3366cc' } });

describe('sniffImageFormat', () => {
  it('knows PNG and JPEG by their first bytes, whatever the name says', async () => {
    expect(sniffImageFormat(await solid(2, 2).png().toBuffer())).toBe('png');
    expect(sniffImageFormat(await solid(2, 2).jpeg().toBuffer())).toBe('jpeg');
    expect(sniffImageFormat(await solid(2, 2).webp().toBuffer())).toBeNull();
    expect(sniffImageFormat(Buffer.from('<?php echo 1; ?>'))).toBeNull();
    expect(sniffImageFormat(Buffer.alloc(0))).toBeNull();
  });
});

describe('encodeUploadedImage', () => {
  it('re-encodes within the size limit and drops metadata', async () => {
    const input = await solid(3000, 1000).withExif({ IFD0: { Copyright: 'secret-marker' } }).jpeg().toBuffer();
    const image = await encodeUploadedImage(picture(input, 'big.jpg'), 'picture', 2048);
    expect(image).toMatchObject({ extension: 'jpg', width: 2048, height: 683 });
    expect(image.buffer.includes(Buffer.from('secret-marker'))).toBe(false);
    expect((await sharp(image.buffer).metadata()).exif).toBeUndefined();
  });

  it('keeps PNG as PNG and never enlarges', async () => {
    const image = await encodeUploadedImage(picture(await solid(40, 30).png().toBuffer()), 'picture', 2048);
    expect(image).toMatchObject({ extension: 'png', width: 40, height: 30 });
  });

  it('refuses other formats with 415, naming the field', async () => {
    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
    const error = await encodeUploadedImage(picture(gif), 'picture', 512).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', details: [{ field: 'picture' }] });
  });

  it('refuses a PNG signature followed by anything but an image', async () => {
    const fake = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('<script>alert(1)</script>')]);
    await expect(encodeUploadedImage(picture(fake), 'picture', 512)).rejects.toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'The picture could not be read as an image',
    });
  });
});

/** A tiny PNG whose header claims `width` x `height` (its CRC right, its pixel data a few bytes). */
function pngDeclaring(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const checksum = Buffer.alloc(4);
    checksum.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type), data])));
    return Buffer.concat([length, Buffer.from(type), data, checksum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  return Buffer.concat([PNG_SIGNATURE, chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.alloc(64))), chunk('IEND', Buffer.alloc(0))]);
}

describe('encodeUploadedImage on hostile input', () => {
  it('refuses an empty file with 400, saying it is empty', async () => {
    await expect(encodeUploadedImage(picture(Buffer.alloc(0)), 'picture', 512)).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'The picture is an empty file',
      details: [{ field: 'picture', message: 'is an empty file' }],
    });
  });

  it('refuses a header claiming 100000 x 100000 with 413 naming the size, before decoding anything', async () => {
    const started = Date.now();
    const error = await encodeUploadedImage(picture(pngDeclaring(100_000, 100_000)), 'picture', 512).catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'The picture is 100000 × 100000 pixels; at most 40 megapixels are accepted',
      details: [{ field: 'picture', message: 'must be at most 40 megapixels' }],
    });
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('refuses a JPEG truncated in the middle of its pixels', async () => {
    const whole = await sharp(randomBytes(128 * 128 * 3), { raw: { width: 128, height: 128, channels: 3 } }).jpeg().toBuffer();
    await expect(encodeUploadedImage(picture(whole.subarray(0, whole.length >> 1)), 'picture', 512)).rejects.toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      details: [{ field: 'picture', message: 'is damaged or incomplete' }],
    });
  });

  it.each([
    ['PNG', () => solid(32, 24).png().toBuffer(), Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.from('<?php system($_GET["c"]); ?>')])],
    ['JPEG', () => solid(32, 24).jpeg().toBuffer(), Buffer.from('<html><script>alert(document.cookie)</script></html>')],
  ])('keeps the pixels of a %s with a payload after its end marker, and drops the payload', async (_format, encode, payload) => {
    const image = await encodeUploadedImage(picture(Buffer.concat([await encode(), payload])), 'picture', 512);
    expect(image).toMatchObject({ width: 32, height: 24 });
    expect(image.buffer.includes(payload)).toBe(false);
  });
});

describe('assertDecodable', () => {
  const header = { width: 6000, height: 6000, channels: 3, depth: 'uchar' } as const;

  it('accepts 8-bit RGB up to the pixel limit', () => {
    expect(() => assertDecodable(header, 'picture')).not.toThrow();
    expect(MAX_INPUT_PIXELS * 3).toBeLessThanOrEqual(MAX_DECODED_BYTES);
  });

  it('refuses a picture over the pixel limit, whatever its depth', () => {
    expect(() => assertDecodable({ ...header, width: 8000, height: 8000, channels: 1 }, 'picture')).toThrow(/8000 × 8000 pixels; at most 40 megapixels/);
  });

  it('refuses 16-bit RGBA of the same size: decoding it would hold 275 MiB', () => {
    let error: unknown;
    try {
      assertDecodable({ ...header, channels: 4, depth: 'ushort' }, 'picture');
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: expect.stringMatching(/4 channels of 16-bit colour, 275 MiB once decoded; at most 128 MiB/) });
    expect(() => assertDecodable({ ...header, width: 4000, height: 4000, channels: 4, depth: 'ushort' }, 'picture')).not.toThrow();
  });
});
