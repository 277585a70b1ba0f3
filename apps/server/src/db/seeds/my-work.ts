import { COUNTRY_TIME_ZONE, ROLES, demoEmail, todayIn, type Country, type RoleKind } from '@backoffice/shared';
import { sql } from 'drizzle-orm';
import type { Tx } from '../client';

/** The demo account of a role kind (README's table), or undefined where the country has none. */
function demoAccount(country: Country, kind: RoleKind): string | undefined {
  const role = ROLES[country].find((r) => r.kind === kind);
  return role ? demoEmail(country, role) : undefined;
}

/**
 * What the dashboard's "Mi trabajo de hoy" shows the demo accounts that the other seeds leave empty: the
 * demo auditor working two cases of the queue (another auditor one more), and the demo
 * collector with a promise due today and two next actions due today. Sellers' call backs, the unassigned
 * work and the loans nobody collects already come from the other seeds.
 */
export async function seedMyWork(tx: Tx, country: Country, now: Date): Promise<void> {
  const auditor = demoAccount(country, 'auditor');
  const collector = demoAccount(country, 'collector');
  const today = todayIn(country, now);
  if (auditor) {
    // Claimed an hour ago, by the demo auditor (the two latest in the queue) and by the other auditor (the one
    // before): the queue's first page keeps its free cases at the top.
    await tx.execute(sql`
      with queue as (
        select a.id, row_number() over (order by a.queued_at desc, a.id desc) as n from audits a
         where a.country = ${country} and a.decided_at is null and a.auditor_id is null
         order by a.queued_at desc, a.id desc limit 3),
      people as (
        select (select id from users where country = ${country} and email = ${auditor}) as demo,
               (select u.id from users u where u.country = ${country} and u.role = (select role from users where country = ${country} and email = ${auditor})
                   and u.email <> ${auditor} and u.active order by u.id limit 1) as other)
      update audits a set auditor_id = case when q.n <= 2 then p.demo else coalesce(p.other, p.demo) end,
                          claimed_at = ${new Date(now.getTime() - 3_600_000).toISOString()}::timestamptz
        from queue q, people p
       where a.id = q.id`);
  }
  if (collector) {
    // The promise of the demo collector's that falls due soonest is due today (still pending: the daily
    // run breaks a promise only once its day has passed).
    await tx.execute(sql`
      with first as (
        select p.id, p.loan_id from collection_promises p join loans l on l.id = p.loan_id
         where p.country = ${country} and p.status = 'pending'
           and l.collector_id = (select id from users where country = ${country} and email = ${collector})
         order by p.due_on, p.id limit 1),
      moved as (update collection_promises p set due_on = ${today}::date from first where p.id = first.id returning p.loan_id)
      update loans l set promise_due_on = ${today}::date from moved where l.id = moved.loan_id`);
    // Two loans without a promise get a next action today: one this morning, one this afternoon (country time).
    await tx.execute(sql`
      with picked as (
        select l.id, row_number() over (order by l.days_past_due desc, l.id) as n from loans l
         where l.country = ${country} and l.in_collections and l.promise_due_on is null
           and l.collector_id = (select id from users where country = ${country} and email = ${collector})
         order by l.days_past_due desc, l.id limit 2)
      update loans l set next_action_at = ((${today}::date + case when picked.n = 1 then time '09:30' else time '16:00' end)::timestamp
                                            at time zone ${COUNTRY_TIME_ZONE[country]})
        from picked where l.id = picked.id`);
  }
}
