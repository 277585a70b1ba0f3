import {
  errorBodySchema,
  findRole,
  idempotencyHeadersSchema,
  IDEMPOTENCY_MESSAGES,
  VOLUNTARY_PAY_MESSAGES,
  voluntaryPayBodySchema,
  voluntaryPayParamsSchema,
  voluntaryPayRejectSchema,
  voluntaryPayRowSchema,
  voluntaryPaysQuerySchema,
  formatMoney,
  type Country,
  type VoluntaryPayRow,
} from '@backoffice/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { voluntaryPays } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import { defineList } from '../../lists/definition';
import { listRoutes } from '../../lists/routes';
import { signedInUser, type AuthUser } from '../../plugins/app/auth';
import { earlierAnswer, keepAnswer, requestHashOf } from '../../repositories/idempotency-keys';
import { LoanDetailRepository, type LoanHeader } from '../../repositories/loan-detail';
import { LOAN_MESSAGES, readRefusal } from '../../services/loans';
import { decideVoluntaryPay, decodeReceipt, insertVoluntaryPay, mayRegister, mayReview } from '../../services/voluntary-pays';
import type { CountryOptions } from './options';
import { SESSION_SECURITY, errorResponses } from '../responses';
import { oneRow } from '../../db/rows';

const errors = errorResponses(400, 401, 403, 404, 409);
const createdSchema = z.object({ id: z.number().int() });
/** A base64 receipt of up to 5 MB and its JSON around it. */
const BODY_LIMIT = 8 * 1024 * 1024;

interface VoluntaryPayFilters {
  processed?: 0 | 1 | 2;
  from?: string;
  to?: string;
  customer?: string;
  loanId?: number;
}

const isCollector = (country: Country, user: AuthUser) => findRole(country, user.role)?.kind === 'collector';

/** The review queue: the country's voluntary payments, newest first; a collector sees their loans' only. */
export const voluntaryPaysList = defineList<VoluntaryPayFilters, VoluntaryPayRow>({
  name: 'voluntary-pays',
  from: sql`voluntary_pays v
    join loans l on l.id = v.loan_id
    join customers c on c.id = l.customer_id
    left join users d on d.id = v.decided_by
    left join users cb on cb.id = v.created_by`,
  id: sql`v.id`,
  sorts: {
    created_at: { expr: sql`v.created_at`, type: 'timestamptz' },
    paid_on: { expr: sql`v.paid_on`, type: 'date' },
    amount: { expr: sql`v.amount`, type: 'bigint' },
  },
  defaultSort: { sort: 'created_at', dir: 'desc' },
  where: ({ country, user }, f) => [
    sql`v.country = ${country}`,
    isCollector(country, user) ? sql`l.collector_id = ${user.id}` : undefined,
    f.processed !== undefined ? sql`v.processed = ${f.processed}` : undefined,
    f.from ? sql`v.paid_on >= ${f.from}::date` : undefined,
    f.to ? sql`v.paid_on <= ${f.to}::date` : undefined,
    f.loanId ? sql`v.loan_id = ${f.loanId}` : undefined,
    f.customer
      ? sql`(c.first_name || ' ' || c.last_name || ' ' || c.doc_number) ilike ${`%${f.customer.replace(/[\\%_]/g, (m) => `\\${m}`)}%`}`
      : undefined,
  ],
  row: sql`json_build_object(
    'id', v.id, 'loan_id', v.loan_id, 'lead_id', l.lead_id,
    'customer_name', c.first_name || ' ' || c.last_name, 'document', c.doc_number,
    'amount', v.amount, 'paid_on', v.paid_on::text, 'reference', v.reference,
    'receipt_type', v.receipt_type, 'receipt_size', v.receipt_size, 'processed', v.processed,
    'decided_by', d.name, 'decided_at', v.decided_at, 'reject_reason', v.reject_reason,
    'payment_id', v.payment_id, 'created_by', cb.name, 'created_at', v.created_at)`,
  export: {
    sheet: 'Pagos voluntarios',
    columns: (country) => [
      { header: 'Id', width: 8, kind: 'number', value: (r) => r.id },
      { header: 'Préstamo', width: 10, kind: 'number', value: (r) => r.loan_id },
      { header: 'Cliente', width: 28, kind: 'text', value: (r) => r.customer_name },
      { header: 'Documento', width: 14, kind: 'text', value: (r) => r.document },
      { header: 'Monto', width: 14, kind: 'text', value: (r) => formatMoney(country, r.amount) },
      { header: 'Fecha de pago', width: 12, kind: 'date', value: (r) => r.paid_on },
      { header: 'Referencia', width: 20, kind: 'text', value: (r) => r.reference },
      {
        header: 'Estado',
        width: 12,
        kind: 'text',
        value: (r) => ['Pendiente', 'Aceptado', 'Rechazado'][r.processed] ?? String(r.processed),
      },
      { header: 'Decidido por', width: 20, kind: 'text', value: (r) => r.decided_by },
      { header: 'Motivo de rechazo', width: 30, kind: 'text', value: (r) => r.reject_reason },
    ],
  },
});

/**
 * Voluntary payments: registered with their receipt by staff (a collector on their loans) or the webservice,
 * reviewed in the queue (accept applies the payment, reject needs a reason), receipts read by the loan's readers.
 */
const voluntaryPaysRoutes: FastifyPluginAsyncZod<CountryOptions> = async (app, { country }) => {
  const loansRepository = new LoanDetailRepository(app.db);

  const loanOf = async (user: AuthUser, loanId: number): Promise<LoanHeader> => {
    const header = await loansRepository.header(country, { loanId });
    if (!header) throw new HttpError(404, LOAN_MESSAGES.notFound);
    const refusal = readRefusal(country, user.role, user.id, header);
    if (refusal) throw refusal;
    return header;
  };

  const payOf = async (id: number) => {
    const [pay] = await app.db
      .select({ loanId: voluntaryPays.loanId })
      .from(voluntaryPays)
      .where(and(eq(voluntaryPays.id, id), eq(voluntaryPays.country, country)));
    if (!pay) throw new HttpError(404, VOLUNTARY_PAY_MESSAGES.notFound);
    return pay;
  };

  listRoutes(app, {
    country,
    path: '/voluntary-pays',
    screen: 'voluntary-pays',
    tag: 'voluntary-pays',
    summary: 'Pagos voluntarios por revisar y revisados',
    query: voluntaryPaysQuerySchema,
    row: voluntaryPayRowSchema,
    definition: voluntaryPaysList,
    filters: (q) => ({ processed: q.processed, from: q.from, to: q.to, customer: q.customer || undefined, loanId: q.loan_id }),
  });

  app.post(
    '/voluntary-pays',
    {
      onRequest: app.authenticate,
      bodyLimit: BODY_LIMIT,
      schema: {
        tags: ['voluntary-pays'],
        summary: 'Registra un pago voluntario con su comprobante (PNG, JPEG o PDF en base64, hasta 5 MB)',
        description: 'Con `Idempotency-Key`, repetir la misma solicitud responde el primer alta sin crear otra.',
        security: SESSION_SECURITY,
        headers: idempotencyHeadersSchema,
        body: voluntaryPayBodySchema,
        response: { 201: createdSchema, ...errors, 422: errorBodySchema },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      const header = await loanOf(user, request.body.loan_id);
      if (!mayRegister(country, user.role, user.id, header.collectorId))
        throw new HttpError(403, 'Tu rol no puede registrar pagos voluntarios en este préstamo');
      const receipt = decodeReceipt(request.body.receipt);
      const key = request.headers['idempotency-key'];
      const once =
        key === undefined ? undefined : { userId: user.id, key, requestHash: requestHashOf({ ...request.body, receipt: receipt.sha256 }) };
      const outcome = await app.db
        .transaction(async (tx) => {
          if (once) {
            const earlier = await earlierAnswer<{ id: number }>(tx, once);
            if (earlier) return earlier;
          }
          const id = await insertVoluntaryPay(tx, country, { ...request.body, receipt, userId: user.id });
          if (once && !(await keepAnswer(tx, country, once, { id }))) {
            // A concurrent request with the key committed first: this one's row must not stay.
            tx.rollback();
          }
          return { outcome: 'created' as const, answer: { id } };
        })
        .catch(async (error: unknown) => {
          // A concurrent request with the same key won (its reference taken, or its key): answer as it did.
          const earlier = once ? await earlierAnswer<{ id: number }>(app.db, once) : undefined;
          if (earlier) return earlier;
          throw error;
        });
      if (outcome.outcome === 'keyReused')
        throw new HttpError(422, IDEMPOTENCY_MESSAGES.reused, [{ field: 'idempotency-key', message: IDEMPOTENCY_MESSAGES.reused }]);
      if (outcome.outcome === 'replayed') void reply.header('idempotent-replayed', 'true');
      return reply.code(201).send(outcome.answer);
    },
  );

  const decide = (accept: boolean) => async (user: AuthUser, id: number, reason?: string) => {
    const pay = await payOf(id);
    const header = await loanOf(user, pay.loanId);
    if (!mayReview(country, user.role, user.id, header.collectorId)) throw new HttpError(403, LOAN_MESSAGES.notYourLoan);
    await app.db.transaction((tx) =>
      decideVoluntaryPay(tx, country, id, user.id, accept ? { accept: true } : { accept: false, reason: reason! }),
    );
  };
  const accept = decide(true);
  const reject = decide(false);

  app.post(
    '/voluntary-pays/:id/accept',
    {
      onRequest: app.authorize('voluntary-pays'),
      schema: {
        tags: ['voluntary-pays'],
        summary: 'Acepta un pago voluntario pendiente: aplica el pago al préstamo (409 si ya fue decidido)',
        security: SESSION_SECURITY,
        params: voluntaryPayParamsSchema,
        response: { 200: z.object({ ok: z.literal(true) }), ...errors },
      },
    },
    async (request) => {
      await accept(signedInUser(request), request.params.id);
      return { ok: true as const };
    },
  );

  app.post(
    '/voluntary-pays/:id/reject',
    {
      onRequest: app.authorize('voluntary-pays'),
      schema: {
        tags: ['voluntary-pays'],
        summary: 'Rechaza un pago voluntario pendiente con un motivo (409 si ya fue decidido)',
        security: SESSION_SECURITY,
        params: voluntaryPayParamsSchema,
        body: voluntaryPayRejectSchema,
        response: { 200: z.object({ ok: z.literal(true) }), ...errors },
      },
    },
    async (request) => {
      await reject(signedInUser(request), request.params.id, request.body.reason);
      return { ok: true as const };
    },
  );

  app.get(
    '/voluntary-pays/:id/receipt',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['voluntary-pays'],
        summary: 'El comprobante del pago voluntario, con su tipo de contenido (inline)',
        security: SESSION_SECURITY,
        params: voluntaryPayParamsSchema,
        produces: ['image/png', 'image/jpeg', 'application/pdf'],
        response: errors,
      },
    },
    async (request, reply) => {
      const pay = await payOf(request.params.id);
      await loanOf(signedInUser(request), pay.loanId);
      // payOf found the payment: it is never deleted.
      const row = oneRow(
        await app.db
          .select({ receipt: voluntaryPays.receipt, type: voluntaryPays.receiptType })
          .from(voluntaryPays)
          .where(eq(voluntaryPays.id, request.params.id)),
      );
      const extension = row.type === 'application/pdf' ? 'pdf' : row.type === 'image/png' ? 'png' : 'jpg';
      return reply
        .type(row.type)
        .header('content-disposition', `inline; filename="comprobante-${request.params.id}.${extension}"`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(row.receipt as never);
    },
  );
};

export default voluntaryPaysRoutes;
