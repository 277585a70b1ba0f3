import {
  findRole,
  formatMoney,
  PROCESSED_FLAGS,
  RECEIPT_MAX_BYTES,
  VOLUNTARY_PAY_MESSAGES,
  type Country,
  type RoleKind,
  type VoluntaryPayBody,
} from '@backoffice/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { loanEvents, users, voluntaryPays } from '../db/schema';
import { HttpError } from '../lib/errors';
import { decodeUpload, type UploadedFile } from '../lib/uploaded-file';
import { applyPayment } from './loans';

export type Receipt = UploadedFile;
/** The receipt's kind by its first bytes (the check every upload shares). */
export { fileTypeOf as receiptTypeOf } from '../lib/uploaded-file';

/** Decodes and checks a base64 receipt: 400 naming `receipt` when it is not base64, too large or of another kind. */
export function decodeReceipt(base64: string): Receipt {
  return decodeUpload(base64, {
    field: 'receipt',
    maxBytes: RECEIPT_MAX_BYTES,
    messages: {
      encoding: VOLUNTARY_PAY_MESSAGES.receiptEncoding,
      missing: VOLUNTARY_PAY_MESSAGES.receiptMissing,
      size: VOLUNTARY_PAY_MESSAGES.receiptSize,
      type: VOLUNTARY_PAY_MESSAGES.receiptType,
    },
  });
}

/** Who registers voluntary payments on any loan of the country; a collector on the loans assigned to them. */
const REGISTER_ALL: readonly RoleKind[] = ['admin', 'supervisor', 'atc', 'webservice'];
/** Who reviews (SCREEN_ACCESS 'voluntary-pays'); a collector only their loans'. */
const REVIEW_ALL: readonly RoleKind[] = ['admin', 'supervisor', 'atc'];

export function mayRegister(country: Country, role: number | string, userId: number, collectorId: number | null): boolean {
  const kind = findRole(country, role)?.kind;
  return (kind !== undefined && REGISTER_ALL.includes(kind)) || (kind === 'collector' && collectorId === userId);
}

export function mayReview(country: Country, role: number | string, userId: number, collectorId: number | null): boolean {
  const kind = findRole(country, role)?.kind;
  return (kind !== undefined && REVIEW_ALL.includes(kind)) || (kind === 'collector' && collectorId === userId);
}

export async function insertVoluntaryPay(
  tx: Tx,
  country: Country,
  input: Omit<VoluntaryPayBody, 'receipt'> & { receipt: Receipt; userId: number | null },
  createdAt?: Date,
): Promise<number> {
  const [row] = await tx
    .insert(voluntaryPays)
    .values({
      country,
      loanId: input.loan_id,
      amount: input.amount,
      paidOn: input.paid_on,
      reference: input.reference,
      receipt: input.receipt.bytes,
      receiptType: input.receipt.type,
      receiptSize: input.receipt.bytes.length,
      receiptSha256: input.receipt.sha256,
      createdBy: input.userId,
      ...(createdAt ? { createdAt } : {}),
    })
    .onConflictDoNothing({ target: [voluntaryPays.country, voluntaryPays.reference] })
    .returning({ id: voluntaryPays.id });
  if (!row) {
    const message = 'Ya hay un pago voluntario con esta referencia';
    throw new HttpError(409, message, [{ field: 'reference', message }]);
  }
  return row.id;
}

export type Decision = { accept: true } | { accept: false; reason: string };

/**
 * Accepts or rejects a pending voluntary payment in the caller's transaction. The conditional update
 * (processed 0 → 1|2) lets one decision through: a concurrent or later one finds it decided and gets 409
 * naming the first. Accepting applies the payment (channel 'voluntary', the voluntary payment's reference).
 */
export async function decideVoluntaryPay(
  tx: Tx,
  country: Country,
  id: number,
  userId: number,
  decision: Decision,
  now = new Date(),
): Promise<void> {
  const [decided] = await tx
    .update(voluntaryPays)
    .set({
      processed: decision.accept ? 1 : 2,
      decidedBy: userId,
      decidedAt: sql`now()`,
      rejectReason: decision.accept ? null : decision.reason,
    })
    .where(and(eq(voluntaryPays.id, id), eq(voluntaryPays.country, country), eq(voluntaryPays.processed, 0)))
    .returning();
  if (!decided) {
    const [first] = await tx
      .select({ processed: voluntaryPays.processed, decidedAt: voluntaryPays.decidedAt, by: users.name })
      .from(voluntaryPays)
      .leftJoin(users, eq(users.id, voluntaryPays.decidedBy))
      .where(and(eq(voluntaryPays.id, id), eq(voluntaryPays.country, country)));
    if (!first) throw new HttpError(404, VOLUNTARY_PAY_MESSAGES.notFound);
    const label = (PROCESSED_FLAGS.find((f) => f.id === first.processed)?.name ?? 'decidido').toLowerCase();
    throw new HttpError(409, VOLUNTARY_PAY_MESSAGES.alreadyDecided(label, first.by, (first.decidedAt ?? new Date()).toISOString()));
  }
  if (decision.accept) {
    const { paymentId } = await applyPayment(
      tx,
      country,
      {
        loanId: decided.loanId,
        amount: decided.amount,
        paidOn: decided.paidOn,
        channel: 'voluntary',
        reference: decided.reference,
        userId,
      },
      now,
    );
    await tx.update(voluntaryPays).set({ paymentId }).where(eq(voluntaryPays.id, id));
  }
  await tx.insert(loanEvents).values({
    country,
    loanId: decided.loanId,
    type: decision.accept ? 'voluntary_pay_accepted' : 'voluntary_pay_rejected',
    userId,
    body: decision.accept
      ? `Pago voluntario aceptado: ${formatMoney(country, decided.amount)} (${decided.reference})`
      : `Pago voluntario rechazado: ${formatMoney(country, decided.amount)} (${decided.reference}). Motivo: ${decision.reason}`,
    data: { voluntary_pay_id: id, amount: decided.amount, reference: decided.reference },
  });
}
