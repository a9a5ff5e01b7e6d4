import assert from 'node:assert/strict';
import { test } from 'node:test';
import { calibratedCpuSlowdown } from './cpu-slowdown.mjs';

// The points the Lighthouse CPU throttling calculator names (pages/index.js, computeMultiplierMessages).
test('the calculator’s own points: 150 is x1, 800 x2, 1300 x3, 1533 x4, 1766 x5, 2000 x6', () => {
  for (const [index, multiplier] of [[150, 1], [800, 2], [1300, 3], [1533, 4], [1766, 5], [2000, 6]]) {
    assert.ok(Math.abs(calibratedCpuSlowdown(index) - multiplier) < 0.01, `index ${index}: x${calibratedCpuSlowdown(index)}`);
  }
});

test('between the points the multiplier is linear, and it keeps rising past 2000', () => {
  assert.equal(calibratedCpuSlowdown(475), 1.5);
  assert.equal(calibratedCpuSlowdown(1050), 2.5);
  assert.ok(Math.abs(calibratedCpuSlowdown(2970) - (4 + (2970 - 1533) / 233)) < 1e-9);
});

test('a host too slow to emulate the phone, or no index at all, has no multiplier', () => {
  assert.equal(calibratedCpuSlowdown(149), undefined);
  assert.equal(calibratedCpuSlowdown(Number.NaN), undefined);
  assert.equal(calibratedCpuSlowdown(undefined), undefined);
});
