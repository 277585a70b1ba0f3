import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  buildCuil,
  formatMoney,
  STOP_CONFIRMATION,
  type Conversation,
  type ListResponse,
  type MessageRow,
  type MessageTemplate,
} from '@backoffice/shared';
import { eq, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { customerMessages, leadEvents, leads, loanEvents } from '../../src/db/schema';
import { webhookSignature } from '../../src/routes/country/communications';
import type { SimulatorAdapter } from '../../src/services/messaging/adapters';
import { nextSendingTime } from '../../src/services/messaging/quiet-hours';
import { createTestApp, signedIn, type Driver, type TestApp } from '../helpers/app';
import { userIdByEmail, type KnownLead } from '../helpers/leads-fixture';
import { insertLoans } from '../helpers/loans-fixture';

/*
 * Customer communications: messages queued and sent by their channel's adapter (WhatsApp on the simulator,
 * SMS over HTTP to a fake provider, email by SMTP to an in-process server), retried and failed; signed
 * webhooks (receipts, inbound) with replays refused; inbound matched and pushed; STOP; bans; roles.
 */

const SECRET = 'test-webhook-secret-0123456789';

describe('quiet hours', () => {
  it('lets a message go inside the country’s hours and holds it until they open otherwise', () => {
    // 12:00 UTC is 09:00 in Buenos Aires (UTC-3): open; 11:00 UTC is 08:00: waits an hour.
    expect(nextSendingTime('arg', new Date('2026-05-04T12:30:00Z')).toISOString()).toBe('2026-05-04T12:30:00.000Z');
    expect(nextSendingTime('arg', new Date('2026-05-04T11:00:00Z')).toISOString()).toBe('2026-05-04T12:00:00.000Z');
    // 23:30 in Bogotá (UTC-5) waits for 08:00 next day.
    expect(nextSendingTime('col', new Date('2026-05-05T04:30:00Z')).toISOString()).toBe('2026-05-05T13:00:00.000Z');
  });
});

describe.each<Driver>(['pglite', 'postgres'])('customer communications on %s', (driver) => {
  let t: TestApp;
  const as = signedIn(() => t.app);
  let smtp: SMTPServer;
  const mails: string[] = [];
  let provider: Server;
  const smsRequests: { to: string; body: string }[] = [];
  let providerFails = false;
  let leadId: number;
  let customerId: number;
  const unique = String(Date.now()).slice(-6);
  const doc = `3${unique}4`;
  const phone = `11${unique}22`;
  const email = `cliente.${unique}@example.com`;

  const signed = async (path: string, body: unknown, options: { secret?: string; timestamp?: number } = {}) => {
    const raw = JSON.stringify(body);
    const timestamp = String(options.timestamp ?? Math.floor(Date.now() / 1000));
    return t.app.inject({
      method: 'POST',
      url: `/api/arg/communications/webhooks/${path}`,
      headers: {
        'content-type': 'application/json',
        'x-webhook-timestamp': timestamp,
        authorization: `Bearer ${webhookSignature(options.secret ?? SECRET, timestamp, raw)}`,
      },
      payload: raw,
    });
  };
  const simulator = () => t.app.messaging.adapters.whatsapp as SimulatorAdapter;
  const message = async (id: number) => (await t.app.db.select().from(customerMessages).where(eq(customerMessages.id, id)))[0]!;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        let text = '';
        stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
        stream.on('end', () => {
          mails.push(text);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    provider = createServer((request, response) => {
      let text = '';
      request.on('data', (chunk: Buffer) => (text += chunk.toString()));
      request.on('end', () => {
        if (providerFails) {
          response.writeHead(503).end('fuera de servicio');
          return;
        }
        smsRequests.push(JSON.parse(text) as { to: string; body: string });
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id: `prov-${smsRequests.length}` }));
      });
    });
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
    const smtpPort = (smtp.server.address() as AddressInfo).port;
    const providerPort = (provider.address() as AddressInfo).port;
    t = await createTestApp(driver, { seedLeads: 0 }, (app) => {
      Object.assign(app.config.messaging, {
        smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
        smsUrl: `http://127.0.0.1:${providerPort}/sms`,
        webhookSecret: SECRET,
        quietHours: false,
        retrySeconds: 1,
        maxAttempts: 3,
        simulateFailSuffix: '',
      });
    });
    // The adapters were built from the config before setup ran: rebuild them from the test's.
    const { messageAdapters } = await import('../../src/services/messaging/adapters');
    Object.assign(t.app.messaging.adapters, messageAdapters(t.app.config.messaging));
    const admin = await as('arg', 'admin@arg.example');
    const res = await admin.post('/api/arg/leads', {
      doc_number: doc,
      cuil: buildCuil(doc, 'female'),
      first_name: 'Marta',
      last_name: 'Giménez',
      birth_date: '1985-01-02',
      cellphone: phone,
      email,
      requested_amount: 100000,
      term: 12,
    });
    expect(res.statusCode, res.body).toBe(201);
    ({ id: leadId, customer_id: customerId } = res.json<{ id: number; customer_id: number }>());
  });
  afterAll(async () => {
    await t?.close();
    await new Promise<void>((resolve) => smtp?.close(() => resolve()));
    await new Promise<void>((resolve) => provider?.close(() => resolve()));
  });

  it('sends a WhatsApp from a template with its variables, on the application’s timeline and in the list', async () => {
    const atc = await as('arg', 'atc@arg.example');
    const templates = (await atc.get('/api/arg/communications/templates')).json<{
      templates: { id: number; name: string; channel: string }[];
    }>().templates;
    const reminder = templates.find((tpl) => tpl.name === 'Recordatorio de pago (WhatsApp)')!;
    const body = {
      channel: 'whatsapp',
      lead_id: leadId,
      template_id: reminder.id,
      variables: { vencimiento: '10/06/2026', link: 'https://pagar.example.com/x' },
    };
    // A template's variable without a value is named.
    const missing = await atc.post('/api/arg/communications', { ...body, variables: { link: 'x' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields[0].field).toBe('variables.vencimiento');
    const preview = await atc.post('/api/arg/communications/preview', body);
    expect(preview.json().body).toBe(
      `Hola Marta, te recordamos que tu cuota de ${formatMoney('arg', 10_000_000)} vence el 10/06/2026. Puedes pagar aquí: https://pagar.example.com/x`,
    );
    const res = await atc.post('/api/arg/communications', body);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().status).toBe('sent');
    expect(simulator().sent.at(-1)).toMatchObject({ channel: 'whatsapp', to: phone, body: preview.json().body });
    const events = await t.app.db.select().from(leadEvents).where(eq(leadEvents.leadId, leadId));
    expect(events.filter((e) => e.type === 'message').map((e) => e.body)).toContain(`WhatsApp a ${phone}: ${preview.json().body}`);
    const list = (await atc.get(`/api/arg/communications?channel=whatsapp&lead=${leadId}`)).json<ListResponse<MessageRow>>();
    expect(list.rows[0]).toMatchObject({ status: 'sent', template_name: 'Recordatorio de pago (WhatsApp)', user_name: expect.any(String) });
    // WhatsApp opens with a template only.
    const free = await atc.post('/api/arg/communications', { channel: 'whatsapp', lead_id: leadId, body: 'Hola' });
    expect(free.json().fields[0].field).toBe('body');
  });

  it('sends SMS to the HTTP provider and email by SMTP; a failed send is retried with its reason, then fails', async () => {
    const admin = await as('arg', 'admin@arg.example');
    const sms = await admin.post('/api/arg/communications', { channel: 'sms', lead_id: leadId, body: 'Tu cuota vence mañana' });
    expect(sms.json().status).toBe('sent');
    expect(smsRequests.at(-1)).toMatchObject({ to: phone, body: 'Tu cuota vence mañana' });
    const mail = await admin.post('/api/arg/communications', {
      channel: 'email',
      lead_id: leadId,
      subject: 'Aviso',
      body: 'Hola Marta, te escribimos por tu préstamo.',
    });
    expect(mail.json().status).toBe('sent');
    expect(mails.at(-1)).toContain(`To: ${email}`);
    expect(mails.at(-1)).toContain('Subject: Aviso');

    providerFails = true;
    const failing = await admin.post('/api/arg/communications', { channel: 'sms', lead_id: leadId, body: 'Segundo aviso' });
    expect(failing.json().status).toBe('queued');
    const id = failing.json().id as number;
    expect(await message(id)).toMatchObject({ status: 'queued', attempts: 1, error: expect.stringContaining('Proveedor 503') });
    // Not due yet (its backoff): the worker leaves it.
    expect(await t.app.messageWorker.runOnce()).toBe(0);
    for (let attempt = 2; attempt <= 3; attempt++) {
      await t.app.db
        .update(customerMessages)
        .set({ sendAfter: sql`now()` })
        .where(eq(customerMessages.id, id));
      expect(await t.app.messageWorker.runOnce()).toBe(1);
    }
    expect(await message(id)).toMatchObject({ status: 'failed', attempts: 3, error: expect.stringContaining('fuera de servicio') });
    providerFails = false;
  });

  it('takes signed delivery receipts and refuses unsigned, stale or replayed ones', async () => {
    const admin = await as('arg', 'admin@arg.example');
    const sent = await admin.post('/api/arg/communications', { channel: 'sms', lead_id: leadId, body: 'Recibo' });
    const { providerId } = await message(sent.json().id);
    const receipt = { provider_id: providerId, status: 'delivered' };
    expect((await signed('receipts', receipt, { secret: 'another-secret-entirely-123' })).statusCode).toBe(401);
    const unsigned = await t.app.inject({ method: 'POST', url: '/api/arg/communications/webhooks/receipts', payload: receipt });
    expect(unsigned.statusCode).toBe(403);
    expect((await signed('receipts', receipt, { timestamp: Math.floor(Date.now() / 1000) - 3600 })).statusCode).toBe(409);
    const timestamp = Math.floor(Date.now() / 1000);
    const ok = await signed('receipts', receipt, { timestamp });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await message(sent.json().id)).status).toBe('delivered');
    expect((await signed('receipts', receipt, { timestamp })).statusCode).toBe(409);
  });

  it('matches an inbound message to the customer, puts it on the timeline and pushes it; STOP bars the channel and confirms', async () => {
    const pushed = vi.spyOn(t.app.realtime, 'toCustomer');
    const res = await signed('inbound', { channel: 'whatsapp', from: `+54 9 ${phone}`, body: '¿Cuánto debo?' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ customer_id: customerId, lead_id: leadId, stopped: false });
    // To the customer's room only (the staff with that customer open), not to the whole country.
    expect(pushed).toHaveBeenCalledWith(
      'arg',
      customerId,
      'customer-message:inbound',
      expect.objectContaining({ customer_id: customerId, text: '¿Cuánto debo?' }),
    );
    const events = await t.app.db.select().from(leadEvents).where(eq(leadEvents.leadId, leadId));
    expect(events.map((e) => e.body)).toContain(`WhatsApp recibido de ${phone}: ¿Cuánto debo?`);

    const stop = await signed('inbound', { channel: 'whatsapp', from: phone, body: 'BAJA' });
    expect(stop.json().stopped).toBe(true);
    expect(simulator().sent.at(-1)).toMatchObject({ to: phone, body: STOP_CONFIRMATION });
    const atc = await as('arg', 'atc@arg.example');
    const refused = await atc.post('/api/arg/communications', {
      channel: 'whatsapp',
      lead_id: leadId,
      template_id: 1,
      variables: { vencimiento: 'x', link: 'y' },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('No se envía: el cliente pidió no ser contactado por WhatsApp');
    // Other channels still go.
    expect((await atc.post('/api/arg/communications', { channel: 'sms', lead_id: leadId, body: 'Hola' })).json().status).toBe('sent');
    const conversation = (await atc.get(`/api/arg/communications/conversation/${customerId}`)).json<Conversation>();
    expect(conversation.messages.map((m) => m.direction)).toContain('in');
    expect(conversation).toMatchObject({ customer: { id: customerId, name: 'Giménez, Marta' }, lead_id: leadId });
    // Oldest first: the newest message is at the bottom.
    const times = conversation.messages.map((m) => m.created_at);
    expect([...times].sort()).toEqual(times);
  });

  it('refuses a message to a banned address with the ban’s reason', async () => {
    const admin = await as('arg', 'admin@arg.example');
    expect((await admin.post('/api/arg/customer-bans', { kind: 'email', value: email, reason: 'court_order' })).statusCode).toBe(201);
    const res = await admin.post('/api/arg/communications', { channel: 'email', lead_id: leadId, body: 'Hola' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(`No se envía: Cliente bloqueado (Orden judicial): Email ${email}`);
  });

  it('lets operators read only, sellers send only on their own applications, and each country its own', async () => {
    const operator = await as('arg', 'operator@arg.example');
    expect((await operator.get('/api/arg/communications')).statusCode).toBe(200);
    expect((await operator.post('/api/arg/communications', { channel: 'sms', lead_id: leadId, body: 'x' })).statusCode).toBe(403);
    const seller = await as('arg', 'seller@arg.example');
    const notTheirs = await seller.post('/api/arg/communications', { channel: 'sms', lead_id: leadId, body: 'x' });
    expect(notTheirs.statusCode).toBe(403);
    // The list is the back office's (SCREEN_ACCESS); a seller sends from their application's detail.
    expect((await seller.get('/api/arg/communications')).statusCode).toBe(403);
    const col = await as('col', 'admin@col.example');
    expect((await col.post('/api/col/communications', { channel: 'sms', lead_id: leadId, body: 'x' })).statusCode).toBe(404);
    expect((await operator.post('/api/arg/communications/templates', { name: 'Nueva', channel: 'sms', body: 'Hola' })).statusCode).toBe(
      403,
    );
    const admin = await as('arg', 'admin@arg.example');
    expect(
      (await admin.post('/api/arg/communications/templates', { name: 'Nueva plantilla', channel: 'sms', body: 'Hola {{nombre}}' }))
        .statusCode,
    ).toBe(201);
  });

  it('lets admins alone create, edit and deactivate templates; a deactivated one is kept but no longer offered', async () => {
    const admin = await as('arg', 'admin@arg.example');
    const supervisor = await as('arg', 'supervisor@arg.example');
    const template = { name: 'Aviso de mora', channel: 'sms', body: '{{nombre}}, tu cuota de {{monto}} venció el {{vencimiento}}.' };
    expect((await supervisor.post('/api/arg/communications/templates', template)).statusCode).toBe(403);
    const bad = await admin.post('/api/arg/communications/templates', { ...template, body: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.map((f: { field: string }) => f.field)).toContain('body');
    const created = await admin.post('/api/arg/communications/templates', template);
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    const all = async () =>
      (await admin.get('/api/arg/communications/templates?all=true')).json<{ templates: MessageTemplate[] }>().templates;
    const saved = (await all()).find((x) => x.id === id)!;
    expect(saved).toMatchObject({ ...template, active: true, variables: ['nombre', 'monto', 'vencimiento'], version: 1 });

    const edit = { ...template, body: '{{nombre}}: tu cuota venció. Paga en {{link}}', version: saved.version };
    expect((await supervisor.put(`/api/arg/communications/templates/${id}`, edit)).statusCode).toBe(403);
    expect((await admin.put(`/api/arg/communications/templates/${id}`, edit)).statusCode).toBe(200);
    // The same version again is a stale edit: refused, nothing written.
    const stale = await admin.put(`/api/arg/communications/templates/${id}`, { ...edit, body: 'otro' });
    expect(stale.statusCode).toBe(409);
    expect((await all()).find((x) => x.id === id)).toMatchObject({ body: edit.body, variables: ['nombre', 'link'], version: 2 });

    expect((await admin.put(`/api/arg/communications/templates/${id}`, { ...edit, active: false, version: 2 })).statusCode).toBe(200);
    const offered = (await (await as('arg', 'atc@arg.example')).get('/api/arg/communications/templates')).json<{
      templates: MessageTemplate[];
    }>().templates;
    expect(offered.map((x) => x.id)).not.toContain(id);
    expect((await all()).find((x) => x.id === id)).toMatchObject({ active: false });
    const refused = await admin.post('/api/arg/communications', {
      channel: 'sms',
      lead_id: leadId,
      template_id: id,
      variables: { link: 'x' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields[0].field).toBe('template_id');
  });

  it('sends from a seller’s own sale and a collector’s own loan (amount and due date from the loan); refuses others’', async () => {
    const sellerId = await userIdByEmail(t.app, 'arg', 'seller@arg.example');
    const collectorId = await userIdByEmail(t.app, 'arg', 'collector@arg.example');
    const admin = await as('arg', 'admin@arg.example');
    const other = `4${unique}5`;
    const created = await admin.post('/api/arg/leads', {
      doc_number: other,
      cuil: buildCuil(other, 'male'),
      first_name: 'Rubén',
      last_name: 'Acosta',
      birth_date: '1980-03-04',
      cellphone: `11${unique}33`,
      email: `ruben.${unique}@example.com`,
      requested_amount: 50000,
      term: 6,
    });
    expect(created.statusCode, created.body).toBe(201);
    const ownLeadId = created.json().id as number;
    await t.app.db.update(leads).set({ sellerId }).where(eq(leads.id, ownLeadId));
    const seller = await as('arg', 'seller@arg.example');
    const own = await seller.post('/api/arg/communications', {
      channel: 'sms',
      lead_id: ownLeadId,
      body: 'Hola Rubén, te escribo por tu solicitud',
    });
    expect(own.statusCode, own.body).toBe(201);
    expect((await message(own.json().id)).userId).toBe(sellerId);
    expect((await seller.post('/api/arg/communications', { channel: 'sms', lead_id: leadId, body: 'x' })).statusCode).toBe(403);

    const [mine, unassigned] = await insertLoans(
      t.app,
      'arg',
      [{ id: ownLeadId, cellphone: `11${unique}33` } as KnownLead, { id: leadId, cellphone: phone } as KnownLead],
      [
        { collectorId, daysPastDue: 5 },
        { collectorId: null, daysPastDue: 8 },
      ],
    );
    const collector = await as('arg', 'collector@arg.example');
    const confirmation = (await collector.get('/api/arg/communications/templates'))
      .json<{ templates: MessageTemplate[] }>()
      .templates.find((x) => x.name === 'Confirmación de promesa de pago')!;
    const send = { channel: 'sms', loan_id: mine!.id, template_id: confirmation.id };
    const preview = await collector.post('/api/arg/communications/preview', send);
    expect(preview.statusCode, preview.body).toBe(200);
    const due = mine!.dueDate.split('-').reverse().join('/');
    expect(preview.json().body).toBe(`Rubén, registramos tu promesa de pagar ${formatMoney('arg', 20_700)} el ${due}. ¡Gracias!`);
    const sent = await collector.post('/api/arg/communications', send);
    expect(sent.statusCode, sent.body).toBe(201);
    expect(await message(sent.json().id)).toMatchObject({ loanId: mine!.id, leadId: ownLeadId, userId: collectorId });
    const events = await t.app.db.select().from(loanEvents).where(eq(loanEvents.loanId, mine!.id));
    expect(events.find((e) => e.type === 'communication')?.body).toBe(`SMS a 11${unique}33: ${preview.json().body}`);
    // Another collector's (or nobody's) loan, and an application outside a loan, are not the collector's to message.
    expect((await collector.post('/api/arg/communications', { ...send, loan_id: unassigned!.id })).statusCode).toBe(403);
    expect((await collector.post('/api/arg/communications', { channel: 'sms', lead_id: ownLeadId, body: 'x' })).statusCode).toBe(403);
    // The collector reads their loan's customer's conversation, not another's.
    expect((await collector.get(`/api/arg/communications/conversation/${mine!.customerId}`)).statusCode).toBe(200);
    expect((await collector.get(`/api/arg/communications/conversation/${unassigned!.customerId}`)).statusCode).toBe(404);
  });
});
