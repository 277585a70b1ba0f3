import {
  SEARCHER_APPLICATIONS,
  SEARCHER_LIMIT,
  buildCuil,
  searcherResponseSchema,
  stepsOf,
  type SearcherResponse,
} from '@backoffice/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as client from '../../src/db/client';
import { customerWordPrefixes, customers, leads } from '../../src/db/schema';
import { TestClient, createTestApp, type Driver, type TestApp } from '../helpers/app';
import { insertKnownLeads, textMatches, userIdByEmail, userIds, type KnownLead } from '../helpers/leads-fixture';

/*
 * The searcher against a known set of arg customers (and col ones that must never show up). Which
 * customers match is computed here, in memory, independently of the server's SQL.
 */

/** Customers of the known set matching every word, newest (highest id) first. */
function expectedCustomers(known: KnownLead[], q: string, ownSellerId?: number): string[] {
  const docs = new Map<string, number>();
  for (const lead of known) {
    if (ownSellerId !== undefined && lead.sellerId !== ownSellerId) continue;
    if (textMatches(lead, q)) docs.set(lead.docNumber, lead.id);
  }
  // One lead per customer in the fixture: its id orders customers as their ids do.
  return [...docs].sort((a, b) => b[1] - a[1]).map(([doc]) => doc);
}

describe.each<Driver>(['pglite', 'postgres'])('searcher on %s', (driver) => {
  let t: TestApp;
  let known: KnownLead[];
  let admin: TestClient;
  let seller: TestClient;
  let sellerId: number;

  const search = async (q: string, client = admin): Promise<SearcherResponse> => {
    const res = await client.get(`/api/arg/searcher?q=${encodeURIComponent(q)}`);
    expect(res.statusCode, res.body).toBe(200);
    return searcherResponseSchema.parse(res.json());
  };

  beforeAll(async () => {
    t = await createTestApp(driver, { seedLeads: 0 });
    sellerId = await userIdByEmail(t.app, 'arg', 'seller@arg.example');
    const sellers = await userIds(t.app, 'arg', ['2', '6']);
    known = await insertKnownLeads(t.app, 'arg', 60, [sellerId, sellers.find((id) => id !== sellerId)!]);
    await insertKnownLeads(t.app, 'col', 8, await userIds(t.app, 'col', ['seller']));
    admin = new TestClient(t.app);
    expect((await admin.login('arg', 'admin@arg.example')).statusCode).toBe(200);
    seller = new TestClient(t.app);
    expect((await seller.login('arg', 'seller@arg.example')).statusCode).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each<[string, () => string]>([
    ['a fragment in the middle of a document', () => known[17].docNumber.slice(2, 8)],
    ['a whole CUIL', () => known[12].cuil!],
    ['a document with dots', () => known[9].docNumber.replace(/(\d{2})(\d{3})(\d{3})/, '$1.$2.$3')],
    ['a cellphone fragment', () => known[23].cellphone.slice(2, 9)],
    ['an email', () => known[31].email],
    ['a name without accents and a second word', () => 'nunez maria'],
    // Through both words' prefixes (more matches than shown), and words whose prefixes match but not the words.
    ['two words every customer has', () => 'cliente example'],
    ['two words, the second only by its beginning', () => 'correo exam'],
    ['two words whose first letters every customer has, but not the words', () => 'clientes exampled'],
  ])('finds the customers matching %s', async (_name, make) => {
    const q = make();
    const want = expectedCustomers(known, q);
    expect(want.length > 0).toBe(!q.startsWith('clientes'));
    const body = await search(q);
    expect(body.customers.map((c) => c.doc_number)).toEqual(want.slice(0, SEARCHER_LIMIT));
    expect(body.more).toBe(want.length > SEARCHER_LIMIT);
  });

  it('caps the answer and says there is more when the text is too broad', async () => {
    const want = expectedCustomers(known, 'correo');
    expect(want.length).toBeGreaterThan(SEARCHER_LIMIT);
    const body = await search('correo');
    expect(body.customers).toHaveLength(SEARCHER_LIMIT);
    expect(body.more).toBe(true);
    expect(body.customers.map((c) => c.doc_number)).toEqual(want.slice(0, SEARCHER_LIMIT));
  });

  it('shows each customer with their applications, newest first, with step and seller', async () => {
    const lead = known[4];
    // A second, newer application of the same customer.
    const [customerRow] = await t.app.db
      .select({ customerId: leads.customerId })
      .from(leads)
      .where((await import('drizzle-orm')).eq(leads.id, lead.id));
    const [second] = await t.app.db
      .insert(leads)
      .values({ country: 'arg', customerId: customerRow.customerId, requestedAmount: 123_400, term: 6, statusId: 26, source: 'web' })
      .returning();
    const body = await search(lead.docNumber);
    const customer = body.customers.find((c) => c.doc_number === lead.docNumber)!;
    expect(customer.applications.map((a) => a.id)).toEqual([second.id, lead.id]);
    expect(customer.applications[0]).toMatchObject({
      status_id: 26,
      step: stepsOf('arg').find((s) => s.id === 26)!.label,
      requested_amount: 123_400,
      seller: null,
    });
    expect(customer.applications[1].seller?.id ?? null).toBe(lead.sellerId);
    expect(customer.more_applications).toBe(false);

    // More than SEARCHER_APPLICATIONS: the newest are shown and the answer says there are more.
    await t.app.db.insert(leads).values(
      Array.from({ length: SEARCHER_APPLICATIONS }, () => ({
        country: 'arg' as const,
        customerId: customerRow.customerId,
        requestedAmount: 100_000,
        term: 3,
        statusId: 1,
        source: 'web' as const,
      })),
    );
    const again = (await search(lead.docNumber)).customers.find((c) => c.doc_number === lead.docNumber)!;
    expect(again.applications).toHaveLength(SEARCHER_APPLICATIONS);
    expect(again.more_applications).toBe(true);
    expect(again.applications.map((a) => a.id)).not.toContain(lead.id);
  });

  it('shows a seller only the customers of their own leads, and only those leads', async () => {
    const body = await search('correo', seller);
    const want = expectedCustomers(known, 'correo', sellerId);
    expect(want.length).toBeGreaterThan(0);
    expect(body.customers.map((c) => c.doc_number)).toEqual(want.slice(0, SEARCHER_LIMIT));
    for (const customer of body.customers) for (const application of customer.applications) expect(application.seller?.id).toBe(sellerId);
    const others = known.find((l) => l.sellerId !== null && l.sellerId !== sellerId)!;
    expect((await search(others.docNumber, seller)).customers).toEqual([]);
    // Two words (their prefixes first) in the seller's scope too.
    const pair = expectedCustomers(known, 'cliente example', sellerId);
    expect(pair.length).toBeGreaterThan(0);
    expect((await search('cliente example', seller)).customers.map((c) => c.doc_number)).toEqual(pair.slice(0, SEARCHER_LIMIT));
  });

  it('never answers the other country’s customers', async () => {
    const body = await search('correo');
    for (const customer of body.customers) expect(customer.doc_type).toBe('DNI');
  });

  it('refuses a missing or too short text with 400 naming q', async () => {
    for (const url of ['/api/arg/searcher', '/api/arg/searcher?q=', '/api/arg/searcher?q=ab']) {
      const res = await admin.get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().fields?.map((f: { field: string }) => f.field)).toContain('q');
    }
  });

  it('checks sign-in, role and country on the server', async () => {
    expect((await new TestClient(t.app).get('/api/arg/searcher?q=correo')).statusCode).toBe(401);
    for (const email of ['auditor@arg.example', 'collector@arg.example']) {
      const client = new TestClient(t.app);
      expect((await client.login('arg', email)).statusCode).toBe(200);
      expect((await client.get('/api/arg/searcher?q=correo')).statusCode, email).toBe(403);
    }
    expect((await admin.get('/api/col/searcher?q=correo')).statusCode).toBe(403);
  });

  it.each<[string, (cellphone: string) => string]>([
    ['in international form', (cell) => `+54 9 ${cell.slice(0, 2)} ${cell.slice(2, 6)}-${cell.slice(6)}`],
    ['with the trunk 0 and the 15', (cell) => `0${cell.slice(0, 2)} 15 ${cell.slice(2, 6)}-${cell.slice(6)}`],
    ['in international form, without separators', (cell) => `549${cell}`],
  ])('finds a cellphone written %s as the stored national number', async (_name, write) => {
    const lead = known[23];
    const want = expectedCustomers(known, lead.cellphone);
    expect(want).toContain(lead.docNumber);
    expect((await search(write(lead.cellphone))).customers.map((c) => c.doc_number)).toEqual(want.slice(0, SEARCHER_LIMIT));
  });

  it('finds a name written as the lists show it, "Apellido, Nombre", in the searcher and the leads list', async () => {
    const lead = known[10];
    const want = expectedCustomers(known, `${lead.lastName} ${lead.firstName}`);
    expect(want).toContain(lead.docNumber);
    const q = `${lead.lastName}, ${lead.firstName}`;
    expect((await search(q)).customers.map((c) => c.doc_number)).toEqual(want.slice(0, SEARCHER_LIMIT));
    const list = await admin.get(`/api/arg/leads?q=${encodeURIComponent(q)}&pageSize=100`);
    expect(list.statusCode, list.body).toBe(200);
    const rows = (list.json() as { rows: { customer: { doc_number: string } }[] }).rows;
    expect(new Set(rows.map((row) => row.customer.doc_number))).toEqual(new Set(want));
  });

  it('searches a document fragment with leading zeros as typed, not as a phone dialled abroad (00…)', async () => {
    const added = [];
    // The first holds 000336; the second only 0336, which the fragment read as '00' + '0336' used to find.
    for (const [docNumber, cellphone] of [
      ['30003369', '1155550001'],
      ['29903369', '1155550002'],
    ]) {
      const [customer] = await t.app.db
        .insert(customers)
        .values({
          country: 'arg',
          docType: 'DNI',
          docNumber,
          cuil: buildCuil(docNumber, 'male'),
          firstName: 'Ceros',
          lastName: 'Adelante',
          birthDate: '1980-01-01',
          cellphone,
          email: `ceros${docNumber}@mail.example`,
        })
        .returning();
      const [lead] = await t.app.db
        .insert(leads)
        .values({ country: 'arg', customerId: customer.id, requestedAmount: 10_000_000, term: 12, statusId: 1, source: 'seller' })
        .returning();
      added.push({ customer: customer.id, lead: lead.id });
    }
    expect((await search('000336')).customers.map((c) => c.id)).toEqual([added[0].customer]);
    const list = await admin.get('/api/arg/leads?q=000336');
    expect((list.json() as { rows: { id: number }[] }).rows.map((row) => row.id)).toEqual([added[0].lead]);
  });

  it('finds a word of an email that follows digits, in the searcher and the leads list', async () => {
    const docNumber = '29111222';
    const [customer] = await t.app.db
      .insert(customers)
      .values({
        country: 'arg',
        docType: 'DNI',
        docNumber,
        cuil: buildCuil(docNumber, 'female'),
        firstName: 'Ana',
        lastName: 'Ibarra',
        birthDate: '1990-01-01',
        cellphone: '1155550000',
        email: 'ana1987zubizarreta@mail.example',
      })
      .returning();
    const [lead] = await t.app.db
      .insert(leads)
      .values({ country: 'arg', customerId: customer.id, requestedAmount: 10_000_000, term: 12, statusId: 1, source: 'seller' })
      .returning();
    expect((await search('zubiza')).customers.map((c) => c.id)).toEqual([customer.id]);
    const list = await admin.get('/api/arg/leads?q=zubiza');
    expect((list.json() as { rows: { id: number }[] }).rows.map((row) => row.id)).toEqual([lead.id]);
  });

  it('finds a first name and a surname through their prefixes alone when more customers match than it shows', async () => {
    const rows = vi.spyOn(client, 'queryRows');
    const all = vi.spyOn(client, 'queryRowsByIndex');
    try {
      const body = await search('cliente example');
      expect(body.customers.map((c) => c.doc_number)).toEqual(expectedCustomers(known, 'cliente example').slice(0, SEARCHER_LIMIT));
      expect(rows.mock.calls.some(([, text]) => text.includes('customer_word_prefixes'))).toBe(true);
      // Answered there: not looked for again in every customer.
      expect(all).not.toHaveBeenCalled();
    } finally {
      rows.mockRestore();
      all.mockRestore();
    }
  });

  it('keeps each customer’s word prefixes with its names and email (triggers), so a renamed customer is found by the new name first', async () => {
    // Each prefix with the customer's words under it (what a two-word search checks its candidates against).
    const prefixesOf = async (customerId: number) =>
      (
        await t.app.db
          .select({ prefix: customerWordPrefixes.prefix, words: customerWordPrefixes.words })
          .from(customerWordPrefixes)
          .where(eq(customerWordPrefixes.customerId, customerId))
      )
        .map((row) => `${row.prefix}: ${row.words.join(' ')}`)
        .sort();
    const [customer] = await t.app.db
      .insert(customers)
      .values({
        country: 'arg',
        docType: 'DNI',
        docNumber: '29555111',
        cuil: buildCuil('29555111', 'male'),
        firstName: 'Ñandú José',
        lastName: 'Álvarez',
        birthDate: '1980-01-01',
        cellphone: '1155551111',
        email: 'jose.alvear@mail.example',
      })
      .returning();
    // Accents folded, the words of the names and the email, each prefix once with every word under it.
    const named = ['alv: alvarez alvear', 'exa: example', 'jos: jose', 'mai: mail', 'nan: nandu'];
    expect(await prefixesOf(customer.id)).toEqual(named);
    // A change elsewhere keeps them; a new name replaces them.
    await t.app.db.update(customers).set({ cellphone: '1155552222' }).where(eq(customers.id, customer.id));
    expect(await prefixesOf(customer.id)).toEqual(named);
    await t.app.db.update(customers).set({ firstName: 'Quintín', email: null }).where(eq(customers.id, customer.id));
    expect(await prefixesOf(customer.id)).toEqual(['alv: alvarez', 'qui: quintin']);

    // An older customer renamed among more namesakes than the searcher shows comes first, as the newest
    // Quintín Álvarez; one renamed away is no longer found.
    const namesakes = known.slice(0, SEARCHER_LIMIT + 2);
    for (const lead of namesakes)
      await t.app.db.update(customers).set({ firstName: 'Quintín', lastName: 'Álvarez' }).where(eq(customers.docNumber, lead.docNumber));
    const renamedAway = namesakes[namesakes.length - 1];
    await t.app.db.update(customers).set({ firstName: 'Otro', lastName: 'Nombre' }).where(eq(customers.docNumber, renamedAway.docNumber));
    const body = await search('quintin alvarez');
    expect(body.more).toBe(true);
    expect(body.customers.map((c) => c.doc_number)).toEqual(
      [
        '29555111',
        ...namesakes
          .slice(0, -1)
          .map((lead) => lead.docNumber)
          .reverse(),
      ].slice(0, SEARCHER_LIMIT),
    );
  });
});
