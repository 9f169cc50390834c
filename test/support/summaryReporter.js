/** Prints one closing line in the plain form CI reads: "Tests: N passed, N failed, N skipped". */
class SummaryReporter {
  onRunComplete(_contexts, results) {
    const { numPassedTests: passed, numFailedTests: failed, numPendingTests: skipped } = results;
    const brokenSuites = results.numRuntimeErrorTestSuites;
    if (brokenSuites > 0) process.stdout.write(`${brokenSuites} test files failed to run\n`);
    process.stdout.write(`Tests: ${passed} passed, ${failed + brokenSuites} failed, ${skipped} skipped\n`);
  }
}
module.exports = SummaryReporter;
