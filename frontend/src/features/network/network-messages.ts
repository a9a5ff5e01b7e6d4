import { FAILURE_MESSAGE, rateLimitMessage } from '../../store/api-saga';
import type { NetworkErrorCode } from './network-slice';

/** What was being attempted when a call failed: the first half of the message a member reads. */
export type FailedAttempt =
  | 'member'
  | 'feed'
  | 'more'
  | 'post'
  | 'like'
  | 'comment'
  | 'comments'
  | 'moreComments'
  | 'edit'
  | 'delete'
  | 'friend';

const ATTEMPT: Record<FailedAttempt, string> = {
  member: 'This profile could not be loaded.',
  feed: 'The posts could not be loaded.',
  more: 'More posts could not be loaded.',
  post: 'Your post was not published.',
  like: 'The like was not saved.',
  comment: 'Your comment was not saved.',
  comments: 'The comments could not be loaded.',
  moreComments: 'More comments could not be loaded.',
  edit: 'Your change was not saved.',
  delete: 'The post was not deleted.',
  friend: 'The friend list was not changed.',
};

const REASON: Partial<Record<NetworkErrorCode, string>> = {
  NETWORK: 'The server could not be reached; check your connection and try again.',
  RATE_LIMITED: 'Too many requests right now; wait a moment and try again.',
  FORBIDDEN: 'Only its author may do that.',
  NOT_FOUND: 'It no longer exists.',
  UNAUTHORIZED: 'Your session has ended; sign in again.',
  UNSUPPORTED_MEDIA_TYPE: 'The picture was refused: only JPEG and PNG images are accepted.',
  PAYLOAD_TOO_LARGE: 'The picture is too large.',
  VALIDATION_FAILED: 'The server did not accept it; check the text (and the picture) and try again.',
  SERVICE_UNAVAILABLE: 'The service is busy; try again in a moment.',
};

// Where the generic reason would mislead: a profile link to someone who does not exist (a malformed
// id is refused as invalid, an unknown one as not found, and both mean the same to the reader).
const SPECIFIC: Partial<Record<FailedAttempt, Partial<Record<NetworkErrorCode, string>>>> = {
  member: {
    NOT_FOUND: 'There is no member with this address.',
    VALIDATION_FAILED: 'There is no member with this address.',
  },
};

/**
 * The words shown for a failed attempt; state keeps the code, and for a 429 the wait the server
 * asked for (Retry-After) where it has it.
 */
export function failureMessage(attempt: FailedAttempt, code: NetworkErrorCode, retryAfterSeconds: number | null = null): string {
  const specific = SPECIFIC[attempt]?.[code];
  if (specific) return specific;
  if (code === 'RATE_LIMITED' && retryAfterSeconds !== null) return `${ATTEMPT[attempt]} ${rateLimitMessage(retryAfterSeconds)}`;
  return `${ATTEMPT[attempt]} ${REASON[code] ?? FAILURE_MESSAGE}`;
}
