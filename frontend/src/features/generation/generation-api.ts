import {
  EXAMPLE_IMAGE_COUNTS,
  type DreamMode,
  type ExamplePage,
  type GenerationInfo,
  type JobStatusResponse,
  type StartedJob,
} from '@atelier/contracts';
import { config } from '../../config';
import { apiRequest, type ApiRequest } from '../../store/api-client';

// The Forge and Dream-o-matic calls (docs/requirements/ai-demos.md#jobs), on the generation API base
// (VITE_GEN_API_URL). Every answer is checked against its contract schema before a page relies on it.

/** The server answered 2xx with something that is not what the call promises. */
export class GenerationAnswerError extends Error {
  constructor(
    readonly what: string,
    readonly answer: unknown,
  ) {
    super(`The generation answer is not ${what}`);
    this.name = 'GenerationAnswerError';
  }
}

/** A finished picture and how it was made: what the result area and its stats line show. */
export interface GeneratedImage {
  /** Base64 PNG without a data: prefix. */
  image: string;
  seed: number;
  executionTime: number | null;
  delayTime: number | null;
  workerId: string | null;
}

/** How far a running job's render is, as the server reports it while a GPU worker says. */
export interface RenderProgress {
  /** 0..1. */
  progress: number;
  /** A small picture of the render so far, as a data: URL; null when the worker sends none. */
  preview: string | null;
}

type AnswerReaders = typeof import('./generation-answers');

async function checked<T>(
  what: string,
  readerOf: (readers: AnswerReaders) => (answer: unknown) => T | undefined,
  path: string,
  request: ApiRequest = {},
): Promise<T> {
  const { data } = await apiRequest<unknown>(path, { ...request, base: config.genApiUrl });
  const answer = readerOf(await import('./generation-answers'))(data);
  if (answer === undefined) throw new GenerationAnswerError(what, data);
  return answer;
}

/** The picture of a COMPLETED job: its first output, with the job's timings and worker. */
export function generatedImageOf(job: JobStatusResponse): GeneratedImage {
  const [first] = job.output;
  if (first === undefined || first.image === '') throw new GenerationAnswerError('a finished picture', job);
  return { image: first.image, seed: first.seed, executionTime: job.executionTime, delayTime: job.delayTime, workerId: job.workerId };
}

/**
 * The render progress of a job still running, or null while nothing is known (a server without these
 * extras to the original client's fields answers null for both: see generation-answers).
 */
export function renderProgressOf({ progress, preview }: JobStatusResponse): RenderProgress | null {
  if (typeof progress !== 'number' || !Number.isFinite(progress)) return null;
  return {
    progress: Math.min(1, Math.max(0, progress)),
    // Only a picture: the value goes into an img's src.
    preview: preview?.startsWith('data:image/') ? preview : null,
  };
}

export const generationApi = {
  /** Queues a Forge job for a prompt. */
  startJob(prompt: string): Promise<StartedJob> {
    return checked('a started job', (readers) => readers.readStartedJob, '/start-job', { method: 'POST', json: { prompt } });
  },

  /** Queues a Dream-o-matic job for one of the four modes. */
  startDream(mode: DreamMode): Promise<StartedJob> {
    return checked('a started job', (readers) => readers.readStartedJob, '/start-dream', { method: 'POST', json: { mode } });
  },

  jobStatus(id: string): Promise<JobStatusResponse> {
    return checked('a job status', (readers) => readers.readJobStatus, `/job-status/${encodeURIComponent(id)}`);
  },

  /** Who draws the pictures, as the pages' header says: workers' models and GPUs, or the built-in renderer. */
  info(): Promise<GenerationInfo> {
    return checked('generation info', (readers) => readers.readGenerationInfo, '/generation/info');
  },
};

/** One of the page's example pictures, chosen at random (docs/requirements/ai-demos.md#forge). */
export const randomExampleNumber = (page: ExamplePage) => 1 + Math.floor(Math.random() * EXAMPLE_IMAGE_COUNTS[page]);
