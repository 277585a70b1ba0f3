import { buildInfoSchema, type BuildInfo } from '@backoffice/shared';

/** The deployed build (`dist/builds/latest.json`), never from a cache: the `t` query defeats proxies too. */
export function latestBuildUrl(now: number): string {
  return `/builds/latest.json?t=${now}`;
}

/** Null when the answer is not a build manifest (an old server, a proxy's page). */
export async function getLatestBuild(fetcher: typeof fetch = fetch, now = Date.now()): Promise<BuildInfo | null> {
  const response = await fetcher(latestBuildUrl(now), { cache: 'no-store', credentials: 'same-origin' });
  if (!response.ok) throw new Error(`builds/latest.json answered ${response.status}`);
  const parsed = buildInfoSchema.safeParse(await response.json());
  return parsed.success ? parsed.data : null;
}

/** A reload is offered when the deployed build is another one than the running build. */
export function isNewBuild(latest: BuildInfo | null, runningId: string): boolean {
  return latest !== null && latest.id !== runningId;
}
