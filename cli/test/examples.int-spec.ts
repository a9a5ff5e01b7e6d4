import * as fs from 'node:fs';
import * as path from 'node:path';
import type { GenerationExamples } from '@atelier/contracts';
import sharp from 'sharp';
import { startBackend, type BackendProcess } from './helpers/backend-process';
import { runCli } from './helpers/built-cli';
import { requireBuilds, tempDirPerTest } from './helpers/cli-spec';

const ADMIN_TOKEN = 'cli-examples-admin-token-0123456789';

// `atelier examples list|set|reset`, run built against a real backend.
describe('atelier examples (built)', () => {
  const dir = tempDirPerTest('atelier-cli-examples-');
  let site: BackendProcess;

  beforeAll(async () => {
    requireBuilds();
    site = await startBackend({ ADMIN_TOKEN });
  });
  afterAll(() => site?.stop());

  const cli = (...args: string[]) => runCli(['--api', site.url, '--token', ADMIN_TOKEN, ...args], { ATELIER_CONFIG_DIR: dir() });
  const publicExamples = async () => (await (await fetch(`${site.url}/api/generation/examples`)).json()) as GenerationExamples;

  it('lists the 14 built-in examples, replaces one with a picture and its model, and restores it', async () => {
    const listed = await cli('examples', 'list');
    expect(listed).toMatchObject({ exitCode: 0, stderr: '' });
    expect(listed.stdout).toMatch(/PAGE\s.*#\s.*MODEL\s.*PROMPT\s.*PICTURE\s.*SOURCE/);
    const rows = listed.stdout.split('\n').filter((line) => /built-in/.test(line));
    expect(rows).toHaveLength(5 + 9);
    expect(rows[0]).toMatch(/forge\s*│\s*1\s*│\s*Atelier Procedural v1\s*│\s*a lighthouse on a rocky coast at sunset…\s*│\s*\/assets\/examples\/forge-1\.png\s*│\s*built-in/);
    expect(rows[13]).toMatch(/dream\s*│\s*9\s*│/);

    const file = path.join(dir(), 'fox.png');
    fs.writeFileSync(file, await sharp({ create: { width: 640, height: 640, channels: 3, background: '#c0502a' } }).png().toBuffer());
    const set = await cli('examples', 'set', 'forge', '2', file, '--model', 'SDXL 1.0', '--prompt', 'a red fox in the snow');
    expect(set).toMatchObject({ exitCode: 0, stderr: '' });
    expect(set.stdout).toMatch(/^Example forge 2 shows \/assets\/examples\/[0-9a-f]{32}\.png, made with SDXL 1\.0\n$/);
    expect((await publicExamples()).forge[1]).toMatchObject({ model: 'SDXL 1.0', prompt: 'a red fox in the snow', width: 640 });
    const json = JSON.parse((await cli('examples', 'list', '--json')).stdout) as Array<{ page: string; position: number; builtIn: boolean }>;
    expect(json.find((example) => example.page === 'forge' && example.position === 2)).toMatchObject({ builtIn: false });

    const reset = await cli('examples', 'reset', 'forge', '2');
    expect(reset).toMatchObject({ exitCode: 0, stderr: '', stdout: 'Example forge 2 shows /assets/examples/forge-2.png, made with Atelier Procedural v1 (built in)\n' });
    expect((await publicExamples()).forge[1]).toMatchObject({ model: 'Atelier Procedural v1', url: '/assets/examples/forge-2.png' });
  }, 60_000);

  it('refuses a wrong page, a position past the page, a missing file or model, and a file that is not a picture, changing nothing', async () => {
    const before = await publicExamples();
    const notPicture = path.join(dir(), 'notes.png');
    fs.writeFileSync(notPicture, 'not a picture');

    expect(await cli('examples', 'set', 'gallery', '1', notPicture, '--model', 'SDXL 1.0')).toMatchObject({
      exitCode: 2,
      stderr: expect.stringContaining("value 'gallery' is invalid for argument 'page'. must be forge or dream"),
    });
    expect(await cli('examples', 'reset', 'forge', '6')).toEqual({ exitCode: 2, stdout: '', stderr: 'atelier: the forge page has examples 1 to 5, not 6\n' });
    expect(await cli('examples', 'set', 'dream', 'two', notPicture, '--model', 'x')).toMatchObject({ exitCode: 2, stderr: expect.stringContaining('must be a whole number from 1') });
    expect(await cli('examples', 'set', 'forge', '1', notPicture)).toMatchObject({ exitCode: 2, stderr: expect.stringContaining("required option '--model <model>' not specified") });
    expect(await cli('examples', 'set', 'forge', '1', path.join(dir(), 'missing.png'), '--model', 'SDXL 1.0')).toMatchObject({
      exitCode: 1,
      stderr: `atelier: ${path.join(dir(), 'missing.png')} is not a file\n`,
    });
    expect(await cli('examples', 'set', 'forge', '1', notPicture, '--model', 'SDXL 1.0')).toEqual({
      exitCode: 1,
      stdout: '',
      stderr: 'atelier: The picture must be a JPEG or PNG image (HTTP 415 UNSUPPORTED_MEDIA_TYPE): picture: must be a .jpg, .jpeg or .png image\n',
    });
    expect(await publicExamples()).toEqual(before);
  }, 60_000);
});
