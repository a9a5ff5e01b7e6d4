import type { ErrorBody, FieldError } from '@atelier/contracts';
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

function urlFor(base: string, path: string, query: ApiRequest['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined) params.set(key, String(value));
  const search = params.toString();
  return `${base}${path}${search ? `?${search}` : ''}`;
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

/** One call to the social API (VITE_API_URL) or the given `base`; any non-2xx answer throws an ApiError. */
export async function apiRequest<T>(path: string, request: ApiRequest = {}): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = {};
  if (request.token) headers.Authorization = `Bearer ${request.token}`;
  let body: BodyInit | undefined;
  if (request.form) body = request.form;
  else if (request.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(request.json);
  }
  let response: Response;
  try {
    const url = urlFor(request.base ?? config.apiUrl, path, request.query);
    response = await fetch(url, { method: request.method ?? 'GET', headers, body });
  } catch {
    throw new ApiError(0, 'NETWORK', 'The server could not be reached; check your connection and try again');
  }
  if (!response.ok) throw await errorFrom(response);
  const data = (response.status === 204 ? undefined : await response.json()) as T;
  return { data, headers: response.headers };
}
