import { RenderWatch } from './render-watch';

describe('RenderWatch', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  const limits = { renderMs: 10_000, queueMs: 60_000 };

  it('ends a job that renders past the render limit', () => {
    const watch = new RenderWatch(limits);
    jest.advanceTimersByTime(9_999);
    expect(watch.signal.aborted).toBe(false);
    jest.advanceTimersByTime(1);
    expect(watch).toMatchObject({ overrun: 'render', signal: { aborted: true } });
  });

  it('counts time in the worker’s queue against the queue limit, then gives the render its whole limit', () => {
    const watch = new RenderWatch(limits);
    jest.advanceTimersByTime(5_000);
    expect(watch.report({ phase: 'queued' })).toBe(false);
    jest.advanceTimersByTime(50_000); // far past the render limit, within the queue limit
    expect(watch.signal.aborted).toBe(false);
    expect(watch.report({ phase: 'rendering', progress: 0.1 })).toBe(true); // it left the queue
    expect(watch.report({ phase: 'rendering', progress: 0.2 })).toBe(false);
    jest.advanceTimersByTime(9_999);
    expect(watch.signal.aborted).toBe(false);
    jest.advanceTimersByTime(1);
    expect(watch.overrun).toBe('render');
  });

  it('ends a job that waits past the queue limit as a queue overrun', () => {
    const watch = new RenderWatch(limits);
    watch.report({ phase: 'queued' });
    jest.advanceTimersByTime(60_000);
    expect(watch.overrun).toBe('queue');
  });

  it('gives one queue limit per job, however often the worker flips back', () => {
    const watch = new RenderWatch(limits);
    watch.report({ phase: 'queued' });
    jest.advanceTimersByTime(40_000);
    watch.report({ phase: 'rendering' });
    expect(watch.report({ phase: 'queued' })).toBe(false);
    expect(watch.report({ phase: 'rendering' })).toBe(false);
    jest.advanceTimersByTime(10_000);
    expect(watch.overrun).toBe('render');
  });

  it('stops its clock when disposed', () => {
    const watch = new RenderWatch(limits);
    watch.dispose();
    jest.advanceTimersByTime(100_000);
    expect(watch.signal.aborted).toBe(false);
  });
});
