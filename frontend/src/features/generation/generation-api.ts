import {
  EXAMPLE_IMAGE_COUNTS,
  JOB_STATUSES,
  type DreamMode,
  type ExamplePage,
  type GenerationInfo,
  type GenerationRenderer,
  type JobStatusResponse,
  type StartedJob,
} from '@atelier/contracts';
import { config } from '../../config';
import { apiRequest, type ApiRequest } from '../../store/api-client';

// The Forge and Dream-o-matic calls (docs/requirements/ai-demos.md#jobs), on the generation API base
// (VITE_GEN_API_URL). Every answer is checked before a page relies on it.

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

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isJobStatus = (value: unknown): value is JobStatusResponse['status'] =>
  (JOB_STATUSES as readonly unknown[]).includes(value);
const isNumberOrNull = (value: unknown) => value === null || typeof value === 'number';

async function checked<T>(what: string, isValid: (answer: unknown) => boolean, path: string, request: ApiRequest = {}) {
  const { data } = await apiRequest<unknown>(path, { ...request, base: config.genApiUrl });
  if (!isValid(data)) throw new GenerationAnswerError(what, data);
  return data as T;
}

const isStartedJob = (answer: unknown) => isObject(answer) && typeof answer.id === 'string' && answer.id !== '';

const isJobStatusResponse = (answer: unknown) =>
  isObject(answer) && typeof answer.id === 'string' && isJobStatus(answer.status) && Array.isArray(answer.output);

const GENERATION_RENDERERS: readonly unknown[] = ['workers', 'built-in', 'none'] satisfies GenerationRenderer[];
const isStringList = (value: unknown): value is string[] => Array.isArray(value) && value.every((item) => typeof item === 'string');

export const isGenerationInfo = (answer: unknown): answer is GenerationInfo =>
  isObject(answer) && GENERATION_RENDERERS.includes(answer.renderer) && isStringList(answer.models) && isStringList(answer.gpus);

/** The picture of a COMPLETED job: its first output, with the job's timings and worker. */
export function generatedImageOf(job: JobStatusResponse): GeneratedImage {
  const [first] = job.output;
  if (
    !isObject(first) ||
    typeof first.image !== 'string' ||
    first.image === '' ||
    typeof first.seed !== 'number' ||
    !isNumberOrNull(job.executionTime) ||
    !isNumberOrNull(job.delayTime)
  ) {
    throw new GenerationAnswerError('a finished picture', job);
  }
  return {
    image: first.image,
    seed: first.seed,
    executionTime: job.executionTime,
    delayTime: job.delayTime,
    workerId: typeof job.workerId === 'string' ? job.workerId : null,
  };
}

/**
 * The render progress of a job still running, or null while nothing is known. The fields are extras
 * beyond the original client's, so a server without them (or with something else in them) just means unknown.
 */
export function renderProgressOf(job: JobStatusResponse): RenderProgress | null {
  const { progress, preview } = job as Partial<JobStatusResponse>;
  if (typeof progress !== 'number' || !Number.isFinite(progress)) return null;
  return {
    progress: Math.min(1, Math.max(0, progress)),
    // Only a picture: the value goes into an img's src.
    preview: typeof preview === 'string' && preview.startsWith('data:image/') ? preview : null,
  };
}

export const generationApi = {
  /** Queues a Forge job for a prompt. */
  startJob(prompt: string): Promise<StartedJob> {
    return checked('a started job', isStartedJob, '/start-job', { method: 'POST', json: { prompt } });
  },

  /** Queues a Dream-o-matic job for one of the four modes. */
  startDream(mode: DreamMode): Promise<StartedJob> {
    return checked('a started job', isStartedJob, '/start-dream', { method: 'POST', json: { mode } });
  },

  jobStatus(id: string): Promise<JobStatusResponse> {
    return checked('a job status', isJobStatusResponse, `/job-status/${encodeURIComponent(id)}`);
  },

  /** Who draws the pictures, as the pages' header says: workers' models and GPUs, or the built-in renderer. */
  info(): Promise<GenerationInfo> {
    return checked('generation info', isGenerationInfo, '/generation/info');
  },
};

/** One of the page's example pictures, chosen at random (docs/requirements/ai-demos.md#forge). */
export const randomExampleNumber = (page: ExamplePage) => 1 + Math.floor(Math.random() * EXAMPLE_IMAGE_COUNTS[page]);
