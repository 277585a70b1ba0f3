import {
  isClosedStatus,
  statusLabelOf,
  statusNameOf,
  type Country,
  type MassiveBatchStatus,
  type MassiveRowStatus,
  type MassiveType,
} from '@backoffice/shared';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { storedRolesOfKinds } from '../../lib/roles';
import type { Tx } from '../client';
import { leadEvents, leads, massiveBatchRows, massiveBatches, users } from '../schema';
import { oneRow } from '../rows';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

interface DemoRow {
  data: Record<string, string>;
  status: MassiveRowStatus;
  recordId: number | null;
  error: string | null;
}

/**
 * Demo batches of the country, consistent with the seeded records: a finished reassignment whose rows name
 * leads assigned to that seller (their timelines name the batch), a partly failed status change, a cancelled
 * closing and a failed reassignment. Called once from seed.ts after the country's leads.
 */
export async function seedMassive(tx: Tx, country: Country, now: Date): Promise<void> {
  const staff = await tx
    .select({ id: users.id, name: users.name, email: users.email, role: users.role })
    .from(users)
    .where(and(eq(users.country, country), eq(users.active, true)))
    .orderBy(asc(users.id));
  const ofKind = (kind: 'admin' | 'supervisor' | 'seller') => staff.filter((u) => storedRolesOfKinds(country, [kind]).includes(u.role));
  const admin = ofKind('admin')[0];
  const seller = ofKind('seller').find((u) => u.email.startsWith('seller@')) ?? ofKind('seller')[0];
  if (!admin || !seller) return;
  const supervisor = ofKind('supervisor')[0] ?? admin;
  const all = await tx
    .select({ id: leads.id, statusId: leads.statusId, sellerId: leads.sellerId })
    .from(leads)
    .where(eq(leads.country, country))
    .orderBy(asc(leads.id));
  if (all.length < 40) return;

  const insert = async (type: MassiveType, status: MassiveBatchStatus, by: number, fileName: string, daysAgo: number, rows: DemoRow[]) => {
    const createdAt = new Date(now.getTime() - daysAgo * DAY_MS);
    const startedAt = new Date(createdAt.getTime() + 2 * MINUTE_MS);
    const finishedAt = new Date(startedAt.getTime() + Math.max(1, rows.length) * 40);
    const counts = { total: rows.length, invalid: 0, pending: 0, done: 0, failed: 0, skipped: 0 };
    for (const row of rows) counts[row.status]++;
    const batch = oneRow(
      await tx
        .insert(massiveBatches)
        .values({
          country,
          type,
          status,
          source: 'file',
          fileName,
          createdBy: by,
          ...counts,
          createdAt,
          updatedAt: finishedAt,
          startedAt,
          finishedAt,
        })
        .returning({ id: massiveBatches.id }),
    );
    await tx.insert(massiveBatchRows).values(
      rows.map((row, i) => ({
        batchId: batch.id,
        row: i + 2,
        ...row,
        appliedAt: row.status === 'done' ? new Date(startedAt.getTime() + i * 40) : null,
      })),
    );
    return { id: batch.id, at: startedAt };
  };

  // A finished reassignment: the seller's own open leads, each timeline naming the batch.
  const mine = all.filter((lead) => lead.sellerId === seller.id && !isClosedStatus(country, lead.statusId)).slice(0, 12);
  if (mine.length > 0) {
    const batch = await insert(
      'reassign-seller',
      'finished',
      supervisor.id,
      'reasignacion-cartera.csv',
      6,
      mine.map((lead) => ({
        data: { lead_id: String(lead.id), seller_email: seller.email },
        status: 'done',
        recordId: lead.id,
        error: null,
      })),
    );
    await tx.insert(leadEvents).values(
      mine.map((lead, i) => ({
        country,
        leadId: lead.id,
        type: 'assignment',
        userId: supervisor.id,
        body: `${seller.name} (Lote #${batch.id})`,
        toValue: String(seller.id),
        createdAt: new Date(batch.at.getTime() + i * 40),
      })),
    );
  }

  // A partly failed status change: the done rows name leads now in that status, the failed ones closed leads.
  const cancelled = all.filter((lead) => statusNameOf(country, lead.statusId) === 'CANCELLED').slice(0, 11);
  const closed = all
    .filter((lead) => isClosedStatus(country, lead.statusId) && statusNameOf(country, lead.statusId) !== 'CANCELLED')
    .slice(0, 4);
  const cancelledStatus = cancelled[0]?.statusId;
  if (cancelledStatus !== undefined) {
    await insert('change-status', 'partial', admin.id, 'estados-semana.xlsx', 4, [
      ...cancelled.slice(0, 8).map((lead): DemoRow => ({
        data: { lead_id: String(lead.id), status: 'CANCELLED', reason: 'Cliente desiste' },
        status: 'done',
        recordId: lead.id,
        error: null,
      })),
      ...closed.map((lead): DemoRow => ({
        data: { lead_id: String(lead.id), status: 'CANCELLED', reason: 'Cliente desiste' },
        status: 'failed',
        recordId: lead.id,
        error: `No se puede pasar el lead de ${statusLabelOf(country, lead.statusId)} a ${statusLabelOf(country, cancelledStatus)}: esa transición no está permitida desde el estado actual.`,
      })),
    ]);
  }

  // A cancelled closing: what ran stays applied (leads cancelled), the rest was never applied.
  const stillOpen = all.filter((lead) => !isClosedStatus(country, lead.statusId) && lead.sellerId !== seller.id).slice(0, 10);
  await insert('close-applications', 'cancelled', supervisor.id, 'cierres-duplicados.csv', 2, [
    ...cancelled.slice(8).map((lead): DemoRow => ({
      data: { lead_id: String(lead.id), reason: 'Duplicada' },
      status: 'done',
      recordId: lead.id,
      error: null,
    })),
    ...stillOpen.map((lead): DemoRow => ({
      data: { lead_id: String(lead.id), reason: 'Duplicada' },
      status: 'skipped',
      recordId: lead.id,
      error: null,
    })),
  ]);

  // A failed reassignment: its seller left the company before it ran.
  const unassigned = await tx
    .select({ id: leads.id })
    .from(leads)
    .where(and(eq(leads.country, country), isNull(leads.sellerId)))
    .orderBy(asc(leads.id))
    .limit(5);
  await insert(
    'reassign-seller',
    'failed',
    admin.id,
    'reasignar-ex-vendedor.csv',
    1,
    unassigned.map((lead) => ({
      data: { lead_id: String(lead.id), seller_email: `ex.vendedor@${country}.example` },
      status: 'failed',
      recordId: lead.id,
      error: `ex.vendedor@${country}.example no es un vendedor activo de este país`,
    })),
  );
}
