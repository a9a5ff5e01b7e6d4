import { call, put, select } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import { ApiError } from './api-client';
import { selectToken } from './session-selectors';
import { setLogout } from './session-slice';

/**
 * Calls the API with the stored token. A 401 means the session is over (expired, or the member was
 * removed): the session is cleared, which sends members-only pages to /lobby, and the error is rethrown.
 */
export function* withToken<T>(request: (token: string) => Promise<T>): SagaIterator<T> {
  const token: string | null = yield select(selectToken);
  if (!token) throw new ApiError(401, 'UNAUTHORIZED', 'Sign in to do this');
  try {
    return (yield call(request, token)) as T;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) yield put(setLogout());
    throw error;
  }
}

/** docs/requirements/ai-demos.md#jobs: what generator, dream and Bot Folk pages show for any failure, and the fallback everywhere. */
export const FAILURE_MESSAGE = 'Something went wrong. Please try again.';

/** The words to show for a failed call. */
export function errorMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : FAILURE_MESSAGE;
}

/** How long a refused call was asked to wait: the server's Retry-After on a 429, else null. */
export function retryAfterOf(error: unknown): number | null {
  return error instanceof ApiError && error.code === 'RATE_LIMITED' ? error.retryAfterSeconds : null;
}

const counted = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;

/** What a visitor over a rate limit reads: how long to wait, when the server said (Retry-After). */
export function rateLimitMessage(retryAfterSeconds: number | null): string {
  if (retryAfterSeconds === null) return 'Too many requests. Please wait a moment and try again.';
  const wait =
    retryAfterSeconds < 60 ? counted(Math.max(1, retryAfterSeconds), 'second') : counted(Math.ceil(retryAfterSeconds / 60), 'minute');
  return `Too many requests. Please wait ${wait} and try again.`;
}

/** What the generator, dream and Bot Folk pages show for a failure: the wait on a 429, else the required sentence. */
export function generatorFailureMessage(code: string | null, retryAfterSeconds: number | null): string {
  return code === 'RATE_LIMITED' ? rateLimitMessage(retryAfterSeconds) : FAILURE_MESSAGE;
}
