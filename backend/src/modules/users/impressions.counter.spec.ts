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
