import {
  leadIdParamsSchema,
  leadLoanResponseSchema,
  loanDetailSchema,
  loanIdParamsSchema,
  paymentBodySchema,
  paymentParamsSchema,
  paymentResponseSchema,
  reversalBodySchema,
  type LoanDetail,
  type PaymentChannel,
} from '@backoffice/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../lib/errors';
import { signedInUser, type AuthUser } from '../../plugins/app/auth';
import { LoanDetailRepository, type LoanHeader } from '../../repositories/loan-detail';
import { COLLECTIONS_LIST } from '../../repositories/collections';
import { applyPayment, LOAN_MESSAGES, mayPay, mayReverse, readRefusal, reversePayment } from '../../services/loans';
import type { CountryOptions } from './options';
import { SESSION_SECURITY, errorResponses } from '../responses';

const errors = errorResponses(400, 401, 403, 404, 409);

/**
 * A loan's detail, its payments and their reversal. Who reads: the collections roles (a collector only the
 * loans assigned to them) and the lead's readers (a seller only their sales' loans); admin, supervisor, ATC
 * and the collector on their loans register payments; only an admin reverses one.
 */
const loansRoutes: FastifyPluginAsyncZod<CountryOptions> = async (app, { country }) => {
  const repository = new LoanDetailRepository(app.db);

  const readable = (user: AuthUser, header: LoanHeader | undefined): LoanHeader => {
    if (!header) throw new HttpError(404, LOAN_MESSAGES.notFound);
    const refusal = readRefusal(country, user.role, user.id, header);
    if (refusal) throw refusal;
    return header;
  };

  const detailFor = async (user: AuthUser, header: LoanHeader): Promise<LoanDetail> => {
    const detail = await repository.detail(country, header.id);
    if (!detail) throw new HttpError(404, LOAN_MESSAGES.notFound);
    return { ...detail, can_pay: mayPay(country, user.role, user.id, header), can_reverse: mayReverse(country, user.role) };
  };

  app.get(
    '/loans/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['loans'],
        summary: 'Detalle del préstamo: cronograma, pagos con su imputación, saldo, mora y línea de tiempo',
        security: SESSION_SECURITY,
        params: loanIdParamsSchema,
        response: { 200: loanDetailSchema, ...errors },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      return detailFor(user, readable(user, await repository.header(country, { loanId: request.params.id })));
    },
  );

  app.get(
    '/leads/:id/loan',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['loans'],
        summary: 'El préstamo de un lead (null si no fue desembolsado)',
        security: SESSION_SECURITY,
        params: leadIdParamsSchema,
        response: { 200: leadLoanResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      const header = await repository.header(country, { leadId: request.params.id });
      if (!header) return { loan: null };
      return { loan: await detailFor(user, readable(user, header)) };
    },
  );

  app.post(
    '/loans/:id/payments',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['loans'],
        summary: 'Registra un pago (único por canal y referencia: repetirlo responde el primero sin aplicarlo otra vez)',
        security: SESSION_SECURITY,
        params: loanIdParamsSchema,
        body: paymentBodySchema,
        response: { 200: paymentResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      const header = readable(user, await repository.header(country, { loanId: request.params.id }));
      if (!mayPay(country, user.role, user.id, header)) throw new HttpError(403, LOAN_MESSAGES.mayNotPay);
      const { amount, paid_on: paidOn, channel, reference } = request.body;
      const result = await app.db.transaction((tx) =>
        applyPayment(tx, country, { loanId: header.id, amount, paidOn, channel: channel as PaymentChannel, reference, userId: user.id }),
      );
      app.lists.changed(COLLECTIONS_LIST);
      return { payment_id: result.paymentId, applied: result.applied, loan: await detailFor(user, header) };
    },
  );

  app.post(
    '/loans/:id/payments/:paymentId/reversal',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['loans'],
        summary: 'Revierte un pago (solo administrador, con motivo): lo que pagó vuelve a deberse',
        security: SESSION_SECURITY,
        params: paymentParamsSchema,
        body: reversalBodySchema,
        response: { 200: loanDetailSchema, ...errors },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      const header = readable(user, await repository.header(country, { loanId: request.params.id }));
      if (!mayReverse(country, user.role)) throw new HttpError(403, LOAN_MESSAGES.mayNotReverse);
      await app.db.transaction((tx) =>
        reversePayment(tx, country, {
          loanId: header.id,
          paymentId: request.params.paymentId,
          reason: request.body.reason,
          userId: user.id,
        }),
      );
      app.lists.changed(COLLECTIONS_LIST);
      return detailFor(user, header);
    },
  );
};

export default loansRoutes;
