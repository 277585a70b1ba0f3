import {
  addNoteBodySchema,
  canLead,
  customerLookupQuerySchemas,
  customerLookupResponseSchema,
  customerWorkedMessage,
  errorBodySchema,
  CLOSED_LEAD_MESSAGE,
  findRole,
  IDEMPOTENCY_MESSAGES,
  idempotencyHeadersSchema,
  isClosedStatus,
  leadCreateSchemas,
  leadCreatedSchema,
  leadDetailSchema,
  leadExportQuerySchema,
  leadIdParamsSchema,
  leadListQuerySchema,
  leadListResponseSchema,
  listCountSchema,
  newCustomerLeadCreateSchemas,
  reassignSellerBodySchema,
  saleCustomerUpdateSchemas,
  setManagementStatusBodySchema,
  type ArgLeadCreate,
  type ColLeadCreate,
  type LeadAction,
  type LeadDetail,
  type RoleKind,
  type SaleCustomerUpdate,
} from '@backoffice/shared';
import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError, MESSAGES, invalidData, leadRefused, staleLead } from '../../lib/errors';
import { sendJsonText } from '../../lib/json-text';
import { signedInUser, type AuthUser } from '../../plugins/app/auth';
import { perUserRateLimit } from '../../plugins/external/rate-limit';
import { requestHashOf } from '../../repositories/idempotency-keys';
import { CREATED_STATUS } from '../../repositories/leads';
import { SalesRepository } from '../../repositories/sales';
import { editCustomer } from '../../services/customer-edit';
import { screenNewLead } from '../../services/lead-screening';
import type { CountryOptions } from './options';
import { SESSION_SECURITY, errorResponses } from '../responses';
import { countRequest } from '../../lists/routes';

/** Roles a lead can be assigned to (and whose own creations are assigned to themselves). */
const ASSIGNABLE: readonly RoleKind[] = ['seller', 'seller_wo_assignation', 'seller_renovator'];

const errors = errorResponses(400, 401, 403, 404, 409);

const leadsRoutes: FastifyPluginAsyncZod<CountryOptions> = async (app, { country }) => {
  const lists = app.leadLists[country];
  const scopeOf = (user: AuthUser) => lists.scopeOf(user);

  const requireAction = (user: AuthUser, action: LeadAction) => {
    if (!canLead(action, country, user.role)) throw new HttpError(403, MESSAGES.forbidden);
  };
  /**
   * Who may create a lead: the leads screen's roles that LEAD_ACTIONS lets create. Checked before the body
   * or query is read, for POST /leads and for the customer lookup its form makes.
   */
  const mayCreate: onRequestHookHandler[] = [app.authorize('leads'), async (request) => requireAction(signedInUser(request), 'create')];

  /**
   * The lead as the user may see it: 404 when unknown or of the other country, 403 for another seller's.
   * `lead` for the routes that answer it after a change, `json` (its text) for the detail itself.
   */
  const visibleDetail = async (user: AuthUser, id: number) => {
    const found = await app.leads.detail(country, id);
    if (!found) throw new HttpError(404, MESSAGES.leadNotFound);
    const scope = scopeOf(user);
    if (scope.ownSellerId !== undefined && found.sellerId !== scope.ownSellerId) {
      throw new HttpError(403, MESSAGES.notYourLead(found.sellerId));
    }
    return found;
  };
  const visibleLead = async (user: AuthUser, id: number): Promise<LeadDetail> => (await visibleDetail(user, id)).lead;

  /** Any write that can change which leads a filter matches. */
  const changed = () => lists.changed();

  /** A seller's own new lead is assigned to them (the only way they would see it); staff's to nobody. */
  const sellerIdOf = (user: AuthUser) => {
    const kind = findRole(country, user.role)?.kind;
    return kind && ASSIGNABLE.includes(kind) ? user.id : null;
  };

  /**
   * A body POST /leads refused (the route attaches its validation error): its reasons and, unless its
   * document is an existing customer's, the customer's data it lacks (NEW_CUSTOMER_FIELDS), so every reason
   * is told at once. Read without a lock, nothing written: the creation checks again where it knows.
   */
  const refusedLeadBody = async (body: unknown, error: NonNullable<FastifyRequest['validationError']>) => {
    if (error.validationContext !== 'body') return error;
    const parsed = customerLookupQuerySchemas[country].safeParse(body);
    const document: { doc_type?: string; doc_number: string } | undefined = parsed.success ? parsed.data : undefined;
    if (document && (await app.leads.customerByDocument(country, document.doc_type ?? 'DNI', document.doc_number))) return error;
    const asNew = newCustomerLeadCreateSchemas[country].safeParse(body);
    return asNew.success
      ? error
      : invalidData(asNew.error.issues.map((issue) => ({ field: issue.path.join('.') || 'body', message: issue.message })));
  };

  app.get(
    '/leads',
    {
      onRequest: app.authorize('leads'),
      config: { rateLimit: perUserRateLimit(app.config.rateLimits.lists, '1 minute', MESSAGES.tooManyPages) },
      schema: {
        tags: ['leads'],
        summary: 'Lista de leads: filtros, orden, paginado por cursor (keyset) o por número y total acotado',
        security: SESSION_SECURITY,
        querystring: leadListQuerySchema,
        response: { 200: leadListResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { sort, dir, page, pageSize, cursor, exactCount, count, ...filters } = request.query;
      return sendJsonText(
        reply,
        await lists.page(signedInUser(request), await lists.filters(filters, [], sort === 'created_at'), {
          sort,
          dir,
          page,
          pageSize,
          cursor,
          exactCount,
          count,
        }),
      );
    },
  );

  app.get(
    '/leads/count',
    {
      onRequest: app.authorize('leads'),
      config: { rateLimit: perUserRateLimit(app.config.rateLimits.lists, '1 minute', MESSAGES.tooManyPages) },
      schema: {
        tags: ['leads'],
        summary:
          'Total de la lista de leads con los mismos filtros (acotado salvo exactCount): lo que una página con count=later dejó para después',
        security: SESSION_SECURITY,
        querystring: leadListQuerySchema,
        response: { 200: listCountSchema, ...errors },
      },
    },
    async (request) => {
      const { filters, exactCount } = countRequest(request.query);
      return lists.total(signedInUser(request), await lists.filters(filters, [], true), exactCount);
    },
  );

  app.get(
    '/leads/export',
    {
      onRequest: app.authorize('leads'),
      config: { rateLimit: perUserRateLimit(app.config.rateLimits.exports, '1 hour', MESSAGES.tooManyExports) },
      schema: {
        tags: ['leads'],
        summary: 'Exporta todos los leads filtrados (CSV UTF-8 con BOM y ";", o XLSX), en streaming',
        description:
          'Mismos filtros y orden que la lista; sin paginado. `X-Total-Count` anuncia las filas que vienen. ' +
          'No es una foto: las filas se leen en lotes por cursor mientras se envían.',
        security: SESSION_SECURITY,
        querystring: leadExportQuerySchema,
        response: { 200: z.any().describe('El archivo (text/csv o xlsx), en streaming'), ...errors },
      },
    },
    async (request, reply) => {
      const { sort, dir, format, ...filters } = request.query;
      return lists.export(request, reply, await lists.filters(filters), { sort, dir, format, filePrefix: 'leads' });
    },
  );

  app.get(
    '/leads/:id',
    {
      onRequest: app.authorize('lead-detail'),
      schema: {
        tags: ['leads'],
        summary: 'Detalle del lead con su historial (más reciente primero)',
        security: SESSION_SECURITY,
        params: leadIdParamsSchema,
        response: { 200: leadDetailSchema, ...errors },
      },
    },
    async (request, reply) => sendJsonText(reply, (await visibleDetail(signedInUser(request), request.params.id)).json),
  );

  app.post(
    '/leads/:id/notes',
    {
      onRequest: app.authorize('lead-detail'),
      schema: {
        tags: ['leads'],
        summary: 'Agrega una nota al historial; responde el lead actualizado',
        description:
          'Con `Idempotency-Key`, repetir la misma nota con la misma clave no agrega otra (responde el lead, `Idempotent-Replayed: true`).',
        security: SESSION_SECURITY,
        headers: idempotencyHeadersSchema,
        params: leadIdParamsSchema,
        body: addNoteBodySchema,
        response: { 200: leadDetailSchema, ...errors, 422: errorBodySchema },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      requireAction(user, 'note');
      await visibleLead(user, request.params.id);
      const key = request.headers['idempotency-key'];
      const { body } = request.body;
      // Hashed with the lead: the same key sent for a note on another lead is another request.
      const once = key === undefined ? undefined : { userId: user.id, key, requestHash: requestHashOf({ note: request.params.id, body }) };
      const added = await app.leads.addNote(
        country,
        request.params.id,
        { userId: user.id, ownSellerId: scopeOf(user).ownSellerId },
        body,
        once,
      );
      if (typeof added === 'object') throw leadRefused(added);
      if (added === 'keyReused')
        throw new HttpError(422, IDEMPOTENCY_MESSAGES.reused, [{ field: 'idempotency-key', message: IDEMPOTENCY_MESSAGES.reused }]);
      if (added === 'replayed') void reply.header('idempotent-replayed', 'true');
      return visibleLead(user, request.params.id);
    },
  );

  app.patch(
    '/leads/:id/management-status',
    {
      onRequest: app.authorize('lead-detail'),
      schema: {
        tags: ['leads'],
        summary:
          'Registra una gestión: cambia el estado de gestión y guarda canal, nota y próxima acción (409 si la versión no es la actual)',
        security: SESSION_SECURITY,
        params: leadIdParamsSchema,
        body: setManagementStatusBodySchema,
        response: { 200: leadDetailSchema, ...errors },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      requireAction(user, 'management');
      // Closed now means closed at the version sent too: the update below requires that version.
      if (isClosedStatus(country, (await visibleLead(user, request.params.id)).status_id)) throw new HttpError(409, CLOSED_LEAD_MESSAGE);
      const { management_status: status, version, channel = 'call', note, next_action_at: nextActionAt } = request.body;
      const contact = { channel, note, nextActionAt: nextActionAt ? new Date(nextActionAt) : null };
      const saved = await app.leads.setManagementStatus(country, request.params.id, user.id, version, status, contact);
      if (!saved) throw staleLead();
      changed();
      return visibleLead(user, request.params.id);
    },
  );

  app.patch(
    '/leads/:id/seller',
    {
      onRequest: app.authorize('lead-detail'),
      schema: {
        tags: ['leads'],
        summary: 'Reasigna el vendedor (supervisor y admin; 409 si la versión no es la actual)',
        security: SESSION_SECURITY,
        params: leadIdParamsSchema,
        body: reassignSellerBodySchema,
        response: { 200: leadDetailSchema, ...errors },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      requireAction(user, 'reassign');
      const before = await visibleLead(user, request.params.id);
      if (isClosedStatus(country, before.status_id)) throw new HttpError(409, CLOSED_LEAD_MESSAGE);
      const { seller_id: sellerId, version } = request.body;
      const seller = await app.users.findActiveOfKinds(country, sellerId, ASSIGNABLE);
      if (!seller) throw invalidData([{ field: 'seller_id', message: MESSAGES.unknownSeller }]);
      // Already theirs (a double click, two supervisors at once): done, and nothing to write or tell.
      if (before.seller?.id === seller.id) return before;
      const saved = await app.leads.reassignSeller(country, request.params.id, user.id, version, seller);
      if (!saved) throw staleLead();
      changed();
      const assigned = {
        lead_id: request.params.id,
        seller_id: seller.id,
        source: 'reassign' as const,
        by: { id: user.id, name: user.name },
      };
      app.realtime.toUser(seller.id, 'lead:assigned', assigned);
      // The seller it was taken from may have it open: told (the event names the new seller), their screen
      // stops offering work they may no longer do. The version the change was made on was the one read here.
      if (before.seller && before.seller.id !== seller.id && before.version === version)
        app.realtime.toUser(before.seller.id, 'lead:assigned', assigned);
      return visibleLead(user, request.params.id);
    },
  );

  const customerEdits = new SalesRepository(app.db);
  app.patch(
    '/leads/:id/customer',
    {
      onRequest: app.authorize('lead-detail'),
      schema: {
        tags: ['leads'],
        summary:
          'Corrige los datos del cliente desde el detalle del lead (admin, supervisor, ATC, vendedor renovador); mismas reglas que desde la venta',
        description:
          'El mismo cuerpo y las mismas reglas que PATCH /sales/:id/customer: 409 si la versión del cliente no es la actual, o si cambia ' +
          'nombre, apellido, celular o cuenta bancaria mientras una solicitud del cliente está en auditoría o transferencia.',
        security: SESSION_SECURITY,
        params: leadIdParamsSchema,
        body: saleCustomerUpdateSchemas[country],
        response: { 200: leadDetailSchema, ...errors },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      requireAction(user, 'customer');
      const lead = await visibleLead(user, request.params.id);
      await editCustomer(
        customerEdits,
        country,
        user,
        { leadId: lead.id, customerId: lead.customer.id, ownSellerId: scopeOf(user).ownSellerId },
        request.body as SaleCustomerUpdate,
      );
      // Names, phone and email are what free-text search and the list show.
      changed();
      return visibleLead(user, request.params.id);
    },
  );

  app.get(
    '/customers/lookup',
    {
      // A copy: the rate limit adds its hook to the route's list, which POST /leads must not get.
      onRequest: [...mayCreate],
      // Per user: it names other sellers' customers by document (plugins/external/rate-limit.ts).
      config: { rateLimit: perUserRateLimit(app.config.rateLimits.customerLookup) },
      schema: {
        tags: ['leads'],
        summary: 'El cliente de un documento, si existe (el formulario de nuevo lead avisa antes de guardar que lo reutiliza)',
        description:
          'Mismo país, tipo (col: `doc_type` CC o CE, CC si falta) y número de documento que reutilizaría POST /leads: `{customer: {id, first_name, last_name, applications, ' +
          'has_bank_account, cellphone_locked, bank_account_fillable, other_seller_application}}`, o `{customer: null}`. `cellphone_locked`: una solicitud del cliente está en ' +
          'auditoría o transferencia (un nuevo lead conserva su celular); `bank_account_fillable`: la cuenta indicada en un nuevo lead de quien ' +
          'pregunta se guardaría; `other_seller_application`: para un vendedor, la solicitud abierta del cliente que gestiona otro vendedor ' +
          '(su nuevo lead sería rechazado, 409). Para los roles que pueden crear leads.',
        security: SESSION_SECURITY,
        querystring: customerLookupQuerySchemas[country],
        response: { 200: customerLookupResponseSchema, ...errors, 429: errorBodySchema },
      },
    },
    async (request) => {
      const { doc_number: docNumber } = request.query;
      const found = await app.leads.customerByDocument(
        country,
        'doc_type' in request.query ? request.query.doc_type : 'DNI',
        docNumber,
        sellerIdOf(signedInUser(request)),
      );
      if (!found) return { customer: null };
      return {
        customer: {
          id: found.id,
          first_name: found.firstName,
          last_name: found.lastName,
          applications: found.applications,
          has_bank_account: found.hasBankAccount,
          cellphone_locked: found.cellphoneLocked,
          bank_account_fillable: found.bankAccountFillable,
          other_seller_application: found.otherSellerApplication,
        },
      };
    },
  );

  app.post(
    '/leads',
    {
      onRequest: mayCreate,
      // A refused body also names the customer's data a new document lacks (refusedLeadBody).
      attachValidation: true,
      schema: {
        tags: ['leads'],
        summary: 'Crea un lead (staff desde el formulario; el rol webservice con `Authorization: Bearer <token>`)',
        description:
          'Un documento nuevo en el país requiere los datos del cliente: nombre, apellido, fecha de nacimiento, ' +
          (country === 'arg' ? 'CUIL, ' : '') +
          'celular y email (400 nombrando cada uno que falte, sin escribir nada). Un cliente existente (mismo país y documento) ' +
          'se reutiliza y esos datos pueden omitirse: se actualizan su celular, su email y su ' +
          'domicilio si se indican (vacío u omitido no borra el guardado); se mantienen su identidad y su cuenta bancaria ' +
          '(la nueva solo se guarda si no tiene una y ninguna solicitud del cliente está en auditoría o transferencia), ' +
          'y su celular mientras una solicitud del cliente está en auditoría o transferencia: `customer_kept` nombra los ' +
          'campos indicados que no se aplicaron. Un vendedor no crea una solicitud para un cliente con una solicitud abierta ' +
          'de otro vendedor (409 nombrando `doc_number`, sin escribir nada). ' +
          'Monto en unidades enteras de la moneda.',
        security: SESSION_SECURITY,
        headers: idempotencyHeadersSchema,
        body: leadCreateSchemas[country],
        response: { 201: leadCreatedSchema, ...errors, 422: errorBodySchema },
      },
    },
    async (request, reply) => {
      if (request.validationError) throw await refusedLeadBody(request.body, request.validationError);
      const user = signedInUser(request);
      const body = request.body as ArgLeadCreate | ColLeadCreate;
      const key = request.headers['idempotency-key'];
      const kind = findRole(country, user.role)?.kind;
      const source =
        kind === 'webservice'
          ? 'webservice'
          : kind === 'seller_renovator'
            ? 'renovation'
            : kind && ASSIGNABLE.includes(kind)
              ? 'seller'
              : 'backoffice';
      const created = await app.leadCreation.create(
        {
          country,
          customer: {
            docType: 'doc_type' in body ? body.doc_type : 'DNI',
            docNumber: body.doc_number,
            cuil: 'cuil' in body ? body.cuil : null,
            firstName: body.first_name,
            lastName: body.last_name,
            birthDate: body.birth_date,
            cellphone: body.cellphone,
            email: body.email,
            address: body.address ?? null,
            bank: body.bank,
            bankAccount: body.bank_account,
            bankAccountType: body.bank_account_type,
          },
          requestedAmount: body.requested_amount * 100,
          term: body.term,
          statusId: CREATED_STATUS,
          source,
          // A seller's own lead is theirs to work (and the only way they would see it).
          sellerId: sellerIdOf(user),
          userId: user.id,
          reason: 'Alta de lead',
          // A banned customer's application is created stopped at prefilter, the ban its reason.
          screen: (tx, customer) =>
            screenNewLead(tx, {
              country,
              docNumber: body.doc_number,
              cellphone: customer.cellphone,
              email: customer.email,
              bankAccount: customer.bankAccount,
            }),
        },
        key === undefined ? undefined : { userId: user.id, key, requestHash: requestHashOf(body) },
      );
      if (created.outcome === 'incomplete') throw invalidData(created.fields);
      if (created.outcome === 'heldByAnotherSeller') {
        const message = customerWorkedMessage(created.leadId);
        throw new HttpError(409, message, [{ field: 'doc_number', message }]);
      }
      if (created.outcome === 'keyReused')
        throw new HttpError(422, IDEMPOTENCY_MESSAGES.reused, [{ field: 'idempotency-key', message: IDEMPOTENCY_MESSAGES.reused }]);
      if (created.outcome === 'replayed') void reply.header('idempotent-replayed', 'true');
      else changed();
      return reply.code(201).send(created.lead);
    },
  );
};

export default leadsRoutes;
