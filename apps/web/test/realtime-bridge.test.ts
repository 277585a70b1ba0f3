import { describe, expect, it } from 'vitest';
import { assignmentNoticeOf } from '../src/app/realtime-bridge';

describe('what an assignment tells the signed-in user', () => {
  it('says nothing of a take from the pool by the user themself: the pool already said it', () => {
    expect(assignmentNoticeOf({ lead_id: 194, seller_id: 5, source: 'take', by: { id: 5, name: 'Vendedor' } }, 5)).toBeNull();
  });

  it('tells of an assignment someone else made, and of a lead that went to another seller', () => {
    expect(assignmentNoticeOf({ lead_id: 194, seller_id: 5, source: 'reassign', by: { id: 1, name: 'Supervisor' } }, 5)).toBe('assigned');
    expect(assignmentNoticeOf({ lead_id: 194, seller_id: 6, source: 'reassign', by: { id: 1, name: 'Supervisor' } }, 5)).toBe('taken');
  });
});
