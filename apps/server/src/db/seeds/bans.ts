import {
  ARG_STATUS_IDS,
  COL_STATUS_IDS,
  buildCbu,
  findRole,
  type BanKind,
  type BanReason,
  type Country,
  type MessageChannel,
} from '@backoffice/shared';
import { and, asc, desc, eq, isNotNull } from 'drizzle-orm';
import { banReasonText } from '../../services/customer-bans';
import type { Tx } from '../client';
import { customerBanHits, customerBans, customers, leadStatusHistory, leads, users } from '../schema';
import { oneRow } from '../rows';

const DAY_MS = 86_400_000;

interface DemoBan {
  kind: BanKind;
  value: string;
  reason: BanReason;
  notes: string;
  channel?: MessageChannel;
  /** Days before now it started (negative: it starts later). */
  startedDaysAgo: number;
  /** Days from now it expires (negative: expired already); absent: never. */
  expiresInDays?: number;
  lifted?: { daysAgo: number; reason: string };
}

/**
 * Demo bans of every kind and state (in force, scheduled, expired, lifted; credit and do-not-contact), on
 * the seeded customers' own documents, phones, emails and accounts, and applications that a ban stopped
 * at prefilter (created after the ban, with it as their history's reason).
 */
export async function seedBans(tx: Tx, country: Country, now: Date): Promise<void> {
  const staff = await tx.select({ id: users.id, role: users.role }).from(users).where(eq(users.country, country)).orderBy(asc(users.id));
  const byKind = (kind: string) => staff.find((u) => findRole(country, u.role)?.kind === kind)?.id ?? null;
  const admin = byKind('admin');
  const supervisor = byKind('supervisor');
  const atc = byKind('atc');
  const people = await tx
    .select({
      id: customers.id,
      doc: customers.docNumber,
      cellphone: customers.cellphone,
      email: customers.email,
      account: customers.bankAccount,
    })
    .from(customers)
    .where(and(eq(customers.country, country), isNotNull(customers.bankAccount)))
    .orderBy(asc(customers.id))
    .limit(12);
  const person = (i: number) => people[i];
  const account = country === 'arg' ? buildCbu('0170099', '4000000067890') : '4578123400';
  const demo: DemoBan[] = [
    {
      kind: 'document',
      value: person(0)?.doc ?? '28999111',
      reason: 'fraud',
      notes: 'Documentación adulterada en la solicitud anterior',
      startedDaysAgo: 40,
    },
    {
      kind: 'cellphone',
      value: person(1)?.cellphone ?? (country === 'arg' ? '1155550000' : '3005550000'),
      reason: 'identity_theft',
      notes: 'Denuncia de la titular de la línea',
      startedDaysAgo: 25,
      expiresInDays: 160,
    },
    {
      kind: 'email',
      value: person(2)?.email ?? 'fraude@example.com',
      reason: 'court_order',
      notes: 'Oficio judicial 1234/2025',
      startedDaysAgo: 120,
      expiresInDays: -20,
    },
    {
      kind: 'bank_account',
      value: person(3)?.account ?? account,
      reason: 'fraud',
      notes: 'Cuenta usada por terceros',
      startedDaysAgo: 90,
      lifted: { daysAgo: 10, reason: 'El banco confirmó la titularidad de la cuenta' },
    },
    { kind: 'bank_account', value: account, reason: 'other', notes: 'Cuenta reportada por el área de cobranzas', startedDaysAgo: 12 },
    {
      kind: 'document',
      value: country === 'arg' ? '17333444' : '80111222',
      reason: 'customer_request',
      notes: 'El cliente pidió no recibir ofertas de crédito',
      startedDaysAgo: 60,
    },
    {
      kind: 'document',
      value: person(4)?.doc ?? '31222333',
      reason: 'other',
      notes: 'Revisión de riesgo pendiente',
      startedDaysAgo: -5,
      expiresInDays: 60,
    },
    {
      kind: 'email',
      value: person(5)?.email ?? 'cliente@example.com',
      reason: 'identity_theft',
      notes: 'Correo de un tercero',
      startedDaysAgo: 70,
      lifted: { daysAgo: 30, reason: 'Error de carga: el correo es del cliente' },
    },
    {
      kind: 'cellphone',
      value: person(6)?.cellphone ?? (country === 'arg' ? '1155551111' : '3005551111'),
      reason: 'customer_request',
      notes: 'Pidió no recibir WhatsApp',
      channel: 'whatsapp',
      startedDaysAgo: 15,
    },
    {
      kind: 'email',
      value: person(7)?.email ?? 'noenviar@example.com',
      reason: 'customer_request',
      notes: 'Respondió BAJA a un email',
      channel: 'email',
      startedDaysAgo: 8,
    },
    {
      kind: 'cellphone',
      value: person(8)?.cellphone ?? (country === 'arg' ? '1155552222' : '3005552222'),
      reason: 'customer_request',
      notes: 'Respondió STOP por SMS',
      channel: 'sms',
      startedDaysAgo: 50,
      lifted: { daysAgo: 3, reason: 'El cliente volvió a aceptar mensajes' },
    },
    {
      kind: 'document',
      value: country === 'arg' ? '22444555' : '52444555',
      reason: 'fraud',
      notes: 'Intento de préstamo con identidad falsa',
      startedDaysAgo: 200,
      expiresInDays: -30,
    },
  ];
  const authors = [admin, supervisor, atc];
  const at = (days: number) => new Date(now.getTime() - days * DAY_MS);
  await tx.insert(customerBans).values(
    demo.map((ban, i) => ({
      country,
      kind: ban.kind,
      value: ban.value.toLowerCase(),
      channel: ban.channel ?? null,
      reason: ban.reason,
      notes: ban.notes,
      createdBy: authors[i % authors.length],
      startsAt: at(ban.startedDaysAgo),
      expiresAt: ban.expiresInDays === undefined ? null : at(-ban.expiresInDays),
      liftedAt: ban.lifted ? at(ban.lifted.daysAgo) : null,
      liftedBy: ban.lifted ? supervisor : null,
      liftReason: ban.lifted?.reason ?? null,
      createdAt: at(Math.max(ban.startedDaysAgo, 0)),
      updatedAt: at(Math.max(ban.startedDaysAgo, 0)),
      version: ban.lifted ? 2 : 1,
    })),
  );
  // Applications the seed already stopped at prefilter become the ones a ban stopped: their rejection's
  // reason names a new ban on their customer's document, set two days before the application came in.
  const rejected = country === 'arg' ? ARG_STATUS_IDS.PREFILTER_REJECTED : COL_STATUS_IDS.KILLER_REJECTED;
  const stopped = await tx
    .select({ leadId: leads.id, createdAt: leads.createdAt, doc: customers.docNumber })
    .from(leads)
    .innerJoin(customers, eq(customers.id, leads.customerId))
    .where(and(eq(leads.country, country), eq(leads.statusId, rejected)))
    .orderBy(desc(leads.id))
    .limit(3);
  for (const [i, lead] of stopped.entries()) {
    const ban = { kind: 'document' as const, value: lead.doc, reason: i === 1 ? ('identity_theft' as const) : ('fraud' as const) };
    const inserted = oneRow(
      await tx
        .insert(customerBans)
        .values({
          country,
          ...ban,
          notes: 'Detectado por el área de prevención de fraude',
          createdBy: authors[i % authors.length],
          startsAt: new Date(lead.createdAt.getTime() - 2 * DAY_MS),
          createdAt: new Date(lead.createdAt.getTime() - 2 * DAY_MS),
        })
        .returning({ id: customerBans.id }),
    );
    await tx
      .update(leadStatusHistory)
      .set({ reason: banReasonText(ban) })
      .where(and(eq(leadStatusHistory.leadId, lead.leadId), eq(leadStatusHistory.toStatus, rejected)));
    await tx.insert(customerBanHits).values({ banId: inserted.id, leadId: lead.leadId, createdAt: lead.createdAt });
  }
}
