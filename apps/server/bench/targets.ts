/** What the targets read of a scenario's figures. */
export interface ScenarioFigures {
  p95: number;
  rps: number;
}

/** The leads issue's scenarios (a)-(d) and the searcher's document search: p95 and the share of health. */
export const LIST_SCENARIOS = ['list', 'combined', 'deep_cursor', 'deep_offset', 'search', 'searcher'] as const;

export const P95_LIMIT_MS = 50;
export const HEALTH_SHARE = 0.1;
export const EXPORT_LIMIT_S = 5;
export const RSS_LIMIT_MB = 300;

export interface Targets {
  /** Issue 3: every list and search scenario at p95 ≤ 50 ms and ≥ 10% of health's req/s; the export; memory. */
  issue3: { p95_le_50ms: boolean; rps_ge_10pct_health: boolean; export_le_5s: boolean; rss_le_300mb: boolean };
  /** Issue 4 holds the searcher to p95 ≤ 50 ms whatever is searched: a name too. */
  issue4: { searcher_name_p95_le_50ms: boolean };
  /** Each target a run missed, with the figure that missed it ('combined p95 53.3 ms'): empty when all were met. */
  missed: string[];
}

/**
 * The run's verdict. A name on the leads list, the details and the audit screens are reported only (see
 * docs/performance.md), so they count for nothing here.
 */
export function targetsOf(
  results: Record<string, ScenarioFigures>,
  exported: { seconds: number; rows: number; expectedRows: number },
  rssMb: number,
): Targets {
  const health = results.health.rps;
  const missed: string[] = [];
  let p95Met = true;
  let shareMet = true;
  for (const name of LIST_SCENARIOS) {
    const { p95, rps } = results[name];
    if (p95 > P95_LIMIT_MS) {
      p95Met = false;
      missed.push(`${name} p95 ${p95} ms`);
    }
    if (rps < health * HEALTH_SHARE) {
      shareMet = false;
      missed.push(`${name} ${Math.round((rps / health) * 1000) / 10}% of health's req/s`);
    }
  }
  const exportMet = exported.seconds <= EXPORT_LIMIT_S && exported.rows === exported.expectedRows;
  if (!exportMet) missed.push(`export ${exported.rows} rows in ${exported.seconds} s`);
  const rssMet = rssMb <= RSS_LIMIT_MB;
  if (!rssMet) missed.push(`RSS ${rssMb} MB`);
  const searcherName = results.searcher_name.p95 <= P95_LIMIT_MS;
  if (!searcherName) missed.push(`searcher_name p95 ${results.searcher_name.p95} ms`);
  return {
    issue3: { p95_le_50ms: p95Met, rps_ge_10pct_health: shareMet, export_le_5s: exportMet, rss_le_300mb: rssMet },
    issue4: { searcher_name_p95_le_50ms: searcherName },
    missed,
  };
}
