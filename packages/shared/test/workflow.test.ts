import { describe, expect, it } from 'vitest';
import {
  ARG_STATUS_IDS,
  BANK_ACCOUNT_LOCKED_STATUSES,
  COL_STATUS_IDS,
  COUNTRIES,
  ROLES,
  STATUSES,
  TERMINAL_STATUSES,
  TRANSITIONS,
  allowedTransitions,
  automatedStageAt,
  findTransition,
  guardBlock,
  isTerminalStatus,
  mayRunAutomation,
  roleMayTake,
  roleOfKind,
  salesStatusesOf,
  saleStatusLabelOf,
  statusIdOf,
  statusLabelOf,
  stepsOf,
  transitionsFrom,
  isClosedStatus,
  workableSalesStatusesOf,
  type Country,
  type RoleKind,
} from '../src';

const CREATED = 1;
const COUNTRY_STATUS_IDS = { arg: ARG_STATUS_IDS, col: COL_STATUS_IDS } as const;

/** Every status reachable from CREATED through the table. */
function reachable(country: Country): Set<number> {
  const seen = new Set([CREATED]);
  const queue = [CREATED];
  while (queue.length > 0) {
    const from = queue.shift()!;
    for (const t of transitionsFrom(country, from)) {
      if (!seen.has(t.to)) {
        seen.add(t.to);
        queue.push(t.to);
      }
    }
  }
  return seen;
}

const roleId = (country: Country, kind: RoleKind) => roleOfKind(country, kind)!.id;
const stepId = (country: Country, label: string) => stepsOf(country).find((s) => s.label === label)!.id;

describe.each(COUNTRIES)('%s transition table', (country) => {
  const table = TRANSITIONS[country];
  const statusIds = new Set(STATUSES[country].map((s) => s.id));
  const kinds = new Set(ROLES[country].map((r) => r.kind));

  it('references only catalogue statuses and role kinds of the country', () => {
    expect(table.length).toBeGreaterThan(40);
    for (const t of table) {
      expect(statusIds.has(t.from), `from ${t.from}`).toBe(true);
      expect(statusIds.has(t.to), `to ${t.to}`).toBe(true);
      expect(t.from).not.toBe(t.to);
      expect(t.roles.length, `${t.from}→${t.to}`).toBeGreaterThan(0);
      for (const kind of t.roles) expect(kinds.has(kind), `${kind} in ${country}`).toBe(true);
    }
    for (const id of TERMINAL_STATUSES[country]) expect(statusIds.has(id)).toBe(true);
  });

  it('has each (from, to) pair once', () => {
    const pairs = table.map((t) => `${t.from}>${t.to}`);
    expect(new Set(pairs).size).toBe(pairs.length);
  });

  it('reaches every status of the table from CREATED, and only terminal statuses are dead ends', () => {
    const inTable = new Set(table.flatMap((t) => [t.from, t.to]));
    const seen = reachable(country);
    for (const id of inTable) expect(seen.has(id), statusLabelOf(country, id)).toBe(true);
    for (const id of inTable) {
      const terminal = TERMINAL_STATUSES[country].includes(id);
      expect(transitionsFrom(country, id).length > 0, statusLabelOf(country, id)).toBe(!terminal);
    }
    for (const id of TERMINAL_STATUSES[country]) expect(inTable.has(id)).toBe(true);
  });

  it('moves applications through every sales status of SPEC 4 (the /sales filter), none of them a dead end', () => {
    const seen = reachable(country);
    const seller = roleId(country, 'seller');
    for (const { id, name } of salesStatusesOf(country)) {
      expect(seen.has(id), name).toBe(true);
      if (TERMINAL_STATUSES[country].includes(id)) continue;
      // A seller can take the application on from there, not only a manager's expiry.
      expect(allowedTransitions(country, id, seller).length, name).toBeGreaterThan(0);
    }
  });

  it('offers in the unassigned pool only the sales statuses a seller can still move on from (never RECHAZADO)', () => {
    const seller = roleId(country, 'seller');
    const workable = workableSalesStatusesOf(country);
    const ids = workable.map((s) => s.id);
    expect(
      salesStatusesOf(country)
        .filter((s) => !ids.includes(s.id))
        .map((s) => s.name),
    ).toEqual(['RECHAZADO']);
    for (const { id, name } of workable) expect(allowedTransitions(country, id, seller).length, name).toBeGreaterThan(0);
  });

  it('covers every step label of SPEC 4', () => {
    const seen = reachable(country);
    for (const step of stepsOf(country)) expect(seen.has(step.id), step.label).toBe(true);
  });

  it('requires a reason wherever an application is rejected, cancelled, expired, returned or excepted', () => {
    const names = new Map(STATUSES[country].map((s) => [s.id, s.name]));
    for (const t of table) {
      const target = names.get(t.to)!;
      if (/REJECTED|CANCELLED|EXPIRED|DESIST|REQUEST_INFORMATION|EXCEPTION$|FAILED|MANUAL/.test(target) && target !== 'TRANSFER_MANUAL') {
        expect(t.reasonRequired, `${names.get(t.from)} → ${target}`).toBe(true);
      }
    }
  });

  it('leaves audit decisions to auditors, supervisors and admins', () => {
    const ids = country === 'arg' ? ARG_STATUS_IDS : COL_STATUS_IDS;
    const audit = new Set([ids.AUDIT_PENDING, ids.AUDIT_RETRY]);
    const decisions = table.filter((t) => audit.has(t.from));
    expect(decisions.length).toBeGreaterThanOrEqual(7);
    for (const t of decisions) {
      expect([...t.roles].sort()).toEqual(['admin', 'auditor', 'supervisor']);
      // Only an approval needs no comment.
      expect(t.reasonRequired).toBe(t.to !== ids.AUDIT_APPROVAL);
      // Taken through the audit case only (its claim and checklist), and no other transition is.
      expect(t.auditDecision).toBe(true);
    }
    expect(table.filter((t) => t.auditDecision)).toEqual(decisions);
    // No detail screen or board offers them, to anyone: sellers cannot approve their own sale, and managers
    // do not skip the auditor.
    for (const from of audit) {
      for (const kind of ['seller', 'auditor', 'supervisor', 'admin'] as const)
        expect(allowedTransitions(country, from, roleId(country, kind))).toEqual([]);
      expect(decisions.filter((t) => t.from === from && roleMayTake(country, t, roleId(country, 'auditor'))).length).toBeGreaterThan(2);
    }
  });

  it('gives every automated transition a stage at its status, and no manual transition leaves such a status', () => {
    for (const t of table.filter((x) => x.automated)) expect(automatedStageAt(country, t.from), String(t.from)).not.toBeNull();
    for (const t of table.filter((x) => !x.automated)) expect(automatedStageAt(country, t.from), String(t.from)).toBeNull();
  });

  it('lets collectors take no transition at all', () => {
    const collector = roleId(country, 'collector');
    for (const t of table) expect(t.roles).not.toContain('collector');
    expect(allowedTransitions(country, CREATED, collector)).toEqual([]);
  });
});

describe('arg pipeline', () => {
  const S = ARG_STATUS_IDS;
  const seller = roleId('arg', 'seller');

  it('starts at CREATED with the prefilter and runs it, then risk', () => {
    expect(
      allowedTransitions('arg', S.CREATED, seller)
        .map((t) => t.to)
        .sort(),
    ).toEqual([S.CANCELLED, S.PREFILTER].sort());
    expect(
      transitionsFrom('arg', S.PREFILTER)
        .map((t) => t.to)
        .sort(),
    ).toEqual([S.RISK, S.PREFILTER_REJECTED, S.PREFILTER_FAILED].sort());
    expect(transitionsFrom('arg', S.RISK).every((t) => t.automated)).toBe(true);
    expect(findTransition('arg', S.RISK, S.PHONE_VALIDATION)).toMatchObject({ automated: true, grantsOffer: true });
    expect(mayRunAutomation('arg', S.RISK, roleId('arg', 'operator'))).toBe(true);
    expect(mayRunAutomation('arg', S.RISK, seller)).toBe(false);
  });

  it('lets a seller move Paso 2 … Paso 12 and send it to audit', () => {
    const chain: [string, number][] = [
      ['Paso 2', S.PENDING_CUSTOMER_APPROVAL],
      ['Paso 3', S.PENDING_IDENTIFICATION],
      ['Paso 4', S.VALIDATION_IN_PROGRESS],
      ['Paso 7', S.CARD_PENDING],
      ['Paso 8', S.CARD_CONFIRMATION],
      ['Paso 9', S.SIGNATURE_PENDING],
      ['Paso 10', S.ACCEPTED],
      ['Paso 12', S.AUDIT_PENDING],
    ];
    for (const kind of ['seller', 'seller_wo_assignation', 'seller_renovator'] as const) {
      for (const [label, to] of chain) {
        const from = stepId('arg', label);
        expect(
          allowedTransitions('arg', from, roleId('arg', kind)).map((t) => t.to),
          `${kind} ${label}`,
        ).toContain(to);
      }
    }
    // Paso 4 → Paso 7 is the identity service's decision.
    expect(transitionsFrom('arg', S.VALIDATION_IN_PROGRESS).map((t) => t.to)).toContain(S.VALIDATE_DOCS);
    expect(allowedTransitions('arg', S.VALIDATION_IN_PROGRESS, seller)).toEqual([]);
    // DEVUELTO goes back to the seller, who sends it to re-audit.
    expect(allowedTransitions('arg', S.REQUEST_INFORMATION, seller).map((t) => t.to)).toContain(S.AUDIT_RETRY);
  });

  it('ends in DISBURSED through audit approval and the transfer', () => {
    expect(findTransition('arg', S.AUDIT_PENDING, S.AUDIT_APPROVAL)?.reasonRequired).toBe(false);
    expect(findTransition('arg', S.AUDIT_PENDING, S.AUDIT_REJECTED)?.reasonRequired).toBe(true);
    expect(findTransition('arg', S.AUDIT_PENDING, S.REQUEST_INFORMATION)?.reasonRequired).toBe(true);
    expect(findTransition('arg', S.AUDIT_APPROVAL, S.TRANSFER_IN_PROGRESS)?.roles).toEqual(['operator', 'supervisor', 'admin']);
    expect(
      transitionsFrom('arg', S.TRANSFER_IN_PROGRESS)
        .map((t) => t.to)
        .sort(),
    ).toEqual([S.TRANSFERED, S.TRANSFER_REJECTED, S.TRANSFER_FAILED].sort());
    expect(findTransition('arg', S.TRANSFERED, S.DISBURSED)).toBeDefined();
    expect(TERMINAL_STATUSES.arg).toContain(S.DISBURSED);
    // No skipping: a seller cannot jump from Paso 2 to audit.
    expect(findTransition('arg', S.PHONE_VALIDATION, S.AUDIT_PENDING)).toBeUndefined();
  });

  it('guards the customer approval with an offer, the audit with a seller and every way into a transfer with an account', () => {
    expect(findTransition('arg', S.PENDING_CUSTOMER_APPROVAL, S.PENDING_IDENTIFICATION)?.guards).toEqual(['hasOffer']);
    // Audit checks the account the loan will be paid into: going there (and back) needs one.
    for (const country of ['arg', 'col'] as const) {
      const ids = COUNTRY_STATUS_IDS[country];
      expect(findTransition(country, ids.ACCEPTED, ids.AUDIT_PENDING)?.guards).toEqual(['hasSeller', 'hasBankAccount']);
      expect(findTransition(country, ids.REQUEST_INFORMATION, ids.AUDIT_RETRY)?.guards).toEqual(['hasBankAccount']);
    }
    for (const country of ['arg', 'col'] as const) {
      const transfers = [
        COUNTRY_STATUS_IDS[country].TRANSFER_IN_PROGRESS,
        ...(country === 'col' ? [COL_STATUS_IDS.TRANSFER_RETRY, COL_STATUS_IDS.TRANSFER_MANUAL] : []),
      ];
      const into = TRANSITIONS[country].filter((t) => transfers.includes(t.to) && !transfers.includes(t.from));
      expect(into.length).toBeGreaterThan(0);
      for (const t of into) expect(t.guards, `${country} ${t.from} → ${t.to}`).toEqual(['hasBankAccount']);
    }
    const subject = { offered_amount: 100, seller_id: 1, has_bank_account: true };
    expect(guardBlock(['hasOffer'], { ...subject, offered_amount: null })).toMatch(/oferta/);
    expect(guardBlock(['hasOffer'], { ...subject, seller_id: null })).toBeNull();
    expect(guardBlock(['hasSeller'], { ...subject, seller_id: null })).toMatch(/vendedor/);
    expect(guardBlock(['hasBankAccount'], { ...subject, has_bank_account: false })).toMatch(/cuenta bancaria/);
    expect(guardBlock(['hasBankAccount'], subject)).toBeNull();
    // Several: the first one not met says why.
    expect(guardBlock(['hasSeller', 'hasBankAccount'], { ...subject, has_bank_account: false })).toMatch(/cuenta bancaria/);
    expect(guardBlock(['hasSeller', 'hasBankAccount'], { ...subject, seller_id: null, has_bank_account: false })).toMatch(/vendedor/);
    expect(guardBlock([], { offered_amount: null, seller_id: null, has_bank_account: false })).toBeNull();
  });

  it('leaves the transfer stage to the back office, and locks the account from audit until the money has gone', () => {
    for (const country of ['arg', 'col'] as const) {
      const transferRuns = TRANSITIONS[country].filter((t) => t.automated && automatedStageAt(country, t.from) === 'transfer');
      expect(transferRuns.length).toBeGreaterThan(0);
      for (const t of transferRuns) expect([...t.roles].sort()).toEqual(['admin', 'operator', 'supervisor']);
      const locked = BANK_ACCOUNT_LOCKED_STATUSES[country];
      // Every status is a real one, and the account is locked from audit on, but not once back with the seller.
      for (const id of locked) expect(STATUSES[country].some((status) => status.id === id)).toBe(true);
      expect(locked).toContain(COUNTRY_STATUS_IDS[country].AUDIT_PENDING);
      expect(locked).toContain(COUNTRY_STATUS_IDS[country].TRANSFER_IN_PROGRESS);
      expect(locked).not.toContain(COUNTRY_STATUS_IDS[country].REQUEST_INFORMATION);
      for (const id of locked) expect(isTerminalStatus(country, id)).toBe(false);
    }
  });
});

describe('col pipeline', () => {
  const S = COL_STATUS_IDS;
  const seller = roleId('col', 'seller');

  it('runs killer, risk (manual risk included) and the offer', () => {
    expect(allowedTransitions('col', S.CREATED, seller).map((t) => t.to)).toContain(S.KILLER);
    expect(
      transitionsFrom('col', S.KILLER)
        .map((t) => t.to)
        .sort(),
    ).toEqual([S.KILLER_APPROVAL, S.KILLER_REJECTED, S.KILLER_FAILED].sort());
    expect(transitionsFrom('col', S.RISK).map((t) => t.to)).toEqual(
      expect.arrayContaining([S.PENDING_OFFER, S.RISK_MANUAL, S.RISK_REJECTED, S.RISK_FAILED]),
    );
    expect(
      allowedTransitions('col', S.RISK_MANUAL, roleId('col', 'risk'))
        .map((t) => t.to)
        .sort(),
    ).toEqual([S.PENDING_OFFER, S.RISK_REJECTED].sort());
    expect(allowedTransitions('col', S.RISK_MANUAL, seller)).toEqual([]);
    expect(allowedTransitions('col', S.PENDING_OFFER, seller).map((t) => t.to)).toEqual(
      expect.arrayContaining([S.APPROVED_OFFER, S.REJECTED_OFFER, S.DESIST]),
    );
    expect(findTransition('col', S.REJECTED_OFFER, S.REVISION)?.reasonRequired).toBe(true);
  });

  it('lets a seller move Paso 6 … Paso 10 and send it to audit; Paso 8 is the identity service’s', () => {
    const chain: [number, number][] = [
      [S.PENDING_CUSTOMER_APPROVAL, S.VALIDATION_PENDING],
      [S.VALIDATION_PENDING, S.VALIDATION_IN_PROGRESS],
      [S.VALIDATED, S.SIGNATURE_PENDING],
      [S.SIGNATURE_PENDING, S.ACCEPTED],
      [S.ACCEPTED, S.AUDIT_PENDING],
    ];
    for (const [from, to] of chain) expect(allowedTransitions('col', from, seller).map((t) => t.to)).toContain(to);
    expect(automatedStageAt('col', S.VALIDATION_IN_PROGRESS)).toBe('identity');
    expect(transitionsFrom('col', S.VALIDATION_IN_PROGRESS).map((t) => t.to)).toEqual(
      expect.arrayContaining([S.VALIDATED, S.VALIDATION_MANUAL, S.VALIDATION_REJECTED]),
    );
  });

  it('retries, does by hand or rejects a transfer, and reaches EXPIRADO', () => {
    expect(automatedStageAt('col', S.TRANSFER_RETRY)).toBe('transfer');
    expect(allowedTransitions('col', S.TRANSFER_FAILED, roleId('col', 'operator')).map((t) => t.to)).toEqual(
      expect.arrayContaining([S.TRANSFER_RETRY, S.TRANSFER_MANUAL]),
    );
    expect(findTransition('col', S.TRANSFER_MANUAL, S.TRANSFERRED)).toBeDefined();
    expect(TERMINAL_STATUSES.col).toEqual(expect.arrayContaining([S.TRANSFERRED, S.DESIST, S.EXPIRED]));
    expect(reachable('col').has(S.EXPIRED)).toBe(true);
  });
});

describe('status names on the sale screens', () => {
  it('name a sales status by its SPEC 4 name, with its step, and any other as the workflow does', () => {
    expect(saleStatusLabelOf('arg', statusIdOf('arg', 'CREATED')!)).toBe('CREADO');
    expect(saleStatusLabelOf('arg', statusIdOf('arg', 'ON_GESTION')!)).toBe('EN GESTION');
    expect(saleStatusLabelOf('col', statusIdOf('col', 'ACCEPTED')!)).toBe('Paso 10 · APROBADO');
    expect(saleStatusLabelOf('col', statusIdOf('col', 'REJECTED')!)).toBe('RECHAZO · RECHAZADO');
    const audit = statusIdOf('arg', 'AUDIT_PENDING')!;
    expect(saleStatusLabelOf('arg', audit)).toBe(statusLabelOf('arg', audit));
  });
});

describe('closed applications', () => {
  it('are the terminal statuses and those the workflow never leaves (a loan after the pipeline)', () => {
    for (const country of ['arg', 'col'] as const) {
      for (const id of TERMINAL_STATUSES[country]) expect(isClosedStatus(country, id)).toBe(true);
      for (const status of STATUSES[country]) {
        expect(isClosedStatus(country, status.id), `${country} ${status.name}`).toBe(transitionsFrom(country, status.id).length === 0);
      }
      for (const name of ['CLOSED', 'BAD_DEBT'])
        expect(isClosedStatus(country, statusIdOf(country, name)!), `${country} ${name}`).toBe(true);
    }
    expect(isClosedStatus('col', statusIdOf('col', 'AUDIT_PENDING')!)).toBe(false);
  });
});
