import { REGRET_TRANSITIONS, addDays, regretStatusId, todayIn, type RoleKind } from '@backoffice/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, installments, loanEvents, loans, payments, regrets } from '../../src/db/schema';
import { createTestApp, signedIn, type Driver, type TestApp } from '../helpers/app';
import { freeLead, insertLoan, userId } from './fixtures';

const arg = (name: string) => regretStatusId('arg', name);
const EMAIL: Partial<Record<RoleKind, string>> = {
  admin: 'admin@arg.example',
  supervisor: 'supervisor@arg.example',
  atc: 'atc@arg.example',
  collector: 'collector@arg.example',
};

describe.each<Driver>(['pglite', 'postgres'])('regrets on %s', (driver) => {
  let t: TestApp;
  const as = signedIn(() => t.app);
  const today = todayIn('arg');
  let collectorId: number;

  beforeAll(async () => {
    t = await createTestApp(driver, { seedLeads: 30 });
    collectorId = await userId(t.app, 'collector@arg.example');
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A fresh ACTIVE loan disbursed `daysAgo` days ago, the collector's. */
  const loanFor = async (daysAgo = 2, docNumber?: string) => {
    const lead = await freeLead(t.app, 'arg', 0);
    if (docNumber) await t.app.db.update(customers).set({ docNumber }).where(eq(customers.id, lead.customerId));
    const loan = await insertLoan(t.app, 'arg', lead, {
      disbursedOn: addDays(today, -daysAgo),
      collectorId,
      principal: 300_000,
      status: 'OVERDUE',
    });
    return { lead, loan };
  };

  const file = async (loanId: number, email = 'atc@arg.example') => (await as('arg', email)).post('/api/arg/regrets', { loan_id: loanId });
  const move = async (id: number, to: string, email = 'supervisor@arg.example', reason?: string) => {
    const [row] = await t.app.db.select({ version: regrets.version }).from(regrets).where(eq(regrets.id, id));
    return (await as('arg', email)).post(`/api/arg/regrets/${id}/transition`, { to: arg(to), version: row!.version, reason });
  };

  it('files a regret within the period: revocation code at once, its communication recorded, principal less payments to return', async () => {
    const { loan } = await loanFor(2);
    await t.app.db
      .insert(payments)
      .values({ country: 'arg', loanId: loan.id, amount: 50_000, paidOn: today, channel: 'transfer', reference: `p-${loan.id}` });
    await t.app.db.insert(payments).values({
      country: 'arg',
      loanId: loan.id,
      amount: 70_000,
      paidOn: today,
      channel: 'transfer',
      reference: `r-${loan.id}`,
      reversedAt: new Date(),
    });
    const res = await file(loan.id);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.revocation_code).toMatch(/^REV-[A-Z2-9]{8}$/);
    expect(body.status).toBe(arg('pending'));
    expect(body.amount).toBe(250_000);
    expect(body.history).toHaveLength(1);
    const events = await t.app.db
      .select()
      .from(loanEvents)
      .where(and(eq(loanEvents.loanId, loan.id), eq(loanEvents.type, 'communication')));
    expect(events).toHaveLength(1);
    expect(events[0]!.body).toContain(body.revocation_code);
    // A second one for the same loan while this is open is refused.
    expect((await file(loan.id)).statusCode).toBe(409);
  });

  it('offers as candidates the loans within their period without an open regret', async () => {
    const recent = await loanFor(1);
    const old = await loanFor(45);
    const taken = await loanFor(2);
    expect((await file(taken.loan.id)).statusCode).toBe(201);
    const res = await (await as('arg', 'atc@arg.example')).get('/api/arg/regrets/candidates');
    expect(res.statusCode, res.body).toBe(200);
    const ids = (res.json() as { loan_id: number }[]).map((c) => c.loan_id);
    expect(ids).toContain(recent.loan.id);
    expect(ids).not.toContain(old.loan.id);
    expect(ids).not.toContain(taken.loan.id);
  });

  it('refuses a regret past the legal deadline, saying until when it could be filed', async () => {
    const { loan } = await loanFor(40);
    const res = await file(loan.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/Fuera del plazo legal de arrepentimiento: vencía el \d\d\/\d\d\/\d{4}/);
    expect(await t.app.db.select().from(regrets).where(eq(regrets.loanId, loan.id))).toEqual([]);
  });

  it('lets every transition be taken by its roles only, with a reason where the table asks one', async () => {
    const { loan } = await loanFor(1);
    const filed = await file(loan.id);
    const id = filed.json().id as number;
    const kinds = Object.keys(EMAIL) as RoleKind[];
    for (const transition of REGRET_TRANSITIONS.arg.filter((x) => x.outcomeOf === null)) {
      for (const kind of kinds) {
        // Put the request in the transition's from-status, the loan back as it was.
        await t.app.db.update(regrets).set({ status: transition.from, returned: 0 }).where(eq(regrets.id, id));
        await t.app.db.update(loans).set({ status: 'OVERDUE' }).where(eq(loans.id, loan.id));
        const [row] = await t.app.db.select({ version: regrets.version }).from(regrets).where(eq(regrets.id, id));
        const send = (reason?: string) =>
          as('arg', EMAIL[kind]!).then((c) =>
            c.post(`/api/arg/regrets/${id}/transition`, { to: transition.to, version: row!.version, reason }),
          );
        const allowed = transition.roles.includes(kind);
        if (!allowed) {
          const refused = await send('motivo');
          expect(refused.statusCode, `${kind} ${transition.from}→${transition.to}`).toBe(403);
          continue;
        }
        if (transition.reasonRequired) expect((await send()).statusCode, `${transition.from}→${transition.to} without reason`).toBe(400);
        const taken = await send('motivo');
        expect(taken.statusCode, `${kind} ${transition.from}→${transition.to}: ${taken.body}`).toBe(200);
        // A step that starts a stage ends in one of the stage's outcomes.
        const outcomes = REGRET_TRANSITIONS.arg
          .filter((x) => x.outcomeOf !== null && x.outcomeOf === transition.starts && x.from === transition.to)
          .map((x) => x.to);
        expect(transition.starts ? outcomes : [transition.to]).toContain(taken.json().status);
      }
    }
    // No transition out of the table: pending straight to certified.
    await t.app.db
      .update(regrets)
      .set({ status: arg('pending') })
      .where(eq(regrets.id, id));
    expect((await move(id, 'certified')).statusCode).toBe(409);
    // A stale version is refused.
    const stale = await (
      await as('arg', 'admin@arg.example')
    ).post(`/api/arg/regrets/${id}/transition`, { to: arg('approved'), version: 1 });
    expect(stale.statusCode).toBe(409);
  });

  it('walks to certified through the transfer adapter and annuls the loan exactly once', async () => {
    const { loan } = await loanFor(3);
    const id = (await file(loan.id)).json().id as number;
    expect((await move(id, 'approved', 'atc@arg.example')).json().status).toBe(arg('approved'));
    expect((await move(id, 'generating order', 'atc@arg.example')).json().status).toBe(arg('order generated'));
    const transferred = (await move(id, 'transfer in progress', 'atc@arg.example')).json();
    expect(transferred.status).toBe(arg('transferred'));
    expect(transferred.returned).toBe(300_000);
    expect((await move(id, 'certified', 'atc@arg.example')).statusCode).toBe(403);
    const certified = await move(id, 'certified');
    expect(certified.statusCode, certified.body).toBe(200);
    const [annulled] = await t.app.db.select().from(loans).where(eq(loans.id, loan.id));
    expect(annulled).toMatchObject({ status: 'ANNULED', inCollections: false, outstanding: 0 });
    const open = await t.app.db
      .select()
      .from(installments)
      .where(and(eq(installments.loanId, loan.id), sql`${installments.status} <> 'cancelled'`));
    expect(open).toEqual([]);
    expect((await move(id, 'certified')).statusCode).toBe(409);
    expect((await move(id, 'closed')).statusCode).toBe(200);
    const statusEvents = await t.app.db
      .select()
      .from(loanEvents)
      .where(and(eq(loanEvents.loanId, loan.id), eq(loanEvents.type, 'status')));
    expect(statusEvents).toHaveLength(1);
    const detail = (await (await as('arg', 'admin@arg.example')).get(`/api/arg/regrets/${id}`)).json();
    expect(detail.history.map((h: { to_status: number }) => h.to_status)).toEqual(
      ['pending', 'approved', 'generating order', 'order generated', 'transfer in progress', 'transferred', 'certified', 'closed'].map(arg),
    );
  });

  it('retries a failing order through the adapter, and leaves a short return as pending balance', async () => {
    const failing = await loanFor(2, '3011199999');
    const id = (await file(failing.loan.id)).json().id as number;
    await move(id, 'approved');
    const failed = (await move(id, 'generating order')).json();
    expect(failed.status).toBe(arg('fail generating order'));
    expect(failed.attempts).toBe(t.app.config.legal.transferAttempts);
    await t.app.db.update(customers).set({ docNumber: '30111999' }).where(eq(customers.id, failing.lead.customerId));
    expect((await move(id, 'generating order')).json().status).toBe(arg('order generated'));

    const short = await loanFor(2, '3022288888');
    const sid = (await file(short.loan.id)).json().id as number;
    await move(sid, 'approved');
    await move(sid, 'generating order');
    const partial = (await move(sid, 'transfer in progress')).json();
    expect(partial.status).toBe(arg('pending balance'));
    expect(partial.returned).toBe(150_000);
    const rest = (await move(sid, 'transfer in progress')).json();
    expect(rest).toMatchObject({ status: arg('transferred'), returned: 300_000 });
  });

  it('exports the status as its label and, in a column of its own, its return-request catalogue name', async () => {
    const { loan } = await loanFor(2);
    const id = (await file(loan.id)).json().id as number;
    const res = await (await as('arg', 'admin@arg.example')).get('/api/arg/regrets/export?format=csv');
    expect(res.statusCode, res.body).toBe(200);
    const [header, ...lines] = res.rawPayload.toString('utf8').slice(1).split('\r\n').filter(Boolean);
    const columns = header!.split(';');
    const cells = lines.map((line) => line.split(';')).find((row) => row[0] === String(id))!;
    expect(cells[columns.indexOf('Estado')]).toBe('Pendiente');
    expect(cells[columns.indexOf('Código de estado')]).toBe('pending');
  });

  it("shows each country its own rows only, and a collector their own loans' regrets", async () => {
    const { loan } = await loanFor(2);
    const id = (await file(loan.id, 'collector@arg.example')).json().id as number;
    const col = await as('col', 'admin@col.example');
    expect((await col.get('/api/col/regrets')).json().rows.map((r: { id: number }) => r.id)).not.toContain(id);
    expect((await col.get(`/api/col/regrets/${id}`)).statusCode).toBe(404);
    expect((await col.post(`/api/col/regrets/${id}/transition`, { to: arg('approved'), version: 1 })).statusCode).toBe(404);
    expect(
      (await (await as('arg', 'collector@arg.example')).get('/api/arg/regrets')).json().rows.map((r: { id: number }) => r.id),
    ).toContain(id);
    await t.app.db.update(loans).set({ collectorId: null }).where(eq(loans.id, loan.id));
    expect(
      (await (await as('arg', 'collector@arg.example')).get('/api/arg/regrets')).json().rows.map((r: { id: number }) => r.id),
    ).not.toContain(id);
    // The list flags requests past their deadline.
    await t.app.db
      .update(regrets)
      .set({ deadline: addDays(today, -1) })
      .where(eq(regrets.id, id));
    const overdue = (await (await as('arg', 'admin@arg.example')).get('/api/arg/regrets?overdue=true'))
      .json()
      .rows.map((r: { id: number }) => r.id);
    expect(overdue).toContain(id);
    const current = (await (await as('arg', 'admin@arg.example')).get('/api/arg/regrets?overdue=false'))
      .json()
      .rows.map((r: { id: number }) => r.id);
    expect(current).not.toContain(id);
  });
});
