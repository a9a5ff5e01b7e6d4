import { sql, type SQL } from 'drizzle-orm';
import type { Response } from 'supertest';
import { ImpressionsCounter } from '../src/modules/users/impressions.counter';
import { ADMIN_TOKEN, queryRows } from './helpers/generation';
import { createBelongings, forgedToken, registerMember, storedFiles, type MemberBelongings, type TestMember } from './helpers/members';
import { fillParameters, parameterNames, routeName, routesOf, type Access, type Route } from './helpers/routes';
import { createTestApp, type TestApp } from './helpers/test-app';

// Every route the app has (read from its controllers' metadata, not listed by hand), called by each
// kind of caller. Expected: admin routes answer only the admin token, member routes only a member's
// token, public routes anyone; a refused call is 401 and changes nothing; no call is a 5xx. Member
// routes are also called by another member against the first member's belongings, as the ownership
// rules below say.

type Caller = 'anonymous' | 'member' | 'other member' | 'bad token' | 'admin token';

const SOME_ID = '00000000-0000-4000-8000-000000000000';

/**
 * Who each kind of route refuses with 401 and who it lets through. The other member on a member
 * route is neither: what they get depends on whose belongings the route names (OWNERSHIP_RULES).
 */
const CALLERS_BY_ACCESS: Record<Access, { refused: Caller[]; letThrough: Caller[] }> = {
  admin: { refused: ['anonymous', 'member', 'other member', 'bad token'], letThrough: ['admin token'] },
  member: { refused: ['anonymous', 'bad token', 'admin token'], letThrough: ['member'] },
  public: { refused: [], letThrough: ['anonymous', 'member', 'other member', 'bad token', 'admin token'] },
};

/** The first member's belongings that another member's call can name in a URL. */
type Belonging = 'owner' | 'post' | 'comment' | 'friend';

interface OwnershipRule {
  /** Which of the owner's belongings each route parameter names. */
  names: Record<string, Belonging>;
  /** A valid body, built from the caller's id, so that a refusal comes from ownership and not from validation. */
  body?: (callerId: string) => Record<string, unknown>;
  /** The status another member gets: 2xx allowed, or 403 refused (the API's answer for "exists, but not yours"). */
  answer: number;
  /** Belongings an allowed answer must show, so a 200 with nothing of the owner's in it fails. */
  shows?: Belonging[];
}

// What a member may do with another member's belongings. Reading is open to every member: the
// spec's profile page shows anyone's card, friends and posts, and the feed is everyone's posts.
// Liking and commenting are done as the token's member (the original client sends its own id).
// Changing or deleting a post is for its author only, and a member's friend list is changed by
// that member only (docs/requirements/security.md#acting-member): the API refuses both with 403 FORBIDDEN, its convention
// for "exists, but is not yours" (see post-authorization and members specs).
// Every member route needs an entry: a new one fails the matrix until someone decides its rule.
const OWNERSHIP_RULES: Record<string, OwnershipRule> = {
  'GET /api/posts': { names: {}, answer: 200, shows: ['post'] },
  'POST /api/posts': { names: {}, body: () => ({ description: 'a post of my own' }), answer: 201, shows: ['post'] },
  'GET /api/posts/:userId/posts': { names: { userId: 'owner' }, answer: 200, shows: ['post'] },
  'PATCH /api/posts/:id/like': { names: { id: 'post' }, body: (me) => ({ userId: me }), answer: 200, shows: ['post'] },
  'POST /api/posts/:id/comments': { names: { id: 'post' }, body: (me) => ({ userId: me, text: 'nice work' }), answer: 201, shows: ['post'] },
  'GET /api/posts/:id/comments': { names: { id: 'post' }, answer: 200, shows: ['comment'] },
  'PATCH /api/posts/:id': { names: { id: 'post' }, body: () => ({ description: 'defaced' }), answer: 403 },
  'DELETE /api/posts/:id': { names: { id: 'post' }, answer: 403 },
  'GET /api/users/:id': { names: { id: 'owner' }, answer: 200, shows: ['owner', 'friend'] },
  'GET /api/users/:id/friends': { names: { id: 'owner' }, answer: 200, shows: ['friend'] },
  'PATCH /api/users/:id/:friendId': { names: { id: 'owner', friendId: 'friend' }, answer: 403 },
};

/** One call of the matrix; `problems` is empty when the call went as expected. */
interface Cell {
  route: string;
  caller: Caller;
  expected: string;
  got: string;
  problems: string[];
}

const gotOf = (response: Response) => `${response.status}${typeof response.body?.code === 'string' ? ` ${response.body.code}` : ''}`;

/** The matrix as a table, wrong cells marked, for failure messages. */
function renderMatrix(cells: Cell[]): string {
  const rows = [['', 'route', 'caller', 'expected', 'got', 'problems'], ...cells.map((cell) => [
    cell.problems.length ? '✗' : '',
    cell.route,
    cell.caller,
    cell.expected,
    cell.got,
    cell.problems.join('; '),
  ])];
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  return rows.map((row) => row.map((text, column) => text.padEnd(widths[column])).join(' | ').trimEnd()).join('\n');
}

function expectEveryCellHolds(cells: Cell[]): void {
  const wrong = cells.filter((cell) => cell.problems.length > 0);
  if (wrong.length > 0) throw new Error(`${wrong.length} of ${cells.length} cells are wrong:\n${renderMatrix(cells)}`);
}

/** Table name (or stored-file folder) to its rows, each as JSON text, in a stable order. */
type State = Record<string, string[]>;

/** What changed between two states, per table: its row count, or else some row's content. */
function changesBetween(before: State, after: State): string[] {
  return Object.keys({ ...before, ...after }).flatMap((name) => {
    const [was, is] = [before[name] ?? [], after[name] ?? []];
    if (was.length !== is.length) return [`${name}: ${was.length} -> ${is.length} rows`];
    return was.some((row, index) => row !== is[index]) ? [`${name}: a row's content changed`] : [];
  });
}

/** Every row of every table, and the stored media: a refused call must leave all of it as it was. */
async function everything(t: TestApp): Promise<State> {
  await t.app.get(ImpressionsCounter).flush(); // counts from earlier feed reads land now, not mid-comparison
  const tables = await queryRows<{ name: string }>(
    t,
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const state: State = {};
  for (const { name } of tables) {
    const rows = await queryRows<{ row: string }>(t, sql`select to_jsonb(x)::text as row from ${sql.identifier(name)} x order by 1`);
    state[name] = rows.map(({ row }) => row);
  }
  state['media/posts'] = storedFiles(t, 'posts');
  state['media/users'] = storedFiles(t, 'users');
  return state;
}

/**
 * The rows the owner made: their post, like, comment, friendships and member row, and their
 * pictures. What another member is allowed to do (read, like, comment) adds rows of their own but
 * changes none of these; only the owner's two counters move, since other members' views and feed
 * reads are what they count.
 */
async function ownersRows(t: TestApp, ownerId: string, ownerPictures: string[]): Promise<State> {
  const rowsOf = async (statement: SQL) =>
    (await queryRows<{ row: string }>(t, sql`select row from (${statement}) as owned order by 1`)).map(({ row }) => row);
  return {
    posts: await rowsOf(sql`select to_jsonb(p)::text as row from posts p where p.user_id = ${ownerId}`),
    post_likes: await rowsOf(sql`select to_jsonb(l)::text as row from post_likes l where l.user_id = ${ownerId}`),
    post_comments: await rowsOf(sql`select to_jsonb(c)::text as row from post_comments c where c.user_id = ${ownerId}`),
    friendships: await rowsOf(sql`select to_jsonb(f)::text as row from friendships f where ${ownerId} in (f.user_id, f.friend_id)`),
    users: await rowsOf(sql`select (to_jsonb(u) - 'viewed_profile' - 'impressions')::text as row from users u where u.id = ${ownerId}`),
    media: [...storedFiles(t, 'posts'), ...storedFiles(t, 'users')].filter((file) => ownerPictures.includes(file)),
  };
}

describe('access matrix: every route by every kind of caller', () => {
  let t: TestApp;
  let member: TestMember;
  let otherMember: TestMember;
  let belongings: MemberBelongings;
  let routes: Route[];

  beforeAll(async () => {
    // Each caller registers or signs in on the public auth routes; the default per-IP limit is smaller.
    t = await createTestApp({ ADMIN_TOKEN, AUTH_RATE_LIMIT_PER_MINUTE: '10000' });
    member = await registerMember(t, { firstName: 'Owner' });
    otherMember = await registerMember(t, { firstName: 'Other' });
    belongings = await createBelongings(t, member);
    routes = routesOf(t);
  });
  afterAll(() => t.close());

  const ownerPictures = () => [belongings.post.picturePath ?? '', member.member.picturePath];
  const idOf = (belonging: Belonging): string =>
    ({ owner: member.id, post: belongings.post._id, comment: belongings.commentId, friend: belongings.friend.id })[belonging];

  const headersOf = (caller: Caller): Record<string, string> => {
    switch (caller) {
      case 'anonymous':
        return {};
      case 'member':
        return member.auth;
      case 'other member':
        return otherMember.auth;
      case 'bad token':
        return { Authorization: `Bearer ${forgedToken(member.id)}` };
      case 'admin token':
        return { Authorization: `Bearer ${ADMIN_TOKEN}` };
    }
  };

  const send = async (route: Route, caller: Caller, path: string, body: Record<string, unknown> = {}): Promise<Response> => {
    const request = (t.http as unknown as Record<string, (path: string) => import('supertest').Test>)[route.method](path).set(headersOf(caller));
    return ['post', 'put', 'patch'].includes(route.method) ? request.send(body) : request;
  };

  /** Route parameters name the caller themself for a member (their own posts, friends), else nobody. */
  const call = (route: Route, caller: Caller) => send(route, caller, fillParameters(route, () => (caller === 'member' ? member.id : SOME_ID)));

  /** Refused with 401; its answer must say UNAUTHORIZED. */
  const expectRefused = async (route: Route, caller: Caller): Promise<Cell> => {
    const got = gotOf(await call(route, caller));
    const problems = got === '401 UNAUTHORIZED' ? [] : ['not refused as unauthenticated'];
    return { route: routeName(route), caller, expected: '401 UNAUTHORIZED', got, problems };
  };

  /** Let through: whatever the (empty) input earns, but never an auth refusal or a server error. */
  const expectLetThrough = async (route: Route, caller: Caller): Promise<Cell> => {
    const { status } = await call(route, caller);
    const problems = status === 401 || status === 403 || status >= 500 ? ['refused or broken'] : [];
    return { route: routeName(route), caller, expected: 'not 401/403/5xx', got: String(status), problems };
  };

  /** The other member calls a member route on the owner's belongings, as its ownership rule says. */
  const callAsOtherMember = async (route: Route, rule: OwnershipRule): Promise<Cell> => {
    const refused = rule.answer === 403;
    const path = fillParameters(route, (name) => idOf(rule.names[name]));
    const takeState = () => (refused ? everything(t) : ownersRows(t, member.id, ownerPictures()));
    const before = await takeState();
    const response = await send(route, 'other member', path, rule.body?.(otherMember.id));
    const after = await takeState();

    const expected = refused ? '403 FORBIDDEN' : String(rule.answer);
    const got = refused ? gotOf(response) : String(response.status);
    const problems = got === expected ? [] : ['unexpected answer'];
    problems.push(...changesBetween(before, after).map((change) => `changed ${change}`));
    if (!refused && response.status === rule.answer) {
      const missing = (rule.shows ?? []).filter((belonging) => !response.text.includes(idOf(belonging)));
      if (missing.length > 0) problems.push(`answer lacks the owner's ${missing.join(', ')}`);
    }
    // Another member's answers, refusals included, never carry the owner's or the friend's email, nor a hash.
    for (const secret of [member.email, belongings.friend.email, '$argon2']) {
      if (response.text.toLowerCase().includes(secret.toLowerCase())) problems.push(`answer shows ${secret}`);
    }
    return { route: routeName(route), caller: 'other member', expected, got, problems };
  };

  it('finds the routes of every kind', () => {
    const kinds = new Set(routes.map((route) => route.access));
    expect([...kinds].sort()).toEqual(['admin', 'member', 'public']);
    expect(routes.length).toBeGreaterThan(60);
    expect(routes).toEqual(expect.arrayContaining([
      { method: 'get', path: '/api/admin/workers', access: 'admin' },
      { method: 'patch', path: '/api/users/:id/:friendId', access: 'member' },
      { method: 'get', path: '/api/posts', access: 'member' },
      { method: 'get', path: '/api/content/site', access: 'public' },
    ]));
  });

  it('refuses every protected route to the callers it is not for with 401, changing nothing', async () => {
    const before = await everything(t);
    const cells: Cell[] = [];
    for (const route of routes) {
      for (const caller of CALLERS_BY_ACCESS[route.access].refused) cells.push(await expectRefused(route, caller));
    }
    expectEveryCellHolds(cells);
    expect(changesBetween(before, await everything(t))).toEqual([]);
  });

  it('lets through the callers each route is for, and never answers 5xx to anyone', async () => {
    const cells: Cell[] = [];
    for (const route of routes) {
      for (const caller of CALLERS_BY_ACCESS[route.access].letThrough) cells.push(await expectLetThrough(route, caller));
    }
    expectEveryCellHolds(cells);
  });

  it('has an ownership rule for every member route, naming each of its parameters', () => {
    const memberRoutes = routes.filter((route) => route.access === 'member');
    const problems = memberRoutes.flatMap((route) => {
      const rule = OWNERSHIP_RULES[routeName(route)];
      if (!rule) return [`no expectation for route ${routeName(route)}`];
      const unnamed = parameterNames(route).filter((name) => !(name in rule.names));
      return unnamed.map((name) => `${routeName(route)}: the rule does not say what :${name} names`);
    });
    const stale = Object.keys(OWNERSHIP_RULES).filter((name) => !memberRoutes.some((route) => routeName(route) === name));
    expect(problems).toEqual([]);
    expect(stale).toEqual([]);
  });

  it("answers another member on the owner's belongings as the ownership rules say; a refusal changes nothing", async () => {
    // Each comparison below has something to compare: the owner's rows of every kind exist.
    const owned = await ownersRows(t, member.id, ownerPictures());
    expect(Object.fromEntries(Object.entries(owned).map(([name, rows]) => [name, rows.length]))).toEqual({
      posts: 1, post_likes: 1, post_comments: 1, friendships: 2, users: 1, media: 2,
    });

    const cells: Cell[] = [];
    for (const route of routes.filter((candidate) => candidate.access === 'member')) {
      const rule = OWNERSHIP_RULES[routeName(route)];
      const undecided = { expected: '?', got: 'not called', problems: ['no expectation for this route'] };
      cells.push(rule ? await callAsOtherMember(route, rule) : { route: routeName(route), caller: 'other member', ...undecided });
    }
    expectEveryCellHolds(cells);
  });
});
