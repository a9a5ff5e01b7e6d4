import { GUEST_ACCOUNT, type AdminMember, type LoginResponse } from '@atelier/contracts';
import { startBackend, type BackendProcess } from './helpers/backend-process';
import { runCli } from './helpers/built-cli';
import { requireBuilds, tempDirPerTest } from './helpers/cli-spec';

const ADMIN_TOKEN = 'cli-users-admin-token-0123456789';
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const MIRA = 'mira.castellane@matrix.example'; // a seeded demo member

// `atelier users ...`, run built against a real (seeded) backend; what changed is checked through the API.
describe('atelier users (built) against a real backend', () => {
  const configDir = tempDirPerTest('atelier-cli-config-');
  let backend: BackendProcess;

  beforeAll(async () => {
    requireBuilds();
    backend = await startBackend({ ADMIN_TOKEN, AUTH_RATE_LIMIT_PER_MINUTE: '10000' });
  });
  afterAll(async () => {
    await backend?.stop();
  });

  const cli = (args: string[]) => runCli(['--api', backend.url, '--token', ADMIN_TOKEN, ...args], { ATELIER_CONFIG_DIR: configDir() });
  const json = async <T>(args: string[]): Promise<T> => {
    const run = await cli([...args, '--json']);
    expect(run).toMatchObject({ exitCode: 0, stderr: '' });
    return JSON.parse(run.stdout) as T;
  };
  const api = (route: string, init: { method?: string; body?: unknown; token?: string } = {}) =>
    fetch(`${backend.url}/api${route}`, {
      method: init.method ?? 'GET',
      headers: { 'content-type': 'application/json', ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  const guestLogin = () => api('/auth/login', { method: 'POST', body: GUEST_ACCOUNT });
  /** Fails the test with the exit code and output when a command did not succeed. */
  const succeeds = async (args: string[]) => {
    const run = await cli(args);
    expect(run).toMatchObject({ exitCode: 0, stderr: '' });
    return run.stdout;
  };

  it('list prints a table of the members, --search filters, --json gives the records', async () => {
    const table = await succeeds(['users', 'list']);
    expect(table).toMatch(/ID\s.*NAME\s.*EMAIL\s.*LOCATION\s.*OCCUPATION\s.*FRIENDS\s.*POSTS\s.*DISABLED\s.*JOINED/);
    expect(table.split('\n').find((line) => line.includes(GUEST_ACCOUNT.email))).toMatch(/Guest Visitor.*guest@example\.com.*The Lobby.*\b4\b.*\bno\b/);

    const all = await json<AdminMember[]>(['users', 'list']);
    expect(all).toHaveLength(9); // the guest and eight demo members
    expect(JSON.stringify(all)).not.toMatch(/password|hash/i);

    const found = await json<AdminMember[]>(['users', 'list', '--search', 'CASTELLANE']);
    expect(found.map((member) => member.email)).toEqual([MIRA]);
    expect(await json<AdminMember[]>(['users', 'list', '--limit', '2'])).toHaveLength(2);
    expect(await succeeds(['users', 'list', '-s', 'nobody-by-this-name'])).toBe('No member\'s name or email contains "nobody-by-this-name".\n');
  });

  it('show prints one member by email or id and answers an unknown one with a 404 line', async () => {
    const guest = await json<AdminMember>(['users', 'show', GUEST_ACCOUNT.email]);
    expect(guest).toMatchObject({ email: GUEST_ACCOUNT.email, firstName: 'Guest', lastName: 'Visitor', disabled: false });
    const human = await succeeds(['users', 'show', guest.id]);
    expect(human).toMatch(/Email\s*│\s*guest@example\.com/);
    expect(human).toMatch(/Disabled\s*│\s*no/);

    for (const unknown of [UNKNOWN_ID, 'nobody@example.com', 'not-an-id']) {
      const run = await cli(['users', 'show', unknown]);
      expect(run.exitCode).toBe(1);
      expect(run.stderr).toMatch(new RegExp(`^atelier: No member with id or email ${unknown} \\(HTTP 404 NOT_FOUND\\)\\n$`));
      expect(run.stdout).toBe('');
    }
  });

  it('disable refuses sign-in and the tokens already held; enable lets the member sign in again', async () => {
    const guest = await json<AdminMember>(['users', 'show', GUEST_ACCOUNT.email]);
    const before = await guestLogin();
    expect(before.status).toBe(200);
    // A guest sign-in is a sandbox of its own (a member the token names), ended with the guest.
    const { token, user } = (await before.json()) as LoginResponse;
    expect((await api(`/users/${user._id}`, { token })).status).toBe(200);

    const disabled = await succeeds(['users', 'disable', GUEST_ACCOUNT.email]);
    expect(disabled).toBe(`Member Guest Visitor <${GUEST_ACCOUNT.email}> (${guest.id}) disabled: they can no longer sign in\n`);
    const refused = await guestLogin();
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ statusCode: 403, code: 'FORBIDDEN' });
    expect((await api(`/users/${user._id}`, { token })).status).toBe(401);
    expect(await succeeds(['users', 'show', guest.id])).toMatch(/Disabled\s*│\s*yes, since \d{4}-/);

    const enabled = await succeeds(['users', 'enable', guest.id]);
    expect(enabled).toBe(`Member Guest Visitor <${GUEST_ACCOUNT.email}> (${guest.id}) enabled: they can sign in again\n`);
    // The tokens the disable revoked stay revoked; a new sign-in works.
    expect((await api(`/users/${user._id}`, { token })).status).toBe(401);
    const again = await guestLogin();
    expect(again.status).toBe(200);
    const { token: fresh, user: sandbox } = (await again.json()) as LoginResponse;
    expect((await api(`/users/${sandbox._id}`, { token: fresh })).status).toBe(200);
  });

  it('disable and enable by id with --json, and 404 for an unknown member', async () => {
    const mira = await json<AdminMember>(['users', 'show', MIRA]);
    expect(await json<AdminMember>(['users', 'disable', mira.id])).toMatchObject({ id: mira.id, disabled: true });
    expect((await json<AdminMember[]>(['users', 'list', '--search', MIRA]))[0].disabled).toBe(true);
    expect(await json<AdminMember>(['users', 'enable', MIRA])).toMatchObject({ id: mira.id, disabled: false, disabledAt: null });

    for (const name of ['disable', 'enable']) {
      const run = await cli(['users', name, UNKNOWN_ID]);
      expect(run.exitCode).toBe(1);
      expect(run.stderr).toMatch(/^atelier: .*\(HTTP 404 NOT_FOUND\)\n$/);
    }
  });

  it('reset-guest restores a disabled guest so it signs in with the documented password', async () => {
    await succeeds(['users', 'disable', GUEST_ACCOUNT.email]);
    expect((await guestLogin()).status).toBe(403);

    const reset = await succeeds(['users', 'reset-guest']);
    expect(reset).toMatch(new RegExp(`^Guest account restored: guest@example\\.com \\([0-9a-f-]{36}\\) signs in with password ${GUEST_ACCOUNT.password}\\n`));
    expect(reset).toMatch(/Disabled\s*│\s*no/);
    const signedIn = await guestLogin();
    expect(signedIn.status).toBe(200);
    expect(((await signedIn.json()) as LoginResponse).user).toMatchObject({ firstName: 'Guest', lastName: 'Visitor', location: 'The Lobby' });

    const again = await json<AdminMember>(['users', 'reset-guest']); // idempotent
    expect(again).toMatchObject({ email: GUEST_ACCOUNT.email, disabled: false, friends: 4 });
  });

  it('rejects invalid input before calling the API and reports a bad token', async () => {
    for (const limit of ['0', 'ten', '100000']) {
      const run = await cli(['users', 'list', '--limit', limit]);
      expect(run.exitCode).toBe(2);
      expect(run.stderr).toMatch(new RegExp(`--limit <n>' argument '${limit}' is invalid\\. must be a whole number from 1 to 1000`));
    }
    const missing = await cli(['users', 'show']);
    expect(missing.exitCode).toBe(2);
    expect(missing.stderr).toMatch(/missing required argument 'id-or-email'/);

    for (const args of [['users', 'list'], ['users', 'disable', GUEST_ACCOUNT.email], ['users', 'reset-guest']]) {
      const run = await runCli(['--api', backend.url, '--token', 'wrong-token-0123456789', ...args], { ATELIER_CONFIG_DIR: configDir() });
      expect(run.exitCode).toBe(1);
      expect(run.stderr).toMatch(/^atelier: .*\(HTTP 401 UNAUTHORIZED\); check --token or ATELIER_ADMIN_TOKEN\n$/);
    }
    expect((await guestLogin()).status).toBe(200); // the refused disable changed nothing
  });

  it('every users command has --help with an example', async () => {
    for (const name of ['list', 'show', 'disable', 'enable', 'reset-guest']) {
      const run = await cli(['users', name, '--help']);
      expect(run.exitCode).toBe(0);
      expect(run.stdout).toContain(`$ atelier users ${name}`);
    }
    expect((await cli(['users', '--help'])).stdout).toContain('$ atelier users list');
  });
});
