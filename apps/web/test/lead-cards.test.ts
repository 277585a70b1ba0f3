import { describe, expect, it } from 'vitest';
import { boardColumns, countLabel, dropVerdict, formatAge, moveTargets, refusedText } from '../src/features/lead-cards/board';

const labels = (country: 'arg' | 'col') => boardColumns(country).map((column) => column.label);
const AUDIT_TAIL = ['AUDITORIA', 'TRANSFERENCIA', 'DEVUELTO', 'RE-AUDITORIA', 'RECHAZO', 'RECHAZO-AUDITORIA'];

describe('lead cards board', () => {
  it('has one column per step label, in pipeline order', () => {
    expect(labels('arg')).toEqual(['Paso 2', 'Paso 3', 'Paso 4', 'Paso 7', 'Paso 8', 'Paso 9', 'Paso 10', 'Paso 12', ...AUDIT_TAIL]);
    expect(labels('col')).toEqual(['Paso 6', 'Paso 7', 'Paso 8', 'Paso 9', 'Paso 10', ...AUDIT_TAIL, 'EXPIRADO']);
    // A column is its status: Paso 2 is PHONE_VALIDATION (26), AUDITORIA is AUDIT_PENDING (arg 32).
    expect(boardColumns('arg')[0]).toMatchObject({ id: 26, status: 'PHONE_VALIDATION' });
    expect(boardColumns('arg')[8]).toMatchObject({ id: 32, status: 'AUDIT_PENDING' });
  });

  it('lets a card go only to the columns its role may move it to', () => {
    // arg admin at Paso 2: Paso 3 only (EN GESTION, cancel and expiry are not columns in arg).
    expect([...moveTargets('arg', 26, 1)]).toEqual([4]);
    // Audit decisions are taken on the audit case, never by moving a card: not even an admin moves one.
    for (const role of [1, 2, 4]) expect(moveTargets('arg', 32, role).size).toBe(0);
    // col admin at Paso 6: Paso 7, and EXPIRADO (a column in col).
    expect([...moveTargets('col', 10, 'admin')].sort((a, b) => a - b)).toEqual([11, 16]);
    expect(moveTargets('arg', 26, undefined).size).toBe(0);
  });

  it('tells, from the shared transition table, whether a dragged card may enter a column and why not', () => {
    const seller = { id: 7, name: 'Ana' };
    // arg Paso 2 (26) → Paso 3 (4): any staff role of the table; → Paso 4 (5) skips a step.
    expect(dropVerdict('arg', { status_id: 26, seller }, 4, 1)).toEqual({ ok: true });
    expect(dropVerdict('arg', { status_id: 26, seller }, 5, 1)).toEqual({ ok: false, reason: 'no es un paso siguiente de Paso 2' });
    // AUDITORIA (32) → TRANSFERENCIA (33): an audit decision, not even an admin's drop.
    expect(dropVerdict('arg', { status_id: 32, seller }, 33, 1)).toEqual({
      ok: false,
      reason: 'se decide en Auditorías, con el caso tomado',
    });
    // Paso 12 (15) → AUDITORIA (32) needs a seller: a card without one is refused before anything is sent.
    expect(dropVerdict('arg', { status_id: 15, seller }, 32, 1)).toEqual({ ok: true });
    expect(dropVerdict('arg', { status_id: 15, seller: null }, 32, 1)).toEqual({
      ok: false,
      reason: 'el lead no tiene un vendedor asignado',
    });
    // The auditor (4) is no role of the seller steps' moves.
    expect(dropVerdict('arg', { status_id: 26, seller }, 4, 4)).toEqual({ ok: false, reason: 'tu rol no puede hacer este cambio' });
    expect(dropVerdict('arg', { status_id: 26, seller }, 4, undefined)).toEqual({ ok: false, reason: 'tu rol no puede hacer este cambio' });
    // col: Paso 6 (10) → EXPIRADO (16) for an admin; the refusal said in usted.
    expect(dropVerdict('col', { status_id: 10, seller }, 16, 'admin')).toEqual({ ok: true });
    expect(dropVerdict('col', { status_id: 10, seller }, 16, 'audit')).toEqual({ ok: false, reason: 'su rol no puede hacer este cambio' });
    expect(refusedText(boardColumns('arg')[2], 'no es un paso siguiente de Paso 2')).toBe(
      'No se puede mover a Paso 4: no es un paso siguiente de Paso 2',
    );
  });

  it('shows counts as the lists do', () => {
    expect(countLabel({ total: 1234, exact: true })).toBe('1.234');
    expect(countLabel({ total: 10_000, exact: false })).toBe('más de 10.000');
  });

  it('says how old an application is', () => {
    const now = new Date('2026-11-22T12:00:00Z');
    expect(formatAge('2026-11-22T11:55:00Z', now)).toBe('hace 5 min');
    expect(formatAge('2026-11-22T09:00:00Z', now)).toBe('hace 3 h');
    expect(formatAge('2026-11-21T11:00:00Z', now)).toBe('hace 1 día');
    expect(formatAge('2026-11-10T12:00:00Z', now)).toBe('hace 12 días');
    expect(formatAge('2026-08-22T12:00:00Z', now)).toBe('hace 3 meses');
    expect(formatAge('2024-11-01T12:00:00Z', now)).toBe('hace 2 años');
    // Under a minute (SPEC 9's 'just now'), also for a clock slightly behind the server's (never a negative age).
    expect(formatAge('2026-11-22T11:59:01Z', now)).toBe('just now');
    expect(formatAge('2026-11-22T11:59:00Z', now)).toBe('hace 1 min');
    expect(formatAge('2026-11-22T12:01:00Z', now)).toBe('just now');
  });
});
