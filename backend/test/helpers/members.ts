import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { JwtService } from '@nestjs/jwt';
import type { Member, Post } from '@atelier/contracts';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Response } from 'supertest';
import { RUNTIME_SECRETS } from '../../src/config/config.module';
import { ChangeNotifier } from '../../src/db/change-notifier';
import { users } from '../../src/db/schema/users.table';
import { MEMBERS_TOPIC } from '../../src/modules/users/members-topic';
import type { RuntimeSecrets } from '../../src/config/runtime-secrets';
import type { TestApp } from './test-app';

export interface TestMember {
  id: string;
  email: string;
  password: string;
  token: string;
  member: Member;
  auth: { Authorization: string };
}

/** A small real image, different per call (so stored files can be told apart). */
export async function pngFixture(width = 64, height = 48): Promise<Buffer> {
  const [r, g, b] = randomBytes(3);
  return sharp({ create: { width, height, channels: 3, background: { r, g, b } } }).png().toBuffer();
}

export async function jpegFixture(width = 64, height = 48): Promise<Buffer> {
  const [r, g, b] = randomBytes(3);
  return sharp({ create: { width, height, channels: 3, background: { r, g, b } } })
    .withExif({ IFD0: { Copyright: 'fixture-exif-marker' } })
    .jpeg()
    .toBuffer();
}

export const GIF_FIXTURE = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

export function registrationFields(overrides: Record<string, string> = {}): Record<string, string> {
  const suffix = randomBytes(4).toString('hex');
  return {
    firstName: 'Ada',
    lastName: `Lovelace-${suffix}`,
    email: `ada.${suffix}@example.com`,
    password: 'correct-horse-battery',
    location: 'London, UK',
    occupation: 'ML Engineer',
    ...overrides,
  };
}

/** Registers (multipart, with a picture) and signs in a new member. */
export async function registerMember(t: TestApp, overrides: Record<string, string> = {}): Promise<TestMember> {
  const fields = registrationFields(overrides);
  let request = t.http.post('/api/auth/register');
  for (const [name, value] of Object.entries(fields)) request = request.field(name, value);
  const registered = await request.attach('picture', await pngFixture(), 'me.png');
  if (registered.status !== 201) throw new Error(`register answered ${registered.status}: ${JSON.stringify(registered.body)}`);
  const login = await t.http.post('/api/auth/login').send({ email: fields.email, password: fields.password });
  if (login.status !== 200) throw new Error(`login answered ${login.status}: ${JSON.stringify(login.body)}`);
  const token: string = login.body.token;
  return {
    id: login.body.user._id,
    email: fields.email.toLowerCase(),
    password: fields.password,
    token,
    member: login.body.user,
    auth: { Authorization: `Bearer ${token}` },
  };
}

function jwt(t: TestApp): JwtService {
  const secrets = t.app.get<RuntimeSecrets>(RUNTIME_SECRETS);
  return new JwtService({ secret: secrets.jwtSecret });
}

/** A token with these claims, signed with the site's secret (e.g. one an older version signed). */
export function signedToken(t: TestApp, claims: Record<string, unknown>): string {
  return jwt(t).sign(claims);
}

/** A correctly signed token whose expiry has passed. */
export function expiredToken(t: TestApp, memberId: string): string {
  return jwt(t).sign({ sub: memberId, exp: Math.floor(Date.now() / 1000) - 60 });
}

/** A token signed with some other secret. */
export function forgedToken(memberId: string): string {
  return new JwtService({ secret: randomBytes(32).toString('hex') }).sign({ sub: memberId });
}

/** The four kinds of bad credentials every protected route must answer with 401. */
export function badAuthHeaders(t: TestApp, memberId: string): Array<[string, Record<string, string>]> {
  return [
    ['no token', {}],
    ['malformed token', { Authorization: 'Bearer not.a.jwt' }],
    ['expired token', { Authorization: `Bearer ${expiredToken(t, memberId)}` }],
    ['forged token', { Authorization: `Bearer ${forgedToken(memberId)}` }],
  ];
}

/** Files stored under DATA_DIR/media/<kind>, e.g. to prove a refused upload left nothing behind. */
export function storedFiles(t: TestApp, kind: 'users' | 'posts'): string[] {
  const dir = path.join(t.config.dataDir, 'media', kind);
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
}

/** Removes a member the way the owner's tools do: the row goes, and every process is told. */
export async function removeMember(t: TestApp, memberId: string): Promise<void> {
  await t.database.handle.db.delete(users).where(eq(users.id, memberId));
  await t.app.get(ChangeNotifier).publish(MEMBERS_TOPIC);
}

/** What a member owns in the Matrix Network, for tests of what other members may do with it. */
export interface MemberBelongings {
  /** The member's post, with a picture, the member's own like and the member's own comment. */
  post: Post;
  commentId: string;
  /** A member the owner befriended (friendship is mutual, so each lists the other). */
  friend: TestMember;
}

function expectAnswer(response: Response, status: number, what: string): void {
  if (response.status !== status) throw new Error(`${what} answered ${response.status}: ${JSON.stringify(response.body)}`);
}

/** Gives `owner` real belongings: a post with a picture, a like and a comment, and a friend. */
export async function createBelongings(t: TestApp, owner: TestMember): Promise<MemberBelongings> {
  const created = await t.http
    .post('/api/posts')
    .set(owner.auth)
    .field('description', `${owner.member.firstName}'s post`)
    .attach('picture', await pngFixture(), 'mine.png');
  expectAnswer(created, 201, 'creating the post');
  // The answer is the feed, everyone's posts newest first: pick the owner's out of it.
  const post = (created.body as Post[]).find((candidate) => candidate.userId === owner.id);
  if (!post) throw new Error('the created post is missing from the feed');

  expectAnswer(await t.http.patch(`/api/posts/${post._id}/like`).set(owner.auth).send({}), 200, 'liking the post');
  const commented = await t.http.post(`/api/posts/${post._id}/comments`).set(owner.auth).send({ text: 'my own comment' });
  expectAnswer(commented, 201, 'commenting');
  const comments = await t.http.get(`/api/posts/${post._id}/comments`).set(owner.auth);
  expectAnswer(comments, 200, 'listing the comments');

  const friend = await registerMember(t, { firstName: 'Friend' });
  expectAnswer(await t.http.patch(`/api/users/${owner.id}/${friend.id}`).set(owner.auth), 200, 'befriending');
  return { post: commented.body as Post, commentId: comments.body[0]._id, friend };
}
