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
