import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

// findBy*/waitFor wait up to 10 s, not 1 s: a route's lazy module is compiled on its first import,
// which took over a second on a slow CI machine running the backend suites beside this one.
configure({ asyncUtilTimeout: 10_000 });

beforeEach(() => {
  // jsdom has no layout, so it does not implement scrolling.
  window.scrollTo = vi.fn() as typeof window.scrollTo;
});

afterEach(() => {
  cleanup();
  localStorage.clear();
});
