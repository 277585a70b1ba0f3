import {
  DOCUMENT_MESSAGES,
  DOCUMENT_TYPES,
  documentParamsSchema,
  documentUploadBodySchema,
  errorBodySchema,
  IDEMPOTENCY_MESSAGES,
  idempotencyHeadersSchema,
  leadDocumentsResponseSchema,
  leadIdParamsSchema,
  type DocumentContentType,
} from '@backoffice/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError, MESSAGES, leadRefused } from '../../lib/errors';
import { extensionOf } from '../../lib/uploaded-file';
import { signedInUser, type AuthUser } from '../../plugins/app/auth';
import { requestHashOf } from '../../repositories/idempotency-keys';
import { LeadDocumentsRepository } from '../../repositories/lead-documents';
import { decodeDocument, mayReadDocuments, mayUploadDocuments, uploadLeadDocument } from '../../services/lead-documents';
import type { CountryOptions } from './options';
import { SESSION_SECURITY, errorResponses } from '../responses';

const errors = errorResponses(400, 401, 403, 404, 409);
/** A base64 document of up to 5 MB and its JSON around it. */
const BODY_LIMIT = 8 * 1024 * 1024;

/**
 * A lead's customer documents (DNI/cédula, selfie, contract, bank proof): listed and served to whoever may see
 * the lead, uploaded by the seller who owns it, staff and the webservice (base64, idempotent with a key).
 */
const leadDocumentsRoutes: FastifyPluginAsyncZod<CountryOptions> = async (app, { country }) => {
  const documents = new LeadDocumentsRepository(app.db);
  const scopeOf = (user: AuthUser) => app.leadLists[country].scopeOf(user);

  /** 403 for roles without a lead screen; 404 unknown or the other country's lead; 403 another seller's. */
  const visibleLead = async (user: AuthUser, id: number) => {
    if (!mayReadDocuments(country, user.role)) throw new HttpError(403, MESSAGES.forbidden);
    const row = await app.leads.find(country, id);
    if (!row) throw new HttpError(404, MESSAGES.leadNotFound);
    const { ownSellerId } = scopeOf(user);
    if (ownSellerId !== undefined && row.sellerId !== ownSellerId) throw new HttpError(403, MESSAGES.notYourLead(row.sellerId));
    return row;
  };

  app.get(
    '/leads/:id/documents',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['documents'],
        summary: 'Documentos del cliente adjuntos a la solicitud (sin el contenido), en el orden en que se adjuntaron',
        security: SESSION_SECURITY,
        params: leadIdParamsSchema,
        response: { 200: leadDocumentsResponseSchema, ...errors },
      },
    },
    async (request) => {
      await visibleLead(signedInUser(request), request.params.id);
      return { documents: await documents.list(country, request.params.id) };
    },
  );

  app.post(
    '/leads/:id/documents',
    {
      onRequest: app.authenticate,
      bodyLimit: BODY_LIMIT,
      schema: {
        tags: ['documents'],
        summary: 'Adjunta un documento del cliente (PNG, JPEG o PDF en base64, hasta 5 MB; el tipo se reconoce por el contenido)',
        description:
          'Con `Idempotency-Key`, repetir la misma solicitud responde el primer documento sin guardar otro (`Idempotent-Replayed: true`).',
        security: SESSION_SECURITY,
        headers: idempotencyHeadersSchema,
        params: leadIdParamsSchema,
        body: documentUploadBodySchema,
        response: { 201: z.object({ id: z.number().int() }), ...errors, 422: errorBodySchema },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      if (!mayUploadDocuments(country, user.role)) throw new HttpError(403, DOCUMENT_MESSAGES.forbidden);
      await visibleLead(user, request.params.id);
      const file = decodeDocument(request.body.file);
      const key = request.headers['idempotency-key'];
      const { kind, file_name: fileName } = request.body;
      // Hashed with the lead and the bytes' checksum: the same key for another file or lead is another request.
      const once =
        key === undefined
          ? undefined
          : { userId: user.id, key, requestHash: requestHashOf({ document: request.params.id, kind, fileName, sha256: file.sha256 }) };
      const result = await uploadLeadDocument(
        app.db,
        country,
        request.params.id,
        { userId: user.id, ownSellerId: scopeOf(user).ownSellerId },
        { kind, fileName: fileName || null, file },
        once,
      );
      if ('ok' in result) throw leadRefused(result);
      if (result.outcome === 'keyReused')
        throw new HttpError(422, IDEMPOTENCY_MESSAGES.reused, [{ field: 'idempotency-key', message: IDEMPOTENCY_MESSAGES.reused }]);
      if (result.outcome === 'replayed') {
        void reply.header('idempotent-replayed', 'true');
        return reply.code(201).send(result.answer);
      }
      return reply.code(201).send({ id: result.id });
    },
  );

  app.get(
    '/leads/:id/documents/:documentId/content',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['documents'],
        summary: 'El archivo del documento, con su tipo de contenido (inline) y su sha-256 en `X-Content-SHA256`',
        security: SESSION_SECURITY,
        params: documentParamsSchema,
        produces: [...DOCUMENT_TYPES],
        response: errors,
      },
    },
    async (request, reply) => {
      await visibleLead(signedInUser(request), request.params.id);
      const row = await documents.content(country, request.params.id, request.params.documentId);
      if (!row) throw new HttpError(404, DOCUMENT_MESSAGES.notFound);
      const type = row.contentType as DocumentContentType;
      return reply
        .type(type)
        .header('content-disposition', `inline; filename="${row.kind}-${request.params.documentId}.${extensionOf(type)}"`)
        .header('x-content-type-options', 'nosniff')
        .header('x-content-sha256', row.sha256)
        .header('cache-control', 'private, no-store')
        .send(row.content as never);
    },
  );
};

export default leadDocumentsRoutes;
