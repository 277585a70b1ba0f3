import { readFileSync } from 'node:fs';
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/** Enough of the page's accessibility snapshot to see what covered or replaced the element waited for. */
const MAX_CHARS = 12_000;

/**
 * CI keeps only the run's printed output, not test-results/: a failed test's error context (the error and the
 * page's accessibility snapshot at the failure) is printed, so that a failure seen once can be understood.
 */
export default class ErrorContextReporter implements Reporter {
  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.status === 'passed' || result.status === 'skipped') return;
    const context = result.attachments.find((attachment) => attachment.name === 'error-context' && attachment.path);
    if (!context?.path) return;
    let text: string;
    try {
      text = readFileSync(context.path, 'utf8');
    } catch {
      return;
    }
    const shown = text.length > MAX_CHARS ? `${text.slice(0, MAX_CHARS)}\n… (${text.length - MAX_CHARS} more characters)` : text;
    process.stdout.write(`\n--- error context of “${test.title}” ---\n${shown}\n--- end of error context ---\n`);
  }
}
