import { setFlagsFromString } from 'node:v8';

/**
 * The server process's garbage collection policy (server.ts, before the app is built; tests and tools that
 * build the app in their own process keep theirs). With `growingPercent` > 0, V8 starts its next full
 * collection once the old generation has grown that much past what survived the last one, instead of its own
 * factor of up to ~3: a server whose live heap is small (~35 MB here) then does not carry ~100 MB of garbage
 * at peaks. Full collections get more frequent; they are mostly concurrent, and the bench measured no
 * change in throughput (docs/performance.md).
 */
export function applyHeapPolicy(growingPercent: number): void {
  if (growingPercent > 0) setFlagsFromString(`--heap-growing-percent=${growingPercent}`);
}
