import { describe, expect, it } from 'vitest';
import { LIST_SCENARIOS, targetsOf, type ScenarioFigures } from '../../bench/targets';

const figures = (p95: number, serverCpuMs: number, postgresCpuMs: number): ScenarioFigures => ({
  p95,
  rps: 1_000,
  serverCpuMs,
  postgresCpuMs,
});

/** A run where every scenario meets its targets: the detail costs 0.2 + 0.1 ms, each list 0.5 + 0.4 (3×). */
function passingRun(): Record<string, ScenarioFigures> {
  const results: Record<string, ScenarioFigures> = { detail: figures(10, 0.2, 0.1), health: figures(2, 0.04, 0) };
  for (const name of LIST_SCENARIOS) results[name] = figures(40, 0.5, 0.4);
  return results;
}

const exported = { seconds: 2.4, rows: 100_000, expectedRows: 100_000 };
const quiet = { cpus: 2, loadAverage1m: 0.8 };

describe('bench targets', () => {
  it('meets every target when each figure is within its limit, the limits themselves included', () => {
    const results = passingRun();
    results.combined = figures(50, 0.6, 0.3);
    const targets = targetsOf(results, exported, 300, quiet);
    expect(targets.lists).toEqual({ cpu_le_3x_detail: true, p95_le_50ms: true, export_le_5s: true, rss_le_300mb: true });
    expect(targets.missed).toEqual([]);
    expect(targets.cpuRatios.combined).toBe(3);
    expect(targets.machineQuiet).toBe(true);
  });

  it("measures CPU against the same run's detail, whatever the machine's speed", () => {
    const slowDay = passingRun();
    for (const figures of Object.values(slowDay)) {
      figures.serverCpuMs *= 2;
      figures.postgresCpuMs *= 2;
    }
    expect(targetsOf(slowDay, exported, 250, quiet).missed).toEqual([]);
    const costly = passingRun();
    costly.search = figures(30, 0.7, 0.35);
    const targets = targetsOf(costly, exported, 250, quiet);
    expect(targets.lists.cpu_le_3x_detail).toBe(false);
    expect(targets.missed).toEqual(["search 3.5× the detail's CPU"]);
  });

  it('names a p95 miss with the load average when the machine was busy', () => {
    const results = passingRun();
    results.searcher_name = figures(61.5, 0.5, 0.4);
    expect(targetsOf(results, exported, 250, quiet).missed).toEqual(['searcher_name p95 61.5 ms']);
    const busy = targetsOf(results, exported, 250, { cpus: 2, loadAverage1m: 9.4 });
    expect(busy.machineQuiet).toBe(false);
    expect(busy.missed).toEqual(['searcher_name p95 61.5 ms (load average 9.4 on 2 cores)']);
  });

  it('misses the export when it is slow or short of its rows, and memory over 300 MB', () => {
    const slow = targetsOf(passingRun(), { ...exported, seconds: 5.01 }, 300.1, quiet);
    expect(slow.lists).toMatchObject({ export_le_5s: false, rss_le_300mb: false });
    expect(slow.missed).toEqual(['export 100000 rows in 5.01 s', 'RSS 300.1 MB']);
    const short = targetsOf(passingRun(), { ...exported, rows: 99_999 }, 250, quiet);
    expect(short.lists.export_le_5s).toBe(false);
  });

  it('reports but does not count a name on the leads list or the audit screens', () => {
    const results = { ...passingRun(), search_name: figures(1_023, 4, 6), audit_queue: figures(90, 1, 1) };
    const targets = targetsOf(results, exported, 250, quiet);
    expect(targets.missed).toEqual([]);
    expect(targets.cpuRatios.search_name).toBe(33.33);
  });
});
