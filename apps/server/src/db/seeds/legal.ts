import { COUNTRIES, COUNTRY_TIME_ZONE, addDays, regretReturnAmount, regretStatusId, todayIn, type Country } from '@backoffice/shared';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { loadConfig, type LegalConfig } from '../../config';
import { roleOfStored } from '../../lib/roles';
import { newVerificationCode, renderDebtFreeCertificate, sha256Hex } from '../../services/debt-free-certificate';
import { verifyUrlOf, SETTLED_LOAN_STATUSES } from '../../services/debt-frees';
import { regretDeadline } from '../../services/regret-deadline';
import type { Db, Tx } from '../client';
import {
  customers,
  debtFreeCertificates,
  debtFreeRequests,
  installments,
  loanEvents,
  loans,
  payments,
  regretHistory,
  regrets,
  users,
} from '../schema';

/*
 * Demo debt-free requests and regrets, built on the loans that exist when it runs (the loans seed's, which runs
 * first): none without loans. Requests in each processed state (the accepted ones with their PDF) and regrets
 * at several steps, some near or past their legal deadline.
 */

const DAY_MS = 86_400_000;

/** Each demo regret's status, and the statuses it walked through to get there. */
const ARG_PATHS: Record<string, string[]> = {
  pending: ['pending'],
  approved: ['pending', 'approved'],
  'order generated': ['pending', 'approved', 'generating order', 'order generated'],
  'transfer failed': ['pending', 'approved', 'generating order', 'order generated', 'transfer in progress', 'transfer failed'],
  'pending balance': ['pending', 'approved', 'generating order', 'order generated', 'transfer in progress', 'pending balance'],
  transferred: ['pending', 'approved', 'generating order', 'order generated', 'transfer in progress', 'transferred'],
  certified: ['pending', 'approved', 'generating order', 'order generated', 'transfer in progress', 'transferred', 'certified'],
  rejected: ['pending', 'rejected'],
};
const COL_PATHS: Record<string, string[]> = {
  pending: ['pending'],
  approved: ['pending', 'approved'],
  'transfer failed': ['pending', 'approved', 'transfer in progress', 'transfer failed'],
  transferred: ['pending', 'approved', 'transfer in progress', 'transferred'],
  certified: ['pending', 'approved', 'transfer in progress', 'transferred', 'certified'],
  rejected: ['pending', 'rejected'],
};
/** Loans within their period get these (the first ones, still open, are the most recent loans: nearest their deadline). */
const RECENT_STEPS: Record<Country, string[]> = {
  arg: ['pending', 'pending', 'approved', 'order generated', 'transfer failed', 'pending balance', 'transferred', 'certified'],
  col: ['pending', 'pending', 'approved', 'transfer failed', 'transferred', 'certified'],
};

export interface LegalSeedOptions {
  countries?: readonly Country[];
  now?: Date;
  log?: (message: string) => void;
  legal?: LegalConfig;
}

function legalConfig(): LegalConfig {
  try {
    return loadConfig(process.env).legal;
  } catch {
    return loadConfig({}).legal;
  }
}

export async function seedLegal(db: Db | Tx, options: LegalSeedOptions = {}): Promise<{ debtFrees: number; regrets: number }> {
  const config = options.legal ?? legalConfig();
  const now = options.now ?? new Date();
  const result = { debtFrees: 0, regrets: 0 };
  for (const country of options.countries ?? COUNTRIES) {
    const countryLoans = await db.select().from(loans).where(eq(loans.country, country)).orderBy(asc(loans.id));
    if (countryLoans.length === 0) continue;
    const staff = await db.select({ id: users.id, role: users.role }).from(users).where(eq(users.country, country));
    const byKind = (kind: string) => staff.find((u) => roleOfStored(country, u.role)?.kind === kind)?.id ?? null;
    const atc = byKind('atc');
    const supervisor = byKind('supervisor') ?? byKind('admin');
    result.debtFrees += await seedDebtFrees(db, country, countryLoans, { atc, supervisor }, config, now);
    result.regrets += await seedRegrets(db, country, countryLoans, { atc, supervisor }, config, now);
    options.log?.(`seeded ${country}: legal demo data`);
  }
  return result;
}

type LoanRow = typeof loans.$inferSelect;

async function seedDebtFrees(
  db: Db | Tx,
  country: Country,
  all: LoanRow[],
  people: { atc: number | null; supervisor: number | null },
  config: LegalConfig,
  now: Date,
) {
  const byCustomer = new Map<number, LoanRow[]>();
  for (const loan of all) byCustomer.set(loan.customerId, [...(byCustomer.get(loan.customerId) ?? []), loan]);
  const settled: LoanRow[][] = [];
  const owing: LoanRow[][] = [];
  for (const list of byCustomer.values()) {
    (list.every((l) => (SETTLED_LOAN_STATUSES as readonly string[]).includes(l.status) && l.outstanding === 0) ? settled : owing).push(
      list,
    );
  }
  // Pending that can be accepted (first: a small demo set has few customers who owe nothing), accepted (with
  // the PDF), pending that would be refused (a balance), rejected.
  const plan = [
    ...settled.slice(0, 2).map((list) => ({ list, processed: 0 })),
    ...settled.slice(2, 5).map((list) => ({ list, processed: 1 })),
    ...owing.slice(0, 2).map((list) => ({ list, processed: 0 })),
    ...owing.slice(2, 4).map((list) => ({ list, processed: 2 })),
  ];
  let made = 0;
  for (const [i, { list, processed }] of plan.entries()) {
    const requestedAt = new Date(now.getTime() - ((plan.length - i) * DAY_MS) / 2);
    const decidedAt = processed === 0 ? null : new Date(requestedAt.getTime() + 3 * 3_600_000);
    const [request] = await db
      .insert(debtFreeRequests)
      .values({
        country,
        customerId: list[0]!.customerId,
        leadId: list[0]!.leadId,
        source: i % 4 === 3 ? 'webservice' : 'backoffice',
        processed,
        requestedBy: people.atc,
        decidedBy: decidedAt ? people.supervisor : null,
        decidedAt,
        reason: processed === 2 ? 'El cliente tiene un préstamo con saldo pendiente' : null,
        createdAt: requestedAt,
        updatedAt: decidedAt ?? requestedAt,
      })
      .returning({ id: debtFreeRequests.id });
    made++;
    if (processed !== 1) continue;
    const [customer] = await db.select().from(customers).where(eq(customers.id, list[0]!.customerId));
    const covered = list.map((l) => ({ id: l.id, status: l.status, closed_on: dayIn(country, l.paidAt ?? l.updatedAt) }));
    const code = newVerificationCode();
    const holderName = `${customer!.firstName} ${customer!.lastName}`;
    const pdf = await renderDebtFreeCertificate({
      country,
      company: config.companyName,
      holderName,
      docType: customer!.docType,
      document: customer!.docNumber,
      loans: covered,
      issuedAt: decidedAt!,
      code,
      verifyUrl: verifyUrlOf(config, code),
    });
    await db.insert(debtFreeCertificates).values({
      requestId: request!.id,
      country,
      code,
      holderName,
      document: customer!.docNumber,
      loans: covered,
      pdf: Buffer.from(pdf),
      sha256: sha256Hex(pdf),
      issuedAt: decidedAt!,
    });
  }
  return made;
}

async function seedRegrets(
  db: Db | Tx,
  country: Country,
  all: LoanRow[],
  people: { atc: number | null; supervisor: number | null },
  config: LegalConfig,
  now: Date,
) {
  const today = todayIn(country, now);
  const open = all.filter((l) => l.status === 'ACTIVE' || l.status === 'OVERDUE');
  const withDeadline = open.map((loan) => ({ loan, ...regretDeadline(country, loan.disbursedOn, config.regret[country]) }));
  // Within the period: the most recent loans first; a few loans are left without a regret to file one on.
  const within = withDeadline.filter((l) => l.deadline >= today).sort((a, b) => (a.loan.disbursedOn < b.loan.disbursedOn ? 1 : -1));
  const past = withDeadline.filter((l) => l.deadline < today).sort((a, b) => (a.loan.disbursedOn < b.loan.disbursedOn ? 1 : -1));
  const keepFree = Math.min(3, Math.ceil(within.length / 3));
  const steps = RECENT_STEPS[country];
  const plan = [
    ...within.slice(keepFree, keepFree + steps.length).map((l, i) => ({ ...l, step: steps[i]! })),
    // Filed in time but still waiting past their deadline (flagged on the list), and one rejected.
    ...past.slice(0, 2).map((l) => ({ ...l, step: 'pending' })),
    ...past.slice(2, 3).map((l) => ({ ...l, step: 'rejected' })),
  ];
  const paths = country === 'arg' ? ARG_PATHS : COL_PATHS;
  let made = 0;
  for (const { loan, deadline, rule, step } of plan) {
    const [paid] = await db
      .select({ total: sql<string>`coalesce(sum(${payments.amount}), 0)` })
      .from(payments)
      .where(and(eq(payments.loanId, loan.id), sql`${payments.reversedAt} is null`));
    const amount = regretReturnAmount(loan.principal, Number(paid?.total ?? 0));
    const path = paths[step]!;
    // Filed a day after disbursement (never in the future), each later step an hour apart.
    const filedAt = new Date(Math.min(Date.parse(`${addDays(loan.disbursedOn, 1)}T13:00:00Z`), now.getTime() - path.length * 3_600_000));
    const at = (i: number) => new Date(filedAt.getTime() + i * 3_600_000);
    const returned = step === 'transferred' || step === 'certified' ? amount : step === 'pending balance' ? Math.floor(amount / 2) : 0;
    const code = `REV-${(country === 'arg' ? 'A' : 'C') + String(loan.id).padStart(7, '0')}`;
    const [regret] = await db
      .insert(regrets)
      .values({
        country,
        loanId: loan.id,
        customerId: loan.customerId,
        status: regretStatusId(country, step),
        revocationCode: code,
        disbursedOn: loan.disbursedOn,
        deadline,
        rule,
        amount,
        returned,
        attempts: path.includes('transfer in progress') || path.includes('generating order') ? (step === 'transfer failed' ? 4 : 2) : 0,
        orderReference: path.includes('order generated') ? `ORD-${country.toUpperCase()}-${String(loan.id).padStart(6, '0')}` : null,
        requestedBy: people.atc,
        createdAt: filedAt,
        updatedAt: at(path.length - 1),
        version: path.length,
      })
      .returning({ id: regrets.id });
    await db.insert(regretHistory).values(
      path.map((name, i) => {
        const automatic = ['order generated', 'transfer failed', 'pending balance', 'transferred'].includes(name);
        return {
          regretId: regret!.id,
          fromStatus: i === 0 ? null : regretStatusId(country, path[i - 1]!),
          toStatus: regretStatusId(country, name),
          userId: automatic ? null : name === 'certified' ? people.supervisor : people.atc,
          reason:
            name === 'rejected'
              ? 'El cliente desistió del arrepentimiento'
              : name === 'transfer failed'
                ? 'Simulador: la transferencia no se acreditó'
                : null,
          createdAt: at(i),
        };
      }),
    );
    await db.insert(loanEvents).values({
      country,
      loanId: loan.id,
      type: 'communication',
      userId: people.atc,
      body: `Arrepentimiento registrado. Código de revocación: ${code}`,
      data: { kind: 'regret_revocation_code', regret_id: regret!.id, code, delivery: 'pending' },
      createdAt: filedAt,
    });
    if (step === 'certified') {
      await db
        .update(loans)
        .set({
          status: 'ANNULED',
          inCollections: false,
          outstanding: 0,
          overdueAmount: 0,
          daysPastDue: 0,
          bucket: null,
          updatedAt: at(path.length - 1),
        })
        .where(eq(loans.id, loan.id));
      await db
        .update(installments)
        .set({ status: 'cancelled' })
        .where(and(eq(installments.loanId, loan.id), inArray(installments.status, ['pending', 'partial', 'overdue'])));
      await db.insert(loanEvents).values({
        country,
        loanId: loan.id,
        type: 'status',
        userId: people.supervisor,
        body: 'Préstamo anulado por arrepentimiento certificado',
        data: { to: 'ANNULED', regret_id: regret!.id },
        createdAt: at(path.length - 1),
      });
    }
    made++;
  }
  return made;
}

function dayIn(country: Country, at: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: COUNTRY_TIME_ZONE[country] }).format(at);
}
