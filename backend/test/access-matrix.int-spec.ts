import { sql } from 'drizzle-orm';
import { ADMIN_TOKEN, queryRows } from './helpers/generation';
import { forgedToken, registerMember, type TestMember } from './helpers/members';
import { routesOf, type Route } from './helpers/routes';
import { createTestApp, type TestApp } from './helpers/test-app';

// Every route the app has (read from its controllers' metadata, not listed by hand), called by each
// kind of caller. Expected: admin routes answer only the admin token, member routes only a member's
// token, public routes anyone; a refused call is 401 and changes nothing; no call is a 5xx.

type Caller = 'anonymous' | 'member' | 'bad token' | 'admin token';

const SOME_ID = '00000000-0000-4000-8000-000000000000';

/** Row counts of every table: a refused call must leave them as they were. */
async function tableCounts(t: TestApp): Promise<Record<string, number>> {
  const tables = await queryRows<{ name: string }>(
    t,
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const [row] = await queryRows<{ n: number | string }>(t, sql`select count(*) as n from ${sql.identifier(name)}`);
    counts[name] = Number(row.n);
  }
  return counts;
}

describe('access matrix: every route by every kind of caller', () => {
  let t: TestApp;
  let member: TestMember;
  let routes: Route[];

  beforeAll(async () => {
    t = await createTestApp({ ADMIN_TOKEN });
    member = await registerMember(t);
    routes = routesOf(t);
  });
  afterAll(() => t.close());

  const headersOf = (caller: Caller): Record<string, string> => {
    switch (caller) {
      case 'anonymous':
        return {};
      case 'member':
        return member.auth;
      case 'bad token':
        return { Authorization: `Bearer ${forgedToken(member.id)}` };
      case 'admin token':
        return { Authorization: `Bearer ${ADMIN_TOKEN}` };
    }
  };

  /** Route parameters name the caller themself for a member (their own posts, friends), else nobody. */
  const call = async (route: Route, caller: Caller) => {
    const path = route.path.replace(/:\w+/g, caller === 'member' ? member.id : SOME_ID);
    const request = (t.http as unknown as Record<string, (path: string) => import('supertest').Test>)[route.method](path).set(headersOf(caller));
    const response = ['post', 'put', 'patch'].includes(route.method) ? await request.send({}) : await request;
    return response.status;
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
    const before = await tableCounts(t);
    const wrong: string[] = [];
    for (const route of routes) {
      const refused: Caller[] =
        route.access === 'admin' ? ['anonymous', 'member', 'bad token'] : route.access === 'member' ? ['anonymous', 'bad token', 'admin token'] : [];
      for (const caller of refused) {
        const status = await call(route, caller);
        if (status !== 401) wrong.push(`${route.method.toUpperCase()} ${route.path} (${route.access}) by ${caller}: ${status}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(await tableCounts(t)).toEqual(before);
  });

  it('lets through the callers each route is for, and never answers 5xx to anyone', async () => {
    const wrong: string[] = [];
    for (const route of routes) {
      const allowed: Caller[] = route.access === 'admin' ? ['admin token'] : route.access === 'member' ? ['member'] : ['anonymous', 'member', 'bad token', 'admin token'];
      for (const caller of allowed) {
        const status = await call(route, caller);
        if (status === 401 || status === 403 || status >= 500) wrong.push(`${route.method.toUpperCase()} ${route.path} (${route.access}) by ${caller}: ${status}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
