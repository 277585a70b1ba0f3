import { readFileSync } from 'node:fs';
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/** The name of a further tab's snapshot among a failed test's attachments (support.ts: snapshotOtherTabsOnFailure). */
export const TAB_SNAPSHOT_PREFIX = 'snapshot of tab ';

/** Enough of a page's accessibility snapshot to see what covered or replaced the element waited for. */
const MAX_CHARS = 12_000;

const shorten = (text: string) =>
  text.length > MAX_CHARS ? `${text.slice(0, MAX_CHARS)}\n… (${text.length - MAX_CHARS} more characters)` : text;

/**
 * CI keeps only the run's printed output, not test-results/: a failed test's error context (the error and the
 * page's accessibility snapshot at the failure) is printed, so that a failure seen once can be understood,
 * and so are the snapshots of the other tabs it had open (snapshotOtherTabsOnFailure).
 */
export default class ErrorContextReporter implements Reporter {
  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.status === 'passed' || result.status === 'skipped') return;
    for (const attachment of result.attachments) {
      let text: string | undefined;
      if (attachment.name === 'error-context' && attachment.path) {
        try {
          text = readFileSync(attachment.path, 'utf8');
        } catch {
          continue;
        }
      } else if (attachment.name.startsWith(TAB_SNAPSHOT_PREFIX) && attachment.body) {
        text = attachment.body.toString('utf8');
      }
      if (text === undefined) continue;
      process.stdout.write(`\n--- ${attachment.name} of “${test.title}” ---\n${shorten(text)}\n--- end of ${attachment.name} ---\n`);
    }
  }
}
