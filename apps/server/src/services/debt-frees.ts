import {
  COUNTRY_TIME_ZONE,
  LEGAL_MESSAGES,
  findRole,
  formatMoney,
  type Country,
  type DebtFreeVerification,
  type RoleKind,
} from '@backoffice/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { LegalConfig } from '../config';
import type { Db, Tx } from '../db/client';
import { customers, debtFreeCertificates, debtFreeRequests, leads, loans } from '../db/schema';
import { HttpError } from '../lib/errors';
import type { AuthUser } from '../plugins/app/auth';
import { earlierAnswer, keepAnswer, type IdempotencyKey } from '../repositories/idempotency-keys';
import { newVerificationCode, renderDebtFreeCertificate, sha256Hex, type CertificateLoan } from './debt-free-certificate';
import { oneRow } from '../db/rows';

/** Loan statuses of a customer who owes nothing on that loan. */
export const SETTLED_LOAN_STATUSES = ['PAID', 'ANNULED', 'CANCELLED'] as const;

export interface CreatedDebtFree {
  id: number;
  processed: number;
  customer_id: number;
}

/**
 * Debt-free requests: raised from a lead or by the webservice, decided once (a conditional update on
 * processed = 0), the accepted ones with their certificate's PDF stored in the decision's transaction.
 */
export class DebtFreesService {
  constructor(
    private readonly db: Db,
    private readonly config: LegalConfig,
  ) {}

  /** A collector acts only on the customers of their own loans. */
  async assertMayActOn(db: Db | Tx, country: Country, user: AuthUser, customerId: number): Promise<void> {
    if (kindOfUser(user) !== 'collector') return;
    const [own] = await db
      .select({ id: loans.id })
      .from(loans)
      .where(and(eq(loans.country, country), eq(loans.customerId, customerId), eq(loans.collectorId, user.id)))
      .limit(1);
    if (!own) throw new HttpError(403, LEGAL_MESSAGES.notCollectorsCustomer);
  }

  async create(
    country: Country,
    user: AuthUser,
    body: { lead_id?: number; doc_number?: string },
    once?: IdempotencyKey,
  ): Promise<{ outcome: 'created' | 'replayed'; answer: CreatedDebtFree } | { outcome: 'keyReused' }> {
    if (once) {
      const earlier = await earlierAnswer<CreatedDebtFree>(this.db, once);
      if (earlier) return earlier;
    }
    let customerId: number | undefined;
    let leadId: number | null = null;
    if (body.lead_id !== undefined) {
      const [lead] = await this.db
        .select({ id: leads.id, customerId: leads.customerId })
        .from(leads)
        .where(and(eq(leads.country, country), eq(leads.id, body.lead_id)));
      if (!lead) throw new HttpError(404, LEGAL_MESSAGES.customerNotFound);
      customerId = lead.customerId;
      leadId = lead.id;
    } else {
      const [customer] = await this.db
        .select({ id: customers.id })
        .from(customers)
        .where(and(eq(customers.country, country), eq(customers.docNumber, body.doc_number!)))
        .limit(1);
      if (!customer) throw new HttpError(404, LEGAL_MESSAGES.customerNotFound);
      customerId = customer.id;
    }
    await this.assertMayActOn(this.db, country, user, customerId);
    const source = kindOfUser(user) === 'webservice' ? 'webservice' : 'backoffice';
    return this.db
      .transaction(async (tx) => {
        const row = oneRow(
          await tx
            .insert(debtFreeRequests)
            .values({ country, customerId: customerId!, leadId, source, requestedBy: user.id })
            .returning({ id: debtFreeRequests.id, processed: debtFreeRequests.processed, customer_id: debtFreeRequests.customerId }),
        );
        if (once && !(await keepAnswer(tx, country, once, row))) {
          // A concurrent repeat with the key committed first: roll this one back and answer as it did.
          throw new ReplayInstead();
        }
        return { outcome: 'created' as const, answer: row };
      })
      .catch(async (error: unknown) => {
        if (!(error instanceof ReplayInstead) || !once) throw error;
        const earlier = await earlierAnswer<CreatedDebtFree>(this.db, once);
        if (!earlier) throw new HttpError(409, LEGAL_MESSAGES.alreadyDecided);
        return earlier;
      });
  }

  private async requestOf(db: Db | Tx, country: Country, id: number) {
    const [row] = await db
      .select()
      .from(debtFreeRequests)
      .where(and(eq(debtFreeRequests.country, country), eq(debtFreeRequests.id, id)));
    if (!row) throw new HttpError(404, LEGAL_MESSAGES.notFound);
    return row;
  }

  /** Accepts when every loan of the customer is settled (409 naming the first that is not), issuing the PDF. */
  async accept(country: Country, user: AuthUser, id: number, now = new Date()): Promise<void> {
    await this.db.transaction(async (tx) => {
      const request = await this.requestOf(tx, country, id);
      await this.assertMayActOn(tx, country, user, request.customerId);
      if (request.processed !== 0) throw new HttpError(409, LEGAL_MESSAGES.alreadyDecided);
      // Locked: a payment or a new loan committed meanwhile waits for the certificate, or the certificate for it.
      const customerLoans = await tx
        .select({ id: loans.id, status: loans.status, outstanding: loans.outstanding, paidAt: loans.paidAt, updatedAt: loans.updatedAt })
        .from(loans)
        .where(and(eq(loans.country, country), eq(loans.customerId, request.customerId)))
        .orderBy(asc(loans.id))
        .for('update');
      const owing = customerLoans.find((l) => !(SETTLED_LOAN_STATUSES as readonly string[]).includes(l.status) || l.outstanding > 0);
      if (owing) throw new HttpError(409, LEGAL_MESSAGES.owes(owing.id, formatMoney(country, owing.outstanding)));
      const decided = await tx
        .update(debtFreeRequests)
        .set({ processed: 1, decidedBy: user.id, decidedAt: now, updatedAt: now, version: sql`${debtFreeRequests.version} + 1` })
        .where(and(eq(debtFreeRequests.id, id), eq(debtFreeRequests.processed, 0)))
        .returning({ id: debtFreeRequests.id });
      if (decided.length === 0) throw new HttpError(409, LEGAL_MESSAGES.alreadyDecided);
      const [customer] = await tx.select().from(customers).where(eq(customers.id, request.customerId));
      const covered: CertificateLoan[] = customerLoans.map((l) => ({
        id: l.id,
        status: l.status,
        closed_on: dayIn(country, l.paidAt ?? l.updatedAt),
      }));
      const code = newVerificationCode();
      const holderName = `${customer!.firstName} ${customer!.lastName}`;
      const pdf = await renderDebtFreeCertificate({
        country,
        company: this.config.companyName,
        holderName,
        docType: customer!.docType,
        document: customer!.docNumber,
        loans: covered,
        issuedAt: now,
        code,
        verifyUrl: verifyUrlOf(this.config, code),
      });
      await tx.insert(debtFreeCertificates).values({
        requestId: id,
        country,
        code,
        holderName,
        document: customer!.docNumber,
        loans: covered,
        pdf: Buffer.from(pdf),
        sha256: sha256Hex(pdf),
        issuedAt: now,
      });
    });
  }

  async reject(country: Country, user: AuthUser, id: number, reason: string): Promise<void> {
    const request = await this.requestOf(this.db, country, id);
    await this.assertMayActOn(this.db, country, user, request.customerId);
    const decided = await this.db
      .update(debtFreeRequests)
      .set({
        processed: 2,
        reason,
        decidedBy: user.id,
        decidedAt: sql`now()`,
        updatedAt: sql`now()`,
        version: sql`${debtFreeRequests.version} + 1`,
      })
      .where(and(eq(debtFreeRequests.country, country), eq(debtFreeRequests.id, id), eq(debtFreeRequests.processed, 0)))
      .returning({ id: debtFreeRequests.id });
    if (decided.length === 0) throw new HttpError(409, LEGAL_MESSAGES.alreadyDecided);
  }

  /** The stored PDF, byte for byte as issued. */
  async certificate(country: Country, user: AuthUser, id: number): Promise<{ pdf: Buffer; sha256: string; code: string }> {
    const request = await this.requestOf(this.db, country, id);
    await this.assertMayActOn(this.db, country, user, request.customerId);
    const [row] = await this.db
      .select({ pdf: debtFreeCertificates.pdf, sha256: debtFreeCertificates.sha256, code: debtFreeCertificates.code })
      .from(debtFreeCertificates)
      .where(eq(debtFreeCertificates.requestId, id));
    if (!row) throw new HttpError(404, LEGAL_MESSAGES.noCertificate);
    return row;
  }

  /** What the public page may tell of a code: genuine, for whom (masked), when; nothing for an unknown one. */
  async verify(country: Country, code: string): Promise<DebtFreeVerification> {
    const [row] = await this.db
      .select({
        holderName: debtFreeCertificates.holderName,
        document: debtFreeCertificates.document,
        issuedAt: debtFreeCertificates.issuedAt,
      })
      .from(debtFreeCertificates)
      .where(and(eq(debtFreeCertificates.country, country), eq(debtFreeCertificates.code, code.toUpperCase())));
    if (!row) return { found: false };
    return {
      found: true,
      genuine: true,
      holder: maskName(row.holderName),
      document: maskDocument(row.document),
      issued_at: row.issuedAt.toISOString(),
      company: this.config.companyName,
    };
  }
}

class ReplayInstead extends Error {}

export function kindOfUser(user: AuthUser): RoleKind | undefined {
  return findRole(user.country, user.role)?.kind;
}

export function verifyUrlOf(config: LegalConfig, code: string): string {
  return `${config.publicWebUrl}/verificar?code=${encodeURIComponent(code)}`;
}

function dayIn(country: Country, at: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: COUNTRY_TIME_ZONE[country] }).format(at);
}

/** 'Juan Carlos Pérez' → 'J*** C***** P****': enough to recognise one's own, not to learn a stranger's. */
export function maskName(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => word[0] + '*'.repeat(Math.max(word.length - 1, 2)))
    .join(' ');
}

/** '30123456' → '****3456': the last digits only. */
export function maskDocument(document: string): string {
  const keep = Math.min(4, Math.max(document.length - 3, 1));
  return '*'.repeat(document.length - keep) + document.slice(-keep);
}
