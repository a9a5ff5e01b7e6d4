import type { GenerationInfo } from '@atelier/contracts';
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { ApiError } from '../../store/api-client';
import { clearContentCache, contentApi } from '../../store/content-api';
import { generationApi } from './generation-api';
import { builtInExamples, completedJob, jobAnswer } from './generation-test-data';
import { renderApp } from '../../test/render-app';

configure({ asyncUtilTimeout: 10_000 });

// The route loads its page lazily; compiling it once up front keeps the first test within its time.
beforeAll(() => import('./forge-page'));

const PROMPT = 'enter your prompt here';
const WAITING = 'Generating your image';
const RENDERING = 'Rendering on the GPU';
const PREVIEW = 'Preview of the picture being rendered';
const FAILURE = 'Something went wrong. Please try again.';
const NOTE = '[ example image - Atelier Procedural v1 ]';

const completed = completedJob('job-1');

/** The 3-second polling interval passing on the fake clock. */
const pollOnce = () => act(() => vi.advanceTimersByTimeAsync(3000));
const spinners = () =>
  within(screen.getByRole('status', { name: WAITING })).getAllByRole('progressbar', { hidden: true });
/** The line under the result area, whole (each stat is its own span). */
const statsLine = () =>
  screen.getByText((_text, element) => element?.tagName === 'P' && /^seed: /.test(element.textContent ?? ''));
const header = () => screen.getByText(/generates a new image from your prompt/);

let consoleError: ReturnType<typeof vi.spyOn>;
let info: MockInstance<typeof generationApi.info>;
beforeEach(() => {
  // Only the saga's polling delay needs the fake clock; it also moves on with real time, so clicks
  // and waits work as usual.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  info = vi.spyOn(generationApi, 'info').mockResolvedValue({ renderer: 'built-in', models: [], gpus: [] });
  clearContentCache();
  vi.spyOn(contentApi, 'generationExamples').mockResolvedValue(builtInExamples());
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

async function openForge() {
  const view = renderApp('/forge');
  await screen.findByRole('textbox', { name: PROMPT });
  // The header asks for the hardware info once the page is shown.
  await waitFor(() => expect(info).toHaveBeenCalledOnce());
  return view;
}

describe('/forge', { timeout: 20_000 }, () => {
  it('names who draws once the server says: the workers\' models and GPUs, or the built-in renderer; nothing before', async () => {
    let answer: (value: GenerationInfo) => void = () => undefined;
    info.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    await openForge();

    // No claim while the server has not said.
    expect(header()).toHaveTextContent(/^Describe a picture and Forge generates a new image from your prompt\.$/);

    await act(async () => answer({ renderer: 'workers', models: ['Stable Diffusion 1.5'], gpus: ['RTX 4090', 'L40S'] }));
    expect(header()).toHaveTextContent(/from your prompt with Stable Diffusion 1\.5 on RTX 4090 and L40S GPUs\.$/);
  });

  it.each<[string, GenerationInfo, RegExp]>([
    ['no worker', { renderer: 'built-in', models: [], gpus: [] }, /prompt with Atelier's built-in renderer on the server's CPU\.$/],
    ['workers whose model is unknown', { renderer: 'workers', models: [], gpus: ['RTX 4090'] }, /prompt on RTX 4090 GPU\.$/],
    ['no worker, and no fallback', { renderer: 'none', models: [], gpus: [] }, /prompt on the site's GPU workers, when one is available \(none is right now\)\.$/],
  ])('says so with %s, naming no GPU it does not have', async (_case, answer, sentence) => {
    info.mockResolvedValue(answer);
    await openForge();
    await waitFor(() => expect(header()).toHaveTextContent(sentence));
    if (answer.gpus.length === 0) expect(header()).not.toHaveTextContent(/RTX|GPUs/);
  });

  it('claims nothing when the server cannot say', async () => {
    info.mockRejectedValue(new ApiError(0, 'NETWORK', 'unreachable'));
    await openForge();
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(header()).toHaveTextContent(/from your prompt\.$/);
  });

  it('shows a random example out of five with its note, and placeholders in the stats line', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    await openForge();

    const example = await screen.findByRole('img', { name: 'Example image made with Atelier Procedural v1, shown until you generate your own' });
    expect(example).toHaveAttribute('src', '/assets/examples/forge-3.png?w=768&auto=format');
    // Sized for the screen: a phone gets a picture a few times smaller than the 768px one.
    expect(example.getAttribute('srcset')).toContain('/assets/examples/forge-3.png?w=360&auto=format 360w');
    expect(example).toHaveAttribute('sizes', '(min-width: 835px) 768px, 92vw');
    expect(example).toHaveAttribute('width', '768');
    expect(screen.getByText(NOTE)).toBeInTheDocument();
    expect(statsLine()).toHaveTextContent('seed: — · execute time: — · delay: — · worker ID: —');
    expect(screen.queryByRole('status', { name: WAITING })).not.toBeInTheDocument();
  });

  it("names the model that really made the example shown: the owner's replacement, not the built-in renderer", async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    const examples = builtInExamples();
    examples.forge[2] = { position: 3, url: '/assets/examples/0123456789abcdef0123456789abcdef.jpg', prompt: null, model: 'SDXL 1.0', width: 1024, height: 1024 };
    vi.mocked(contentApi.generationExamples).mockResolvedValue(examples);
    await openForge();

    const example = await screen.findByRole('img', { name: 'Example image made with SDXL 1.0, shown until you generate your own' });
    expect(example).toHaveAttribute('src', '/assets/examples/0123456789abcdef0123456789abcdef.jpg?w=768&auto=format');
    expect(screen.getByText('[ example image - SDXL 1.0 ]')).toBeInTheDocument();
    expect(screen.queryByText(/Procedural/)).not.toBeInTheDocument();
  });

  it('claims no model while the examples have not arrived, and keeps the picture\'s place', async () => {
    vi.mocked(contentApi.generationExamples).mockReturnValue(new Promise(() => undefined));
    await openForge();
    expect(screen.getByText('[ example image ]')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByText('[ example image ]').closest('figure')).not.toBeNull();
  });

  it('has a 4-row prompt box, and GENERATE stays disabled while the prompt is empty or blank', async () => {
    const startJob = vi.spyOn(generationApi, 'startJob');
    const { user } = await openForge();
    const prompt = screen.getByRole('textbox', { name: PROMPT });
    const generate = screen.getByRole('button', { name: 'GENERATE' });

    expect(prompt.tagName).toBe('TEXTAREA');
    expect(prompt).toHaveAttribute('rows', '4');
    expect(generate).toBeDisabled();

    await user.type(prompt, '   ');
    expect(generate).toBeDisabled();
    await user.type(prompt, '{Enter}');
    expect(generate).toBeDisabled();

    await user.type(prompt, 'a fox');
    expect(generate).toBeEnabled();
    await user.clear(prompt);
    expect(generate).toBeDisabled();
    expect(startJob).not.toHaveBeenCalled();
  });

  it('GENERATE waits with a 5 by 5 spinner grid, then shows the picture and its seed, times and worker', async () => {
    const startJob = vi.spyOn(generationApi, 'startJob').mockResolvedValue({ id: 'job-1' });
    const jobStatus = vi
      .spyOn(generationApi, 'jobStatus')
      .mockResolvedValueOnce(jobAnswer('job-1', 'IN_PROGRESS'))
      .mockResolvedValueOnce(completed);
    const { user } = await openForge();

    await user.type(screen.getByRole('textbox', { name: PROMPT }), '  a red fox in snow ');
    await user.click(screen.getByRole('button', { name: 'GENERATE' }));

    expect(spinners()).toHaveLength(25);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.queryByText(NOTE)).not.toBeInTheDocument();
    expect(startJob).toHaveBeenCalledWith('a red fox in snow');

    await pollOnce();
    expect(jobStatus).toHaveBeenCalledWith('job-1');
    expect(spinners()).toHaveLength(25);

    await pollOnce();
    const picture = screen.getByRole('img', { name: 'The image generated from your prompt' });
    expect(picture).toHaveAttribute('src', 'data:image/png;base64,iVBORw0KGgo=');
    expect(picture).toHaveAccessibleDescription('seed: 123 · execute time: 58 ms · delay: 3 ms · worker ID: procedural');
    expect(statsLine()).toHaveTextContent('seed: 123 · execute time: 58 ms · delay: 3 ms · worker ID: procedural');
    expect(screen.queryByRole('status', { name: WAITING })).not.toBeInTheDocument();
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('swaps the spinner grid for a progress bar and the preview once the server says how far the render is', async () => {
    const preview = 'data:image/jpeg;base64,/9j/4AAQSkZJRg==';
    vi.spyOn(generationApi, 'startJob').mockResolvedValue({ id: 'job-1' });
    vi.spyOn(generationApi, 'jobStatus')
      .mockResolvedValueOnce(jobAnswer('job-1', 'IN_QUEUE'))
      .mockResolvedValueOnce(jobAnswer('job-1', 'IN_PROGRESS', { progress: 0.2, workerId: 'w-1' }))
      .mockResolvedValueOnce(jobAnswer('job-1', 'IN_PROGRESS', { progress: 0.666, preview, workerId: 'w-1' }))
      .mockResolvedValueOnce(completed);
    const { user } = await openForge();

    await user.type(screen.getByRole('textbox', { name: PROMPT }), 'a fox');
    await user.click(screen.getByRole('button', { name: 'GENERATE' }));
    await pollOnce();
    // Nothing known yet: the spinner grid, as before.
    expect(spinners()).toHaveLength(25);
    expect(screen.queryByRole('progressbar', { name: RENDERING })).not.toBeInTheDocument();

    await pollOnce();
    const bar = screen.getByRole('progressbar', { name: RENDERING });
    expect(bar).toHaveAttribute('aria-valuenow', '20');
    expect(screen.getByText('20%')).toBeVisible();
    expect(screen.queryByRole('status', { name: WAITING })).not.toBeInTheDocument();
    // No preview sent: none shown.
    expect(screen.queryByRole('img')).not.toBeInTheDocument();

    await pollOnce();
    expect(screen.getByRole('progressbar', { name: RENDERING })).toHaveAttribute('aria-valuenow', '67');
    expect(screen.getByText('67%')).toBeVisible();
    const shownPreview = screen.getByRole('img', { name: PREVIEW });
    expect(shownPreview).toHaveAttribute('src', preview);
    expect(shownPreview).toHaveAttribute('width', '768');
    // The stats line waits for the finished picture.
    expect(statsLine()).toHaveTextContent('seed: — · execute time: — · delay: — · worker ID: —');

    await pollOnce();
    expect(screen.getByRole('img', { name: 'The image generated from your prompt' })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: PREVIEW })).not.toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: RENDERING })).not.toBeInTheDocument();
    expect(statsLine()).toHaveTextContent('worker ID: procedural');
  });

  it('a new prompt after a result returns to waiting', async () => {
    vi.spyOn(generationApi, 'startJob').mockResolvedValueOnce({ id: 'job-1' }).mockResolvedValueOnce({ id: 'job-2' });
    vi.spyOn(generationApi, 'jobStatus').mockResolvedValueOnce(completed).mockResolvedValue(jobAnswer('job-2', 'IN_QUEUE'));
    const { user } = await openForge();
    const prompt = screen.getByRole('textbox', { name: PROMPT });

    await user.type(prompt, 'a fox');
    await user.click(screen.getByRole('button', { name: 'GENERATE' }));
    await pollOnce();
    expect(screen.getByRole('img', { name: 'The image generated from your prompt' })).toBeInTheDocument();

    await user.type(prompt, ' and an owl');
    await user.click(screen.getByRole('button', { name: 'GENERATE' }));
    expect(spinners()).toHaveLength(25);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(statsLine()).toHaveTextContent('seed: — ·');
  });

  it.each([
    ['the job ends in ERROR', () => vi.spyOn(generationApi, 'jobStatus').mockResolvedValue(jobAnswer('job-1', 'ERROR', { error: 'out of memory' }))],
    ['the server is unreachable', () => vi.spyOn(generationApi, 'jobStatus').mockRejectedValue(new ApiError(0, 'NETWORK', 'unreachable'))],
    ['the answer is not JSON', () => vi.spyOn(generationApi, 'jobStatus').mockRejectedValue(new SyntaxError('Unexpected token <'))],
  ])("says 'Something went wrong. Please try again.' when %s, and logs the details", async (_case, failStatus) => {
    vi.spyOn(generationApi, 'startJob').mockResolvedValue({ id: 'job-1' });
    failStatus();
    const { user } = await openForge();

    await user.type(screen.getByRole('textbox', { name: PROMPT }), 'a fox');
    await user.click(screen.getByRole('button', { name: 'GENERATE' }));
    await pollOnce();

    expect(screen.getByRole('alert')).toHaveTextContent(FAILURE);
    expect(consoleError).toHaveBeenCalledWith(expect.any(String), expect.anything());
    expect(screen.queryByRole('status', { name: WAITING })).not.toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    // Trying again is possible at once.
    expect(screen.getByRole('button', { name: 'GENERATE' })).toBeEnabled();
  });

  it('says how long to wait when the server refuses the start with 429 and a Retry-After', async () => {
    const error = new ApiError(429, 'RATE_LIMITED', 'Too many jobs', [], 42);
    vi.spyOn(generationApi, 'startJob').mockRejectedValue(error);
    const { user } = await openForge();

    await user.type(screen.getByRole('textbox', { name: PROMPT }), 'a fox');
    await user.click(screen.getByRole('button', { name: 'GENERATE' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests. Please wait 42 seconds and try again.');
    expect(consoleError).toHaveBeenCalledWith(expect.any(String), error);
  });

  it('leaving the page stops the polling; coming back shows an example again', async () => {
    vi.spyOn(generationApi, 'startJob').mockResolvedValue({ id: 'job-1' });
    const jobStatus = vi.spyOn(generationApi, 'jobStatus').mockResolvedValue(jobAnswer('job-1', 'IN_PROGRESS'));
    const { user, router } = await openForge();

    await user.type(screen.getByRole('textbox', { name: PROMPT }), 'a fox');
    await user.click(screen.getByRole('button', { name: 'GENERATE' }));
    await pollOnce();
    expect(jobStatus).toHaveBeenCalledTimes(1);

    await act(() => router.navigate('/dev'));
    await pollOnce();
    await pollOnce();
    expect(jobStatus).toHaveBeenCalledTimes(1);

    await act(() => router.navigate('/forge'));
    expect(await screen.findByText(NOTE)).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: WAITING })).not.toBeInTheDocument();
  });
});
