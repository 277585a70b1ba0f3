import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const MODULE = fileURLToPath(new URL('../../src/lib/heap-policy.ts', import.meta.url));

/**
 * A process with the policy applied (or not: 0) and a server-like heap: ~20 MB kept alive, and batches that
 * live long enough to be promoted before they are dropped (as a list page's rows, an export's batch). It
 * prints the highest heapUsed it saw, in MB.
 */
const WORKLOAD = `
const { applyHeapPolicy } = await import(${JSON.stringify(MODULE)});
applyHeapPolicy(Number(process.argv[1]));
const live = Array.from({ length: 200_000 }, (_, i) => ({ i, s: 'live-' + i }));
const recent = new Array(100);
let peak = 0;
for (let n = 0; n < 3_000; n++) {
  recent[n % recent.length] = Array.from({ length: 2_000 }, (_, i) => ({ n, i, s: 'batch-' + n + '-' + i }));
  if (n % 50 === 0) peak = Math.max(peak, process.memoryUsage().heapUsed);
}
console.log(Math.round(peak / 1048576), live.length);
`;

function peakHeapMb(growingPercent: number): number {
  const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', WORKLOAD, String(growingPercent)], {
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(child.status, child.stderr).toBe(0);
  return Number(child.stdout.trim().split(' ')[0]);
}

describe('heap policy', () => {
  it('keeps the garbage a busy process carries well under what V8 lets pile up by default', () => {
    const byDefault = peakHeapMb(0);
    const bounded = peakHeapMb(25);
    // Measured: ~165 MB against ~74 MB.
    expect(bounded).toBeLessThan(byDefault * 0.75);
  }, 120_000);
});
