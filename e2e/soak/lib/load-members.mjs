// The load's own members: registered through the API (with a picture, as the form requires) and
// signed in, before the clock starts.
import { parseJson } from './load-http.mjs';
import { registrationForm, smallPng } from './members.mjs';

/** Throws with the route, status and body when a setup call is not answered with `expected`. */
export function expectStatus(answer, expected, what) {
  if (answer.status !== expected) {
    const detail = answer.error ?? answer.body?.toString('utf8').slice(0, 500);
    throw new Error(`${what} answered ${answer.status} (expected ${expected}): ${detail}`);
  }
  return parseJson(answer);
}

async function registerAndSignIn(client, { role, index, runTag }) {
  const email = `soak-${runTag}-${role}-${index}@example.com`;
  const password = `soak-password-${runTag}`;
  const fields = { firstName: `Soak${role}`, lastName: `N${index}-${runTag}`, email, password, location: 'Loopback', occupation: `load ${role}` };
  const form = registrationForm(fields, await smallPng(index));
  expectStatus(await client.request({ method: 'POST', path: '/api/auth/register', route: 'POST /api/auth/register', kind: 'setup', form }), 201, `register ${email}`);
  const signedIn = expectStatus(
    await client.request({ method: 'POST', path: '/api/auth/login', route: 'POST /api/auth/login', kind: 'setup', json: { email, password } }),
    200,
    `login ${email}`,
  );
  // The email and password stay known: the API's logs must carry neither.
  return { id: signedIn.user._id, token: signedIn.token, picturePath: signedIn.user.picturePath, role, index, email, password };
}

/** Runs `work` over `items` with at most `limit` at a time (hashing passwords is the slow part). */
async function inBatches(items, limit, work) {
  const results = new Array(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const position = next++;
      results[position] = await work(items[position]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return results;
}

/**
 * Registers `writers` writer members, `readers` reader members and `contenders` members who only
 * toggle in the contended bursts (no other client touches their likes or their friendship); answers the lists.
 */
export async function registerMembers(client, { writers, readers, contenders = 0, runTag }) {
  const roles = { writer: writers, reader: readers, contender: contenders };
  const wanted = Object.entries(roles).flatMap(([role, count]) => Array.from({ length: count }, (_, index) => ({ role, index, runTag })));
  const members = await inBatches(wanted, 4, (wish) => registerAndSignIn(client, wish));
  const withRole = (role) => members.filter((m) => m.role === role);
  return { writers: withRole('writer'), readers: withRole('reader'), contenders: withRole('contender') };
}

/** Every post in the database, newest first, by walking the feed with its cursor (through process `target`, if given). */
export async function walkWholeFeed(client, token, target) {
  const posts = [];
  let cursor;
  do {
    const query = cursor ? `?limit=100&cursor=${encodeURIComponent(cursor)}` : '?limit=100';
    const answer = await client.request({ path: `/api/posts${query}`, route: 'GET /api/posts', kind: 'setup', token, target });
    posts.push(...expectStatus(answer, 200, 'GET /api/posts'));
    cursor = answer.headers['x-next-cursor'];
  } while (cursor);
  return posts;
}
