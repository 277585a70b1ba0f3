import { ROLES, STATUSES, auditQueueStatusIds, decisionStatusId, statusIdOf } from '@backoffice/shared';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../../bench/generate';
import { createPostgresDatabase } from '../helpers/app';

// The benchmark's data must look like the application's own: the screens the bench measures (the audit
// queue and case, the timeline) read the same rows the workflow writes.
describe('bench data generator (PostgreSQL)', () => {
  const N = 3000;
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let client: pg.Client;
  const messages: string[] = [];
  const query = async <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) => (await client.query<T>(text, values)).rows;

  beforeAll(async () => {
    database = await createPostgresDatabase();
    await generate(database.url, N, (message) => messages.push(message));
    client = new pg.Client({ connectionString: database.url });
    await client.connect();
  });

  afterAll(async () => {
    await client?.end();
    await database?.drop();
  });

  it('writes N leads, each with a history that ends in its status', async () => {
    const [{ leads, ending }] = await query<{ leads: number; ending: number }>(`
      select count(*)::int as leads,
             count(*) filter (where l.status_id = (select h.to_status from lead_status_history h where h.lead_id = l.id order by h.created_at desc, h.id desc limit 1))::int as ending
        from leads l`);
    expect(leads).toBe(N);
    expect(ending).toBe(N);
  });

  it('fills each customer’s word prefixes as the triggers keep them (the load itself bypasses them)', async () => {
    const [{ rows, expected, missing, extra }] = await query<{ rows: number; expected: number; missing: number; extra: number }>(`
      with expected as (select c.country, g.prefix, c.id as customer_id, g.words from customers c, search_word_groups(c.search_words) as g)
      select (select count(*)::int from customer_word_prefixes) as rows, (select count(*)::int from expected) as expected,
             (select count(*)::int from (select * from expected except select * from customer_word_prefixes) m) as missing,
             (select count(*)::int from (select * from customer_word_prefixes except select * from expected) e) as extra`);
    expect(rows).toBeGreaterThanOrEqual(N * 3);
    expect({ rows, missing, extra }).toEqual({ rows: expected, missing: 0, extra: 0 });
  });

  // Filters and searches are measured on these rows: a column tied to another (a seller whose leads all
  // share two first names) would make a seller's name search or a combined filter look nothing like a real one.
  it('draws each column independently of the others', async () => {
    const [{ pairs, firstNames, managed }] = await query<{ pairs: number; firstNames: number; managed: number }>(`
      select (select count(distinct (c.first_name, split_part(c.last_name, ' ', 1)))::int from customers c) as pairs,
             (select min(n)::int from (select count(distinct c.first_name) as n from leads l join customers c on c.id = l.customer_id
                                        where l.seller_id is not null group by l.seller_id) s) as "firstNames",
             (select count(distinct (c.first_name, l.management_status))::int from leads l join customers c on c.id = l.customer_id
               where l.management_status is not null) as managed`);
    // 20 first names × 22 surnames, 3,000 customers: nearly every pair; each seller's ~150 leads: nearly
    // every first name; 20 first names × 5 management statuses over ~1,000 leads: nearly every combination.
    expect(pairs).toBeGreaterThan(400);
    expect(firstNames).toBeGreaterThan(15);
    expect(managed).toBeGreaterThan(90);
  });

  it('reaches every audit decision from AUDIT_PENDING, by an auditor, on a round closed with that decision', async () => {
    const auditorRoles = ROLES.arg.filter((r) => r.kind === 'auditor').map((r) => String(r.id));
    const pending = statusIdOf('arg', 'AUDIT_PENDING')!;
    for (const decision of ['approve', 'reject', 'retry', 'request_information'] as const) {
      const statusId = decisionStatusId('arg', decision);
      const rows = await query<{ leads: number; by_auditor: number; rounds: number }>(
        `select count(*)::int as leads,
                count(*) filter (where exists (select 1 from lead_status_history h join users u on u.id = h.user_id
                                                where h.lead_id = l.id and h.from_status = $2 and h.to_status = $1 and u.role = any($3)))::int as by_auditor,
                count(*) filter (where exists (select 1 from audits a join users u on u.id = a.auditor_id
                                                where a.lead_id = l.id and a.decision = $4 and a.decided_at is not null and u.role = any($3)
                                                  and (a.decision = 'approve' or a.comment is not null)))::int as rounds
           from leads l where l.status_id = $1`,
        [statusId, pending, auditorRoles, decision],
      );
      expect(rows[0].leads, decision).toBeGreaterThan(0);
      expect(rows[0], decision).toEqual({ leads: rows[0].leads, by_auditor: rows[0].leads, rounds: rows[0].leads });
    }
  });

  it('queues each lead waiting for audit in one open round of its status; a re-audit after its closed first round', async () => {
    const [pending, retry] = auditQueueStatusIds('arg');
    const rows = await query<{ status_id: number; leads: number; open: number; closed: number }>(
      `select l.status_id, count(*)::int as leads,
              count(*) filter (where (select count(*) from audits a where a.lead_id = l.id and a.decided_at is null and a.status_id = l.status_id) = 1)::int as open,
              count(*) filter (where (select count(*) from audits a where a.lead_id = l.id and a.decided_at is not null) = case when l.status_id = $1 then 1 else 0 end)::int as closed
         from leads l where l.status_id = any($2) group by l.status_id order by l.status_id`,
      [retry, [pending, retry]],
    );
    expect(rows.map((r) => r.status_id).sort()).toEqual([pending, retry].sort());
    for (const row of rows) expect(row).toEqual({ ...row, open: row.leads, closed: row.leads });
  });

  it('uses statuses of the arg catalogue only, and keeps a database of the same size and version', async () => {
    const ids = new Set(STATUSES.arg.map((s) => s.id));
    const used = await query<{ status_id: number }>('select distinct status_id from leads');
    for (const { status_id } of used) expect(ids.has(status_id)).toBe(true);
    await generate(database.url, N, (message) => messages.push(message));
    expect(messages.at(-1)).toBe(`bench database already holds ${N} leads: reused`);
  });
});
