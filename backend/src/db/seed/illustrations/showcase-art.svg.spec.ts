import sharp from 'sharp';
import { GPU_ART_KINDS, GPU_ART_SIZE, gpuArtSvg, PROJECT_ART_KINDS, PROJECT_ART_SIZE, projectArtSvg } from './showcase-art.svg';

async function expectPicture(svg: string, size: { width: number; height: number }): Promise<void> {
  const { data, info } = await sharp(Buffer.from(svg)).png().toBuffer({ resolveWithObject: true });
  expect(info).toMatchObject({ format: 'png', ...size });
  const { channels } = await sharp(data).stats();
  expect(Math.max(...channels.map((channel) => channel.stdev))).toBeGreaterThan(10);
}

describe('showcase art', () => {
  it.each(PROJECT_ART_KINDS)('%s thumbnail: the same every time, rendered at 680x480, not a flat colour', async (kind) => {
    expect(projectArtSvg(kind)).toBe(projectArtSvg(kind));
    await expectPicture(projectArtSvg(kind), PROJECT_ART_SIZE);
  });

  it.each(GPU_ART_KINDS)('%s ad picture: rendered at 960x540 with its label, escaped', async (kind) => {
    const svg = gpuArtSvg(kind, 'H100 <b>', '80 GB & more');
    expect(svg).toContain('80 GB &amp; more');
    expect(svg).not.toContain('<b>');
    await expectPicture(svg, GPU_ART_SIZE);
  });
});
