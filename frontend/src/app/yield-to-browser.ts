/**
 * Ends the current task so the browser can handle input and paint before the next step of start-up
 * (`scheduler.yield()` where the browser has it, so the next step keeps its place in line).
 */
export function yieldToBrowser(): Promise<void> {
  const { scheduler } = globalThis as { scheduler?: { yield?: () => Promise<void> } };
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
}
