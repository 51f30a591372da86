// A reporter for Node's test runner that appends the run's counts to the file named by
// KALIKE_TEST_SUMMARY, like scripts/jest/summary-reporter.cjs does for jest, so `npm test`
// prints one total. Only top-level tests count (nesting 0), as jest counts tests.
import { appendFileSync } from 'node:fs';

export default async function* summaryReporter(source) {
  const counts = { passed: 0, failed: 0, skipped: 0 };
  for await (const event of source) {
    if (event.data?.nesting !== 0) continue;
    if (event.type === 'test:pass') {
      if (event.data.skip || event.data.todo) counts.skipped++;
      else counts.passed++;
    } else if (event.type === 'test:fail') {
      counts.failed++;
    }
  }
  const file = process.env.KALIKE_TEST_SUMMARY;
  if (file) appendFileSync(file, `${JSON.stringify({ runner: 'node:test', package: 'scripts', ...counts })}\n`);
  yield '';
}
