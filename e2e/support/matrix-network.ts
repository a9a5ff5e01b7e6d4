import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { GUEST_ACCOUNT, type LoginResponse, type Member, type Post, type RegisterFields } from '@atelier/contracts';

// Matrix Network through its API: members, sign-in and posts the browser specs start from.
// Tests that change anything use a member of their own (the specs run on two workers at once);
// read-only tests may use the seeded guest.

/** A 48x32 blue PNG: small, but a real image the server's sharp re-encodes. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAADAAAAAgCAIAAADbtmxLAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAASElEQVRYhe2WgQkAMAzCeok3+3F2RkcJ9AARjZ2Ur27WFURB6FDNUGwZ6/iJYESHaoZiy1iHUHzQ0KGaodgy5BCCsU5HDo/rAwLxDpf8aGfxAAAAAElFTkSuQmCC',
  'base64',
);

/** A 1x1 GIF: a type the drop zones refuse. */
export const TINY_GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/** A file for `setInputFiles` or a multipart field. */
export const pngFile = (name = 'picture.png') => ({ name, mimeType: 'image/png', buffer: TINY_PNG });
export const gifFile = (name = 'animation.gif') => ({ name, mimeType: 'image/gif', buffer: TINY_GIF });

/** The seeded demo members the specs look at (backend/src/modules/users/demo-members.ts). */
export const SEEDED = {
  guest: { firstName: 'Guest', lastName: 'Visitor' },
  /** The friend specs befriend her: her friend count changes while they run. */
  mira: { firstName: 'Mira', lastName: 'Castellane' },
  /** Only read: 4 friends (guest, Mira, Samir, Kofi) and 3 posts. */
  tobias: { firstName: 'Tobias', lastName: 'Wrenfield', friends: 4, posts: 3 },
} as const;

/** Posts in the seed; every test's own posts come on top. */
export const SEEDED_POST_COUNT = 24;

export const fullName = (member: { firstName: string; lastName: string }) => `${member.firstName} ${member.lastName}`;

/** A short random tag, so names and texts of parallel tests never collide. */
export const uniqueTag = () => randomUUID().slice(0, 8);

/** Form values for a member nobody has registered yet. */
export function newMemberFields(): RegisterFields {
  const tag = uniqueTag();
  return {
    firstName: 'Ada',
    lastName: `Tester${tag}`,
    email: `e2e-${tag}@example.com`,
    password: `password-${tag}`,
    location: 'Lisbon',
    occupation: 'ML Engineer',
  };
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

async function json<T>(response: Awaited<ReturnType<APIRequestContext['get']>>, status: number): Promise<T> {
  expect(response.status(), `${response.url()}: ${await response.text()}`).toBe(status);
  return (await response.json()) as T;
}

export async function login(request: APIRequestContext, email: string, password: string): Promise<LoginResponse> {
  return json<LoginResponse>(await request.post('/api/auth/login', { data: { email, password } }), 200);
}

/** Registers a new member (with a picture) through the API and signs them in: their record, token and form values. */
export async function registerMember(request: APIRequestContext, fields: RegisterFields = newMemberFields()) {
  await json<Member>(await request.post('/api/auth/register', { multipart: { ...fields, picture: pngFile('avatar.png') } }), 201);
  const { user, token } = await login(request, fields.email, fields.password);
  return { fields, user, token };
}

/** A member of the test's own, registered through the API, whose session the next visit uses. */
export async function storeNewMemberSession(page: Page) {
  const member = await registerMember(page.request);
  await storeSession(page, member);
  return member;
}

export async function createPost(request: APIRequestContext, token: string, description: string): Promise<Post> {
  const page = await json<Post[]>(await request.post('/api/posts', { headers: bearer(token), multipart: { description } }), 201);
  const post = page.find((candidate) => candidate.description === description);
  if (!post) throw new Error(`the new post '${description}' is not in the first feed page`);
  return post;
}

/** Adds a comment through the API; answers the post as it is after. */
export async function addComment(request: APIRequestContext, token: string, postId: string, text: string): Promise<Post> {
  return json<Post>(await request.post(`/api/posts/${postId}/comments`, { headers: bearer(token), data: { text } }), 201);
}

export async function memberPosts(request: APIRequestContext, token: string, userId: string): Promise<Post[]> {
  return json<Post[]>(await request.get(`/api/posts/${userId}/posts`, { headers: bearer(token), params: { limit: 100 } }), 200);
}

export async function memberRecord(request: APIRequestContext, token: string, userId: string): Promise<Member> {
  return json<Member>(await request.get(`/api/users/${userId}`, { headers: bearer(token) }), 200);
}

export async function friendsOf(request: APIRequestContext, token: string, userId: string) {
  return json<Member['friends']>(await request.get(`/api/users/${userId}/friends`, { headers: bearer(token) }), 200);
}

/** The id of a seeded member, found among the feed's authors. */
export async function seededMemberId(request: APIRequestContext, token: string, who: { firstName: string; lastName: string }) {
  const feed = await json<Post[]>(await request.get('/api/posts', { headers: bearer(token), params: { limit: 100 } }), 200);
  const post = feed.find((candidate) => candidate.firstName === who.firstName && candidate.lastName === who.lastName);
  if (!post) throw new Error(`no post by ${fullName(who)} in the feed`);
  return post.userId;
}

/**
 * Stores a session the way the app persists it (localStorage key persist:root, redux-persist
 * version 1) before the next page's scripts run. Stored once per tab: a reload or a later visit
 * reads what the app itself kept, so signing out and reloading are tested for real.
 */
export async function storeSession(page: Page, { user, token }: LoginResponse) {
  const session = {
    mode: JSON.stringify('dark'),
    user: JSON.stringify(user),
    token: JSON.stringify(token),
    posts: '[]',
    usersTrending: '[]',
    _persist: JSON.stringify({ version: 1, rehydrated: true }),
  };
  await page.addInitScript((value) => {
    if (window !== window.top || location.origin === 'null') return;
    if (sessionStorage.getItem('e2e:session-stored')) return;
    localStorage.setItem('persist:root', value);
    sessionStorage.setItem('e2e:session-stored', 'true');
  }, JSON.stringify(session));
}

/**
 * Signs in through the API (the seeded guest unless told otherwise) and stores the session, so the
 * next visit is signed in with a token the server accepts. Answers the member and token.
 */
export async function storeSignedInSession(
  page: Page,
  account: { email: string; password: string } = GUEST_ACCOUNT,
): Promise<LoginResponse> {
  const session = await login(page.request, account.email, account.password);
  await storeSession(page, session);
  return session;
}

/** The same token with a signature the server did not make. */
export function forgeToken(token: string): string {
  const [header, payload] = token.split('.');
  return `${header}.${payload}.${Buffer.from('not the signature of this server!').toString('base64url')}`;
}
