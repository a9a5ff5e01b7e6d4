import type { DreamMode } from '@atelier/contracts';
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { ApiError } from '../../store/api-client';
import { clearContentCache, contentApi } from '../../store/content-api';
import { generationApi } from './generation-api';
import { builtInExamples, jobAnswer } from './generation-test-data';
import { renderApp } from '../../test/render-app';

configure({ asyncUtilTimeout: 10_000 });

// The route loads its page lazily; compiling it once up front keeps the first test within its time.
beforeAll(() => import('./dream-page'));

const NOTE = 'Click a dream button above to generate a unique new dream image!';
const WAITING = 'Generating your dream image';
const RENDERING = 'Rendering on the GPU';
const PREVIEW = 'Preview of the picture being rendered';
const BUTTONS: [string, DreamMode][] = [
  ['DAY DREAM', 'daydream'],
  ['NICE DREAM', 'nicedream'],
  ['STRANGE DREAM', 'strangedream'],
  ['NIGHTMARE', 'nightmare'],
];


const pollOnce = () => act(() => vi.advanceTimersByTimeAsync(3000));
const main = () => within(screen.getByRole('main'));
/** The line under the result area, whole (each stat is its own span). */
const statsLine = () =>
  main().getByText((_text, element) => element?.tagName === 'P' && /^seed: /.test(element.textContent ?? ''));
const spinners = () => within(main().getByRole('status', { name: WAITING })).getAllByRole('progressbar', { hidden: true });

let consoleError: ReturnType<typeof vi.spyOn>;
let info: MockInstance<typeof generationApi.info>;
beforeEach(() => {
  // Only the saga's polling delay needs the fake clock; it also moves on with real time.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  info = vi.spyOn(generationApi, 'info').mockResolvedValue({ renderer: 'workers', models: ['Stable Diffusion 1.5'], gpus: ['RTX 4090'] });
  clearContentCache();
  vi.spyOn(contentApi, 'generationExamples').mockResolvedValue(builtInExamples());
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

async function openDream() {
  const view = renderApp('/dream');
  await screen.findByRole('button', { name: 'NIGHTMARE' });
  await waitFor(() => expect(info).toHaveBeenCalledOnce());
  return view;
}

describe('/dream', { timeout: 20_000 }, () => {
  it('offers the four dreams, and shows a random example out of nine with the note', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.99);
    await openDream();

    const buttons = main()
      .getAllByRole('button')
      .map((button) => button.textContent);
    expect(buttons).toEqual(BUTTONS.map(([label]) => label));
    expect(await main().findByRole('img', { name: 'Example dream image made with Atelier Procedural v1, shown until you generate your own' })).toHaveAttribute(
      'src',
      '/assets/examples/dream-9.png?w=768&auto=format',
    );
    expect(main().getByText(NOTE)).toBeInTheDocument();
    expect(statsLine()).toHaveTextContent('seed: — · execute time: — · delay: — · worker ID: —');
    expect(main().getByText(/unique new image with/)).toHaveTextContent(/image with Stable Diffusion 1\.5 on RTX 4090 GPU\.$/);
  });

  it.each(BUTTONS)('%s starts a %s dream, waits with the spinner grid, then shows it with its stats', async (label, mode) => {
    const startDream = vi.spyOn(generationApi, 'startDream').mockResolvedValue({ id: 'dream-1' });
    vi.spyOn(generationApi, 'jobStatus').mockResolvedValue(
      jobAnswer('dream-1', 'COMPLETED', {
        output: [{ image: 'ZHJlYW0=', seed: 42, url: '/assets/generated/dream-1.png' }],
        executionTime: 61,
        delayTime: 0,
        workerId: 'w-7',
      }),
    );
    const { user } = await openDream();

    await user.click(screen.getByRole('button', { name: label }));
    expect(startDream).toHaveBeenCalledExactlyOnceWith(mode);
    expect(spinners()).toHaveLength(25);
    expect(main().queryByText(NOTE)).not.toBeInTheDocument();

    await pollOnce();
    expect(main().getByRole('img', { name: 'Your new dream image' })).toHaveAttribute('src', 'data:image/png;base64,ZHJlYW0=');
    expect(statsLine()).toHaveTextContent('seed: 42 · execute time: 61 ms · delay: 0 ms · worker ID: w-7');
  });

  it('shows the render progress and preview while the GPU works on the dream, then the dream', async () => {
    const preview = 'data:image/jpeg;base64,/9j/4AAQSkZJRg==';
    vi.spyOn(generationApi, 'startDream').mockResolvedValue({ id: 'dream-1' });
    vi.spyOn(generationApi, 'jobStatus')
      .mockResolvedValueOnce(jobAnswer('dream-1', 'IN_PROGRESS'))
      .mockResolvedValueOnce(jobAnswer('dream-1', 'IN_PROGRESS', { progress: 0.35, preview, workerId: 'w-7' }))
      .mockResolvedValueOnce(
        jobAnswer('dream-1', 'COMPLETED', {
          output: [{ image: 'ZHJlYW0=', seed: 42, url: '/assets/generated/dream-1.png' }],
          executionTime: 9000,
          delayTime: 0,
          workerId: 'w-7',
        }),
      );
    const { user } = await openDream();

    await user.click(screen.getByRole('button', { name: 'NIGHTMARE' }));
    await pollOnce();
    expect(spinners()).toHaveLength(25);
    expect(main().queryByRole('progressbar', { name: RENDERING })).not.toBeInTheDocument();

    await pollOnce();
    expect(main().getByRole('progressbar', { name: RENDERING })).toHaveAttribute('aria-valuenow', '35');
    expect(main().getByText('35%')).toBeVisible();
    expect(main().getByRole('img', { name: PREVIEW })).toHaveAttribute('src', preview);
    expect(main().queryByRole('status', { name: WAITING })).not.toBeInTheDocument();

    await pollOnce();
    expect(main().getByRole('img', { name: 'Your new dream image' })).toHaveAttribute('src', 'data:image/png;base64,ZHJlYW0=');
    expect(main().queryByRole('img', { name: PREVIEW })).not.toBeInTheDocument();
    expect(main().queryByRole('progressbar', { name: RENDERING })).not.toBeInTheDocument();
    expect(statsLine()).toHaveTextContent('seed: 42 · execute time: 9000 ms · delay: 0 ms · worker ID: w-7');
  });

  it('another dream while one is on its way starts over with the new mode', async () => {
    const startDream = vi
      .spyOn(generationApi, 'startDream')
      .mockResolvedValueOnce({ id: 'dream-1' })
      .mockResolvedValueOnce({ id: 'dream-2' });
    const jobStatus = vi.spyOn(generationApi, 'jobStatus').mockResolvedValue(jobAnswer('dream-1', 'IN_QUEUE'));
    const { user } = await openDream();

    await user.click(screen.getByRole('button', { name: 'DAY DREAM' }));
    await user.click(screen.getByRole('button', { name: 'NIGHTMARE' }));
    await pollOnce();

    expect(startDream.mock.calls).toEqual([['daydream'], ['nightmare']]);
    expect(jobStatus.mock.calls).toEqual([['dream-2']]);
    expect(spinners()).toHaveLength(25);
  });

  it("says 'Something went wrong. Please try again.' when the dream fails, and logs the details", async () => {
    vi.spyOn(generationApi, 'startDream').mockResolvedValue({ id: 'dream-1' });
    vi.spyOn(generationApi, 'jobStatus').mockResolvedValue(jobAnswer('dream-1', 'TIMED_OUT', { error: 'no worker answered' }));
    const { user } = await openDream();

    await user.click(screen.getByRole('button', { name: 'STRANGE DREAM' }));
    await pollOnce();

    expect(main().getByRole('alert')).toHaveTextContent('Something went wrong. Please try again.');
    expect(consoleError).toHaveBeenCalledWith(expect.stringContaining('dream'), expect.any(Error));
    expect(main().queryByRole('img')).not.toBeInTheDocument();
  });

  it('a dream refused at start (too many jobs) says how long to wait, from the Retry-After', async () => {
    vi.spyOn(generationApi, 'startDream').mockRejectedValue(new ApiError(429, 'RATE_LIMITED', 'Too many jobs', [], 90));
    const { user } = await openDream();

    await user.click(screen.getByRole('button', { name: 'NICE DREAM' }));

    expect(await main().findByRole('alert')).toHaveTextContent('Too many requests. Please wait 2 minutes and try again.');
  });

  it('a 429 without a Retry-After asks for a moment', async () => {
    vi.spyOn(generationApi, 'startDream').mockRejectedValue(new ApiError(429, 'RATE_LIMITED', 'Too many jobs'));
    const { user } = await openDream();

    await user.click(screen.getByRole('button', { name: 'NICE DREAM' }));

    expect(await main().findByRole('alert')).toHaveTextContent('Too many requests. Please wait a moment and try again.');
  });
});
