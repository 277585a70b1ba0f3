import {
  ARG_STATUS_IDS as A,
  COL_STATUS_IDS as C,
  buildCbu,
  buildCuil,
  formatMoney,
  leadDetailSchema,
  leadTransitionsSchema,
  type Country,
} from '@backoffice/shared';
import { count, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../src/config';
import { customers, leadStatusHistory, leads, stageRuns } from '../../src/db/schema';
import type { AuthUser } from '../../src/plugins/app/auth';
import { StageRunsRepository } from '../../src/repositories/stage-runs';
import { simulatedAdapters } from '../../src/services/adapters/index';
import { WorkflowService } from '../../src/services/workflow';
import { TestClient, createTestApp, signedIn, type Driver, type TestApp } from '../helpers/app';
import { userIdByEmail, userIds } from '../helpers/leads-fixture';

/*
 * The workflow engine through its routes: transitions offered per role, the single status-changing
 * operation (transition, role, seller, country, version, reason and guard checks; status and history in
 * one transaction), concurrency, and the automated stages' simulators (outcome by the document's last digit).
 */

const STALE = 'El lead fue modificado por otro usuario: revisá sus cambios y volvé a intentarlo.';

describe.each<Driver>(['pglite', 'postgres'])('workflow on %s', (driver) => {
  let t: TestApp;
  let sellerId: number;
  let otherSellerId: number;
  let docSeq = 0;

  /** A signed-in client per account, reused across tests. */
  const as = signedIn(() => t.app);

  /** A lead in a given status, with its first history row; `lastDigit` picks the simulators' outcome. */
  const insertLead = async (
    country: Country,
    statusId: number,
    options: {
      lastDigit?: number;
      sellerId?: number | null;
      offeredAmount?: number | null;
      requestedAmount?: number;
      bankAccount?: boolean;
    } = {},
  ) => {
    const seq = String(++docSeq).padStart(5, '0');
    const digit = String(options.lastDigit ?? 4);
    const docNumber = country === 'arg' ? `3${seq}0${digit}` : `10${seq}00${digit}`;
    const [customer] = await t.app.db
      .insert(customers)
      .values({
        country,
        docType: country === 'arg' ? 'DNI' : 'CC',
        docNumber,
        cuil: country === 'arg' ? buildCuil(docNumber, 'female') : null,
        firstName: 'Inés',
        lastName: 'Núñez',
        birthDate: '1990-01-01',
        cellphone: country === 'arg' ? '1155554444' : '3101234567',
        email: `cliente${seq}@example.com`,
        // Somewhere to pay an approved application into.
        ...(options.bankAccount === false
          ? {}
          : country === 'arg'
            ? { bankAccount: buildCbu('2850590', '9400904181352') }
            : { bank: 'Davivienda', bankAccount: '055012345678', bankAccountType: 'Ahorros' }),
      })
      .returning();
    const [lead] = await t.app.db
      .insert(leads)
      .values({
        country,
        customerId: customer.id,
        requestedAmount: options.requestedAmount ?? 2_500_000,
        term: 12,
        statusId,
        source: 'seller',
        sellerId: options.sellerId === undefined ? sellerId : options.sellerId,
        offeredAmount: options.offeredAmount === undefined ? 2_000_000 : options.offeredAmount,
      })
      .returning();
    await t.app.db
      .insert(leadStatusHistory)
      .values({ country, leadId: lead.id, fromStatus: null, toStatus: statusId, userId: null, reason: 'Dato de prueba' });
    return { id: lead.id, docNumber };
  };

  const leadRow = async (id: number) => (await t.app.db.select().from(leads).where(eq(leads.id, id)))[0];
  const history = (id: number) =>
    t.app.db.select().from(leadStatusHistory).where(eq(leadStatusHistory.leadId, id)).orderBy(leadStatusHistory.id);
  const historyCount = async () => (await t.app.db.select({ n: count() }).from(leadStatusHistory))[0].n;

  /** Snapshot of a lead and its history, to check that a refused change wrote nothing. */
  const snapshot = async (id: number) => ({ lead: await leadRow(id), history: await history(id), total: await historyCount() });

  const move = (client: TestClient, country: Country, id: number, body: Record<string, unknown>) =>
    client.post(`/api/${country}/leads/${id}/transitions`, body);
  const automate = (client: TestClient, country: Country, id: number, version: number) =>
    client.post(`/api/${country}/leads/${id}/automation`, { version });

  beforeAll(async () => {
    // Counts are cached (as in production): a status change must drop them.
    t = await createTestApp(driver, { seedLeads: 0, countCacheSeconds: 60 });
    sellerId = await userIdByEmail(t.app, 'arg', 'seller@arg.example');
    otherSellerId = (await userIds(t.app, 'arg', ['2'])).find((id) => id !== sellerId)!;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('offers the transitions of the signed-in role from the current status, with labels, guards and the automated stage', async () => {
    const seller = await as('arg', 'seller@arg.example');
    const lead = await insertLead('arg', A.PHONE_VALIDATION);
    const res = await seller.get(`/api/arg/leads/${lead.id}/transitions`);
    expect(res.statusCode, res.body).toBe(200);
    const body = leadTransitionsSchema.parse(res.json());
    expect(body).toMatchObject({ lead_id: lead.id, status_id: A.PHONE_VALIDATION, version: 1, automation: null });
    expect(body.transitions).toEqual(
      expect.arrayContaining([
        {
          to_status: A.PENDING_CUSTOMER_APPROVAL,
          label: 'Paso 3 · Esperando aprobación del cliente',
          reason_required: false,
          sets_offer: false,
          blocked: null,
        },
        { to_status: A.CANCELLED, label: 'Cancelada', reason_required: true, sets_offer: false, blocked: null },
      ]),
    );
    // Expiring is for supervisors and admins.
    expect(body.transitions.map((x) => x.to_status)).not.toContain(A.EXPIRED);
    const supervisor = await as('arg', 'supervisor@arg.example');
    const forSupervisor = leadTransitionsSchema.parse((await supervisor.get(`/api/arg/leads/${lead.id}/transitions`)).json());
    expect(forSupervisor.transitions.map((x) => x.to_status)).toContain(A.EXPIRED);

    // At an automated stage people choose nothing; staff may run the stage.
    const atRisk = await insertLead('arg', A.RISK);
    const operator = await as('arg', 'operator@arg.example');
    const risk = leadTransitionsSchema.parse((await operator.get(`/api/arg/leads/${atRisk.id}/transitions`)).json());
    expect(risk).toMatchObject({ transitions: [], automation: { stage: 'risk', label: 'Ejecutar evaluación de riesgo' } });
    expect(leadTransitionsSchema.parse((await seller.get(`/api/arg/leads/${atRisk.id}/transitions`)).json()).automation).toBeNull();

    // A guard that does not hold shows why.
    const noOffer = await insertLead('arg', A.PENDING_CUSTOMER_APPROVAL, { offeredAmount: null });
    const guarded = leadTransitionsSchema.parse((await seller.get(`/api/arg/leads/${noOffer.id}/transitions`)).json());
    expect(guarded.transitions.find((x) => x.to_status === A.PENDING_IDENTIFICATION)?.blocked).toBe(
      'El lead no tiene una oferta aprobada por riesgo',
    );
  });

  it('takes a seller’s application through VERIFICADO, which the sales list filters on', async () => {
    const seller = await as('arg', 'seller@arg.example');
    const lead = await insertLead('arg', A.PHONE_VALIDATION);
    const verifiedIds = async () =>
      ((await seller.get(`/api/arg/sales?sales_status=${A.VERIFIED}`)).json() as { rows: { id: number }[] }).rows.map((row) => row.id);
    expect((await move(seller, 'arg', lead.id, { to_status: A.VERIFIED, version: 1 })).statusCode).toBe(200);
    expect(await verifiedIds()).toContain(lead.id);
    const onward = leadTransitionsSchema.parse((await seller.get(`/api/arg/leads/${lead.id}/transitions`)).json());
    expect(onward.transitions.map((x) => x.to_status)).toEqual(
      expect.arrayContaining([A.PENDING_CUSTOMER_APPROVAL, A.ON_GESTION, A.CANCELLED]),
    );
    expect((await move(seller, 'arg', lead.id, { to_status: A.PENDING_CUSTOMER_APPROVAL, version: 2 })).statusCode).toBe(200);
    expect(await verifiedIds()).not.toContain(lead.id);
  });

  it('changes the status and writes the history in one go, answering the updated lead', async () => {
    const seller = await as('arg', 'seller@arg.example');
    const lead = await insertLead('arg', A.PHONE_VALIDATION);
    const totalBefore = await historyCount();
    const res = await move(seller, 'arg', lead.id, {
      to_status: A.PENDING_CUSTOMER_APPROVAL,
      version: 1,
      reason: '  Cliente confirmó el celular  ',
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = leadDetailSchema.parse(res.json());
    expect(body).toMatchObject({ id: lead.id, status_id: A.PENDING_CUSTOMER_APPROVAL, step: 'Paso 3', version: 2 });
    expect(body.timeline[0]).toMatchObject({
      type: 'status',
      from_status: A.PHONE_VALIDATION,
      to_status: A.PENDING_CUSTOMER_APPROVAL,
      text: 'Cliente confirmó el celular',
      user: { id: sellerId },
    });
    expect(await leadRow(lead.id)).toMatchObject({ statusId: A.PENDING_CUSTOMER_APPROVAL, version: 2 });
    const rows = await history(lead.id);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({
      country: 'arg',
      fromStatus: A.PHONE_VALIDATION,
      toStatus: A.PENDING_CUSTOMER_APPROVAL,
      userId: sellerId,
      reason: 'Cliente confirmó el celular',
    });
    expect(await historyCount()).toBe(totalBefore + 1);

    // The same request again is now stale (version 1) and, with the new version, not allowed from Paso 3.
    expect((await move(seller, 'arg', lead.id, { to_status: A.PENDING_CUSTOMER_APPROVAL, version: 1 })).json().message).toBe(STALE);
    const again = await move(seller, 'arg', lead.id, { to_status: A.PENDING_CUSTOMER_APPROVAL, version: 2 });
    expect(again.statusCode).toBe(409);
  });

  it('refuses a transition that does not leave the current status (409) and writes nothing', async () => {
    const admin = await as('arg', 'admin@arg.example');
    const lead = await insertLead('arg', A.PHONE_VALIDATION);
    const atRisk = await insertLead('arg', A.RISK);
    const before = await snapshot(lead.id);
    const res = await move(admin, 'arg', lead.id, { to_status: A.AUDIT_PENDING, version: 1 });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'No se puede pasar el lead de Paso 2 · Validación telefónica a AUDITORIA · Pendiente de auditoría: esa transición no está permitida desde el estado actual.',
    );
    // A status the catalogue does not have is bad input: 400 naming it.
    for (const unknown of [9999, 101]) {
      const res = await move(admin, 'arg', lead.id, { to_status: unknown, version: 1 });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual([{ field: 'to_status', message: `Estado desconocido: ${unknown}` }]);
    }
    // An automated stage's outcome cannot be chosen by hand, not even by an admin.
    const automatedOnly = await move(admin, 'arg', atRisk.id, { to_status: A.PHONE_VALIDATION, version: 1 });
    expect(automatedOnly.statusCode).toBe(409);
    expect(automatedOnly.json().message).toMatch(/lo decide el sistema/);
    expect(await snapshot(lead.id)).toEqual(before);
    expect((await leadRow(atRisk.id)).statusId).toBe(A.RISK);
  });

  it('refuses a role that may not take the transition (403) and writes nothing', async () => {
    const lead = await insertLead('arg', A.AUDIT_PENDING);
    const before = await snapshot(lead.id);
    // The seller of the lead cannot audit it; an operator cannot expire it.
    const seller = await as('arg', 'seller@arg.example');
    const res = await move(seller, 'arg', lead.id, { to_status: A.AUDIT_APPROVAL, version: 1 });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(
      'Tu rol no puede pasar el lead de AUDITORIA · Pendiente de auditoría a TRANSFERENCIA · Aprobada por auditoría.',
    );
    const operator = await as('arg', 'operator@arg.example');
    expect((await move(operator, 'arg', lead.id, { to_status: A.AUDIT_REJECTED, version: 1, reason: 'x' })).statusCode).toBe(403);
    // Roles without the lead detail screen never get in (auditors work from /audits; collectors not at all).
    for (const email of ['collector@arg.example', 'auditor@arg.example']) {
      const client = await as('arg', email);
      expect((await client.get(`/api/arg/leads/${lead.id}/transitions`)).statusCode, email).toBe(403);
      expect((await move(client, 'arg', lead.id, { to_status: A.AUDIT_APPROVAL, version: 1 })).statusCode, email).toBe(403);
    }
    const anonymous = await new TestClient(t.app).init();
    expect((await move(anonymous, 'arg', lead.id, { to_status: A.AUDIT_APPROVAL, version: 1 })).statusCode).toBe(401);
    // Nor does a supervisor, whose role may decide audits: a decision is the audit case's (its claim,
    // checklist and round), never a plain status change, and nothing offers it as one.
    const supervisor = await as('arg', 'supervisor@arg.example');
    const skipped = await move(supervisor, 'arg', lead.id, { to_status: A.AUDIT_APPROVAL, version: 1 });
    expect(skipped.statusCode).toBe(409);
    expect(skipped.json().message).toBe(
      'El paso de AUDITORIA · Pendiente de auditoría a TRANSFERENCIA · Aprobada por auditoría es una decisión de auditoría: se toma en Auditorías, con el caso tomado y su checklist.',
    );
    expect(leadTransitionsSchema.parse((await supervisor.get(`/api/arg/leads/${lead.id}/transitions`)).json()).transitions).toEqual([]);
    expect(await snapshot(lead.id)).toEqual(before);
  });

  it('keeps sellers to their own leads (403)', async () => {
    const seller = await as('arg', 'seller@arg.example');
    const others = await insertLead('arg', A.PHONE_VALIDATION, { sellerId: otherSellerId });
    const unassigned = await insertLead('arg', A.CREATED, { sellerId: null });
    for (const lead of [others, unassigned]) {
      const before = await snapshot(lead.id);
      const list = await seller.get(`/api/arg/leads/${lead.id}/transitions`);
      expect(list.statusCode).toBe(403);
      expect(list.json().message).toBe(lead === others ? 'Este lead está asignado a otro vendedor' : 'Este lead no está asignado a vos');
      const to = lead === others ? A.PENDING_CUSTOMER_APPROVAL : A.PREFILTER;
      expect((await move(seller, 'arg', lead.id, { to_status: to, version: 1 })).statusCode).toBe(403);
      expect(await snapshot(lead.id)).toEqual(before);
    }
  });

  it('checks the country: 403 on the other country’s path, 404 for its ids', async () => {
    const argLead = await insertLead('arg', A.PHONE_VALIDATION);
    const colAdmin = await as('col', 'admin@col.example');
    for (const res of [
      await colAdmin.get(`/api/arg/leads/${argLead.id}/transitions`),
      await move(colAdmin, 'arg', argLead.id, { to_status: A.PENDING_CUSTOMER_APPROVAL, version: 1 }),
      await automate(colAdmin, 'arg', argLead.id, 1),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Tu usuario no pertenece a este país');
    }
    expect((await colAdmin.get(`/api/col/leads/${argLead.id}/transitions`)).statusCode).toBe(404);
    expect((await move(colAdmin, 'col', argLead.id, { to_status: A.PENDING_CUSTOMER_APPROVAL, version: 1 })).json()).toMatchObject({
      statusCode: 404,
      message: 'Lead no encontrado',
    });
    expect((await automate(colAdmin, 'col', argLead.id, 1)).statusCode).toBe(404);
    expect((await leadRow(argLead.id)).version).toBe(1);
  });

  it('refuses a stale version with 409 and writes nothing', async () => {
    const admin = await as('arg', 'admin@arg.example');
    const lead = await insertLead('arg', A.CARD_PENDING);
    // Someone else changed the lead (e.g. its management status): version 2.
    await admin.patch(`/api/arg/leads/${lead.id}/management-status`, { management_status: 'Contestador', version: 1 });
    const before = await snapshot(lead.id);
    const res = await move(admin, 'arg', lead.id, { to_status: A.CARD_CONFIRMATION, version: 1 });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(STALE);
    expect((await automate(admin, 'arg', lead.id, 1)).json().message).toBe(STALE);
    expect(await snapshot(lead.id)).toEqual(before);
    expect((await move(admin, 'arg', lead.id, { to_status: A.CARD_CONFIRMATION, version: 2 })).statusCode).toBe(200);
  });

  it('lets exactly one of two concurrent transitions of the same version through', async () => {
    const admin = await as('arg', 'admin@arg.example');
    const supervisor = await as('arg', 'supervisor@arg.example');
    for (const targets of [
      [A.CARD_CONFIRMATION, A.CARD_CONFIRMATION],
      [A.CARD_CONFIRMATION, A.VALIDATE_DOCS],
    ]) {
      const lead = await insertLead('arg', A.CARD_PENDING);
      const results = await Promise.all([
        move(admin, 'arg', lead.id, { to_status: targets[0], version: 1 }),
        move(supervisor, 'arg', lead.id, { to_status: targets[1], version: 1 }),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(results.find((r) => r.statusCode === 409)!.json().message).toBe(STALE);
      const row = await leadRow(lead.id);
      expect(row.version).toBe(2);
      const rows = await history(lead.id);
      expect(rows).toHaveLength(2);
      expect(rows[1]).toMatchObject({ fromStatus: A.CARD_PENDING, toStatus: row.statusId });
    }
  });

  it('requires the reason of a rejection (400 naming `reason`) and writes nothing without it', async () => {
    const supervisor = await as('arg', 'supervisor@arg.example');
    const lead = await insertLead('arg', A.PHONE_VALIDATION);
    const before = await snapshot(lead.id);
    for (const reason of [undefined, '', '   ']) {
      const res = await move(supervisor, 'arg', lead.id, {
        to_status: A.CANCELLED,
        version: 1,
        ...(reason === undefined ? {} : { reason }),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual([{ field: 'reason', message: 'Indicá el motivo del cambio de estado' }]);
    }
    const tooLong = await move(supervisor, 'arg', lead.id, { to_status: A.CANCELLED, version: 1, reason: 'x'.repeat(501) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().fields.map((f: { field: string }) => f.field)).toEqual(['reason']);
    expect(await snapshot(lead.id)).toEqual(before);
    const ok = await move(supervisor, 'arg', lead.id, {
      to_status: A.CANCELLED,
      version: 1,
      reason: 'El cliente ya no quiere el préstamo',
    });
    expect(ok.statusCode).toBe(200);
    expect((await history(lead.id))[1]).toMatchObject({ toStatus: A.CANCELLED, reason: 'El cliente ya no quiere el préstamo' });
  });

  it('applies guards against the current row (409 with the guard’s message)', async () => {
    const admin = await as('arg', 'admin@arg.example');
    const noOffer = await insertLead('arg', A.PENDING_CUSTOMER_APPROVAL, { offeredAmount: null });
    const res = await move(admin, 'arg', noOffer.id, { to_status: A.PENDING_IDENTIFICATION, version: 1 });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('El lead no tiene una oferta aprobada por riesgo');
    const unassigned = await insertLead('arg', A.ACCEPTED, { sellerId: null });
    expect((await move(admin, 'arg', unassigned.id, { to_status: A.AUDIT_PENDING, version: 1 })).json().message).toBe(
      'El lead no tiene un vendedor asignado',
    );
    expect((await leadRow(noOffer.id)).version).toBe(1);
    expect((await leadRow(unassigned.id)).version).toBe(1);
    // Audit checks the account the loan is paid into: without one the case does not go there, in either
    // country, nor back from the seller; the seller sees why on the button before trying.
    const seller = await as('arg', 'seller@arg.example');
    const colSeller = await as('col', 'seller@col.example');
    const colSellerId = await userIdByEmail(t.app, 'col', 'seller@col.example');
    for (const [country, client, from, to, owner] of [
      ['arg', seller, A.ACCEPTED, A.AUDIT_PENDING, sellerId],
      ['arg', seller, A.REQUEST_INFORMATION, A.AUDIT_RETRY, sellerId],
      ['col', colSeller, C.ACCEPTED, C.AUDIT_PENDING, colSellerId],
      ['col', colSeller, C.REQUEST_INFORMATION, C.AUDIT_RETRY, colSellerId],
    ] as const) {
      const noAccount = await insertLead(country, from, { bankAccount: false, sellerId: owner });
      const before = await snapshot(noAccount.id);
      const offered = leadTransitionsSchema.parse((await client.get(`/api/${country}/leads/${noAccount.id}/transitions`)).json());
      expect(offered.transitions.find((o) => o.to_status === to)?.blocked, `${country} ${from}`).toBe(
        'El cliente no tiene cuenta bancaria completa: hace falta una para auditar y transferir',
      );
      const refused = await move(client, country, noAccount.id, { to_status: to, version: 1 });
      expect(refused.statusCode).toBe(409);
      expect(await snapshot(noAccount.id)).toEqual(before);
      const withAccount = await insertLead(country, from, { sellerId: owner });
      expect((await move(client, country, withAccount.id, { to_status: to, version: 1 })).statusCode).toBe(200);
    }
    // A manual risk approval gives the lead the default offer, which opens the guard later on.
    const exception = await insertLead('arg', A.RISK_EXCEPTION, { offeredAmount: null });
    expect((await move(admin, 'arg', exception.id, { to_status: A.PHONE_VALIDATION, version: 1 })).statusCode).toBe(200);
    expect(await leadRow(exception.id)).toMatchObject({ offeredAmount: 2_500_000, rate: 89.5 });
  });

  it('lets risk set the offer where it approves: a revision changes the offer the customer rejected', async () => {
    const risk = await as('col', 'risk@col.example');
    const colSellerId = await userIdByEmail(t.app, 'col', 'seller@col.example');
    // The customer asked for $ 1.500.000 (cents).
    const revision = await insertLead('col', C.REVISION, {
      sellerId: colSellerId,
      offeredAmount: 120_000_000,
      requestedAmount: 150_000_000,
    });
    const offered = leadTransitionsSchema.parse((await risk.get(`/api/col/leads/${revision.id}/transitions`)).json());
    expect(offered.transitions.find((o) => o.to_status === C.PENDING_OFFER)).toMatchObject({ sets_offer: true });
    expect(offered.transitions.find((o) => o.to_status === C.REJECTED)).toMatchObject({ sets_offer: false });
    const before = await snapshot(revision.id);
    // Outside the country's amounts, above what was asked for, or on a move that sets no offer: 400 naming
    // it, nothing written.
    for (const [to, amount, message] of [
      [C.PENDING_OFFER, 50, 'La oferta va de'],
      [C.PENDING_OFFER, 1_500_001, `La oferta no puede superar el monto solicitado (${formatMoney('col', 150_000_000)})`],
      [C.REJECTED, 900_000, 'Este cambio de estado no fija una oferta'],
    ] as const) {
      const res = await move(risk, 'col', revision.id, { to_status: to, version: 1, reason: 'Revisión', offered_amount: amount });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual([{ field: 'offered_amount', message: expect.stringContaining(message) }]);
    }
    expect(await snapshot(revision.id)).toEqual(before);
    const res = await move(risk, 'col', revision.id, { to_status: C.PENDING_OFFER, version: 1, offered_amount: 900_000 });
    expect(res.statusCode, res.body).toBe(200);
    expect(await leadRow(revision.id)).toMatchObject({ statusId: C.PENDING_OFFER, offeredAmount: 90_000_000 });
    // The amount is on the history: the timeline says what risk offered.
    const [history] = await t.app.db
      .select()
      .from(leadStatusHistory)
      .where(eq(leadStatusHistory.leadId, revision.id))
      .orderBy(desc(leadStatusHistory.id))
      .limit(1);
    expect(history).toMatchObject({ toStatus: C.PENDING_OFFER, reason: `Oferta: ${formatMoney('col', 90_000_000)}` });
    // Without an amount the offer stays as it was.
    const again = await insertLead('col', C.REVISION, { sellerId: colSellerId, offeredAmount: 120_000_000 });
    expect((await move(risk, 'col', again.id, { to_status: C.PENDING_OFFER, version: 1 })).statusCode).toBe(200);
    expect((await leadRow(again.id)).offeredAmount).toBe(120_000_000);
  });

  it('drops the cached list counts of the country when a status changes', async () => {
    const admin = await as('arg', 'admin@arg.example');
    const lead = await insertLead('arg', A.SIGNATURE_PENDING);
    const countOf = async () => (await admin.get(`/api/arg/leads?status=${A.SIGNATURE_PENDING}`)).json().count;
    const first = await countOf();
    expect(first.cachedAt).toBeUndefined();
    expect((await countOf()).cachedAt).toEqual(expect.any(String));
    expect((await move(admin, 'arg', lead.id, { to_status: A.ACCEPTED, version: 1 })).statusCode).toBe(200);
    const after = await countOf();
    expect(after).toEqual({ total: first.total - 1, exact: true });
  });

  it('requires the XSRF header on the changes of a browser session', async () => {
    const admin = await as('arg', 'admin@arg.example');
    const lead = await insertLead('arg', A.PREFILTER);
    const before = await snapshot(lead.id);
    for (const res of [
      await admin.post(`/api/arg/leads/${lead.id}/transitions`, { to_status: A.CANCELLED, version: 1, reason: 'x' }, { xsrf: false }),
      await admin.post(`/api/arg/leads/${lead.id}/automation`, { version: 1 }, { xsrf: false }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Token XSRF ausente o inválido');
    }
    expect(await snapshot(lead.id)).toEqual(before);
  });

  describe('automated stages (simulators: outcome by the document’s last digit)', () => {
    const cases: [Country, string, number, number, number][] = [
      ['arg', 'prefilter', A.PREFILTER, 0, A.PREFILTER_REJECTED],
      ['arg', 'prefilter', A.PREFILTER, 1, A.PREFILTER_FAILED],
      ['arg', 'prefilter', A.PREFILTER, 5, A.RISK],
      ['arg', 'risk', A.RISK, 2, A.RISK_REJECTED],
      ['arg', 'risk', A.RISK, 3, A.RISK_FAILED],
      ['arg', 'risk', A.RISK, 4, A.PHONE_VALIDATION],
      ['arg', 'identity', A.VALIDATION_IN_PROGRESS, 5, A.REJECTED],
      ['arg', 'identity', A.VALIDATION_IN_PROGRESS, 6, A.MANUAL_VALIDATION],
      ['arg', 'identity', A.VALIDATION_IN_PROGRESS, 7, A.EXCEPTION],
      ['arg', 'identity', A.VALIDATION_IN_PROGRESS, 4, A.VALIDATE_DOCS],
      ['arg', 'transfer', A.TRANSFER_IN_PROGRESS, 8, A.TRANSFER_REJECTED],
      ['arg', 'transfer', A.TRANSFER_IN_PROGRESS, 9, A.TRANSFER_FAILED],
      ['arg', 'transfer', A.TRANSFER_IN_PROGRESS, 4, A.TRANSFERED],
      ['col', 'killer', C.KILLER, 0, C.KILLER_REJECTED],
      ['col', 'killer', C.KILLER, 1, C.KILLER_FAILED],
      ['col', 'killer', C.KILLER, 6, C.KILLER_APPROVAL],
      ['col', 'risk', C.RISK, 2, C.RISK_REJECTED],
      ['col', 'risk', C.RISK, 3, C.RISK_FAILED],
      ['col', 'risk', C.RISK, 4, C.RISK_MANUAL],
      ['col', 'risk', C.RISK, 5, C.PENDING_OFFER],
      ['col', 'identity', C.VALIDATION_IN_PROGRESS, 5, C.VALIDATION_REJECTED],
      ['col', 'identity', C.VALIDATION_IN_PROGRESS, 6, C.VALIDATION_MANUAL],
      ['col', 'identity', C.VALIDATION_IN_PROGRESS, 7, C.EXCEPTION],
      ['col', 'identity', C.VALIDATION_IN_PROGRESS, 9, C.VALIDATED],
      ['col', 'transfer', C.TRANSFER_IN_PROGRESS, 8, C.TRANSFER_REJECTED],
      ['col', 'transfer', C.TRANSFER_IN_PROGRESS, 9, C.TRANSFER_FAILED],
      ['col', 'transfer', C.TRANSFER_IN_PROGRESS, 0, C.TRANSFERRED],
      ['col', 'transfer', C.TRANSFER_RETRY, 3, C.TRANSFERRED],
    ];

    it.each(cases)('%s %s at status %i, document ending in %i → %i', async (country, _stage, from, digit, to) => {
      const operator = await as(country, `operator@${country}.example`);
      const colSeller = country === 'col' ? await userIdByEmail(t.app, 'col', 'seller@col.example') : sellerId;
      const lead = await insertLead(country, from, { lastDigit: digit, sellerId: colSeller, offeredAmount: null });
      const res = await automate(operator, country, lead.id, 1);
      expect(res.statusCode, res.body).toBe(200);
      const body = leadDetailSchema.parse(res.json());
      expect(body).toMatchObject({ status_id: to, version: 2 });
      const rows = await history(lead.id);
      expect(rows).toHaveLength(2);
      // The adapter decided and says why; the history names who ran it.
      const operatorId = await userIdByEmail(t.app, country, `operator@${country}.example`);
      expect(rows[1]).toMatchObject({ fromStatus: from, toStatus: to, userId: operatorId, reason: expect.stringContaining('(simulador)') });
      const row = await leadRow(lead.id);
      const approvedByRisk = (country === 'arg' && to === A.PHONE_VALIDATION) || (country === 'col' && to === C.PENDING_OFFER);
      expect(row.offeredAmount).toBe(approvedByRisk ? 2_500_000 : null);
    });

    it('refuses to run a stage where none waits, for roles that may not run it, and for other sellers', async () => {
      const operator = await as('arg', 'operator@arg.example');
      const seller = await as('arg', 'seller@arg.example');
      const manual = await insertLead('arg', A.PHONE_VALIDATION);
      const res = await automate(operator, 'arg', manual.id, 1);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('No hay una etapa automática pendiente en el estado Paso 2 · Validación telefónica.');
      const atRisk = await insertLead('arg', A.RISK);
      const refused = await automate(seller, 'arg', atRisk.id, 1);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe('Tu rol no puede ejecutar esta etapa automática.');
      const others = await insertLead('arg', A.RISK, { sellerId: otherSellerId });
      expect((await automate(seller, 'arg', others.id, 1)).json().message).toBe('Este lead está asignado a otro vendedor');
      expect((await leadRow(atRisk.id)).version).toBe(1);
      expect((await leadRow(manual.id)).version).toBe(1);
    });

    it("leaves money to the back office: the transfer stage is not the webservice's or risk's, and needs an account", async () => {
      for (const [country, from, email] of [
        ['arg', A.TRANSFER_IN_PROGRESS, 'webservice@arg.example'],
        ['col', C.TRANSFER_IN_PROGRESS, 'webservice@col.example'],
        ['col', C.TRANSFER_RETRY, 'risk@col.example'],
      ] as const) {
        const lead = await insertLead(country, from, { lastDigit: 0 });
        const client = await as(country, email);
        const refused = await automate(client, country, lead.id, 1);
        expect(refused.statusCode, `${country} ${email}`).toBe(403);
        expect((await leadRow(lead.id)).version).toBe(1);
      }
      // Both may still run the stages before the money (the integration pushes applications through them).
      const atRisk = await insertLead('col', C.RISK, { lastDigit: 5, sellerId: null });
      expect((await automate(await as('col', 'risk@col.example'), 'col', atRisk.id, 1)).statusCode).toBe(200);

      // Approved, but the customer has no account (data from before the rule): the transfer is refused,
      // offered as blocked, and nothing is written.
      for (const country of ['arg', 'col'] as const) {
        const operator = await as(country, `operator@${country}.example`);
        const lead = await insertLead(country, country === 'arg' ? A.AUDIT_APPROVAL : C.AUDIT_APPROVAL, { bankAccount: false });
        const before = await snapshot(lead.id);
        const offered = leadTransitionsSchema.parse((await operator.get(`/api/${country}/leads/${lead.id}/transitions`)).json());
        const toTransfer = country === 'arg' ? A.TRANSFER_IN_PROGRESS : C.TRANSFER_IN_PROGRESS;
        expect(offered.transitions.find((o) => o.to_status === toTransfer)?.blocked).toBe(
          'El cliente no tiene cuenta bancaria completa: hace falta una para auditar y transferir',
        );
        const res = await move(operator, country, lead.id, { to_status: toTransfer, version: 1 });
        expect(res.statusCode).toBe(409);
        expect(res.json().message).toBe('El cliente no tiene cuenta bancaria completa: hace falta una para auditar y transferir');
        expect(await snapshot(lead.id)).toEqual(before);
      }
    });

    it('walks an arg application from CREATED to DISBURSED', async () => {
      const admin = await as('arg', 'admin@arg.example');
      const seller = await as('arg', 'seller@arg.example');
      const supervisor = await as('arg', 'supervisor@arg.example');
      const lead = await insertLead('arg', A.CREATED, { lastDigit: 4, offeredAmount: null });
      let version = 1;
      const step = async (client: TestClient, to: number | 'auto', reason?: string) => {
        const res =
          to === 'auto'
            ? await automate(client, 'arg', lead.id, version)
            : await move(client, 'arg', lead.id, { to_status: to, version, reason });
        expect(res.statusCode, res.body).toBe(200);
        version = res.json().version;
        return res.json().status_id as number;
      };
      expect(await step(seller, A.PREFILTER)).toBe(A.PREFILTER);
      expect(await step(admin, 'auto')).toBe(A.RISK);
      expect(await step(admin, 'auto')).toBe(A.PHONE_VALIDATION);
      for (const to of [A.PENDING_CUSTOMER_APPROVAL, A.PENDING_IDENTIFICATION, A.VALIDATION_IN_PROGRESS])
        expect(await step(seller, to)).toBe(to);
      expect(await step(admin, 'auto')).toBe(A.VALIDATE_DOCS);
      for (const to of [A.CARD_PENDING, A.CARD_CONFIRMATION, A.SIGNATURE_PENDING, A.ACCEPTED, A.AUDIT_PENDING])
        expect(await step(seller, to)).toBe(to);
      // Audit decisions are the audit case's: taken, checked, decided.
      const audit = async (decision: string, comment?: string) => {
        expect((await supervisor.post(`/api/arg/audits/${lead.id}/claim`, {})).statusCode).toBe(200);
        const checklist = { identity: true, documents: true, signature: true, bank_account: true, phone: true };
        const res = await supervisor.post(`/api/arg/audits/${lead.id}/decision`, { decision, checklist, comment, version });
        expect(res.statusCode, res.body).toBe(200);
        version = res.json().lead.version;
        return res.json().lead.status_id as number;
      };
      expect(await audit('request_information', 'Falta el comprobante de CBU')).toBe(A.REQUEST_INFORMATION);
      expect(await step(seller, A.AUDIT_RETRY)).toBe(A.AUDIT_RETRY);
      expect(await audit('approve')).toBe(A.AUDIT_APPROVAL);
      expect(await step(admin, A.TRANSFER_IN_PROGRESS)).toBe(A.TRANSFER_IN_PROGRESS);
      expect(await step(admin, 'auto')).toBe(A.TRANSFERED);
      expect(await step(admin, A.DISBURSED)).toBe(A.DISBURSED);
      const rows = await history(lead.id);
      expect(rows.map((r) => r.toStatus)).toEqual([
        A.CREATED,
        A.PREFILTER,
        A.RISK,
        A.PHONE_VALIDATION,
        A.PENDING_CUSTOMER_APPROVAL,
        A.PENDING_IDENTIFICATION,
        A.VALIDATION_IN_PROGRESS,
        A.VALIDATE_DOCS,
        A.CARD_PENDING,
        A.CARD_CONFIRMATION,
        A.SIGNATURE_PENDING,
        A.ACCEPTED,
        A.AUDIT_PENDING,
        A.REQUEST_INFORMATION,
        A.AUDIT_RETRY,
        A.AUDIT_APPROVAL,
        A.TRANSFER_IN_PROGRESS,
        A.TRANSFERED,
        A.DISBURSED,
      ]);
      // Each row continues from the previous one.
      rows.slice(1).forEach((row, i) => expect(row.fromStatus).toBe(rows[i].toStatus));
      // DISBURSED is terminal: nothing left to offer.
      expect(leadTransitionsSchema.parse((await admin.get(`/api/arg/leads/${lead.id}/transitions`)).json())).toMatchObject({
        transitions: [],
        automation: null,
      });
    });
  });
  describe('automated stages that run by themselves (WORKFLOW_AUTORUN)', () => {
    const actor = (email: string, id: number, role: number): AuthUser => ({ id, country: 'arg', role, name: email, email, neotelId: 0 });
    const service = (adapters = simulatedAdapters(), errors: unknown[] = []) =>
      new WorkflowService(t.app.db, adapters, { autoRun: true, onStageError: (error) => errors.push(error) });

    it('a seller sending Paso 4 to identity lands on Paso 7 at once, the system authoring the stage', async () => {
      const lead = await insertLead('arg', A.PENDING_IDENTIFICATION, { lastDigit: 4 });
      await service().transition({
        country: 'arg',
        leadId: lead.id,
        user: actor('seller', sellerId, 2),
        to: A.VALIDATION_IN_PROGRESS,
        version: 1,
      });
      expect((await leadRow(lead.id)).statusId).toBe(A.VALIDATE_DOCS);
      const rows = await history(lead.id);
      expect(rows.slice(-2).map((r) => [r.toStatus, r.userId])).toEqual([
        [A.VALIDATION_IN_PROGRESS, sellerId],
        [A.VALIDATE_DOCS, null],
      ]);
    });

    it('chains stages: prefilter then risk, up to the first status a person works', async () => {
      const admin = await userIdByEmail(t.app, 'arg', 'admin@arg.example');
      const lead = await insertLead('arg', A.CREATED, { lastDigit: 4, offeredAmount: null });
      await service().transition({ country: 'arg', leadId: lead.id, user: actor('admin', admin, 1), to: A.PREFILTER, version: 1 });
      expect((await history(lead.id)).map((r) => r.toStatus)).toEqual([A.CREATED, A.PREFILTER, A.RISK, A.PHONE_VALIDATION]);
      expect((await leadRow(lead.id)).offeredAmount).not.toBeNull();
    });

    it('a stage outcome that rejects ends the chain there, with its reason', async () => {
      const lead = await insertLead('arg', A.PENDING_IDENTIFICATION, { lastDigit: 5 });
      await service().transition({
        country: 'arg',
        leadId: lead.id,
        user: actor('seller', sellerId, 2),
        to: A.VALIDATION_IN_PROGRESS,
        version: 1,
      });
      const last = (await history(lead.id)).at(-1)!;
      expect([last.toStatus, last.userId, last.reason]).toEqual([
        A.REJECTED,
        null,
        'Identidad: los datos no coinciden con el registro (simulador)',
      ]);
    });

    /** The lead's queued stage run, as the queue holds it (undefined: none). */
    const queued = async (leadId: number) =>
      (
        await t.app.db
          .select({
            statusId: stageRuns.statusId,
            attempts: stageRuns.attempts,
            lastError: stageRuns.lastError,
            retryInSeconds: sql<
              number | null
            >`case when isfinite(${stageRuns.runAfter}) then round(extract(epoch from ${stageRuns.runAfter} - now()))::int end`,
          })
          .from(stageRuns)
          .where(eq(stageRuns.leadId, leadId))
      )[0];
    /** The retry's wait is over (as if its time had come). */
    const due = (leadId: number) =>
      t.app.db
        .update(stageRuns)
        .set({ runAfter: sql`now() - interval '1 second'` })
        .where(eq(stageRuns.leadId, leadId));
    const identityDown = (calls: { n: number } = { n: 0 }) => ({
      ...simulatedAdapters(),
      identity: {
        run: async () => {
          calls.n++;
          throw new Error('identity service down');
        },
      },
    });
    const transitionsOf = async (leadId: number) => {
      const admin = await as('arg', 'admin@arg.example');
      return leadTransitionsSchema.parse((await admin.get(`/api/arg/leads/${leadId}/transitions`)).json());
    };

    it('a failing adapter leaves the person’s change in place and the run queued for a retry, which the screens show', async () => {
      const errors: unknown[] = [];
      const lead = await insertLead('arg', A.PENDING_IDENTIFICATION, { lastDigit: 4 });
      await service(identityDown(), errors).transition({
        country: 'arg',
        leadId: lead.id,
        user: actor('seller', sellerId, 2),
        to: A.VALIDATION_IN_PROGRESS,
        version: 1,
      });
      expect((await leadRow(lead.id)).statusId).toBe(A.VALIDATION_IN_PROGRESS);
      expect(errors).toEqual([new Error('identity service down')]);
      // Queued with the status change, claimed once, to be tried again in STAGE_RETRY_SECONDS (30 s by default).
      expect(await queued(lead.id)).toEqual({
        statusId: A.VALIDATION_IN_PROGRESS,
        attempts: 1,
        lastError: 'identity service down',
        retryInSeconds: 30,
      });
      const { stage_failure: failure } = await transitionsOf(lead.id);
      expect(failure?.attempts).toBe(1);
      expect(Math.abs(Date.parse(failure!.retry_at!) - Date.now() - 30_000)).toBeLessThan(5_000);
    });

    it('the worker retries a failed run when its time comes, and the lead moves on as if it had run the first time', async () => {
      const lead = await insertLead('arg', A.PENDING_IDENTIFICATION, { lastDigit: 4 });
      await service(identityDown()).transition({
        country: 'arg',
        leadId: lead.id,
        user: actor('seller', sellerId, 2),
        to: A.VALIDATION_IN_PROGRESS,
        version: 1,
      });
      // Not before its time.
      expect(await service().runDueStages(100)).toBe(0);
      await due(lead.id);
      await service().runDueStages(100);
      expect((await leadRow(lead.id)).statusId).toBe(A.VALIDATE_DOCS);
      expect((await history(lead.id)).slice(-1).map((r) => [r.toStatus, r.userId])).toEqual([[A.VALIDATE_DOCS, null]]);
      // Paso 7 is a person's: nothing left queued, nothing shown.
      expect(await queued(lead.id)).toBeUndefined();
      expect((await transitionsOf(lead.id)).stage_failure).toBeNull();
    });

    it('waits twice as long after each failure, then stops trying and leaves the stage to a person', async () => {
      const calls = { n: 0 };
      const errors: unknown[] = [];
      const down = () =>
        new WorkflowService(t.app.db, identityDown(calls), {
          autoRun: true,
          maxAttempts: 3,
          retrySeconds: 10,
          onStageError: (e) => errors.push(e),
        });
      const lead = await insertLead('arg', A.PENDING_IDENTIFICATION, { lastDigit: 4 });
      await down().transition({
        country: 'arg',
        leadId: lead.id,
        user: actor('seller', sellerId, 2),
        to: A.VALIDATION_IN_PROGRESS,
        version: 1,
      });
      expect((await queued(lead.id))?.retryInSeconds).toBe(10);
      await due(lead.id);
      await down().runDueStages(100);
      expect((await queued(lead.id))?.retryInSeconds).toBe(20);
      await due(lead.id);
      await down().runDueStages(100);
      expect(await queued(lead.id)).toMatchObject({ attempts: 3, retryInSeconds: null });
      expect([calls.n, errors.length]).toEqual([3, 3]);
      // Never due again: no retry however long one waits.
      expect(await down().runDueStages(100)).toBe(0);
      expect((await transitionsOf(lead.id)).stage_failure).toEqual({ attempts: 3, retry_at: null });
      // The back office runs it by hand: the failed run is settled with the change.
      const admin = await as('arg', 'admin@arg.example');
      const res = await automate(admin, 'arg', lead.id, (await leadRow(lead.id)).version);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().status_id).toBe(A.VALIDATE_DOCS);
      expect(await queued(lead.id)).toBeUndefined();
    });

    it('a run cut short (its node stopped) is left alone until its lease ends, then another node runs it once', async () => {
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      const errors: unknown[] = [];
      // Node A's identity service does not answer (yet): its request is still running the stage.
      const slow = {
        ...simulatedAdapters(),
        identity: {
          run: async (input: Parameters<ReturnType<typeof simulatedAdapters>['identity']['run']>[0]) => (
            await gate,
            simulatedAdapters().identity.run(input)
          ),
        },
      };
      const lead = await insertLead('arg', A.PENDING_IDENTIFICATION, { lastDigit: 4 });
      const nodeA = service(slow, errors).transition({
        country: 'arg',
        leadId: lead.id,
        user: actor('seller', sellerId, 2),
        to: A.VALIDATION_IN_PROGRESS,
        version: 1,
      });
      await expect.poll(async () => (await queued(lead.id))?.attempts).toBe(1);
      // Node B's worker does not start it again while A holds it.
      expect(await service().runDueStages(100)).toBe(0);
      // A's lease ran out (A stopped): B runs the stage.
      await due(lead.id);
      expect(await service().runDueStages(100)).toBe(1);
      expect((await leadRow(lead.id)).statusId).toBe(A.VALIDATE_DOCS);
      // A's late answer finds the lead moved on: refused as stale, so nothing written, and no failure to
      // retry or report (A's request itself ends as it would have: the person's change was made).
      release();
      await nodeA;
      expect((await history(lead.id)).filter((r) => r.toStatus === A.VALIDATE_DOCS)).toHaveLength(1);
      expect(errors).toEqual([]);
      expect(await queued(lead.id)).toBeUndefined();
    });

    it('an outcome for a lead edited while the service decided is not applied: the stage runs again at once on the lead as it is', async () => {
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      const seen: string[] = [];
      const errors: unknown[] = [];
      // The first call waits (the service is deciding); later calls answer at once.
      const slowOnce = {
        ...simulatedAdapters(),
        identity: {
          run: async (input: Parameters<ReturnType<typeof simulatedAdapters>['identity']['run']>[0]) => {
            seen.push(input.docNumber);
            if (seen.length === 1) await gate;
            return simulatedAdapters().identity.run(input);
          },
        },
      };
      // Ending in 4 the identity simulator approves; ending in 5 it rejects.
      const lead = await insertLead('arg', A.PENDING_IDENTIFICATION, { lastDigit: 4 });
      const change = service(slowOnce, errors).transition({
        country: 'arg',
        leadId: lead.id,
        user: actor('seller', sellerId, 2),
        to: A.VALIDATION_IN_PROGRESS,
        version: 1,
      });
      await expect.poll(() => seen.length).toBe(1);
      // Meanwhile the document is corrected (the lead's version moves on, its status does not).
      const corrected = `${seen[0].slice(0, -1)}5`;
      await t.app.db.update(customers).set({ docNumber: corrected }).where(eq(customers.docNumber, lead.docNumber));
      await t.app.db
        .update(leads)
        .set({ version: sql`${leads.version} + 1` })
        .where(eq(leads.id, lead.id));
      release();
      await change;
      expect(seen).toEqual([seen[0], corrected]);
      // Decided on the corrected document, at once: no failure, no retry waiting.
      expect(errors).toEqual([]);
      expect((await leadRow(lead.id)).statusId).toBe(A.REJECTED);
      expect(await queued(lead.id)).toBeUndefined();
    });

    it('with STAGE_RUN_WAIT off the change is answered before a slow stage decides, which then moves the lead', async () => {
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      const slow = {
        ...simulatedAdapters(),
        identity: {
          run: async (input: Parameters<ReturnType<typeof simulatedAdapters>['identity']['run']>[0]) => (
            await gate,
            simulatedAdapters().identity.run(input)
          ),
        },
      };
      const workflow = new WorkflowService(t.app.db, slow, { autoRun: true, awaitStages: false });
      const lead = await insertLead('arg', A.PENDING_IDENTIFICATION, { lastDigit: 4 });
      await workflow.transition({
        country: 'arg',
        leadId: lead.id,
        user: actor('seller', sellerId, 2),
        to: A.VALIDATION_IN_PROGRESS,
        version: 1,
      });
      expect((await leadRow(lead.id)).statusId).toBe(A.VALIDATION_IN_PROGRESS);
      release();
      await workflow.drain();
      expect((await leadRow(lead.id)).statusId).toBe(A.VALIDATE_DOCS);
    });

    it('a failure that cannot even be recorded leaves the person’s change answered and the run claimed for a worker to take over', async () => {
      const errors: unknown[] = [];
      const recording = vi.spyOn(StageRunsRepository.prototype, 'fail').mockRejectedValue(new Error('connection terminated'));
      const lead = await insertLead('arg', A.PENDING_IDENTIFICATION, { lastDigit: 4 });
      try {
        await service(identityDown(), errors).transition({
          country: 'arg',
          leadId: lead.id,
          user: actor('seller', sellerId, 2),
          to: A.VALIDATION_IN_PROGRESS,
          version: 1,
        });
      } finally {
        recording.mockRestore();
      }
      expect((await leadRow(lead.id)).statusId).toBe(A.VALIDATION_IN_PROGRESS);
      expect(errors).toEqual([new Error('connection terminated')]);
      // Claimed, unrecorded: due again when the 2-minute lease ends.
      expect(await queued(lead.id)).toEqual({ statusId: A.VALIDATION_IN_PROGRESS, attempts: 1, lastError: null, retryInSeconds: 120 });
    });

    it('after an outage the back office queues the stopped runs again (POST /stage-runs/retry) and they run; sellers and auditors may not', async () => {
      const stopped = [];
      for (let i = 0; i < 2; i++) {
        const lead = await insertLead('arg', A.PENDING_IDENTIFICATION, { lastDigit: 4 });
        await new WorkflowService(t.app.db, identityDown(), { autoRun: true, maxAttempts: 1 }).transition({
          country: 'arg',
          leadId: lead.id,
          user: actor('seller', sellerId, 2),
          to: A.VALIDATION_IN_PROGRESS,
          version: 1,
        });
        expect(await queued(lead.id)).toMatchObject({ attempts: 1, retryInSeconds: null });
        stopped.push(lead.id);
      }
      // One still retrying: not the button's (the system is on it).
      const retrying = await insertLead('arg', A.PENDING_IDENTIFICATION, { lastDigit: 4 });
      await service(identityDown()).transition({
        country: 'arg',
        leadId: retrying.id,
        user: actor('seller', sellerId, 2),
        to: A.VALIDATION_IN_PROGRESS,
        version: 1,
      });

      for (const email of ['seller@arg.example', 'auditor@arg.example']) {
        expect((await (await as('arg', email)).post('/api/arg/stage-runs/retry', {})).statusCode, email).toBe(403);
      }
      expect((await queued(stopped[0]))?.retryInSeconds).toBeNull();
      // col's back office does not touch arg's runs.
      expect((await (await as('col', 'admin@col.example')).post('/api/col/stage-runs/retry', {})).json()).toEqual({ queued: 0 });

      const res = await (await as('arg', 'supervisor@arg.example')).post('/api/arg/stage-runs/retry', {});
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ queued: 2 });
      // The node started on them at once (the app's simulators answer): joined here, then they have moved on.
      await t.app.stageWorker.runOnce();
      for (const id of stopped) {
        expect((await leadRow(id)).statusId).toBe(A.VALIDATE_DOCS);
        expect(await queued(id)).toBeUndefined();
      }
      // Due 30 s after its failure: the seconds this test took since then count down (a busy machine's few).
      const retryIn = (await queued(retrying.id))?.retryInSeconds;
      expect(retryIn).toBeGreaterThan(20);
      expect(retryIn).toBeLessThanOrEqual(30);
    });

    it('two workers claiming at once run each due stage once', async () => {
      const leadsDue = [];
      for (let i = 0; i < 6; i++) {
        const lead = await insertLead('arg', A.PENDING_IDENTIFICATION, { lastDigit: 4 });
        await service(identityDown()).transition({
          country: 'arg',
          leadId: lead.id,
          user: actor('seller', sellerId, 2),
          to: A.VALIDATION_IN_PROGRESS,
          version: 1,
        });
        await due(lead.id);
        leadsDue.push(lead.id);
      }
      const claimed = await Promise.all([service().runDueStages(100), service().runDueStages(100)]);
      expect(claimed[0] + claimed[1]).toBe(6);
      for (const id of leadsDue) {
        expect((await history(id)).filter((r) => r.toStatus === A.VALIDATE_DOCS)).toHaveLength(1);
      }
    });

    it('a person’s change settles a queued retry: the stage the lead left is not run', async () => {
      const calls = { n: 0 };
      const lead = await insertLead('arg', A.PENDING_IDENTIFICATION, { lastDigit: 4 });
      await service(identityDown(calls)).transition({
        country: 'arg',
        leadId: lead.id,
        user: actor('seller', sellerId, 2),
        to: A.VALIDATION_IN_PROGRESS,
        version: 1,
      });
      const admin = await as('arg', 'admin@arg.example');
      const res = await automate(admin, 'arg', lead.id, (await leadRow(lead.id)).version);
      expect(res.statusCode, res.body).toBe(200);
      expect(await queued(lead.id)).toBeUndefined();
      expect(await service(identityDown(calls)).runDueStages(100)).toBe(0);
      expect(calls.n).toBe(1);
    });

    it('the simulated services fail for a document ending in STAGE_SIMULATE_FAIL_SUFFIX; a person running the stage then gets a 502 saying so, and nothing changes', async () => {
      const lead = await insertLead('arg', A.PREFILTER, { lastDigit: 4 });
      await t.app.db.update(customers).set({ docNumber: '29999999' }).where(eq(customers.docNumber, lead.docNumber));
      const before = await snapshot(lead.id);
      const admin = await as('arg', 'admin@arg.example');
      const res = await automate(admin, 'arg', lead.id, before.lead.version);
      expect(res.statusCode, res.body).toBe(502);
      expect(res.json().message).toBe(
        'El servicio externo de esta etapa no respondió: el estado no cambió. Volvé a intentarlo en unos minutos.',
      );
      expect(await snapshot(lead.id)).toEqual(before);
      // The system's own run fails the same way and is queued for its retry.
      const system = new WorkflowService(t.app.db, simulatedAdapters({ failSuffix: '99999' }), { autoRun: true });
      const other = await insertLead('arg', A.CREATED, { lastDigit: 4 });
      await t.app.db.update(customers).set({ docNumber: '28899999' }).where(eq(customers.docNumber, other.docNumber));
      await system.transition({
        country: 'arg',
        leadId: other.id,
        user: actor('admin', await userIdByEmail(t.app, 'arg', 'admin@arg.example'), 1),
        to: A.PREFILTER,
        version: 1,
      });
      expect(await queued(other.id)).toMatchObject({
        statusId: A.PREFILTER,
        attempts: 1,
        lastError: 'prefilter: the service did not answer (simulator, document ending in 99999)',
      });
    });

    it('the node’s stage worker runs what is due with the app’s adapters and tells the country’s screens where the lead went', async () => {
      const lead = await insertLead('arg', A.PENDING_IDENTIFICATION, { lastDigit: 4 });
      await service(identityDown()).transition({
        country: 'arg',
        leadId: lead.id,
        user: actor('seller', sellerId, 2),
        to: A.VALIDATION_IN_PROGRESS,
        version: 1,
      });
      await due(lead.id);
      const emitted = vi.spyOn(t.app.realtime, 'toCountry');
      try {
        expect(await t.app.stageWorker.runOnce()).toBe(1);
        expect((await leadRow(lead.id)).statusId).toBe(A.VALIDATE_DOCS);
        expect(emitted.mock.calls).toEqual([['arg', 'lead:stage-decided', { lead_id: lead.id, status_id: A.VALIDATE_DOCS }]]);
      } finally {
        emitted.mockRestore();
      }
    });

    it('without WORKFLOW_AUTORUN nothing is queued: the stage waits for a person', async () => {
      const lead = await insertLead('arg', A.PENDING_IDENTIFICATION, { lastDigit: 4 });
      const seller = await as('arg', 'seller@arg.example');
      expect((await move(seller, 'arg', lead.id, { to_status: A.VALIDATION_IN_PROGRESS, version: 1 })).statusCode).toBe(200);
      expect(await queued(lead.id)).toBeUndefined();
      expect(await t.app.stageWorker.runOnce()).toBe(0);
      expect((await leadRow(lead.id)).statusId).toBe(A.VALIDATION_IN_PROGRESS);
    });

    it('is on by default outside the tests, with five runs 30 s, 1, 2 and 4 min apart and a look every 5 s', () => {
      expect(loadConfig({}).workflowAutoRun).toBe(true);
      expect(loadConfig({ WORKFLOW_AUTORUN: 'false' }).workflowAutoRun).toBe(false);
      expect(loadConfig({}).stageRuns).toEqual({
        simulateFailSuffix: '99999',
        wait: true,
        maxAttempts: 5,
        retrySeconds: 30,
        workerSeconds: 5,
      });
      expect(loadConfig({ STAGE_RUN_WAIT: 'false' }).stageRuns.wait).toBe(false);
    });
  });
});
