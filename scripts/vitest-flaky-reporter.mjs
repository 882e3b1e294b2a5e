// A Vitest reporter that writes the tests which passed only on a retry, with the first failure,
// to the file named by UMPIRE_FLAKY_FILE (one JSON line each). `npm test` (scripts/test.mjs)
// counts each as failed unless scripts/known-flaky-tests.mjs lists it by this name: a retry never
// hides a flaky test.
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from './ensure-deps.mjs';

export default class FlakyReporter {
  onTestCaseResult(testCase) {
    const file = process.env.UMPIRE_FLAKY_FILE;
    if (!file || !testCase.diagnostic()?.flaky) return;
    const errors = testCase.result()?.errors ?? [];
    const line = {
      // Relative to the repository, whatever the working directory, as the known-flaky list has it.
      name: `${path.relative(repoRoot, testCase.module.moduleId)} › ${testCase.fullName}`,
      retries: testCase.diagnostic().retryCount,
      error: errors[0]?.message ?? '',
    };
    fs.appendFileSync(file, `${JSON.stringify(line)}\n`);
  }
}
