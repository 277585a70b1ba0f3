import { afterEach, describe, expect, it, vi } from 'vitest';
import { PeriodicTask } from '../../src/lib/periodic-task';

/** A tick that waits until released, counting how many started. */
function gatedTick() {
  const state = { started: 0, release: () => {} };
  const tick = () => {
    state.started++;
    return new Promise<number>((resolve) => (state.release = () => resolve(state.started)));
  };
  return { state, tick };
}

describe('a node’s periodic task', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('never overlaps ticks: a run asked for while one is in progress joins it', async () => {
    const { state, tick } = gatedTick();
    const task = new PeriodicTask(tick, () => {});
    const first = task.runOnce();
    const second = task.runOnce();
    expect(state.started).toBe(1);
    state.release();
    expect(await Promise.all([first, second])).toEqual([1, 1]);
    // Once it ended, the next run is a new tick.
    const third = task.runOnce();
    state.release();
    expect(await third).toBe(2);
  });

  it('ticks every `seconds` once started (never with 0), reports a failed tick and goes on; stop waits for the tick in progress', async () => {
    vi.useFakeTimers();
    let ticks = 0;
    const errors: unknown[] = [];
    const task = new PeriodicTask(
      async () => {
        ticks++;
        if (ticks === 2) throw new Error('database down');
        return ticks;
      },
      (error) => errors.push(error),
    );
    task.start(0);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(ticks).toBe(0);
    task.start(5);
    await vi.advanceTimersByTimeAsync(15_000);
    expect(ticks).toBe(3);
    expect(errors).toEqual([new Error('database down')]);
    await task.stop();
    await vi.advanceTimersByTimeAsync(15_000);
    expect(ticks).toBe(3);
  });

  it('stop waits for a tick in progress', async () => {
    const { state, tick } = gatedTick();
    const task = new PeriodicTask(tick, () => {});
    void task.runOnce();
    let stopped = false;
    const stopping = task.stop().then(() => (stopped = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(stopped).toBe(false);
    state.release();
    await stopping;
    expect(stopped).toBe(true);
  });
});
