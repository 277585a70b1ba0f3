import type { Faker } from '@faker-js/faker';
import {
  MANAGEMENT_STATUSES,
  addDays,
  countryWallTime,
  countryWallTimeToDate,
  isClosedStatus,
  managementTimelineText,
  nationalPhone,
  onlyDigits,
  todayIn,
  type Country,
} from '@backoffice/shared';
import { and, eq, isNotNull } from 'drizzle-orm';
import { duration } from '../../repositories/calls';
import type { Tx } from '../client';
import { calls, customers, leadEvents, leads, managements, users } from '../schema';
import { itemAt } from '../rows';

/** How far back the demo's managements go. */
const WEEKS = 4;
const BATCH = 500;
const CHANNELS = [
  { weight: 60, value: 'call' },
  { weight: 25, value: 'whatsapp' },
  { weight: 5, value: 'sms' },
  { weight: 7, value: 'email' },
  { weight: 3, value: 'visit' },
];
const NOTES = [
  'Pide que lo llamen después de las 18',
  'Envía la foto del DNI por WhatsApp',
  'Está evaluando el monto con su pareja',
  'No tenía el recibo de sueldo a mano',
  'Consultó por la tasa y el plazo',
  'Atendió la hermana, deja el mensaje',
];

interface Planned {
  leadId: number;
  userId: number;
  neotelId: number;
  cellphone: string | null;
  at: Date;
  channel: string;
  result: string;
  note: string | null;
  nextActionAt: Date | null;
}

/**
 * The demo sellers' managements on their applications over the last weeks, and today's so far: each
 * application with a management status gets one to four, at working hours, the last one with the status it
 * has; a call's management comes with its call record and timeline entries, as the forms write them.
 */
export async function seedManagements(tx: Tx, country: Country, now: Date, faker: Faker): Promise<number> {
  const worked = await tx
    .select({
      id: leads.id,
      sellerId: leads.sellerId,
      status: leads.managementStatus,
      statusId: leads.statusId,
      createdAt: leads.createdAt,
      cellphone: customers.cellphone,
      neotelId: users.neotelId,
    })
    .from(leads)
    .innerJoin(customers, eq(customers.id, leads.customerId))
    .innerJoin(users, eq(users.id, leads.sellerId))
    .where(and(eq(leads.country, country), isNotNull(leads.managementStatus), isNotNull(leads.sellerId)))
    .orderBy(leads.id);

  const today = todayIn(country, now);
  const nowWall = countryWallTime(country, now);
  const earliest = now.getTime() - WEEKS * 7 * 86_400_000;
  /** An instant on a working day's hour (Monday to Saturday, 9 to 19 on the country's clock) of `day`. */
  const workingTime = (day: string, fromHour = 9, toHour = 19) =>
    countryWallTimeToDate(
      country,
      `${day}T${String(faker.number.int({ min: fromHour, max: toHour - 1 })).padStart(2, '0')}:${String(faker.number.int({ min: 0, max: 59 })).padStart(2, '0')}`,
    )!;

  const planned: Planned[] = [];
  for (const lead of worked) {
    const start = Math.max(earliest, lead.createdAt.getTime());
    const firstDay = todayIn(country, new Date(start));
    const days = Math.max(1, Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${firstDay}T00:00:00Z`)) / 86_400_000));
    const times: Date[] = [];
    for (let n = faker.number.int({ min: 1, max: 4 }); n > 0; n--) {
      const day = addDays(firstDay, faker.number.int({ min: 0, max: days - 1 }));
      if (new Date(`${day}T12:00:00Z`).getUTCDay() === 0) continue;
      const at = workingTime(day);
      if (at.getTime() > start && at < now) times.push(at);
    }
    // Today's work so far, on a share of the applications still in progress.
    const open = !isClosedStatus(country, lead.statusId);
    const nowHour = Number(nowWall.slice(11, 13));
    if (open && faker.datatype.boolean(0.2)) {
      const at = nowHour > 8 ? workingTime(today, 8, Math.min(nowHour, 20)) : workingTime(today, 0, Math.max(1, nowHour));
      if (at < now && at.getTime() > lead.createdAt.getTime()) times.push(at);
    }
    times.sort((a, b) => a.getTime() - b.getTime());
    times.forEach((at, i) => {
      const last = i === times.length - 1;
      const next =
        open && faker.datatype.boolean(0.4) ? workingTime(addDays(todayIn(country, at), faker.number.int({ min: 1, max: 3 }))) : null;
      planned.push({
        leadId: lead.id,
        userId: lead.sellerId!,
        neotelId: lead.neotelId,
        cellphone: lead.cellphone,
        at,
        channel: faker.helpers.weightedArrayElement(CHANNELS),
        result: last ? lead.status! : faker.helpers.arrayElement(MANAGEMENT_STATUSES),
        note: faker.datatype.boolean(0.3) ? faker.helpers.arrayElement(NOTES) : null,
        nextActionAt: next,
      });
    });
  }

  for (let start = 0; start < planned.length; start += BATCH) {
    const chunk = planned.slice(start, start + BATCH);
    // A call's management: the call ended a few minutes before it was recorded.
    const dialled = chunk.filter((m) => m.channel === 'call' && m.cellphone);
    const callRows = dialled.map((m) => {
      const endedAt = new Date(m.at.getTime() - faker.number.int({ min: 10, max: 120 }) * 1000);
      const startedAt = new Date(endedAt.getTime() - faker.number.int({ min: 20, max: 420 }) * 1000);
      return {
        country,
        userId: m.userId,
        neotelUser: m.neotelId,
        cellphone: onlyDigits(nationalPhone(m.cellphone!, country)),
        leadId: m.leadId,
        adapter: 'simulator',
        status: 'ended',
        outcome: null,
        startedAt,
        endedAt,
        createdAt: startedAt,
        updatedAt: endedAt,
      };
    });
    const callIds = callRows.length > 0 ? await tx.insert(calls).values(callRows).returning({ id: calls.id }) : [];
    const callOf = new Map(dialled.map((m, i) => [m, { id: itemAt(callIds, i).id, row: itemAt(callRows, i) }]));
    await tx.insert(managements).values(
      chunk.map((m) => ({
        country,
        userId: m.userId,
        leadId: m.leadId,
        channel: m.channel,
        result: m.result,
        note: m.note,
        nextActionAt: m.nextActionAt,
        callId: callOf.get(m)?.id ?? null,
        createdAt: m.at,
      })),
    );
    await tx.insert(leadEvents).values([
      ...[...callOf.values()].flatMap(({ id, row }) => [
        {
          country,
          leadId: row.leadId,
          type: 'call',
          userId: row.userId,
          body: `Llamada a ${row.cellphone} iniciada`,
          fromValue: String(id),
          toValue: 'started',
          createdAt: row.startedAt,
        },
        {
          country,
          leadId: row.leadId,
          type: 'call',
          userId: row.userId,
          body: `Llamada a ${row.cellphone} finalizada (${duration(row.startedAt, row.endedAt)})`,
          fromValue: String(id),
          toValue: 'ended',
          createdAt: row.endedAt,
        },
      ]),
      ...chunk.map((m, i) => ({
        country,
        leadId: m.leadId,
        type: 'management',
        userId: m.userId,
        body: managementTimelineText(country, m),
        fromValue: chunk[i - 1]?.leadId === m.leadId ? (chunk[i - 1]?.result ?? null) : null,
        toValue: m.result,
        createdAt: m.at,
      })),
    ]);
  }
  return planned.length;
}
