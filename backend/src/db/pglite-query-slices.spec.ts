import type { PGlite } from '@electric-sql/pglite';
import { QUERY_SLICE_MS, queriesInSlices } from './pglite-query-slices';

/** Holds this thread for `ms`, as PGlite's WebAssembly does while it runs a query. */
function busyFor(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

/** A stand-in client whose queries take `ms` of this thread each and log their order. */
function clientTaking(ms: number) {
  const ran: string[] = [];
  const client = {
    waitReady: Promise.resolve(),
    closed: false,
    async query(text: string) {
      busyFor(ms);
      if (text === 'fail') throw new Error('syntax error');
      ran.push(text);
      return { rows: [{ text }] };
    },
    async close() {
      this.closed = true;
    },
  };
  return { client: queriesInSlices(client as unknown as PGlite), stub: client, ran };
}

describe('queriesInSlices', () => {
  it('lets the event loop turn during a backlog of queries, which run in order', async () => {
    const { client, ran } = clientTaking(3);
    const backlog = Array.from({ length: 30 }, (_, i) => client.query(`q${i}`));
    let turnedAfter = -1;
    setImmediate(() => (turnedAfter = ran.length));
    await Promise.all(backlog);

    expect(ran).toEqual(Array.from({ length: 30 }, (_, i) => `q${i}`));
    // Without slices all 30 (90 ms) would run before the loop turned; with them, about one slice.
    expect(turnedAfter).toBeGreaterThanOrEqual(1);
    expect(turnedAfter).toBeLessThanOrEqual(Math.ceil(QUERY_SLICE_MS / 3) + 2);
  });

  it("gives a failed query's error to its caller and runs the next query", async () => {
    const { client, ran } = clientTaking(0);
    const [failed, next] = await Promise.allSettled([client.query('fail'), client.query('after')]);
    expect(failed).toMatchObject({ status: 'rejected', reason: { message: 'syntax error' } });
    expect(next).toMatchObject({ status: 'fulfilled', value: { rows: [{ text: 'after' }] } });
    expect(ran).toEqual(['after']);
  });

  it('passes other methods and properties through to the client', async () => {
    const { client, stub } = clientTaking(0);
    await client.waitReady;
    await client.close();
    expect(stub.closed).toBe(true);
  });
});
