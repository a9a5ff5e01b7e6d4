import * as path from 'node:path';

/** Upload kinds and where they are served: `/assets/<kind>/<file>`. */
export const UPLOAD_KINDS = ['users', 'posts'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

/** Files the app writes under names it never reuses (uploads, generated pictures): cached for good. */
export const IMMUTABLE_KINDS = [...UPLOAD_KINDS, 'generated', 'content'] as const;

/** Every file served under /assets lives under DATA_DIR/media, one folder per asset path. */
export const mediaRoot = (dataDir: string) => path.join(dataDir, 'media');
export const mediaDir = (dataDir: string, kind: string) => path.join(mediaRoot(dataDir), kind);

/** The file of one of the app's own site paths (`/assets/gallery/x.jpg`); request paths go through assetFile instead. */
export const mediaFileOf = (dataDir: string, sitePath: string) =>
  path.join(mediaRoot(dataDir), ...sitePath.replace(/^\/assets\//, '').split('/'));

/** Generated names only: 32 hex characters and the extension of the re-encoded format (a guest's marked as such). */
export const STORED_NAME = /^(guest-)?[0-9a-f]{32}\.(jpg|png)$/;

/**
 * A guest sandbox's uploads are named so: served to this site's own pages only
 * (`Cross-Origin-Resource-Policy: same-origin`), so other sites cannot use guests as free image hosting.
 */
export const GUEST_UPLOAD_PREFIX = 'guest-';

/** Whether a request path (`/assets/posts/guest-….png`, `/assets/guest-….png?w=248`) names a guest's upload. */
export const isGuestUpload = (requestPath: string) => /\/guest-[0-9a-f]{32}\.(jpg|png)(\?|$)/.test(requestPath);
