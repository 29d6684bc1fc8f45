import { writeFileSync } from 'node:fs';
import type { Reporter, TestCase } from 'vitest/node';

/**
 * e2e tests get one retry (vitest.config.ts): a browser on a loaded 2-core machine sometimes misses a timing. A test
 * that needed it is not hidden: its name and its failed attempt's error are printed at the end of the run and written to tests/.tmp/flaky.txt, so a
 * retry that keeps happening is looked into rather than lived with.
 */
export default class FlakyReporter implements Reporter {
  private readonly flaky: string[] = [];

  onTestCaseResult(test: TestCase): void {
    const diagnostic = test.diagnostic();
    if (diagnostic?.flaky) {
      // What the failed attempt threw, first line and where: a retry is only worth looking into with its cause.
      const error = test.result().errors?.[0];
      const where = error?.stacks?.find((s) => s.file.includes('/tests/'));
      const cause = error
        ? `\n    ${(error.message ?? '').split('\n')[0]}${where ? ` (${where.file.replace(/^.*\/tests\//, 'tests/')}:${where.line})` : ''}`
        : '';
      this.flaky.push(
        `${test.module.relativeModuleId} > ${test.fullName} (passed after ${diagnostic.retryCount} retry)${cause}`,
      );
    }
  }

  onTestRunEnd(): void {
    if (this.flaky.length === 0) return;
    console.log(
      `\nflaky: ${this.flaky.length} test(s) passed only on a retry:\n${this.flaky.map((f) => `  ${f}`).join('\n')}`,
    );
    try {
      writeFileSync('tests/.tmp/flaky.txt', `${this.flaky.join('\n')}\n`);
    } catch {
      // the report folder is CI's; a local run without it still printed the list
    }
  }
}
