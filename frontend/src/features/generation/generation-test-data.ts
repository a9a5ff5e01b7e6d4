import { EXAMPLE_IMAGE_COUNTS, EXAMPLE_PAGES, type GenerationExamples, type JobStatusResponse } from '@atelier/contracts';

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

/** GET /generation/examples as a fresh site answers it: Atelier's own pictures, each named by its model. */
export const builtInExamples = (): GenerationExamples =>
  Object.fromEntries(
    EXAMPLE_PAGES.map((page) => [
      page,
      Array.from({ length: EXAMPLE_IMAGE_COUNTS[page] }, (_, index) => ({
        position: index + 1,
        url: `/assets/examples/${page}-${index + 1}.png`,
        prompt: `${page} prompt ${index + 1}`,
        model: 'Atelier Procedural v1',
        width: 768,
        height: 768,
      })),
    ]),
  ) as GenerationExamples;
