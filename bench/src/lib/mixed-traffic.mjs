// The mixed workload: virtual users, each signed in as one member, each in a closed loop (its next
// request as soon as the last is answered), choosing every request by weight: 90% reads, 10% writes.
// Every 2xx answer is checked; one with a wrong body (a new post missing from its answer, a like
// that did not flip) counts as a failure as much as a 5xx does.
import { answered2xx, jsonBody } from './mixed-http.mjs';
import { postForm } from './mixed-setup.mjs';

const PAGE_SIZE = 20; // FEED_PAGE.defaultLimit in contracts/src/social.ts
const NEXT_CURSOR = 'x-next-cursor'; // NEXT_CURSOR_HEADER in contracts/src/social.ts

const pick = (list) => list[Math.floor(Math.random() * list.length)];
const excerpt = (value) => JSON.stringify(value)?.slice(0, 200);

/** Whether `post` comes after `before` in a page: older, or as old with a smaller id (the page SQL's order). */
const comesAfter = (post, before) => post.createdAt < before.createdAt || (post.createdAt === before.createdAt && post._id < before._id);

/** What is wrong with a page of posts (undefined when nothing is); `after`: the post its cursor names. */
function pageProblem(posts, after) {
  if (!Array.isArray(posts)) return `not an array of posts: ${excerpt(posts)}`;
  if (posts.length > PAGE_SIZE) return `${posts.length} posts, more than a page of ${PAGE_SIZE}`;
  const malformed = posts.find(
    (post) => typeof post?._id !== 'string' || typeof post.createdAt !== 'string' || typeof post.likes !== 'object' || !Array.isArray(post.comments),
  );
  if (malformed) return `a post without _id, createdAt, likes or comments: ${excerpt(malformed)}`;
  const outOfOrder = posts.findIndex((post, n) => {
    const before = n === 0 ? after : posts[n - 1];
    return before && !comesAfter(post, before);
  });
  if (outOfOrder >= 0) return `post ${outOfOrder} (${posts[outOfOrder].createdAt}) is not older than the one before it`;
  return undefined;
}

/** The posts and members requests pick from, and who likes which post; new posts join as they are made. */
export class FeedContent {
  constructor(posts, memberIds) {
    this.postIds = [];
    this.likers = new Map();
    posts.forEach((post) => this.add(post));
    this.memberIds = [...new Set([...memberIds, ...posts.map((post) => post.userId)])];
  }

  add(post) {
    this.postIds.push(post._id);
    this.likers.set(post._id, new Set(Object.keys(post.likes)));
  }
}

/**
 * Friendship is mutual: were both members of a pair to toggle it at once, neither answer would say
 * what the other should expect. So each pair belongs to one member: round the circle of members,
 * member i owns its pairs with the next half of the circle (with an even count, the member opposite
 * belongs to the first half). Answers the ids of the members `index` owns a pair with.
 */
function ownedFriendships(index, members) {
  const count = members.length;
  const steps = Math.floor((count - 1) / 2) + (count % 2 === 0 && index < count / 2 ? 1 : 0);
  return Array.from({ length: steps }, (_, step) => members[(index + step + 1) % count].id);
}

/**
 * Sends one request as the user's member and records it under `route`. `check(body, answer)` runs
 * on a 2xx answer: it learns what the user needs next (a cursor, a like's state) and answers what
 * is wrong with the body, or undefined.
 */
async function call(user, stats, route, request, check) {
  const answer = await user.client.send({ ...request, token: user.member.token });
  let problem;
  if (answered2xx(answer)) {
    const body = jsonBody(answer);
    problem = body === undefined ? `not JSON: ${answer.body.toString('utf8').slice(0, 200)}` : check(body, answer);
  }
  stats.record(route, answer, problem);
  return answer;
}

// ---- reads ----

function readFirstPage(user, stats) {
  return call(user, stats, 'GET /api/posts', { path: '/api/posts' }, (posts, answer) => {
    const problem = pageProblem(posts) ?? (posts.length === 0 ? 'an empty feed' : undefined);
    if (problem) return problem;
    const cursor = answer.headers[NEXT_CURSOR];
    if (!cursor) return `no ${NEXT_CURSOR} header, though the feed holds more than a page`;
    // The walk through the cursor pages starts again from here.
    user.firstPage = user.walk = { cursor, after: posts.at(-1) };
    return undefined;
  });
}

/** The page after the last one the user read; past the last page, the walk starts again at the second. */
function readCursorPage(user, stats) {
  const position = user.walk ?? user.firstPage;
  if (!position) return readFirstPage(user, stats); // a user who has read no page yet starts at the top
  const path = `/api/posts?cursor=${encodeURIComponent(position.cursor)}`;
  return call(user, stats, 'GET /api/posts?cursor=', { path }, (posts, answer) => {
    const problem = pageProblem(posts, position.after) ?? (posts.length === 0 ? 'an empty page after a cursor' : undefined);
    if (problem) return problem;
    const cursor = answer.headers[NEXT_CURSOR];
    user.walk = cursor ? { cursor, after: posts.at(-1) } : undefined;
    return undefined;
  });
}

function readProfile(user, stats) {
  const id = pick(user.content.memberIds);
  return call(user, stats, 'GET /api/users/:id', { path: `/api/users/${id}` }, (member) =>
    member?._id === id && Array.isArray(member.friends) ? undefined : `not member ${id} with a friends list: ${excerpt(member)}`,
  );
}

function readMemberPosts(user, stats) {
  const id = pick(user.content.memberIds);
  return call(user, stats, 'GET /api/posts/:userId/posts', { path: `/api/posts/${id}/posts` }, (posts) => {
    const stranger = Array.isArray(posts) && posts.find((post) => post?.userId !== id);
    return pageProblem(posts) ?? (stranger ? `a post by another member than ${id}: ${excerpt(stranger)}` : undefined);
  });
}

function readComments(user, stats) {
  const postId = pick(user.content.postIds);
  return call(user, stats, 'GET /api/posts/:id/comments', { path: `/api/posts/${postId}/comments` }, (comments) => {
    if (!Array.isArray(comments)) return `not an array of comments: ${excerpt(comments)}`;
    const stray = comments.find((comment) => comment?.postId !== postId || typeof comment.text !== 'string' || typeof comment.author?._id !== 'string');
    return stray ? `a comment not of post ${postId}, or without text or author: ${excerpt(stray)}` : undefined;
  });
}

// ---- writes ----

/** A new post answers the first feed page, which must hold it, with its picture if it was sent one. */
function createPost(user, stats, withPicture) {
  user.sequence += 1;
  const description = `Mixed workload post ${user.sequence} by member ${user.member.index} (run ${user.runTag})`;
  const form = postForm(description, withPicture ? user.picture : undefined);
  const route = withPicture ? 'POST /api/posts (picture)' : 'POST /api/posts (text)';
  return call(user, stats, route, { method: 'POST', path: '/api/posts', form }, (page) => {
    const problem = pageProblem(page);
    if (problem) return problem;
    const post = page.find((candidate) => candidate.description === description);
    if (!post) return 'the first page it answered does not hold the new post';
    if (post.userId !== user.member.id) return `the new post is by ${post.userId}, not by the member who wrote it`;
    if (withPicture !== (typeof post.picturePath === 'string')) return `the new post's picturePath is ${excerpt(post.picturePath)}`;
    user.content.add(post);
    return undefined;
  });
}

/**
 * A like toggle answers the post, whose likes must show the member's like flipped. Only this user
 * toggles its member's like, so the state before is known, unless a toggle went unanswered.
 */
async function toggleLike(user, stats) {
  const postId = pick(user.content.postIds);
  const likers = user.content.likers.get(postId);
  const known = !user.unsure.has(`like ${postId}`);
  const expected = !likers.has(user.member.id);
  const answer = await call(user, stats, 'PATCH /api/posts/:id/like', { method: 'PATCH', path: `/api/posts/${postId}/like`, json: {} }, (post) => {
    if (post?._id !== postId || typeof post.likes !== 'object') return `not post ${postId} with its likes: ${excerpt(post)}`;
    const liked = post.likes[user.member.id] === true;
    if (liked) likers.add(user.member.id);
    else likers.delete(user.member.id);
    user.unsure.delete(`like ${postId}`);
    return known && liked !== expected ? `the member's like should be ${expected} after the toggle, the post says ${liked}` : undefined;
  });
  if (!answered2xx(answer)) user.unsure.add(`like ${postId}`);
}

function comment(user, stats) {
  const postId = pick(user.content.postIds);
  user.sequence += 1;
  const text = `Mixed workload comment ${user.sequence} by member ${user.member.index} (run ${user.runTag})`;
  const request = { method: 'POST', path: `/api/posts/${postId}/comments`, json: { text } };
  return call(user, stats, 'POST /api/posts/:id/comments', request, (post) =>
    post?._id === postId && post.comments?.includes?.(text) ? undefined : `post ${postId} without the new comment: ${excerpt(post)}`,
  );
}

/** A friend toggle answers the member's friend list, which must show the friendship flipped. */
async function toggleFriend(user, stats) {
  const friendId = pick(user.friendships);
  const known = !user.unsure.has(`friend ${friendId}`);
  const expected = !user.friends.has(friendId);
  const request = { method: 'PATCH', path: `/api/users/${user.member.id}/${friendId}` };
  const answer = await call(user, stats, 'PATCH /api/users/:id/:friendId', request, (friends) => {
    if (!Array.isArray(friends)) return `not a friend list: ${excerpt(friends)}`;
    const isFriend = friends.some((friend) => friend?._id === friendId);
    if (isFriend) user.friends.add(friendId);
    else user.friends.delete(friendId);
    user.unsure.delete(`friend ${friendId}`);
    return known && isFriend !== expected ? `the friendship should be ${expected} after the toggle, the list says ${isFriend}` : undefined;
  });
  if (!answered2xx(answer)) user.unsure.add(`friend ${friendId}`);
}

/** The requests and their weights, in percent: reads 90, writes 10. The report lists routes in this order. */
export const MIX = [
  { route: 'GET /api/posts', kind: 'read', weight: 25, act: readFirstPage },
  { route: 'GET /api/posts?cursor=', kind: 'read', weight: 20, act: readCursorPage },
  { route: 'GET /api/users/:id', kind: 'read', weight: 15, act: readProfile },
  { route: 'GET /api/posts/:userId/posts', kind: 'read', weight: 15, act: readMemberPosts },
  { route: 'GET /api/posts/:id/comments', kind: 'read', weight: 15, act: readComments },
  { route: 'POST /api/posts (text)', kind: 'write', weight: 2, act: (user, stats) => createPost(user, stats, false) },
  { route: 'POST /api/posts (picture)', kind: 'write', weight: 1, act: (user, stats) => createPost(user, stats, true) },
  { route: 'PATCH /api/posts/:id/like', kind: 'write', weight: 3, act: toggleLike },
  { route: 'POST /api/posts/:id/comments', kind: 'write', weight: 2.5, act: comment },
  { route: 'PATCH /api/users/:id/:friendId', kind: 'write', weight: 1.5, act: toggleFriend },
];

const TOTAL_WEIGHT = MIX.reduce((sum, entry) => sum + entry.weight, 0);
/** Each entry's upper edge on [0, TOTAL_WEIGHT): a roll below it and above the previous one picks it. */
const UPPER_EDGES = MIX.map((_, index) => MIX.slice(0, index + 1).reduce((sum, entry) => sum + entry.weight, 0));

function chooseRequest() {
  const roll = Math.random() * TOTAL_WEIGHT;
  return MIX[UPPER_EDGES.findIndex((edge) => roll < edge)] ?? MIX.at(-1);
}

/**
 * One virtual user per member of the first `count`. They share the client (one keep-alive socket
 * each, since each has one request under way at most) and the content.
 */
export function virtualUsers(members, count, { client, content, picture, runTag }) {
  return members.slice(0, count).map((member) => ({
    client,
    content,
    picture,
    runTag,
    member,
    friendships: ownedFriendships(member.index, members),
    friends: new Set(), // members are new: no friends yet
    unsure: new Set(),
    sequence: 0,
    firstPage: undefined,
    walk: undefined,
  }));
}

/** Runs every user's loop until `seconds` are over (requests under way then finish); answers the seconds it took. */
export async function runMix(users, seconds, stats) {
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    users.map(async (user) => {
      while (performance.now() < deadline) await chooseRequest().act(user, stats);
    }),
  );
  return (performance.now() - started) / 1000;
}
