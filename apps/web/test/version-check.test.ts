import { describe, expect, it, vi } from 'vitest';
import { getLatestBuild, isNewBuild, latestBuildUrl } from '../src/features/version-check/api/get-latest-build';

describe('new-version check', () => {
  it('asks for builds/latest.json with a timestamp, bypassing caches', async () => {
    const fetcher = vi.fn(async () => Response.json({ id: 'b2', timestamp: 2 }));
    await expect(getLatestBuild(fetcher, 1234)).resolves.toEqual({ id: 'b2', timestamp: 2 });
    expect(fetcher).toHaveBeenCalledWith('/builds/latest.json?t=1234', expect.objectContaining({ cache: 'no-store' }));
    expect(latestBuildUrl(5)).toBe('/builds/latest.json?t=5');
  });

  it('treats a malformed manifest as unknown and a failed answer as an error', async () => {
    await expect(getLatestBuild(async () => Response.json({ version: 1 }))).resolves.toBeNull();
    await expect(getLatestBuild(async () => new Response('nope', { status: 503 }))).rejects.toThrow('503');
  });

  it('offers a reload only for another build', () => {
    expect(isNewBuild({ id: 'b2', timestamp: 2 }, 'b1')).toBe(true);
    expect(isNewBuild({ id: 'b1', timestamp: 1 }, 'b1')).toBe(false);
    expect(isNewBuild(null, 'b1')).toBe(false);
  });
});
