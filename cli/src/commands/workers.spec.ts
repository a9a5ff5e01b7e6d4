import { testWaitMs } from './workers';

describe('atelier workers test: how long it waits', () => {
  it("waits as long as the server says a test may take (a cold start's queue limit too), and a margin", () => {
    // A server with a 10-minute queue limit and a 2-minute render limit allows 10 + 600 + 120 s.
    expect(testWaitMs({ testTimeoutSeconds: 730 })).toBe(760_000);
  });

  it('falls back to 180 s for a server that does not say', () => {
    expect(testWaitMs({})).toBe(180_000);
  });
});
