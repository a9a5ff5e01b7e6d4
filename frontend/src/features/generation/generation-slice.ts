import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { DreamMode, ExamplePage, GenerationInfo } from '@atelier/contracts';
import type { ApiError } from '../../store/api-client';
import type { GeneratedImage, RenderProgress } from './generation-api';

// The Forge and Dream-o-matic pages' jobs (docs/requirements/ai-demos.md#jobs), one per page, and the hardware both name.

/** The page a job belongs to: the Forge generator or the Dream-o-matic. */
export type GenerationPage = ExamplePage;

/**
 * Why the last job failed: the server's code (`NETWORK` when unreachable), `JOB_FAILED` when the job
 * ended in ERROR, CANCELLED or TIMED_OUT, `BAD_ANSWER` when an answer was not what the call promises,
 * `UNKNOWN` otherwise. The pages word them all the same.
 */
export type GenerationErrorCode = ApiError['code'] | 'JOB_FAILED' | 'BAD_ANSWER' | 'UNKNOWN';

export interface GenerationJobState {
  /** idle shows an example picture; waiting from the request until the job is finished; then completed or error. */
  status: 'idle' | 'waiting' | 'completed' | 'error';
  /** The job being polled, once the server has accepted it. */
  jobId: string | null;
  result: GeneratedImage | null;
  error: GenerationErrorCode | null;
  /** After a RATE_LIMITED start: how long the server asked to wait (its Retry-After), when it said. */
  retryAfterSeconds: number | null;
  /** While waiting: how far the render is, once the server knows (the spinner grid until then). */
  rendering: RenderProgress | null;
}

export interface GenerationState {
  forge: GenerationJobState;
  dream: GenerationJobState;
  /** The model and GPUs the server reports; null until known (the pages name the defaults of docs/requirements/ai-demos.md#forge). */
  info: GenerationInfo | null;
}

/** What to generate: a Forge prompt, or a Dream-o-matic mode. */
export type JobRequest = { page: 'forge'; prompt: string } | { page: 'dream'; mode: DreamMode };

export const initialJobState: GenerationJobState = {
  status: 'idle',
  jobId: null,
  result: null,
  error: null,
  retryAfterSeconds: null,
  rendering: null,
};

export const initialGenerationState: GenerationState = { forge: initialJobState, dream: initialJobState, info: null };

const generationSlice = createSlice({
  name: 'generation',
  initialState: initialGenerationState,
  reducers: {
    /** A new job replaces whatever the page showed, and any job still running, with waiting. */
    jobRequested(state, action: PayloadAction<JobRequest>) {
      state[action.payload.page] = { ...initialJobState, status: 'waiting' };
    },
    jobStarted(state, action: PayloadAction<{ page: GenerationPage; id: string }>) {
      state[action.payload.page].jobId = action.payload.id;
    },
    /** A poll of a job still running: how far its render is, or null while unknown. */
    jobProgressed(state, action: PayloadAction<{ page: GenerationPage; rendering: RenderProgress | null }>) {
      const { page, rendering } = action.payload;
      if (state[page].status === 'waiting') state[page].rendering = rendering;
    },
    jobCompleted(state, action: PayloadAction<{ page: GenerationPage; result: GeneratedImage }>) {
      const { page, result } = action.payload;
      state[page] = { ...state[page], status: 'completed', result, error: null, retryAfterSeconds: null, rendering: null };
    },
    jobFailed(state, action: PayloadAction<{ page: GenerationPage; error: GenerationErrorCode; retryAfterSeconds?: number | null }>) {
      const { page, error, retryAfterSeconds = null } = action.payload;
      state[page] = { ...state[page], status: 'error', result: null, error, retryAfterSeconds, rendering: null };
    },
    /** The page was left: its job is abandoned, and a later visit starts over with an example. */
    generationLeft(state, action: PayloadAction<{ page: GenerationPage }>) {
      state[action.payload.page] = initialJobState;
    },
    generationInfoRequested() {},
    generationInfoLoaded(state, action: PayloadAction<GenerationInfo>) {
      state.info = action.payload;
    },
  },
});

export const {
  jobRequested,
  jobStarted,
  jobProgressed,
  jobCompleted,
  jobFailed,
  generationLeft,
  generationInfoRequested,
  generationInfoLoaded,
} = generationSlice.actions;
export const generationReducer = generationSlice.reducer;

// This feature's key in the app's state; app/app-store mounts generationReducer under it.
declare module '../../store/root-state' {
  interface RootState {
    generation: GenerationState;
  }
}
