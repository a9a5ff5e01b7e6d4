import * as fs from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { startA1111StandIn } from '../../backend/test/stand-ins/a1111-stand-in';
import { atelier } from '../support/atelier-cli';
import { expect, test } from '../support/test';

// Forge and Dream-o-matic against the real backend: jobs run on the built-in procedural renderer
// (no GPU worker is registered in the e2e server) and the page polls every 3 s as docs/requirements/ai-demos.md#jobs says.

const FAILURE = 'Something went wrong. Please try again.';
/** The note under a Forge example Atelier drew itself: the form of docs/requirements/ai-demos.md#forge, naming what really made it. */
const BUILT_IN_NOTE = '[ example image - Atelier Procedural v1 ]';

// One after another: the last spec registers a GPU worker, which would take the others' jobs.
test.describe.configure({ mode: 'default' });

/** The picture finished loading and has the given natural width. */
async function expectLoaded(picture: Locator, width: number): Promise<void> {
  await expect(picture).toBeVisible();
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(width);
}

async function expectStatsLine(page: Page): Promise<void> {
  await expect(page.getByText(/^seed: \d+/)).toBeVisible();
  await expect(page.getByText(/^execute time: \d+ ms$/)).toBeVisible();
  await expect(page.getByText(/^delay: \d+ ms$/)).toBeVisible();
  await expect(page.getByText('worker ID: procedural')).toBeVisible();
}

test.describe('Forge generator', () => {
  test('generates an image from a prompt and shows the stats line', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    await page.goto('/forge');

    // No GPU worker here: the header names the built-in renderer, and no GPU or model it does not run.
    const header = page.getByText(/^Describe a picture and Forge/);
    await expect(header).toHaveText("Describe a picture and Forge generates a new image from your prompt with Atelier's built-in renderer on the server's CPU.");
    await expectLoaded(page.getByRole('img', { name: /^Example image/ }), 768);
    await expect(page.getByText(BUILT_IN_NOTE)).toBeVisible();

    const prompt = page.getByLabel('enter your prompt here');
    const generate = page.getByRole('button', { name: 'GENERATE' });
    await expect(prompt).toHaveAttribute('rows', '4');
    await expect(generate).toBeDisabled();
    await prompt.fill('   ');
    await expect(generate).toBeDisabled();
    await prompt.fill('a lighthouse on a rocky coast at sunset');
    await expect(generate).toBeEnabled();
    await generate.click();

    const spinners = page.getByRole('status', { name: 'Generating your image' });
    await expect(spinners).toBeVisible();
    await expect(spinners.locator('[role="progressbar"]')).toHaveCount(25);

    const result = page.getByRole('img', { name: 'The image generated from your prompt' });
    await expectLoaded(result, 768);
    await expect(result).toHaveJSProperty('width', 768);
    await expectStatsLine(page);
    await expect(page.getByText(BUILT_IN_NOTE)).toBeHidden();

    // A new job goes back to waiting, then shows the new picture.
    const first = await result.getAttribute('src');
    await prompt.fill('a neon city skyline at night in the rain');
    await generate.click();
    await expect(spinners).toBeVisible();
    await expectLoaded(result, 768);
    expect(await result.getAttribute('src')).not.toBe(first);
    expect(errors).toEqual([]);
  });

  test('shows the error text when the API fails', async ({ page }) => {
    await page.route('**/api/start-job', (route) =>
      route.fulfill({ status: 503, json: { statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: 'down for a moment' } }),
    );
    await page.goto('/forge');
    await page.getByLabel('enter your prompt here').fill('a picture that will not come');
    await page.getByRole('button', { name: 'GENERATE' }).click();
    await expect(page.getByText(FAILURE)).toBeVisible();
    await expect(page.getByRole('status', { name: 'Generating your image' })).toBeHidden();
  });

  test('shows the error text when the job itself ends in ERROR', async ({ page }) => {
    await page.route('**/api/job-status/*', (route) =>
      route.fulfill({
        json: { id: 'x', status: 'ERROR', output: [], executionTime: 5, delayTime: 1, workerId: 'procedural', error: 'worker failed' },
      }),
    );
    await page.goto('/forge');
    await page.getByLabel('enter your prompt here').fill('a picture whose job fails');
    await page.getByRole('button', { name: 'GENERATE' }).click();
    await expect(page.getByText(FAILURE)).toBeVisible({ timeout: 10_000 });
  });
});

test.describe('Dream-o-matic', () => {
  test('a dream over the per-address limit says how long to wait, from the Retry-After', async ({ page }) => {
    // The suite's server allows 1000 starts a minute, so its refusal is replayed here as it answers
    // one (backend generation.int-spec checks the real 429 and its Retry-After).
    await page.route('**/api/start-dream', (route) =>
      route.fulfill({
        status: 429,
        headers: { 'Retry-After': '42' },
        contentType: 'application/json',
        body: JSON.stringify({
          statusCode: 429,
          code: 'RATE_LIMITED',
          message: 'Too many generation jobs from this address; wait a minute and try again',
        }),
      }),
    );
    await page.goto('/dream');
    await page.getByRole('button', { name: 'NICE DREAM' }).click();
    await expect(page.getByRole('main').getByRole('alert')).toHaveText('Too many requests. Please wait 42 seconds and try again.');
  });

  test('each of the four modes produces an image', async ({ page }) => {
    test.setTimeout(90_000);
    await page.goto('/dream');
    await expect(page.getByText(/^Pick a kind of dream/)).toHaveText(
      "Pick a kind of dream and the Dream-o-matic generates a unique new image with Atelier's built-in renderer on the server's CPU.",
    );
    await expectLoaded(page.getByRole('img', { name: /^Example dream image/ }), 768);
    await expect(page.getByText('Click a dream button above to generate a unique new dream image!')).toBeVisible();

    const result = page.getByRole('img', { name: 'Your new dream image' });
    const seen = new Set<string | null>();
    for (const button of ['DAY DREAM', 'NICE DREAM', 'STRANGE DREAM', 'NIGHTMARE']) {
      const started = page.waitForResponse((response) => response.url().endsWith('/api/start-dream'));
      await page.getByRole('button', { name: button, exact: true }).click();
      expect((await started).status()).toBe(202);
      await expect(page.getByRole('status', { name: 'Generating your dream image' })).toBeVisible();
      await expectLoaded(result, 768);
      await expectStatsLine(page);
      seen.add(await result.getAttribute('src'));
    }
    expect(seen.size).toBe(4);
  });
});

test.describe('example pictures', () => {
  test('an example the owner replaced with atelier examples set is shown with its model named in the note', async ({ page, baseURL }, testInfo) => {
    const file = testInfo.outputPath('sdxl-example.png');
    fs.writeFileSync(file, await sharp({ create: { width: 768, height: 768, channels: 3, background: '#3a5f8c' } }).png().toBuffer());
    const set = await atelier(baseURL!, ['examples', 'set', 'forge', '5', file, '--model', 'SDXL 1.0', '--json']);
    expect(set, set.stderr).toMatchObject({ exitCode: 0, stderr: '' });
    const { url } = JSON.parse(set.stdout) as { url: string };
    try {
      // The page shows one of its five examples at random: open it until the server draws the fifth.
      const example = page.getByRole('img', { name: /^Example image/ });
      await page.goto('/forge');
      for (let visit = 1; visit < 60 && !(await example.getAttribute('src'))?.startsWith(url); visit += 1) await page.reload();
      await expect(example).toHaveAttribute('src', new RegExp(`^${url}\\?`));
      await expect(example).toHaveAccessibleName('Example image made with SDXL 1.0, shown until you generate your own');
      await expectLoaded(example, 768);
      await expect(page.getByText('[ example image - SDXL 1.0 ]')).toBeVisible();
      await expect(page.getByText(BUILT_IN_NOTE)).toBeHidden();
    } finally {
      await atelier(baseURL!, ['examples', 'reset', 'forge', '5']);
    }
  });
});

test.describe('a GPU worker registered with the atelier CLI', () => {
  test('is named in the Forge header and serves the next generation: the stats line shows its worker ID', async ({ page, baseURL }) => {
    const gpu = await startA1111StandIn();
    let workerId: string | undefined;
    try {
      const registered = await atelier(baseURL!, ['workers', 'register', '--name', 'e2e-a1111', '--kind', 'a1111', '--url', gpu.url, '--gpu', 'RTX 4090', '--json']);
      expect(registered, registered.stderr).toMatchObject({ exitCode: 0, stderr: '' });
      workerId = (JSON.parse(registered.stdout) as { id: string }).id;

      await page.goto('/forge');
      // The model is named from the checkpoint the web UI reported (v1-5-pruned-emaonly).
      await expect(page.getByText(/^Describe a picture and Forge/)).toHaveText(
        'Describe a picture and Forge generates a new image from your prompt with Stable Diffusion 1.5 on RTX 4090 GPU.',
      );
      await page.getByLabel('enter your prompt here').fill('a lighthouse on a rocky coast at sunset');
      await page.getByRole('button', { name: 'GENERATE' }).click();
      await expect(page.getByText(`worker ID: ${workerId}`)).toBeVisible({ timeout: 20_000 });
      expect(gpu.requests.some((request) => request.path === '/sdapi/v1/txt2img')).toBe(true);
    } finally {
      if (workerId) await atelier(baseURL!, ['workers', 'remove', workerId]);
      await gpu.close();
    }
  });

  test('shows the progress bar moving and the live preview while it renders, then the picture', async ({ page, baseURL }) => {
    test.setTimeout(60_000);
    // Long enough for the page's 3-second polls to catch the render two or three times on its way.
    const gpu = await startA1111StandIn({ renderMs: 9_000 });
    let workerId: string | undefined;
    try {
      const registered = await atelier(baseURL!, ['workers', 'register', '--name', 'e2e-a1111-progress', '--kind', 'a1111', '--url', gpu.url, '--gpu', 'RTX A5000', '--json']);
      expect(registered, registered.stderr).toMatchObject({ exitCode: 0, stderr: '' });
      workerId = (JSON.parse(registered.stdout) as { id: string }).id;

      await page.goto('/forge');
      await page.getByLabel('enter your prompt here').fill('a lighthouse on a rocky coast at sunset');
      await page.getByRole('button', { name: 'GENERATE' }).click();

      const bar = page.getByRole('progressbar', { name: 'Rendering on the GPU' });
      await expect(bar).toBeVisible();
      const valueNow = async () => Number(await bar.getAttribute('aria-valuenow'));
      const first = await valueNow();
      expect(first).toBeGreaterThanOrEqual(0);
      expect(first).toBeLessThan(100);
      await expect(page.getByText(/^\d{1,2}%$/)).toBeVisible();
      await expect(page.getByRole('status', { name: 'Generating your image' })).toBeHidden();

      const preview = page.getByRole('img', { name: 'Preview of the picture being rendered' });
      await expect(preview).toBeVisible();
      await expect(preview).toHaveAttribute('src', /^data:image\/jpeg;base64,/);
      await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);

      // The next poll, 3 s on, finds the render further along.
      await expect.poll(valueNow, { timeout: 7_000 }).toBeGreaterThan(first);

      await expectLoaded(page.getByRole('img', { name: 'The image generated from your prompt' }), 768);
      await expect(bar).toBeHidden();
      await expect(preview).toBeHidden();
      await expect(page.getByText(`worker ID: ${workerId}`)).toBeVisible();
    } finally {
      if (workerId) await atelier(baseURL!, ['workers', 'remove', workerId]);
      await gpu.close();
    }
  });
});
