import sharp from 'sharp';
import { AppError } from '../../common/errors/app-error';
import { encodeUploadedImage, sniffImageFormat } from './image-upload';

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
