import type { Cursor } from './cursor';
import { ExpiringMap } from './expiring-map';

/** Where a page by number starts: after `cursor` (from the list's start without one), skipping `skip` rows. */
export interface PageStart {
  cursor?: Cursor;
  skip: number;
}

/** The cursor of the row at 0-based `position` counted after `from` (null past the end). */
export type Locate = (from: Cursor | undefined, position: number) => Promise<Cursor | null>;

/** Anchor offset → the cursor of the row just before it (a promise, so concurrent requests share one walk). */
type Anchors = Map<number, Promise<Cursor | null>>;

/**
 * A short-lived, per-node index of positions in lists, for pages asked by number (a link to page 2,000, a
 * typed page number): an offset over an index walks every entry before it, 50,000 for page 2,000. Every
 * `step` rows of a list its keyset position is remembered the first time a page beyond it is asked, so a
 * later page walks at most `step` entries after the nearest anchor; and every page served by number leaves
 * the position where the next one starts (`learn`), so paging on from it walks nothing. Like the counts,
 * anchors are dropped by this node's writes (`clear`) and expire after `ttlSeconds` (other nodes' writes);
 * within that time a page by number may be off by the rows inserted meanwhile, as any page is once others
 * write. Bounded: the oldest lists go first, and a list learns at most `maxAnchors` positions.
 */
export class PageAnchors {
  private readonly lists: ExpiringMap<string, Anchors>;

  constructor(
    ttlSeconds: number,
    readonly step = 1_000,
    maxLists = 500,
    private readonly maxAnchors = 10_000,
  ) {
    this.lists = new ExpiringMap(ttlSeconds * 1000, maxLists);
  }

  async start(listKey: string, offset: number, locate: Locate, now = Date.now()): Promise<PageStart> {
    const base = Math.floor(offset / this.step) * this.step;
    if (base === 0 || !this.lists.enabled) return { skip: offset };
    const anchors = this.anchorsOf(listKey, now);
    // A learned position at or after the step's anchor (the end of an earlier page) is nearer still.
    let nearest = base;
    for (const known of anchors.keys()) if (known > nearest && known <= offset) nearest = known;
    let anchor = anchors.get(nearest);
    if (anchor) {
      const cursor = await anchor;
      if (cursor) return { cursor, skip: offset - nearest };
    }
    anchor = anchors.get(base);
    if (!anchor) {
      // Walk from the nearest anchor before this one (or the list's start), set at once so that concurrent
      // requests for the same step wait for this walk instead of starting their own.
      let from = 0;
      for (const known of anchors.keys()) if (known < base && known > from) from = known;
      const fromAnchor = from > 0 ? anchors.get(from) : undefined;
      anchor = (async () => {
        const fromCursor = fromAnchor ? await fromAnchor : undefined;
        // That walk found the end of the list: there is nothing further either.
        return fromCursor === null ? null : locate(fromCursor, base - from - 1);
      })();
      anchors.set(base, anchor);
      anchor.catch(() => anchors.delete(base));
    }
    const cursor = await anchor;
    return cursor ? { cursor, skip: offset - base } : { skip: offset };
  }

  /**
   * The cursor of the row just before `position`, as a page served by number found it (its last row): the
   * page after it then starts there. Positions before the first step are reached by walking from the start
   * anyway; beyond `maxAnchors` positions per list, nothing more is learned.
   */
  learn(listKey: string, position: number, cursor: Cursor, now = Date.now()): void {
    if (position < this.step || !this.lists.enabled) return;
    const anchors = this.anchorsOf(listKey, now);
    if (anchors.size < this.maxAnchors && !anchors.has(position)) anchors.set(position, Promise.resolve(cursor));
  }

  /** A write changed what some list holds: forget every position. */
  clear(): void {
    this.lists.clear();
  }

  /** The list's anchors while its memory lasts, else a new, empty one. */
  private anchorsOf(key: string, now: number): Anchors {
    const existing = this.lists.get(key, now);
    if (existing) return existing;
    const anchors: Anchors = new Map();
    this.lists.set(key, anchors, now);
    return anchors;
  }
}
