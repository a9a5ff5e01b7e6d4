// A1111 answers txt2img only when the picture is done. fetch's own limits (undici: 300 s for the
// headers, 300 s between body chunks) would cut a longer render whatever GENERATION_TIMEOUT_SECONDS
// says; the job's signal must be the only deadline. Fake timers run ten minutes in milliseconds:
// the stand-in's render, the job's deadline and undici's timers all read the faked clock.
import { type A1111StandIn, startA1111StandIn } from '../../../../test/stand-ins/a1111-stand-in';
import { createA1111Provider } from './a1111.adapter';

const MINUTE = 60_000;

describe('a1111 adapter on a render longer than fetch’s default limits', () => {
  let standIn: A1111StandIn;

  beforeEach(async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    standIn = await startA1111StandIn();
  });
  afterEach(async () => {
    jest.useRealTimers();
    await standIn.close();
  });

  /** A job with a limit of `limitMs`, on a render of `renderMs`, with the clock moved on a second at a time. */
  async function render(renderMs: number, limitMs: number): Promise<unknown> {
    standIn.renderMs = renderMs;
    const deadline = new AbortController();
    setTimeout(() => deadline.abort(new Error(`did not finish within ${limitMs / 1000} s`)), limitMs);
    const provider = createA1111Provider({ kind: 'a1111', url: standIn.url });
    const outcome = provider.generate({ prompt: 'a slow one', seed: 3, width: 64, height: 64, signal: deadline.signal }).then(
      (image) => ({ seed: image.seed }),
      (error: Error) => ({ error: error.message }),
    );
    let settled = false;
    void outcome.then(() => (settled = true));
    const rendered = () => [...standIn.tasks.values()].some((task) => task.state === 'done');
    // Time runs until the render is done (or the job gave up); then the answer travels in real time.
    for (let elapsed = 0; !settled && !rendered() && elapsed < limitMs + MINUTE; elapsed += 1_000) {
      await jest.advanceTimersByTimeAsync(1_000);
      await new Promise((resolve) => setImmediate(resolve));
    }
    return outcome;
  }

  it('completes a 600 s render when the job allows 900 s', async () => {
    await expect(render(10 * MINUTE, 15 * MINUTE)).resolves.toEqual({ seed: 3 });
  });

  it('still ends at the job’s own limit', async () => {
    await expect(render(10 * MINUTE, 5 * MINUTE)).resolves.toEqual({ error: 'did not finish within 300 s' });
  });
});
