import { ChangeNotifier } from '../src/db/change-notifier';
import { openDatabase, type DatabaseHandle } from '../src/db/database';
import { createTestDatabase, testDriver, type TestDatabase } from './helpers/test-database';

const waitFor = async (condition: () => boolean, timeoutMs = 5_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting for a notification');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe(`ChangeNotifier (${testDriver()})`, () => {
  let database: TestDatabase;
  const notifiers: ChangeNotifier[] = [];
  const extraHandles: DatabaseHandle[] = [];

  async function notifierOn(handle: DatabaseHandle): Promise<ChangeNotifier> {
    const notifier = new ChangeNotifier(handle);
    await notifier.onModuleInit();
    notifiers.push(notifier);
    return notifier;
  }

  beforeAll(async () => (database = await createTestDatabase()));
  afterAll(async () => {
    await Promise.all(notifiers.map((notifier) => notifier.onApplicationShutdown()));
    await Promise.all(extraHandles.map((handle) => handle.close()));
    await database.destroy();
  });

  it('calls this process’s listeners of a topic at once, and only those', async () => {
    const notifier = await notifierOn(database.handle);
    const calls: string[] = [];
    notifier.subscribe('feed', () => calls.push('feed'));
    notifier.subscribe('members', () => calls.push('members'));
    await notifier.publish('feed');
    expect(calls).toEqual(['feed']);
  });

  (testDriver() === 'postgres' ? it : it.skip)('reaches another API process through PostgreSQL NOTIFY', async () => {
    if (!database.url) throw new Error('the postgres test database has a URL');
    // A second connection pool stands for a second API process on the same database.
    const otherHandle = await openDatabase({ driver: 'postgres', url: database.url, poolSize: 2 });
    extraHandles.push(otherHandle);
    const here = await notifierOn(database.handle);
    const there = await notifierOn(otherHandle);
    let hereCalls = 0;
    let thereCalls = 0;
    here.subscribe('feed', () => hereCalls++);
    there.subscribe('feed', () => thereCalls++);

    await here.publish('feed');
    await waitFor(() => thereCalls === 1);
    // Its own NOTIFY comes back to the sender too, but was already delivered locally.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(hereCalls).toBe(1);
  });

  (testDriver() === 'postgres' ? it : it.skip)('carries what changed to another process, colons and all', async () => {
    if (!database.url) throw new Error('the postgres test database has a URL');
    const otherHandle = await openDatabase({ driver: 'postgres', url: database.url, poolSize: 2 });
    extraHandles.push(otherHandle);
    const here = await notifierOn(database.handle);
    const there = await notifierOn(otherHandle);
    const heard: Array<string | undefined> = [];
    there.subscribe('feed', (detail) => heard.push(detail));

    await here.publish('feed', 'post:1234');
    await here.publish('feed');
    await waitFor(() => heard.length === 2);
    expect(heard).toEqual(['post:1234', undefined]);
  });
});
