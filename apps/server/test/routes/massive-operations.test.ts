import { randomBytes } from 'node:crypto';
import { addDays, todayIn, type MassiveValidation } from '@backoffice/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerBans, loanEvents, loans, massiveBatchRows, payments, users } from '../../src/db/schema';
import { createTestApp, signedIn, type Driver, type TestApp, type TestClient } from '../helpers/app';
import { insertKnownLeads, userIdByEmail, userIds } from '../helpers/leads-fixture';
import { insertLoans, type KnownLoan } from '../helpers/loans-fixture';

/*
 * The operation types of the areas built after the first three: assign loans to a collector (collections),
 * ban customers (the bans area's service) and import payments (the loans area's applyPayment). Each: valid and invalid rows, who may run it, the effect
 * applied once and named after the batch.
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

describe.each<Driver>(['pglite', 'postgres'])('massive operation types on %s', { timeout: 300_000 }, (driver) => {
  let t: TestApp;
  const as = signedIn(() => t.app);
  let collector: { id: number; email: string };
  let otherCollector: { id: number; email: string };
  let open: KnownLoan[];
  let paid: KnownLoan;
  let colLoan: KnownLoan;

  const upload = async (client: TestClient, type: string, content: string) => {
    const { body, headers } = multipart({ type }, { name: `${type}.csv`, content });
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
      })
      .from(massiveBatchRows)
      .where(eq(massiveBatchRows.batchId, batchId))
      .orderBy(massiveBatchRows.row);

  beforeAll(async () => {
    t = await createTestApp(driver, { seedLeads: 0 });
    const collectorId = await userIdByEmail(t.app, 'arg', 'collector@arg.example');
    const otherId = (await userIds(t.app, 'arg', ['10'])).find((id) => id !== collectorId)!;
    const emails = await t.app.db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(inArray(users.id, [collectorId, otherId]));
    collector = emails.find((u) => u.id === collectorId)!;
    otherCollector = emails.find((u) => u.id === otherId)!;
    const leads = await insertKnownLeads(t.app, 'arg', 5, []);
    open = await insertLoans(t.app, 'arg', leads.slice(0, 4), [
      { collectorId: otherId, daysPastDue: 33 },
      { daysPastDue: 12 },
      { collectorId: collectorId, daysPastDue: 40 },
      { daysPastDue: 61 },
    ]);
    [paid] = await insertLoans(t.app, 'arg', leads.slice(4, 5), [{ daysPastDue: 0, inCollections: false }]);
    await t.app.db.update(loans).set({ status: 'PAID' }).where(eq(loans.id, paid.id));
    [colLoan] = await insertLoans(t.app, 'col', await insertKnownLeads(t.app, 'col', 1, []), [{ daysPastDue: 20 }]);
  }, 600_000);
  afterAll(async () => {
    await t?.close();
  });

  it('assigns loans to a collector: each bad row named, the good ones assigned once with the batch on the timeline', async () => {
    const admin = await as('arg', 'admin@arg.example');
    const csv = [
      'loan_id,collector_email',
      `${open[0].id},${collector.email}`,
      `${open[1].id},${collector.email.toUpperCase()}`,
      `${open[2].id},${collector.email}`,
      `${paid.id},${collector.email}`,
      `${colLoan.id},${collector.email}`,
      `${open[3].id},seller@arg.example`,
      `${open[0].id},${otherCollector.email}`,
      `x,${collector.email}`,
    ].join('\n');
    const result = validated(await upload(admin, 'assign-collector', csv));
    expect(result.batch.counts).toMatchObject({ total: 8, pending: 3, invalid: 5 });
    expect(result.errors).toEqual([
      { row: 5, error: 'El préstamo está terminado (PAID): no se asigna' },
      { row: 6, error: `El préstamo ${colLoan.id} no existe en este país` },
      { row: 7, error: 'seller@arg.example no es un cobrador activo de este país' },
      { row: 8, error: 'Fila repetida: el mismo préstamo ya está en la fila 2' },
      { row: 9, error: 'loan_id: Debe ser un número entero positivo' },
    ]);
    // Validation changed nothing.
    const before = await t.app.db
      .select({ id: loans.id, collectorId: loans.collectorId })
      .from(loans)
      .where(
        inArray(
          loans.id,
          open.map((l) => l.id),
        ),
      );
    expect(before.find((l) => l.id === open[0].id)?.collectorId).toBe(otherCollector.id);

    const batch = await applied(admin, result.batch.id);
    expect(batch.status).toBe('finished');
    expect(batch.counts).toMatchObject({ done: 3, failed: 0, pending: 0 });
    const after = await t.app.db
      .select({ id: loans.id, collectorId: loans.collectorId })
      .from(loans)
      .where(
        inArray(
          loans.id,
          open.slice(0, 3).map((l) => l.id),
        ),
      );
    expect(after.every((l) => l.collectorId === collector.id)).toBe(true);
    const events = await t.app.db
      .select({ loanId: loanEvents.loanId, body: loanEvents.body })
      .from(loanEvents)
      .where(
        and(
          inArray(
            loanEvents.loanId,
            open.slice(0, 3).map((l) => l.id),
          ),
          eq(loanEvents.type, 'assignment'),
        ),
      );
    // The loan already theirs (open[2]) gets no event: nothing changed.
    expect(events.map((e) => e.loanId).sort()).toEqual([open[0].id, open[1].id].sort());
    expect(events.every((e) => e.body?.endsWith(`(Lote #${batch.id})`))).toBe(true);
    expect((await rowsOf(batch.id)).filter((r) => r.status === 'done').map((r) => r.recordId)).toEqual([
      open[0].id,
      open[1].id,
      open[2].id,
    ]);
  });

  it('bans customers through the bans service: bad kinds, values and repeats named, one ban per good row naming the batch', async () => {
    const supervisor = await as('arg', 'supervisor@arg.example');
    await t.app.db.insert(customerBans).values({ country: 'arg', kind: 'document', value: '30999888', reason: 'fraud' });
    const csv = [
      'kind,value,reason,notes',
      'document,30.111.222,fraud,Denuncia 1',
      'email,Moroso@Example.com,customer_request,',
      'document,30111222,other,misma persona',
      'passport,123,fraud,',
      'document,12,fraud,',
      'cellphone,1155554444,nope,',
      'document,30999888,fraud,',
    ].join('\n');
    const result = validated(await upload(supervisor, 'ban-customers', csv));
    expect(result.batch.counts).toMatchObject({ total: 7, pending: 2, invalid: 5 });
    expect(result.errors.map((e) => e.row)).toEqual([4, 5, 6, 7, 8]);
    expect(result.errors[0].error).toBe('Fila repetida: el mismo valor ya está en la fila 2');
    expect(result.errors[1].error).toMatch(/^kind: Usá document, cellphone, email, bank_account/);
    expect(result.errors[2].error).toMatch(/^value: /);
    expect(result.errors[3].error).toMatch(/^reason: Usá fraud/);
    expect(result.errors[4].error).toMatch(/^Ese valor ya tiene un bloqueo de crédito sin levantar \(#\d+\)$/);
    expect(await t.app.db.select().from(customerBans).where(eq(customerBans.value, '30111222'))).toHaveLength(0);

    const batch = await applied(supervisor, result.batch.id);
    expect(batch.counts).toMatchObject({ done: 2, failed: 0 });
    const made = await t.app.db
      .select({ id: customerBans.id, kind: customerBans.kind, value: customerBans.value, notes: customerBans.notes })
      .from(customerBans)
      .where(inArray(customerBans.value, ['30111222', 'moroso@example.com']));
    expect(made.map((b) => [b.kind, b.value, b.notes]).sort()).toEqual([
      ['document', '30111222', `Lote #${batch.id}: Denuncia 1`],
      ['email', 'moroso@example.com', `Lote #${batch.id}`],
    ]);
    // Each applied row names the ban it made.
    expect(
      (await rowsOf(batch.id))
        .filter((r) => r.status === 'done')
        .map((r) => r.recordId)
        .sort(),
    ).toEqual(made.map((b) => b.id).sort());
  });

  it('a ban made between validation and the run leaves its row failed, not a second ban', async () => {
    const admin = await as('arg', 'admin@arg.example');
    const result = validated(await upload(admin, 'ban-customers', 'kind,value,reason\ndocument,30555444,fraud\n'));
    await t.app.db.insert(customerBans).values({ country: 'arg', kind: 'document', value: '30555444', reason: 'other' });
    const batch = await applied(admin, result.batch.id);
    expect(batch.status).toBe('failed');
    expect((await rowsOf(batch.id))[0].error).toMatch(/^Ese valor ya tiene un bloqueo/);
    expect(await t.app.db.select().from(customerBans).where(eq(customerBans.value, '30555444'))).toHaveLength(1);
  });

  it("imports a network's payments through applyPayment, once per reference, each bad row named", async () => {
    const admin = await as('arg', 'admin@arg.example');
    const today = todayIn('arg');
    await t.app.db.insert(payments).values({
      country: 'arg',
      loanId: open[0].id,
      amount: 100,
      paidOn: addDays(today, -1),
      channel: 'cash_network',
      reference: 'RP-OLD',
    });
    const csv = [
      'loan_id,amount,paid_on,reference',
      `${open[1].id},5000,${today},RP-1`,
      `${open[3].id},3000,${addDays(today, -1)},RP-2`,
      `${open[1].id},100,${addDays(today, 1)},RP-3`,
      `${open[1].id},100,2000-01-01,RP-4`,
      `${colLoan.id},100,${today},RP-5`,
      `${open[3].id},100,${today},RP-1`,
      `${open[3].id},100,${today},RP-OLD`,
      `${open[3].id},12.5,${today},RP-6`,
      `${open[3].id},100,2026-02-30,RP-7`,
    ].join('\n');
    const result = validated(await upload(admin, 'import-payments', csv));
    expect(result.batch.counts).toMatchObject({ total: 9, pending: 2, invalid: 7 });
    expect(result.errors.map((e) => [e.row, e.error])).toEqual([
      [4, 'La fecha del pago no puede ser posterior a hoy'],
      [5, 'La fecha del pago no puede ser anterior al desembolso'],
      [6, `El préstamo ${colLoan.id} no existe en este país`],
      [7, 'Fila repetida: la misma referencia ya está en la fila 2'],
      [8, expect.stringMatching(/^La referencia RP-OLD ya se importó \(pago #\d+\): no se aplica dos veces$/)],
      [9, 'amount: El monto va en centavos, sin decimales'],
      [10, 'paid_on: Fecha inexistente'],
    ]);
    expect(
      await t.app.db
        .select()
        .from(payments)
        .where(inArray(payments.reference, ['RP-1', 'RP-2'])),
    ).toHaveLength(0);

    const batch = await applied(admin, result.batch.id);
    expect(batch.counts).toMatchObject({ done: 2, failed: 0 });
    const made = await t.app.db
      .select({ loanId: payments.loanId, amount: payments.amount, reference: payments.reference })
      .from(payments)
      .where(inArray(payments.reference, ['RP-1', 'RP-2']));
    expect(made.sort((a, b) => a.reference.localeCompare(b.reference))).toEqual([
      { loanId: open[1].id, amount: 5000, reference: 'RP-1' },
      { loanId: open[3].id, amount: 3000, reference: 'RP-2' },
    ]);
    const events = await t.app.db
      .select({ body: loanEvents.body })
      .from(loanEvents)
      .where(and(inArray(loanEvents.loanId, [open[1].id, open[3].id]), eq(loanEvents.type, 'payment')));
    expect(events).toHaveLength(2);
    expect(events.every((e) => e.body?.endsWith(`(Lote #${batch.id})`))).toBe(true);

    // The same file again: its two payments are known by reference and nothing is applied twice.
    const again = validated(await upload(admin, 'import-payments', csv));
    expect(again.batch.counts.pending).toBe(0);
    expect(again.errors.slice(0, 2).map((e) => e.error)).toEqual([
      expect.stringMatching(/^La referencia RP-1 ya se importó/),
      expect.stringMatching(/^La referencia RP-2 ya se importó/),
    ]);
  });

  it('refuses the new types to roles other than admin and supervisor', async () => {
    const atc = await as('arg', 'atc@arg.example');
    for (const type of ['assign-collector', 'ban-customers', 'import-payments']) {
      const res = await upload(atc, type, 'a\n1\n');
      expect(res.statusCode, res.body).toBe(403);
    }
    const admin = await as('arg', 'admin@arg.example');
    const catalogue = JSON.parse((await admin.get('/api/arg/massives')).body) as { types: { type: string; allowed: boolean }[] };
    expect(
      catalogue.types
        .filter((entry) => ['assign-collector', 'ban-customers', 'import-payments'].includes(entry.type))
        .every((entry) => entry.allowed),
    ).toBe(true);
    const template = await admin.get('/api/arg/massives/ban-customers/template?format=csv');
    expect(template.body.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe('kind;value;reason;notes');
  });
});
