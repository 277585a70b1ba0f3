import { describe, expect, it } from 'vitest';
import { RealtimeService, type RealtimeServer } from '../../src/services/realtime';

const log = { warn() {}, error() {}, info() {}, debug() {} } as unknown as ConstructorParameters<typeof RealtimeService>[0];

/* A bulk producer (a massive batch's worker) waits until the adapter's queue of messages has gone down. */
describe('RealtimeService.settled', () => {
  it('resolves once fewer than the given messages wait to be relayed, at once when none do', async () => {
    const service = new RealtimeService(log);
    await service.settled(0);
    let waiting = 5;
    service.attach({} as RealtimeServer, () => waiting);
    const drain = setInterval(() => (waiting = Math.max(0, waiting - 1)), 5);
    try {
      let done = false;
      const settled = service.settled(2).then(() => (done = true));
      await new Promise((resolve) => setTimeout(resolve, 1));
      expect(done).toBe(false);
      await settled;
      expect(waiting).toBeLessThanOrEqual(2);
    } finally {
      clearInterval(drain);
    }
    // Detached: nothing is relayed any more, nothing to wait for.
    waiting = 100;
    service.detach();
    await service.settled(0);
  });
});
