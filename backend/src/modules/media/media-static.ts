import * as path from 'node:path';
import express, { type RequestHandler } from 'express';
import { assetFile, hasParameters, imageTransformHandler } from './image-transform';
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
export function mediaHandler(dataDir: string): RequestHandler {
  const root = mediaRoot(dataDir);
  const cacheControl = cacheControlFor(dataDir);
  const files = express.static(root, {
    index: false,
    dotfiles: 'deny',
    redirect: false,
    setHeaders(response, filePath) {
      response.setHeader('Cache-Control', cacheControl(filePath));
    },
  });
  const transforms = imageTransformHandler({ root, cacheDir: imageCacheDir(dataDir), cacheControl });
  const serve: RequestHandler = (request, response, next) =>
    hasParameters(request.url) ? transforms(request, response, next) : files(request, response, next);
  const pending = pendingPicturesFor(dataDir);
  return (request, response, next) => {
    const asks = !pending.isEmpty && (request.method === 'GET' || request.method === 'HEAD');
    const file = asks ? requestedFile(root, request.path) : undefined;
    const drawn = file === undefined ? undefined : pending.whenDrawn(file);
    if (!drawn) return serve(request, response, next);
    drawn.then(() => serve(request, response, next), next);
  };
}
