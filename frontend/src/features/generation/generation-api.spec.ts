import type { JobStatusResponse } from '@atelier/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchMock } from '../../test/fetch-mock';
import { ApiError } from '../../store/api-client';
import {
  GenerationAnswerError,
  generatedImageOf,
  generationApi,
  randomExampleNumber,
  renderProgressOf,
} from './generation-api';

// The generation calls go to the generation API, whose base may differ from the social API's.
vi.mock('../../config', () => ({ config: { apiUrl: '/social-api', genApiUrl: 'https://gen.example/api' } }));

const { fetch: fetchStub, answer, lastCall } = fetchMock();
vi.stubGlobal('fetch', fetchStub);
afterEach(() => {
  fetchStub.mockReset();
  vi.restoreAllMocks();
});

const completed: JobStatusResponse = {
  id: 'job-1',
  status: 'COMPLETED',
  output: [{ image: 'iVBORw0KGgo=', seed: 123, url: '/assets/generated/job-1.png' }],
  executionTime: 58,
  delayTime: 3,
  workerId: 'procedural',
  error: null,
  progress: null,
  preview: null,
};

describe('generation api', () => {
  it('posts a prompt to start-job and a mode to start-dream, and answers the job id', async () => {
    answer({ id: 'job-1' });
    await expect(generationApi.startJob('a red fox in snow')).resolves.toEqual({ id: 'job-1' });
    expect(await lastCall()).toEqual({
      url: 'https://gen.example/api/start-job',
      method: 'POST',
      body: JSON.stringify({ prompt: 'a red fox in snow' }),
    });

    answer({ id: 'job-2' });
    await expect(generationApi.startDream('nightmare')).resolves.toEqual({ id: 'job-2' });
    expect(await lastCall()).toEqual({
      url: 'https://gen.example/api/start-dream',
      method: 'POST',
      body: JSON.stringify({ mode: 'nightmare' }),
    });
  });

  it('asks for a job status by id, the id escaped', async () => {
    answer(completed);
    await expect(generationApi.jobStatus('job-1')).resolves.toEqual(completed);
    expect(await lastCall()).toMatchObject({ url: 'https://gen.example/api/job-status/job-1', method: 'GET' });

    // A server from before progress and preview, or with something else in them: not known yet.
    const { progress: _progress, preview: _preview, ...older } = completed;
    answer(older);
    await expect(generationApi.jobStatus('job-1')).resolves.toEqual(completed);
    answer({ ...completed, progress: '50%', preview: 42 });
    await expect(generationApi.jobStatus('job-1')).resolves.toEqual(completed);

    answer({ ...completed, id: 'a/b', status: 'IN_QUEUE', output: [] });
    await generationApi.jobStatus('a/b');
    expect((await lastCall()).url).toBe('https://gen.example/api/job-status/a%2Fb');
  });

  it('asks for the model and GPUs', async () => {
    answer({ renderer: 'workers', models: ['Stable Diffusion 1.5'], gpus: ['RTX 4090'] });
    await expect(generationApi.info()).resolves.toEqual({ renderer: 'workers', models: ['Stable Diffusion 1.5'], gpus: ['RTX 4090'] });
    expect(await lastCall()).toMatchObject({ url: 'https://gen.example/api/generation/info', method: 'GET' });
  });

  it("refuses a non-2xx answer with the server's code, and no answer at all as NETWORK", async () => {
    answer({ statusCode: 429, code: 'RATE_LIMITED', message: 'Too many jobs; try again in a minute' }, 429);
    await expect(generationApi.startJob('fox')).rejects.toMatchObject({ status: 429, code: 'RATE_LIMITED' });

    answer({ statusCode: 404, code: 'NOT_FOUND', message: 'No such job' }, 404);
    await expect(generationApi.jobStatus('gone')).rejects.toMatchObject({ status: 404, code: 'NOT_FOUND' });

    fetchStub.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const unreachable = await generationApi.startDream('daydream').catch((error: unknown) => error);
    expect(unreachable).toBeInstanceOf(ApiError);
    expect(unreachable).toMatchObject({ code: 'NETWORK' });
  });

  it('refuses a 2xx answer that is not JSON, or not what the call promises', async () => {
    answer('<html>gateway</html>');
    await expect(generationApi.startJob('fox')).rejects.toBeInstanceOf(SyntaxError);

    answer({ jobId: 'job-1' });
    await expect(generationApi.startJob('fox')).rejects.toBeInstanceOf(GenerationAnswerError);
    answer({ id: '' });
    await expect(generationApi.startDream('daydream')).rejects.toBeInstanceOf(GenerationAnswerError);

    answer({ ...completed, status: 'DONE' });
    await expect(generationApi.jobStatus('job-1')).rejects.toBeInstanceOf(GenerationAnswerError);

    answer({ ...completed, output: null });
    await expect(generationApi.jobStatus('job-1')).rejects.toBeInstanceOf(GenerationAnswerError);
    answer({ ...completed, output: [{ image: 'iVBORw0KGgo=', seed: 'random' }] });
    await expect(generationApi.jobStatus('job-1')).rejects.toBeInstanceOf(GenerationAnswerError);

    answer({ renderer: 'workers', models: ['Stable Diffusion 1.5'], gpus: 'RTX 4090' });
    await expect(generationApi.info()).rejects.toBeInstanceOf(GenerationAnswerError);
    // The old answer, which claimed a model whoever drew the pictures.
    answer({ model: 'Stable Diffusion 1.5', gpus: [] });
    await expect(generationApi.info()).rejects.toBeInstanceOf(GenerationAnswerError);
  });

  it("takes a finished job's first picture with its seed, timings and worker", () => {
    expect(generatedImageOf(completed)).toEqual({
      image: 'iVBORw0KGgo=',
      seed: 123,
      executionTime: 58,
      delayTime: 3,
      workerId: 'procedural',
    });
    expect(() => generatedImageOf({ ...completed, output: [] })).toThrow(GenerationAnswerError);
    expect(() =>
      generatedImageOf({ ...completed, output: [{ ...completed.output[0], image: '' }] }),
    ).toThrow(GenerationAnswerError);
  });

  it("reads a running job's progress and preview, and anything else as not known yet", () => {
    const running = { ...completed, status: 'IN_PROGRESS' as const, output: [] };
    const preview = 'data:image/jpeg;base64,/9j/4AAQ';
    expect(renderProgressOf({ ...running, progress: 0.42, preview })).toEqual({ progress: 0.42, preview });
    expect(renderProgressOf({ ...running, progress: 0.5, preview: null })).toEqual({ progress: 0.5, preview: null });
    expect(renderProgressOf({ ...running, progress: 1.5, preview: 'javascript:alert(1)' })).toEqual({ progress: 1, preview: null });
    expect(renderProgressOf(running)).toBeNull();
    expect(renderProgressOf({ ...running, progress: Number.NaN, preview })).toBeNull();
    // A server from before these fields.
    const { progress: _progress, preview: _preview, ...older } = running;
    expect(renderProgressOf(older as unknown as JobStatusResponse)).toBeNull();
  });

  it('picks each of a page\'s examples', () => {
    const random = vi.spyOn(Math, 'random');
    random.mockReturnValue(0);
    expect([randomExampleNumber('forge'), randomExampleNumber('dream')]).toEqual([1, 1]);
    random.mockReturnValue(0.9999);
    expect([randomExampleNumber('forge'), randomExampleNumber('dream')]).toEqual([5, 9]);
  });
});
