import { describe, expect, it } from 'vitest';
import type { GenerationInfo } from '@atelier/contracts';
import type { GeneratedImage } from './generation-api';
import {
  generationInfoLoaded,
  generationLeft,
  generationReducer,
  initialGenerationState,
  jobCompleted,
  jobFailed,
  jobProgressed,
  jobRequested,
  jobStarted,
  type GenerationState,
} from './generation-slice';

const reduce = (...actions: Parameters<typeof generationReducer>[1][]): GenerationState =>
  actions.reduce(generationReducer, initialGenerationState);

const fox: GeneratedImage = { image: 'Rk9Y', seed: 123, executionTime: 58, delayTime: 3, workerId: 'procedural' };
const idle = { status: 'idle', jobId: null, result: null, error: null, retryAfterSeconds: null, rendering: null };

describe('generation slice', () => {
  it('starts with both pages idle (showing an example) and no hardware info', () => {
    expect(generationReducer(undefined, { type: 'init' })).toEqual({ forge: idle, dream: idle, info: null });
  });

  it('waits from the request on, remembers the job id, then holds the picture', () => {
    const waiting = reduce(jobRequested({ page: 'forge', prompt: 'fox' }));
    expect(waiting.forge).toEqual({ status: 'waiting', jobId: null, result: null, error: null, retryAfterSeconds: null, rendering: null });

    const started = generationReducer(waiting, jobStarted({ page: 'forge', id: 'job-1' }));
    expect(started.forge).toEqual({ status: 'waiting', jobId: 'job-1', result: null, error: null, retryAfterSeconds: null, rendering: null });

    const done = generationReducer(started, jobCompleted({ page: 'forge', result: fox }));
    expect(done.forge).toEqual({ status: 'completed', jobId: 'job-1', result: fox, error: null, retryAfterSeconds: null, rendering: null });
  });

  it("holds a waiting job's render progress, and drops it once the job is finished", () => {
    const rendering = { progress: 0.4, preview: 'data:image/jpeg;base64,/9j/' };
    const started = reduce(jobRequested({ page: 'forge', prompt: 'fox' }), jobStarted({ page: 'forge', id: 'job-1' }));
    const progressed = generationReducer(started, jobProgressed({ page: 'forge', rendering }));
    expect(progressed.forge).toEqual({ status: 'waiting', jobId: 'job-1', result: null, error: null, retryAfterSeconds: null, rendering });

    expect(generationReducer(progressed, jobCompleted({ page: 'forge', result: fox })).forge.rendering).toBeNull();
    expect(generationReducer(progressed, jobFailed({ page: 'forge', error: 'JOB_FAILED' })).forge.rendering).toBeNull();
    expect(generationReducer(progressed, jobRequested({ page: 'forge', prompt: 'owl' })).forge.rendering).toBeNull();
    // A late poll does not bring it back to a page that is no longer waiting.
    const idleAgain = generationReducer(progressed, generationLeft({ page: 'forge' }));
    expect(generationReducer(idleAgain, jobProgressed({ page: 'forge', rendering })).forge).toEqual(idle);
  });

  it('a new job replaces the picture shown, or a failure, with waiting', () => {
    const shown = reduce(jobRequested({ page: 'dream', mode: 'daydream' }), jobCompleted({ page: 'dream', result: fox }));
    expect(generationReducer(shown, jobRequested({ page: 'dream', mode: 'nightmare' })).dream).toEqual({
      ...idle,
      status: 'waiting',
    });

    const failed = reduce(jobRequested({ page: 'dream', mode: 'daydream' }), jobFailed({ page: 'dream', error: 'JOB_FAILED' }));
    expect(failed.dream).toEqual({ status: 'error', jobId: null, result: null, error: 'JOB_FAILED', retryAfterSeconds: null, rendering: null });
    expect(generationReducer(failed, jobRequested({ page: 'dream', mode: 'nicedream' })).dream).toEqual({
      ...idle,
      status: 'waiting',
    });
  });

  it("keeps each page's job to itself", () => {
    const state = reduce(
      jobRequested({ page: 'forge', prompt: 'fox' }),
      jobCompleted({ page: 'forge', result: fox }),
      jobRequested({ page: 'dream', mode: 'strangedream' }),
    );
    expect(state.forge.status).toBe('completed');
    expect(state.dream.status).toBe('waiting');
    expect(generationReducer(state, generationLeft({ page: 'dream' })).forge).toEqual(state.forge);
  });

  it('leaving a page starts it over with an example', () => {
    const waiting = reduce(jobRequested({ page: 'forge', prompt: 'fox' }), jobStarted({ page: 'forge', id: 'job-1' }));
    expect(generationReducer(waiting, generationLeft({ page: 'forge' })).forge).toEqual(idle);
  });

  it('holds the hardware info the server reports', () => {
    const info: GenerationInfo = { renderer: 'workers', models: ['Stable Diffusion 1.5'], gpus: ['RTX 4090'] };
    expect(reduce(generationInfoLoaded(info)).info).toEqual(info);
  });
});
