import sharp from 'sharp';
import { DREAM_MODES } from '@atelier/contracts';
import { DREAM_PROMPTS } from './dream-prompts';
import { PROCEDURAL_SIZE, renderProcedural, renderProceduralSvg } from './procedural-renderer';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

async function pixels(png: Buffer): Promise<{ data: Buffer; width: number; height: number; channels: number }> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

async function meanColour(png: Buffer): Promise<[number, number, number]> {
  const { data } = await pixels(png);
  const sum = [0, 0, 0];
  for (let i = 0; i < data.length; i += 3) {
    sum[0] += data[i];
    sum[1] += data[i + 1];
    sum[2] += data[i + 2];
  }
  const count = data.length / 3;
  return [sum[0] / count, sum[1] / count, sum[2] / count];
}

/** Mean absolute difference per channel, 0..255. */
async function difference(a: Buffer, b: Buffer): Promise<number> {
  const [pa, pb] = await Promise.all([pixels(a), pixels(b)]);
  let total = 0;
  for (let i = 0; i < pa.data.length; i++) total += Math.abs(pa.data[i] - pb.data[i]);
  return total / pa.data.length;
}

describe('renderProcedural', () => {
  it('renders a decodable 768x768 PNG', async () => {
    const image = renderProcedural({ prompt: 'a forest by the sea', seed: 1 });
    expect(image).toMatchObject({ seed: 1, width: 768, height: 768 });
    expect(image.png.subarray(0, 8)).toEqual(PNG_SIGNATURE);
    const meta = await sharp(image.png).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', PROCEDURAL_SIZE, PROCEDURAL_SIZE]);
  });

  it('gives the same bytes for the same prompt and seed', () => {
    const a = renderProcedural({ prompt: 'sunset over the sea', seed: 12345 });
    const b = renderProcedural({ prompt: 'sunset over the sea', seed: 12345 });
    expect(a.png.equals(b.png)).toBe(true);
  });

  it('draws a different picture for another seed', async () => {
    const a = renderProcedural({ prompt: 'mountains at dawn', seed: 1 });
    const b = renderProcedural({ prompt: 'mountains at dawn', seed: 2 });
    expect(a.png.equals(b.png)).toBe(false);
    expect(await difference(a.png, b.png)).toBeGreaterThan(2);
  });

  it('chooses a reproducible seed from the prompt when none is given', () => {
    const a = renderProcedural({ prompt: 'a city in the rain' });
    const b = renderProcedural({ prompt: 'A city in the rain!' });
    expect(a.seed).toBe(b.seed);
    expect(a.png.equals(b.png)).toBe(true);
  });

  it('draws visibly different pictures for different prompts', async () => {
    const prompts = ['sunset over the sea', 'cold blue night in space', 'a green forest', 'rainy city at night', 'portrait of a woman'];
    const images = prompts.map((prompt) => renderProcedural({ prompt, seed: 7 }).png);
    for (let i = 0; i < images.length; i++) {
      for (let j = i + 1; j < images.length; j++) expect(await difference(images[i], images[j])).toBeGreaterThan(15);
    }
  });

  it('paints a sunset over the sea warmer than a cold blue night in space', async () => {
    for (const seed of [1, 2, 3]) {
      const [r1, , b1] = await meanColour(renderProcedural({ prompt: 'sunset over the sea', seed }).png);
      const [r2, , b2] = await meanColour(renderProcedural({ prompt: 'cold blue night in space', seed }).png);
      expect(r1).toBeGreaterThan(b1);
      expect(b2).toBeGreaterThan(r2);
      expect(r1 - b1).toBeGreaterThan(r2 - b2 + 20);
    }
  });

  it('follows named colours', async () => {
    const [r1, g1, b1] = await meanColour(renderProcedural({ prompt: 'red', seed: 3 }).png);
    const [r2, g2, b2] = await meanColour(renderProcedural({ prompt: 'green', seed: 3 }).png);
    expect(r1).toBeGreaterThan(r2);
    expect(g2 - b2).toBeGreaterThan(g1 - b1);
  });

  it('draws a non-flat abstract picture for words it does not know', async () => {
    const { data } = await pixels(renderProcedural({ prompt: 'zxq blorp', seed: 5 }).png);
    const lows = [255, 255, 255];
    const highs = [0, 0, 0];
    for (let i = 0; i < data.length; i++) {
      lows[i % 3] = Math.min(lows[i % 3], data[i]);
      highs[i % 3] = Math.max(highs[i % 3], data[i]);
    }
    expect(Math.max(...highs.map((high, c) => high - lows[c]))).toBeGreaterThan(80);
  });

  it('never writes the prompt into the SVG', () => {
    const prompt = 'sea </svg><script>alert(1)</script> "quoted" & forest';
    const svg = renderProceduralSvg({ prompt, seed: 9 });
    expect(svg).not.toMatch(/script|alert|quoted|&(?!#)/);
    expect(svg).not.toContain('forest');
    expect(svg.startsWith('<svg ')).toBe(true);
  });

  it.each(DREAM_MODES)('renders every %s prompt', async (mode) => {
    for (const prompt of DREAM_PROMPTS[mode]) {
      const { png } = renderProcedural({ prompt, seed: 11 });
      const meta = await sharp(png).metadata();
      expect([meta.width, meta.height]).toEqual([768, 768]);
    }
  });

  it('renders nightmares darker than day dreams', async () => {
    const brightness = async (mode: 'daydream' | 'nightmare'): Promise<number> => {
      let total = 0;
      for (const prompt of DREAM_PROMPTS[mode]) {
        const [r, g, b] = await meanColour(renderProcedural({ prompt, seed: 4 }).png);
        total += (r + g + b) / 3;
      }
      return total / DREAM_PROMPTS[mode].length;
    };
    expect(await brightness('nightmare')).toBeLessThan((await brightness('daydream')) - 40);
  });
});
