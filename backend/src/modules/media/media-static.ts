import * as path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config/app-config';
import { assetFile, assetPathOf, hasParameters, imageTransformHandler } from './image-transform';
import { IMMUTABLE_KINDS, mediaDir, mediaRoot } from './media-paths';
import { pendingPicturesFor } from './pending-pictures';

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

/** The file a request names, or undefined when its path is not one (the handlers below refuse it). */
function requestedFile(root: string, requestPath: string): string | undefined {
  try {
    return assetFile(root, requestPath);
  } catch {
    return undefined;
  }
}

/**
 * Serves DATA_DIR/media at /assets: files as they are, or, with transform parameters
 * (`?w=248&fit=crop&auto=format&dpr=2`), a resized image from the disk cache. A picture the content
 * names but that is not drawn yet (the seed's, just after a first start) is drawn first.
 */
export async function registerMedia(fastify: FastifyInstance, { dataDir, imageCacheMaxBytes }: Pick<AppConfig, 'dataDir' | 'imageCacheMaxBytes'>): Promise<void> {
  const root = mediaRoot(dataDir);
  const cacheControl = cacheControlFor(dataDir);
  const transforms = imageTransformHandler({ root, cacheDir: imageCacheDir(dataDir), cacheMaxBytes: imageCacheMaxBytes, cacheControl });
  const pending = pendingPicturesFor(dataDir);

  await fastify.register(async (media) => {
    await media.register(fastifyStatic, {
      root,
      serve: false, // only reply.sendFile, for the route below
      index: false,
      dotfiles: 'deny',
      redirect: false,
      cacheControl: false,
      setHeaders(reply, filePath) {
        reply.header('Cache-Control', cacheControl(filePath));
      },
    });
    media.get('/assets/*', async (request, reply) => {
      const requestPath = assetPathOf(request.url);
      if (!pending.isEmpty) {
        const file = requestedFile(root, requestPath);
        const drawn = file === undefined ? undefined : pending.whenDrawn(file);
        if (drawn) await drawn;
      }
      if (hasParameters(request.url)) return transforms(request, reply);
      const file = assetFile(root, requestPath); // refuses . and .. segments, as the transforms do
      return reply.sendFile(path.relative(root, file));
    });
  });
}
