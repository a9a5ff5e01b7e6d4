import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { FriendSummary, LoginResponse, Post } from '@atelier/contracts';
import { eq, inArray, like, sql } from 'drizzle-orm';
import { openDatabase, type Database, type DatabaseHandle } from '../../src/db/database';
import { friendships } from '../../src/db/schema/friendships.table';
import { generationJobs } from '../../src/db/schema/generation-jobs.table';
import { postComments } from '../../src/db/schema/post-comments.table';
import { postLikes } from '../../src/db/schema/post-likes.table';
import { posts } from '../../src/db/schema/posts.table';
import { profileViews } from '../../src/db/schema/profile-views.table';
import { seedRuns } from '../../src/db/schema/seed-runs.table';
import { users } from '../../src/db/schema/users.table';
import { showcaseSeed } from '../../src/db/seed/showcase.seed';
import { pngFixture, registrationFields } from './members';
import { createTestDatabase } from './test-database';

/**
 * Marks the showcase seed as done on a migrated database, so a server starting on it skips that
 * step: drawing its sixty pictures takes most of a first start, and no showcase content plays a
 * part in these tests. The Matrix Network seed still runs.
 */
export async function skipShowcaseSeed(handle: DatabaseHandle): Promise<void> {
  await handle.db.insert(seedRuns).values({ name: showcaseSeed.name }).onConflictDoNothing();
}

/**
 * A migrated embedded database in DATA_DIR, without the showcase, ready for a server to start on.
 * It is loaded from the suites' shared migrated snapshot: initialising a data dir on disk costs
 * several times more.
 */
export async function preparePglite(dataDir: string): Promise<void> {
  const snapshot = await createTestDatabase('pglite');
  const client = (snapshot.handle.db as unknown as { $client: { dumpDataDir(compression: 'none'): Promise<Blob> } }).$client;
  const migrated = await client.dumpDataDir('none');
  await snapshot.destroy();
  const handle = await openDatabase({ driver: 'pglite', dataDir: path.join(dataDir, 'pglite'), loadDataDir: migrated });
  try {
    await skipShowcaseSeed(handle);
  } finally {
    await handle.close();
  }
}

/** The embedded database a stopped server left in DATA_DIR. */
export function openPgliteOf(dataDir: string): Promise<DatabaseHandle> {
  return openDatabase({ driver: 'pglite', dataDir: path.join(dataDir, 'pglite') });
}

/**
 * The ids of the jobs a database shows IN_PROGRESS. An embedded database is read from a copy of its
 * files: its server may be frozen (SIGSTOP) at that moment, and a copy is what a crash would leave.
 */
export async function jobsInProgress(source: { db: Database } | { dataDir: string }): Promise<string[]> {
  const query = (db: Database) =>
    db.select({ id: generationJobs.id }).from(generationJobs).where(eq(generationJobs.status, 'IN_PROGRESS'));
  if ('db' in source) return (await query(source.db)).map((row) => row.id);
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-crash-image-'));
  try {
    fs.cpSync(path.join(source.dataDir, 'pglite'), copy, { recursive: true });
    fs.rmSync(path.join(copy, 'atelier.pid'), { force: true }); // the copy belongs to nobody
    const handle = await openDatabase({ driver: 'pglite', dataDir: copy });
    try {
      return (await query(handle.db)).map((row) => row.id);
    } finally {
      await handle.close();
    }
  } finally {
    fs.rmSync(copy, { recursive: true, force: true });
  }
}

export interface Writer {
  index: number;
  id: string;
  token: string;
}

/** Registers (multipart, with a picture, as the client does) and signs in `count` members. */
export async function registerWriters(baseUrl: string, count: number): Promise<Writer[]> {
  const writers: Writer[] = [];
  for (let index = 0; index < count; index += 1) {
    const fields = registrationFields();
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('picture', new Blob([new Uint8Array(await pngFixture())], { type: 'image/png' }), 'me.png');
    const registered = await fetch(`${baseUrl}/api/auth/register`, { method: 'POST', body: form });
    if (registered.status !== 201) throw new Error(`register answered ${registered.status}: ${await registered.text()}`);
    const login = await fetch(`${baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: fields.email, password: fields.password }),
    });
    const { user, token } = (await login.json()) as LoginResponse;
    writers.push({ index, id: user._id, token });
  }
  return writers;
}

/** A toggle's state as of its last acknowledged answer, and how many toggles since got no answer. */
interface ToggleState {
  on: boolean;
  unanswered: number;
}

/**
 * What the clients were told. An acknowledged write (a 2xx answer) must be stored exactly once; a
 * write whose answer never came (the server died) may be stored once or not at all.
 */
export class WriteLedger {
  readonly tag = `crash-${randomBytes(4).toString('hex')}`;
  readonly posts = new Map<string, { acknowledged: boolean }>();
  readonly comments = new Map<string, { postId: string; acknowledged: boolean }>();
  readonly likes = new Map<string, ToggleState>(); // `${postId}|${memberId}`
  readonly friendships = new Map<string, ToggleState>(); // `${memberId}|${friendId}`, toggled by the first only
  readonly views = new Map<string, { acknowledged: Set<string>; attempted: Set<string> }>(); // viewed id -> viewers
  /** Answers by status; `no answer` counts requests the server never answered. */
  readonly answers = new Map<string, number>();
  private sequence = 0;

  nextMarker(writer: Writer): string {
    this.sequence += 1;
    return `${this.tag}-${writer.index}-${this.sequence}`;
  }

  count(status: number | undefined): void {
    const key = status === undefined ? 'no answer' : String(status);
    this.answers.set(key, (this.answers.get(key) ?? 0) + 1);
  }

  get acknowledged(): number {
    return [...this.answers].filter(([status]) => /^2\d\d$/.test(status)).reduce((sum, [, n]) => sum + n, 0);
  }

  toggled(map: Map<string, ToggleState>, key: string, on: boolean | undefined): void {
    const state = map.get(key) ?? { on: false, unanswered: 0 };
    map.set(key, on === undefined ? { ...state, unanswered: state.unanswered + 1 } : { on, unanswered: 0 });
  }
}

interface Answer<T> {
  status?: number;
  body?: T;
}

async function send<T>(baseUrl: string, writer: Writer, method: string, route: string, body?: unknown): Promise<Answer<T>> {
  try {
    const response = await fetch(`${baseUrl}/api${route}`, {
      method,
      headers: { authorization: `Bearer ${writer.token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(20_000),
    });
    return { status: response.status, body: (await response.json()) as T };
  } catch {
    return {}; // no answer: the server died mid-request
  }
}

const acknowledged = (answer: Answer<unknown>) => answer.status !== undefined && answer.status >= 200 && answer.status < 300;

/** One write, of a kind picked at random, recorded in the ledger with its outcome. */
async function writeOnce(baseUrl: string, writer: Writer, writers: Writer[], ledger: WriteLedger, postIds: string[]): Promise<Answer<unknown>> {
  const marker = ledger.nextMarker(writer);
  const roll = Math.random();
  const postId = postIds[Math.floor(Math.random() * postIds.length)];
  const other = writers.filter((candidate) => candidate !== writer)[Math.floor(Math.random() * (writers.length - 1))];
  let answer: Answer<unknown>;
  if (roll < 0.3 || !postId) {
    ledger.posts.set(marker, { acknowledged: false });
    const created = await send<Post[]>(baseUrl, writer, 'POST', '/posts', { description: marker });
    ledger.posts.set(marker, { acknowledged: acknowledged(created) });
    const id = acknowledged(created) ? created.body!.find((post) => post.description === marker)?._id : undefined;
    if (id) postIds.push(id);
    answer = created;
  } else if (roll < 0.55) {
    ledger.comments.set(marker, { postId, acknowledged: false });
    answer = await send(baseUrl, writer, 'POST', `/posts/${postId}/comments`, { text: marker });
    ledger.comments.set(marker, { postId, acknowledged: acknowledged(answer) });
  } else if (roll < 0.75) {
    const liked = await send<Post>(baseUrl, writer, 'PATCH', `/posts/${postId}/like`, {});
    ledger.toggled(ledger.likes, `${postId}|${writer.id}`, acknowledged(liked) ? liked.body!.likes[writer.id] === true : undefined);
    answer = liked;
  } else if (roll < 0.9 && other.index > writer.index) {
    // Only the lower-indexed member of a pair toggles it, so its toggles never race each other.
    const friends = await send<FriendSummary[]>(baseUrl, writer, 'PATCH', `/users/${writer.id}/${other.id}`, {});
    const on = acknowledged(friends) ? friends.body!.some((friend) => friend._id === other.id) : undefined;
    ledger.toggled(ledger.friendships, `${writer.id}|${other.id}`, on);
    answer = friends;
  } else {
    const views = ledger.views.get(other.id) ?? { acknowledged: new Set<string>(), attempted: new Set<string>() };
    ledger.views.set(other.id, views);
    views.attempted.add(writer.id);
    answer = await send(baseUrl, writer, 'GET', `/users/${other.id}`);
    if (acknowledged(answer)) views.acknowledged.add(writer.id);
  }
  ledger.count(answer.status);
  return answer;
}

/**
 * Every writer sends one request after another until `stop` aborts, or its request gets no answer
 * (the server is gone).
 */
export async function runWriters(baseUrl: string, writers: Writer[], ledger: WriteLedger, stop: AbortSignal): Promise<void> {
  const postIds: string[] = [];
  await Promise.all(
    writers.map(async (writer) => {
      while (!stop.aborted) {
        const answer = await writeOnce(baseUrl, writer, writers, ledger, postIds);
        if (answer.status === undefined) return;
      }
    }),
  );
}

function countsBy<T extends string>(rows: Array<Record<T, string>>, key: T): Map<string, number> {
  const counts = new Map<string, number>();
  for (const row of rows) counts.set(row[key], (counts.get(row[key]) ?? 0) + 1);
  return counts;
}

/** Everything stored that disagrees with the ledger, one line per problem (none: all is well). */
export async function ledgerProblems(db: Database, writers: Writer[], ledger: WriteLedger): Promise<string[]> {
  const problems: string[] = [];
  const memberIds = writers.map((writer) => writer.id);
  const expectOnce = (what: string, entries: Map<string, { acknowledged: boolean }>, stored: Map<string, number>) => {
    for (const [marker, { acknowledged: acked }] of entries) {
      const times = stored.get(marker) ?? 0;
      if (times > 1 || (acked && times === 0)) problems.push(`${what} ${marker} (acknowledged: ${acked}) is stored ${times} times`);
    }
  };
  const expectToggles = (what: string, entries: Map<string, ToggleState>, stored: Set<string>) => {
    for (const [key, { on, unanswered }] of entries) {
      if (unanswered === 0 && stored.has(key) !== on) problems.push(`${what} ${key} was acknowledged ${on ? 'on' : 'off'} but is stored ${on ? 'off' : 'on'}`);
    }
  };

  const postRows = await db.select({ description: posts.description }).from(posts).where(like(posts.description, `${ledger.tag}-%`));
  expectOnce('post', ledger.posts, countsBy(postRows, 'description'));
  const commentRows = await db.select({ text: postComments.text }).from(postComments).where(like(postComments.text, `${ledger.tag}-%`));
  expectOnce('comment', ledger.comments, countsBy(commentRows, 'text'));

  const likeRows = await db.select().from(postLikes).where(inArray(postLikes.userId, memberIds));
  expectToggles('like', ledger.likes, new Set(likeRows.map((row) => `${row.postId}|${row.userId}`)));

  const friendRows = await db.select().from(friendships).where(inArray(friendships.userId, memberIds));
  const friendKeys = new Set(friendRows.map((row) => `${row.userId}|${row.friendId}`));
  for (const key of friendKeys) {
    const [a, b] = key.split('|');
    if (!friendKeys.has(`${b}|${a}`)) problems.push(`friendship ${key} is stored in one direction only`);
  }
  expectToggles('friendship', ledger.friendships, friendKeys);

  // The denormalised counter agrees with the rows it counts, and covers every acknowledged view.
  const viewRows = await db
    .select({ id: users.id, viewedProfile: users.viewedProfile, viewers: sql<number>`count(${profileViews.viewerId})::int` })
    .from(users)
    .leftJoin(profileViews, sql`${profileViews.viewedId} = ${users.id}`)
    .where(inArray(users.id, memberIds))
    .groupBy(users.id);
  for (const row of viewRows) {
    const views = ledger.views.get(row.id);
    if (row.viewedProfile !== row.viewers) problems.push(`member ${row.id}: viewedProfile ${row.viewedProfile}, but ${row.viewers} profile_views rows`);
    if (views && !(row.viewers >= views.acknowledged.size && row.viewers <= views.attempted.size)) {
      problems.push(`member ${row.id}: ${row.viewers} viewers stored, ${views.acknowledged.size} acknowledged, ${views.attempted.size} attempted`);
    }
  }
  return problems;
}
