import {
  errorBodySchema,
  leadDetailSchema,
  leadIdParamsSchema,
  leadTransitionsSchema,
  runAutomationBodySchema,
  transitionLeadBodySchema,
  type LeadDetail,
} from '@backoffice/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError, MESSAGES } from '../../lib/errors';
import type { CountryOptions } from './options';
import { SESSION_SECURITY, errorResponses } from '../responses';
import { signedInUser } from '../../plugins/app/auth';

const errors = errorResponses(400, 401, 403, 404, 409);

/**
 * Status changes of a lead, all through `app.workflow`: the transitions the role may take now, taking
 * one, and running the automated stage that waits at the current status. Changes answer the updated lead
 * (as GET /leads/:id) so the client can replace what it holds.
 */
const workflowRoutes: FastifyPluginAsyncZod<CountryOptions> = async (app, { country }) => {
  const detail = async (id: number): Promise<LeadDetail> => {
    const found = await app.leads.detail(country, id);
    if (!found) throw new HttpError(404, MESSAGES.leadNotFound);
    return found.lead;
  };

  app.get(
    '/leads/:id/transitions',
    {
      onRequest: app.authorize('lead-detail'),
      schema: {
        tags: ['workflow'],
        summary: 'Transiciones que el rol puede tomar desde el estado actual del lead (y la etapa automática, si hay)',
        security: SESSION_SECURITY,
        params: leadIdParamsSchema,
        response: { 200: leadTransitionsSchema, ...errors },
      },
    },
    async (request) => app.workflow.transitionsFor(country, signedInUser(request), request.params.id),
  );

  app.post(
    '/leads/:id/transitions',
    {
      onRequest: app.authorize('lead-detail'),
      schema: {
        tags: ['workflow'],
        summary: 'Cambia el estado del lead (409 si no está permitido desde el estado actual o la versión no es la actual)',
        description:
          'Controla la transición desde el estado actual, el rol, la versión leída y el motivo cuando es obligatorio; ' +
          'escribe el historial de estados en la misma transacción.',
        security: SESSION_SECURITY,
        params: leadIdParamsSchema,
        body: transitionLeadBodySchema,
        response: { 200: leadDetailSchema, ...errors },
      },
    },
    async (request) => {
      const { to_status: to, version, reason, offered_amount: offeredAmount } = request.body;
      await app.workflow.transition({
        country,
        leadId: request.params.id,
        user: signedInUser(request),
        to,
        version,
        reason,
        offeredAmount,
      });
      return detail(request.params.id);
    },
  );

  app.post(
    '/leads/:id/automation',
    {
      onRequest: app.authorize('lead-detail'),
      schema: {
        tags: ['workflow'],
        summary: 'Ejecuta la etapa automática pendiente (prefiltro, killer, riesgo, identidad, transferencia) y aplica su resultado',
        description:
          'Con los simuladores, el resultado depende del último dígito del documento del cliente. 502 si el servicio de la etapa ' +
          'no responde: el estado no cambia.',
        security: SESSION_SECURITY,
        params: leadIdParamsSchema,
        body: runAutomationBodySchema,
        response: { 200: leadDetailSchema, ...errors, 502: errorBodySchema },
      },
    },
    async (request) => {
      await app.workflow.runAutomation(country, signedInUser(request), request.params.id, request.body.version);
      return detail(request.params.id);
    },
  );
};

export default workflowRoutes;
