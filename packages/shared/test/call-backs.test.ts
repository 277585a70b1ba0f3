import { describe, expect, it } from 'vitest';
import { callBackEventKind, callBackEventText, formatDateTime, rescheduleCallBodySchema, scheduleCallBodySchema } from '../src';

/* A call back's timeline texts (the server writes them, the timeline titles the entry by them) and the reschedule body. */
describe('call back events', () => {
  const when = formatDateTime('arg', new Date('2026-05-04T13:30:00Z'));
  const then = formatDateTime('arg', new Date('2026-05-06T18:00:00Z'));

  it('tells a booking, a cancel and a reschedule apart by the server’s first line, whatever the note says', () => {
    expect(callBackEventKind(`Llamar el ${when}`)).toBe('scheduled');
    expect(callBackEventKind(`Llamar el ${when}\nLlamada del lunes cancelada`)).toBe('scheduled');
    expect(callBackEventText.cancelled(when, null)).toBe('Llamada del 04/05/2026, 10:30 cancelada');
    expect(callBackEventKind(callBackEventText.cancelled(when, 'Pidió que no lo llamen'))).toBe('cancelled');
    expect(callBackEventText.rescheduled(when, then)).toBe('Llamada del 04/05/2026, 10:30 reprogramada al 06/05/2026, 15:00');
    expect(callBackEventKind(callBackEventText.rescheduled(when, then))).toBe('rescheduled');
    expect(callBackEventKind(null)).toBe('scheduled');
  });

  it('reschedules with the booking’s rules and messages, and takes only the time and the version read', () => {
    const past = new Date(Date.now() - 60_000).toISOString();
    const book = scheduleCallBodySchema.safeParse({ at: past });
    const move = rescheduleCallBodySchema.safeParse({ at: past, version: 1 });
    expect(move.error?.issues.map((i) => [i.path, i.message])).toEqual(book.error?.issues.map((i) => [i.path, i.message]));
    const at = new Date(Date.now() + 3_600_000).toISOString();
    expect(rescheduleCallBodySchema.parse({ at, version: 2, note: 'ignorada' })).toEqual({ at, version: 2 });
    expect(rescheduleCallBodySchema.safeParse({ at }).error?.issues.map((i) => i.path)).toEqual([['version']]);
  });
});
