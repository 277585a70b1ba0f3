import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * The server process's garbage collection policy (server.ts, before the app is built; tests and tools that
 * build the app in their own process keep theirs). With `growingPercent` > 0, V8 starts its next full
 * collection once the old generation has grown that much past what survived the last one, instead of its own
 * factor of up to ~4: a server whose live heap is small (~35-65 MB here) then does not carry ~100 MB of
 * garbage at peaks. Full collections get more frequent; they are mostly concurrent, and the bench measured no
 * change in throughput (docs/performance.md).
 */
export function applyHeapPolicy(growingPercent: number): void {
  if (growingPercent > 0) setFlagsFromString(`--heap-growing-percent=${growingPercent}`);
}

/**
 * One full collection once the app is built (server.ts). V8 applies the growing factor when a full collection
 * ends: the limit it set while the modules were loading (V8's own factor, ~4 times the heap then) otherwise
 * stands until that heap is reached, which a quiet server first does under its first heavy request (a
 * 100,000-row batch's validation: ~160 MB of old generation, docs/performance.md).
 */
export function settleHeap(growingPercent: number): void {
  if (growingPercent <= 0) return;
  // Without --expose-gc at start: the flag makes `gc` available to contexts created after it, as this one.
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}
