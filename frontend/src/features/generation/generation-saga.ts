import type { Action } from '@reduxjs/toolkit';
import { FINISHED_JOB_STATUSES, type GenerationInfo, type JobStatusResponse, type StartedJob } from '@atelier/contracts';
import { call, delay, put, takeLatest } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import { ApiError } from '../../store/api-client';
import { retryAfterOf } from '../../store/api-saga';
import { GenerationAnswerError, generatedImageOf, generationApi, renderProgressOf } from './generation-api';
import {
  generationInfoLoaded,
  generationInfoRequested,
  generationLeft,
  jobCompleted,
  jobFailed,
  jobProgressed,
  jobRequested,
  jobStarted,
  type GenerationErrorCode,
  type GenerationPage,
  type JobRequest,
} from './generation-slice';

/** docs/requirements/ai-demos.md#jobs: a started job's status is asked for every 3 seconds. */
export const POLL_INTERVAL_MS = 3000;

const PAGES: readonly GenerationPage[] = ['forge', 'dream'];

/** A job that finished without a picture: ERROR, CANCELLED or TIMED_OUT. */
export class JobFailedError extends Error {
  constructor(readonly job: JobStatusResponse) {
    super(`Job ${job.id} ended ${job.status}${job.error ? `: ${job.error}` : ''}`);
    this.name = 'JobFailedError';
  }
}

function errorCodeOf(error: unknown): GenerationErrorCode {
  if (error instanceof ApiError) return error.code;
  if (error instanceof JobFailedError) return 'JOB_FAILED';
  // A 2xx answer whose body is not JSON, or not what the call promises.
  if (error instanceof SyntaxError || error instanceof GenerationAnswerError) return 'BAD_ANSWER';
  return 'UNKNOWN';
}

const startJob = (request: JobRequest): Promise<StartedJob> =>
  request.page === 'forge' ? generationApi.startJob(request.prompt) : generationApi.startDream(request.mode);

/** Starts the job, then asks for its status until it is finished. */
function* runJob(request: JobRequest): SagaIterator {
  const { page } = request;
  try {
    const { id }: StartedJob = yield call(startJob, request);
    yield put(jobStarted({ page, id }));
    for (;;) {
      yield delay(POLL_INTERVAL_MS);
      const job: JobStatusResponse = yield call(generationApi.jobStatus, id);
      if (job.status === 'COMPLETED') {
        yield put(jobCompleted({ page, result: generatedImageOf(job) }));
        return;
      }
      if (FINISHED_JOB_STATUSES.includes(job.status)) throw new JobFailedError(job);
      // IN_QUEUE, IN_PROGRESS: keep waiting, showing how far the render is once the server knows.
      yield put(jobProgressed({ page, rendering: renderProgressOf(job) }));
    }
  } catch (error) {
    // docs/requirements/ai-demos.md#jobs: the page shows one sentence; the details go to the console.
    yield call([console, console.error], `Generation (${page}): the image could not be made`, error);
    yield put(jobFailed({ page, error: errorCodeOf(error), retryAfterSeconds: retryAfterOf(error) }));
  }
}

function* answer(action: Action): SagaIterator {
  // Leaving the page only cancels the job still being polled (takeLatest does that).
  if (jobRequested.match(action)) yield call(runJob, action.payload);
}

/** A page's own requests and its leaving: a new one cancels the polling of the one before. */
const forPage = (page: GenerationPage) => (action: Action) =>
  (jobRequested.match(action) || generationLeft.match(action)) && action.payload.page === page;

function* loadInfo(): SagaIterator {
  try {
    const info: GenerationInfo = yield call(generationApi.info);
    yield put(generationInfoLoaded(info));
  } catch (error) {
    // The header keeps naming the defaults of docs/requirements/ai-demos.md#forge; nothing the visitor needs to act on.
    yield call([console, console.warn], 'Generation: the model and GPU info could not be loaded', error);
  }
}

export function* generationSaga(): SagaIterator {
  // Each page has its own latest job, so a Forge job never cancels a dream.
  for (const page of PAGES) yield takeLatest(forPage(page), answer);
  yield takeLatest(generationInfoRequested.type, loadInfo);
}
