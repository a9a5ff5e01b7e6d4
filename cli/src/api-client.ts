import type { ErrorBody, ErrorCode, FieldError } from '@atelier/contracts';

export const DEFAULT_API_URL = 'http://localhost:3000';
export const DEFAULT_TIMEOUT_MS = 10_000;

/** The API answered with its JSON error body `{ statusCode, code, message, details? }`. */
export class ApiError extends Error {
  readonly statusCode: number;
  readonly code: ErrorCode;
  readonly details?: FieldError[];

  constructor(body: ErrorBody) {
    super(body.message);
    this.name = 'ApiError';
    this.statusCode = body.statusCode;
    this.code = body.code;
    this.details = body.details;
  }
}

/** Nothing that speaks the Atelier API answered at `baseUrl`; `reason` says what happened instead. */
export class ApiUnreachableError extends Error {
  constructor(
    readonly baseUrl: string,
    readonly reason: string,
  ) {
    super(`cannot reach the Atelier API at ${baseUrl} (${reason})`);
    this.name = 'ApiUnreachableError';
  }
}

/** A base URL that is not an http(s) URL; the message reads on from the option's name. */
export class InvalidApiUrlError extends Error {
  constructor(problem: string) {
    super(problem);
    this.name = 'InvalidApiUrlError';
  }
}

/**
 * The site's base URL from what a user typed: `http://host:3000`, `http://host:3000/`,
 * `http://host:3000/api` and `http://host:3000/api/` all mean the same site. A site served under a
 * sub-path keeps it (`https://example.com/atelier`).
 */
export function normaliseApiBase(input: string): string {
  const notHttp = new InvalidApiUrlError(`${JSON.stringify(input)} is not an http:// or https:// URL such as ${DEFAULT_API_URL}`);
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    throw notHttp;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw notHttp;
  // fetch refuses URLs with credentials; not echoed back, since the value holds a password.
  if (url.username || url.password) {
    throw new InvalidApiUrlError('must not contain a user name or password; pass the admin token with --token');
  }
  url.search = '';
  url.hash = '';
  url.pathname = url.pathname.replace(/\/+$/, '').replace(/\/api$/, '') || '/';
  return url.toString().replace(/\/$/, '');
}

export interface ApiClientOptions {
  /** Any form normaliseApiBase accepts. */
  baseUrl: string;
  /** Sent as `Authorization: Bearer <token>` when set. */
  token?: string;
  timeoutMs?: number;
}

export interface RequestOptions {
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as multipart/form-data (fetch sets the boundary). */
  form?: FormData;
  /** This request's own limit, for calls that wait on slow work (a test generation on a GPU worker). */
  timeoutMs?: number;
  /**
   * Non-2xx statuses whose JSON body is an answer rather than a failure (the health check answers
   * 503 with its report). An error body `{ statusCode, code, message }` is an ApiError regardless.
   */
  acceptStatuses?: number[];
}

export interface ApiResponse<T> {
  status: number;
  body: T;
}

export class ApiClient {
  readonly baseUrl: string;
  private readonly token?: string;
  private readonly timeoutMs: number;

  constructor(options: ApiClientOptions) {
    this.baseUrl = normaliseApiBase(options.baseUrl);
    this.token = options.token || undefined;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  }

  /** The full URL of an API path such as `/health`. */
  url(path: string): string {
    return `${this.baseUrl}/api${path}`;
  }

  async get<T>(path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
    return this.request<T>('GET', path, options);
  }

  async post<T>(path: string, json?: unknown, options: RequestOptions = {}): Promise<ApiResponse<T>> {
    return this.request<T>('POST', path, { ...options, json });
  }

  async patch<T>(path: string, json: unknown): Promise<ApiResponse<T>> {
    return this.request<T>('PATCH', path, { json });
  }

  async postForm<T>(path: string, form: FormData): Promise<ApiResponse<T>> {
    return this.request<T>('POST', path, { form });
  }

  /** A file the site serves (`/assets/...`), as bytes. */
  async download(sitePath: string): Promise<Buffer> {
    const url = `${this.baseUrl}${sitePath}`;
    let response: Response;
    try {
      response = await fetch(url, { signal: AbortSignal.timeout(this.timeoutMs) });
      if (response.ok) return Buffer.from(await response.arrayBuffer());
    } catch (error) {
      throw new ApiUnreachableError(this.baseUrl, describeNetworkError(error, url, this.timeoutMs));
    }
    throw new ApiUnreachableError(this.baseUrl, `GET ${sitePath} answered HTTP ${response.status}`);
  }

  async put<T>(path: string, json: unknown): Promise<ApiResponse<T>> {
    return this.request<T>('PUT', path, { json });
  }

  async delete(path: string): Promise<ApiResponse<void>> {
    return this.request<void>('DELETE', path, {});
  }

  private async request<T>(method: string, path: string, options: RequestOptions): Promise<ApiResponse<T>> {
    const url = this.url(path);
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (this.token) headers.Authorization = `Bearer ${this.token}`;
    const timeoutMs = options.timeoutMs ?? this.timeoutMs;
    let requestBody: string | FormData | undefined = options.form;
    if (options.json !== undefined) {
      headers['Content-Type'] = 'application/json';
      requestBody = JSON.stringify(options.json);
    }

    let status: number;
    let contentType: string;
    let text: string;
    try {
      const response = await fetch(url, { method, headers, body: requestBody, signal: AbortSignal.timeout(timeoutMs) });
      status = response.status;
      contentType = response.headers.get('content-type') ?? '';
      text = await response.text(); // inside the try: the timeout also covers a body that never ends
    } catch (error) {
      throw new ApiUnreachableError(this.baseUrl, describeNetworkError(error, url, timeoutMs));
    }

    const answered = (status >= 200 && status < 300) || options.acceptStatuses?.includes(status) === true;
    if (answered && text === '') return { status, body: undefined as T }; // 204 No Content and the like
    const body = parseJson(text);
    if (body === undefined) {
      const what = contentType ? `${contentType.split(';')[0]}, not JSON` : 'a body that is not JSON';
      throw new ApiUnreachableError(
        this.baseUrl,
        `${method} ${new URL(url).pathname} answered HTTP ${status} with ${what}; is this an Atelier site?`,
      );
    }
    if (status >= 400 && isErrorBody(body)) throw new ApiError(body);
    if (answered) return { status, body: body as T };
    throw new ApiUnreachableError(
      this.baseUrl,
      `${method} ${new URL(url).pathname} answered HTTP ${status} without an Atelier error body; is this an Atelier site?`,
    );
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Lenient on `code`: a newer server may know codes this CLI does not, and it is still an API error. */
export function isErrorBody(value: unknown): value is ErrorBody {
  if (typeof value !== 'object' || value === null) return false;
  const body = value as Record<string, unknown>;
  return typeof body.statusCode === 'number' && typeof body.code === 'string' && typeof body.message === 'string';
}

interface ErrorLike {
  name?: unknown;
  code?: unknown;
  message?: unknown;
  cause?: unknown;
}

// Property reads, not instanceof: fetch's errors may come from another realm (a Jest sandbox).
const asErrorLike = (value: unknown): ErrorLike => (typeof value === 'object' && value !== null ? value : {});

/** fetch says only "fetch failed"; the useful part is the system error code in its cause. */
export function describeNetworkError(error: unknown, url: string, timeoutMs: number): string {
  const outer = asErrorLike(error);
  if (outer.name === 'TimeoutError') return `no answer within ${formatSeconds(timeoutMs)}`;
  const cause = outer.cause === undefined ? outer : asErrorLike(outer.cause);
  const { hostname: host, port } = new URL(url);
  switch (cause.code) {
    case 'ECONNREFUSED':
      return 'connection refused';
    case 'ENOTFOUND':
      return `host ${host} not found`;
    case 'EAI_AGAIN':
      return `could not look up host ${host}`;
    case 'ECONNRESET':
    case 'UND_ERR_SOCKET':
      return 'the connection was closed before an answer came';
    case 'ETIMEDOUT':
    case 'UND_ERR_CONNECT_TIMEOUT':
      return 'connecting timed out';
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return `host ${host} is unreachable`;
  }
  const message = typeof cause.message === 'string' ? cause.message : String(error);
  // fetch never connects to ports on the Fetch standard's block list (1, 25, 6000, ...).
  if (message === 'bad port') return `fetch refuses to connect to port ${port}; use another port`;
  return typeof cause.code === 'string' ? `${cause.code}: ${message}` : message;
}

function formatSeconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}
