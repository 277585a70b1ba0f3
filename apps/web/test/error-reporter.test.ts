import { describe, expect, it, vi } from 'vitest';
import { createErrorReporter, errorPayload } from '../src/lib/error-reporter';

describe('error reporter (SPEC 7/8)', () => {
  const now = new Date('2026-11-22T10:00:00.000Z');

  it('builds the payload with message, stack, info, path and an ISO timestamp', () => {
    const error = new Error('boom');
    expect(errorPayload(error, 'render', '/leads?page=2', now)).toEqual({
      message: 'boom',
      stack: error.stack,
      info: 'render',
      path: '/leads?page=2',
      timestamp: '2026-11-22T10:00:00.000Z',
    });
    expect(errorPayload('plain text', undefined, '', now)).toMatchObject({ message: 'plain text', path: '/' });
  });

  it('writes the console and sends the payload', async () => {
    const send = vi.fn(async () => ({ ok: true }));
    const log = { error: vi.fn() };
    const report = createErrorReporter({ send, currentPath: () => '/x', now: () => now, console: log });
    await report(new Error('boom'), 'info');
    expect(log.error).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith(expect.objectContaining({ message: 'boom', path: '/x', info: 'info' }));
  });

  it('only writes the console when sending fails, and does not report that failure', async () => {
    const send = vi.fn(async () => {
      throw new Error('network down');
    });
    const log = { error: vi.fn() };
    const report = createErrorReporter({ send, currentPath: () => '/x', console: log });
    await expect(report(new Error('boom'))).resolves.toBeUndefined();
    expect(send).toHaveBeenCalledTimes(1);
    expect(log.error).toHaveBeenCalledTimes(2);
  });

  it('does not send an error raised while a report is in flight', async () => {
    let release!: () => void;
    const send = vi.fn(() => new Promise<void>((resolve) => (release = resolve)));
    const report = createErrorReporter({ send, currentPath: () => '/x', console: { error: vi.fn() } });
    const first = report(new Error('one'));
    await report(new Error('two'));
    release();
    await first;
    expect(send).toHaveBeenCalledTimes(1);
  });
});
