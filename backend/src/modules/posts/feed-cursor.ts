import type { FeedPosition } from './posts.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/**
 * 9999-12-31T23:59:59.999Z: later times print as ISO years of six digits (+010000-...), which the
 * database refuses; no post this API made is that late.
 */
const LATEST_POSITION_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/** An opaque cursor: the last post's time (ms) and id, so the next page starts right after it. */
export function encodeCursor(position: FeedPosition): string {
  return Buffer.from(`${position.createdAt.getTime()}.${position.id}`).toString('base64url');
}

/** The position a cursor names, or null if it is not one this API made. */
export function decodeCursor(cursor: string): FeedPosition | null {
  const [millis, id, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('.');
  const createdAt = new Date(Number(millis));
  if (rest.length > 0 || !/^\d{1,15}$/.test(millis) || !UUID.test(id ?? '') || !(createdAt.getTime() <= LATEST_POSITION_MS)) return null;
  return { createdAt, id };
}
