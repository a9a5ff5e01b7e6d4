// Renders the procedural renderer's sample prompts and lays them out on one contact sheet with their
// prompts underneath, for the README: `npx tsx backend/scripts/renderer-contact-sheet.ts [out.jpg]`.
import * as path from 'node:path';
import sharp from 'sharp';
import { renderProcedural } from '../src/modules/generation/procedural/procedural-renderer';
import { SAMPLE_PROMPTS } from '../src/modules/generation/procedural/sample-prompts';

const TILE = 256;
const LABEL = 44;
const GAP = 8;
const COLUMNS = 6;

const escapeXml = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The prompt in lines that fit under a tile (about 36 characters each at this size). */
function lines(text: string, width = 36): string[] {
  const result = [''];
  for (const word of text.split(' ')) {
    const last = result[result.length - 1];
    if (last && last.length + word.length + 1 > width) result.push(word);
    else result[result.length - 1] = last ? `${last} ${word}` : word;
  }
  return result;
}

async function main(): Promise<void> {
  const out = process.argv[2] ?? path.resolve(__dirname, '../../docs/renderer-contact-sheet.jpg');
  const rows = Math.ceil(SAMPLE_PROMPTS.length / COLUMNS);
  const width = COLUMNS * (TILE + GAP) + GAP;
  const height = rows * (TILE + LABEL + GAP) + GAP;
  const tiles: sharp.OverlayOptions[] = [];
  const times: number[] = [];
  for (const [index, prompt] of SAMPLE_PROMPTS.entries()) {
    const started = performance.now();
    const { png } = renderProcedural({ prompt, seed: 7 });
    times.push(performance.now() - started);
    const left = GAP + (index % COLUMNS) * (TILE + GAP);
    const top = GAP + Math.floor(index / COLUMNS) * (TILE + LABEL + GAP);
    tiles.push({ input: await sharp(png).resize(TILE, TILE).toBuffer(), left, top });
    // Our own fixed prompts, escaped: safe to write into this label's SVG.
    const text = lines(prompt)
      .map((line, n) => `<tspan x="${TILE / 2}" y="${18 + n * 16}">${escapeXml(line)}</tspan>`)
      .join('');
    const label = `<svg xmlns="http://www.w3.org/2000/svg" width="${TILE}" height="${LABEL}"><text font-family="sans-serif" font-size="13" fill="#e8e8ee" text-anchor="middle">${text}</text></svg>`;
    tiles.push({ input: Buffer.from(label), left, top: top + TILE });
  }
  await sharp({ create: { width, height, channels: 3, background: '#1b1c22' } })
    .composite(tiles)
    .jpeg({ quality: 82, mozjpeg: true })
    .toFile(out);
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)];
  const p95 = times[Math.min(times.length - 1, Math.ceil(times.length * 0.95) - 1)];
  console.log(`${SAMPLE_PROMPTS.length} pictures -> ${out}; render median ${median.toFixed(0)} ms, p95 ${p95.toFixed(0)} ms`);
}

void main();
