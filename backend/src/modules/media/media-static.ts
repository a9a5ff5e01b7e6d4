import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { ThrottlerStorage } from '@nestjs/throttler';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config/app-config';
import { assetFile, assetPathOf, hasParameters, imageTransformHandler } from './image-transform';
import { IMMUTABLE_KINDS, isGuestUpload, mediaDir, mediaRoot, UPLOAD_KINDS } from './media-paths';
import { pendingPicturesFor, type PendingPictures } from './pending-pictures';
import { RenderProcesses } from './render-processes';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** Resized copies of /assets images (`?w=...`), one file per render. */
export const imageCacheDir = (dataDir: string) => path.join(dataDir, 'cache', 'images');

/**
 * Uploads and generated pictures carry names that are never reused, so they are cached for good;
 * other content may be replaced by the owner under the same name.
 */
export function cacheControlFor(dataDir: string): (file: string) => string {
  const uploadDirs = IMMUTABLE_KINDS.map((kind) => mediaDir(dataDir, kind) + path.sep);
  return (file) =>
    uploadDirs.some((dir) => file.startsWith(dir)) ? `public, max-age=${ONE_YEAR_SECONDS}, immutable` : 'public, max-age=3600';
}

/**
 * PDFs (the owner's CV) are downloads under their own file name: a browser saves them instead of
 * opening a document from the site's origin.
 */
export function contentDispositionFor(file: string): string | undefined {
  if (!/\.pdf$/i.test(file)) return undefined;
  const name = path.basename(file);
  return /^[\w.-]+$/.test(name) ? `attachment; filename="${name}"` : `attachment; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** The file a request names, or undefined when its path is not one (the handlers below refuse it). */
function requestedFile(root: string, requestPath: string): string | undefined {
  try {
    return assetFile(root, requestPath);
  } catch {
    return undefined;
  }
}

const isFile = (file: string) => fs.stat(file).then((stats) => stats.isFile(), () => false);

/** `/assets/<file>`: one segment, no folder. */
const BARE_NAME = /^\/[^/]+$/;

/**
 * Sociopedia's server, whose client Matrix Network keeps working, kept every upload in one folder,
 * and its client asks for `/assets/<picturePath>`; Atelier keeps members' and posts' pictures apart.
 * So a bare name is the file of that name in the media folder itself, as before, else the member's or
 * the post's picture of that name (uploads have generated names: the two folders never share one).
 * Answers the request path to serve: the one given when it names nothing there (the handlers refuse it).
 */
async function sharedFolderPath(root: string, requestPath: string, pending: PendingPictures): Promise<string> {
  if (!BARE_NAME.test(requestPath)) return requestPath;
  for (const candidate of [requestPath, ...UPLOAD_KINDS.map((kind) => `/${kind}${requestPath}`)]) {
    const file = requestedFile(root, candidate);
    if (file === undefined) break; // not a file name at all
    // A seed picture not drawn yet is looked for where it will be.
    if (pending.whenDrawn(file) !== undefined || (await isFile(file))) return candidate;
  }
  return requestPath;
}

/**
 * Serves DATA_DIR/media at /assets: files as they are, or, with transform parameters
 * (`?w=248&fit=crop&auto=format&dpr=2`), a resized image from the disk cache. A picture the content
 * names but that is not drawn yet (the seed's, just after a first start) is drawn first.
 */
export async function registerMedia(
  fastify: FastifyInstance,
  config: Pick<AppConfig, 'dataDir' | 'imageCacheMaxBytes' | 'imageRenderQueueMax' | 'imageRendersPerIpPerMinute' | 'generation'>,
  rateLimitCounts: ThrottlerStorage,
): Promise<void> {
  const { dataDir } = config;
  const root = mediaRoot(dataDir);
  const cacheControl = cacheControlFor(dataDir);
  const renders = new RenderProcesses();
  fastify.addHook('onClose', (_instance, done) => {
    renders.close();
    done();
  });
  const transforms = imageTransformHandler({
    renders,
    root,
    cacheDir: imageCacheDir(dataDir),
    cacheMaxBytes: config.imageCacheMaxBytes,
    cacheControl,
    maxWaitingRenders: config.imageRenderQueueMax,
    // The API's rate-limit counts (in Redis when there is one), so every process shares the limit.
    rendersPerClient: { perMinute: config.imageRendersPerIpPerMinute, counts: rateLimitCounts, keyPrefix: `${config.generation.queuePrefix}:image-renders` },
  });
  const pending = pendingPicturesFor(dataDir);

  await fastify.register(async (media) => {
    // Pictures are public and other sites embed them with <img> (a Sociopedia client served from an
    // origin of CORS_ORIGINS, a blog): helmet's same-origin policy stays on every other answer, and
    // on guests' uploads, which are shown on this site only.
    media.addHook('onRequest', (request, reply, done) => {
      reply.header('Cross-Origin-Resource-Policy', isGuestUpload(request.url) ? 'same-origin' : 'cross-origin');
      done();
    });
    await media.register(fastifyStatic, {
      root,
      serve: false, // only reply.sendFile, for the route below
      index: false,
      dotfiles: 'deny',
      redirect: false,
      cacheControl: false,
      setHeaders(reply, filePath) {
        reply.header('Cache-Control', cacheControl(filePath));
        const disposition = contentDispositionFor(filePath);
        if (disposition) reply.header('Content-Disposition', disposition);
      },
    });
    media.get('/assets/*', async (request, reply) => {
      const requestPath = await sharedFolderPath(root, assetPathOf(request.url), pending);
      if (!pending.isEmpty) {
        const file = requestedFile(root, requestPath);
        const drawn = file === undefined ? undefined : pending.whenDrawn(file);
        if (drawn) await drawn;
      }
      if (hasParameters(request.url)) return transforms(request, reply, requestPath);
      const file = assetFile(root, requestPath); // refuses . and .. segments, as the transforms do
      return reply.sendFile(path.relative(root, file));
    });
  });
}
