// A Vitest reporter that writes the tests which passed only on a retry, with the first failure,
// to the file named by UMPIRE_FLAKY_FILE (one JSON line each), so the summary of `npm test`
// names them: a retry keeps a rare environmental hiccup from failing CI, but never hides it.
import fs from 'node:fs';
import path from 'node:path';

export default class FlakyReporter {
  onTestCaseResult(testCase) {
    const file = process.env.UMPIRE_FLAKY_FILE;
    if (!file || !testCase.diagnostic()?.flaky) return;
    const errors = testCase.result()?.errors ?? [];
    const line = {
      name: `${path.relative(process.cwd(), testCase.module.moduleId)} › ${testCase.fullName}`,
      retries: testCase.diagnostic().retryCount,
      error: errors[0]?.message ?? '',
    };
    fs.appendFileSync(file, `${JSON.stringify(line)}\n`);
  }
}
