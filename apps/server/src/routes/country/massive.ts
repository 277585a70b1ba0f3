import multipart from '@fastify/multipart';
import {
  COUNTRY_TIME_ZONE,
  exportFormatSchema,
  canAccess,
  inVoice,
  MASSIVE_CATALOGUE,
  MASSIVE_LIST_CAP,
  MASSIVE_LIST_LABELS,
  MASSIVE_LISTS,
  MASSIVE_MAX_BYTES,
  MASSIVE_PLANNED,
  MASSIVE_ROW_STATUS_LABELS,
  MASSIVE_TYPES,
  massiveBatchListQuerySchema,
  massiveBatchSchema,
  massiveFromListBodySchema,
  massiveRowListQuerySchema,
  massiveRowSchema,
  massiveTypeSchema,
  massiveValidationSchema,
  type MassiveList,
} from '@backoffice/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError, invalidData, MESSAGES } from '../../lib/errors';
import { listRoutes } from '../../lists/routes';
import type { FileRow, ReadOptions } from '../../massive/file';
import { MASSIVE_LIST_SOURCES, massiveBatchList, massiveRowList } from '../../massive/lists';
import type { RowOut } from '../../repositories/massive';
import { acceptsGzip, gzipStream, tableCsvStream, tableXlsxStream, type Column } from '../../services/lead-export';
import type { CountryOptions } from './options';
import { SESSION_SECURITY, errorResponses } from '../responses';
import { signedInUser } from '../../plugins/app/auth';

const errors = errorResponses(400, 401, 403, 404, 409, 413);
const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

const catalogueSchema = z.object({
  types: z.array(
    z.object({
      type: massiveTypeSchema,
      label: z.string(),
      description: z.string(),
      roles: z.array(z.string()),
      allowed: z.boolean(),
      from_list: z.array(z.enum(MASSIVE_LISTS)),
      columns: z.array(z.object({ name: z.string(), label: z.string(), required: z.boolean(), rule: z.string(), example: z.string() })),
    }),
  ),
  planned: z.array(z.object({ label: z.string(), needs: z.string() })),
});

const FILE_MESSAGES = {
  noFile: 'Adjunta un archivo CSV o XLSX',
  tooLarge: `El archivo supera ${MASSIVE_MAX_BYTES / 1024 / 1024} MB: divídelo en varios lotes`,
  listTooLarge: (total: number, rows: string) =>
    `El filtro trae ${total.toLocaleString('es-AR')} ${rows}; un lote toma hasta ${MASSIVE_LIST_CAP.toLocaleString('es-AR')}: acota el filtro`,
  listEmpty: (list: MassiveList) => (list === 'leads' ? 'El filtro no trae ninguna solicitud' : 'El filtro no trae ningún préstamo'),
  missingValue: (name: string) => `Indica ${name} para todas las filas`,
};

const today = (country: 'arg' | 'col') => new Intl.DateTimeFormat('en-CA', { timeZone: COUNTRY_TIME_ZONE[country] }).format(new Date());

/** A table of rows as CSV (gzip when taken) or XLSX, as the lists' exports. */
function sendTable<R>(
  request: FastifyRequest,
  reply: FastifyReply,
  name: string,
  format: 'csv' | 'xlsx',
  columns: Column<R>[],
  batches: AsyncIterable<R[]>,
) {
  void reply.header('content-disposition', `attachment; filename="${name}.${format}"`).header('cache-control', 'no-store');
  if (format === 'csv') {
    const csv = tableCsvStream(columns, batches);
    void reply.type('text/csv; charset=utf-8').header('vary', 'accept-encoding');
    if (!acceptsGzip(request.headers['accept-encoding'])) return reply.send(csv);
    return reply.header('content-encoding', 'gzip').send(gzipStream(csv));
  }
  const stream = tableXlsxStream(name.slice(0, 31), columns, batches, (error) => request.log.error({ err: error }, 'xlsx export failed'));
  return reply.type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet').send(stream);
}

/** /massives, /create-massive, /massive-batches, /massive-batch-detail (DOMAIN 2, 4: admin and supervisor). */
const massiveRoutes: FastifyPluginAsyncZod<CountryOptions> = async (app, { country }) => {
  // One file per request, at most MASSIVE_MAX_BYTES: a larger one is cut off and answered 413.
  await app.register(multipart, { limits: { fileSize: MASSIVE_MAX_BYTES, files: 1, fields: 10, fieldSize: 1000 } });

  app.get(
    '/massives',
    {
      onRequest: app.authorize('massives'),
      schema: {
        tags: ['massive'],
        summary: 'Catálogo de operaciones masivas: columnas, reglas y roles',
        security: SESSION_SECURITY,
        response: { 200: catalogueSchema, ...errors },
      },
    },
    async (request) => ({
      types: MASSIVE_TYPES.map((type) => {
        const entry = MASSIVE_CATALOGUE[type];
        let allowed = true;
        try {
          app.massive.requireType(type, country, signedInUser(request));
        } catch {
          allowed = false;
        }
        // The rules address the user ("para tu rol", "Indica…"): said in the country's voice, as its errors are.
        return {
          type,
          label: entry.label,
          description: inVoice(country, entry.description),
          roles: [...entry.roles],
          allowed,
          from_list: entry.fromList.map((source) => source.list),
          columns: entry.columns.map((column) => ({ ...column, rule: inVoice(country, column.rule) })),
        };
      }),
      planned: MASSIVE_PLANNED.map((planned) => ({ ...planned })),
    }),
  );

  app.get(
    '/massives/:type/template',
    {
      onRequest: app.authorize('massives'),
      schema: {
        tags: ['massive'],
        summary: 'Plantilla de la operación (encabezado y una fila de ejemplo), CSV o XLSX',
        security: SESSION_SECURITY,
        params: z.object({ type: massiveTypeSchema }),
        querystring: z.object({ format: exportFormatSchema.default('csv') }),
        response: errors,
      },
    },
    async (request, reply) => {
      const { type } = request.params;
      const columns = MASSIVE_CATALOGUE[type].columns.map((column): Column<Record<string, string>> => ({
        header: column.name,
        width: 24,
        kind: 'text',
        value: (row) => row[column.name] ?? '',
      }));
      const example = Object.fromEntries(MASSIVE_CATALOGUE[type].columns.map((column) => [column.name, column.example]));
      async function* rows() {
        yield [example];
      }
      return sendTable(request, reply, `plantilla-${type}`, request.query.format, columns, rows());
    },
  );

  app.post(
    '/massive-batches/validate',
    {
      onRequest: app.authorize('create-massive'),
      schema: {
        tags: ['massive'],
        summary: 'Valida un archivo (multipart: type, file, encoding?, delimiter?) en un lote borrador, sin cambiar nada',
        description:
          'Cada fila se revisa (tipos, existencia, permisos, reglas de la operación). El lote queda en borrador con su informe; ' +
          'POST /massive-batches/:id/start aplica las filas válidas.',
        security: SESSION_SECURITY,
        consumes: ['multipart/form-data'],
        response: { 200: massiveValidationSchema, ...errors },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw invalidData([{ field: 'file', message: FILE_MESSAGES.noFile }]);
      const fields: Record<string, string> = {};
      let file: { name: string; buffer: Buffer } | undefined;
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          const chunks: Buffer[] = [];
          for await (const chunk of part.file) chunks.push(chunk as Buffer);
          if (part.file.truncated) throw new HttpError(413, FILE_MESSAGES.tooLarge, [{ field: 'file', message: FILE_MESSAGES.tooLarge }]);
          file = { name: part.filename || 'archivo.csv', buffer: Buffer.concat(chunks) };
        } else fields[part.fieldname] = String(part.value);
      }
      const type = massiveTypeSchema.safeParse(fields.type);
      if (!type.success) throw invalidData([{ field: 'type', message: 'Tipo de operación desconocido' }]);
      if (!file) throw invalidData([{ field: 'file', message: FILE_MESSAGES.noFile }]);
      const options: ReadOptions = {};
      if (fields.encoding) {
        if (fields.encoding !== 'utf-8' && fields.encoding !== 'latin1')
          throw invalidData([{ field: 'encoding', message: 'Usa utf-8 o latin1' }]);
        options.encoding = fields.encoding;
      }
      if (fields.delimiter) {
        if (fields.delimiter !== ';' && fields.delimiter !== ',') throw invalidData([{ field: 'delimiter', message: 'Usa ; o ,' }]);
        options.delimiter = fields.delimiter;
      }
      app.massive.requireType(type.data, country, signedInUser(request));
      let read: { encoding?: string; delimiter?: string } = {};
      const rows = app.massive.fileRows(type.data, file.name, file.buffer, options, (info) => (read = info));
      const result = await app.massive.validate(country, signedInUser(request), type.data, { rows, fileName: file.name, source: 'file' });
      return { ...result, ...read };
    },
  );

  app.post(
    '/massive-batches/from-list',
    {
      onRequest: app.authorize('create-massive'),
      schema: {
        tags: ['massive'],
        summary:
          'Valida un lote con las filas de una lista filtrada (leads: solicitudes; cobranzas: préstamos; hasta 100.000) y los valores de las demás columnas',
        security: SESSION_SECURITY,
        body: massiveFromListBodySchema,
        response: { 200: massiveValidationSchema, ...errors },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      const { type, filters: text, values } = request.body;
      app.massive.requireType(type, country, user);
      const entry = MASSIVE_CATALOGUE[type];
      const source = entry.fromList.find((candidate) => candidate.list === request.body.list);
      if (!source)
        throw invalidData([
          { field: 'type', message: `Esta operación no se crea desde la lista de ${MASSIVE_LIST_LABELS[request.body.list].title}` },
        ]);
      const idColumn = source.idColumn;
      const problems = entry.columns
        .filter((column) => column.required && column.name !== idColumn && !values[column.name]?.trim())
        .map((column) => ({ field: `values.${column.name}`, message: FILE_MESSAGES.missingValue(column.label) }));
      if (problems.length) throw invalidData(problems);
      const list = MASSIVE_LIST_SOURCES[request.body.list];
      if (!canAccess(list.screen, country, user.role)) throw new HttpError(403, MESSAGES.forbidden);
      const matched = await list.rows(app, country, user, text);
      const noun = MASSIVE_LIST_LABELS[request.body.list].rows;
      if (matched.total > MASSIVE_LIST_CAP)
        throw invalidData([{ field: 'filters', message: FILE_MESSAGES.listTooLarge(matched.total, noun) }]);
      if (matched.total === 0) throw invalidData([{ field: 'filters', message: FILE_MESSAGES.listEmpty(request.body.list) }]);
      // Only the filter names records: any id column the client sent is dropped (a lead_id beside the collections' loans too).
      const ids = new Set(entry.fromList.map((candidate) => candidate.idColumn));
      const known = new Set(entry.columns.map((column) => column.name));
      const cells = Object.fromEntries(Object.entries(values).filter(([name]) => known.has(name) && !ids.has(name)));
      async function* rows(): AsyncGenerator<FileRow> {
        let line = 0;
        for await (const page of matched.ids()) {
          for (const id of page) yield { line: ++line, cells: { ...cells, [idColumn]: String(id) } };
        }
      }
      return app.massive.validate(country, user, type, { rows: rows(), fileName: null, source: 'list' });
    },
  );

  listRoutes(app, {
    country,
    path: '/massive-batches',
    screen: 'massive-batches',
    tag: 'massive',
    summary: 'Lotes masivos del país, los más nuevos primero',
    query: massiveBatchListQuerySchema,
    row: massiveBatchSchema,
    definition: massiveBatchList,
    filters: (query) => ({ type: query.type, status: query.status }),
  });

  app.get(
    '/massive-batches/:id',
    {
      onRequest: app.authorize('massive-batch-detail'),
      schema: {
        tags: ['massive'],
        summary: 'Un lote: tipo, archivo, quién, cuándo, conteos',
        security: SESSION_SECURITY,
        params: idParams,
        response: { 200: massiveBatchSchema, ...errors },
      },
    },
    async (request) => app.massive.find(country, request.params.id),
  );

  listRoutes(app, {
    country,
    path: '/massive-batches/:id/rows',
    screen: 'massive-batch-detail',
    tag: 'massive',
    summary: 'Las filas de un lote con su resultado y su error',
    query: massiveRowListQuerySchema,
    row: massiveRowSchema,
    definition: massiveRowList,
    filters: async (query, request) => {
      const { id } = idParams.parse(request.params);
      await app.massive.find(country, id);
      return { batchId: id, status: query.status };
    },
  });

  app.get(
    '/massive-batches/:id/results',
    {
      onRequest: app.authorize('massive-batch-detail'),
      schema: {
        tags: ['massive'],
        summary: 'Informe del lote (validación o resultados): cada fila con sus columnas, su resultado y su error, CSV o XLSX',
        security: SESSION_SECURITY,
        params: idParams,
        querystring: z.object({ format: exportFormatSchema.default('csv'), status: massiveRowListQuerySchema.shape.status }),
        response: errors,
      },
    },
    async (request, reply) => {
      const batch = await app.massive.find(country, request.params.id);
      const columns: Column<RowOut>[] = [
        { header: 'Fila', width: 8, kind: 'number', value: (row) => row.row },
        ...MASSIVE_CATALOGUE[batch.type].columns.map((column): Column<RowOut> => ({
          header: column.name,
          width: 22,
          kind: 'text',
          value: (row) => row.data[column.name] ?? '',
        })),
        { header: 'Resultado', width: 18, kind: 'text', value: (row) => MASSIVE_ROW_STATUS_LABELS[row.status] },
        { header: 'Error', width: 60, kind: 'text', value: (row) => row.error },
        { header: 'Aplicada (UTC)', width: 22, kind: 'text', value: (row) => row.appliedAt },
      ];
      const name = `lote-${batch.id}-${country}-${today(country)}`;
      return sendTable(
        request,
        reply,
        name,
        request.query.format,
        columns,
        app.massive.repository.rowBatches(batch.id, request.query.status),
      );
    },
  );

  const actions = ['start', 'pause', 'resume', 'cancel', 'retry'] as const;
  const summaries: Record<(typeof actions)[number], string> = {
    start: 'Aplica las filas válidas de un lote validado (trabajo en segundo plano)',
    pause: 'Pausa un lote en curso (la fila en curso termina)',
    resume: 'Reanuda un lote pausado',
    cancel: 'Cancela un lote: lo aplicado queda aplicado; lo pendiente no se aplica',
    retry: 'Vuelve a aplicar solo las filas fallidas',
  };
  for (const action of actions) {
    app.post(
      `/massive-batches/:id/${action}`,
      {
        onRequest: app.authorize('massive-batch-detail'),
        schema: {
          tags: ['massive'],
          summary: summaries[action],
          security: SESSION_SECURITY,
          params: idParams,
          response: { 200: massiveBatchSchema, ...errors },
        },
      },
      async (request) => {
        const batch = await app.massive[action](country, signedInUser(request), request.params.id);
        // A listening node starts on it at once (tests drive the worker themselves); the lease keeps one node per batch.
        if (batch.status === 'queued' && app.server.listening)
          void app.massiveWorker.runOnce().catch((error: unknown) => request.log.error({ err: error }, 'massive worker run failed'));
        return batch;
      },
    );
  }
};

export default massiveRoutes;
