import type { TimelineEntry } from '@backoffice/shared';
import { describe, expect, it } from 'vitest';
import { filterHistory } from '../src/domain/activity-timeline';

const entry = (id: string, type: TimelineEntry['type']) =>
  ({ id, type, at: '2026-11-22T12:00:00Z', text: id, user: null, from_status: null, to_status: null }) as unknown as TimelineEntry;

describe('the history filter', () => {
  const entries = [
    entry('n2', 'note'),
    entry('s2', 'status'),
    entry('m1', 'management'),
    entry('n1', 'note'),
    entry('s1', 'status'),
    entry('c', 'created'),
  ];
  const ids = (list: TimelineEntry[]) => list.map((e) => e.id);

  it('keeps everything, the notes alone or the status changes alone, newest first as given', () => {
    expect(ids(filterHistory(entries, 'all'))).toEqual(['n2', 's2', 'm1', 'n1', 's1', 'c']);
    expect(ids(filterHistory(entries, 'notes'))).toEqual(['n2', 'n1']);
    expect(ids(filterHistory(entries, 'status'))).toEqual(['s2', 's1']);
  });
});
