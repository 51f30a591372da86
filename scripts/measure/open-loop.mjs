// An open-loop load driver: requests arrive on a fixed clock (`rate` a second) whatever the
// server does, as independent learners would, instead of a fixed number of connections that
// each wait for an answer before asking again (autocannon's closed loop, where a slow server
// slows the load down and the wait it causes goes unmeasured). Each request's latency runs
// from the moment it was due (load-figures.mjs). undici is imported when a run starts: the
// entry scripts load only Node's built-ins before installing.
import { arrivalsDue, createTally, openLoopFigures, recordOutcome, scheduledAt } from './load-figures.mjs';

/** How many client addresses the load comes from. */
const clientAddresses = 50_000;

/**
 * The client address of the `index`-th request, in 10.0.0.0/8, cycling through 50,000: the
 * load arrives as a city's learners would, from many addresses, so per-address limits (which
 * the API reads from `x-forwarded-for` sent through loopback under its default TRUST_PROXY)
 * do not turn it into 429 answers.
 */
export function clientAddress(index) {
  const n = 1 + (index % clientAddresses);
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

/**
 * @param {{ origin: string, paths: string[], rate: number, durationSeconds: number, connections: number,
 *   timeoutSeconds?: number }} options
 *   paths are taken in turn; connections bounds the sockets (arrivals beyond wait, and the wait counts)
 */
export async function runOpenLoop({ origin, paths, rate, durationSeconds, connections, timeoutSeconds = 10 }) {
  const { Pool } = await import('undici');
  const pool = new Pool(origin, { connections, pipelining: 1, headersTimeout: 0, bodyTimeout: 0 });
  const tally = createTally();
  const total = Math.floor(durationSeconds * rate);
  const inFlight = new Set();
  const startedAt = performance.now();
  let sent = 0;

  const send = async (path, dueAt, index) => {
    // The timeout runs from when the request was due, like its latency.
    const signal = AbortSignal.timeout(Math.max(1, Math.round(timeoutSeconds * 1000 - (performance.now() - dueAt))));
    try {
      const { statusCode, headers, body } = await pool.request({ path, method: 'GET', signal, headers: { 'x-forwarded-for': clientAddress(index) } });
      const bytes = (await body.arrayBuffer()).byteLength;
      recordOutcome(tally, { scheduledAt: dueAt, finishedAt: performance.now(), status: statusCode, bytes, cacheHit: headers['x-cache'] === 'hit' });
    } catch (error) {
      const timedOut = error?.name === 'TimeoutError' || signal.aborted;
      recordOutcome(tally, { scheduledAt: dueAt, finishedAt: performance.now(), failure: timedOut ? 'timeout' : 'error' });
    }
  };

  await new Promise((resolve) => {
    const tick = () => {
      const due = arrivalsDue({ elapsedMs: performance.now() - startedAt, rate, sent, total });
      for (let index = 0; index < due; index += 1) {
        const request = send(paths[sent % paths.length], scheduledAt(startedAt, rate, sent), sent);
        inFlight.add(request);
        void request.finally(() => inFlight.delete(request));
        sent += 1;
      }
      if (sent >= total) return resolve();
      // Wake for the next arrival; arrivals the timer oversleeps go out in one batch, each
      // with its own due time.
      setTimeout(tick, Math.max(0, scheduledAt(startedAt, rate, sent) - performance.now()));
    };
    tick();
  });
  await Promise.all(inFlight);
  await pool.close();
  return openLoopFigures(tally, { startedAt, durationSeconds, rate });
}
