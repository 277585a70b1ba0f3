import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestCase, TestResult } from '@playwright/test/reporter';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ErrorContextReporter, { TAB_SNAPSHOT_PREFIX } from '../e2e/reporters/error-context';

describe('ErrorContextReporter (what CI prints of a failed browser test)', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const printed = (status: TestResult['status'], attachments: TestResult['attachments']) => {
    const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    new ErrorContextReporter().onTestEnd({ title: 'guarda la gestión' } as TestCase, { status, attachments } as TestResult);
    const output = write.mock.calls.map(([text]) => String(text)).join('');
    write.mockRestore();
    return output;
  };

  it('prints the error context and the snapshot of every other tab of a failed test, and nothing of a passed one', () => {
    dir = mkdtempSync(join(tmpdir(), 'bo-error-context-'));
    const contextFile = join(dir, 'error-context.md');
    writeFileSync(contextFile, '- button "Guardar gestión"');
    const attachments: TestResult['attachments'] = [
      { name: 'error-context', contentType: 'text/markdown', path: contextFile },
      {
        name: `${TAB_SNAPSHOT_PREFIX}2`,
        contentType: 'text/plain',
        body: Buffer.from('http://127.0.0.1/lead-detail?id=7\n- listbox "Estado de gestión"'),
      },
      { name: 'trace', contentType: 'application/zip', path: join(dir, 'trace.zip') },
    ];

    const output = printed('timedOut', attachments);

    expect(output).toContain('--- error-context of “guarda la gestión” ---\n- button "Guardar gestión"');
    expect(output).toContain(
      `--- ${TAB_SNAPSHOT_PREFIX}2 of “guarda la gestión” ---\nhttp://127.0.0.1/lead-detail?id=7\n- listbox "Estado de gestión"`,
    );
    expect(output).not.toContain('trace');
    expect(printed('passed', attachments)).toBe('');
  });
});
