// The API calls the feed bench makes itself: signing in as a member or a guest, and one feed page.
import { randomUUID } from 'node:crypto';

// A 48x32 blue PNG: the picture a registration needs (the server re-encodes it).
const PICTURE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAADAAAAAgCAIAAADbtmxLAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAASElEQVRYhe2WgQkAMAzCeok3+3F2RkcJ9AARjZ2Ur27WFURB6FDNUGwZ6/iJYESHaoZiy1iHUHzQ0KGaodgy5BCCsU5HDo/rAwLxDpf8aGfxAAAAAElFTkSuQmCC',
  'base64',
);

async function failure(res, what) {
  const body = await res.text().catch(() => '');
  return new Error(`${what} answered ${res.status}: ${body.slice(0, 500)}`);
}

/**
 * The bearer token of a member registered for the run. A member, not the guest: each guest sign-in
 * is a sandbox of its own (measured apart, see signInAsGuest).
 */
export async function signInAsMember(baseUrl) {
  const account = { email: `bench-${randomUUID()}@bench.example.com`, password: 'bench-password-123' };
  const form = new FormData();
  const fields = { firstName: 'Bench', lastName: 'Reader', location: 'Lisbon', occupation: 'ML engineer', ...account };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('picture', new Blob([PICTURE], { type: 'image/png' }), 'bench.png');
  const registered = await fetch(`${baseUrl}/api/auth/register`, { method: 'POST', body: form });
  if (registered.status !== 201) throw await failure(registered, 'POST /api/auth/register');
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  if (res.status !== 200) throw await failure(res, 'POST /api/auth/login');
  const { token } = await res.json();
  if (typeof token !== 'string') throw new Error('POST /api/auth/login answered no token');
  return token;
}

// GUEST_ACCOUNT in contracts/src/social.ts: the demo seed's guest, whose sign-in opens a sandbox.
const GUEST_ACCOUNT = { email: 'guest@example.com', password: 'guest-password' };

/**
 * The bearer token of a new guest sandbox that has posted once, so its pages merge a row of its own
 * into the members' cached pages (the sandbox's copy of the seeded guest's posts and likes too).
 */
export async function signInAsGuest(baseUrl) {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(GUEST_ACCOUNT),
  });
  if (res.status !== 200) throw await failure(res, 'POST /api/auth/login (guest)');
  const { token } = await res.json();
  const form = new FormData();
  form.append('description', 'A guest was here');
  const posted = await fetch(`${baseUrl}/api/posts`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  if (posted.status !== 201) throw await failure(posted, 'POST /api/posts (guest)');
  return token;
}

/** Checks that the first feed page answers `expected` posts, each with an id and a time. */
export async function checkFirstFeedPage(baseUrl, token, expected) {
  const res = await fetch(`${baseUrl}/api/posts`, { headers: { authorization: `Bearer ${token}` } });
  if (res.status !== 200) throw await failure(res, 'GET /api/posts');
  const page = await res.json();
  if (!Array.isArray(page) || page.length !== expected) {
    throw new Error(`GET /api/posts should answer an array of ${expected} posts, got ${JSON.stringify(page).slice(0, 200)}`);
  }
  const malformed = page.find((post) => typeof post?._id !== 'string' || typeof post?.createdAt !== 'string');
  if (malformed) throw new Error(`GET /api/posts answered a post without _id or createdAt: ${JSON.stringify(malformed)}`);
}
