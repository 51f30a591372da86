// Bookkeeping for load figures, kept apart from the drivers so it can be tested: latency
// percentiles, an open loop's arrival clock and tally, and autocannon's counters read so
// that each failed request is counted once.

/**
 * Nearest-rank percentile of values sorted ascending: the smallest value with at least p % of
 * the values at or below it.
 * @param {number[]} sorted
 * @param {number} p  0–100
 */
export function percentile(sorted, p) {
  if (sorted.length === 0) return null;
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(rank, sorted.length) - 1];
}

const round = (value) => (value === null ? null : Math.round(value * 100) / 100);

/** p50, p90, p99, max and mean of latencies in milliseconds, rounded to 0.01 ms; nulls when there are none. */
export function summariseLatencies(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const average = sorted.length ? sorted.reduce((sum, value) => sum + value, 0) / sorted.length : null;
  return {
    p50: round(percentile(sorted, 50)),
    p90: round(percentile(sorted, 90)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted.at(-1) ?? null),
    average: round(average),
  };
}

/**
 * autocannon counts a timed-out request in `errors` *and* in `timeouts`, and a non-2xx answer
 * in neither. These are the three kinds once each: answers that were not 2xx, requests that
 * failed without an answer (refused, reset), and requests that got no answer in time.
 * @param {{ errors: number, timeouts: number, non2xx: number }} result
 */
export function countsFromAutocannon(result) {
  return { non2xx: result.non2xx, errors: result.errors - result.timeouts, timeouts: result.timeouts };
}

/**
 * The open loop's clock: arrival i is due at `i / rate` seconds after the start, whatever
 * happened to the requests before it. Returns how many arrivals are due at `elapsedMs` beyond
 * the `sent` ones already sent, within the run's `total`.
 */
export function arrivalsDue({ elapsedMs, rate, sent, total }) {
  const dueSoFar = Math.min(total, Math.floor((elapsedMs * rate) / 1000) + 1);
  return Math.max(0, dueSoFar - sent);
}

/** When arrival `index` was due, in the clock's milliseconds. */
export function scheduledAt(startedAt, rate, index) {
  return startedAt + (index * 1000) / rate;
}

/** An empty tally of one open-loop run. */
export function createTally() {
  return { sent: 0, answered: 0, non2xx: 0, errors: 0, timeouts: 0, cacheHits: 0, bytes: 0, latencies: [], lastFinishedAt: null };
}

/**
 * Records one request's outcome. Latency runs from the arrival's *scheduled* time, not from
 * when the request went out: a request that waited for the driver or for a free connection
 * waited as a learner would have, so that wait is part of it (no coordinated omission).
 * As with autocannon, only 2xx answers enter the latency figures; the others are counted.
 * @param {ReturnType<typeof createTally>} tally
 * @param {{ scheduledAt: number, finishedAt: number, status?: number, bytes?: number, cacheHit?: boolean, failure?: 'timeout'|'error' }} outcome
 */
export function recordOutcome(tally, outcome) {
  tally.sent += 1;
  if (outcome.failure === 'timeout') tally.timeouts += 1;
  else if (outcome.failure) tally.errors += 1;
  else {
    tally.answered += 1;
    tally.lastFinishedAt = Math.max(tally.lastFinishedAt ?? outcome.finishedAt, outcome.finishedAt);
    if (outcome.cacheHit) tally.cacheHits += 1;
    if (outcome.status >= 200 && outcome.status < 300) {
      tally.latencies.push(outcome.finishedAt - outcome.scheduledAt);
      tally.bytes += outcome.bytes ?? 0;
    } else tally.non2xx += 1;
  }
  return tally;
}

/**
 * The figures of a finished open-loop run. The achieved rate is the answers over the time it
 * took to get them: the run's duration, or longer when answers kept coming after the last
 * arrival (the server fell behind the offered rate).
 * @param {ReturnType<typeof createTally>} tally
 * @param {{ startedAt: number, durationSeconds: number, rate: number }} run
 */
export function openLoopFigures(tally, { startedAt, durationSeconds, rate }) {
  const seconds = Math.max(durationSeconds, tally.lastFinishedAt === null ? 0 : (tally.lastFinishedAt - startedAt) / 1000);
  const twoXx = tally.answered - tally.non2xx;
  return {
    offeredRate: rate,
    sent: tally.sent,
    answered: tally.answered,
    achievedRate: tally.answered / seconds,
    seconds,
    latencyMs: summariseLatencies(tally.latencies),
    non2xx: tally.non2xx,
    errors: tally.errors,
    timeouts: tally.timeouts,
    cacheHitShare: tally.answered ? tally.cacheHits / tally.answered : null,
    throughputBytesPerSecond: twoXx ? tally.bytes / seconds : 0,
  };
}
