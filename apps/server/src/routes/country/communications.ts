import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  COMMUNICATION_MESSAGES,
  COUNTRY_TIME_ZONE,
  MESSAGE_CHANNELS,
  MESSAGE_STATUSES,
  MESSAGE_DIRECTIONS,
  canAccess,
  canWrite,
  conversationSchema,
  deliveryReceiptSchema,
  findRole,
  idSchema,
  inboundMessageSchema,
  labelOf,
  messageListQuerySchema,
  messagePreviewSchema,
  messageRowSchema,
  messageSendSchema,
  messageSentSchema,
  okSchema,
  templateSaveSchema,
  templateSchema,
  templateVariablesOf,
  type Country,
  type MessageChannel,
  type MessageRow,
  type MessageStatus,
  type Screen,
} from '@backoffice/shared';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError, MESSAGES } from '../../lib/errors';
import { defineList } from '../../lists/definition';
import { listRoutes } from '../../lists/routes';
import { isCollector } from '../../repositories/collections';
import type { CountryOptions } from './options';
import { SESSION_SECURITY, errorResponses } from '../responses';
import { signedInUser } from '../../plugins/app/auth';

const SCREEN: Screen = 'customers-communications';
const errors = errorResponses(400, 401, 403, 404, 409);
/** A webhook's timestamp may be this far from now (seconds); older is a replay. */
const WEBHOOK_WINDOW_SECONDS = 300;

interface MessageFilters {
  channel?: MessageChannel[];
  direction?: 'out' | 'in';
  status?: MessageStatus[];
  template?: number[];
  user?: number[];
  customer?: number;
  lead?: number;
  from?: string;
  to?: string;
  q?: string;
}

const list = <T>(values: readonly T[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );
const dayStart = (country: Country, day: string) => sql`(cast(${day} as date)::timestamp at time zone ${COUNTRY_TIME_ZONE[country]})`;
const time = (value: string | null) => (value ? new Date(value).toISOString() : null);

const messageRowJson = sql`json_build_object('id', m.id, 'channel', m.channel, 'direction', m.direction, 'status', m.status,
  'to_address', m.to_address, 'subject', m.subject, 'body', m.body, 'template_id', m.template_id, 'template_name', t.name,
  'variables', m.variables, 'customer_id', m.customer_id, 'customer_name', case when c.id is null then null else c.last_name || ', ' || c.first_name end,
  'lead_id', m.lead_id, 'loan_id', m.loan_id, 'user_id', m.user_id, 'user_name', u.name, 'attempts', m.attempts, 'error', m.error,
  'send_after', m.send_after, 'created_at', m.created_at, 'sent_at', m.sent_at, 'delivered_at', m.delivered_at)`;
const messageFrom = sql`customer_messages m left join message_templates t on t.id = m.template_id left join customers c on c.id = m.customer_id
  left join users u on u.id = m.user_id left join leads l on l.id = m.lead_id`;

/** /customers-communications: every message of the country, newest first; a seller's own applications' only. */
export const messagesList = defineList<MessageFilters, MessageRow>({
  name: 'comunicaciones',
  from: messageFrom,
  id: sql`m.id`,
  sorts: { created_at: { expr: sql`m.created_at`, type: 'timestamptz' }, id: { expr: sql`m.id`, type: 'bigint' } },
  defaultSort: { sort: 'created_at', dir: 'desc' },
  where: ({ country, user }, f) => {
    const own = ['seller', 'seller_wo_assignation'].includes(findRole(country, user.role)?.kind ?? '');
    const like = f.q ? `%${f.q.toLowerCase().replace(/[%_\\]/g, (c) => `\\${c}`)}%` : undefined;
    const conditions: (SQL | undefined)[] = [
      sql`m.country = ${country}`,
      own ? sql`l.seller_id = ${user.id}` : undefined,
      f.channel?.length ? sql`m.channel in (${list(f.channel)})` : undefined,
      f.direction ? sql`m.direction = ${f.direction}` : undefined,
      f.status?.length ? sql`m.status in (${list(f.status)})` : undefined,
      f.template?.length ? sql`m.template_id in (${list(f.template)})` : undefined,
      f.user?.length ? sql`m.user_id in (${list(f.user)})` : undefined,
      f.customer ? sql`m.customer_id = ${f.customer}` : undefined,
      f.lead ? sql`m.lead_id = ${f.lead}` : undefined,
      f.from ? sql`m.created_at >= ${dayStart(country, f.from)}` : undefined,
      f.to ? sql`m.created_at < ${dayStart(country, f.to)} + interval '1 day'` : undefined,
      like ? sql`(lower(m.body) like ${like} or m.to_address like ${like})` : undefined,
    ];
    return conditions;
  },
  row: messageRowJson,
  export: {
    sheet: 'Comunicaciones',
    columns: () => [
      { header: 'Id', width: 8, kind: 'number', value: (r) => r.id },
      { header: 'Fecha', width: 20, kind: 'date', value: (r) => time(r.created_at) },
      { header: 'Canal', width: 10, kind: 'text', value: (r) => labelOf(MESSAGE_CHANNELS, r.channel) },
      { header: 'Dirección', width: 10, kind: 'text', value: (r) => labelOf(MESSAGE_DIRECTIONS, r.direction) },
      { header: 'Estado', width: 10, kind: 'text', value: (r) => labelOf(MESSAGE_STATUSES, r.status) },
      { header: 'Cliente', width: 24, kind: 'text', value: (r) => r.customer_name },
      { header: 'Destino', width: 24, kind: 'text', value: (r) => r.to_address },
      { header: 'Plantilla', width: 20, kind: 'text', value: (r) => r.template_name },
      { header: 'Mensaje', width: 50, kind: 'text', value: (r) => r.body },
      { header: 'Usuario', width: 20, kind: 'text', value: (r) => r.user_name },
      { header: 'Error', width: 30, kind: 'text', value: (r) => r.error },
    ],
  },
});

/** Checks a provider webhook: `Authorization: Bearer <hex HMAC-SHA256 of "<timestamp>.<raw body>">` and `X-Webhook-Timestamp`. */
export function webhookSignature(secret: string, timestamp: string, rawBody: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');
}

/**
 * Customer communications (DOMAIN 2, 5): the list and its export, a customer's conversation, the send form's
 * preview and send (back office and customer service; sellers on their own applications), templates (admins),
 * and the providers' webhooks (delivery receipts, inbound messages), signed and timestamped.
 */
const communicationsRoutes: FastifyPluginAsyncZod<CountryOptions> = async (app, { country }) => {
  const read = app.authorize(SCREEN);
  const isSeller = (request: FastifyRequest) =>
    ['seller', 'seller_wo_assignation'].includes(findRole(country, signedInUser(request).role)?.kind ?? '');
  const isCollectorUser = (request: FastifyRequest) => isCollector(country, signedInUser(request).role);
  /** Who sends: the screen's writers, sellers and collectors (the service checks the application or loan is theirs). */
  const sender: onRequestHookHandler = async function (request, reply) {
    await app.authenticate.call(this, request, reply, () => {});
    if (!canWrite(SCREEN, country, signedInUser(request).role) && !isSeller(request) && !isCollectorUser(request))
      throw new HttpError(403, MESSAGES.forbidden);
  };
  /** Who reads a conversation: the screen's readers, and the senders above (their own customers only). */
  const conversationReader: onRequestHookHandler = async function (request, reply) {
    await app.authenticate.call(this, request, reply, () => {});
    const role = signedInUser(request).role;
    if (!canAccess(SCREEN, country, role) && !isSeller(request) && !isCollectorUser(request)) throw new HttpError(403, MESSAGES.forbidden);
  };
  const admin: onRequestHookHandler[] = [
    read,
    async (request) => {
      if (findRole(country, signedInUser(request).role)?.kind !== 'admin') throw new HttpError(403, MESSAGES.forbidden);
    },
  ];

  listRoutes(app, {
    country,
    path: '/communications',
    screen: SCREEN,
    tag: 'communications',
    summary: 'Comunicaciones con clientes',
    query: messageListQuerySchema,
    row: messageRowSchema,
    definition: messagesList,
    filters: (q) => ({
      channel: q.channel,
      direction: q.direction,
      status: q.status,
      template: q.template,
      user: q.user,
      customer: q.customer,
      lead: q.lead,
      from: q.from,
      to: q.to,
      q: q.q || undefined,
    }),
  });

  app.get(
    '/communications/conversation/:customerId',
    {
      onRequest: conversationReader,
      schema: {
        tags: ['communications'],
        summary: 'La conversación con un cliente, por todos los canales (la más reciente al final)',
        security: SESSION_SECURITY,
        params: z.object({ customerId: idSchema }),
        response: { 200: conversationSchema, ...errors },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      const { customerId } = request.params;
      const own = isSeller(request) ? { sellerId: user.id } : isCollectorUser(request) ? { collectorId: user.id } : {};
      if (!(await app.communications.customerVisible(country, customerId, own)))
        throw new HttpError(404, COMMUNICATION_MESSAGES.customerNotFound);
      return app.communications.conversation(country, customerId, own, messageRowJson, messageFrom);
    },
  );

  app.post(
    '/communications/preview',
    {
      onRequest: sender,
      schema: {
        tags: ['communications'],
        summary: 'Vista previa de un mensaje',
        security: SESSION_SECURITY,
        body: messageSendSchema,
        response: { 200: messagePreviewSchema, ...errors },
      },
    },
    async (request) => app.messaging.preview(country, signedInUser(request), request.body),
  );

  app.post(
    '/communications',
    {
      onRequest: sender,
      schema: {
        tags: ['communications'],
        summary: 'Envía un mensaje por SMS, WhatsApp o email (desde una plantilla o texto libre)',
        description:
          'Se encola y se envía cuando corresponde: fuera del horario permitido del país espera; a un canal bloqueado se rechaza (409 con el motivo).',
        security: SESSION_SECURITY,
        body: messageSendSchema,
        response: { 201: messageSentSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await app.messaging.send(country, signedInUser(request), request.body)),
  );

  app.get(
    '/communications/templates',
    {
      onRequest: conversationReader,
      schema: {
        tags: ['communications'],
        summary: 'Plantillas de mensajes',
        security: SESSION_SECURITY,
        querystring: z.object({ all: z.enum(['true', 'false']).optional() }),
        response: { 200: z.object({ templates: z.array(templateSchema) }), ...errors },
      },
    },
    async (request) => {
      const templates = await app.communications.templates(country, request.query.all !== 'true');
      return { templates: templates.map((t) => ({ ...t, variables: templateVariablesOf(`${t.subject ?? ''} ${t.body}`) })) };
    },
  );

  app.post(
    '/communications/templates',
    {
      onRequest: admin,
      schema: {
        tags: ['communications'],
        summary: 'Crea una plantilla (admin)',
        security: SESSION_SECURITY,
        body: templateSaveSchema,
        response: { 201: z.object({ id: z.number().int() }), ...errors },
      },
    },
    async (request, reply) => {
      const { version: _version, ...values } = request.body;
      const id = await app.communications.saveTemplate(country, undefined, { ...values, subject: values.subject ?? null });
      return reply.code(201).send({ id: id! });
    },
  );

  app.put(
    '/communications/templates/:id',
    {
      onRequest: admin,
      schema: {
        tags: ['communications'],
        summary: 'Edita o desactiva una plantilla (admin)',
        security: SESSION_SECURITY,
        params: z.object({ id: idSchema }),
        body: templateSaveSchema,
        response: { 200: okSchema, ...errors },
      },
    },
    async (request) => {
      const { version, ...values } = request.body;
      const id = await app.communications.saveTemplate(country, request.params.id, { ...values, subject: values.subject ?? null }, version);
      if (id === undefined) throw new HttpError(409, 'La plantilla no existe o fue modificada por otro usuario');
      return { ok: true as const };
    },
  );

  // The providers' webhooks: no session; a signature over the raw body with the configured secret, a recent
  // timestamp and a signature never seen before (a replay is refused).
  await app.register(async (hooks) => {
    hooks.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      (request as FastifyRequest & { rawBody?: string }).rawBody = String(body);
      try {
        done(null, JSON.parse(String(body)));
      } catch {
        done(new HttpError(400, MESSAGES.invalidJson), undefined);
      }
    });
    hooks.addHook('preHandler', async (request) => {
      const timestamp = String(request.headers['x-webhook-timestamp'] ?? '');
      const given = /^Bearer\s+([0-9a-f]{64})$/i.exec(request.headers.authorization ?? '')?.[1]?.toLowerCase();
      const raw = (request as FastifyRequest & { rawBody?: string }).rawBody ?? '';
      const expected = webhookSignature(app.config.messaging.webhookSecret, timestamp, raw);
      if (!given || !/^\d{1,12}$/.test(timestamp) || !timingSafeEqual(Buffer.from(given), Buffer.from(expected)))
        throw new HttpError(401, COMMUNICATION_MESSAGES.signature);
      if (Math.abs(Date.now() / 1000 - Number(timestamp)) > WEBHOOK_WINDOW_SECONDS || !(await app.communications.firstSighting(given))) {
        throw new HttpError(409, COMMUNICATION_MESSAGES.replayed);
      }
    });
    hooks.post(
      '/communications/webhooks/receipts',
      {
        schema: {
          tags: ['communications'],
          summary: 'Aviso de entrega de un proveedor (firmado)',
          body: deliveryReceiptSchema,
          response: { 200: okSchema, ...errors },
        },
      },
      async (request) => {
        const body = request.body as z.infer<typeof deliveryReceiptSchema>;
        await app.messaging.receipt(body.provider_id, body.status, body.error);
        return { ok: true as const };
      },
    );
    hooks.post(
      '/communications/webhooks/inbound',
      {
        schema: {
          tags: ['communications'],
          summary: 'Mensaje entrante de un cliente (firmado)',
          body: inboundMessageSchema,
          response: {
            200: z.object({
              id: z.number().int(),
              customer_id: z.number().int().nullable(),
              lead_id: z.number().int().nullable(),
              stopped: z.boolean(),
            }),
            ...errors,
          },
        },
      },
      async (request) => {
        const result = await app.messaging.inbound(country, request.body as z.infer<typeof inboundMessageSchema>);
        return { id: result.id, customer_id: result.customerId, lead_id: result.leadId, stopped: result.stopped };
      },
    );
  });
};

export default communicationsRoutes;
