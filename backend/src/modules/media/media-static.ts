import * as path from 'node:path';
import express, { type RequestHandler } from 'express';
import { hasParameters, imageTransformHandler } from './image-transform';
import { IMMUTABLE_KINDS, mediaDir, mediaRoot } from './media-paths';

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
 * Serves DATA_DIR/media at /assets: files as they are, or, with transform parameters
 * (`?w=248&fit=crop&auto=format&dpr=2`), a resized image from the disk cache.
 */
export function mediaHandler(dataDir: string): RequestHandler {
  const cacheControl = cacheControlFor(dataDir);
  const files = express.static(mediaRoot(dataDir), {
    index: false,
    dotfiles: 'deny',
    redirect: false,
    setHeaders(response, filePath) {
      response.setHeader('Cache-Control', cacheControl(filePath));
    },
  });
  const transforms = imageTransformHandler({ root: mediaRoot(dataDir), cacheDir: imageCacheDir(dataDir), cacheControl });
  return (request, response, next) =>
    hasParameters(request.url) ? transforms(request, response, next) : files(request, response, next);
}
