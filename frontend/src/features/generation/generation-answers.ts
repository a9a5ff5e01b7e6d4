import type { GenerationInfo, JobStatusResponse, StartedJob } from '@atelier/contracts';
import { generationInfoSchema, jobStatusResponseSchema, startedJobSchema } from '@atelier/contracts/schemas';

// The generation API's answers read with the contracts' schemas. A module of its own: generation-api
// loads it (and zod) when an answer arrives, not with the app's first script.

const startedJob = startedJobSchema.refine(({ id }) => id !== '');

// Fields the pages read as "not known" when absent or malformed, as the hand-written checks before
// these did: servers from before progress and preview leave those out.
const { workerId, error, progress, preview } = jobStatusResponseSchema.shape;
const jobStatus = jobStatusResponseSchema.extend({
  workerId: workerId.catch(null),
  error: error.catch(null),
  progress: progress.catch(null),
  preview: preview.catch(null),
});

/** Each reads an answer as its schema says, or undefined when it is not one. */
export const readStartedJob = (answer: unknown): StartedJob | undefined => startedJob.safeParse(answer).data;
export const readJobStatus = (answer: unknown): JobStatusResponse | undefined => jobStatus.safeParse(answer).data;
export const readGenerationInfo = (answer: unknown): GenerationInfo | undefined => generationInfoSchema.safeParse(answer).data;
