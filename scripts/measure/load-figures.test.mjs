import assert from 'node:assert/strict';
import { test } from 'node:test';

import {
  arrivalsDue,
  countsFromAutocannon,
  createTally,
  openLoopFigures,
  percentile,
  recordOutcome,
  scheduledAt,
  summariseLatencies,
} from './load-figures.mjs';

test('percentiles are nearest-rank', () => {
  const hundred = Array.from({ length: 100 }, (_, index) => index + 1);
  assert.equal(percentile(hundred, 50), 50);
  assert.equal(percentile(hundred, 99), 99);
  assert.equal(percentile(hundred, 100), 100);
  assert.equal(percentile([7], 99), 7);
  assert.equal(percentile([], 50), null);
  assert.deepEqual(summariseLatencies([3, 1, 2, 10]), { p50: 2, p90: 10, p99: 10, max: 10, average: 4 });
  assert.deepEqual(summariseLatencies([]), { p50: null, p90: null, p99: null, max: null, average: null });
});

test("autocannon's timeouts are counted once, apart from the other errors", () => {
  // autocannon adds every timeout to errors as well.
  assert.deepEqual(countsFromAutocannon({ errors: 19, timeouts: 19, non2xx: 3 }), { non2xx: 3, errors: 0, timeouts: 19 });
  assert.deepEqual(countsFromAutocannon({ errors: 5, timeouts: 2, non2xx: 0 }), { non2xx: 0, errors: 3, timeouts: 2 });
});

test('arrivals follow the clock, not the answers', () => {
  // 100 a second: one at 0 ms, then one every 10 ms.
  assert.equal(arrivalsDue({ elapsedMs: 0, rate: 100, sent: 0, total: 1000 }), 1);
  assert.equal(arrivalsDue({ elapsedMs: 9.9, rate: 100, sent: 1, total: 1000 }), 0);
  assert.equal(arrivalsDue({ elapsedMs: 10, rate: 100, sent: 1, total: 1000 }), 1);
  // A driver that overslept by 50 ms sends the missed arrivals at once…
  assert.equal(arrivalsDue({ elapsedMs: 60, rate: 100, sent: 2, total: 1000 }), 5);
  // …and never more than the run's total.
  assert.equal(arrivalsDue({ elapsedMs: 60_000, rate: 100, sent: 990, total: 1000 }), 10);
  assert.equal(scheduledAt(1000, 100, 7), 1070);
});

test('latency runs from when a request was due, so waiting for the driver or a connection counts', () => {
  const tally = createTally();
  // Due at 0, sent late at 40 ms, answered at 50 ms: 50 ms, not 10.
  recordOutcome(tally, { scheduledAt: 0, finishedAt: 50, status: 200, bytes: 100 });
  recordOutcome(tally, { scheduledAt: 10, finishedAt: 30, status: 200, bytes: 100, cacheHit: true });
  assert.deepEqual(tally.latencies, [50, 20]);
});

test('each outcome is counted once, and only 2xx answers enter the latency figures', () => {
  const tally = createTally();
  recordOutcome(tally, { scheduledAt: 0, finishedAt: 5, status: 200, bytes: 1000 });
  recordOutcome(tally, { scheduledAt: 1, finishedAt: 3, status: 503, bytes: 50 });
  recordOutcome(tally, { scheduledAt: 2, finishedAt: 10_002, failure: 'timeout' });
  recordOutcome(tally, { scheduledAt: 3, finishedAt: 4, failure: 'error' });
  const figures = openLoopFigures(tally, { startedAt: 0, durationSeconds: 1, rate: 4 });
  assert.equal(figures.sent, 4);
  assert.equal(figures.answered, 2);
  assert.deepEqual([figures.non2xx, figures.errors, figures.timeouts], [1, 1, 1]);
  assert.equal(figures.latencyMs.p99, 5);
  assert.equal(figures.achievedRate, 2);
  assert.equal(figures.throughputBytesPerSecond, 1000);
  assert.equal(figures.cacheHitShare, 0);
});

test('a server that falls behind shows a lower achieved rate than the offered one', () => {
  const tally = createTally();
  // 10 arrivals offered over one second; the last answer comes at 4 s.
  for (let index = 0; index < 10; index += 1) recordOutcome(tally, { scheduledAt: index * 100, finishedAt: 400 * (index + 1), status: 200 });
  const figures = openLoopFigures(tally, { startedAt: 0, durationSeconds: 1, rate: 10 });
  assert.equal(figures.seconds, 4);
  assert.equal(figures.achievedRate, 2.5);
  assert.equal(figures.latencyMs.max, 3100);
});
