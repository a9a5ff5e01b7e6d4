// The two API calls the feed bench makes itself: signing in as the guest and one feed page.

// GUEST_ACCOUNT in contracts/src/social.ts: seeded on the first start of every database.
const GUEST = { email: 'guest@example.com', password: 'guest-password' };

async function failure(res, what) {
  const body = await res.text().catch(() => '');
  return new Error(`${what} answered ${res.status}: ${body.slice(0, 500)}`);
}

/** The guest's bearer token. */
export async function signInAsGuest(baseUrl) {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(GUEST),
  });
  if (res.status !== 200) throw await failure(res, 'POST /api/auth/login as the guest');
  const { token } = await res.json();
  if (typeof token !== 'string') throw new Error('POST /api/auth/login answered no token');
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
