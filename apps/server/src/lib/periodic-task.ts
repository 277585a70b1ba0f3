/**
 * A node's periodic job (the call reminder check, the stage worker): a tick every few seconds on an unref'd
 * timer, ticks that never overlap (a slow database must not pile them up), and a stop that waits for the
 * tick in progress. `runOnce` runs a tick now (tests, diagnostics), joining one already running.
 */
export class PeriodicTask<T> {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<T> | null = null;

  constructor(
    private readonly tick: () => Promise<T>,
    private readonly onError: (error: unknown) => void,
  ) {}

  runOnce(): Promise<T> {
    this.running ??= this.tick().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** Ticks every `seconds` from now on (0: never). */
  start(seconds: number): void {
    if (seconds <= 0 || this.timer) return;
    this.timer = setInterval(() => {
      this.runOnce().catch(this.onError);
    }, seconds * 1000);
    // The task alone must not keep the process alive.
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => {});
  }
}
