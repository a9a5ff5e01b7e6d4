import { describe, expect, it } from 'vitest';

// What the specs rely on from the jsdom environment, checked in milliseconds rather than found out
// through page timeouts on a newer Node. The environment mixes two realms: the DOM is jsdom's, while
// fetch and Request are Node's (jsdom has none).
describe('the test environment', () => {
  // Node 24's fetch (undici 7) refuses a signal that is not its own AbortSignal. Vitest 3 gave tests
  // jsdom's AbortController, so React Router, which builds a Request with a signal for every
  // navigation, rendered no route on Node 24. Vitest 4.1 keeps Node's, and lets jsdom's
  // addEventListener take its signals.
  it("builds a Request with the environment's AbortSignal, as React Router does for each navigation", () => {
    const controller = new AbortController();
    const request = new Request('http://localhost/dream', { signal: controller.signal });

    controller.abort();

    expect(request.signal.aborted).toBe(true);
  });

  it("lets a DOM listener be removed by the environment's AbortSignal", () => {
    const controller = new AbortController();
    const button = document.createElement('button');
    let clicks = 0;
    button.addEventListener('click', () => clicks++, { signal: controller.signal });

    button.click();
    controller.abort();
    button.click();

    expect(clicks).toBe(1);
  });

  // Node 25 and later have a localStorage of their own that hides jsdom's (vite.config.ts turns it off).
  it("keeps the page's localStorage, where redux-persist stores the session", () => {
    localStorage.setItem('persist:root', '{"mode":"dark"}');

    expect(window.localStorage.getItem('persist:root')).toBe('{"mode":"dark"}');
  });
});
