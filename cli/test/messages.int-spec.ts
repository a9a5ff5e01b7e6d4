import type { ContactMessage } from '@atelier/contracts';
import { startBackend, type BackendProcess } from './helpers/backend-process';
import { freePort, runCli } from './helpers/built-cli';
import { requireBuilds, tempDirPerTest } from './helpers/cli-spec';

const ADMIN_TOKEN = 'cli-messages-admin-token-0123456789';
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

// `atelier messages ...`, run built against a real backend whose SMTP_URL names a port nothing
// listens on: every message is kept, and its mail fails with the connection's reason.
describe('atelier messages (built) against a real backend', () => {
  const configDir = tempDirPerTest('atelier-cli-config-');
  let backend: BackendProcess;

  beforeAll(async () => {
    requireBuilds();
    backend = await startBackend({
      ADMIN_TOKEN,
      CONTACT_MESSAGES_PER_IP_PER_HOUR: '1000',
      SMTP_URL: `smtp://127.0.0.1:${await freePort()}`,
      CONTACT_EMAIL: 'owner@example.com',
    });
  });
  afterAll(async () => {
    await backend?.stop();
  });

  const cli = (args: string[]) => runCli(['--api', backend.url, '--token', ADMIN_TOKEN, ...args], { ATELIER_CONFIG_DIR: configDir() });
  const succeeds = async (args: string[]) => {
    const run = await cli(args);
    expect(run).toMatchObject({ exitCode: 0, stderr: '' });
    return run.stdout;
  };
  const json = async <T>(args: string[]): Promise<T> => JSON.parse(await succeeds([...args, '--json'])) as T;
  const contact = async (name: string, message: string) => {
    const res = await fetch(`${backend.url}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name, email: `${name.toLowerCase()}@example.com`, message }),
    });
    expect(res.status).toBe(201);
  };
  /** The list once no mail is still being sent. */
  const settled = async (): Promise<ContactMessage[]> => {
    for (let attempt = 0; ; attempt++) {
      const list = await json<ContactMessage[]>(['messages', 'list']);
      if (!list.some((message) => message.mailStatus === 'sending')) return list;
      if (attempt === 100) throw new Error('a mail is still being sent');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  it('lists messages newest first, unread ones marked, each with what became of its mail; show reads one and marks it read', async () => {
    expect(await succeeds(['messages', 'list'])).toBe('No messages yet.\n');
    await contact('Ada', 'Could we talk about the engine?');
    await contact('Grace', 'A long message that the list shortens to its first forty characters or so.\nWith a second line.');

    const [grace, ada] = await settled();
    expect([grace.name, ada.name]).toEqual(['Grace', 'Ada']);
    expect(grace).toMatchObject({ read: false, mailStatus: 'failed', mailError: expect.stringMatching(/ECONNREFUSED/) });

    const table = await succeeds(['messages', 'list']);
    const rowOf = (text: string, id: string) => text.split('\n').find((line) => line.includes(id));
    expect(table).toMatch(/NEW\s.*ID\s.*FROM\s.*MESSAGE\s.*RECEIVED\s.*MAIL/);
    expect(table.indexOf(grace.id)).toBeLessThan(table.indexOf(ada.id));
    expect(rowOf(table, grace.id)).toMatch(/^│ \* +│ \S+ +│ Grace <grace@example\.com> +│ A long message that the list shortens t… +│ \S+ +│ failed: .*ECONNREFUSED/);
    expect(rowOf(table, ada.id)).toMatch(/^│ \* +│ \S+ +│ Ada <ada@example\.com> +│ Could we talk about the engine\? +│/);
    expect(table).toContain('2 messages, 2 unread (* new)');

    const shown = await succeeds(['messages', 'show', ada.id]);
    expect(shown).toMatch(/From\s*│\s*Ada <ada@example\.com>/);
    expect(shown).toMatch(/Read\s*│\s*yes, first on \d{4}-/);
    expect(shown).toMatch(/Mail\s*│\s*failed: .*ECONNREFUSED/);
    expect(shown.endsWith('\n\nCould we talk about the engine?\n')).toBe(true);

    const again = await succeeds(['messages', 'list']);
    expect(rowOf(again, ada.id)).toMatch(/^│ {5}│/); // no longer marked
    expect(rowOf(again, grace.id)).toMatch(/^│ \* +│/);
    expect(again).toContain('2 messages, 1 unread');
    expect(await json<ContactMessage>(['messages', 'show', grace.id])).toMatchObject({ id: grace.id, read: true, message: expect.stringContaining('\nWith a second line.') });
    expect(await json<ContactMessage[]>(['messages', 'list', '--limit', '1'])).toHaveLength(1);
  });

  it('remove deletes a message; unknown and malformed ids are clear failures', async () => {
    await contact('Linus', 'Delete me');
    const [linus] = await settled();
    expect(await succeeds(['messages', 'remove', linus.id])).toBe(`Message ${linus.id} removed\n`);
    expect((await settled()).map((message) => message.id)).not.toContain(linus.id);

    for (const args of [['messages', 'remove', linus.id], ['messages', 'show', UNKNOWN_ID]]) {
      const run = await cli(args);
      expect(run.exitCode).toBe(1);
      expect(run.stderr).toMatch(/^atelier: No message with id [0-9a-f-]{36} \(HTTP 404 NOT_FOUND\)\n$/);
    }
    const malformed = await cli(['messages', 'show', 'not-an-id']);
    expect(malformed.exitCode).toBe(1);
    expect(malformed.stderr).toMatch(/\(HTTP 400 VALIDATION_FAILED\): id: must be a message id\n$/);
  });

  it('refuses bad usage and a wrong token, and every command has --help with an example', async () => {
    const badLimit = await cli(['messages', 'list', '--limit', '0']);
    expect(badLimit.exitCode).toBe(2);
    expect(badLimit.stderr).toMatch(/must be a whole number from 1 to 1000/);
    const wrongToken = await runCli(['--api', backend.url, '--token', 'wrong-token-0123456789', 'messages', 'list'], { ATELIER_CONFIG_DIR: configDir() });
    expect(wrongToken.exitCode).toBe(1);
    expect(wrongToken.stderr).toMatch(/\(HTTP 401 UNAUTHORIZED\); check --token or ATELIER_ADMIN_TOKEN\n$/);

    for (const name of ['list', 'show', 'remove']) {
      const run = await cli(['messages', name, '--help']);
      expect(run.exitCode).toBe(0);
      expect(run.stdout).toContain(`$ atelier messages ${name}`);
    }
  });
});
