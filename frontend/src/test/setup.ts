import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { resetViewport } from './viewport';

beforeEach(() => {
  // jsdom has no layout, so it does not implement scrolling.
  window.scrollTo = vi.fn() as typeof window.scrollTo;
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  resetViewport();
});
