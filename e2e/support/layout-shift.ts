import type { Page } from '@playwright/test';

// Cumulative layout shift of one page load, as web-vitals' onCLS counts it: layout-shift entries
// without recent input, grouped into session windows (a gap under 1 s, a window under 5 s); the CLS
// is the largest window's sum. The entries are kept with what moved, so a failure says which nodes.

/** Where a node was and went, in CSS pixels of the viewport: x, y, width, height. */
type Rect = [number, number, number, number];

export interface ShiftSource {
  node: string;
  from: Rect;
  to: Rect;
}

export interface Shift {
  /** ms since navigation start */
  time: number;
  value: number;
  hadRecentInput: boolean;
  sources: ShiftSource[];
}

export interface LayoutShiftResult {
  cls: number;
  /** The largest window's entries, largest first. */
  worst: Shift[];
  count: number;
}

/**
 * Runs in the page before any of its scripts (context.addInitScript), so the observer sees the
 * shifts of the first paint and of hydration. Self-contained: Playwright sends its source text.
 */
export function recordLayoutShifts(): void {
  // The Layout Instability API's shapes, which TypeScript's DOM library does not have.
  interface Attribution {
    node: Node | null;
    previousRect: DOMRectReadOnly;
    currentRect: DOMRectReadOnly;
  }
  interface LayoutShiftEntry extends PerformanceEntry {
    value: number;
    hadRecentInput: boolean;
    sources: Attribution[];
  }
  const label = (element: Element): string => {
    let text = element.localName;
    if (element.id) text += `#${element.id}`;
    // Emotion's generated css-<hash> names say nothing; MUI's and our own names do.
    const classes = Array.from(element.classList).filter((name) => !/^css-/.test(name)).slice(0, 2);
    if (classes.length > 0) text += `.${classes.join('.')}`;
    const alt = element.getAttribute('alt') ?? element.getAttribute('aria-label');
    if (alt) text += `[${element.hasAttribute('alt') ? 'alt' : 'aria-label'}="${alt.slice(0, 30)}"]`;
    return text;
  };
  const describe = (node: Node | null): string => {
    if (!node) return '(a node since removed)';
    let element = node instanceof Element ? node : node.parentElement;
    const path: string[] = node instanceof Element ? [] : [`text "${(node.textContent ?? '').trim().slice(0, 30)}"`];
    // Three levels: enough to find the element, short enough to read in a failure message.
    for (let depth = 0; element && depth < 3 && element !== document.body; depth++, element = element.parentElement) {
      path.unshift(label(element));
    }
    return path.join(' > ');
  };
  const rect = (r: DOMRectReadOnly): Rect => [Math.round(r.x), Math.round(r.y), Math.round(r.width), Math.round(r.height)];
  const shifts: Shift[] = [];
  (window as unknown as { __layoutShifts: Shift[] }).__layoutShifts = shifts;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as LayoutShiftEntry[]) {
      shifts.push({
        time: entry.startTime,
        value: entry.value,
        hadRecentInput: entry.hadRecentInput,
        // Described now: a node the app replaces later would read as detached.
        sources: entry.sources.map((source) => ({ node: describe(source.node), from: rect(source.previousRect), to: rect(source.currentRect) })),
      });
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

/** web-vitals' session windows over the recorded shifts. */
export function cumulativeLayoutShift(shifts: Shift[]): LayoutShiftResult {
  const counted = shifts.filter((shift) => !shift.hadRecentInput);
  let best: Shift[] = [];
  let bestValue = 0;
  let session: Shift[] = [];
  let sessionValue = 0;
  for (const shift of counted) {
    const first = session[0];
    const last = session[session.length - 1];
    if (first && shift.time - last.time < 1000 && shift.time - first.time < 5000) {
      session.push(shift);
      sessionValue += shift.value;
    } else {
      session = [shift];
      sessionValue = shift.value;
    }
    if (sessionValue > bestValue) {
      bestValue = sessionValue;
      best = [...session];
    }
  }
  return { cls: bestValue, worst: best.sort((a, b) => b.value - a.value), count: counted.length };
}

/** The largest shifts of the worst window and what moved in each, for a failure message. */
export function describeWorstShifts(result: LayoutShiftResult, limit = 3): string {
  const rect = ([x, y, width, height]: Rect) => `${x},${y} ${width}x${height}`;
  return result.worst
    .slice(0, limit)
    .map(
      (shift) =>
        `${shift.value.toFixed(3)} at ${Math.round(shift.time)} ms: ` +
        (shift.sources.map((source) => `${source.node} (${rect(source.from)} -> ${rect(source.to)})`).join('; ') || '(no source given)'),
    )
    .join(' | ');
}

/**
 * Reads the shifts once the page has been still for `quietMs`: the app ready, the network idle,
 * then no shift for that long (at most `maxWaitMs` more, for a page that keeps moving).
 */
export async function layoutShiftsWhenQuiet(page: Page, quietMs = 1000, maxWaitMs = 5000): Promise<Shift[]> {
  const started = Date.now();
  for (;;) {
    await page.waitForTimeout(250);
    const { now, last } = await page.evaluate(() => {
      const shifts = (window as unknown as { __layoutShifts: Shift[] }).__layoutShifts;
      return { now: performance.now(), last: shifts.length ? shifts[shifts.length - 1].time : 0 };
    });
    const waited = Date.now() - started;
    if ((waited >= quietMs && now - last >= quietMs) || waited >= maxWaitMs) break;
  }
  return page.evaluate(() => (window as unknown as { __layoutShifts: Shift[] }).__layoutShifts);
}
