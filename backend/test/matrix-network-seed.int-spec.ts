import * as fs from 'node:fs';
import * as path from 'node:path';
import { GUEST_ACCOUNT } from '@atelier/contracts';
import { asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Database } from '../src/db/database';
import { friendships } from '../src/db/schema/friendships.table';
import { postComments } from '../src/db/schema/post-comments.table';
import { postLikes } from '../src/db/schema/post-likes.table';
import { posts } from '../src/db/schema/posts.table';
import { users } from '../src/db/schema/users.table';
import { matrixNetworkSeed } from '../src/db/seed/matrix-network.seed';
import { runSeeds, type SeedReport } from '../src/db/seed/seeder';
import { verifyPassword } from '../src/modules/users/password-hasher';
import { mediaDir, STORED_NAME } from '../src/modules/media/media-paths';
import { drawSeedPictures } from './helpers/content';
import { makeTempDir } from './helpers/test-app';
import { createTestDatabase, testDriver, type TestDatabase } from './helpers/test-database';

const DAY = 24 * 60 * 60 * 1000;

/** Every file under DATA_DIR/media, as "<kind>/<name>", partial files included. */
function mediaFiles(dataDir: string): string[] {
  return ['users', 'posts'].flatMap((kind) => {
    const dir = mediaDir(dataDir, kind);
    return fs.existsSync(dir) ? fs.readdirSync(dir).map((name) => `${kind}/${name}`) : [];
  });
}

async function everything(db: Database, dataDir: string) {
  return {
    users: await db.select().from(users).orderBy(asc(users.id)),
    friendships: await db.select().from(friendships).orderBy(asc(friendships.userId), asc(friendships.friendId)),
    posts: await db.select().from(posts).orderBy(asc(posts.id)),
    likes: await db.select().from(postLikes).orderBy(asc(postLikes.postId), asc(postLikes.userId)),
    comments: await db.select().from(postComments).orderBy(asc(postComments.id)),
    files: mediaFiles(dataDir).sort(),
  };
}

describe(`Matrix Network seed (${testDriver()})`, () => {
  let database: TestDatabase;
  let db: Database;
  let dataDir: string;
  let report: SeedReport;
  let seeded: Awaited<ReturnType<typeof everything>>;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.handle.db;
    dataDir = makeTempDir('atelier-seed-');
    report = await runSeeds(db, [matrixNetworkSeed], { dataDir });
    await drawSeedPictures(db, dataDir, matrixNetworkSeed);
    seeded = await everything(db, dataDir);
  });
  afterAll(async () => {
    await database.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const guest = () => seeded.users.find((user) => user.email === GUEST_ACCOUNT.email)!;

  it('runs as the matrix-network step', () => {
    expect(report).toEqual({ ran: ['matrix-network'], skipped: [] });
  });

  it('creates the guest account, which signs in with the published password', async () => {
    expect(guest()).toMatchObject({ firstName: 'Guest', viewedProfile: 0, impressions: 0 });
    expect(await verifyPassword(guest().passwordHash, GUEST_ACCOUNT.password)).toBe(true);
  });

  it('creates eight demo members whom nobody can sign in as', async () => {
    expect(seeded.users).toHaveLength(9);
    const demo = seeded.users.filter((user) => user.id !== guest().id);
    const hashes = new Set(demo.map((user) => user.passwordHash));
    expect(hashes.size).toBe(1);
    const [hash] = hashes;
    expect(hash).not.toBe(guest().passwordHash);
    for (const guess of [GUEST_ACCOUNT.password, 'password', '']) expect(await verifyPassword(hash, guess)).toBe(false);
  });

  it('stores every friendship in both directions and gives the guest three or four friends', () => {
    const rows = new Set(seeded.friendships.map((row) => `${row.userId}>${row.friendId}`));
    for (const row of seeded.friendships) expect(rows).toContain(`${row.friendId}>${row.userId}`);
    const guestFriends = seeded.friendships.filter((row) => row.userId === guest().id);
    expect(guestFriends.length).toBeGreaterThanOrEqual(3);
    expect(guestFriends.length).toBeLessThanOrEqual(4);
    // Every member has someone, so no profile shows an empty friend list.
    expect(new Set(seeded.friendships.map((row) => row.userId)).size).toBe(seeded.users.length);
  });

  it('creates posts by every member, with and without pictures, at distinct times over the last weeks', () => {
    expect(seeded.posts.length).toBeGreaterThanOrEqual(20);
    expect(seeded.posts.some((post) => post.picturePath === null)).toBe(true);
    expect(seeded.posts.some((post) => post.picturePath !== null)).toBe(true);
    expect(new Set(seeded.posts.map((post) => post.userId)).size).toBe(seeded.users.length);
    const times = seeded.posts.map((post) => post.createdAt.getTime());
    expect(new Set(times).size).toBe(times.length);
    expect(Math.max(...times)).toBeGreaterThan(Date.now() - DAY);
    expect(Math.min(...times)).toBeLessThan(Date.now() - 14 * DAY);
    expect(Math.max(...times)).toBeLessThanOrEqual(Date.now());
  });

  it('writes every picture as a PNG file of the right size under a generated name, and nothing else', async () => {
    const expected = [
      ...seeded.users.map((user) => ({ kind: 'users', name: user.picturePath, width: 256, height: 256 })),
      ...seeded.posts
        .filter((post) => post.picturePath !== null)
        .map((post) => ({ kind: 'posts', name: post.picturePath!, width: 960, height: 640 })),
    ];
    expect(new Set(expected.map((picture) => picture.name)).size).toBe(expected.length);
    for (const { kind, name, width, height } of expected) {
      expect(name).toMatch(STORED_NAME);
      const metadata = await sharp(path.join(mediaDir(dataDir, kind), name)).metadata();
      expect(metadata).toMatchObject({ format: 'png', width, height });
    }
    expect(seeded.files).toEqual(expected.map(({ kind, name }) => `${kind}/${name}`).sort());
  });

  it('adds likes and comments by members other than the author, after the post', () => {
    const postsById = new Map(seeded.posts.map((post) => [post.id, post]));
    expect(seeded.likes.length).toBeGreaterThan(seeded.posts.length);
    expect(seeded.comments.length).toBeGreaterThan(seeded.posts.length);
    for (const item of [...seeded.likes, ...seeded.comments]) {
      const post = postsById.get(item.postId)!;
      expect(item.userId).not.toBe(post.userId);
      expect(item.createdAt.getTime()).toBeGreaterThan(post.createdAt.getTime());
      expect(item.createdAt.getTime()).toBeLessThanOrEqual(Date.now());
    }
    const perPost = seeded.posts.map((post) => seeded.comments.filter((comment) => comment.postId === post.id).length);
    expect(Math.max(...perPost)).toBeLessThanOrEqual(4);
  });

  it('changes nothing when the seeds run again', async () => {
    expect(await runSeeds(db, [matrixNetworkSeed], { dataDir })).toEqual({ ran: [], skipped: ['matrix-network'] });
    expect(await everything(db, dataDir)).toEqual(seeded);
  });
});

describe(`Matrix Network seed failing (${testDriver()})`, () => {
  let database: TestDatabase;
  let dataDir: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = makeTempDir('atelier-seed-');
  });
  afterAll(async () => {
    await database.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('leaves no rows and no picture files behind, so the next start can try again cleanly', async () => {
    const db = database.handle.db;
    // Taking the guest's email makes the step's first insert fail.
    await db.insert(users).values({
      firstName: 'Early',
      lastName: 'Bird',
      email: GUEST_ACCOUNT.email,
      passwordHash: 'not-a-hash',
      location: 'Here',
      occupation: 'Tester',
      picturePath: 'none.png',
    });

    await expect(runSeeds(db, [matrixNetworkSeed], { dataDir })).rejects.toThrow();
    expect(mediaFiles(dataDir)).toEqual([]);
    expect(await db.select().from(users).where(eq(users.firstName, 'Guest'))).toEqual([]);
    expect(await db.select().from(posts)).toEqual([]);
  });
});
