import {
  AMOUNT_RANGES,
  AUDIT_DECISIONS,
  auditQueueStatusIds,
  decisionStatusId,
  statusIdOf,
  COUNTRIES,
  countryWallTime,
  LEAD_LIMITS,
  MANAGEMENT_STATUSES,
  ROLES,
  STATUSES,
  demoEmail,
  stepsOf,
  isValidColCc,
  isValidColCe,
  isValidCuil,
  isValidDni,
  isTerminalStatus,
  dniOfCuil,
  findTransition,
  guardBlock,
  TRANSITIONS,
  type Country,
} from '@backoffice/shared';
import { count, eq, isNotNull, lte, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { audits, calls, customers, leadEvents, leadStatusHistory, leads, managements, scheduledCalls, users } from '../../src/db/schema';
import { IN_PROGRESS_DAYS, fakerFor, generateCountryData, seed } from '../../src/db/seed';
import { roleOfStored } from '../../src/lib/roles';
import { TestClient, createPostgresDatabase, createTestApp, tempDir, testConfig, type Driver, type TestApp } from '../helpers/app';

const LEADS = 60;

describe.each<Driver>(['pglite', 'postgres'])('seed on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver, { seedLeads: LEADS });
  });
  afterAll(async () => {
    await t?.close();
  });

  const tally = async () => ({
    users: (await t.app.db.select({ n: count() }).from(users))[0].n,
    customers: (await t.app.db.select({ n: count() }).from(customers))[0].n,
    leads: (await t.app.db.select({ n: count() }).from(leads))[0].n,
    history: (await t.app.db.select({ n: count() }).from(leadStatusHistory))[0].n,
  });

  it('creates one demo account per SPEC 6 role and country, plus more sellers and collectors', async () => {
    const rows = await t.app.db.select().from(users);
    for (const country of COUNTRIES) {
      const mine = rows.filter((u) => u.country === country);
      for (const role of ROLES[country]) {
        const account = mine.find((u) => u.email === demoEmail(country, role));
        expect(account, demoEmail(country, role)).toBeDefined();
        expect(account!.role).toBe(String(role.id));
        expect(account!.active).toBe(true);
        const seller = ['seller', 'seller_wo_assignation', 'seller_renovator'].includes(role.kind);
        // The demo admin has a telephony user too (test calls from /test), and collectors (their loans' calls).
        if (seller || role.kind === 'admin' || role.kind === 'collector') expect(account!.neotelId).toBeGreaterThan(0);
        else expect(account!.neotelId).toBe(0);
      }
      const kinds = mine.map((u) => roleOfStored(country, u.role)?.kind);
      expect(kinds.every(Boolean)).toBe(true);
      expect(kinds.filter((k) => k === 'seller').length).toBeGreaterThanOrEqual(5);
      expect(kinds.filter((k) => k === 'collector').length).toBeGreaterThanOrEqual(4);
      // Names are realistic "First Last", not role names.
      for (const u of mine) expect(u.name).toMatch(/^\p{Lu}[\p{L}.'-]+( [\p{L}.'-]+)+$/u);
    }
    for (const u of rows) expect(u.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(new Set(rows.map((u) => `${u.country}:${u.email}`)).size).toBe(rows.length);
  });

  it('creates valid customers and leads, each with the status history that reached its status', async () => {
    const counts = await tally();
    expect(counts).toMatchObject({ customers: 2 * LEADS, leads: 2 * LEADS });
    // At least the creation's row each; the walk there is checked below.
    expect(counts.history).toBeGreaterThan(2 * LEADS);

    const rows = await t.app.db.select().from(customers);
    for (const c of rows) {
      if (c.country === 'arg') {
        expect(c.docType).toBe('DNI');
        expect(isValidDni(c.docNumber), c.docNumber).toBe(true);
        expect(isValidCuil(c.cuil!), c.cuil!).toBe(true);
        expect(dniOfCuil(c.cuil!)).toBe(c.docNumber);
        expect(c.cellphone).toMatch(/^(11\d{8}|[2-9]\d{9})$/);
      } else {
        // A cédula de ciudadanía, or a foreign resident's cédula de extranjería.
        expect(['CC', 'CE']).toContain(c.docType);
        expect((c.docType === 'CE' ? isValidColCe : isValidColCc)(c.docNumber), `${c.docType} ${c.docNumber}`).toBe(true);
        expect(c.cuil).toBeNull();
        expect(c.cellphone).toMatch(/^3\d{9}$/);
      }
      expect(c.email).toMatch(/^[^@\s]+@[^@\s]+\.[a-z]+$/);
      expect(c.birthDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }

    const leadRows = await t.app.db.select().from(leads);
    const staff = await t.app.db.select().from(users);
    const maxCreated = Date.now() + 1000;
    for (const l of leadRows) {
      const country = l.country as Country;
      expect(STATUSES[country].map((s) => s.id)).toContain(l.statusId);
      expect(l.requestedAmount).toBeGreaterThan(0);
      expect(Number.isInteger(l.requestedAmount)).toBe(true);
      expect(l.requestedAmount % 100).toBe(0);
      // Within what a new application may ask for (whole units here, minor units stored).
      expect(l.requestedAmount / 100).toBeGreaterThanOrEqual(LEAD_LIMITS[country].minAmount);
      expect(l.requestedAmount / 100).toBeLessThanOrEqual(LEAD_LIMITS[country].maxAmount);
      if (l.managementStatus !== null) expect(MANAGEMENT_STATUSES).toContain(l.managementStatus);
      if (country === 'arg') expect(l.dataRate).toBeNull();
      expect(l.createdAt.getTime()).toBeGreaterThan(Date.now() - 181 * 86_400_000);
      expect(l.createdAt.getTime()).toBeLessThan(maxCreated);
      if (l.sellerId !== null) {
        const seller = staff.find((u) => u.id === l.sellerId)!;
        expect(seller.country).toBe(l.country);
        expect(['seller', 'seller_renovator']).toContain(roleOfStored(country, seller.role)?.kind);
      }
      const customer = rows.find((c) => c.id === l.customerId)!;
      expect(customer.country).toBe(l.country);
    }
    expect(leadRows.some((l) => l.sellerId !== null)).toBe(true);

    // Each lead's latest history row reached its status, in its country.
    const mismatched = await t.app.db
      .select({ n: count() })
      .from(leadStatusHistory)
      .innerJoin(leads, eq(leads.id, leadStatusHistory.leadId))
      .where(
        sql`${leadStatusHistory.createdAt} = (select max(h.created_at) from lead_status_history h where h.lead_id = ${leads.id})
            and (${leadStatusHistory.toStatus} <> ${leads.statusId} or ${leadStatusHistory.country} <> ${leads.country})`,
      );
    expect(mismatched[0].n).toBe(0);
  });

  it('gives every next call back a pending call of the lead’s seller, on an application in progress, and its event', async () => {
    const withCall = (await t.app.db.select().from(leads)).filter((l) => l.nextCallAt !== null);
    expect(withCall.length).toBeGreaterThan(0);
    const pending = await t.app.db.select().from(scheduledCalls);
    expect(pending).toHaveLength(withCall.length);
    for (const lead of withCall) {
      const call = pending.find((c) => c.leadId === lead.id);
      expect(call).toMatchObject({ status: 'pending', country: lead.country, sellerId: lead.sellerId, scheduleTime: lead.nextCallAt });
      expect(lead.sellerId).not.toBeNull();
      expect(isTerminalStatus(lead.country as Country, lead.statusId)).toBe(false);
    }
    const events = await t.app.db.select().from(leadEvents).where(eq(leadEvents.type, 'call_back'));
    expect(events.map((e) => e.leadId).sort()).toEqual(withCall.map((l) => l.id).sort());
    // Booked as sellers book them: a quarter hour of the country's office hours, 09:00 to 19:45.
    const times = pending.map((call) => countryWallTime(call.country as Country, call.scheduleTime).slice(11));
    expect(times.filter((time) => !/^(09|1\d):(00|15|30|45)$/.test(time))).toEqual([]);
  });

  it("gives the sellers' applications with a management status their managements, the last one that status, each once on the timeline", async () => {
    // The applications' managements (the loan book's are the loans seed's own).
    const rows = (await t.app.db.select().from(managements).orderBy(managements.createdAt, managements.id)).filter(
      (m) => m.leadId !== null,
    );
    expect(rows.length).toBeGreaterThan(0);
    const seeded = await t.app.db.select().from(leads);
    const byId = new Map(seeded.map((l) => [l.id, l]));
    const last = new Map<number, (typeof rows)[number]>();
    for (const m of rows) {
      const lead = byId.get(m.leadId!)!;
      expect(m).toMatchObject({ country: lead.country, userId: lead.sellerId, loanId: null });
      expect(MANAGEMENT_STATUSES).toContain(m.result);
      expect(m.createdAt.getTime()).toBeGreaterThan(lead.createdAt.getTime());
      last.set(m.leadId!, m);
    }
    for (const [leadId, m] of last) expect(byId.get(leadId)!.managementStatus).toBe(m.result);
    const events = await t.app.db.select().from(leadEvents).where(eq(leadEvents.type, 'management'));
    expect(events).toHaveLength(rows.length);
    // A call's management comes with its call, ended before it was recorded.
    const withCall = rows.filter((m) => m.callId !== null);
    const dialled = await t.app.db.select().from(calls);
    expect(withCall.length).toBeGreaterThan(0);
    for (const m of withCall) expect(dialled.find((c) => c.id === m.callId)!.endedAt!.getTime()).toBeLessThan(m.createdAt.getTime());
  });

  it('gives each lead the history the workflow writes: its creation, then allowed transitions by whoever may take them, up to its status', async () => {
    const staff = await t.app.db.select().from(users);
    const kindOfUser = new Map(staff.map((u) => [u.id, roleOfStored(u.country as Country, u.role)?.kind]));
    const rows = await t.app.db.select().from(leadStatusHistory).orderBy(leadStatusHistory.createdAt, leadStatusHistory.id);
    let automated = 0;
    let walked = 0;
    const withAccount = new Set(
      (await t.app.db.select({ id: customers.id }).from(customers).where(isNotNull(customers.bankAccount))).map((c) => c.id),
    );
    for (const lead of await t.app.db.select().from(leads)) {
      const country = lead.country as Country;
      const history = rows.filter((h) => h.leadId === lead.id);
      expect(history[0]).toMatchObject({ fromStatus: null, toStatus: statusIdOf(country, 'CREATED'), createdAt: lead.createdAt });
      for (const [previous, h] of history.slice(1).map((h, i) => [history[i], h] as const)) {
        expect(h.fromStatus, `lead ${lead.id}`).toBe(previous.toStatus);
        expect(h.createdAt.getTime()).toBeGreaterThan(previous.createdAt.getTime());
        const transition = findTransition(country, h.fromStatus!, h.toStatus);
        if (!transition) {
          // A status no transition reaches (the loan side's) follows the creation directly; never a step of
          // the other country's pipeline (col's catalogue lists arg's prefilter and EN GESTION), which no
          // transition of its own leaves: such an application could never move.
          expect(history).toHaveLength(2);
          const other = country === 'arg' ? 'col' : 'arg';
          const name = STATUSES[country].find((status) => status.id === h.toStatus)!.name;
          const otherId = STATUSES[other].find((status) => status.name === name)?.id;
          expect(otherId !== undefined && TRANSITIONS[other].some((t) => t.to === otherId), `${country} lead ${lead.id} in ${name}`).toBe(
            false,
          );
          expect(TRANSITIONS[country].some((t) => t.to === h.toStatus)).toBe(false);
          continue;
        }
        walked += 1;
        expect(h.reason !== null).toBe(transition.reasonRequired);
        // Its guard holds for the lead as it is now (an offer, once given, and a seller stay).
        const subject = {
          offered_amount: lead.offeredAmount,
          seller_id: lead.sellerId,
          has_bank_account: withAccount.has(lead.customerId),
        };
        expect(guardBlock(transition.guards, subject), `lead ${lead.id}`).toBeNull();
        if (transition.automated) {
          automated += 1;
          expect(h.userId).toBeNull();
          continue;
        }
        const kind = kindOfUser.get(h.userId!)!;
        expect(transition.roles, `lead ${lead.id}: ${h.fromStatus} → ${h.toStatus}`).toContain(kind);
        // Sellers work their own leads only.
        if (['seller', 'seller_wo_assignation', 'seller_renovator'].includes(kind)) expect(h.userId).toBe(lead.sellerId);
      }
      expect(history.at(-1)).toMatchObject({ toStatus: lead.statusId, createdAt: lead.statusChangedAt });
    }
    expect(automated).toBeGreaterThan(0);
    expect(walked).toBeGreaterThan(4 * LEADS);
  });

  it('leaves no application in progress without the offer a step ahead of it needs', async () => {
    // From its status, the steps it can take before the workflow gives an offer: none may need one it lacks
    // (a Paso 2 application without the risk's offer could reach Paso 3 and go no further).
    const needsOfferAhead = (country: Country, statusId: number) => {
      const seen = new Set([statusId]);
      const queue = [statusId];
      for (let status = queue.shift(); status !== undefined; status = queue.shift()) {
        for (const transition of TRANSITIONS[country].filter((t) => t.from === status)) {
          if (transition.guards.includes('hasOffer')) return true;
          if (transition.grantsOffer || seen.has(transition.to)) continue;
          seen.add(transition.to);
          queue.push(transition.to);
        }
      }
      return false;
    };
    // The generator alone, on more applications than the seeded set, so that every status is drawn.
    for (const country of COUNTRIES) {
      const leadsAhead = generateCountryData(country, 2_000, new Date())
        .map((row) => row.lead)
        .filter((lead) => !isTerminalStatus(country, lead.statusId!) && needsOfferAhead(country, lead.statusId!));
      expect(leadsAhead.length).toBeGreaterThan(0);
      for (const lead of leadsAhead) expect(lead.offeredAmount, `${country} in ${lead.statusId}`).not.toBeNull();
    }
  });

  it('has every status it seeds at least once in a demo set of a few hundred applications', () => {
    for (const country of COUNTRIES) {
      const seeded = new Set(generateCountryData(country, 300, new Date()).map((row) => row.lead.statusId));
      const reachable = TRANSITIONS[country].map((t) => t.to);
      // Every status the country's own workflow reaches (the rest of the catalogue is the loan side's).
      for (const statusId of reachable) expect(seeded.has(statusId), `${country} ${statusId}`).toBe(true);
    }
  });

  it('closes each audit round with the step that left the queue: a decision’s round carries it, by the auditor who took it', async () => {
    const rounds = await t.app.db.select().from(audits);
    const history = await t.app.db.select().from(leadStatusHistory);
    const staff = await t.app.db.select().from(users);
    const leadRows = await t.app.db.select().from(leads);
    const decided = new Set<string>();
    for (const round of rounds) {
      const lead = leadRows.find((l) => l.id === round.leadId)!;
      const country = lead.country as Country;
      expect(
        history.some((h) => h.leadId === lead.id && h.toStatus === round.statusId && h.createdAt.getTime() === round.queuedAt.getTime()),
      ).toBe(true);
      if (round.decidedAt === null) {
        // Waiting: the lead is in the round's queue status, and this is its latest round.
        expect(lead.statusId).toBe(round.statusId);
        expect(rounds.filter((r) => r.leadId === lead.id).every((r) => r.queuedAt <= round.queuedAt)).toBe(true);
        continue;
      }
      const closing = history.find(
        (h) => h.leadId === lead.id && h.fromStatus === round.statusId && h.createdAt.getTime() === round.decidedAt!.getTime(),
      )!;
      expect(closing).toBeDefined();
      const decision = AUDIT_DECISIONS.find((d) => decisionStatusId(country, d) === closing.toStatus);
      if (!decision) {
        expect(round.decision).toBeNull();
        continue;
      }
      decided.add(decision);
      expect(round).toMatchObject({ decision, auditorId: closing.userId, checkIdentity: true, checkDocuments: decision === 'approve' });
      expect(round.comment === null).toBe(decision === 'approve');
      // The decision's row says why, as the decision route writes it.
      expect(closing.reason).toBe(round.comment);
      expect(roleOfStored(country, staff.find((u) => u.id === round.auditorId)!.role)?.kind).toBe('auditor');
    }
    // Every lead waiting for audit has its open round; a re-audit's follows the round closed with 'retry'.
    for (const lead of leadRows.filter((l) => auditQueueStatusIds(l.country as Country).includes(l.statusId))) {
      const mine = rounds.filter((r) => r.leadId === lead.id).sort((a, b) => a.queuedAt.getTime() - b.queuedAt.getTime());
      expect(mine.at(-1)).toMatchObject({ decidedAt: null, statusId: lead.statusId });
      if (lead.statusId === statusIdOf(lead.country as Country, 'AUDIT_RETRY'))
        expect(mine.at(-2)).toMatchObject({ decision: 'retry', decidedAt: mine.at(-1)!.queuedAt });
    }
    expect([...decided].sort()).toEqual([...AUDIT_DECISIONS].sort());
  });

  it('seeds no call backs when told not to (the browser tests schedule their own)', async () => {
    const bare = await createTestApp(driver, { seed: false });
    try {
      await seed(bare.app.db, { leadsPerCountry: LEADS, callBacks: false });
      expect((await bare.app.db.select({ n: count() }).from(scheduledCalls))[0].n).toBe(0);
      expect(
        (
          await bare.app.db
            .select({ n: count() })
            .from(leads)
            .where(sql`${leads.nextCallAt} is not null`)
        )[0].n,
      ).toBe(0);
    } finally {
      await bare.close();
    }
  });

  it('never seeds twice', async () => {
    const before = await tally();
    const again = await seed(t.app.db, { leadsPerCountry: 10 });
    expect(again.skipped).toBe(true);
    expect(await tally()).toEqual(before);
  });
});

describe('restarts keep the data', () => {
  // Two starts and 6,000 applications on an embedded database: a busy machine needs minutes.
  it('PGlite: the first start in an empty DATA_DIR migrates and seeds the full demo set; the second keeps it', async () => {
    const dir = tempDir('bo-data-');
    try {
      // The default SEED_LEADS (3000 per country). How long it takes is not asserted here (a busy machine
      // varies by half): performance figures are `npm run bench`'s.
      const config = testConfig({ memoryDatabase: false, dataDir: dir.path, seedLeads: 3000 });
      const first = await buildApp(config);
      await first.ready();
      const [{ n: leadCount }] = await first.db.select({ n: count() }).from(leads);
      expect(leadCount).toBe(6000);
      // Some call backs are due already: a seller signing in to the demo meets a reminder.
      const due = await first.db
        .select({ country: scheduledCalls.country })
        .from(scheduledCalls)
        .where(lte(scheduledCalls.scheduleTime, new Date()));
      expect(new Set(due.map((c) => c.country))).toEqual(new Set(['arg', 'col']));
      const firstUsers = await first.db.select({ id: users.id, email: users.email }).from(users);
      const applied = await first.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
      await first.close();

      const second = await buildApp(config);
      try {
        await second.ready();
        expect(await second.db.select({ id: users.id, email: users.email }).from(users)).toEqual(firstUsers);
        expect((await second.db.select({ n: count() }).from(leads))[0].n).toBe(6000);
        expect(await second.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)).toMatchObject({
          rows: (applied as unknown as { rows: unknown[] }).rows,
        });
        const trgm = await second.db.execute(sql`select extname from pg_extension where extname = 'pg_trgm'`);
        expect((trgm as unknown as { rows: unknown[] }).rows).toHaveLength(1);
        expect((await new TestClient(second).login('col', 'admin@col.example')).statusCode).toBe(200);
      } finally {
        await second.close();
      }
    } finally {
      dir.remove();
    }
  }, 300_000);

  it('PostgreSQL: a second start on the same database keeps the data and seeds nothing', async () => {
    const database = await createPostgresDatabase();
    try {
      const config = testConfig({ databaseUrl: database.url, seedLeads: 15 });
      const first = await buildApp(config);
      await first.ready();
      const before = await first.db.select({ id: users.id }).from(users);
      const trgm = await first.db.execute(sql`select extname from pg_extension where extname = 'pg_trgm'`);
      expect((trgm as unknown as { rows: unknown[] }).rows).toHaveLength(1);
      await first.close();

      const second = await buildApp({ ...config, seedLeads: 99 });
      try {
        await second.ready();
        expect(await second.db.select({ id: users.id }).from(users)).toEqual(before);
        expect((await second.db.select({ n: count() }).from(leads))[0].n).toBe(30);
      } finally {
        await second.close();
      }
    } finally {
      await database.drop();
    }
  });
});

describe('generated demo data', () => {
  const now = new Date('2025-06-01T12:00:00Z');
  const data = Object.fromEntries(COUNTRIES.map((c) => [c, generateCountryData(c, 3000, now)])) as Record<
    Country,
    ReturnType<typeof generateCountryData>
  >;

  it('gives some col customers a cédula de extranjería, each a valid one', () => {
    const col = generateCountryData('col', 3000, new Date('2026-11-22T12:00:00Z'));
    const foreign = col.filter((row) => row.customer.docType === 'CE');
    expect(foreign.length).toBeGreaterThan(5);
    for (const row of foreign) expect(isValidColCe(row.customer.docNumber), row.customer.docNumber).toBe(true);
  });

  it('is deterministic', () => {
    for (const country of COUNTRIES) {
      expect(generateCountryData(country, 200, now, fakerFor(country))).toEqual(generateCountryData(country, 200, now));
    }
    expect(generateCountryData('arg', 5, now)[0].customer.docNumber).not.toBe(generateCountryData('col', 5, now)[0].customer.docNumber);
  });

  it.each(COUNTRIES)('spreads %s amounts over every amount range', (country) => {
    const amounts = data[country].map((d) => d.lead.requestedAmount / 100);
    for (const range of AMOUNT_RANGES[country]) {
      const inside = amounts.filter((a) => (range.min === undefined || a >= range.min) && (range.max === undefined || a < range.max));
      expect(inside.length, range.id).toBeGreaterThan(20);
    }
  });

  it.each(COUNTRIES)('spreads %s statuses over the catalogue, mostly in the pipeline', (country) => {
    const statusIds = data[country].map((d) => d.lead.statusId);
    const used = new Set(statusIds);
    expect(used.size).toBeGreaterThanOrEqual(STATUSES[country].length * 0.9);
    // The step statuses of SPEC 4 and CREATED are a minority of the catalogue but most of the leads.
    const pipeline = new Set([1, ...stepsOf(country).map((s) => s.id)]);
    expect(pipeline.size / STATUSES[country].length).toBeLessThan(0.4);
    expect(statusIds.filter((id) => pipeline.has(id)).length / statusIds.length).toBeGreaterThan(0.5);
  });

  it.each(COUNTRIES)('gives %s management statuses, data rates and dates where they belong', (country) => {
    const rows = data[country];
    const withManagement = rows.filter((d) => d.lead.managementStatus).length;
    expect(withManagement / rows.length).toBeGreaterThan(0.2);
    expect(withManagement / rows.length).toBeLessThan(0.5);
    const withRate = rows.filter((d) => d.lead.dataRate !== null).length;
    if (country === 'col') expect(withRate).toBeGreaterThan(1000);
    else expect(withRate).toBe(0);
    const oldest = Math.min(...rows.map((d) => d.lead.createdAt!.getTime()));
    expect(now.getTime() - oldest).toBeGreaterThan(170 * 86_400_000);
    expect(now.getTime() - oldest).toBeLessThanOrEqual(180 * 86_400_000);
    // Work in progress is recent: no audit queue of cases waiting for months.
    const inProgress = rows.filter((d) => !isTerminalStatus(country, d.lead.statusId));
    expect(inProgress.length).toBeGreaterThan(rows.length / 4);
    for (const d of inProgress) expect(now.getTime() - d.lead.createdAt!.getTime()).toBeLessThanOrEqual(IN_PROGRESS_DAYS * 86_400_000);
    expect(new Set(rows.map((d) => d.customer.docNumber)).size).toBe(rows.length);
  });
});
