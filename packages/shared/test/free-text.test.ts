import { describe, expect, it } from 'vitest';
import { addNoteBodySchema, auditDecisionBodySchema, EMPTY_CHECKLIST, scheduleCallBodySchema, transitionLeadBodySchema } from '../src';

/** Zero-width space, zero-width joiner, word joiner, BOM: what a paste can carry that shows nothing. */
const INVISIBLE = '\u200b \u200d\u2060\ufeff';

describe('free text (notes, reasons, comments)', () => {
  it('refuses a note with nothing to read, and keeps one whose ends carried invisible characters', () => {
    const blank = addNoteBodySchema.safeParse({ body: INVISIBLE });
    expect(blank.error?.issues.map((issue) => issue.message)).toEqual(['Escribe la nota']);
    expect(addNoteBodySchema.parse({ body: `\u200bLlamar el lunes\u2060 ` }).body).toBe('Llamar el lunes');
    // Invisible characters inside the text are the writer's (an emoji sequence joins with U+200D).
    expect(addNoteBodySchema.parse({ body: 'ok 👩\u200d💻' }).body).toBe('ok 👩\u200d💻');
  });

  it('drops direction overrides, which make a note read other than it is stored, and refuses one made only of them', () => {
    expect(addNoteBodySchema.safeParse({ body: '\u202e\u202e' }).error?.issues.map((issue) => issue.message)).toEqual(['Escribe la nota']);
    expect(addNoteBodySchema.parse({ body: 'pagó \u202e0051\u202c pesos' }).body).toBe('pagó 0051 pesos');
    expect(addNoteBodySchema.parse({ body: '\u200fLlamar\u2066 mañana\u2069\u200e' }).body).toBe('Llamar mañana');
  });

  it('stores a text pasted decomposed (macOS) composed', () => {
    expect(addNoteBodySchema.parse({ body: 'Jose\u0301 pago\u0301' }).body).toBe('José pagó');
  });

  it('takes a blank reason, call back note or audit comment as none: a rejection still needs its comment', () => {
    expect(transitionLeadBodySchema.parse({ to_status: 3, version: 1, reason: INVISIBLE }).reason).toBeUndefined();
    const at = new Date(Date.now() + 3_600_000).toISOString();
    expect(scheduleCallBodySchema.parse({ at, note: INVISIBLE }).note).toBeUndefined();
    const rejection = auditDecisionBodySchema.safeParse({ decision: 'reject', checklist: EMPTY_CHECKLIST, comment: INVISIBLE, version: 1 });
    expect(rejection.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['comment']);
  });
});
