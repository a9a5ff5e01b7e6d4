// The mixed bench's preparation, before the clock starts: its members, signed up through the API
// with a picture as the sign-up form sends them and signed in, and the feed's starting content. The
// content is made through the API too, not seeded in SQL: PGlite lives inside the server process,
// so the API is the one way in that both databases share, and the rows, files and counters are the
// ones the server writes itself.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './build.mjs';
import { expectStatus } from './mixed-http.mjs';

const PICTURE_FILE = 'backend/assets/videos/sample-clip.jpg';
/** Sign-ups and starting posts run this many at a time (hashing passwords is the slow part). */
const SETUP_LANES = 4;
/** Every fourth starting post carries the picture. */
const PICTURE_EVERY = 4;
const WALK_PAGE_SIZE = 100; // FEED_PAGE.maxLimit in contracts/src/social.ts

/**
 * The picture every upload sends: a real 640 x 360 JPEG (a poster frame of the sample videos), so
 * the server decodes and re-encodes a photo-sized picture as it would a member's.
 */
export function readPicture() {
  return { bytes: readFileSync(join(root, PICTURE_FILE)), description: `${PICTURE_FILE}, a 640 x 360 JPEG` };
}

function appendPicture(form, picture, fileName) {
  form.append('picture', new Blob([picture.bytes], { type: 'image/jpeg' }), fileName);
  form.append('picturePath', fileName); // as the frontend's forms send it (frontend/src/store/social-api.ts)
}

/** POST /api/posts's multipart form, with or without a picture. */
export function postForm(description, picture) {
  const form = new FormData();
  form.append('description', description);
  if (picture) appendPicture(form, picture, 'photo.jpg');
  return form;
}

/** `work` over `items`, SETUP_LANES at a time, answers in order. */
async function inLanes(items, work) {
  const results = [];
  for (let start = 0; start < items.length; start += SETUP_LANES) {
    results.push(...(await Promise.all(items.slice(start, start + SETUP_LANES).map(work))));
  }
  return results;
}

const numbers = (count) => Array.from({ length: count }, (_, n) => n);

async function signUp(client, index, { runTag, picture }) {
  const email = `bench-mixed-${runTag}-${index}@example.com`;
  const password = `bench-mixed-${runTag}`;
  const form = new FormData();
  const fields = { firstName: 'Bench', lastName: `Member ${index}`, email, password, location: 'Loopback', occupation: 'Mixed workload' };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  appendPicture(form, picture, 'avatar.jpg');
  expectStatus(await client.send({ method: 'POST', path: '/api/auth/register', form }), 201, `POST /api/auth/register for ${email}`);
  const login = await client.send({ method: 'POST', path: '/api/auth/login', json: { email, password } });
  const { user, token } = expectStatus(login, 200, `POST /api/auth/login for ${email}`);
  return { index, id: user._id, token };
}

/** Signs up `count` members and signs each in; answers `{ index, id, token }` per member. */
export function signUpMembers(client, count, { runTag, picture }) {
  return inLanes(numbers(count), (index) => signUp(client, index, { runTag, picture }));
}

/**
 * `posts` posts by the members in turn, every fourth with the picture; then a like on every second
 * post and a comment on every third, each by another member than the author, so no pair toggles twice.
 * Answers what it made.
 */
export async function makeStartingContent(client, members, { posts, picture }) {
  const memberAfter = (n, step) => members[(n + step) % members.length];
  const postIds = await inLanes(numbers(posts), async (n) => {
    const author = memberAfter(n, 0);
    const description = `Starting post ${n} of the mixed workload, by member ${author.index}`;
    const form = postForm(description, n % PICTURE_EVERY === 0 ? picture : undefined);
    const page = expectStatus(await client.send({ method: 'POST', path: '/api/posts', token: author.token, form }), 201, 'POST /api/posts');
    const post = page?.find?.((candidate) => candidate.description === description);
    if (!post) throw new Error(`POST /api/posts answered a first page without the new post "${description}"`);
    return post._id;
  });
  const liked = numbers(posts).filter((n) => n % 2 === 0);
  await inLanes(liked, async (n) => {
    const path = `/api/posts/${postIds[n]}/like`;
    expectStatus(await client.send({ method: 'PATCH', path, token: memberAfter(n, 1).token, json: {} }), 200, `PATCH ${path}`);
  });
  const commented = numbers(posts).filter((n) => n % 3 === 0);
  await inLanes(commented, async (n) => {
    const path = `/api/posts/${postIds[n]}/comments`;
    const commenter = memberAfter(n, 2);
    const json = { text: `A first comment, by member ${commenter.index}` };
    expectStatus(await client.send({ method: 'POST', path, token: commenter.token, json }), 201, `POST ${path}`);
  });
  return { posts, withPicture: Math.ceil(posts / PICTURE_EVERY), likes: liked.length, comments: commented.length };
}

/** Every post in the feed, newest first, walked with the cursor a page of 100 at a time. */
export async function readWholeFeed(client, token) {
  const posts = [];
  let cursor = '';
  do {
    const path = `/api/posts?limit=${WALK_PAGE_SIZE}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const answer = await client.send({ path, token });
    posts.push(...expectStatus(answer, 200, `GET ${path}`));
    cursor = answer.headers['x-next-cursor'];
  } while (cursor);
  return posts;
}
