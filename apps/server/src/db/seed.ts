import { Faker, base, es, es_MX } from '@faker-js/faker';
import {
  BANK_ACCOUNT_LOCKED_STATUSES,
  AMOUNT_RANGES,
  COUNTRIES,
  DISBURSED_STATUS,
  LEAD_LIMITS,
  MANAGEMENT_STATUSES,
  ROLES,
  STATUSES,
  STEP_LABELS,
  TRANSITIONS,
  buildCbu,
  addDays,
  buildCuil,
  COL_ACCOUNT_TYPES,
  COL_BANKS,
  isColWallet,
  countryWallTimeToDate,
  AUDIT_DECISIONS,
  demoEmail,
  formatDateTime,
  isTerminalStatus,
  isClosedStatus,
  auditQueueStatusIds,
  statusIdOf,
  todayIn,
  transitionsFrom,
  decisionStatusId,
  type ColAccountType,
  type Country,
  type Role,
  type RoleKind,
  type Transition,
} from '@backoffice/shared';
import { count, param, sql } from 'drizzle-orm';
import { hashPassword } from '../lib/passwords';
import { seedLoans } from './seeds/loans';
import { seedManagements } from './seeds/managements';
import { seedBans } from './seeds/bans';
import { seedCommunications } from './seeds/communications';
import { seedVoluntaryPays } from './seeds/voluntary-pays';
import { seedLeadDocuments } from './seeds/lead-documents';
import type { Db } from './client';
import { seedMassive } from './seeds/massive';
import { seedMyWork } from './seeds/my-work';
import { customers, leadEvents, leadStatusHistory, leads, scheduledCalls, users, type NewUser } from './schema';
import { seedLegal } from './seeds/legal';
import { cycled, itemAt, oneRow } from './rows';

export const DEMO_PASSWORD = 'demo1234';

export interface SeedOptions {
  /** Customers and leads per country (0 = users only). */
  leadsPerCountry: number;
  /** Some applications in progress get a pending call back, a few due already (default true). */
  callBacks?: boolean;
  countries?: readonly Country[];
  /** Dates are spread over the 180 days before this moment. */
  now?: Date;
  log?: (message: string) => void;
}

export interface SeedResult {
  skipped: boolean;
  users: number;
  customers: number;
  leads: number;
}

/** Fixed so every fresh database gets the same people, documents and amounts. */
const FAKER_SEED = { arg: 20_240_101, col: 20_240_202 } as const satisfies Record<Country, number>;
const BATCH = 500;
const DAY_MS = 86_400_000;

/**
 * Demo data, only into an empty database: if any user or customer exists nothing is written, so a restart
 * (or a second node) never duplicates or mixes demo rows into real data. Everything goes in one
 * transaction, so a crash half-way leaves the database empty and the next start seeds again.
 */
export async function seed(db: Db, options: SeedOptions): Promise<SeedResult> {
  const countries = options.countries ?? COUNTRIES;
  const now = options.now ?? new Date();
  const log = options.log ?? (() => {});
  const withCallBacks = options.callBacks ?? true;

  const { value: existingUsers } = oneRow(await db.select({ value: count() }).from(users));
  const { value: existingCustomers } = oneRow(await db.select({ value: count() }).from(customers));
  if (existingUsers > 0 || existingCustomers > 0) return { skipped: true, users: 0, customers: 0, leads: 0 };

  // One hash for all demo accounts: they share a published password, and argon2 is deliberately slow.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const result: SeedResult = { skipped: false, users: 0, customers: 0, leads: 0 };

  await db.transaction(async (tx) => {
    for (const country of countries) {
      const faker = fakerFor(country);
      const staff = await tx
        .insert(users)
        .values(staffOf(country, faker, passwordHash))
        .returning({ id: users.id, role: users.role, active: users.active, neotelId: users.neotelId });
      result.users += staff.length;

      const data = generateCountryData(country, options.leadsPerCountry, now, faker);
      const assignable = staff.filter(
        // neotel_id 0: the demo seller without telephony gets no seeded leads (the others' stay as they were).
        (u) => u.active && u.neotelId > 0 && ['seller', 'seller_renovator'].includes(kindOf(country, u.role)),
      );
      const renovators = assignable.filter((u) => kindOf(country, u.role) === 'seller_renovator');
      const auditors = staff.filter((u) => u.active && kindOf(country, u.role) === 'auditor');
      const sellers = assignable.filter((u) => kindOf(country, u.role) === 'seller');
      const paths = workflowPaths(country);
      const people: HistoryPeople = {
        auditors: auditors.map((u) => u.id),
        kinds: new Map(
          staff.map((u) => [u.id, kindOf(country, u.role)] as const).filter((entry): entry is [number, RoleKind] => entry[1] !== 'unknown'),
        ),
        byKind: (kind) => staff.filter((u) => u.active && kindOf(country, u.role) === kind).map((u) => u.id)[0],
      };

      for (let start = 0; start < data.length; start += BATCH) {
        const chunk = data.slice(start, start + BATCH);
        const inserted = await tx
          .insert(customers)
          .values(chunk.map((d) => d.customer))
          .returning({ id: customers.id, docNumber: customers.docNumber });
        const customerIds = new Map(inserted.map((c) => [c.docNumber, c.id]));

        const leadRows = chunk.map((d) => {
          let sellerId: number | null = null;
          // A lead past the workflow's hasSeller guard (sent to audit) has a seller, whatever the draw said.
          const needsSeller = paths.get(d.lead.statusId!)?.some((step) => step.guards.includes('hasSeller')) ?? false;
          if ((d.assigned || needsSeller) && sellers.length > 0) {
            const pool = d.lead.source === 'renovation' && renovators.length > 0 ? renovators : sellers;
            sellerId = cycled(pool, d.sellerPick).id;
          }
          // A call back belongs to a seller, on an application still in progress.
          const callBack = withCallBacks && sellerId !== null && !isClosedStatus(country, d.lead.statusId) ? d.lead.nextCallAt : null;
          return {
            ...d.lead,
            customerId: customerIds.get(d.customer.docNumber)!,
            sellerId,
            nextCallAt: callBack,
            statusChangedAt: d.statusChangedAt,
          };
        });
        const insertedLeads = await tx
          .insert(leads)
          .values(leadRows)
          .returning({ id: leads.id, customerId: leads.customerId, sellerId: leads.sellerId });
        const byCustomer = new Map(insertedLeads.map((l) => [l.customerId, l]));

        // Each lead's history walks the workflow from its creation to its status (workflowPaths), as the
        // workflow service would have written it: automated stages by the system, the others by a person of
        // a role that may take them. One statement per step, so the audit trigger sees each lead's rows in
        // order (entering AUDIT_PENDING opens a round, the next row closes it).
        const histories = leadRows.map((row, i) => {
          const lead = byCustomer.get(row.customerId)!;
          return historyOf(
            country,
            paths,
            {
              ...lead,
              statusId: row.statusId,
              source: row.source!,
              createdAt: row.createdAt!,
              statusChangedAt: itemAt(chunk, i).statusChangedAt,
            },
            people,
          );
        });
        for (let step = 0; histories.some((history) => history.length > step); step++) {
          await tx.insert(leadStatusHistory).values(histories.flatMap((history) => history.slice(step, step + 1)));
        }
        // next_call_at mirrors the lead's pending call back, which the reminders read: some are due
        // already, so a seller signing in to the demo gets one.
        const callBacks = leadRows.flatMap((row, i) => {
          const lead = byCustomer.get(row.customerId)!;
          return row.nextCallAt && lead.sellerId !== null
            ? [{ leadId: lead.id, sellerId: lead.sellerId, at: row.nextCallAt, scheduledAt: itemAt(chunk, i).statusChangedAt }]
            : [];
        });
        if (callBacks.length > 0) {
          await tx.insert(scheduledCalls).values(
            callBacks.map((c) => ({
              country,
              leadId: c.leadId,
              sellerId: c.sellerId,
              scheduleTime: c.at,
              createdBy: c.sellerId,
              createdAt: c.scheduledAt,
              updatedAt: c.scheduledAt,
            })),
          );
          await tx.insert(leadEvents).values(
            callBacks.map((c) => ({
              country,
              leadId: c.leadId,
              type: 'call_back',
              userId: c.sellerId,
              body: `Llamar el ${formatDateTime(country, c.at)}`,
              toValue: c.at.toISOString(),
              createdAt: c.scheduledAt,
            })),
          );
        }
        result.customers += inserted.length;
        result.leads += insertedLeads.length;
      }
      // The rounds an audit decision closed get that decision, by the auditor who took it, with the comment
      // its history row gives as the reason.
      await tx.execute(sql`
        update audits a
           set decision = d.decision, auditor_id = h.user_id, comment = h.reason, check_identity = true, check_phone = true,
               check_documents = d.decision = 'approve', check_signature = d.decision = 'approve', check_bank_account = d.decision = 'approve'
          from lead_status_history h,
               unnest(${param(AUDIT_DECISIONS.map((decision) => decisionStatusId(country, decision)))}::int[], ${param([...AUDIT_DECISIONS])}::text[]) as d(status_id, decision)
         where a.country = ${country} and h.lead_id = a.lead_id and h.from_status = a.status_id and h.created_at = a.decided_at
           and h.to_status = d.status_id`);
      const book = await seedLoans(tx, country, now);
      await seedManagements(tx, country, now, faker);
      await seedVoluntaryPays(tx, country, now);
      await seedMyWork(tx, country, now);
      await seedLeadDocuments(tx, country);
      log(`seeded ${country}: ${staff.length} users, ${data.length} customers and leads, ${book.loans} loans`);
      await seedBans(tx, country, now);
      await seedCommunications(tx, country, now);
      await seedMassive(tx, country, now);
    }
    await seedLegal(tx, { countries, now, log });
  });
  // Large inserts leave the planner without statistics until autovacuum runs; give it some now.
  if (result.leads > 0) await db.execute(sql`analyze customers, leads, lead_status_history`);
  return result;
}

/** CREATED is id 1 in both catalogues. */
const CREATED = 1;
const DEMO_REASON = 'Carga inicial de datos de demostración';

/**
 * Per status, the transitions of the workflow's shortest way there from CREATED (breadth first over the
 * country's table): none for CREATED; absent for the statuses no transition reaches (the loan side's).
 */
function workflowPaths(country: Country): Map<number, Transition[]> {
  const paths = new Map<number, Transition[]>([[CREATED, []]]);
  const queue = [CREATED];
  for (let status = queue.shift(); status !== undefined; status = queue.shift()) {
    for (const transition of transitionsFrom(country, status)) {
      if (paths.has(transition.to)) continue;
      paths.set(transition.to, [...paths.get(status)!, transition]);
      queue.push(transition.to);
    }
  }
  return paths;
}

/** Who the seeded history names. */
interface HistoryPeople {
  auditors: number[];
  kinds: Map<number, RoleKind>;
  /** The first active staff member of a role kind. */
  byKind: (kind: RoleKind) => number | undefined;
}

interface SeededLead {
  id: number;
  sellerId: number | null;
  statusId: number;
  source: string;
  createdAt: Date;
  statusChangedAt: Date;
}

/**
 * A lead's status history as the application writes it: its creation (by its seller when a seller brought
 * it, by the webservice otherwise), then each transition of the workflow's way to its status, spread evenly
 * up to when it entered that status. Automated stages are the system's (no user); an audit decision is an
 * auditor's; another step is the lead's seller's when their role may take it, else the first person of a
 * role that may (a seller only ever works their own leads). A status the workflow never reaches follows
 * CREATED directly.
 */
function historyOf(
  country: Country,
  paths: Map<number, Transition[]>,
  lead: SeededLead,
  people: HistoryPeople,
): (typeof leadStatusHistory.$inferInsert)[] {
  const queue = auditQueueStatusIds(country);
  const sellerKind = lead.sellerId === null ? undefined : people.kinds.get(lead.sellerId);
  const actor = (transition: Pick<Transition, 'from' | 'roles' | 'automated'>): number | null => {
    if (transition.automated) return null;
    if (queue.includes(transition.from) && transition.roles.includes('auditor'))
      return people.auditors[lead.id % people.auditors.length] ?? null;
    if (sellerKind && transition.roles.includes(sellerKind)) return lead.sellerId;
    const others = transition.roles.filter((kind) => !SELLER_KINDS.includes(kind));
    for (const kind of others.length > 0 ? others : transition.roles) {
      const id = people.byKind(kind);
      if (id !== undefined) return id;
    }
    return null;
  };
  const creator =
    ['seller', 'renovation'].includes(lead.source) && lead.sellerId !== null ? lead.sellerId : (people.byKind('webservice') ?? null);
  const steps = paths.get(lead.statusId) ?? [
    { from: CREATED, to: lead.statusId, roles: ['admin'], automated: false, reasonRequired: true },
  ];
  // An audit decision's row carries the auditor's comment, as the decision route writes it.
  const reasonOf = (step: Pick<Transition, 'from' | 'to' | 'reasonRequired'>) => {
    const decision = queue.includes(step.from) ? AUDIT_DECISIONS.find((d) => decisionStatusId(country, d) === step.to) : undefined;
    if (decision && decision !== 'approve') return DECISION_COMMENTS[decision];
    return step.reasonRequired ? DEMO_REASON : null;
  };
  const created = lead.createdAt.getTime();
  const span = lead.statusChangedAt.getTime() - created;
  const row = (fromStatus: number | null, toStatus: number, userId: number | null, reason: string | null, createdAt: Date) => ({
    country,
    leadId: lead.id,
    fromStatus,
    toStatus,
    userId,
    reason,
    createdAt,
  });
  return [
    row(null, CREATED, creator, null, lead.createdAt),
    ...steps.map((step, i) =>
      row(
        step.from,
        step.to,
        actor(step),
        reasonOf(step),
        i === steps.length - 1 ? lead.statusChangedAt : new Date(created + Math.floor((span * (i + 1)) / steps.length)),
      ),
    ),
  ];
}

const DECISION_COMMENTS: Record<'reject' | 'retry' | 'request_information', string> = {
  reject: 'La firma no coincide con el documento.',
  retry: 'Revisar la firma contra el documento original.',
  request_information: 'Falta el comprobante de la cuenta bancaria.',
};

function kindOf(country: Country, roleText: string): RoleKind | 'unknown' {
  return ROLES[country].find((r) => String(r.id) === roleText)?.kind ?? 'unknown';
}

export function fakerFor(country: Country): Faker {
  const faker = new Faker({ locale: country === 'arg' ? [es, base] : [es_MX, es, base] });
  faker.seed(FAKER_SEED[country]);
  return faker;
}

const SELLER_KINDS: readonly RoleKind[] = ['seller', 'seller_wo_assignation', 'seller_renovator'];
/** Telephony user of the demo admin accounts; sellers count up from here (1001…, 2001…). */
const ADMIN_NEOTEL: Record<Country, number> = { arg: 1000, col: 2000 };
/** Collectors count up from here (1501…, 2501…). */
const COLLECTOR_NEOTEL: Record<Country, number> = { arg: 1500, col: 2500 };

/** One account per SPEC 6 role, plus a few more sellers and collectors so the lists have people. */
function staffOf(country: Country, faker: Faker, passwordHash: string): NewUser[] {
  let neotel = country === 'arg' ? 1000 : 2000;
  // Collectors call their loans' customers from the collection detail: numbers of their own range.
  let collectorNeotel = COLLECTOR_NEOTEL[country];
  const person = (role: Role, email?: string, active = true): NewUser => {
    const firstName = faker.person.firstName();
    const lastName = faker.person.lastName();
    return {
      country,
      email: email ?? staffEmail(country, firstName, lastName),
      name: `${firstName} ${lastName}`,
      passwordHash,
      role: String(role.id),
      // The demo admin gets the base number (no seller's number moves): /test places test calls with it.
      neotelId: SELLER_KINDS.includes(role.kind)
        ? ++neotel
        : role.kind === 'collector'
          ? ++collectorNeotel
          : role.kind === 'admin' && email
            ? ADMIN_NEOTEL[country]
            : 0,
      active,
    };
  };
  const roleOf = (kind: RoleKind) => ROLES[country].find((r) => r.kind === kind);
  const renovator = roleOf('seller_renovator');
  return [
    ...ROLES[country].map((role) => person(role, demoEmail(country, role))),
    ...Array.from({ length: 4 }, () => person(roleOf('seller')!)),
    // col has no renovator role.
    ...(renovator ? [person(renovator)] : []),
    ...Array.from({ length: 3 }, () => person(roleOf('collector')!)),
    person(roleOf('auditor')!),
    // A former employee: kept for history, refused at sign-in and left out of the filter lists.
    person(roleOf('seller')!, `ex.vendedor@${country}.example`, false),
    // A seller without a telephony user (neotel_id 0: starting a call must say so, SPEC 5). A fixed name, so
    // the faker sequence (and with it every generated lead) stays as it was; no seeded leads (see seed()).
    {
      country,
      email: `vendedor.sin.neotel@${country}.example`,
      name: 'Vendedor Sin Neotel',
      passwordHash,
      role: String(roleOf('seller')!.id),
      neotelId: 0,
      active: true,
    },
  ];
}

function staffEmail(country: Country, firstName: string, lastName: string): string {
  const plain = (s: string) =>
    s
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z]+/g, '');
  return `${plain(firstName)}.${plain(lastName.split(' ', 1).join(''))}@${country}.example`;
}

interface GeneratedLead {
  customer: typeof customers.$inferInsert & { docNumber: string };
  lead: Omit<typeof leads.$inferInsert, 'customerId' | 'sellerId'>;
  /** Whether a seller works this lead, and which one (index into the country's sellers). */
  assigned: boolean;
  sellerPick: number;
  statusChangedAt: Date;
}

const CITIES: Record<Country, string[]> = {
  arg: ['CABA', 'La Plata', 'Córdoba', 'Rosario', 'Mendoza', 'San Miguel de Tucumán', 'Mar del Plata', 'Salta', 'Neuquén', 'Corrientes'],
  col: ['Bogotá', 'Medellín', 'Cali', 'Barranquilla', 'Cartagena', 'Bucaramanga', 'Pereira', 'Manizales', 'Santa Marta', 'Cúcuta'],
};
const EMAIL_PROVIDERS: Record<Country, string[]> = {
  arg: ['gmail.com', 'hotmail.com', 'yahoo.com.ar', 'outlook.com'],
  col: ['gmail.com', 'hotmail.com', 'yahoo.com', 'outlook.com'],
};
const TERMS: Record<Country, number[]> = { arg: [3, 6, 9, 12, 18, 24], col: [6, 12, 18, 24, 36] };
/** Amounts are rounded to these steps (whole currency units). */
const AMOUNT_STEP: Record<Country, number> = { arg: 500, col: 50_000 };
const NOTES = [
  'Prefiere que lo llamen por la tarde.',
  'Pidió información sobre las cuotas.',
  'Envía la documentación por WhatsApp.',
  'Consultar nuevamente la semana próxima.',
  'Tiene dudas sobre la tasa ofrecida.',
  'Cliente recurrente, buena predisposición.',
];

/**
 * The sales pipeline (step statuses and the stages around them) dominates a real lead list; terminal and
 * loan-side statuses appear, but less.
 */
function statusWeights(country: Country): { weight: number; value: number }[] {
  const pipeline = new Set([
    ...Object.keys(STEP_LABELS[country]),
    'CREATED',
    'PREFILTER',
    'RISK',
    'KILLER',
    'ON_GESTION',
    'VALIDATION_IN_PROGRESS',
    'PENDING_OFFER',
  ]);
  const outcomes = /REJECTED|EXPIRED|CANCELLED|DISBURSED|TRANSFERE?RED|DESIST/;
  // A status the country's workflow never reaches but the other's does is the other's pipeline (col's catalogue
  // lists arg's prefilter and EN GESTION): an application there could never move, so none is seeded there.
  const other = country === 'arg' ? 'col' : 'arg';
  const reachedIn = (c: Country) => new Set(TRANSITIONS[c].map((t) => t.to));
  const [own, others] = [reachedIn(country), reachedIn(other)];
  const foreign = (status: { id: number; name: string }) => !own.has(status.id) && others.has(statusIdOf(other, status.name) ?? -1);
  return (
    STATUSES[country]
      .filter((status) => !foreign(status))
      // Disbursed applications carry the loan book (collections, payments): about a tenth of the demo set.
      .map((status) => ({
        value: status.id,
        weight: status.id === DISBURSED_STATUS[country] ? 40 : pipeline.has(status.name) ? 12 : outcomes.test(status.name) ? 4 : 1,
      }))
  );
}

/** From this many applications per seeded status, each status appears at least once. */
const EVERY_STATUS_FROM = 4;

/** A status no transition reaches (the loan side's) has an offer unless it is one of these early ones. */
const BEFORE_OFFER = /^(CREATED|PREFILTER|RISK|KILLER)/;

function amountBuckets(country: Country): { weight: number; value: [number, number] }[] {
  const bounded = AMOUNT_RANGES[country].filter((r) => r.min !== undefined && r.max !== undefined);
  const top = Math.max(...AMOUNT_RANGES[country].filter((r) => r.max === undefined).map((r) => r.min!));
  // The lowest range starts at 0: seeded amounts start where a new application's may (LEAD_LIMITS).
  const buckets = bounded.map((r, i) => ({
    weight: [6, 10, 10, 8, 6, 4][i] ?? 3,
    value: [Math.max(r.min!, LEAD_LIMITS[country].minAmount), r.max!] as [number, number],
  }));
  // Some above the "greater than" options, so those filters find rows too.
  const last = bounded.at(-1)?.max;
  if (last === undefined) throw new RangeError(`No bounded amount range in ${country}`);
  buckets.push({ weight: 4, value: [last, top] }, { weight: 2, value: [top, Math.round(top * 1.6)] });
  return buckets;
}

/** arg bank codes of the CBU's first three digits (Nación, Galicia, Santander, BBVA, Macro, Provincia, Credicoop, HSBC). */
const CBU_BANKS = ['011', '007', '072', '017', '285', '014', '191', '150'];

/**
 * A valid account: arg a CBU (bank, branch, account, check digits); col a bank, an account number and its
 * type (from the number's last digit), or, when the bank drawn is a wallet, the customer's cellphone. The
 * same draws either way: the rest of the demo data stays as it was before types and wallets.
 */
function bankAccountOf(
  country: Country,
  faker: Faker,
  cellphone: string,
): { bank: string | null; bankAccount: string; bankAccountType: ColAccountType | null } {
  const digitsOf = (length: number) => faker.string.numeric({ length, allowLeadingZeros: true });
  if (country === 'arg')
    return { bank: null, bankAccount: buildCbu(faker.helpers.arrayElement(CBU_BANKS) + digitsOf(4), digitsOf(13)), bankAccountType: null };
  const bank = faker.helpers.arrayElement(COL_BANKS);
  const number = digitsOf(faker.number.int({ min: 10, max: 11 }));
  if (isColWallet(bank)) return { bank, bankAccount: cellphone, bankAccountType: null };
  return { bank, bankAccount: number, bankAccountType: cycled(COL_ACCOUNT_TYPES, Number(number.at(-1))) };
}

/** How far back the seeded applications still in progress were created. */
export const IN_PROGRESS_DAYS = 30;
/** How far back the recent disbursements go: inside the shortest regret period (col's 5 business days). */
const RECENT_DISBURSAL_DAYS = 4;

/** The country's office hours for calls back, as sellers book them (a quarter hour from 09:00 to 19:45). */
const CALL_BACK_HOURS = { from: 9, to: 19 } as const;

/**
 * A call back as a seller books one: a quarter hour of the country's office hours, within the next week or,
 * for one in ten, due already (the last day's): a seller signing in to the demo meets a reminder.
 */
function callBackTime(country: Country, now: Date, faker: Faker): Date {
  const due = faker.datatype.boolean(0.1);
  for (;;) {
    const day = addDays(todayIn(country, now), due ? -faker.number.int({ min: 0, max: 1 }) : faker.number.int({ min: 0, max: 7 }));
    const hour = faker.number.int({ min: CALL_BACK_HOURS.from, max: CALL_BACK_HOURS.to });
    const minute = faker.helpers.arrayElement([0, 15, 30, 45]);
    const at = countryWallTimeToDate(country, `${day}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`)!;
    // Yesterday's hours are always past and the next days' always ahead: the loop ends.
    if (due ? at <= now : at > now) return at;
  }
}

/** Pure and deterministic for a given faker state: tests compare two runs. */
export function generateCountryData(country: Country, n: number, now: Date, faker = fakerFor(country)): GeneratedLead[] {
  const usedDocs = new Set<string>();
  const statuses = statusWeights(country);
  // An application that went to audit was audited with the account it would be paid into.
  const locked = BANK_ACCOUNT_LOCKED_STATUSES[country];
  const paths = workflowPaths(country);
  const wentToAudit = (statusId: number) => locked.includes(statusId) || (paths.get(statusId) ?? []).some((t) => locked.includes(t.to));
  const buckets = amountBuckets(country);
  const step = AMOUNT_STEP[country];
  const refDate = now;
  const rows: GeneratedLead[] = [];

  for (let i = 0; i < n; i++) {
    const sex = faker.helpers.arrayElement(['male', 'female'] as const);
    const firstName = faker.person.firstName(sex);
    const lastName = faker.person.lastName();
    const birth = faker.date.birthdate({ mode: 'age', min: 18, max: 75, refDate });
    const docNumber = uniqueDocument(country, birth.getUTCFullYear(), faker, usedDocs);

    const [min, max] = faker.helpers.weightedArrayElement(buckets);
    const units = faker.number.int({ min: Math.max(1, Math.ceil(min / step)), max: Math.floor((max - 1) / step) }) * step;
    const requested = units * 100;
    const drawn = faker.helpers.weightedArrayElement(statuses);
    // A demo set large enough has every status once (the rare ones too: a col offer in REVISION), whatever
    // the draw; the rest follow the weights.
    const statusId = n >= EVERY_STATUS_FROM * statuses.length && i < statuses.length ? cycled(statuses, i).value : drawn;
    const statusName = STATUSES[country].find((s) => s.id === statusId)!.name;
    // As the workflow would have left it: offered when its way there passed a step that gives the offer
    // (arg's risk approval into Paso 2), so that later steps needing one (Paso 4) can be taken.
    const way = paths.get(statusId);
    const hasOffer = way ? way.some((t) => t.grantsOffer) : !BEFORE_OFFER.test(statusName);
    // Work still in progress is recent (a real pipeline expires or decides what waits for months); finished
    // applications spread over the half year the lists and the dashboard look back on.
    // A sixth of the disbursements are from the last days, so loans still within their regret period exist
    // whatever day the seed runs (the period is days, the spread half a year).
    const recentDisbursal = statusId === DISBURSED_STATUS[country] && i % 6 === 0;
    const days = recentDisbursal ? RECENT_DISBURSAL_DAYS : isTerminalStatus(country, statusId) ? 180 : IN_PROGRESS_DAYS;
    const createdAt = faker.date.recent({ days, refDate });
    const changedAt = faker.date.between({
      from: createdAt,
      to: Math.min(createdAt.getTime() + 20 * DAY_MS, now.getTime()),
    });
    // A new lead is in CREATED since it was created; a status further on took its steps' time (historyOf
    // spreads them up to this moment, each step at least 50 ms after the one before).
    const statusChangedAt = statusId === CREATED ? createdAt : new Date(Math.max(changedAt.getTime(), createdAt.getTime() + 1000));
    const source = faker.helpers.weightedArrayElement([
      { weight: 55, value: 'web' },
      { weight: 20, value: 'seller' },
      { weight: 15, value: 'webservice' },
      { weight: 10, value: 'renovation' },
    ]);
    const assigned = source === 'seller' || source === 'renovation' || faker.datatype.boolean(0.35);

    const phone = cellphone(country, faker);
    rows.push({
      customer: {
        country,
        // Some col customers are foreign residents with a cédula de extranjería (up to 7 digits): those whose
        // 7-digit number ends in 7 (no further draw, so the rest of the data stays as it was).
        docType: country === 'arg' ? 'DNI' : /^\d{6}7$/.test(docNumber) ? 'CE' : 'CC',
        docNumber,
        cuil: country === 'arg' ? buildCuil(docNumber, sex) : null,
        firstName,
        lastName,
        birthDate: birth.toISOString().slice(0, 10),
        cellphone: phone,
        email: faker.internet.email({ firstName, lastName, provider: faker.helpers.arrayElement(EMAIL_PROVIDERS[country]) }).toLowerCase(),
        address: `${faker.location.street()} ${faker.number.int({ min: 1, max: 9999 })}, ${faker.helpers.arrayElement(CITIES[country])}`,
        // Most customers gave the account the loan would be paid into; all of those whose application went to audit.
        ...(faker.datatype.boolean(0.7) || wentToAudit(statusId) ? bankAccountOf(country, faker, phone) : {}),
        createdAt,
        updatedAt: createdAt,
      },
      lead: {
        country,
        requestedAmount: requested,
        term: faker.helpers.arrayElement(TERMS[country]),
        offeredAmount: hasOffer ? Math.max(step, Math.round((units * faker.number.float({ min: 0.6, max: 1 })) / step) * step) * 100 : null,
        rate: hasOffer
          ? country === 'arg'
            ? faker.number.float({ min: 60, max: 120, fractionDigits: 2 })
            : faker.number.float({ min: 18, max: 28, fractionDigits: 2 })
          : null,
        statusId,
        source,
        managementStatus: faker.datatype.boolean(0.35) ? faker.helpers.arrayElement(MANAGEMENT_STATUSES) : null,
        dataRate: country === 'col' && faker.datatype.boolean(0.7) ? faker.number.int({ min: 1, max: 7 }) : null,
        nextCallAt: assigned && faker.datatype.boolean(0.15) ? callBackTime(country, now, faker) : null,
        notes: faker.datatype.boolean(0.1) ? faker.helpers.arrayElement(NOTES) : null,
        createdAt,
        updatedAt: statusChangedAt,
      },
      assigned,
      sellerPick: faker.number.int({ min: 0, max: 1000 }),
      statusChangedAt,
    });
  }
  // Ids then grow with creation time, as they would in production.
  return rows.sort((a, b) => a.lead.createdAt!.getTime() - b.lead.createdAt!.getTime());
}

/**
 * arg DNIs were issued in sequence, so the number follows the birth year (about 12 million for 1960,
 * 42 million for 2000). col cédulas have 10 digits (starting with 10) since the 2000s, 7-8 before.
 */
function uniqueDocument(country: Country, birthYear: number, faker: Faker, used: Set<string>): string {
  for (;;) {
    let doc: string;
    if (country === 'arg') {
      const approx = 12_000_000 + (birthYear - 1960) * 750_000;
      doc = String(Math.min(49_999_999, Math.max(1_000_000, approx + faker.number.int({ min: -900_000, max: 900_000 }))));
    } else if (birthYear >= 1986) {
      doc = String(faker.number.int({ min: 1_000_000_000, max: 1_199_999_999 }));
    } else {
      doc = String(faker.number.int({ min: 1_000_000, max: 99_999_999 }));
    }
    if (!used.has(doc)) {
      used.add(doc);
      return doc;
    }
  }
}

/** National numbers, digits only: arg area code + local number (10 digits), col mobile 3xx + 7 digits. */
function cellphone(country: Country, faker: Faker): string {
  if (country === 'arg') {
    const area = faker.helpers.weightedArrayElement([
      { weight: 50, value: '11' },
      ...['351', '341', '261', '381', '223', '221', '299', '387', '379'].map((value) => ({ weight: 5, value })),
    ]);
    // Mobile local numbers start with 15 in print, but the stored national form drops it.
    return area + faker.string.numeric({ length: 10 - area.length, allowLeadingZeros: false });
  }
  const prefix = faker.helpers.arrayElement([
    '300',
    '301',
    '302',
    '304',
    '305',
    '310',
    '311',
    '312',
    '313',
    '314',
    '315',
    '316',
    '317',
    '318',
    '319',
    '320',
    '321',
    '322',
    '350',
    '351',
  ]);
  return prefix + faker.string.numeric({ length: 7, allowLeadingZeros: false });
}
