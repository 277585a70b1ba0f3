import { describe, expect, it } from 'vitest';
import {
  statusIdOf,
  statusLabelOf,
  AMOUNT_RANGES,
  ARG_STATUS_IDS,
  COL_STATUS_NAMES,
  INSTALLMENT_STATUSES,
  MANAGEMENT_STATUSES,
  PROCESSED_FLAGS,
  RETURN_REQUEST_STATUSES,
  STATUSES,
  TRANSITIONS,
  salesStatusesOf,
  stepsOf,
} from '../src';

describe('arg statuses (SPEC 4)', () => {
  // The SPEC list, written out once more so a changed id or name fails here.
  const spec =
    'CREATED 1, RISK 2, RISK_FAILED 3, PENDING_CUSTOMER_APPROVAL 4, PENDING_IDENTIFICATION 5, BAD_DEBT 6, RISK_REJECTED 7, VALIDATE_DOCS 8, EXCEPTION 9, REJECTED_DOCS 10, EXPIRED 11, RISK_EXCEPTION 12, RISK_EXCEPTION_REJECTED 13, REJECTED 14, ACCEPTED 15, VALIDATION_IN_PROGRESS 16, TRANSFER_IN_PROGRESS 17, TRANSFER_REJECTED 18, TRANSFER_FAILED 19, TRANSFERED 20, CANCELLED 21, CLOSED 22, DISBURSED 23, ACCEPTED_DOCS 24, MANUAL_VALIDATION 25, PHONE_VALIDATION 26, CARD_PENDING 27, CARD_CONFIRMATION 28, SIGNATURE_PENDING 29, VERIFIED 30, VALIDATED 31, AUDIT_PENDING 32, AUDIT_APPROVAL 33, AUDIT_REJECTED 34, AUDIT_RETRY 35, REQUEST_INFORMATION 36, PREFILTER_REJECTED 37, PREFILTER_FAILED 38, PAID 39, PENDING 40, UNPAID 41, PARTIAL 42, ACTIVE 43, OVERDUE 44, ANNULED 45, BONUS 46, NET 47, PREFILTER 48, ON_GESTION 49, TDD 100';
  const expected = spec.split(', ').map((pair) => {
    const [name, id] = pair.split(' ');
    return { id: Number(id), name };
  });

  it('has every id and name, and nothing else', () => {
    expect(STATUSES.arg.map(({ id, name }) => ({ id, name }))).toEqual(expected);
    expect(Object.keys(ARG_STATUS_IDS)).toHaveLength(50);
  });

  it('gives every status a colour and an icon', () => {
    for (const status of [...STATUSES.arg, ...STATUSES.col]) {
      expect(status.color).toMatch(/^(default|primary|secondary|info|success|warning|error)$/);
      expect(status.icon).not.toBe('');
    }
  });

  it('colours outcomes by meaning', () => {
    const byName = (name: string) => STATUSES.arg.find((s) => s.name === name)!;
    expect(byName('REJECTED').color).toBe('error');
    expect(byName('DISBURSED').color).toBe('success');
    expect(byName('AUDIT_RETRY').color).toBe('warning');
  });
});

describe('col statuses (SPEC 4)', () => {
  it('numbers the 45 names 1 to 45 in SPEC order', () => {
    expect(COL_STATUS_NAMES).toHaveLength(45);
    expect(STATUSES.col[0]).toMatchObject({ id: 1, name: 'CREATED' });
    expect(STATUSES.col.find((s) => s.name === 'ACCEPTED')?.id).toBe(15);
    expect(STATUSES.col.find((s) => s.name === 'AUDIT_PENDING')?.id).toBe(37);
    expect(STATUSES.col[44]).toMatchObject({ id: 45, name: 'ON_GESTION' });
    expect(new Set(STATUSES.col.map((s) => s.id)).size).toBe(45);
  });
});

describe('return-request statuses', () => {
  it('runs 1001 to 1013 in SPEC order', () => {
    expect(RETURN_REQUEST_STATUSES[0]).toEqual({ id: 1001, name: 'pending' });
    expect(RETURN_REQUEST_STATUSES[5]).toEqual({ id: 1006, name: 'generating order' });
    expect(RETURN_REQUEST_STATUSES.at(-1)).toEqual({ id: 1013, name: 'cancelled' });
    expect(RETURN_REQUEST_STATUSES).toHaveLength(13);
  });
});

describe('status labels', () => {
  const UPPER_SNAKE = /^[A-Z0-9]+(_[A-Z0-9]+)*$/;

  it('names every status of each country’s workflow in Spanish, never by its code', () => {
    for (const country of ['arg', 'col'] as const) {
      const inWorkflow = new Set(TRANSITIONS[country].flatMap((transition) => [transition.from, transition.to]));
      const statuses = STATUSES[country].filter((status) => inWorkflow.has(status.id));
      expect(statuses.length).toBe(inWorkflow.size);
      for (const status of statuses) {
        expect(status.label, status.name).not.toBe(status.name);
        expect(status.label, status.name).not.toMatch(UPPER_SNAKE);
        expect(statusLabelOf(country, status.id).endsWith(status.label), status.name).toBe(true);
      }
    }
  });

  it('gives no two statuses of a country the same label', () => {
    for (const country of ['arg', 'col'] as const) {
      const labels = STATUSES[country].map((status) => status.label);
      expect(new Set(labels).size).toBe(labels.length);
    }
  });
});

describe('step labels (SPEC 4)', () => {
  it('filters each step on a status of its own country, one step a status and a label', () => {
    for (const country of ['arg', 'col'] as const) {
      const steps = stepsOf(country);
      for (const step of steps) expect(statusIdOf(country, step.status), `${country} ${step.status}`).toBe(step.id);
      expect(new Set(steps.map((step) => step.id)).size).toBe(steps.length);
      expect(new Set(steps.map((step) => step.label)).size).toBe(steps.length);
    }
    expect(stepsOf('arg').find((step) => step.label === 'AUDITORIA')?.id).toBe(ARG_STATUS_IDS.AUDIT_PENDING);
    expect(stepsOf('col').find((step) => step.label === 'AUDITORIA')?.id).toBe(statusIdOf('col', 'AUDIT_PENDING'));
  });

  it('shares the audit steps between the countries, and only col filters on its expired applications', () => {
    const audit = (country: 'arg' | 'col') =>
      stepsOf(country).filter((step) => !step.label.startsWith('Paso ') && step.label !== 'EXPIRADO');
    expect(audit('arg').map(({ status, label }) => [status, label])).toEqual(audit('col').map(({ status, label }) => [status, label]));
    expect(stepsOf('col').find((step) => step.label === 'EXPIRADO')?.status).toBe('EXPIRED');
    expect(stepsOf('arg').some((step) => step.status === 'EXPIRED')).toBe(false);
  });
});

describe('list options (SPEC 3, 4, 9)', () => {
  it('has the sales statuses, EN GESTION in arg only', () => {
    expect(salesStatusesOf('arg').map((s) => s.name)).toEqual(['CREADO', 'VERIFICADO', 'VALIDADO', 'APROBADO', 'RECHAZADO', 'EN GESTION']);
    expect(salesStatusesOf('col').map((s) => s.name)).toEqual(['CREADO', 'VERIFICADO', 'VALIDADO', 'APROBADO', 'RECHAZADO']);
  });

  it('has the arg amount ranges of SPEC 9', () => {
    const ranges = AMOUNT_RANGES.arg;
    expect(ranges.filter((r) => r.min !== undefined && r.max !== undefined).map((r) => [r.min, r.max])).toEqual([
      [0, 5000],
      [5000, 10000],
      [10000, 15000],
      [15000, 20000],
      [20000, 25000],
      [25000, 30000],
    ]);
    expect(ranges.filter((r) => r.max === undefined).map((r) => r.min)).toEqual([30000, 50000]);
    expect(ranges.filter((r) => r.min === undefined).map((r) => r.max)).toEqual([15000, 20000, 30000, 50000]);
    expect(new Set(ranges.map((r) => r.id)).size).toBe(ranges.length);
    // Written as the lists write amounts (a no-break space after the sign).
    expect(ranges.map((r) => r.label)).toContain('$\u00a025.000 - $\u00a030.000');
    expect(ranges.find((r) => r.id === 'gt-50000')?.label).toBe('Más de $\u00a050.000');
    expect(ranges.find((r) => r.id === 'lt-15000')?.label).toBe('Menos de $\u00a015.000');
  });

  it('has the management statuses of SPEC 9', () => {
    expect(MANAGEMENT_STATUSES).toEqual([
      'No responde',
      'Contestador',
      'Atiende tercero',
      'Pendiente de documentación',
      'Envío link para continuar solicitud',
    ]);
  });

  it('has processed flags and installment statuses', () => {
    expect(PROCESSED_FLAGS.map((f) => f.id)).toEqual([0, 1, 2]);
    expect(INSTALLMENT_STATUSES.col.map((s) => s.id)).toEqual(['pending', 'partial', 'overdue', 'paid', 'debt', 'cancelled']);
    expect(INSTALLMENT_STATUSES.arg.map((s) => s.id)).toEqual([40, 42, 39, 44, 41]);
  });
});

describe('status labels', () => {
  it.each(['arg', 'col'] as const)('give every %s status a Spanish name, never its code', (country) => {
    for (const status of STATUSES[country]) {
      expect(status.label, status.name).not.toMatch(/^[A-Z0-9_]+$/);
      expect(status.label, status.name).not.toBe(status.name);
    }
  });

  it('read a step with its label, and keep the code in the entry', () => {
    const id = statusIdOf('arg', 'PENDING_CUSTOMER_APPROVAL')!;
    expect(statusLabelOf('arg', id)).toBe('Paso 3 · Esperando aprobación del cliente');
    expect(statusLabelOf('col', statusIdOf('col', 'KILLER_REJECTED')!)).toBe('Rechazada en filtro inicial');
    expect(STATUSES.arg.find((s) => s.id === id)?.name).toBe('PENDING_CUSTOMER_APPROVAL');
  });
});
