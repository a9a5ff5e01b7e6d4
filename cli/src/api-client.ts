import type { ErrorBody, ErrorCode, FieldError } from '@atelier/contracts';
import type { ApiRoutes as Routes } from '@atelier/contracts/api-types';
import createClient, { type Client, type Middleware } from 'openapi-fetch';

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

// openapi-fetch sends the requests; the methods below keep the CLI's call shape (path, query, json,
// form) and are typed by the API's own OpenAPI document (@atelier/contracts/api-types, made from the
// server's zod schemas): a path the API does not have, a parameter or field it does not take, or an
// answer read as the wrong shape is a compile error here, not a surprise at run time.

/** The API's routes as the CLI names them: without the `/api` the client adds. */
export type ApiPath = keyof Routes;
type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** The operation of `method` at `path`. */
type Operation<P extends ApiPath, M extends Method> = Routes[P] extends { [K in M]: infer O } ? O : never;
/** The paths that answer `method`. */
type PathsOf<M extends Method> = { [P in ApiPath]: Routes[P] extends { [K in M]: object } ? P : never }[ApiPath];

type SuccessStatus = 200 | 201 | 202 | 204;
type JsonOf<R> = R extends { content: { 'application/json': infer Body } } ? Body : R extends { content?: never } ? void : unknown;
/** What the operation answers when it succeeds (void for 204 No Content). */
type Answer<O> = O extends { responses: infer R } ? { [S in keyof R & SuccessStatus]: JsonOf<R[S]> }[keyof R & SuccessStatus] : never;

type PathParameters<O> = O extends { parameters: { path: infer Names } } ? { path: Names } : { path?: never };
type QueryParameters<O> = O extends { parameters: { query: infer Query } }
  ? { query: Query }
  : O extends { parameters: { query?: infer Query } }
    ? [Query] extends [undefined] ? { query?: never } : { query?: Query }
    : { query?: never };
type RequestBody<O> = O extends { requestBody?: infer Body } ? Exclude<Body, undefined> : never;
/** The JSON body of an operation, for callers that forward fields they do not know (`--set`). */
export type JsonBody<P extends ApiPath, M extends Method> = RequestBody<Operation<P, M>> extends { content: { 'application/json': infer Json } } ? Json : never;
type Content<O> = [RequestBody<O>] extends [never]
  ? { json?: never; form?: never }
  : RequestBody<O> extends { content: { 'multipart/form-data': unknown } }
    ? { form: FormData; json?: never }
    : RequestBody<O> extends { content: { 'application/json': infer Json } }
      ? O extends { requestBody: unknown } ? { json: Json; form?: never } : { json?: Json; form?: never }
      : never;

export interface CallOptions {
  /** This request's own limit, for calls that wait on slow work (a test generation on a GPU worker). */
  timeoutMs?: number;
  /**
   * Non-2xx statuses whose JSON body is an answer rather than a failure (the health check answers
   * 503 with its report). An error body `{ statusCode, code, message }` is an ApiError regardless.
   */
  acceptStatuses?: number[];
}

/** What a call sends: path parameters, query, a JSON body (`json`) or a multipart form (`form`), as the operation takes them. */
type Init<O> = PathParameters<O> & QueryParameters<O> & Content<O> & CallOptions;
/** The init argument, optional when the operation needs nothing in it. */
type InitArgs<O> = Partial<Init<O>> extends Init<O> ? [init?: Init<O>] : [init: Init<O>];

export interface ApiResponse<T> {
  status: number;
  body: T;
}

/** What a call passes on, whatever its operation: the typed `Init` above, seen from inside the client. */
interface CallInit extends CallOptions {
  path?: Record<string, unknown>;
  query?: Record<string, unknown>;
  json?: unknown;
  form?: FormData;
}

export class ApiClient {
  readonly baseUrl: string;
  private readonly timeoutMs: number;
  private readonly client: Client<Routes>;

  constructor(options: ApiClientOptions) {
    this.baseUrl = normaliseApiBase(options.baseUrl);
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (options.token) headers.Authorization = `Bearer ${options.token}`;
    this.client = createClient<Routes>({ baseUrl: this.url(''), headers });
  }

  /** The full URL of an API path such as `/health`. */
  url(path: string): string {
    return `${this.baseUrl}/api${path}`;
  }

  get<P extends PathsOf<'get'>>(path: P, ...[init]: InitArgs<Operation<P, 'get'>>): Promise<ApiResponse<Answer<Operation<P, 'get'>>>> {
    return this.request('GET', path, init);
  }

  post<P extends PathsOf<'post'>>(path: P, ...[init]: InitArgs<Operation<P, 'post'>>): Promise<ApiResponse<Answer<Operation<P, 'post'>>>> {
    return this.request('POST', path, init);
  }

  put<P extends PathsOf<'put'>>(path: P, ...[init]: InitArgs<Operation<P, 'put'>>): Promise<ApiResponse<Answer<Operation<P, 'put'>>>> {
    return this.request('PUT', path, init);
  }

  patch<P extends PathsOf<'patch'>>(path: P, ...[init]: InitArgs<Operation<P, 'patch'>>): Promise<ApiResponse<Answer<Operation<P, 'patch'>>>> {
    return this.request('PATCH', path, init);
  }

  delete<P extends PathsOf<'delete'>>(path: P, ...[init]: InitArgs<Operation<P, 'delete'>>): Promise<ApiResponse<Answer<Operation<P, 'delete'>>>> {
    return this.request('DELETE', path, init);
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

  private async request<T>(method: Uppercase<Method>, path: ApiPath, init: object = {}): Promise<ApiResponse<T>> {
    const { path: pathParameters, query, json, form, timeoutMs = this.timeoutMs, acceptStatuses = [] } = init as CallInit;
    // The operation's types were checked by the public method; openapi-fetch's own overloads cannot see through P.
    const { data, error, response } = await this.client.request(method.toLowerCase() as never, path as never, {
      params: { path: pathParameters, query },
      body: form ?? json,
      signal: AbortSignal.timeout(timeoutMs),
      middleware: [atelierAnswers(this.baseUrl, timeoutMs, acceptStatuses)],
    } as never);
    // An accepted non-2xx status (the health check's 503) comes back as openapi-fetch's `error`; empty is ''.
    return { status: response.status, body: (data ?? (error === '' ? undefined : error)) as T };
  }
}

/**
 * Middleware that turns every answer that is not the API's into an error the CLI explains: no
 * answer (refused, timed out), a body that is not JSON, the API's error body (an ApiError), or an
 * error status without one. What passes is a 2xx or listed status with JSON or nothing at all.
 */
function atelierAnswers(baseUrl: string, timeoutMs: number, acceptStatuses: number[]): Middleware {
  const unreachable = (error: unknown, url: string) => new ApiUnreachableError(baseUrl, describeNetworkError(error, url, timeoutMs));
  return {
    onError: ({ error, request }) => unreachable(error, request.url),
    async onResponse({ request, response }) {
      const { status } = response;
      const where = `${request.method} ${new URL(request.url).pathname} answered HTTP ${status}`;
      let text: string;
      try {
        text = await response.text(); // the timeout also covers a body that never ends
      } catch (error) {
        throw unreachable(error, request.url);
      }
      const answered = (status >= 200 && status < 300) || acceptStatuses.includes(status);
      if (answered && text === '') return new Response(null, { status, headers: response.headers }); // 204 No Content and the like
      const body = parseJson(text);
      if (body === undefined) {
        const contentType = response.headers.get('content-type');
        const what = contentType ? `${contentType.split(';')[0]}, not JSON` : 'a body that is not JSON';
        throw new ApiUnreachableError(baseUrl, `${where} with ${what}; is this an Atelier site?`);
      }
      if (status >= 400 && isErrorBody(body)) throw new ApiError(body);
      if (!answered) throw new ApiUnreachableError(baseUrl, `${where} without an Atelier error body; is this an Atelier site?`);
      return new Response(text, { status, headers: response.headers });
    },
  };
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
