// Sums the JSON reports of Vitest and Playwright into the one closing line CI reads.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.argv[2] ?? '.test-results';
const read = (name) => {
  const path = join(dir, name);
  return existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : null;
};

let passed = 0;
let failed = 0;
let skipped = 0;

/** The tests Playwright reports as flaky: failed once, then passed on the retry. */
function flakyTitles(suites) {
  return suites.flatMap((suite) => [
    ...(suite.specs ?? [])
      .filter((spec) => spec.tests.some((test) => test.status === 'flaky'))
      .map((spec) => `${spec.file}: ${spec.title}`),
    ...flakyTitles(suite.suites ?? []),
  ]);
}

const vitest = read('vitest.json');
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
  skipped += vitest.numPendingTests + vitest.numTodoTests;
  console.log(`vitest: ${vitest.numPassedTests} passed, ${vitest.numFailedTests} failed`);
} else {
  console.log('vitest: no report (the run stopped before the tests)');
  failed += 1;
}

const playwright = read('playwright.json');
if (playwright) {
  const { expected, unexpected, flaky, skipped: pwSkipped } = playwright.stats;
  passed += expected + flaky;
  failed += unexpected;
  skipped += pwSkipped;
  console.log(`playwright: ${expected + flaky} passed, ${unexpected} failed`);
  for (const title of flakyTitles(playwright.suites ?? [])) {
    console.log(`playwright: passed on its retry: ${title}`);
  }
} else {
  console.log('playwright: no report (the run stopped before the browser tests)');
  failed += 1;
}

console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
