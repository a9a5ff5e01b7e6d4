import type { ErrorBody, FieldError } from '@atelier/contracts';
import type { ApiRoutes } from '@atelier/contracts/api-types';
import createClient, { type Middleware } from 'openapi-fetch';
import { config } from '../config';

/** A failed API call: the server's error body, or `NETWORK` when no answer came at all. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorBody['code'] | 'NETWORK',
    message: string,
    readonly details: FieldError[] = [],
    /** How long the server asked the client to wait (its Retry-After), when it said. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  token?: string | null;
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as multipart/form-data (the browser sets the boundary). */
  form?: FormData;
  query?: Record<string, string | number | undefined>;
  /** The API base to call; the social API (VITE_API_URL) unless given. */
  base?: string;
}

export interface ApiResponse<T> {
  data: T;
  headers: Headers;
}

/**
 * A Retry-After header as seconds from `now`: either form HTTP allows (delay-seconds, or an HTTP
 * date, RFC 9110 section 10.2.3); null when there is none or it cannot be read.
 */
export function retryAfterSecondsOf(value: string | null, now = Date.now()): number | null {
  const text = value?.trim();
  if (!text) return null;
  if (/^\d+$/.test(text)) return Number(text);
  // An HTTP date names its day and month ("Thu, 26 Nov 2026 12:01:30 GMT"); Date.parse alone would take "-5" for a year.
  const date = /[a-z]/i.test(text) ? Date.parse(text) : Number.NaN;
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - now) / 1000));
}

async function errorFrom(response: Response): Promise<ApiError> {
  const body = (await response.json().catch(() => null)) as Partial<ErrorBody> | null;
  const retryAfter = retryAfterSecondsOf(response.headers.get('Retry-After'));
  if (body && typeof body.code === 'string' && typeof body.message === 'string') {
    return new ApiError(response.status, body.code, body.message, body.details ?? [], retryAfter);
  }
  return new ApiError(response.status, 'INTERNAL', `The server answered ${response.status}`, [], retryAfter);
}

/** Every failure as an ApiError, so the sagas see one shape: no answer (NETWORK) or any non-2xx answer. */
const failuresAsApiErrors: Middleware = {
  onError: () => new ApiError(0, 'NETWORK', 'The server could not be reached; check your connection and try again'),
  async onResponse({ response }) {
    if (!response.ok) throw await errorFrom(response);
  },
};

/**
 * The API client, typed by the API's OpenAPI document: call it with the route and a `baseUrl`
 * (config.apiUrl or config.genApiUrl, read per call). A relative base is resolved against the page,
 * since a Request needs an absolute URL outside the browser (the specs' jsdom).
 */
// fetch is looked up at each call, not once here, so a stand-in installed later (the specs') is used.
export const api = createClient<ApiRoutes>({ fetch: (request) => globalThis.fetch(request) });
api.use(failuresAsApiErrors);

export const baseUrlOf = (base: string): string =>
  typeof location === 'undefined' ? base : new URL(base, location.href).href.replace(/\/$/, '');

/** The Authorization header of a signed-in member's call. */
export const bearer = (token: string | null | undefined): Record<string, string> => (token ? { Authorization: `Bearer ${token}` } : {});

/** What a call through `api` answered: every failure has thrown already (the middleware), so the data is there. */
export async function answerOf<T>(call: Promise<{ data?: T; response: Response }>): Promise<ApiResponse<T>> {
  const { data, response } = await call;
  return { data: data as T, headers: response.headers };
}

/**
 * One call by path, for callers that build the path themselves; any non-2xx answer throws an
 * ApiError. The path is the API's, but checked only at run time: prefer `api` where the route is known.
 */
export async function apiRequest<T>(path: string, request: ApiRequest = {}): Promise<ApiResponse<T>> {
  const { data, response } = await api.request((request.method ?? 'GET').toLowerCase() as 'get', path as never, {
    baseUrl: baseUrlOf(request.base ?? config.apiUrl),
    headers: bearer(request.token),
    params: { query: request.query },
    body: request.form ?? request.json,
  } as never);
  return { data: data as T, headers: response.headers };
}
