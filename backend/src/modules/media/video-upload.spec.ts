import * as fs from 'node:fs';
import * as path from 'node:path';
import { sniffVideoFormat } from './video-upload';

describe('sniffVideoFormat', () => {
  it('knows the project’s own WebM videos, and an MP4 by its ftyp box', () => {
    const webm = fs.readFileSync(path.resolve(__dirname, '../../../assets/videos/sample-clip.webm'));
    expect(sniffVideoFormat(webm)).toBe('webm');
    const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x20]), Buffer.from('ftypisom'), Buffer.alloc(20)]);
    expect(sniffVideoFormat(mp4)).toBe('mp4');
  });

  it('refuses a picture, a Matroska file that is not WebM, text and nothing', () => {
    const matroska = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x88]), Buffer.from('matroska'), Buffer.alloc(20)]);
    for (const bytes of [Buffer.from([0xff, 0xd8, 0xff, 0xe0]), matroska, Buffer.from('<html>webm</html>'), Buffer.alloc(0)]) {
      expect(sniffVideoFormat(bytes)).toBeNull();
    }
  });
});
