import {
  COUNTRY_TIME_ZONE,
  PROCESSED_FLAGS,
  findRole,
  formatDateTime,
  regretStatusLabel,
  regretStatusName,
  type DebtFreeRow,
  type RegretRow,
} from '@backoffice/shared';
import { sql } from 'drizzle-orm';
import type { ListContext } from './definition';
import { defineList } from './definition';

/** A collector sees the customers of their own loans only; the other roles of the screen, the country's. */
function collectorScope(context: ListContext, customerColumn: ReturnType<typeof sql>) {
  if (findRole(context.country, context.user.role)?.kind !== 'collector') return undefined;
  return sql`exists (select 1 from loans own where own.customer_id = ${customerColumn} and own.country = ${context.country} and own.collector_id = ${context.user.id})`;
}

/** The calendar day of a timestamp on the country's clock. */
const dayOf = (context: ListContext, column: ReturnType<typeof sql>) =>
  sql`(${column} at time zone ${COUNTRY_TIME_ZONE[context.country]})::date`;

export interface DebtFreeFilters {
  processed?: number[];
  from?: string;
  to?: string;
  q?: string;
  customer?: number;
}

export const debtFreeList = defineList<DebtFreeFilters, DebtFreeRow>({
  name: 'debt-frees',
  from: sql`debt_free_requests d
    join customers c on c.id = d.customer_id
    left join users ru on ru.id = d.requested_by
    left join users du on du.id = d.decided_by
    left join debt_free_certificates cert on cert.request_id = d.id`,
  id: sql`d.id`,
  sorts: {
    created_at: { expr: sql`d.created_at`, type: 'timestamptz' },
    decided_at: { expr: sql`coalesce(d.decided_at, 'epoch'::timestamptz)`, type: 'timestamptz' },
    id: { expr: sql`d.id`, type: 'integer' },
  },
  defaultSort: { sort: 'created_at', dir: 'desc' },
  where: (context, f) => {
    const words = f.q?.trim() ? `%${f.q.trim().replace(/[\\%_]/g, (m) => `\\${m}`)}%` : undefined;
    return [
      sql`d.country = ${context.country}`,
      collectorScope(context, sql`d.customer_id`),
      f.processed?.length
        ? sql`d.processed in (${sql.join(
            f.processed.map((p) => sql`${p}`),
            sql`, `,
          )})`
        : undefined,
      f.from ? sql`${dayOf(context, sql`d.created_at`)} >= ${f.from}::date` : undefined,
      f.to ? sql`${dayOf(context, sql`d.created_at`)} <= ${f.to}::date` : undefined,
      f.customer ? sql`d.customer_id = ${f.customer}` : undefined,
      words ? sql`(c.doc_number ilike ${words} or (c.first_name || ' ' || c.last_name) ilike ${words})` : undefined,
    ];
  },
  row: sql`json_build_object(
    'id', d.id, 'processed', d.processed, 'created_at', d.created_at, 'customer_id', d.customer_id,
    'customer_name', c.first_name || ' ' || c.last_name, 'document', c.doc_number, 'lead_id', d.lead_id,
    'source', d.source, 'requested_by', ru.name, 'decided_at', d.decided_at, 'decided_by', du.name,
    'reason', d.reason, 'verification_code', cert.code)`,
  export: {
    sheet: 'Libre deuda',
    columns: (country) => [
      { header: 'Id', width: 8, kind: 'number', value: (r) => r.id },
      { header: 'Fecha', width: 18, kind: 'text', value: (r) => formatDateTime(country, r.created_at) },
      { header: 'Cliente', width: 28, kind: 'text', value: (r) => r.customer_name },
      { header: 'Documento', width: 14, kind: 'text', value: (r) => r.document },
      {
        header: 'Estado',
        width: 12,
        kind: 'text',
        value: (r) => PROCESSED_FLAGS.find((p) => p.id === r.processed)?.name ?? String(r.processed),
      },
      { header: 'Resuelta', width: 18, kind: 'text', value: (r) => (r.decided_at ? formatDateTime(country, r.decided_at) : '') },
      { header: 'Resolvió', width: 20, kind: 'text', value: (r) => r.decided_by ?? '' },
      { header: 'Motivo', width: 30, kind: 'text', value: (r) => r.reason ?? '' },
      { header: 'Código', width: 22, kind: 'text', value: (r) => r.verification_code ?? '' },
    ],
  },
});

export interface RegretFilters {
  status?: number[];
  deadlineFrom?: string;
  deadlineTo?: string;
  overdue?: boolean;
}

export const regretList = defineList<RegretFilters, RegretRow>({
  name: 'regrets',
  from: sql`regrets r join loans l on l.id = r.loan_id join customers c on c.id = r.customer_id`,
  id: sql`r.id`,
  sorts: {
    deadline: { expr: sql`r.deadline`, type: 'date' },
    created_at: { expr: sql`r.created_at`, type: 'timestamptz' },
    id: { expr: sql`r.id`, type: 'integer' },
  },
  defaultSort: { sort: 'deadline', dir: 'asc' },
  where: (context, f) => [
    sql`r.country = ${context.country}`,
    collectorScope(context, sql`r.customer_id`),
    f.status?.length
      ? sql`r.status in (${sql.join(
          f.status.map((s) => sql`${s}`),
          sql`, `,
        )})`
      : undefined,
    f.deadlineFrom ? sql`r.deadline >= ${f.deadlineFrom}::date` : undefined,
    f.deadlineTo ? sql`r.deadline <= ${f.deadlineTo}::date` : undefined,
    f.overdue === true ? sql`r.deadline < ${dayOf(context, sql`now()`)}` : undefined,
    f.overdue === false ? sql`r.deadline >= ${dayOf(context, sql`now()`)}` : undefined,
  ],
  row: sql`json_build_object(
    'id', r.id, 'status', r.status, 'loan_id', r.loan_id, 'loan_status', l.status, 'lead_id', l.lead_id,
    'customer_name', c.first_name || ' ' || c.last_name, 'document', c.doc_number, 'revocation_code', r.revocation_code,
    'disbursed_on', r.disbursed_on, 'deadline', r.deadline, 'rule', r.rule, 'created_at', r.created_at,
    'amount', r.amount, 'returned', r.returned, 'attempts', r.attempts, 'version', r.version)`,
  export: {
    sheet: 'Arrepentimientos',
    columns: (country) => [
      { header: 'Id', width: 8, kind: 'number', value: (r) => r.id },
      { header: 'Código', width: 16, kind: 'text', value: (r) => r.revocation_code },
      { header: 'Cliente', width: 28, kind: 'text', value: (r) => r.customer_name },
      { header: 'Documento', width: 14, kind: 'text', value: (r) => r.document },
      { header: 'Préstamo', width: 10, kind: 'number', value: (r) => r.loan_id },
      { header: 'Estado', width: 20, kind: 'text', value: (r) => regretStatusLabel(country, r.status) },
      { header: 'Desembolso', width: 12, kind: 'text', value: (r) => r.disbursed_on },
      { header: 'Plazo legal', width: 12, kind: 'text', value: (r) => r.deadline },
      { header: 'A devolver', width: 14, kind: 'money', value: (r) => r.amount / 100 },
      { header: 'Devuelto', width: 14, kind: 'money', value: (r) => r.returned / 100 },
      // The status as the return-request catalogue names it, for whoever matches the file against other systems.
      { header: 'Código de estado', width: 22, kind: 'text', value: (r) => regretStatusName(country, r.status) },
    ],
  },
});
