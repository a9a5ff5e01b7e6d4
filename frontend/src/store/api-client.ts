import type { ErrorBody, FieldError } from '@atelier/contracts';
import { config } from '../config';

/** A failed API call: the server's error body, or `NETWORK` when no answer came at all. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorBody['code'] | 'NETWORK',
    message: string,
    readonly details: FieldError[] = [],
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

async function errorFrom(response: Response): Promise<ApiError> {
  const body = (await response.json().catch(() => null)) as Partial<ErrorBody> | null;
  if (body && typeof body.code === 'string' && typeof body.message === 'string') {
    return new ApiError(response.status, body.code, body.message, body.details ?? []);
  }
  return new ApiError(response.status, 'INTERNAL', `The server answered ${response.status}`);
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
