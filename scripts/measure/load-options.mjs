// The options of `npm run measure:api`, read and checked apart from the run so they can be
// tested. Upper bounds keep a typo from turning into an hour of load on a shared machine.
import { parseArgs } from 'node:util';

export const usage = [
  'usage: node scripts/measure/api-load.mjs [path …] [--connections=N] [--duration=10] [--rate=N] [--warm]',
  '                                          [--scenario=marketplace [--urls=200]]',
  '  closed loop (default): N connections (default 10) each send a request as soon as the last is answered',
  '  --rate=N: open loop, N requests/s on a fixed clock whatever the answers, over up to --connections sockets (default 100)',
  '  --warm: fetch every URL once and load for 2 s before timing (default: time from a cold start)',
].join('\n');

/** A wrong option: the message is for the person who typed it. */
export class UsageError extends Error {}

/**
 * @param {string[]} args  the command's arguments, without node and the script
 * @returns {{ help: boolean, paths: string[], mode: 'closed'|'open', connections: number, duration: number,
 *   rate: number|null, warm: boolean, scenario: 'marketplace'|null, urls: number }}
 */
export function parseLoadOptions(args) {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      options: {
        connections: { type: 'string' },
        duration: { type: 'string', default: '10' },
        rate: { type: 'string' },
        warm: { type: 'boolean', default: false },
        scenario: { type: 'string' },
        urls: { type: 'string', default: '200' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    throw new UsageError(error.message);
  }
  const { values, positionals } = parsed;
  const rate = values.rate === undefined ? null : wholeNumber('--rate', values.rate, 1, 20_000);
  const mode = rate === null ? 'closed' : 'open';
  const connections =
    values.connections === undefined ? (mode === 'open' ? 100 : 10) : wholeNumber('--connections', values.connections, 1, mode === 'open' ? 1000 : 200);
  const duration = Number(values.duration);
  if (!Number.isFinite(duration) || duration < 1 || duration > 120) throw new UsageError('--duration must be from 1 to 120 seconds');
  if (values.scenario !== undefined && values.scenario !== 'marketplace') throw new UsageError('--scenario must be marketplace');
  return {
    help: values.help,
    paths: positionals.map((target) => (target.startsWith('/') ? target : `/${target}`)),
    mode,
    connections,
    duration,
    rate,
    warm: values.warm,
    scenario: values.scenario ?? null,
    urls: wholeNumber('--urls', values.urls, 1, 5000),
  };
}

function wholeNumber(name, raw, min, max) {
  const value = Number(raw);
  if (raw.trim() === '' || !Number.isInteger(value) || value < min || value > max) {
    throw new UsageError(`${name} must be a whole number from ${min} to ${max}`);
  }
  return value;
}
