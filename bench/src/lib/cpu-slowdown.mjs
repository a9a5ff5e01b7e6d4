// Lighthouse's CPU slowdown, calibrated to the host (docs/requirements/performance.md#pages).
//
// Simulated throttling multiplies the CPU time the host's browser took, so a fixed x4 means a
// slower phone on a slow host and a faster one on a fast host. Lighthouse's own guide,
// https://github.com/GoogleChrome/lighthouse/blob/main/docs/throttling.md#calibrating-the-cpu-slowdown,
// points to the Lighthouse team's CPU throttling calculator (patrickhulce/lighthouse-cpu-throttling-
// calculator, pages/index.js, computeMultiplierMessages), which maps the host's benchmark index to
// the multiplier that emulates the same mid-tier phone: a piecewise-linear curve through these
// points. Its x4 host has index 1533.
const CALIBRATION_POINTS = [
  { benchmarkIndex: 150, multiplier: 1 },
  { benchmarkIndex: 800, multiplier: 2 },
  { benchmarkIndex: 1300, multiplier: 3 },
  { benchmarkIndex: 1533, multiplier: 4 },
];
// Above 1300 the calculator adds x1 per 233 index points, without an upper end.
const INDEX_PER_MULTIPLIER_ABOVE_1300 = 233;

/** Below this index the calculator declines: the host is too slow to emulate the phone at all. */
export const SLOWEST_CALIBRATED_INDEX = CALIBRATION_POINTS[0].benchmarkIndex;

/**
 * The cpuSlowdownMultiplier that makes this host's run stand for Lighthouse's reference phone, as
 * x4 does on a host of index 1533; undefined when the host is too slow to emulate it.
 */
export function calibratedCpuSlowdown(benchmarkIndex) {
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex < SLOWEST_CALIBRATED_INDEX) return undefined;
  const last = CALIBRATION_POINTS.at(-1);
  if (benchmarkIndex >= last.benchmarkIndex) {
    return last.multiplier + (benchmarkIndex - last.benchmarkIndex) / INDEX_PER_MULTIPLIER_ABOVE_1300;
  }
  const upper = CALIBRATION_POINTS.findIndex((point) => benchmarkIndex < point.benchmarkIndex);
  const [from, to] = [CALIBRATION_POINTS[upper - 1], CALIBRATION_POINTS[upper]];
  return from.multiplier + ((benchmarkIndex - from.benchmarkIndex) / (to.benchmarkIndex - from.benchmarkIndex)) * (to.multiplier - from.multiplier);
}
