// Appends each jest run's counts to the file named by KALIKE_TEST_SUMMARY, so `npm test`
// can print one total across every package.
const fs = require('node:fs');

module.exports = class SummaryReporter {
  onRunComplete(_contexts, results) {
    const file = process.env.KALIKE_TEST_SUMMARY;
    if (!file) return;
    const line = {
      runner: 'jest',
      package: process.cwd(),
      passed: results.numPassedTests,
      failed: results.numFailedTests + results.numRuntimeErrorTestSuites,
      skipped: results.numPendingTests + results.numTodoTests,
    };
    fs.appendFileSync(file, `${JSON.stringify(line)}\n`);
  }
};
