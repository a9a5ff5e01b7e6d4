// The traffic itself: readers walking the feed, comments, profiles and public content; writers
// posting, commenting and toggling likes and friendships; and bursts of toggles of one like and one
// friendship sent at once to every process. Every write is entered in a ledger, with whether it was
// acknowledged, so the audit can hold the database to it afterwards.
import { setTimeout as sleep } from 'node:timers/promises';
import { isAcknowledged, parseJson, RequestRecorder } from './load-http.mjs';
import { smallPng } from './members.mjs';

const PUBLIC_CONTENT = ['site', 'gallery', 'exhibit', 'resources', 'trending'];
const PROJECT_SLUGS = ['solar', 'bedrock', 'ansible', 'botfolk', 'atelier', 'nucleus'];
/** Share of readers that are signed in (the feed and profiles are member-only); the rest are anonymous. */
const SIGNED_IN_READER_SHARE = 0.7;
/** Every fourth post of a writer carries a picture: uploads are part of the load, but not most of it. */
const PICTURE_EVERY = 4;
/** How long a read-back keeps asking: any wait fails the check, this only tells a late write from a lost one. */
const READ_BACK_PATIENCE_MS = 3_000;
const READ_BACK_RETRY_MS = 50;
const KNOWN_POSTS_LIMIT = 2_000;
/** How often a visitor on a connection of their own arrives while the load runs. */
const NEWCOMER_INTERVAL_MS = 1_000;
/** How often a burst of toggles of one like, and of one friendship, is sent at once. */
const CONTENTION_INTERVAL_MS = 2_000;
/** Toggles per burst, odd and even in turn: an odd burst must change the state, so toggles that did nothing cannot pass. */
const BURST_SIZES = [7, 8];

const pick = (list) => list[Math.floor(Math.random() * list.length)];
/** An answer that says nothing about whether the server acted: it may or may not have. */
const outcomeUnknown = (answer) => answer.status === 0 || answer.status >= 500;

/** What the writers did and what the server said, per write; and what readers' answers imply. */
export class WriteLedger {
  constructor(runTag) {
    this.markerPrefix = `soak-${runTag}-`;
    /** marker -> { writerId, withPicture, text, status } (status 0: no answer). */
    this.posts = new Map();
    /** marker -> { postId, writerId, text, status } */
    this.comments = new Map();
    /** `${postId} ${userId}` -> { liked, toggles, acknowledged, uncertain } */
    this.likes = new Map();
    /** `${smallerId} ${largerId}` -> { friends, toggles, acknowledged, uncertain } */
    this.friendships = new Map();
    /** A toggle whose acknowledged state did not flip the previous acknowledged one. */
    this.toggleViolations = [];
    /** The bursts of toggles of one pair sent at once, and what broke their rule. */
    this.contention = { bursts: 0, likeToggles: 0, friendToggles: 0, acknowledged: 0, problems: [] };
    /** `${viewedId} ${viewerId}` for every acknowledged profile read by another member. */
    this.profileViews = new Set();
    this.uncertainProfileViews = 0;
    /** authorId -> posts of theirs delivered in acknowledged feed pages to other members. */
    this.impressions = new Map();
    this.uncertainImpressions = 0;
    /** An acknowledged write missing from its own answer (the answer is read after the write). */
    this.ownAnswerMisses = [];
    this.readBacks = { agreedAtOnce: 0, agreedLater: [], neverAgreed: [], unanswered: 0 };
  }

  marker(writer) {
    writer.sequence += 1;
    return `${this.markerPrefix}w${writer.index}-${writer.sequence}`;
  }

  /** The feed (and a new post's answer) counts other members' posts it delivers as their impressions. */
  countDeliveries(page, viewerId) {
    for (const post of page) {
      if (post.userId !== viewerId) this.impressions.set(post.userId, (this.impressions.get(post.userId) ?? 0) + 1);
    }
  }

  /** The ledger's entry for one like or friendship; a pair never toggled is off. */
  entry(map, key, field) {
    const entry = map.get(key) ?? { [field]: false, toggles: 0, acknowledged: 0, uncertain: false };
    map.set(key, entry);
    return entry;
  }

  /** Records a toggle's outcome; `state` is what the acknowledged answer shows (undefined: no answer). */
  toggled(map, key, field, answer, state) {
    const entry = this.entry(map, key, field);
    entry.toggles += 1;
    if (!isAcknowledged(answer)) {
      if (outcomeUnknown(answer)) entry.uncertain = true;
      return;
    }
    entry.acknowledged += 1;
    if (!entry.uncertain && state === entry[field]) this.toggleViolations.push({ key, field, expected: !state, got: state });
    entry[field] = state;
  }

  /**
   * Records toggles of one pair sent at once. Their answers may come in any order, so only the sum
   * is known: each acknowledged one flips the state once. Answers the state before, and the state
   * they imply (undefined when one went unanswered or got a 5xx: it may or may not have flipped).
   */
  toggledAtOnce(map, key, field, answers) {
    const entry = this.entry(map, key, field);
    const before = entry.uncertain ? undefined : entry[field];
    const acknowledged = answers.filter(isAcknowledged).length;
    entry.toggles += answers.length;
    entry.acknowledged += acknowledged;
    if (answers.some(outcomeUnknown)) entry.uncertain = true;
    if (!entry.uncertain) entry[field] = before !== (acknowledged % 2 === 1);
    this.contention.acknowledged += acknowledged;
    return { before, acknowledged, after: entry.uncertain ? undefined : entry[field] };
  }
}

/** Posts and members the clients pick from; whatever a client sees joins the pool. */
export class KnownContent {
  constructor({ posts, memberIds, memberPictures }) {
    this.posts = posts.map(({ _id, userId, picturePath }) => ({ id: _id, userId, picturePath }));
    this.postIds = new Set(this.posts.map((post) => post.id));
    this.memberIds = memberIds;
    this.memberPictures = memberPictures;
  }

  addPosts(page) {
    for (const { _id, userId, picturePath } of page) {
      if (this.postIds.has(_id)) continue;
      this.postIds.add(_id);
      const post = { id: _id, userId, picturePath };
      // Past the limit a random older one makes room, so new posts keep getting picked.
      if (this.posts.length < KNOWN_POSTS_LIMIT) this.posts.push(post);
      else this.posts[Math.floor(Math.random() * this.posts.length)] = post;
    }
  }
}

/**
 * Asks `ask(target)` through the other process until it answers 'agrees', giving up after the
 * patience; a failed read ('failed') ends the check without a verdict (the request itself counts).
 */
async function readBack(ledger, what, ask) {
  const started = performance.now();
  for (let attempt = 0; ; attempt += 1) {
    const verdict = await ask();
    if (verdict === 'failed') {
      ledger.readBacks.unanswered += 1;
      return;
    }
    const waitedMs = Math.round(performance.now() - started);
    if (verdict === 'agrees') {
      if (attempt === 0) ledger.readBacks.agreedAtOnce += 1;
      else ledger.readBacks.agreedLater.push({ what, waitedMs, attempts: attempt + 1 });
      return;
    }
    if (waitedMs > READ_BACK_PATIENCE_MS) {
      ledger.readBacks.neverAgreed.push({ what, waitedMs });
      return;
    }
    await sleep(READ_BACK_RETRY_MS);
  }
}

// ---- readers ----

async function walkFeed({ client, member, known, ledger }) {
  let cursor;
  const pages = 1 + Math.floor(Math.random() * 3);
  for (let page = 0; page < pages; page += 1) {
    const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
    const answer = await client.request({ path: `/api/posts${query}`, route: 'GET /api/posts', kind: 'read', token: member.token });
    if (!isAcknowledged(answer)) {
      if (outcomeUnknown(answer)) ledger.uncertainImpressions += 1;
      return;
    }
    const posts = parseJson(answer) ?? [];
    ledger.countDeliveries(posts, member.id);
    known.addPosts(posts);
    cursor = answer.headers['x-next-cursor'];
    if (!cursor) return;
  }
}

async function readProfile({ client, member, known, ledger }) {
  const id = pick(known.memberIds);
  const answer = await client.request({ path: `/api/users/${id}`, route: 'GET /api/users/:id', kind: 'read', token: member.token });
  if (id === member.id) return;
  if (isAcknowledged(answer)) ledger.profileViews.add(`${id} ${member.id}`);
  else if (outcomeUnknown(answer)) ledger.uncertainProfileViews += 1;
}

const MEMBER_READS = [
  [0.45, walkFeed],
  [0.2, ({ client, member, known }) =>
    client.request({ path: `/api/posts/${pick(known.posts).id}/comments`, route: 'GET /api/posts/:id/comments', kind: 'read', token: member.token })],
  [0.15, readProfile],
  [0.1, ({ client, member, known }) =>
    client.request({ path: `/api/users/${pick(known.memberIds)}/friends`, route: 'GET /api/users/:id/friends', kind: 'read', token: member.token })],
  [0.1, ({ client, member, known }) =>
    client.request({ path: `/api/posts/${pick(known.memberIds)}/posts`, route: 'GET /api/posts/:userId/posts', kind: 'read', token: member.token })],
];

function anonymousRead({ client, known }) {
  const roll = Math.random();
  if (roll < 0.5) {
    const name = pick(PUBLIC_CONTENT);
    return client.request({ path: `/api/content/${name}`, route: `GET /api/content/${name}`, kind: 'read' });
  }
  if (roll < 0.65) {
    return client.request({ path: `/api/content/projects/${pick(PROJECT_SLUGS)}`, route: 'GET /api/content/projects/:slug', kind: 'read' });
  }
  if (roll < 0.8) {
    return client.request({ path: `/api/pyface?seed=${Math.floor(Math.random() * 1000)}`, route: 'GET /api/pyface?seed=', kind: 'read' });
  }
  const withPicture = known.posts.filter((post) => post.picturePath);
  if (roll < 0.9 && withPicture.length) {
    return client.request({ path: `/assets/posts/${pick(withPicture).picturePath}`, route: 'GET /assets/posts/:file', kind: 'read' });
  }
  return client.request({ path: `/assets/users/${pick(known.memberPictures)}`, route: 'GET /assets/users/:file', kind: 'read' });
}

function chooseWeighted(choices) {
  let roll = Math.random();
  for (const [weight, action] of choices) {
    if (roll < weight) return action;
    roll -= weight;
  }
  return choices[choices.length - 1][1];
}

// ---- writers ----

async function createPost({ client, writer, known, ledger, pictures }) {
  const marker = ledger.marker(writer);
  const description = `${marker} load test post by writer ${writer.index}`;
  const withPicture = writer.sequence % PICTURE_EVERY === 0;
  const form = new FormData();
  form.set('description', description);
  if (withPicture) form.set('picture', new Blob([pick(pictures)], { type: 'image/png' }), 'soak.png');
  const entry = { writerId: writer.id, withPicture, text: description, status: 0 };
  ledger.posts.set(marker, entry);
  const answer = await client.request({ method: 'POST', path: '/api/posts', route: 'POST /api/posts', kind: 'write', token: writer.token, form });
  entry.status = answer.status;
  if (!isAcknowledged(answer)) {
    if (outcomeUnknown(answer)) ledger.uncertainImpressions += 1;
    return;
  }
  const page = parseJson(answer) ?? [];
  ledger.countDeliveries(page, writer.id);
  known.addPosts(page);

  const other = client.otherTarget(answer.target);
  let picturePath;
  await readBack(ledger, `post ${marker}`, async () => {
    const newest = await client.request({
      path: `/api/posts/${writer.id}/posts?limit=1`,
      route: 'GET /api/posts/:userId/posts',
      kind: 'read',
      token: writer.token,
      target: other,
    });
    if (!isAcknowledged(newest)) return 'failed';
    const [post] = parseJson(newest) ?? [];
    picturePath = post?.picturePath;
    return post?.description === description ? 'agrees' : 'disagrees';
  });
  if (withPicture && picturePath) {
    // The picture was stored by one process; the other must serve it from the shared media dir.
    const file = await client.request({ path: `/assets/posts/${picturePath}`, route: 'GET /assets/posts/:file', kind: 'read', target: other });
    if (file.status !== 200) ledger.ownAnswerMisses.push({ what: `picture of ${marker} through the other process`, status: file.status });
  }
}

async function comment({ client, writer, known, ledger }) {
  const post = pick(known.posts);
  const text = `${ledger.marker(writer)} load test comment`;
  const entry = { postId: post.id, writerId: writer.id, text, status: 0 };
  ledger.comments.set(text.split(' ')[0], entry);
  const answer = await client.request({
    method: 'POST',
    path: `/api/posts/${post.id}/comments`,
    route: 'POST /api/posts/:id/comments',
    kind: 'write',
    token: writer.token,
    json: { text },
  });
  entry.status = answer.status;
  if (!isAcknowledged(answer)) return;
  if (!parseJson(answer)?.comments?.includes(text)) ledger.ownAnswerMisses.push({ what: `comment ${text} in its own answer`, status: answer.status });
  await readBack(ledger, `comment ${text}`, async () => {
    // Pages run oldest first: the new comment is on the last one.
    let cursor;
    for (;;) {
      const comments = await client.request({
        path: `/api/posts/${post.id}/comments?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        route: 'GET /api/posts/:id/comments',
        kind: 'read',
        token: writer.token,
        target: client.otherTarget(answer.target),
      });
      if (!isAcknowledged(comments)) return 'failed';
      if ((parseJson(comments) ?? []).some((c) => c.text === text)) return 'agrees';
      cursor = comments.headers['x-next-cursor'];
      if (!cursor) return 'disagrees';
    }
  });
}

async function toggleLike({ client, writer, known, ledger }) {
  const post = pick(known.posts);
  const answer = await client.request({
    method: 'PATCH',
    path: `/api/posts/${post.id}/like`,
    route: 'PATCH /api/posts/:id/like',
    kind: 'write',
    token: writer.token,
    json: {},
  });
  const liked = isAcknowledged(answer) ? parseJson(answer)?.likes?.[writer.id] === true : undefined;
  ledger.toggled(ledger.likes, `${post.id} ${writer.id}`, 'liked', answer, liked);
}

async function toggleFriend({ client, writer, ledger }) {
  const friendId = pick(writer.friendTargets);
  const answer = await client.request({
    method: 'PATCH',
    path: `/api/users/${writer.id}/${friendId}`,
    route: 'PATCH /api/users/:id/:friendId',
    kind: 'write',
    token: writer.token,
  });
  const friends = isAcknowledged(answer) ? (parseJson(answer) ?? []).some((friend) => friend._id === friendId) : undefined;
  ledger.toggled(ledger.friendships, [writer.id, friendId].sort().join(' '), 'friends', answer, friends);
  if (friends === undefined) return;
  await readBack(ledger, `friendship ${writer.id} ${friendId}`, async () => {
    const list = await client.request({
      path: `/api/users/${writer.id}/friends`,
      route: 'GET /api/users/:id/friends',
      kind: 'read',
      token: writer.token,
      target: client.otherTarget(answer.target),
    });
    if (!isAcknowledged(list)) return 'failed';
    return (parseJson(list) ?? []).some((friend) => friend._id === friendId) === friends ? 'agrees' : 'disagrees';
  });
}

const WRITES = [
  [0.25, createPost],
  [0.3, comment],
  [0.3, toggleLike],
  [0.15, toggleFriend],
];

/**
 * Friendship is mutual, so a pair toggled by both members at once has no "last" toggle to check.
 * Each pair of writers therefore belongs to one of them (alternating, so all get a share); pairs
 * with readers and seeded members belong to the writer.
 */
function friendTargets(writer, writers, others) {
  const owns = (a, b) => ((a.index + b.index) % 2 === 0 ? Math.min(a.index, b.index) : Math.max(a.index, b.index)) === a.index;
  return [...others, ...writers.filter((other) => other !== writer && owns(writer, other)).map((other) => other.id)];
}

// ---- contended toggles ----

/**
 * Sends `count` toggles of one pair at once (`toggle(index)` chooses the process), then reads the
 * pair back through every process (`read(target)` answers its state, undefined if the read failed):
 * each must show the state before the burst flipped once per acknowledged toggle. No toggle may go
 * unanswered or get a 5xx.
 */
async function contendedBurst({ client, ledger, what, map, key, field, count, toggle, read }) {
  const answers = await Promise.all(Array.from({ length: count }, (_, index) => toggle(index)));
  const { before, acknowledged, after } = ledger.toggledAtOnce(map, key, field, answers);
  const { problems } = ledger.contention;
  const unanswered = answers.filter(outcomeUnknown).map((answer) => answer.error ?? answer.status);
  if (unanswered.length) problems.push(`${what}: ${unanswered.length} of ${count} toggles at once unanswered or 5xx (${unanswered.join(', ')})`);
  if (after === undefined) return; // nothing left to expect of this pair
  await Promise.all(
    client.targets.map(async (_, target) => {
      let shown;
      await readBack(ledger, `${what} after ${count} toggles at once, through process ${target + 1}`, async () => {
        shown = await read(target);
        if (shown === undefined) return 'failed';
        return shown === after ? 'agrees' : 'disagrees';
      });
      if (shown !== undefined && shown !== after) {
        problems.push(`${what}: ${acknowledged} of ${count} toggles at once acknowledged, from ${field}=${before}: expected ${field}=${after}, process ${target + 1} shows ${field}=${shown}`);
      }
    }),
  );
}

/** `liker` toggles their like of `post` (the newest of an author who does not post meanwhile) `count` times at once, in turn through each process. */
function contendLike({ client, ledger, liker, post, count }) {
  const like = (target) =>
    client.request({
      method: 'PATCH',
      path: `/api/posts/${post.id}/like`,
      route: 'PATCH /api/posts/:id/like (at once)',
      kind: 'write',
      token: liker.token,
      json: {},
      target,
    });
  const read = async (target) => {
    const answer = await client.request({
      path: `/api/posts/${post.userId}/posts?limit=1`,
      route: 'GET /api/posts/:userId/posts',
      kind: 'read',
      token: liker.token,
      target,
    });
    if (!isAcknowledged(answer)) return undefined;
    const [newest] = parseJson(answer) ?? [];
    if (newest?._id !== post.id) throw new Error(`post ${post.id} is no longer the newest of ${post.userId}: the like burst needs an author who does not post`);
    return newest.likes?.[liker.id] === true;
  };
  ledger.contention.likeToggles += count;
  return contendedBurst({
    client,
    ledger,
    what: `like of post ${post.id} by ${liker.id}`,
    map: ledger.likes,
    key: `${post.id} ${liker.id}`,
    field: 'liked',
    count,
    toggle: (index) => like(index % client.targets.length),
    read,
  });
}

/**
 * Members `a` and `b` both toggle their friendship, `count` times at once: a→b and b→a in turn,
 * each direction through each process. Read back from both sides, which must agree.
 */
function contendFriendship({ client, ledger, a, b, count }) {
  const pairs = [[a, b], [b, a]];
  const toggle = (index) => {
    const [member, friend] = pairs[index % 2];
    return client.request({
      method: 'PATCH',
      path: `/api/users/${member.id}/${friend.id}`,
      route: 'PATCH /api/users/:id/:friendId (at once)',
      kind: 'write',
      token: member.token,
      target: Math.floor(index / 2) % client.targets.length,
    });
  };
  const read = async (target) => {
    const sides = await Promise.all(
      pairs.map(async ([member, friend]) => {
        const answer = await client.request({
          path: `/api/users/${member.id}/friends`,
          route: 'GET /api/users/:id/friends',
          kind: 'read',
          token: member.token,
          target,
        });
        return isAcknowledged(answer) ? (parseJson(answer) ?? []).some((listed) => listed._id === friend.id) : undefined;
      }),
    );
    if (sides.includes(undefined)) return undefined;
    return sides[0] === sides[1] ? sides[0] : 'one-sided';
  };
  ledger.contention.friendToggles += count;
  return contendedBurst({
    client,
    ledger,
    what: `friendship ${a.id} ${b.id}`,
    map: ledger.friendships,
    key: [a.id, b.id].sort().join(' '),
    field: 'friends',
    count,
    toggle,
    read,
  });
}

/** From the start and every CONTENTION_INTERVAL_MS while the load runs: a like burst and a friendship burst at the same time. */
async function contend({ client, ledger, contenders: [a, b], contendedPost, deadline }) {
  for (let burst = 0; performance.now() < deadline; burst += 1) {
    const count = BURST_SIZES[burst % BURST_SIZES.length];
    ledger.contention.bursts += 1;
    await Promise.all([
      contendLike({ client, ledger, liker: a, post: contendedPost, count }),
      contendFriendship({ client, ledger, a, b, count }),
    ]);
    // Not past the deadline: the load's duration is measured until the last loop ends.
    await sleep(Math.max(0, Math.min(CONTENTION_INTERVAL_MS, deadline - performance.now())));
  }
}

/**
 * Opens one keep-alive connection per client before the clock starts, all at once, so the
 * measured window is the steady state. (A burst of new connections into an already saturated
 * server is another test: libuv accepts one connection per event-loop turn.) Answers how long it
 * took and what the requests saw.
 */
async function connectClients(client, count) {
  const recorder = new RequestRecorder();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: count }, () => client.request({ path: '/api/health', route: 'GET /api/health', kind: 'connect', recorder })),
  );
  return { seconds: (performance.now() - started) / 1000, requests: recorder.summary() };
}

/**
 * Runs `readers` reading and the writers writing, each in a closed loop (next request when the
 * last one is answered) until `seconds` are over; requests under way then finish. Meanwhile a
 * newcomer on a fresh connection asks for the site's content every second: what a new visitor
 * waits; and the two `contenders` toggle one like (of `contendedPost`) and their friendship in
 * bursts sent at once to every process. Answers the measured duration and the connection warm-up.
 */
export async function runTraffic({
  client,
  seconds,
  readers,
  writerMembers,
  readerMembers,
  contenders,
  contendedPost,
  seededMemberIds,
  known,
  ledger,
  log,
  warmUp = false,
}) {
  const pictures = await Promise.all(Array.from({ length: 8 }, (_, seed) => smallPng(seed + 1000)));
  const writers = writerMembers.map((member) => ({ ...member, sequence: 0 }));
  const others = [...readerMembers.map((m) => m.id), ...seededMemberIds];
  for (const writer of writers) writer.friendTargets = friendTargets(writer, writers, others);
  const connect = warmUp ? await connectClients(client, readers + writers.length) : undefined;
  if (connect) log(`  ${readers + writers.length} connections open in ${connect.seconds.toFixed(1)} s`);

  const started = performance.now();
  const deadline = started + seconds * 1000;
  const running = () => performance.now() < deadline;
  const progress = setInterval(() => {
    const elapsed = (performance.now() - started) / 1000;
    log(`  ${elapsed.toFixed(0)} s: ${client.recorder.total} requests (${(client.recorder.total / elapsed).toFixed(0)}/s)`);
  }, 10_000);

  const signedInReaders = readerMembers.length ? Math.round(readers * SIGNED_IN_READER_SHARE) : 0;
  const loops = [
    ...Array.from({ length: readers }, (_, index) => async () => {
      const member = index < signedInReaders ? readerMembers[index % readerMembers.length] : undefined;
      while (running()) {
        const context = { client, member, known, ledger };
        await (member ? chooseWeighted(MEMBER_READS)(context) : anonymousRead(context));
      }
    }),
    ...writers.map((writer) => async () => {
      while (running()) await chooseWeighted(WRITES)({ client, writer, known, ledger, pictures });
    }),
    async () => {
      while (running()) {
        await client.request({ path: '/api/content/site', route: 'GET /api/content/site (new connection)', kind: 'read', newConnection: true });
        await sleep(NEWCOMER_INTERVAL_MS);
      }
    },
    () => contend({ client, ledger, contenders, contendedPost, deadline }),
  ];
  try {
    await Promise.all(loops.map((loop) => loop()));
  } finally {
    clearInterval(progress);
  }
  return { durationSeconds: (performance.now() - started) / 1000, signedInReaders, anonymousReaders: readers - signedInReaders, connect };
}
