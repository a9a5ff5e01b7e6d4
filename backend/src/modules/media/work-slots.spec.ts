import { WorkSlots } from './work-slots';

describe('WorkSlots', () => {
  it('runs at most `limit` tasks at a time and refuses beyond the waiting room', async () => {
    const slots = new WorkSlots(2, 1, 'Too busy; try again shortly');
    let running = 0;
    let most = 0;
    const releases: Array<() => void> = [];
    const task = () =>
      new Promise<void>((resolve) => {
        running++;
        most = Math.max(most, running);
        releases.push(() => {
          running--;
          resolve();
        });
      });
    const runs = [slots.run(task), slots.run(task), slots.run(task)];
    await expect(slots.run(task)).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: 'Too busy; try again shortly' });
    await new Promise((resolve) => setImmediate(resolve));
    expect(running).toBe(2);
    releases.shift()!();
    await new Promise((resolve) => setImmediate(resolve));
    expect(running).toBe(2); // the waiting task took the freed slot
    while (releases.length) {
      releases.shift()!();
      await new Promise((resolve) => setImmediate(resolve));
    }
    await Promise.all(runs);
    expect(most).toBe(2);
  });
});

describe('WorkSlots with an abort signal', () => {
  it('drops a waiting task whose signal aborts: it never runs and frees its place in the queue', async () => {
    const slots = new WorkSlots(1, 1, 'Too busy; try again shortly');
    let release!: () => void;
    const first = slots.run(() => new Promise<void>((resolve) => (release = resolve)));
    const leaving = new AbortController();
    const ran: string[] = [];
    const dropped = slots.run(async () => void ran.push('dropped'), leaving.signal);
    leaving.abort(new Error('client left'));
    await expect(dropped).rejects.toThrow('client left');
    const next = slots.run(async () => void ran.push('next')); // the queue has room again
    release();
    await Promise.all([first, next]);
    expect(ran).toEqual(['next']);
  });

  it('refuses at once a task whose signal has already aborted', async () => {
    const slots = new WorkSlots(1, 1, 'Too busy; try again shortly');
    const task = jest.fn(async () => undefined);
    await expect(slots.run(task, AbortSignal.abort(new Error('gone')))).rejects.toThrow('gone');
    expect(task).not.toHaveBeenCalled();
  });
});
