import { describe, expect, it } from 'vitest';
import { overdueText, queueText } from '../src/features/call-reminders/overdue';

describe('call reminder', () => {
  const now = new Date('2026-11-22T12:00:00Z');

  it('says how late the call back is', () => {
    expect(overdueText('2026-11-22T11:59:30Z', now)).toBe('para ahora');
    // A browser clock behind the server's: not yet due here, never a negative lateness.
    expect(overdueText('2026-11-22T12:00:20Z', now)).toBe('para ahora');
    expect(overdueText('2026-11-22T11:59:00Z', now)).toBe('atrasada hace 1 minuto');
    expect(overdueText('2026-11-22T11:15:00Z', now)).toBe('atrasada hace 45 minutos');
    expect(overdueText('2026-11-22T11:00:00Z', now)).toBe('atrasada hace 1 hora');
    expect(overdueText('2026-11-21T12:30:00Z', now)).toBe('atrasada hace 23 horas');
    expect(overdueText('2026-11-21T12:00:00Z', now)).toBe('atrasada hace 1 día');
    expect(overdueText('2026-11-19T08:00:00Z', now)).toBe('atrasada hace 3 días');
  });

  it('places the reminder among the due ones', () => {
    expect(queueText(1)).toBe('1 de 1');
    expect(queueText(3)).toBe('1 de 3');
  });
});
