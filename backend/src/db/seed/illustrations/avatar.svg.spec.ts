import sharp from 'sharp';
import { AVATAR_SIZE, avatarSvg } from './avatar.svg';

const mira = { seed: 'mira@example.com', initials: 'MC', name: 'Mira Castellane' };

describe('avatarSvg', () => {
  it('draws the same portrait for the same seed and a different one for another seed', () => {
    expect(avatarSvg(mira)).toBe(avatarSvg({ ...mira }));
    expect(avatarSvg({ ...mira, seed: 'tobias@example.com' })).not.toBe(avatarSvg(mira));
  });

  it('shows the initials upper-cased, at most three of them', () => {
    expect(avatarSvg({ ...mira, initials: 'mc' })).toContain('>MC</text>');
    expect(avatarSvg({ ...mira, initials: 'abcd' })).toContain('>ABC</text>');
  });

  it('escapes text, so a name cannot inject markup', () => {
    const svg = avatarSvg({ seed: 'x', initials: '<&', name: '</title><script>alert(1)</script>' });
    expect(svg).not.toContain('<script');
    expect(svg).toContain('&lt;/title&gt;&lt;script&gt;');
    expect(svg).toContain('>&lt;&amp;</text>');
  });

  it('references nothing outside itself', () => {
    expect(avatarSvg(mira)).not.toMatch(/href|<image|@import|url\((?!#)/);
  });

  it('renders with sharp to a square PNG that is not a flat colour', async () => {
    const { data, info } = await sharp(Buffer.from(avatarSvg(mira))).png().toBuffer({ resolveWithObject: true });
    expect(info).toMatchObject({ format: 'png', width: AVATAR_SIZE, height: AVATAR_SIZE });
    const { channels } = await sharp(data).stats();
    expect(Math.max(...channels.map((channel) => channel.stdev))).toBeGreaterThan(10);
  });

  it('scales to the requested size', async () => {
    const { info } = await sharp(Buffer.from(avatarSvg({ ...mira, size: 64 }))).png().toBuffer({ resolveWithObject: true });
    expect(info).toMatchObject({ width: 64, height: 64 });
  });
});
