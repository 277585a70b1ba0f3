import {
  BAN_KINDS,
  BAN_MESSAGES,
  BAN_REASONS,
  BAN_SCOPES,
  BAN_STATES,
  COUNTRY_TIME_ZONE,
  MESSAGE_CHANNELS,
  banCreateSchema,
  banCreatedSchema,
  banDetailSchema,
  banLiftSchema,
  banListQuerySchema,
  banRowSchema,
  canWrite,
  idSchema,
  labelOf,
  okSchema,
  onlyDigits,
  type BanKind,
  type BanReason,
  type BanRow,
  type BanState,
  type Country,
  type Screen,
} from '@backoffice/shared';
import { sql, type SQL } from 'drizzle-orm';
import type { onRequestHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError, MESSAGES } from '../../lib/errors';
import { defineList } from '../../lists/definition';
import { listRoutes } from '../../lists/routes';
import { banFrom, banRowJson, banStateSql } from '../../repositories/customer-bans';
import { banCustomers } from '../../services/customer-bans';
import type { CountryOptions } from './options';
import { SESSION_SECURITY, errorResponses } from '../responses';
import { signedInUser } from '../../plugins/app/auth';

const SCREEN: Screen = 'customers-ban';
const errors = errorResponses(400, 401, 403, 404, 409);

interface BanFilters {
  kind?: BanKind[];
  reason?: BanReason[];
  state?: BanState[];
  scope?: 'credit' | 'do_not_contact';
  createdBy?: number[];
  from?: string;
  to?: string;
  q?: string;
}

const list = <T>(values: readonly T[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

/** A calendar day of the country as the instant it begins. */
const dayStart = (country: Country, day: string) => sql`(cast(${day} as date)::timestamp at time zone ${COUNTRY_TIME_ZONE[country]})`;

const time = (value: string | null) => (value ? new Date(value).toISOString() : null);

/** /customers-ban: every ban of the country, newest first, its state computed now. */
export const bansList = defineList<BanFilters, BanRow>({
  name: 'bloqueos',
  from: banFrom,
  id: sql`b.id`,
  sorts: {
    starts_at: { expr: sql`b.starts_at`, type: 'timestamptz' },
    expires_at: { expr: sql`coalesce(b.expires_at, 'infinity'::timestamptz)`, type: 'timestamptz' },
    id: { expr: sql`b.id`, type: 'integer' },
  },
  defaultSort: { sort: 'starts_at', dir: 'desc' },
  where: ({ country }, f) => {
    const digits = f.q ? onlyDigits(f.q) : '';
    const text: SQL | undefined = f.q
      ? /^[\d\s.+()-]+$/.test(f.q) && digits
        ? sql`b.value like ${`%${digits}%`}`
        : sql`b.value like ${`%${f.q.toLowerCase().replace(/[%_\\]/g, (c) => `\\${c}`)}%`}`
      : undefined;
    return [
      sql`b.country = ${country}`,
      f.kind?.length ? sql`b.kind in (${list(f.kind)})` : undefined,
      f.reason?.length ? sql`b.reason in (${list(f.reason)})` : undefined,
      f.state?.length ? sql`${banStateSql} in (${list(f.state)})` : undefined,
      f.scope === 'credit' ? sql`b.channel is null` : f.scope === 'do_not_contact' ? sql`b.channel is not null` : undefined,
      f.createdBy?.length ? sql`b.created_by in (${list(f.createdBy)})` : undefined,
      f.from ? sql`b.starts_at >= ${dayStart(country, f.from)}` : undefined,
      f.to ? sql`b.starts_at < ${dayStart(country, f.to)} + interval '1 day'` : undefined,
      text,
    ];
  },
  row: banRowJson,
  export: {
    sheet: 'Bloqueos',
    columns: () => [
      { header: 'Id', width: 8, kind: 'number', value: (r) => r.id },
      { header: 'Tipo', width: 16, kind: 'text', value: (r) => labelOf(BAN_KINDS, r.kind) },
      { header: 'Valor', width: 28, kind: 'text', value: (r) => r.value },
      {
        header: 'Alcance',
        width: 18,
        kind: 'text',
        value: (r) => (r.channel ? `No contactar por ${labelOf(MESSAGE_CHANNELS, r.channel)}` : labelOf(BAN_SCOPES, 'credit')),
      },
      { header: 'Motivo', width: 24, kind: 'text', value: (r) => labelOf(BAN_REASONS, r.reason) },
      { header: 'Detalle', width: 30, kind: 'text', value: (r) => r.notes },
      { header: 'Estado', width: 12, kind: 'text', value: (r) => labelOf(BAN_STATES, r.state) },
      { header: 'Desde', width: 20, kind: 'date', value: (r) => time(r.starts_at) },
      { header: 'Vence', width: 20, kind: 'date', value: (r) => time(r.expires_at) },
      { header: 'Creado por', width: 20, kind: 'text', value: (r) => r.created_by_name },
      { header: 'Levantado', width: 20, kind: 'date', value: (r) => time(r.lifted_at) },
      { header: 'Levantado por', width: 20, kind: 'text', value: (r) => r.lifted_by_name },
      { header: 'Motivo del levantamiento', width: 30, kind: 'text', value: (r) => r.lift_reason },
      { header: 'Solicitudes detenidas', width: 12, kind: 'number', value: (r) => r.stopped },
    ],
  },
});

/**
 * Customer bans (DOMAIN 2): the list and its export, a ban's detail with the applications it stopped, a new
 * ban and lifting one. Admin, supervisor and ATC write; operators read (SCREEN_ACCESS readOnly).
 */
const customerBansRoutes: FastifyPluginAsyncZod<CountryOptions> = async (app, { country }) => {
  const read = app.authorize(SCREEN);
  const write: onRequestHookHandler[] = [
    read,
    async (request) => {
      if (!canWrite(SCREEN, country, signedInUser(request).role)) throw new HttpError(403, MESSAGES.forbidden);
    },
  ];

  listRoutes(app, {
    country,
    path: '/customer-bans',
    screen: SCREEN,
    tag: 'customer-bans',
    summary: 'Bloqueos de clientes',
    query: banListQuerySchema,
    row: banRowSchema,
    definition: bansList,
    filters: (q) => ({
      kind: q.kind,
      reason: q.reason,
      state: q.state,
      scope: q.scope,
      createdBy: q.created_by,
      from: q.from,
      to: q.to,
      q: q.q || undefined,
    }),
  });

  app.get(
    '/customer-bans/authors',
    {
      onRequest: read,
      schema: {
        tags: ['customer-bans'],
        summary: 'Quienes crearon bloqueos (el filtro "Creado por")',
        security: SESSION_SECURITY,
        response: { 200: z.object({ authors: z.array(z.object({ id: z.number().int(), name: z.string() })) }), ...errors },
      },
    },
    async () => ({ authors: await app.customerBans.authors(country) }),
  );

  app.get(
    '/customer-bans/:id',
    {
      onRequest: read,
      schema: {
        tags: ['customer-bans'],
        summary: 'Un bloqueo y las solicitudes que detuvo',
        security: SESSION_SECURITY,
        params: z.object({ id: idSchema }),
        response: { 200: banDetailSchema, ...errors },
      },
    },
    async (request) => {
      const detail = await app.customerBans.detail(country, request.params.id);
      if (!detail) throw new HttpError(404, BAN_MESSAGES.notFound);
      return detail;
    },
  );

  app.post(
    '/customer-bans',
    {
      onRequest: write,
      schema: {
        tags: ['customer-bans'],
        summary: 'Bloquea un documento, celular, email o cuenta (o el contacto por un canal)',
        description:
          'El valor se normaliza como lo compara el alta de solicitudes: dígitos del documento o la cuenta, el celular como número nacional, el email en minúsculas. ' +
          'Una nueva solicitud de un cliente bloqueado queda detenida en el prefiltro con el bloqueo como motivo.',
        security: SESSION_SECURITY,
        body: banCreateSchema,
        response: { 201: banCreatedSchema, ...errors },
      },
    },
    async (request, reply) => {
      const [id] = await app.db.transaction((tx) => banCustomers(tx, app.customerBans, country, signedInUser(request).id, [request.body]));
      return reply.code(201).send({ id: id! });
    },
  );

  app.post(
    '/customer-bans/:id/lift',
    {
      onRequest: write,
      schema: {
        tags: ['customer-bans'],
        summary: 'Levanta un bloqueo (con motivo; queda en el historial)',
        security: SESSION_SECURITY,
        params: z.object({ id: idSchema }),
        body: banLiftSchema,
        response: { 200: okSchema, ...errors },
      },
    },
    async (request) => {
      const result = await app.customerBans.lift(
        country,
        request.params.id,
        signedInUser(request).id,
        request.body.reason,
        request.body.version,
      );
      if (result === undefined) throw new HttpError(404, BAN_MESSAGES.notFound);
      if (result === 'lifted') throw new HttpError(409, BAN_MESSAGES.lifted);
      if (result === 'stale') throw new HttpError(409, BAN_MESSAGES.stale);
      return { ok: true as const };
    },
  );
};

export default customerBansRoutes;
