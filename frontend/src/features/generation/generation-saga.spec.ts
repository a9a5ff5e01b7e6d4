import type { JobStatusResponse, StartedJob } from '@atelier/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../store/api-client';
import { createAppStore } from '../../app/app-store';
import { GenerationAnswerError, generationApi } from './generation-api';
import { completedJob, jobAnswer } from './generation-test-data';
import { JobFailedError, POLL_INTERVAL_MS } from './generation-saga';
import { generationInfoRequested, generationLeft, jobRequested } from './generation-slice';

// The generation saga, run by the app's own store (root saga included) against a stubbed API, on a
// fake clock so the 3-second polling can be stepped through.

const fox = { image: 'iVBORw0KGgo=', seed: 123, executionTime: 58, delayTime: 3, workerId: 'procedural' };

/** Runs what is due within `ms` on the fake clock, and the promises that settle meanwhile. */
const advance = (ms: number) => vi.advanceTimersByTimeAsync(ms);
/** A call that answers only when told to. */
function pending<T>() {
  let answer: (value: T) => void = () => undefined;
  const promise = new Promise<T>((resolve) => (answer = resolve));
  return { promise, answer: (value: T) => answer(value) };
}

let consoleError: ReturnType<typeof vi.spyOn>;
let consoleWarn: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  vi.useFakeTimers();
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  consoleWarn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('generation saga', () => {
  it('starts a Forge job, asks for its status every 3000 ms while it runs, and stops once COMPLETED', async () => {
    const startJob = vi.spyOn(generationApi, 'startJob').mockResolvedValue({ id: 'job-1' });
    const jobStatus = vi
      .spyOn(generationApi, 'jobStatus')
      .mockResolvedValueOnce(jobAnswer('job-1', 'IN_QUEUE'))
      .mockResolvedValueOnce(jobAnswer('job-1', 'IN_PROGRESS'))
      .mockResolvedValueOnce(completedJob('job-1'));
    const { store } = createAppStore();

    store.dispatch(jobRequested({ page: 'forge', prompt: 'a red fox in snow' }));
    expect(store.getState().generation.forge.status).toBe('waiting');
    await advance(0);
    expect(startJob).toHaveBeenCalledWith('a red fox in snow');
    expect(store.getState().generation.forge).toMatchObject({ status: 'waiting', jobId: 'job-1' });

    expect(POLL_INTERVAL_MS).toBe(3000);
    await advance(2999);
    expect(jobStatus).not.toHaveBeenCalled();
    await advance(1);
    expect(jobStatus).toHaveBeenCalledTimes(1);
    expect(jobStatus).toHaveBeenLastCalledWith('job-1');
    expect(store.getState().generation.forge.status).toBe('waiting');

    await advance(3000);
    expect(jobStatus).toHaveBeenCalledTimes(2);
    expect(store.getState().generation.forge.status).toBe('waiting');

    await advance(3000);
    expect(jobStatus).toHaveBeenCalledTimes(3);
    expect(store.getState().generation.forge).toEqual({ status: 'completed', jobId: 'job-1', result: fox, error: null, retryAfterSeconds: null, rendering: null });

    await advance(30_000);
    expect(jobStatus).toHaveBeenCalledTimes(3);
    expect(consoleError).not.toHaveBeenCalled();
  });

  it("holds each poll's render progress while the job runs, and drops it with the picture", async () => {
    const preview = 'data:image/jpeg;base64,/9j/';
    vi.spyOn(generationApi, 'startJob').mockResolvedValue({ id: 'job-1' });
    vi.spyOn(generationApi, 'jobStatus')
      .mockResolvedValueOnce(jobAnswer('job-1', 'IN_PROGRESS'))
      .mockResolvedValueOnce(jobAnswer('job-1', 'IN_PROGRESS', { progress: 0.25, preview }))
      .mockResolvedValueOnce(jobAnswer('job-1', 'IN_PROGRESS', { progress: 0.75, preview: null }))
      .mockResolvedValueOnce(completedJob('job-1'));
    const { store } = createAppStore();

    store.dispatch(jobRequested({ page: 'forge', prompt: 'fox' }));
    await advance(POLL_INTERVAL_MS);
    expect(store.getState().generation.forge.rendering).toBeNull();
    await advance(POLL_INTERVAL_MS);
    expect(store.getState().generation.forge.rendering).toEqual({ progress: 0.25, preview });
    await advance(POLL_INTERVAL_MS);
    expect(store.getState().generation.forge.rendering).toEqual({ progress: 0.75, preview: null });
    await advance(POLL_INTERVAL_MS);
    expect(store.getState().generation.forge).toMatchObject({ status: 'completed', rendering: null, result: fox });
  });

  it('starts a dream with its mode and polls it the same way', async () => {
    const startDream = vi.spyOn(generationApi, 'startDream').mockResolvedValue({ id: 'dream-1' });
    const startJob = vi.spyOn(generationApi, 'startJob');
    vi.spyOn(generationApi, 'jobStatus').mockResolvedValue(completedJob('dream-1', 7));
    const { store } = createAppStore();

    store.dispatch(jobRequested({ page: 'dream', mode: 'strangedream' }));
    await advance(POLL_INTERVAL_MS);

    expect(startDream).toHaveBeenCalledWith('strangedream');
    expect(startJob).not.toHaveBeenCalled();
    expect(store.getState().generation.dream).toMatchObject({ status: 'completed', result: { seed: 7 } });
    expect(store.getState().generation.forge.status).toBe('idle');
  });

  it.each(['ERROR', 'CANCELLED', 'TIMED_OUT'] as const)(
    'a job ending %s shows the error, logs it and stops polling',
    async (status) => {
      vi.spyOn(generationApi, 'startJob').mockResolvedValue({ id: 'job-1' });
      const jobStatus = vi
        .spyOn(generationApi, 'jobStatus')
        .mockResolvedValueOnce(jobAnswer('job-1', 'IN_PROGRESS'))
        .mockResolvedValue(jobAnswer('job-1', status, { error: 'worker crashed' }));
      const { store } = createAppStore();

      store.dispatch(jobRequested({ page: 'forge', prompt: 'fox' }));
      await advance(2 * POLL_INTERVAL_MS);

      expect(store.getState().generation.forge).toEqual({ status: 'error', jobId: 'job-1', result: null, error: 'JOB_FAILED', retryAfterSeconds: null, rendering: null });
      expect(consoleError).toHaveBeenCalledWith(expect.stringContaining('forge'), expect.any(JobFailedError));
      expect(String(consoleError.mock.lastCall?.[1])).toContain('worker crashed');
      await advance(5 * POLL_INTERVAL_MS);
      expect(jobStatus).toHaveBeenCalledTimes(2);
    },
  );

  it('a new job returns to waiting and abandons the polling of the one before', async () => {
    vi.spyOn(generationApi, 'startJob').mockResolvedValueOnce({ id: 'job-1' }).mockResolvedValueOnce({ id: 'job-2' });
    const jobStatus = vi
      .spyOn(generationApi, 'jobStatus')
      .mockImplementation(async (id) => (id === 'job-1' ? jobAnswer(id, 'IN_PROGRESS') : completedJob(id, 456)));
    const { store } = createAppStore();

    store.dispatch(jobRequested({ page: 'forge', prompt: 'fox' }));
    await advance(POLL_INTERVAL_MS);
    expect(jobStatus).toHaveBeenCalledTimes(1);

    store.dispatch(jobRequested({ page: 'forge', prompt: 'owl' }));
    expect(store.getState().generation.forge).toEqual({ status: 'waiting', jobId: null, result: null, error: null, retryAfterSeconds: null, rendering: null });
    await advance(POLL_INTERVAL_MS);

    expect(jobStatus.mock.calls).toEqual([['job-1'], ['job-2']]);
    expect(store.getState().generation.forge).toMatchObject({ status: 'completed', jobId: 'job-2', result: { seed: 456 } });
    await advance(5 * POLL_INTERVAL_MS);
    expect(jobStatus).toHaveBeenCalledTimes(2);
  });

  it('a job whose start answers after a newer one started is dropped', async () => {
    const first = pending<StartedJob>();
    vi.spyOn(generationApi, 'startJob').mockReturnValueOnce(first.promise).mockResolvedValueOnce({ id: 'job-2' });
    const jobStatus = vi.spyOn(generationApi, 'jobStatus').mockImplementation(async (id) => jobAnswer(id, 'IN_PROGRESS'));
    const { store } = createAppStore();

    store.dispatch(jobRequested({ page: 'forge', prompt: 'fox' }));
    store.dispatch(jobRequested({ page: 'forge', prompt: 'owl' }));
    await advance(0);
    first.answer({ id: 'job-1' });
    await advance(2 * POLL_INTERVAL_MS);

    expect(store.getState().generation.forge.jobId).toBe('job-2');
    expect(jobStatus.mock.calls).toEqual([['job-2'], ['job-2']]);
  });

  it.each([
    ['the start is refused (too many jobs)', 'start', new ApiError(429, 'RATE_LIMITED', 'Too many jobs'), 'RATE_LIMITED'],
    ['the server is unreachable at start', 'start', new ApiError(0, 'NETWORK', 'unreachable'), 'NETWORK'],
    ['the server is unreachable while polling', 'poll', new ApiError(0, 'NETWORK', 'unreachable'), 'NETWORK'],
    ['a status answer is not JSON', 'poll', new SyntaxError('Unexpected token <'), 'BAD_ANSWER'],
    ['a status answer is not a job status', 'poll', new GenerationAnswerError('a job status', {}), 'BAD_ANSWER'],
    ['anything else goes wrong', 'poll', new Error('boom'), 'UNKNOWN'],
  ] as const)('when %s it shows the error with its code and logs the details', async (_case, step, error, code) => {
    const startJob = vi.spyOn(generationApi, 'startJob');
    const jobStatus = vi.spyOn(generationApi, 'jobStatus');
    if (step === 'start') startJob.mockRejectedValue(error);
    else {
      startJob.mockResolvedValue({ id: 'job-1' });
      jobStatus.mockRejectedValue(error);
    }
    const { store } = createAppStore();

    store.dispatch(jobRequested({ page: 'forge', prompt: 'fox' }));
    await advance(POLL_INTERVAL_MS);

    expect(store.getState().generation.forge).toMatchObject({ status: 'error', result: null, error: code });
    expect(consoleError).toHaveBeenCalledWith(expect.any(String), error);
    await advance(5 * POLL_INTERVAL_MS);
    expect(jobStatus).toHaveBeenCalledTimes(step === 'start' ? 0 : 1);
  });

  it('a COMPLETED answer without a picture is an error, not a blank result', async () => {
    vi.spyOn(generationApi, 'startJob').mockResolvedValue({ id: 'job-1' });
    vi.spyOn(generationApi, 'jobStatus').mockResolvedValue(jobAnswer('job-1', 'COMPLETED'));
    const { store } = createAppStore();

    store.dispatch(jobRequested({ page: 'forge', prompt: 'fox' }));
    await advance(POLL_INTERVAL_MS);

    expect(store.getState().generation.forge).toMatchObject({ status: 'error', error: 'BAD_ANSWER' });
    expect(consoleError).toHaveBeenCalledWith(expect.any(String), expect.any(GenerationAnswerError));
  });

  it('leaving the page stops the polling and drops the answer on its way', async () => {
    vi.spyOn(generationApi, 'startJob').mockResolvedValue({ id: 'job-1' });
    const poll = pending<JobStatusResponse>();
    const jobStatus = vi
      .spyOn(generationApi, 'jobStatus')
      .mockResolvedValueOnce(jobAnswer('job-1', 'IN_PROGRESS'))
      .mockReturnValueOnce(poll.promise);
    const { store } = createAppStore();

    store.dispatch(jobRequested({ page: 'forge', prompt: 'fox' }));
    await advance(2 * POLL_INTERVAL_MS);
    expect(jobStatus).toHaveBeenCalledTimes(2);

    store.dispatch(generationLeft({ page: 'forge' }));
    poll.answer(completedJob('job-1'));
    await advance(10 * POLL_INTERVAL_MS);

    expect(jobStatus).toHaveBeenCalledTimes(2);
    expect(store.getState().generation.forge).toEqual({ status: 'idle', jobId: null, result: null, error: null, retryAfterSeconds: null, rendering: null });
  });

  it("keeps the two pages' jobs apart: leaving one does not stop the other", async () => {
    vi.spyOn(generationApi, 'startJob').mockResolvedValue({ id: 'forge-1' });
    vi.spyOn(generationApi, 'startDream').mockResolvedValue({ id: 'dream-1' });
    const jobStatus = vi.spyOn(generationApi, 'jobStatus').mockImplementation(async (id) => jobAnswer(id, 'IN_PROGRESS'));
    const { store } = createAppStore();

    store.dispatch(jobRequested({ page: 'forge', prompt: 'fox' }));
    store.dispatch(jobRequested({ page: 'dream', mode: 'daydream' }));
    await advance(POLL_INTERVAL_MS);
    expect(jobStatus.mock.calls.flat().sort()).toEqual(['dream-1', 'forge-1']);

    store.dispatch(generationLeft({ page: 'forge' }));
    jobStatus.mockClear();
    await advance(2 * POLL_INTERVAL_MS);
    expect(jobStatus.mock.calls).toEqual([['dream-1'], ['dream-1']]);
    expect(store.getState().generation.dream.status).toBe('waiting');
  });

  it('loads who draws the pictures; a failure keeps what it had and only warns', async () => {
    const info = vi
      .spyOn(generationApi, 'info')
      .mockResolvedValueOnce({ renderer: 'workers', models: ['Stable Diffusion 1.5'], gpus: ['RTX 4090'] })
      .mockRejectedValueOnce(new ApiError(0, 'NETWORK', 'unreachable'));
    const { store } = createAppStore();

    store.dispatch(generationInfoRequested());
    await advance(0);
    expect(store.getState().generation.info).toEqual({ renderer: 'workers', models: ['Stable Diffusion 1.5'], gpus: ['RTX 4090'] });

    store.dispatch(generationInfoRequested());
    await advance(0);
    expect(info).toHaveBeenCalledTimes(2);
    expect(store.getState().generation.info).toEqual({ renderer: 'workers', models: ['Stable Diffusion 1.5'], gpus: ['RTX 4090'] });
    expect(consoleWarn).toHaveBeenCalledWith(expect.any(String), expect.any(ApiError));
    expect(consoleError).not.toHaveBeenCalled();
  });
});
