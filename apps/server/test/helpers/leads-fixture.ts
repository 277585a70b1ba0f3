import { MANAGEMENT_STATUSES, buildCuil, type Country, type LeadSource } from '@backoffice/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { App } from '../../src/app';
import { customers, leadStatusHistory, leads, users } from '../../src/db/schema';

/** One lead of the known set, as the tests compute expectations from it (independently of the server). */
export interface KnownLead {
  id: number;
  country: Country;
  createdAt: Date;
  updatedAt: Date;
  statusId: number;
  /** Minor units. */
  requestedAmount: number;
  term: number;
  managementStatus: string | null;
  source: LeadSource;
  sellerId: number | null;
  docNumber: string;
  cuil: string | null;
  firstName: string;
  lastName: string;
  cellphone: string;
  email: string;
  version: number;
}

const FIRST = ['María', 'José', 'Lucía', 'Martín', 'Sofía', 'Iván', 'Ramón', 'Inés'];
const LAST = ['Núñez', 'Pérez', 'Gómez', 'Álvarez', 'Muñoz', 'Acosta', 'Sosa'];
const STATUS_CYCLE = { arg: [1, 4, 5, 26, 14, 32, 8, 15], col: [1, 10, 11, 15, 26] } as const;
/** Whole currency units, spread over every range (arg ranges: 0-5000 … 25000-30000, > 30000, > 50000). */
const AMOUNT_CYCLE = {
  arg: [1000, 4999, 5000, 7500, 12000, 15000, 19999, 22000, 27500, 30000, 41000, 65000],
  col: [100000, 600000, 1200000, 3500000, 6000000],
};
const SOURCE_CYCLE = ['web', 'seller', 'webservice', 'renovation'] as const;
const HOUR = 3_600_000;
/** A fixed past moment, so date filters do not depend on when the tests run. */
export const FIXTURE_BASE = new Date('2026-03-01T12:00:00Z');

/**
 * Inserts a known set of customers and leads for a country (the app was seeded with users only) and
 * returns it in insertion order. Some rows are crafted for specific checks: leads 9 and 10 share a created_at
 * (keyset tie-break on id, split by a 10-row page), one customer's name needs CSV quoting, one would be a spreadsheet formula.
 */
export async function insertKnownLeads(app: App, country: Country, n: number, sellerIds: number[]): Promise<KnownLead[]> {
  const known: KnownLead[] = [];
  for (let i = 0; i < n; i++) {
    const docNumber = country === 'arg' ? String(20_000_000 + i * 7_919) : String(1_000_000_000 + i * 104_729);
    let firstName = FIRST[i % FIRST.length];
    let lastName = LAST[(i * 3) % LAST.length];
    if (i === 3) lastName = 'Pérez "el Tano"; Gómez';
    if (i === 5) firstName = '=HYPERLINK("http://x")';
    if (i === 6) lastName = '+Núñez';
    if (i === 7) firstName = '@Inés';
    const createdAt = new Date(FIXTURE_BASE.getTime() + (i === 10 ? 9 : i) * 5 * HOUR + 123);
    const [customer] = await app.db
      .insert(customers)
      .values({
        country,
        docType: country === 'arg' ? 'DNI' : 'CC',
        docNumber,
        cuil: country === 'arg' ? buildCuil(docNumber, i % 2 ? 'female' : 'male') : null,
        firstName,
        lastName,
        birthDate: '1985-05-05',
        cellphone:
          country === 'arg' ? `11${String(40_000_000 + i * 1_234_567).slice(0, 8)}` : `3${String(100_000_000 + i * 7_654_321).slice(0, 9)}`,
        email: `cliente${i}@correo${i % 3}.example`,
        createdAt,
        updatedAt: createdAt,
      })
      .returning();
    const statusCycle = STATUS_CYCLE[country];
    const amounts = AMOUNT_CYCLE[country];
    const managementStatus = i % 4 === 0 ? null : MANAGEMENT_STATUSES[i % MANAGEMENT_STATUSES.length];
    const sellerId = i % 3 === 0 || sellerIds.length === 0 ? null : sellerIds[Math.floor(i / 3) % sellerIds.length];
    const updatedAt = new Date(createdAt.getTime() + ((i * 7) % 13) * HOUR);
    const source = SOURCE_CYCLE[i % SOURCE_CYCLE.length];
    const [lead] = await app.db
      .insert(leads)
      .values({
        country,
        customerId: customer.id,
        requestedAmount: amounts[i % amounts.length] * 100 + (i % 5 === 0 ? 0 : 50),
        term: 3 + (i % 4) * 3,
        statusId: statusCycle[i % statusCycle.length],
        source,
        sellerId,
        managementStatus,
        createdAt,
        updatedAt,
      })
      .returning();
    await app.db.insert(leadStatusHistory).values({
      country,
      leadId: lead.id,
      fromStatus: lead.statusId === 1 ? null : 1,
      toStatus: lead.statusId,
      userId: null,
      reason: 'Dato de prueba',
      createdAt,
    });
    known.push({
      id: lead.id,
      country,
      createdAt,
      updatedAt,
      statusId: lead.statusId,
      requestedAmount: lead.requestedAmount,
      term: lead.term,
      managementStatus,
      source,
      sellerId,
      docNumber,
      cuil: customer.cuil,
      firstName,
      lastName,
      cellphone: customer.cellphone!,
      email: customer.email!,
      version: 1,
    });
  }
  return known;
}

/** Ids of active users of some stored roles, by id. */
export async function userIds(app: App, country: Country, roles: string[]): Promise<number[]> {
  const rows = await app.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.country, country), eq(users.active, true), inArray(users.role, roles)));
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

export async function userIdByEmail(app: App, country: Country, email: string): Promise<number> {
  const [row] = await app.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.country, country), eq(users.email, email)));
  return row.id;
}

/** Accent-insensitive, lower case: what a person means by "matches". */
const foldText = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/**
 * Whether a known lead's customer matches free text, computed independently of the server: every word must
 * match; a word of 3+ letters is the beginning of a word of the names or the email, a number (separators
 * allowed) or any other word appears anywhere in document, CUIL, names, cellphone or email.
 */
export function textMatches(
  lead: Pick<KnownLead, 'docNumber' | 'cuil' | 'firstName' | 'lastName' | 'cellphone' | 'email'>,
  q: string,
): boolean {
  const haystack = foldText([lead.docNumber, lead.cuil ?? '', lead.firstName, lead.lastName, lead.cellphone, lead.email].join(' '));
  // Digits split words too: "ana1987vidal@…" holds the words ana, vidal.
  const nameWords = foldText([lead.firstName, lead.lastName, lead.email].join(' ')).split(/[^\p{L}]+/u);
  return foldText(q)
    .split(/\s+/)
    .filter((word) => word !== '')
    .map((word) => (/^[\d.\-/()+]+$/.test(word) ? word.replace(/\D/g, '') : word))
    .every((word) => (/^\p{L}{3,}$/u.test(word) ? nameWords.some((token) => token.startsWith(word)) : haystack.includes(word)));
}
