import { Logger } from '@nestjs/common';
import { ImpressionsCounter, tallyOf } from './impressions.counter';
import type { UsersRepository } from './users.repository';

function counterWith(addImpressions: (counts: ReadonlyMap<string, number>) => Promise<void>) {
  const writes: Array<Record<string, number>> = [];
  const users = {
    addImpressions: async (counts: ReadonlyMap<string, number>) => {
      await addImpressions(counts);
      writes.push(Object.fromEntries(counts));
    },
  } as unknown as UsersRepository;
  return { counter: new ImpressionsCounter(users), writes };
}

describe('ImpressionsCounter', () => {
  it('adds up deliveries per author and writes them in one batch', async () => {
    const { counter, writes } = counterWith(async () => undefined);
    counter.record(tallyOf(['a', 'b', 'a']));
    counter.record(tallyOf(['a']));
    await counter.flush();
    await counter.flush(); // nothing new: no second write
    await counter.onModuleDestroy();
    expect(writes).toEqual([{ a: 3, b: 1 }]);
  });

  it('counts each delivery of a page for its authors, but not a reader\'s own posts', async () => {
    const { counter, writes } = counterWith(async () => undefined);
    const page = tallyOf(['a', 'b', 'a', 'c']);
    counter.record(page, 'x');
    counter.record(page, 'a'); // a reads their own two posts: only b and c count
    counter.record(page);
    counter.record(tallyOf(['c']), 'c'); // only their own: nothing
    await counter.onModuleDestroy();
    expect(writes).toEqual([{ a: 4, b: 3, c: 3 }]);
  });

  it('lets every caller that arrives during a write share the next one, instead of queueing a write each', async () => {
    // The first two writes wait until released; later ones go through at once.
    const gates: Array<() => void> = [];
    const { counter, writes } = counterWith(() =>
      gates.length < 2 ? new Promise<void>((resolve) => gates.push(resolve)) : Promise.resolve(),
    );
    const writeStarted = async (count: number) => {
      while (gates.length < count) await new Promise((resolve) => setImmediate(resolve));
    };
    counter.record(tallyOf(['a']));
    const first = counter.flush();
    await writeStarted(1);
    counter.record(tallyOf(['b']));
    const callers = [counter.flush(), counter.flush(), counter.flush()];
    gates[0]();
    await writeStarted(2);
    counter.record(tallyOf(['c'])); // after the callers asked: theirs is the write under way, not a third one
    gates[1]();
    await Promise.all([first, ...callers]);
    expect(writes).toEqual([{ a: 1 }, { b: 1 }]);

    await counter.onModuleDestroy();
    expect(writes).toEqual([{ a: 1 }, { b: 1 }, { c: 1 }]);
  });

  it('keeps counts whose write failed and writes them next time', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    let fail = true;
    const { counter, writes } = counterWith(async () => {
      if (fail) throw new Error('database away');
    });
    counter.record(tallyOf(['a']));
    await counter.flush();
    fail = false;
    counter.record(tallyOf(['a', 'b']));
    await counter.onModuleDestroy();
    expect(writes).toEqual([{ a: 2, b: 1 }]);
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });

  describe('readWithUnwritten', () => {
    /** A database whose writes wait for `release` when `hold` is set. */
    function withDatabase() {
      const stored = new Map<string, number>();
      const gate = { hold: false, release: () => {} };
      const { counter } = counterWith(async (counts) => {
        if (gate.hold) await new Promise<void>((resolve) => (gate.release = resolve));
        for (const [id, count] of counts) stored.set(id, (stored.get(id) ?? 0) + count);
      });
      const total = async (id: string) => {
        const { value, unwritten } = await counter.readWithUnwritten(id, async () => stored.get(id) ?? 0);
        return value + unwritten;
      };
      return { counter, stored, gate, total };
    }

    it('shows deliveries not yet written, without writing them', async () => {
      const { counter, stored, total } = withDatabase();
      counter.record(tallyOf(['a', 'a', 'b']));
      expect(await total('a')).toBe(2);
      expect(stored.size).toBe(0);
      await counter.flush();
      counter.record(tallyOf(['a']));
      expect(await total('a')).toBe(3);
      await counter.onModuleDestroy();
    });

    it('waits for a write under way instead of missing its batch', async () => {
      const { counter, gate, total } = withDatabase();
      counter.record(tallyOf(['a', 'a']));
      gate.hold = true;
      const writing = counter.flush(); // the batch has left `pending` but is not stored yet
      await new Promise((resolve) => setImmediate(resolve));
      const read = total('a');
      gate.hold = false;
      gate.release();
      expect(await read).toBe(2);
      await writing;
      await counter.onModuleDestroy();
    });

    it('reads again when a write takes a batch during the read', async () => {
      const { counter, stored, total } = withDatabase();
      counter.record(tallyOf(['a', 'a', 'a']));
      let reads = 0;
      const { value, unwritten } = await counter.readWithUnwritten('a', async () => {
        reads += 1;
        const seen = stored.get('a') ?? 0;
        if (reads === 1) await counter.flush(); // the batch moves to the database after this read saw it empty
        return seen;
      });
      expect(reads).toBe(2);
      expect(value + unwritten).toBe(3);
      expect(await total('a')).toBe(3);
      await counter.onModuleDestroy();
    });
  });
});
