import {
  addDays,
  countryWallTimeToDate,
  isClosedStatus,
  leadDetailSchema,
  managementDetailSchema,
  managementRowSchema,
  managementSummarySchema,
  todayIn,
} from '@backoffice/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leadEvents, leads, managements, users } from '../../src/db/schema';
import { createTestApp, signedIn, type Driver, type TestApp } from '../helpers/app';
import { insertKnownLeads, userIdByEmail, userIds, type KnownLead } from '../helpers/leads-fixture';

/*
 * Daily managements: the application management form writes one management (and one timeline entry), a
 * call's outcome carries its call; /daily-managements by role and country, its filters and export, the
 * day's summary and one management's detail.
 */

describe.each<Driver>(['pglite', 'postgres'])('daily managements on %s', (driver) => {
  let t: TestApp;
  let arg: KnownLead[];
  let sellerId: number;
  let otherSellerId: number;
  const as = signedIn(() => t.app);
  const version = async (id: number) => (await t.app.db.select({ v: leads.version }).from(leads).where(eq(leads.id, id)))[0].v;
  const rowsOf = async (leadId: number) =>
    t.app.db.select().from(managements).where(eq(managements.leadId, leadId)).orderBy(managements.id);
  const list = async (client: Awaited<ReturnType<typeof as>>, query = '') => {
    const res = await client.get(`/api/arg/daily-managements${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { rows: unknown[]; count: { total: number } }).rows.map((row) => managementRowSchema.parse(row));
  };

  beforeAll(async () => {
    t = await createTestApp(driver, { seedLeads: 0, countCacheSeconds: 0 });
    sellerId = await userIdByEmail(t.app, 'arg', 'seller@arg.example');
    otherSellerId = (await userIds(t.app, 'arg', ['2'])).find((id) => id !== sellerId)!;
    arg = await insertKnownLeads(t.app, 'arg', 24, [sellerId, otherSellerId]);
  });
  afterAll(async () => {
    await t?.close();
  });

  const openLeadOf = (seller: number, skip = 0) => arg.filter((l) => l.sellerId === seller && !isClosedStatus('arg', l.statusId))[skip]!;

  it('the management form writes one management and one timeline entry, with channel, note and next action (default a call)', async () => {
    const seller = await as('arg', 'seller@arg.example');
    const lead = openLeadOf(sellerId);
    let res = await seller.patch(`/api/arg/leads/${lead.id}/management-status`, {
      management_status: 'Contestador',
      version: await version(lead.id),
    });
    expect(res.statusCode, res.body).toBe(200);
    let rows = await rowsOf(lead.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      country: 'arg',
      userId: sellerId,
      leadId: lead.id,
      loanId: null,
      channel: 'call',
      result: 'Contestador',
      note: null,
      nextActionAt: null,
      callId: null,
    });

    const next = new Date(Date.now() + 2 * 86_400_000);
    res = await seller.patch(`/api/arg/leads/${lead.id}/management-status`, {
      management_status: 'Pendiente de documentación',
      version: await version(lead.id),
      channel: 'whatsapp',
      note: '  Manda el recibo mañana ',
      next_action_at: next.toISOString(),
    });
    expect(res.statusCode, res.body).toBe(200);
    const detail = leadDetailSchema.parse(res.json());
    rows = await rowsOf(lead.id);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({ channel: 'whatsapp', result: 'Pendiente de documentación', note: 'Manda el recibo mañana' });
    expect(rows[1].nextActionAt?.getTime()).toBe(next.getTime());
    // One entry per management in the timeline, telling the whole of it.
    const entries = detail.timeline.filter((e) => e.type === 'management');
    expect(entries).toHaveLength(2);
    expect(entries[0].text).toMatch(/^Pendiente de documentación · WhatsApp\nPróxima acción: .+\nManda el recibo mañana$/);
    expect(entries[1].text).toBe('Contestador · Llamada');

    // A stale version, an unknown channel or a past next action: nothing written.
    const before = (await t.app.db.select().from(managements)).length;
    expect(
      (await seller.patch(`/api/arg/leads/${lead.id}/management-status`, { management_status: 'No responde', version: 1 })).statusCode,
    ).toBe(409);
    res = await seller.patch(`/api/arg/leads/${lead.id}/management-status`, {
      management_status: 'No responde',
      version: await version(lead.id),
      channel: 'fax',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual([expect.objectContaining({ field: 'channel' })]);
    res = await seller.patch(`/api/arg/leads/${lead.id}/management-status`, {
      management_status: 'No responde',
      version: await version(lead.id),
      next_action_at: new Date(Date.now() - 3_600_000).toISOString(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual([expect.objectContaining({ field: 'next_action_at' })]);
    expect((await t.app.db.select().from(managements)).length).toBe(before);
    expect(
      (
        await t.app.db
          .select()
          .from(leadEvents)
          .where(and(eq(leadEvents.leadId, lead.id), eq(leadEvents.type, 'management')))
      ).length,
    ).toBe(2);
  });

  it("a call's outcome carries the call it came from, once; the detail shows the call and what followed", async () => {
    const seller = await as('arg', 'seller@arg.example');
    const lead = openLeadOf(sellerId, 1);
    const [{ neotel }] = await t.app.db.select({ neotel: users.neotelId }).from(users).where(eq(users.id, sellerId));
    let res = await seller.post('/api/arg/customers/calls/start', { user: neotel, cellphone: lead.cellphone, lead_id: lead.id });
    expect(res.statusCode, res.body).toBe(200);
    const callId = res.json().call_id as number;
    expect((await seller.post('/api/arg/customers/calls/hang-up', { user: neotel })).statusCode).toBe(200);
    res = await seller.patch(`/api/arg/leads/${lead.id}/management-status`, {
      management_status: 'No responde',
      version: await version(lead.id),
    });
    expect(res.statusCode, res.body).toBe(200);
    // A second management (a WhatsApp after the call, then another call attempt without dialling): no call.
    await seller.patch(`/api/arg/leads/${lead.id}/management-status`, {
      management_status: 'Contestador',
      version: await version(lead.id),
      channel: 'whatsapp',
    });
    await seller.patch(`/api/arg/leads/${lead.id}/management-status`, {
      management_status: 'No responde',
      version: await version(lead.id),
    });
    const rows = await rowsOf(lead.id);
    expect(rows.map((r) => r.callId)).toEqual([callId, null, null]);

    res = await seller.get(`/api/arg/daily-managements/${rows[0].id}`);
    expect(res.statusCode, res.body).toBe(200);
    const detail = managementDetailSchema.parse(res.json());
    expect(detail.call).toMatchObject({ id: callId, status: 'ended', cellphone: lead.cellphone });
    expect(detail.lead).toMatchObject({ id: lead.id, management_status: 'No responde' });
    expect(detail.customer).toMatchObject({ doc_number: lead.docNumber, last_name: lead.lastName });
    expect(detail.after.filter((a) => a.type === 'management').map((a) => [a.id, a.text, a.channel])).toEqual([
      [rows[1].id, 'Contestador', 'whatsapp'],
      [rows[2].id, 'No responde', 'call'],
    ]);
  });

  it('a seller sees their own managements, supervisor, admin and ATC everyone’s; other roles and countries none', async () => {
    const other = await as('arg', (await t.app.db.select({ email: users.email }).from(users).where(eq(users.id, otherSellerId)))[0].email);
    const theirs = openLeadOf(otherSellerId);
    expect(
      (
        await other.patch(`/api/arg/leads/${theirs.id}/management-status`, {
          management_status: 'Atiende tercero',
          version: await version(theirs.id),
        })
      ).statusCode,
    ).toBe(200);
    const [theirRow] = await rowsOf(theirs.id);

    const seller = await as('arg', 'seller@arg.example');
    const own = await list(seller);
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((r) => r.user?.id === sellerId)).toBe(true);
    expect((await seller.get(`/api/arg/daily-managements/${theirRow.id}`)).statusCode).toBe(404);
    // Asking for another user's rows does not widen a seller's scope.
    expect(await list(seller, `?user=${otherSellerId}`)).toEqual([]);

    for (const email of ['supervisor@arg.example', 'admin@arg.example', 'atc@arg.example']) {
      const all = await list(await as('arg', email));
      expect(new Set(all.map((r) => r.user?.id))).toEqual(new Set([sellerId, otherSellerId]));
    }
    expect(await list(await as('arg', 'collector@arg.example'))).toEqual([]);
    expect((await (await as('arg', 'operator@arg.example')).get('/api/arg/daily-managements')).statusCode).toBe(403);
    expect((await (await as('arg', 'auditor@arg.example')).get(`/api/arg/daily-managements/${theirRow.id}`)).statusCode).toBe(403);
    // A col supervisor: not the arg API, and none of arg's rows through col's.
    const col = await as('col', 'supervisor@col.example');
    expect((await col.get('/api/arg/daily-managements')).statusCode).toBe(403);
    const colList = await col.get('/api/col/daily-managements');
    expect(colList.statusCode).toBe(200);
    expect(colList.json().rows).toEqual([]);
    expect((await col.get(`/api/col/daily-managements/${theirRow.id}`)).statusCode).toBe(404);
  });

  it('filters by date range (today by default), user, role, channel, result, lead and customer text; exports what it filters', async () => {
    const supervisor = await as('arg', 'supervisor@arg.example');
    const lead = openLeadOf(otherSellerId, 1);
    const today = todayIn('arg');
    const yesterday = addDays(today, -1);
    // A management of yesterday afternoon, written as the form would have.
    await t.app.db.insert(managements).values({
      country: 'arg',
      userId: otherSellerId,
      leadId: lead.id,
      channel: 'visit',
      result: 'Envío link para continuar solicitud',
      createdAt: countryWallTimeToDate('arg', `${yesterday}T15:30`)!,
    });
    const all = await list(supervisor);
    expect(all.some((r) => r.channel === 'visit')).toBe(false);
    const both = await list(supervisor, `?from=${yesterday}&to=${today}`);
    expect(both.length).toBe(all.length + 1);
    expect((await list(supervisor, `?from=${yesterday}&to=${yesterday}`)).map((r) => r.channel)).toEqual(['visit']);

    expect((await list(supervisor, `?user=${sellerId}`)).every((r) => r.user?.id === sellerId)).toBe(true);
    expect((await list(supervisor, '?role=2')).length).toBe(all.length);
    expect(await list(supervisor, '?role=10')).toEqual([]);
    const whatsapp = await list(supervisor, '?channel=whatsapp');
    expect(whatsapp.length).toBeGreaterThan(0);
    expect(whatsapp.every((r) => r.channel === 'whatsapp')).toBe(true);
    const answered = await list(supervisor, `?result=${encodeURIComponent('Atiende tercero')}`);
    expect(answered.map((r) => r.result)).toEqual(['Atiende tercero']);
    const someLead = all[0].lead_id!;
    expect((await list(supervisor, `?lead_id=${someLead}`)).every((r) => r.lead_id === someLead)).toBe(true);
    expect(await list(supervisor, '?subject=loan')).toEqual([]);
    const customer = all[0].customer!;
    const byName = await list(supervisor, `?q=${encodeURIComponent(customer.last_name.toUpperCase())}`);
    expect(byName.length).toBeGreaterThan(0);
    expect(byName.every((r) => r.customer?.last_name === customer.last_name)).toBe(true);
    expect((await list(supervisor, `?q=${customer.doc_number}`)).every((r) => r.customer?.doc_number === customer.doc_number)).toBe(true);

    for (const [query, field] of [
      ['?channel=fax', 'channel'],
      ['?result=Otro', 'result'],
      ['?role=99', 'role'],
      [`?from=${today}&to=${yesterday}`, 'from'],
    ]) {
      const res = await supervisor.get(`/api/arg/daily-managements${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().fields[0].field.split('.')[0]).toBe(field);
    }

    const csv = await supervisor.get(`/api/arg/daily-managements/export?from=${yesterday}&to=${today}&channel=visit`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['x-total-count']).toBe('1');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Id;Fecha;Usuario;Rol;Solicitud;Préstamo;Documento;Cliente;Canal;Resultado;Nota;Próxima acción;Llamada');
    expect(lines[1]).toContain(`${yesterday} 15:30`);
    expect(lines[1]).toContain('Visita;Envío link para continuar solicitud');
    expect(lines[1]).toContain(';Vendedor;');
  });

  it("sums up the range's managements per user per hour and per result, and its next actions due (team roles only)", async () => {
    const supervisor = await as('arg', 'supervisor@arg.example');
    const today = todayIn('arg');
    const res = await supervisor.get('/api/arg/daily-managements/summary');
    expect(res.statusCode, res.body).toBe(200);
    const summary = managementSummarySchema.parse(res.json());
    const rows = await list(supervisor);
    expect(summary).toMatchObject({ from: today, to: today, contacts: rows.length });
    for (const user of [sellerId, otherSellerId]) {
      const mine = rows.filter((r) => r.user?.id === user);
      expect(summary.by_hour.filter((h) => h.user_id === user).reduce((sum, h) => sum + h.count, 0)).toBe(mine.length);
      const results = Object.fromEntries(summary.by_result.filter((r) => r.user_id === user).map((r) => [r.result, r.count]));
      const expected: Record<string, number> = {};
      for (const r of mine) expected[r.result] = (expected[r.result] ?? 0) + 1;
      expect(results).toEqual(expected);
    }
    const hourNow = Number(
      new Intl.DateTimeFormat('en-GB', { timeZone: 'America/Argentina/Buenos_Aires', hour: '2-digit', hourCycle: 'h23' }).format(
        new Date(),
      ),
    );
    expect(summary.by_hour.every((h) => h.hour === hourNow || h.hour === (hourNow + 23) % 24)).toBe(true);

    // Next actions due today: one followed by another management since, one not.
    const lead = openLeadOf(sellerId, 2);
    const due = countryWallTimeToDate('arg', `${today}T00:01`)!;
    const earlier = new Date(due.getTime() - 86_400_000);
    await t.app.db.insert(managements).values([
      { country: 'arg', userId: sellerId, leadId: lead.id, channel: 'sms', result: 'No responde', nextActionAt: due, createdAt: earlier },
      {
        country: 'arg',
        userId: sellerId,
        leadId: openLeadOf(sellerId, 3).id,
        channel: 'sms',
        result: 'No responde',
        nextActionAt: due,
        createdAt: earlier,
      },
    ]);
    const seller = await as('arg', 'seller@arg.example');
    await seller.patch(`/api/arg/leads/${lead.id}/management-status`, {
      management_status: 'Contestador',
      version: await version(lead.id),
    });
    const after = managementSummarySchema.parse((await supervisor.get(`/api/arg/daily-managements/summary?user=${sellerId}`)).json());
    expect(after).toMatchObject({ next_actions_due: 2, next_actions_done: 1 });
    expect(after.by_hour.every((h) => h.user_id === sellerId)).toBe(true);

    expect((await seller.get('/api/arg/daily-managements/summary')).statusCode).toBe(403);
    expect((await (await as('arg', 'collector@arg.example')).get('/api/arg/daily-managements/summary')).statusCode).toBe(403);
  });
});
