import { AUDIT_QUEUE_STATUSES, addDays, dashboardResponseSchema, todayIn, type DashboardResponse } from '@backoffice/shared';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audits, collectionPromises, leads, scheduledCalls, users } from '../../src/db/schema';
import { createTestApp, signedIn, type Driver, type TestApp } from '../helpers/app';
import { insertKnownLeads, userIdByEmail, userIds, type KnownLead } from '../helpers/leads-fixture';
import { insertLoans, type KnownLoan } from '../helpers/loans-fixture';

/*
 * "Mi trabajo de hoy" on the dashboard: each role's counts and items, scoped on the server to what the user
 * may see (a seller their own call backs, an auditor the cases they claimed, a collector their loans), and
 * never shared between users by the dashboard's cache (which is on here).
 */

const HOUR = 3_600_000;
const MINUTE = 60_000;

describe.each<Driver>(['pglite', 'postgres'])('my work of today on %s', (driver) => {
  let t: TestApp;
  const as = signedIn(() => t.app);
  let known: KnownLead[];
  let sellerA: number;
  let sellerB: number;
  let auditorA: number;
  let auditorB: number;
  let collectorA: number;
  let collectorB: number;
  let mine: KnownLoan[];
  let theirs: KnownLoan[];
  /** Later today in Buenos Aires, or null when the day ends too soon to put a call back in it. */
  let laterToday: Date | null;

  const dashboard = async (email: string, country: 'arg' | 'col' = 'arg'): Promise<DashboardResponse> => {
    const res = await (await as(country, email)).get(`/api/${country}/dashboard`);
    expect(res.statusCode, res.body).toBe(200);
    return dashboardResponseSchema.parse(res.json());
  };
  const emailOf = async (id: number) => (await t.app.db.select({ email: users.email }).from(users).where(eq(users.id, id)))[0].email;
  // The round nobody claimed, and those the fixture's leads in audit opened (the trigger queues them unclaimed).
  const unclaimed = () => 1 + known.filter((lead) => AUDIT_QUEUE_STATUSES.arg.includes(lead.statusId)).length;
  const countsOf = (body: DashboardResponse) => Object.fromEntries(body.my_work.counts.map((c) => [c.id, c.count]));

  beforeAll(async () => {
    t = await createTestApp(driver, { seedLeads: 0, dashboardCacheSeconds: 60 });
    sellerA = await userIdByEmail(t.app, 'arg', 'seller@arg.example');
    sellerB = (await userIds(t.app, 'arg', ['2'])).find((id) => id !== sellerA)!;
    auditorA = await userIdByEmail(t.app, 'arg', 'auditor@arg.example');
    auditorB = (await userIds(t.app, 'arg', ['4'])).find((id) => id !== auditorA)!;
    collectorA = await userIdByEmail(t.app, 'arg', 'collector@arg.example');
    collectorB = (await userIds(t.app, 'arg', ['10'])).find((id) => id !== collectorA)!;
    known = await insertKnownLeads(t.app, 'arg', 24, []);
    const now = Date.now();
    const today = todayIn('arg');
    // Buenos Aires is UTC-3 all year: the day ends at 03:00 UTC of the next.
    const endOfToday = Date.parse(`${addDays(today, 1)}T03:00:00Z`);
    laterToday = endOfToday - now > 20 * MINUTE ? new Date(now + Math.min(HOUR, (endOfToday - now) / 2)) : null;

    // Call backs: seller A's overdue, later today, tomorrow and one already resolved; seller B's overdue.
    const callBack = async (lead: KnownLead, sellerId: number, at: Date, status = 'pending') => {
      await t.app.db.update(leads).set({ sellerId }).where(eq(leads.id, lead.id));
      await t.app.db.insert(scheduledCalls).values({ country: 'arg', leadId: lead.id, sellerId, scheduleTime: at, status });
    };
    await callBack(known[1], sellerA, new Date(now - 2 * HOUR));
    if (laterToday) await callBack(known[2], sellerA, laterToday);
    await callBack(known[3], sellerA, new Date(endOfToday + HOUR));
    await callBack(known[4], sellerA, new Date(now - 3 * HOUR), 'resolved');
    await callBack(known[5], sellerB, new Date(now - HOUR));

    // Audit rounds: two open ones auditor A claimed, one auditor B claimed, one nobody claimed, one A decided.
    const round = (lead: KnownLead, auditorId: number | null, queuedHoursAgo: number, decided = false) => ({
      country: 'arg',
      leadId: lead.id,
      statusId: AUDIT_QUEUE_STATUSES.arg[0],
      queuedAt: new Date(now - queuedHoursAgo * HOUR),
      auditorId,
      claimedAt: auditorId ? new Date(now - HOUR) : null,
      decision: decided ? 'approve' : null,
      decidedAt: decided ? new Date(now - HOUR) : null,
    });
    await t.app.db
      .insert(audits)
      .values([
        round(known[6], auditorA, 5),
        round(known[7], auditorA, 9),
        round(known[8], auditorB, 7),
        round(known[9], null, 3),
        round(known[10], auditorA, 20, true),
      ]);

    // Loans: collector A's with a promise due yesterday, today, tomorrow, a kept one, a next action due an
    // hour ago and one due tomorrow; collector B's with a promise due today; one nobody's.
    mine = await insertLoans(t.app, 'arg', known.slice(12, 18), [
      { collectorId: collectorA, daysPastDue: 20 },
      { collectorId: collectorA, daysPastDue: 30 },
      { collectorId: collectorA, daysPastDue: 40 },
      { collectorId: collectorA, daysPastDue: 50 },
      { collectorId: collectorA, daysPastDue: 15, nextActionAt: new Date(now - HOUR) },
      { collectorId: collectorA, daysPastDue: 15, nextActionAt: new Date(endOfToday + 2 * HOUR) },
    ]);
    theirs = await insertLoans(t.app, 'arg', known.slice(18, 20), [{ collectorId: collectorB, daysPastDue: 25 }, { daysPastDue: 60 }]);
    const promise = (loan: KnownLoan, userId: number, dueOn: string, amount: number, status = 'pending') => ({
      country: 'arg',
      loanId: loan.id,
      userId,
      dueOn,
      amount,
      status,
    });
    await t.app.db
      .insert(collectionPromises)
      .values([
        promise(mine[0], collectorA, addDays(today, -1), 11_000),
        promise(mine[1], collectorA, today, 12_000),
        promise(mine[2], collectorA, addDays(today, 1), 13_000),
        promise(mine[3], collectorA, addDays(today, -1), 14_000, 'kept'),
        promise(theirs[0], collectorB, today, 15_000),
      ]);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("shows a seller their own call backs due today or overdue, not another seller's", async () => {
    const a = await dashboard('seller@arg.example');
    expect(countsOf(a)).toEqual({ call_backs_overdue: 1, call_backs_today: laterToday ? 1 : 0 });
    expect(a.my_work.items.map((item) => [item.kind, item.id, item.overdue])).toEqual([
      ['call_back', known[1].id, true],
      ...(laterToday ? [['call_back', known[2].id, false]] : []),
    ]);
    expect(a.my_work.items[0].customer).toBe(`${known[1].firstName} ${known[1].lastName}`);
    if (laterToday) expect(a.my_work.items[1].due_at).toBe(laterToday.toISOString());

    // Seller B (asked right after A, with the cache on) gets their own.
    const b = await dashboard(await emailOf(sellerB));
    expect(countsOf(b)).toEqual({ call_backs_overdue: 1, call_backs_today: 0 });
    expect(b.my_work.items.map((item) => item.id)).toEqual([known[5].id]);
  });

  it('leaves a call back once resolved, at once (the personal block is never cached)', async () => {
    const before = await dashboard('seller@arg.example');
    expect(countsOf(before).call_backs_overdue).toBe(1);
    await t.app.db.update(scheduledCalls).set({ status: 'resolved' }).where(eq(scheduledCalls.leadId, known[1].id));
    try {
      const after = await dashboard('seller@arg.example');
      expect(countsOf(after).call_backs_overdue).toBe(0);
      expect(after.my_work.items.map((item) => item.id)).not.toContain(known[1].id);
    } finally {
      await t.app.db.update(scheduledCalls).set({ status: 'pending' }).where(eq(scheduledCalls.leadId, known[1].id));
    }
  });

  it("gives those who manage sellers the team's overdue call backs and the unassigned work", async () => {
    const body = await dashboard('supervisor@arg.example');
    const counts = countsOf(body);
    expect(counts.team_call_backs_overdue).toBe(2);
    expect(counts.audits_unclaimed).toBe(unclaimed());
    expect(counts.loans_unassigned).toBe(1);
    // Oldest first: seller A's (2 h ago), then seller B's (1 h ago).
    expect(body.my_work.items.map((item) => item.id)).toEqual([known[1].id, known[5].id]);
    expect(body.my_work.items.every((item) => item.overdue)).toBe(true);
  });

  it('shows an auditor the open cases they claimed, oldest in the queue first', async () => {
    const a = await dashboard('auditor@arg.example');
    expect(countsOf(a)).toEqual({ audits_claimed: 2, audits_unclaimed: unclaimed() });
    expect(a.my_work.items.map((item) => [item.kind, item.id])).toEqual([
      ['audit', known[7].id],
      ['audit', known[6].id],
    ]);
    const otherEmail = await emailOf(auditorB);
    const b = await dashboard(otherEmail);
    expect(countsOf(b).audits_claimed).toBe(1);
    expect(b.my_work.items.map((item) => item.id)).toEqual([known[8].id]);
  });

  it("shows a collector their promises due today or before and next actions due, not another collector's", async () => {
    const a = await dashboard('collector@arg.example');
    expect(countsOf(a)).toEqual({ promises_due: 2, next_actions_due: 1 });
    const today = todayIn('arg');
    expect(a.my_work.items.map(({ kind, id, due_at, overdue, amount, reason }) => ({ kind, id, due_at, overdue, amount, reason }))).toEqual(
      [
        { kind: 'collection', id: mine[0].id, due_at: addDays(today, -1), overdue: true, amount: 11_000, reason: 'promise' },
        { kind: 'collection', id: mine[1].id, due_at: today, overdue: false, amount: 12_000, reason: 'promise' },
        {
          kind: 'collection',
          id: mine[4].id,
          due_at: expect.any(String),
          overdue: true,
          amount: expect.any(Number),
          reason: 'next_action',
        },
      ],
    );
    const otherEmail = await emailOf(collectorB);
    const b = await dashboard(otherEmail);
    expect(countsOf(b)).toEqual({ promises_due: 1, next_actions_due: 0 });
    expect(b.my_work.items.map((item) => item.id)).toEqual([theirs[0].id]);
  });

  it("gives ATC the country's promises due and the loans nobody collects", async () => {
    const body = await dashboard('atc@arg.example');
    expect(countsOf(body)).toEqual({ promises_due: 3, loans_unassigned: 1 });
    expect(body.my_work.items.map((item) => item.id).sort()).toEqual([mine[0].id, mine[1].id, theirs[0].id].sort());
  });

  it("keeps each country's work apart", async () => {
    const col = await dashboard('seller@col.example', 'col');
    expect(countsOf(col)).toEqual({ call_backs_overdue: 0, call_backs_today: 0 });
    expect(col.my_work.items).toEqual([]);
    const colCollector = await dashboard('collector@col.example', 'col');
    expect(colCollector.my_work.items).toEqual([]);
    // Nothing above was col's.
    expect(
      await t.app.db
        .select()
        .from(scheduledCalls)
        .where(inArray(scheduledCalls.country, ['col'])),
    ).toEqual([]);
  });
});
