import { randomBytes } from 'node:crypto';
import { normaliseBanValue, onlyDigits, type ListResponse, type CollectionRow, type MassiveValidation } from '@backoffice/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerBans, customerMessages, leadEvents, loanEvents, massiveBatchRows, messageTemplates } from '../../src/db/schema';
import type { SimulatorAdapter } from '../../src/services/messaging/adapters';
import { createTestApp, signedIn, type Driver, type TestApp, type TestClient } from '../helpers/app';
import { insertKnownLeads, userIdByEmail, type KnownLead } from '../helpers/leads-fixture';
import { insertLoans, type KnownLoan } from '../helpers/loans-fixture';

/*
 * Batches that send a communication (a template to each row's customer, through the messaging service) and
 * batches made from a filtered /collections list: valid and invalid rows, bans and opt-outs, who may run
 * them, each message queued once with its batch on the timelines, then handed to the adapter once.
 */

function multipart(fields: Record<string, string>, file: { name: string; content: string }) {
  const boundary = `----massive${randomBytes(8).toString('hex')}`;
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  parts.push(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: text/csv\r\n\r\n${file.content}\r\n`,
  );
  parts.push(`--${boundary}--\r\n`);
  return { body: Buffer.from(parts.join('')), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe.each<Driver>(['pglite', 'postgres'])('massive communications and collections lists on %s', { timeout: 300_000 }, (driver) => {
  let t: TestApp;
  const as = signedIn(() => t.app);
  let leads: KnownLead[];
  let loans: KnownLoan[];
  let colLead: KnownLead;
  let colLoan: KnownLoan;
  let collectorId: number;
  let inactiveTemplate: number;
  let emailTemplate: number;

  const upload = async (client: TestClient, content: string) => {
    const { body, headers } = multipart({ type: 'send-communication' }, { name: 'mensajes.csv', content });
    return client.request('POST', '/api/arg/massive-batches/validate', body, { headers });
  };
  const validated = (res: { statusCode: number; body: string }) => {
    expect(res.statusCode, res.body).toBe(200);
    return JSON.parse(res.body) as MassiveValidation;
  };
  const applied = async (client: TestClient, id: number) => {
    const res = await client.post(`/api/arg/massive-batches/${id}/start`, {});
    expect(res.statusCode, res.body).toBe(200);
    await t.app.massiveWorker.runOnce();
    return JSON.parse((await client.get(`/api/arg/massive-batches/${id}`)).body) as MassiveValidation['batch'];
  };
  const rowsOf = (batchId: number) =>
    t.app.db
      .select({
        row: massiveBatchRows.row,
        status: massiveBatchRows.status,
        error: massiveBatchRows.error,
        recordId: massiveBatchRows.recordId,
        data: massiveBatchRows.data,
      })
      .from(massiveBatchRows)
      .where(eq(massiveBatchRows.batchId, batchId))
      .orderBy(massiveBatchRows.row);
  const messageCount = async () => Number((await t.app.db.select({ n: sql<number>`count(*)` }).from(customerMessages))[0]!.n);
  /** The lead's cellphone as bans store it. */
  const banValue = (lead: KnownLead) => {
    const value = normaliseBanValue('arg', 'cellphone', lead.cellphone);
    return value.ok ? value.value : onlyDigits(lead.cellphone);
  };
  const ban = (lead: KnownLead, channel: 'whatsapp' | null) =>
    t.app.db
      .insert(customerBans)
      .values({ country: 'arg', kind: 'cellphone', value: banValue(lead), channel, reason: channel ? 'customer_request' : 'fraud' });

  beforeAll(async () => {
    t = await createTestApp(driver, { seedLeads: 0 }, (app) => {
      Object.assign(app.config.messaging, { quietHours: false, simulateFailSuffix: '' });
    });
    // The adapters were built from the config before setup ran: rebuild them from the test's.
    const { messageAdapters } = await import('../../src/services/messaging/adapters');
    Object.assign(t.app.messaging.adapters, messageAdapters(t.app.config.messaging));
    collectorId = await userIdByEmail(t.app, 'arg', 'collector@arg.example');
    leads = await insertKnownLeads(t.app, 'arg', 10, []);
    loans = await insertLoans(t.app, 'arg', leads.slice(6, 10), [
      { daysPastDue: 12 },
      { daysPastDue: 45, collectorId },
      { daysPastDue: 70 },
      { daysPastDue: 5 },
    ]);
    [colLead] = await insertKnownLeads(t.app, 'col', 2, []);
    [colLoan] = await insertLoans(t.app, 'col', [colLead], [{ daysPastDue: 20 }]);
    const [inactive] = await t.app.db
      .insert(messageTemplates)
      .values({ country: 'arg', name: 'Vieja promoción', channel: 'sms', body: 'Hola {{nombre}}', active: false })
      .returning({ id: messageTemplates.id });
    inactiveTemplate = inactive!.id;
    const [email] = await t.app.db
      .select({ id: messageTemplates.id })
      .from(messageTemplates)
      .where(and(eq(messageTemplates.country, 'arg'), eq(messageTemplates.name, 'Continuar la solicitud (email)')));
    emailTemplate = email!.id;
    await ban(leads[2]!, null);
    await ban(leads[3]!, 'whatsapp');
  }, 600_000);
  afterAll(async () => {
    await t?.close();
  });

  it('validates a file of sends without sending: each bad row named as one send would refuse it', async () => {
    const admin = await as('arg', 'admin@arg.example');
    const before = await messageCount();
    const csv = [
      'lead_id,loan_id,template,link,codigo',
      `${leads[0]!.id},,Continuar la solicitud,https://sigue.example/1,`,
      `,${loans[0]!.id},recordatorio de pago (sms),https://pagos.example/1,`,
      `${leads[1]!.id},,Plantilla que no existe,,`,
      `${leads[2]!.id},,Continuar la solicitud,https://sigue.example/2,`,
      `${leads[3]!.id},,Continuar la solicitud,https://sigue.example/3,`,
      `${colLead.id},,Continuar la solicitud,https://sigue.example/4,`,
      `${leads[4]!.id},,Recordatorio de pago (SMS),https://pagos.example/2,`,
      `${leads[0]!.id},,CONTINUAR LA SOLICITUD,https://sigue.example/5,`,
      `${leads[5]!.id},,${inactiveTemplate},,`,
      ',,Continuar la solicitud,https://sigue.example/6,',
      `,${colLoan.id},Recordatorio de pago (SMS),https://pagos.example/3,`,
      `${leads[5]!.id},,${emailTemplate},https://sigue.example/7,`,
      `${leads[1]!.id},,Continuar la solicitud,,`,
    ].join('\n');
    const result = validated(await upload(admin, csv));
    expect(result.batch.counts).toMatchObject({ total: 13, pending: 3, invalid: 10 });
    expect(result.errors).toEqual([
      { row: 4, error: 'La plantilla Plantilla que no existe no existe en este país' },
      { row: 5, error: `No se envía: Cliente bloqueado (Fraude): Celular ${banValue(leads[2]!)}` },
      { row: 6, error: 'No se envía: el cliente pidió no ser contactado por WhatsApp' },
      { row: 7, error: `La solicitud ${colLead.id} no existe en este país` },
      { row: 8, error: 'Falta el valor de {{vencimiento}}' },
      { row: 9, error: 'Fila repetida: la misma plantilla al mismo cliente ya está en la fila 2' },
      { row: 10, error: 'La plantilla no existe o está desactivada' },
      { row: 11, error: 'lead_id: Indicá la solicitud (lead_id) o el préstamo (loan_id)' },
      { row: 12, error: `El préstamo ${colLoan.id} no existe en este país` },
      { row: 14, error: 'Falta el valor de {{link}}' },
    ]);
    // Validating sent nothing and queued nothing.
    expect(await messageCount()).toBe(before);
    expect((t.app.messaging.adapters.sms as SimulatorAdapter).sent).toHaveLength(0);
  });

  it('refuses a banned customer with the reason one send gives', async () => {
    const admin = await as('arg', 'admin@arg.example');
    const templates = (await admin.get('/api/arg/communications/templates')).json<{ templates: { id: number; name: string }[] }>()
      .templates;
    const template = templates.find((tpl) => tpl.name === 'Continuar la solicitud')!;
    const one = await admin.post('/api/arg/communications', {
      channel: 'whatsapp',
      lead_id: leads[2]!.id,
      template_id: template.id,
      variables: { link: 'https://sigue.example/2' },
    });
    expect(one.statusCode).toBe(409);
    const batch = validated(await upload(admin, `lead_id,template,link\n${leads[2]!.id},Continuar la solicitud,https://sigue.example/2`));
    expect(batch.errors[0]!.error).toBe(one.json<{ message: string }>().message);
  });

  it('applies the valid rows: one queued message each, named after the batch on the timelines, delivered once', async () => {
    const admin = await as('arg', 'admin@arg.example');
    const adminId = await userIdByEmail(t.app, 'arg', 'admin@arg.example');
    const csv = [
      'lead_id,loan_id,template,link',
      `${leads[0]!.id},,Continuar la solicitud,https://sigue.example/1`,
      `,${loans[0]!.id},Recordatorio de pago (SMS),https://pagos.example/1`,
      `${leads[5]!.id},,${emailTemplate},https://sigue.example/7`,
      `${leads[1]!.id},,Continuar la solicitud,https://sigue.example/8`,
    ].join('\n');
    const result = validated(await upload(admin, csv));
    expect(result.batch.counts).toMatchObject({ pending: 4, invalid: 0 });
    // The customer opts out of WhatsApp between validation and apply: that row fails with the reason.
    await ban(leads[1]!, 'whatsapp');
    const batch = await applied(admin, result.batch.id);
    expect(batch.status).toBe('partial');
    expect(batch.counts).toMatchObject({ done: 3, failed: 1, pending: 0 });
    const rows = await rowsOf(batch.id);
    expect(rows[3]).toMatchObject({ status: 'failed', error: 'No se envía: el cliente pidió no ser contactado por WhatsApp' });
    const ids = rows.filter((row) => row.status === 'done').map((row) => row.recordId!);
    const messages = await t.app.db.select().from(customerMessages).where(inArray(customerMessages.id, ids)).orderBy(customerMessages.id);
    expect(messages.map((m) => [m.channel, m.status, m.userId, m.leadId, m.loanId])).toEqual([
      ['whatsapp', 'queued', adminId, leads[0]!.id, null],
      ['sms', 'queued', adminId, leads[6]!.id, loans[0]!.id],
      ['email', 'queued', adminId, leads[5]!.id, null],
    ]);
    expect(messages[0]!.body).toContain(leads[0]!.firstName);
    expect(messages[1]!.body).toContain(loans[0]!.dueDate.split('-').reverse().join('/'));
    const events = await t.app.db
      .select({ leadId: leadEvents.leadId, body: leadEvents.body, userId: leadEvents.userId })
      .from(leadEvents)
      .where(and(eq(leadEvents.type, 'message'), inArray(leadEvents.toValue, ids.map(String))));
    expect(events).toHaveLength(3);
    expect(events.every((event) => event.body?.endsWith(`(Lote #${batch.id})`) && event.userId === adminId)).toBe(true);
    const [loanEvent] = await t.app.db
      .select({ body: loanEvents.body, data: loanEvents.data })
      .from(loanEvents)
      .where(and(eq(loanEvents.loanId, loans[0]!.id), eq(loanEvents.type, 'communication')));
    expect(loanEvent!.data).toMatchObject({ message_id: ids[1], batch_id: batch.id });

    // The queue's worker hands each message to its adapter once, by its id.
    const sent = () =>
      [...new Set(Object.values(t.app.messaging.adapters))].flatMap((adapter) =>
        (adapter as SimulatorAdapter).sent.filter((m) => ids.includes(m.id)),
      );
    await t.app.messaging.runDue(50);
    await t.app.messaging.runDue(50);
    expect(
      sent()
        .map((m) => m.id)
        .sort((a, b) => a - b),
    ).toEqual(ids);
    const after = await t.app.db
      .select({ status: customerMessages.status })
      .from(customerMessages)
      .where(inArray(customerMessages.id, ids));
    expect(after.every((m) => m.status === 'sent')).toBe(true);
    // Retrying the failed row after the opt-out is lifted sends it, and the done rows are not sent again.
    await t.app.db.delete(customerBans).where(and(eq(customerBans.channel, 'whatsapp'), eq(customerBans.value, banValue(leads[1]!))));
    expect((await admin.post(`/api/arg/massive-batches/${batch.id}/retry`, {})).statusCode).toBe(200);
    await t.app.massiveWorker.runOnce();
    const retried = await rowsOf(batch.id);
    expect(retried.map((row) => row.status)).toEqual(['done', 'done', 'done', 'done']);
    expect(retried.slice(0, 3).map((row) => row.recordId)).toEqual(ids);
    expect(
      await t.app.db.select({ id: customerMessages.id }).from(customerMessages).where(eq(customerMessages.leadId, leads[0]!.id)),
    ).toHaveLength(1);
  });

  it('offers the operation in the catalogue, from both lists, with its CSV and XLSX templates', async () => {
    const admin = await as('arg', 'admin@arg.example');
    const catalogue = (await admin.get('/api/arg/massives')).json<{
      types: { type: string; from_list: string[]; allowed: boolean; roles: string[] }[];
    }>();
    expect(catalogue.types.find((entry) => entry.type === 'send-communication')).toMatchObject({
      allowed: true,
      roles: ['admin', 'supervisor'],
      from_list: ['leads', 'collections'],
    });
    expect(catalogue.types.find((entry) => entry.type === 'assign-collector')?.from_list).toEqual(['collections']);
    const csv = await admin.get('/api/arg/massives/send-communication/template?format=csv');
    expect(csv.body.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe('lead_id;loan_id;template;link;codigo');
    const xlsx = await admin.get('/api/arg/massives/send-communication/template?format=xlsx');
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('lets only admins and supervisors send in bulk', async () => {
    const csv = `lead_id,template,link\n${leads[0]!.id},Continuar la solicitud,https://sigue.example/1`;
    for (const email of ['atc@arg.example', 'collector@arg.example', 'seller@arg.example']) {
      const res = await upload(await as('arg', email), csv);
      expect(res.statusCode, email).toBe(403);
    }
    const supervisor = validated(await upload(await as('arg', 'supervisor@arg.example'), csv));
    expect(supervisor.batch.counts.pending).toBe(1);
  });

  it('makes a batch from the filtered collections list: the list’s loans only, its filters checked, roles on the server', async () => {
    const supervisor = await as('arg', 'supervisor@arg.example');
    const filters = 'dpd_min=10&collector=0';
    const listed = (await supervisor.get(`/api/arg/collections?${filters}&pageSize=100`))
      .json<ListResponse<CollectionRow>>()
      .rows.map((row) => row.id);
    expect(listed.sort((a, b) => a - b)).toEqual([loans[0]!.id, loans[2]!.id]);

    const res = await supervisor.post('/api/arg/massive-batches/from-list', {
      type: 'assign-collector',
      list: 'collections',
      filters,
      values: { collector_email: 'collector@arg.example', loan_id: String(loans[3]!.id) },
    });
    const result = validated(res);
    expect(result.batch.source).toBe('list');
    expect(result.batch.counts).toMatchObject({ total: 2, pending: 2 });
    // The rows are the filter's loans: a loan id sent by the client is not taken.
    expect((await rowsOf(result.batch.id)).map((row) => Number(row.data.loan_id))).toEqual([loans[0]!.id, loans[2]!.id]);
    const batch = await applied(supervisor, result.batch.id);
    expect(batch.counts).toMatchObject({ done: 2 });

    // A communication to the same list's customers: each row is a loan (amount and due date from it).
    const sends = validated(
      await supervisor.post('/api/arg/massive-batches/from-list', {
        type: 'send-communication',
        list: 'collections',
        filters: 'dpd_min=40',
        values: { template: 'Recordatorio de pago (SMS)', link: 'https://pagos.example/x', lead_id: String(leads[0]!.id) },
      }),
    );
    expect((await rowsOf(sends.batch.id)).map((row) => row.data)).toEqual([
      { loan_id: String(loans[1]!.id), template: 'Recordatorio de pago (SMS)', link: 'https://pagos.example/x' },
      { loan_id: String(loans[2]!.id), template: 'Recordatorio de pago (SMS)', link: 'https://pagos.example/x' },
    ]);

    const refusals = await Promise.all([
      supervisor.post('/api/arg/massive-batches/from-list', {
        type: 'assign-collector',
        list: 'collections',
        filters: 'dpd_min=abc',
        values: { collector_email: 'collector@arg.example' },
      }),
      supervisor.post('/api/arg/massive-batches/from-list', {
        type: 'assign-collector',
        list: 'collections',
        filters: 'due_from=1990-01-01',
        values: { collector_email: 'collector@arg.example' },
      }),
      supervisor.post('/api/arg/massive-batches/from-list', {
        type: 'ban-customers',
        list: 'collections',
        filters: '',
        values: { kind: 'document', reason: 'fraud', value: '1' },
      }),
      supervisor.post('/api/arg/massive-batches/from-list', {
        type: 'assign-collector',
        list: 'collections',
        filters: 'dpd_min=900',
        values: { collector_email: 'collector@arg.example' },
      }),
      supervisor.post('/api/arg/massive-batches/from-list', { type: 'assign-collector', list: 'collections', filters: '', values: {} }),
    ]);
    expect(refusals.map((r) => r.statusCode)).toEqual([400, 400, 400, 400, 400]);
    expect(refusals[0]!.json<{ fields: { field: string }[] }>().fields[0]!.field).toBe('filters.dpd_min');
    expect(refusals[1]!.json<{ fields: { field: string }[] }>().fields[0]!.field).toBe('due_from');
    expect(refusals[2]!.json<{ fields: { message: string }[] }>().fields[0]!.message).toBe(
      'Esta operación no se crea desde la lista de cobranzas',
    );
    expect(refusals[3]!.json<{ fields: { message: string }[] }>().fields[0]!.message).toBe('El filtro no trae ningún préstamo');
    expect(refusals[4]!.json<{ fields: { field: string }[] }>().fields[0]!.field).toBe('values.collector_email');

    // A collector reaches neither the batch nor, through it, the other collectors' loans.
    const collector = await as('arg', 'collector@arg.example');
    const forbidden = await collector.post('/api/arg/massive-batches/from-list', {
      type: 'assign-collector',
      list: 'collections',
      filters: '',
      values: { collector_email: 'collector@arg.example' },
    });
    expect(forbidden.statusCode).toBe(403);
    // The other country's loans are never in this country's list.
    const all = validated(
      await supervisor.post('/api/arg/massive-batches/from-list', {
        type: 'send-communication',
        list: 'collections',
        filters: '',
        values: { template: 'Recordatorio de pago (SMS)', link: 'x' },
      }),
    );
    expect((await rowsOf(all.batch.id)).map((row) => Number(row.data.loan_id))).not.toContain(colLoan.id);
    expect(all.batch.counts.total).toBe(4);
  });

  it('sends from the filtered leads list too', async () => {
    const admin = await as('arg', 'admin@arg.example');
    const result = validated(
      await admin.post('/api/arg/massive-batches/from-list', {
        type: 'send-communication',
        list: 'leads',
        filters: `q=${encodeURIComponent(leads[4]!.docNumber)}`,
        values: { template: 'Continuar la solicitud', link: 'https://sigue.example/9', loan_id: String(loans[0]!.id) },
      }),
    );
    expect((await rowsOf(result.batch.id)).map((row) => row.data)).toEqual([
      { lead_id: String(leads[4]!.id), template: 'Continuar la solicitud', link: 'https://sigue.example/9' },
    ]);
    expect(result.batch.counts.pending).toBe(1);
  });
});
