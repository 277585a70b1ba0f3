import { MESSAGE_CHANNELS, findRole, renderTemplate, type Country, type MessageChannel, type MessageStatus } from '@backoffice/shared';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Tx } from '../client';
import { customerMessages, customers, leadEvents, leads, messageTemplates, users } from '../schema';
import { oneRow } from '../rows';

const DAY_MS = 86_400_000;

/** The templates the back office starts with (Spanish, tú). */
export const DEMO_TEMPLATES: { name: string; channel: MessageChannel; subject?: string; body: string }[] = [
  {
    name: 'Recordatorio de pago (WhatsApp)',
    channel: 'whatsapp',
    body: 'Hola {{nombre}}, te recordamos que tu cuota de {{monto}} vence el {{vencimiento}}. Puedes pagar aquí: {{link}}',
  },
  {
    name: 'Recordatorio de pago (SMS)',
    channel: 'sms',
    body: '{{nombre}}: tu cuota de {{monto}} vence el {{vencimiento}}. Paga en {{link}}',
  },
  {
    name: 'Continuar la solicitud',
    channel: 'whatsapp',
    body: 'Hola {{nombre}}, tu solicitud por {{monto}} está a un paso. Continúa aquí: {{link}}',
  },
  {
    name: 'Continuar la solicitud (email)',
    channel: 'email',
    subject: 'Tu solicitud te espera',
    body: 'Hola {{nombre}}:\n\nTu solicitud de préstamo por {{monto}} quedó a medio camino. Puedes continuarla en {{link}}.\n\nGracias.',
  },
  {
    name: 'Confirmación de promesa de pago',
    channel: 'sms',
    body: '{{nombre}}, registramos tu promesa de pagar {{monto}} el {{vencimiento}}. ¡Gracias!',
  },
  {
    name: 'Código de arrepentimiento',
    channel: 'email',
    subject: 'Tu código de arrepentimiento',
    body: 'Hola {{nombre}}:\n\nRecibimos tu pedido de arrepentimiento. Tu código de revocación es {{codigo}}. Guárdalo para cualquier consulta.',
  },
];

/**
 * Demo templates and conversations: each channel out in every status (one queued for the morning, one
 * failed with its reason) and the customers' answers in, on their applications' timelines.
 */
export async function seedCommunications(tx: Tx, country: Country, now: Date): Promise<void> {
  const templates = await tx
    .insert(messageTemplates)
    .values(DEMO_TEMPLATES.map((t) => ({ country, name: t.name, channel: t.channel, subject: t.subject ?? null, body: t.body })))
    .returning({
      id: messageTemplates.id,
      channel: messageTemplates.channel,
      subject: messageTemplates.subject,
      body: messageTemplates.body,
    });
  const staff = await tx.select({ id: users.id, role: users.role }).from(users).where(eq(users.country, country)).orderBy(asc(users.id));
  const atc = staff.find((u) => findRole(country, u.role)?.kind === 'atc')?.id ?? null;
  const people = await tx
    .select({
      leadId: leads.id,
      customerId: customers.id,
      firstName: customers.firstName,
      cellphone: customers.cellphone,
      email: customers.email,
      amount: leads.requestedAmount,
      sellerId: leads.sellerId,
    })
    .from(leads)
    .innerJoin(customers, eq(customers.id, leads.customerId))
    .where(and(eq(leads.country, country), isNotNull(customers.cellphone), isNotNull(customers.email)))
    .orderBy(asc(leads.id))
    .limit(9);
  const statuses: MessageStatus[] = ['delivered', 'sent', 'failed', 'queued', 'delivered', 'delivered', 'sent', 'delivered', 'failed'];
  for (const [i, person] of people.entries()) {
    const channel = MESSAGE_CHANNELS[i % 3]!.id;
    const template = templates.find((t) => t.channel === channel)!;
    const to = channel === 'email' ? person.email!.toLowerCase() : person.cellphone!;
    const at = new Date(now.getTime() - (i + 1) * DAY_MS);
    const money = new Intl.NumberFormat(country === 'arg' ? 'es-AR' : 'es-CO', {
      style: 'currency',
      currency: country === 'arg' ? 'ARS' : 'COP',
      maximumFractionDigits: 0,
    }).format(person.amount / 100);
    const variables = {
      nombre: person.firstName,
      monto: money,
      vencimiento: new Date(at.getTime() + 10 * DAY_MS).toLocaleDateString('es-AR'),
      link: 'https://pagos.example.com/c/' + person.customerId,
    };
    const status = statuses[i]!;
    const body = renderTemplate(template.body, variables);
    const sendAfter = status === 'queued' ? new Date(now.getTime() + 8 * 3_600_000) : null;
    const out = oneRow(
      await tx
        .insert(customerMessages)
        .values({
          country,
          channel,
          direction: 'out',
          status,
          toAddress: to,
          subject: template.subject ? renderTemplate(template.subject, variables) : null,
          body,
          templateId: template.id,
          variables,
          customerId: person.customerId,
          leadId: person.leadId,
          userId: person.sellerId ?? atc,
          attempts: status === 'queued' ? 0 : status === 'failed' ? 4 : 1,
          error: status === 'failed' ? 'Proveedor 503: servicio no disponible' : null,
          providerId: status === 'queued' || status === 'failed' ? null : `seed-${country}-${i}`,
          sendAfter,
          sentAt: status === 'sent' || status === 'delivered' ? at : null,
          deliveredAt: status === 'delivered' ? new Date(at.getTime() + 60_000) : null,
          createdAt: at,
          updatedAt: at,
        })
        .returning({ id: customerMessages.id }),
    );
    await tx.insert(leadEvents).values({
      country,
      leadId: person.leadId,
      type: 'message',
      userId: person.sellerId ?? atc,
      body: `${MESSAGE_CHANNELS[i % 3]!.label} a ${to}: ${body}`,
      toValue: String(out.id),
      createdAt: at,
    });
    if (status === 'delivered') {
      const answer = i === 5 ? 'BAJA' : i % 2 === 0 ? 'Gracias, mañana pago' : '¿Puedo pagar en dos partes?';
      const answeredAt = new Date(at.getTime() + 3_600_000);
      const inbound = oneRow(
        await tx
          .insert(customerMessages)
          .values({
            country,
            channel,
            direction: 'in',
            status: 'received',
            toAddress: to,
            body: answer,
            customerId: person.customerId,
            leadId: person.leadId,
            createdAt: answeredAt,
            updatedAt: answeredAt,
          })
          .returning({ id: customerMessages.id }),
      );
      await tx.insert(leadEvents).values({
        country,
        leadId: person.leadId,
        type: 'message',
        userId: null,
        body: `${MESSAGE_CHANNELS[i % 3]!.label} recibido de ${to}: ${answer}`,
        toValue: String(inbound.id),
        createdAt: answeredAt,
      });
    }
  }
}
