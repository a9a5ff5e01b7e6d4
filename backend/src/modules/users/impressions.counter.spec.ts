import { Logger } from '@nestjs/common';
import { ImpressionsCounter } from './impressions.counter';
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
    counter.record(['a', 'b', 'a']);
    counter.record(['a']);
    await counter.flush();
    await counter.flush(); // nothing new: no second write
    await counter.onModuleDestroy();
    expect(writes).toEqual([{ a: 3, b: 1 }]);
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
    counter.record(['a']);
    const first = counter.flush();
    await writeStarted(1);
    counter.record(['b']);
    const callers = [counter.flush(), counter.flush(), counter.flush()];
    gates[0]();
    await writeStarted(2);
    counter.record(['c']); // after the callers asked: theirs is the write under way, not a third one
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
    counter.record(['a']);
    await counter.flush();
    fail = false;
    counter.record(['a', 'b']);
    await counter.onModuleDestroy();
    expect(writes).toEqual([{ a: 2, b: 1 }]);
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });
});
