import { createHash } from 'node:crypto';
import { promises as fs, type Stats } from 'node:fs';
import * as path from 'node:path';
import { Logger } from '@nestjs/common';
import type { ThrottlerStorage } from '@nestjs/throttler';
import { IMAGE_DPRS, IMAGE_WIDTHS, type FieldError } from '@atelier/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fresh from 'fresh';
import sharp from 'sharp';
import { AppError } from '../../common/errors/app-error';
import { readFileIfExists, writeFileAtomically } from '../../common/files/atomic-files';
import { clientAddressKey } from '../../common/rate-limit/client-address';
import { RenderCacheBudget } from './render-cache-budget';
import type { ImageFormat, ImageTransform } from './render-image';
import type { RenderProcesses } from './render-processes';
import { WorkSlots } from './work-slots';

/*
 * `/assets/<file>?w=&h=&fit=&auto=format&dpr=`: a resized copy of a content image, rendered by sharp
 * once and then served from a disk cache. Every parameter comes from a fixed list, so the number of
 * distinct renders per source file is bounded: nobody can make the server resize to arbitrary sizes.
 */

export const TRANSFORM_PARAMS = ['w', 'h', 'fit', 'auto', 'dpr'] as const;
export const TRANSFORM_FITS = ['crop', 'cover', 'contain', 'inside'] as const;

export type { ImageFormat, ImageTransform };

/** Source files a transform applies to, by extension; anything else (video, SVG) takes no parameters. */
export const TRANSFORMABLE_EXTENSIONS: Readonly<Record<string, ImageFormat>> = {
  '.jpg': 'jpeg',
  '.jpeg': 'jpeg',
  '.png': 'png',
  '.webp': 'webp',
  '.avif': 'avif',
};

const CONTENT_TYPES: Record<ImageFormat, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpeg: 'image/jpeg',
  png: 'image/png',
};

/** Bumped when the encoder settings change, so old renders are not served as new ones. */
const RENDER_VERSION = 1;

const listed = (values: readonly (string | number)[]) => values.join(', ');

/** The query parameters of a request URL. */
export function queryOf(url: string): URLSearchParams {
  const mark = url.indexOf('?');
  return new URLSearchParams(mark < 0 ? '' : url.slice(mark + 1));
}

/** Whether a request asks for a transform at all; without parameters the static handler answers. */
export const hasParameters = (url: string): boolean => queryOf(url).size > 0;

/**
 * Parses the transform parameters; any unknown, repeated or off-list value is a VALIDATION_FAILED
 * error naming the parameter and the values it accepts. `w` is required, the others have defaults.
 */
export function parseTransform(query: URLSearchParams): ImageTransform {
  const details: FieldError[] = [];
  const single = (name: string): string | undefined => {
    const values = query.getAll(name);
    if (values.length > 1) details.push({ field: name, message: 'must be given once' });
    return values[0];
  };
  const fromList = (name: string, allowed: readonly number[]): number | undefined => {
    const text = single(name);
    if (text === undefined) return undefined;
    const value = allowed.find((candidate) => String(candidate) === text);
    if (value === undefined) details.push({ field: name, message: `must be one of ${listed(allowed)}` });
    return value;
  };

  for (const name of new Set(query.keys())) {
    if (!(TRANSFORM_PARAMS as readonly string[]).includes(name)) {
      details.push({ field: name, message: `is not a transform parameter; use ${listed(TRANSFORM_PARAMS)}` });
    }
  }
  const width = fromList('w', IMAGE_WIDTHS);
  if (!query.has('w')) details.push({ field: 'w', message: `is required, one of ${listed(IMAGE_WIDTHS)}` });
  const height = fromList('h', IMAGE_WIDTHS);
  const dpr = fromList('dpr', IMAGE_DPRS) ?? 1;
  const fit = single('fit') ?? 'inside';
  if (!(TRANSFORM_FITS as readonly string[]).includes(fit)) {
    details.push({ field: 'fit', message: `must be one of ${listed(TRANSFORM_FITS)}` });
  }
  const auto = single('auto');
  if (auto !== undefined && auto !== 'format') details.push({ field: 'auto', message: 'must be format' });

  if (details.length > 0 || width === undefined) {
    throw new AppError('VALIDATION_FAILED', `Invalid image transform: ${details.map((d) => `${d.field} ${d.message}`).join('; ')}`, details);
  }
  return {
    width,
    ...(height === undefined ? {} : { height }),
    fit: fit === 'crop' ? 'cover' : (fit as ImageTransform['fit']),
    dpr,
    autoFormat: auto === 'format',
  };
}

/** Whether `Accept` lists `type` itself with a non-zero quality (wildcards do not count). */
export function acceptsExactly(accept: string | undefined, type: string): boolean {
  return (accept ?? '').split(',').some((range) => {
    const [mediaType, ...parameters] = range.split(';').map((part) => part.trim().toLowerCase());
    if (mediaType !== type) return false;
    const quality = parameters.find((parameter) => parameter.startsWith('q='));
    return quality === undefined || Number(quality.slice(2)) > 0;
  });
}

/** `auto=format`: AVIF, else WebP, when the browser says it takes them; otherwise the source's own format. */
export function chooseFormat(transform: ImageTransform, source: ImageFormat, accept: string | undefined): ImageFormat {
  if (transform.autoFormat) {
    if (acceptsExactly(accept, 'image/avif')) return 'avif';
    if (acceptsExactly(accept, 'image/webp')) return 'webp';
  }
  return source;
}

/**
 * The file a request path (relative to /assets, still percent-encoded) names under `root`. Each
 * segment is decoded on its own, so an encoded `/`, `\` or `..` cannot climb out; dot files stay hidden
 * as the static handler hides them.
 */
export function assetFile(root: string, requestPath: string): string {
  const segments: string[] = [];
  for (const raw of requestPath.split('/')) {
    if (raw === '') continue;
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      segment = '';
    }
    if (segment === '' || segment.startsWith('.') || /[/\\\0]/.test(segment)) {
      throw new AppError('VALIDATION_FAILED', 'Invalid asset path', [
        { field: 'path', message: 'must name a file under /assets, without . or .. segments' },
      ]);
    }
    segments.push(segment);
  }
  if (segments.length === 0) throw new AppError('NOT_FOUND', 'No such asset');
  return path.join(root, ...segments);
}

/** The cache key of one render: the source (path, size, mtime), the normalised transform and the output format. */
export function renderKey(relativePath: string, source: Pick<Stats, 'size' | 'mtimeMs'>, transform: ImageTransform, format: ImageFormat): string {
  const { width, height = 0, fit, dpr } = transform;
  return createHash('sha256')
    .update(JSON.stringify([RENDER_VERSION, sharp.versions.sharp, relativePath, source.size, source.mtimeMs, width, height, fit, dpr, format]))
    .digest('base64url');
}

export interface ImageTransformOptions {
  /** DATA_DIR/media: the files served at /assets. */
  root: string;
  /** Where renders are kept, e.g. DATA_DIR/cache/images. */
  cacheDir: string;
  /** The most the renders kept there may take; the least recently served go first. */
  cacheMaxBytes: number;
  /** The static handler's Cache-Control for a source file, so a resized copy is cached the same way. */
  cacheControl: (file: string) => string;
  /** sharp renders at a time; a burst of new sizes queues instead of taking every core. */
  maxConcurrentRenders?: number;
  /** Renders that may wait for a slot; beyond them a request is refused with 503 and Retry-After. */
  maxWaitingRenders?: number;
  /** New renders one client IP may start per minute; cached sizes, and sizes already being rendered, are free. */
  rendersPerClient?: { perMinute: number; counts: ThrottlerStorage; keyPrefix: string };
  /** Where sharp runs: a render nobody waits for is stopped by killing its process. */
  renders: RenderProcesses;
}

const ONE_MINUTE_MS = 60_000;

/** One render in progress, shared by every request for its key; `stop` fires when all of them have left. */
interface SharedRender {
  data: Promise<Buffer>;
  waiters: number;
  stop: AbortController;
}

/**
 * Waits for a shared render on behalf of one request: rejects with `signal`'s reason when that
 * request's client leaves, and stops the render when it was the last one waiting for it.
 */
function waitFor(shared: SharedRender, signal: AbortSignal): Promise<Buffer> {
  signal.throwIfAborted();
  shared.waiters++;
  return new Promise<Buffer>((resolve, reject) => {
    const leave = () => {
      if (--shared.waiters === 0) shared.stop.abort(signal.reason);
      reject(signal.reason);
    };
    signal.addEventListener('abort', leave, { once: true });
    shared.data.then(resolve, reject).finally(() => signal.removeEventListener('abort', leave));
  });
}

/** Aborts when the client closes the connection before its answer is sent. */
function clientGone(request: FastifyRequest, reply: FastifyReply): AbortSignal {
  const gone = new AbortController();
  if (request.raw.socket.destroyed) gone.abort();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) gone.abort();
  });
  return gone.signal;
}

const isMissing = (error: unknown) => ['ENOENT', 'ENOTDIR'].includes((error as NodeJS.ErrnoException).code ?? '');

/** The path under /assets a request names, still percent-encoded. */
export function assetPathOf(url: string): string {
  const mark = url.indexOf('?');
  return (mark < 0 ? url : url.slice(0, mark)).replace(/^\/assets(?=\/|$)/, '');
}

/**
 * Answers GET and HEAD with transform parameters, for the file of `requestPath` (by default the
 * request's own path under /assets); errors go to the app's error handler.
 */
export function imageTransformHandler(
  options: ImageTransformOptions,
): (request: FastifyRequest, reply: FastifyReply, requestPath?: string) => Promise<void> {
  const logger = new Logger('ImageTransforms');
  const slots = new WorkSlots(options.maxConcurrentRenders ?? 2, options.maxWaitingRenders ?? 16, 'Too many images are being resized; try again shortly');
  const inFlight = new Map<string, SharedRender>();
  const budget = new RenderCacheBudget(options.cacheDir, options.cacheMaxBytes);

  /** Counts a new render against the client's IP; 429 with Retry-After beyond the limit. */
  const countRender = async (request: FastifyRequest): Promise<void> => {
    if (!options.rendersPerClient) return;
    const { perMinute, counts, keyPrefix } = options.rendersPerClient;
    const client = clientAddressKey(request.ip);
    const { isBlocked, timeToBlockExpire } = await counts.increment(`${keyPrefix}:${client}`, ONE_MINUTE_MS, perMinute, ONE_MINUTE_MS, 'image-renders');
    if (!isBlocked) return;
    const seconds = Math.max(1, timeToBlockExpire);
    throw new AppError('RATE_LIMITED', `Too many new image sizes from this address; sizes already made still load, new ones in ${seconds} s`, undefined, seconds);
  };

  /**
   * A new render, or the one already in progress for the same key. Once every request for it has
   * left, a render waiting for a slot is dropped and a running one stopped (its process killed).
   */
  const rendered = (key: string, cacheFile: string, render: (signal: AbortSignal) => Promise<Buffer>, signal: AbortSignal): Promise<Buffer> => {
    signal.throwIfAborted(); // left already: queue nothing
    let shared = inFlight.get(key);
    if (!shared) {
      const stop = new AbortController();
      const data = slots
        .run(async () => {
          const cached = await readFileIfExists(cacheFile); // another request may have rendered it while this one waited
          if (cached) return cached;
          const produced = await render(stop.signal);
          await writeFileAtomically(cacheFile, produced).then(
            () => budget.stored(cacheFile, produced.length),
            (error: unknown) => logger.warn({ err: error }, `Could not cache ${cacheFile}`),
          );
          return produced;
        }, stop.signal)
        .finally(() => inFlight.delete(key));
      data.catch(() => undefined); // after everyone left, nobody reads the outcome
      shared = { data, waiters: 0, stop };
      inFlight.set(key, shared);
    }
    return waitFor(shared, signal);
  };

  return async (request, reply, requestPath = assetPathOf(request.url)) => {
    const transform = parseTransform(queryOf(request.url));
    const file = assetFile(options.root, requestPath);
    const sourceFormat = TRANSFORMABLE_EXTENSIONS[path.extname(file).toLowerCase()];
    if (!sourceFormat) {
      const message = `applies to images only (${Object.keys(TRANSFORMABLE_EXTENSIONS).join(', ')}); request this file without parameters`;
      const given = [...new Set(queryOf(request.url).keys())];
      throw new AppError('VALIDATION_FAILED', 'Image transforms apply to images only', given.map((field) => ({ field, message })));
    }

    let source: Stats;
    try {
      // The real path too: a symbolic link must not lead out of the media folder.
      const [real, realRoot] = await Promise.all([fs.realpath(file), fs.realpath(options.root)]);
      if (!real.startsWith(realRoot + path.sep)) throw Object.assign(new Error('outside'), { code: 'ENOENT' });
      source = await fs.stat(real);
      if (!source.isFile()) throw Object.assign(new Error('not a file'), { code: 'ENOENT' });
    } catch (error) {
      if (isMissing(error)) throw new AppError('NOT_FOUND', 'No such asset');
      throw error;
    }

    const format = chooseFormat(transform, sourceFormat, request.headers.accept);
    const relative = path.relative(options.root, file).split(path.sep).join('/');
    const key = renderKey(relative, source, transform, format);
    const etag = `"${key}"`;
    reply.header('Vary', 'Accept');
    if (fresh(request.headers, { etag })) {
      await reply.code(304).headers({ 'Cache-Control': options.cacheControl(file), ETag: etag }).send();
      return;
    }
    const cacheFile = path.join(options.cacheDir, key.slice(0, 2), `${key}.${format === 'jpeg' ? 'jpg' : format}`);
    const send = (data: Buffer) => reply.headers({ 'Cache-Control': options.cacheControl(file), ETag: etag, 'Content-Type': CONTENT_TYPES[format] }).send(data);
    const cached = await readFileIfExists(cacheFile);
    if (cached) {
      await budget.served(cacheFile, cached.length);
      await send(cached);
      return;
    }
    if (!inFlight.has(key)) await countRender(request); // joining a render in progress costs nothing more
    const signal = clientGone(request, reply);
    let data: Buffer;
    try {
      data = await rendered(
        key,
        cacheFile,
        (stop) =>
          options.renders.run({ file, transform, format }, stop).catch((error: unknown) => {
            if (stop.aborted) throw error;
            logger.warn(`Could not transform ${relative}: ${(error as Error).message}`);
            throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'The file could not be read as an image');
          }),
        signal,
      );
    } catch (error) {
      if (!signal.aborted) throw error;
      reply.hijack(); // nobody is left to answer: nothing to send or to log as an error
      reply.raw.destroy();
      return;
    }
    await send(data);
  };
}
