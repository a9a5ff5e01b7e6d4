// A write workload whose every acknowledged write can be checked afterwards: members post, comment,
// like, befriend and open profiles, each write carrying a unique marker or a known expected state,
// while the API is killed, restarted or loses its database under them.
import { registrationForm, smallPng } from './members.mjs';

const REQUEST_TIMEOUT_MS = 15_000;

/** One HTTP call that never throws: `status` is a number, or 'timeout' / 'network' when no answer came. */
export async function call(baseUrl, method, route, { token, json, form, timeoutMs = REQUEST_TIMEOUT_MS } = {}) {
  const started = performance.now();
  const headers = token ? { authorization: `Bearer ${token}` } : {};
  if (json !== undefined) headers['content-type'] = 'application/json';
  try {
    const res = await fetch(`${baseUrl}/api${route}`, {
      method,
      headers,
      body: json !== undefined ? JSON.stringify(json) : form,
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await res.text();
    let body;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    return { status: res.status, body, isJson: body !== undefined, ms: performance.now() - started, headers: res.headers };
  } catch (error) {
    const status = error?.name === 'TimeoutError' ? 'timeout' : 'network';
    return { status, ms: performance.now() - started };
  }
}

const ok = (answer) => typeof answer.status === 'number' && answer.status >= 200 && answer.status < 300;

/** Registers (multipart, with a small PNG) and signs in `count` new members. */
export async function registerMembers(baseUrl, count, tag) {
  const picture = await smallPng(count);
  const members = [];
  for (let i = 0; i < count; i += 1) {
    const email = `fault.${tag}.${i}@example.com`;
    const password = 'fault-scenario-password';
    const form = registrationForm({ firstName: 'Fault', lastName: `Writer ${i}`, email, password, location: 'Soak', occupation: 'Tester' }, picture);
    const registered = await call(baseUrl, 'POST', '/auth/register', { form });
    if (registered.status !== 201) throw new Error(`register answered ${registered.status}: ${JSON.stringify(registered.body)}`);
    const login = await call(baseUrl, 'POST', '/auth/login', { json: { email, password } });
    if (login.status !== 200) throw new Error(`login answered ${login.status}: ${JSON.stringify(login.body)}`);
    members.push({ index: i, id: login.body.user._id, token: login.body.token });
  }
  return members;
}

/**
 * What the clients were told. A write with a 2xx answer is acknowledged and must be in the database
 * exactly once; one without an answer (the server died, or answered 503) may or may not be.
 */
export function createLedger(tag) {
  return {
    tag,
    sequence: 0,
    posts: new Map(), // marker -> { authorId, acknowledged }
    comments: new Map(), // marker -> { postId, acknowledged }
    /** key -> { state (as last acknowledged), uncertain (toggles without an answer since then) } */
    likes: new Map(),
    friendships: new Map(),
    /** viewedId -> { acknowledged: Set of viewer ids, attempted: Set } */
    views: new Map(),
    answers: new Map(), // status -> count
  };
}

function note(ledger, answer) {
  ledger.answers.set(answer.status, (ledger.answers.get(answer.status) ?? 0) + 1);
}

function toggled(map, key, answer, stateAfter) {
  const entry = map.get(key) ?? { state: false, uncertain: 0 };
  if (ok(answer)) Object.assign(entry, { state: stateAfter(answer.body), uncertain: 0 });
  else entry.uncertain += 1;
  map.set(key, entry);
}

/** One write by `member`, picked at random; every outcome goes into the ledger. */
async function oneWrite(baseUrl, member, members, ledger, postIds) {
  const marker = `${ledger.tag}-${member.index}-${(ledger.sequence += 1)}`;
  const token = member.token;
  const roll = Math.random();
  const postId = postIds.length ? postIds[Math.floor(Math.random() * postIds.length)] : undefined;
  if (roll < 0.3 || !postId) {
    ledger.posts.set(marker, { authorId: member.id, acknowledged: false });
    const answer = await call(baseUrl, 'POST', '/posts', { token, json: { description: marker } });
    note(ledger, answer);
    if (ok(answer)) {
      ledger.posts.get(marker).acknowledged = true;
      const created = answer.body.find((post) => post.description === marker);
      if (created) postIds.push(created._id);
    }
    return answer;
  }
  if (roll < 0.55) {
    ledger.comments.set(marker, { postId, acknowledged: false });
    const answer = await call(baseUrl, 'POST', `/posts/${postId}/comments`, { token, json: { text: marker } });
    note(ledger, answer);
    if (ok(answer)) ledger.comments.get(marker).acknowledged = true;
    return answer;
  }
  if (roll < 0.75) {
    const answer = await call(baseUrl, 'PATCH', `/posts/${postId}/like`, { token, json: {} });
    note(ledger, answer);
    toggled(ledger.likes, `${postId}|${member.id}`, answer, (post) => post.likes?.[member.id] === true);
    return answer;
  }
  // Each pair is toggled by its lower-indexed member only, so one pair's toggles never race each other.
  const others = members.filter((other) => other.index !== member.index);
  const other = others[Math.floor(Math.random() * others.length)];
  if (roll < 0.9 && other.index > member.index) {
    const answer = await call(baseUrl, 'PATCH', `/users/${member.id}/${other.id}`, { token, json: {} });
    note(ledger, answer);
    toggled(ledger.friendships, `${member.id}|${other.id}`, answer, (friends) => friends.some((friend) => friend._id === other.id));
    return answer;
  }
  const views = ledger.views.get(other.id) ?? { acknowledged: new Set(), attempted: new Set() };
  ledger.views.set(other.id, views);
  views.attempted.add(member.id);
  const answer = await call(baseUrl, 'GET', `/users/${other.id}`, { token });
  note(ledger, answer);
  if (ok(answer)) views.acknowledged.add(member.id);
  return answer;
}

/**
 * Every member writes, one request at a time, until `signal` aborts. By default a writer whose
 * request got no answer stops (the server is gone); `keepGoing` keeps it writing (an outage, where
 * the server stays up). `onAnswer` sees every answer as it comes.
 */
export async function runWriters(baseUrl, members, ledger, { signal, postIds = [], keepGoing = false, onAnswer = () => {} }) {
  await Promise.all(
    members.map(async (member) => {
      while (!signal.aborted) {
        const sentAt = performance.now();
        const api = typeof baseUrl === 'function' ? baseUrl() : baseUrl;
        const answer = await oneWrite(api, member, members, ledger, postIds);
        onAnswer({ ...answer, api, sentAt, probe: 'write', needs: ['database'] });
        if (typeof answer.status !== 'number' && !keepGoing) return;
      }
    }),
  );
  return postIds;
}

/** Every item of a paged list (`route` answers pages of at most 100 with X-Next-Cursor), first page on. */
async function allPages(baseUrl, route, token, what) {
  const items = [];
  let cursor = '';
  for (;;) {
    const answer = await call(baseUrl, 'GET', `${route}?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, { token });
    if (answer.status !== 200) throw new Error(`listing ${what} answered ${answer.status}`);
    items.push(...answer.body);
    cursor = answer.headers.get('x-next-cursor') ?? '';
    if (!cursor) return items;
  }
}

const allPostsBy = (baseUrl, member) => allPages(baseUrl, `/posts/${member.id}/posts`, member.token, 'posts');

/** Reads everything back through the API and lists every way it disagrees with the ledger. */
export async function verifyLedger(baseUrl, members, ledger) {
  const problems = [];
  const reader = members[0];
  const posts = (await Promise.all(members.map((member) => allPostsBy(baseUrl, member)))).flat();
  const postsByMarker = new Map();
  for (const post of posts) postsByMarker.set(post.description, [...(postsByMarker.get(post.description) ?? []), post]);
  const postsById = new Map(posts.map((post) => [post._id, post]));

  for (const [marker, { acknowledged }] of ledger.posts) {
    const found = postsByMarker.get(marker)?.length ?? 0;
    if (found > 1 || (acknowledged && found === 0)) problems.push(`post ${marker}: acknowledged=${acknowledged}, stored ${found} times`);
  }
  // A post embeds only its newest few comments: every one of them comes from the post's comment pages.
  const commentedPostIds = [...new Set([...ledger.comments.values()].map(({ postId }) => postId))].filter((id) => postsById.has(id));
  const commentTexts = new Map(
    await Promise.all(
      commentedPostIds.map(async (postId) => {
        const comments = await allPages(baseUrl, `/posts/${postId}/comments`, reader.token, 'comments');
        return [postId, comments.map((comment) => comment.text)];
      }),
    ),
  );
  for (const [marker, { postId, acknowledged }] of ledger.comments) {
    const found = commentTexts.get(postId)?.filter((text) => text === marker).length ?? 0;
    if (found > 1 || (acknowledged && found === 0)) problems.push(`comment ${marker}: acknowledged=${acknowledged}, stored ${found} times`);
  }
  for (const [key, { state, uncertain }] of ledger.likes) {
    const [postId, memberId] = key.split('|');
    const liked = postsById.get(postId)?.likes[memberId] === true;
    if (uncertain === 0 && liked !== state) problems.push(`like ${key}: acknowledged ${state}, stored ${liked}`);
  }
  const friendLists = new Map();
  for (const member of members) {
    const answer = await call(baseUrl, 'GET', `/users/${member.id}/friends`, { token: reader.token });
    if (answer.status !== 200) throw new Error(`friends answered ${answer.status}`);
    friendLists.set(member.id, new Set(answer.body.map((friend) => friend._id)));
  }
  for (const [key, { state, uncertain }] of ledger.friendships) {
    const [a, b] = key.split('|');
    const forward = friendLists.get(a).has(b);
    if (forward !== friendLists.get(b).has(a)) problems.push(`friendship ${key} is stored in one direction only`);
    if (uncertain === 0 && forward !== state) problems.push(`friendship ${key}: acknowledged ${state}, stored ${forward}`);
  }
  for (const [viewedId, { acknowledged, attempted }] of ledger.views) {
    const viewer = members.find((member) => member.id === viewedId) ?? reader;
    // The viewed member reading their own profile does not count as a view.
    const answer = await call(baseUrl, 'GET', `/users/${viewedId}`, { token: viewer.token });
    const counted = answer.body?.viewedProfile;
    if (!(counted >= acknowledged.size && counted <= attempted.size)) {
      problems.push(`viewedProfile of ${viewedId} is ${counted}; ${acknowledged.size} views were acknowledged, ${attempted.size} attempted`);
    }
  }
  const acknowledged = (map) => [...map.values()].filter((entry) => entry.acknowledged).length;
  return {
    problems,
    acknowledgedPosts: acknowledged(ledger.posts),
    acknowledgedComments: acknowledged(ledger.comments),
    toggles: ledger.likes.size + ledger.friendships.size,
  };
}
