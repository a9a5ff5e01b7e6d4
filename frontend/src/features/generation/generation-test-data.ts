import type { JobStatusResponse } from '@atelier/contracts';

/** A GET /job-status answer as the backend sends it; `more` fills in what the status has. */
export const jobAnswer = (id: string, status: JobStatusResponse['status'], more: Partial<JobStatusResponse> = {}): JobStatusResponse => ({
  id,
  status,
  output: [],
  executionTime: null,
  delayTime: null,
  workerId: null,
  error: null,
  progress: null,
  preview: null,
  ...more,
});

/** A finished job with a (tiny) picture and its numbers. */
export const completedJob = (id: string, seed = 123): JobStatusResponse =>
  jobAnswer(id, 'COMPLETED', {
    output: [{ image: 'iVBORw0KGgo=', seed, url: `/assets/generated/${id}.png` }],
    executionTime: 58,
    delayTime: 3,
    workerId: 'procedural',
  });
