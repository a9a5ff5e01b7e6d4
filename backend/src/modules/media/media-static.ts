import * as path from 'node:path';
import express, { type RequestHandler } from 'express';
import { IMMUTABLE_KINDS, mediaDir, mediaRoot } from './media-paths';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * Serves DATA_DIR/media at /assets. Uploads and generated pictures carry names that are never reused,
 * so they are cached for good; other content may be replaced by the owner under the same name.
 */
export function mediaHandler(dataDir: string): RequestHandler {
  const uploadDirs = IMMUTABLE_KINDS.map((kind) => mediaDir(dataDir, kind) + path.sep);
  return express.static(mediaRoot(dataDir), {
    index: false,
    dotfiles: 'deny',
    redirect: false,
    setHeaders(response, filePath) {
      const isUpload = uploadDirs.some((dir) => filePath.startsWith(dir));
      response.setHeader('Cache-Control', isUpload ? `public, max-age=${ONE_YEAR_SECONDS}, immutable` : 'public, max-age=3600');
    },
  });
}
