import { z } from 'zod';
import { statusIdOf } from '../catalogues/statuses';
import type { Country } from '../countries';
import { freeText, idSchema, positiveInt } from './common';
import { customerSummarySchema, leadDetailSchema } from './leads';
import { csvOf, listCountSchema, pageInfoSchema, paginationQuery, queryBoolean } from './list';
import { TRANSITION_REASON_MAX } from './workflow';

/*
 * The audit queue and the audit decision (issue 4, section 4). An audit round opens each time a lead enters
 * AUDIT_PENDING or AUDIT_RETRY; an auditor claims it (one at a time), checks the checklist and decides.
 * Each decision is a workflow transition to the status below.
 */

export const AUDIT_DECISIONS = ['approve', 'reject', 'retry', 'request_information'] as const;
export type AuditDecision = (typeof AUDIT_DECISIONS)[number];

export const AUDIT_DECISION_LABELS: Record<AuditDecision, string> = {
  approve: 'Aprobar',
  reject: 'Rechazar',
  retry: 'Re-auditar',
  request_information: 'Pedir información',
};

/** The status each decision moves the lead to (same names in both catalogues). */
export const AUDIT_DECISION_STATUS: Record<AuditDecision, string> = {
  approve: 'AUDIT_APPROVAL',
  reject: 'AUDIT_REJECTED',
  retry: 'AUDIT_RETRY',
  request_information: 'REQUEST_INFORMATION',
};

/** The decisions that end the audit: the lead stays in their status (retry queues it again instead). */
export const FINAL_AUDIT_DECISIONS = ['approve', 'reject', 'request_information'] as const satisfies readonly AuditDecision[];

export function decisionStatusId(country: Country, decision: AuditDecision): number {
  return statusIdOf(country, AUDIT_DECISION_STATUS[decision])!;
}

/** The statuses of the auditors' queue: waiting for a (first or repeated) audit. */
export function auditQueueStatusIds(country: Country): number[] {
  return [statusIdOf(country, 'AUDIT_PENDING')!, statusIdOf(country, 'AUDIT_RETRY')!];
}

export const AUDIT_CHECKLIST_ITEMS = ['identity', 'documents', 'signature', 'bank_account', 'phone'] as const;
export type AuditChecklistItem = (typeof AUDIT_CHECKLIST_ITEMS)[number];

export const AUDIT_CHECKLIST_LABELS: Record<AuditChecklistItem, string> = {
  identity: 'Identidad',
  documents: 'Documentación',
  signature: 'Firma',
  bank_account: 'Cuenta bancaria',
  phone: 'Teléfono',
};

/** A claim nobody acted on for this long may be taken by another auditor (someone went home). */
export const AUDIT_CLAIM_MINUTES = 30;

/** Queue filter by claim: everything, free cases, cases someone holds, or mine. */
export const AUDIT_CLAIM_FILTERS = ['all', 'unclaimed', 'claimed', 'mine'] as const;
export type AuditClaimFilter = (typeof AUDIT_CLAIM_FILTERS)[number];
export const AUDIT_CLAIM_FILTER_LABELS: Record<AuditClaimFilter, string> = {
  all: 'Todos',
  unclaimed: 'Sin tomar',
  claimed: 'Tomados',
  mine: 'Tomados por mí',
};

export const AUDIT_COMMENT_MAX = TRANSITION_REASON_MAX;

export const AUDIT_MESSAGES = {
  commentRequired: 'Escribe un comentario: es obligatorio para rechazar, re-auditar o pedir información',
  checklistIncomplete: (label: string) => `Para aprobar falta verificar: ${label}`,
  /** Approving sends the money: to an account the customer must have on file. */
  noBankAccount: 'El cliente no tiene cuenta bancaria completa: no se puede aprobar. Pide la información al vendedor.',
} as const;

/** `GET /audits`: audit statuses (the local "audit statuses" list; default the queue's two), claim, page. */
export const auditQueueQuerySchema = z.object({
  status: csvOf(idSchema),
  claim: z.enum(AUDIT_CLAIM_FILTERS).default('all'),
  page: paginationQuery.page,
  pageSize: paginationQuery.pageSize,
  /** Count every case instead of stopping at LIST_COUNT_THRESHOLD ("más de 10.000"). */
  exactCount: queryBoolean,
});
export type AuditQueueQuery = z.infer<typeof auditQueueQuerySchema>;
export type AuditQueueParams = z.input<typeof auditQueueQuerySchema>;

const personRef = z.object({ id: z.number().int(), name: z.string() });

/** Who holds a case and until when the claim protects it. */
export const auditClaimSchema = z.object({
  user: personRef,
  claimed_at: z.string(),
  expires_at: z.string(),
});
export type AuditClaim = z.infer<typeof auditClaimSchema>;

export const auditChecklistSchema = z.object({
  identity: z.boolean(),
  documents: z.boolean(),
  signature: z.boolean(),
  bank_account: z.boolean(),
  phone: z.boolean(),
});
export type AuditChecklist = z.infer<typeof auditChecklistSchema>;

export const EMPTY_CHECKLIST: AuditChecklist = {
  identity: false,
  documents: false,
  signature: false,
  bank_account: false,
  phone: false,
};

export const auditQueueItemSchema = z.object({
  audit_id: z.number().int(),
  lead_id: z.number().int(),
  /** The lead's current status (AUDIT_PENDING / AUDIT_RETRY in the queue). */
  status_id: z.number().int(),
  /** When the lead entered its audit status: the queue is oldest first. */
  queued_at: z.string(),
  customer: customerSummarySchema,
  /** Minor units. */
  requested_amount: z.number().int(),
  term: z.number().int(),
  seller: personRef.nullable(),
  /** The active claim (null when free or expired). */
  claim: auditClaimSchema.nullable(),
  decision: z.enum(AUDIT_DECISIONS).nullable(),
  decided_at: z.string().nullable(),
});
export type AuditQueueItem = z.infer<typeof auditQueueItemSchema>;

export const auditQueueResponseSchema = z.object({
  rows: z.array(auditQueueItemSchema),
  count: listCountSchema,
  /** The queue pages by position (it holds only open cases): the cursors are always null. */
  pageInfo: pageInfoSchema,
});
export type AuditQueueResponse = z.infer<typeof auditQueueResponseSchema>;

/** One audit round of a lead. */
export const auditRoundSchema = z.object({
  id: z.number().int(),
  status_id: z.number().int(),
  queued_at: z.string(),
  /** The claim holder while open; who decided once closed. */
  auditor: personRef.nullable(),
  claimed_at: z.string().nullable(),
  checklist: auditChecklistSchema,
  /** Null while open, or when the lead left audit through another transition. */
  decision: z.enum(AUDIT_DECISIONS).nullable(),
  comment: z.string().nullable(),
  decided_at: z.string().nullable(),
});
export type AuditRound = z.infer<typeof auditRoundSchema>;

/** `GET /audits/:leadId`: the application with its customer and timeline, the open round and earlier ones. */
export const auditDetailSchema = z.object({
  lead: leadDetailSchema,
  /** The open round (null when the lead is not waiting for audit). */
  current: auditRoundSchema.nullable(),
  /** Its active claim, if any. */
  claim: auditClaimSchema.nullable(),
  /** Earlier rounds, newest first. */
  history: z.array(auditRoundSchema),
});
export type AuditDetail = z.infer<typeof auditDetailSchema>;

export const auditLeadParamsSchema = z.object({ leadId: idSchema });

/**
 * `POST /audits/:leadId/decision`. A comment is required unless approving; approving requires every
 * checklist item verified. The web form validates with the same schema.
 */
export const auditDecisionBodySchema = z
  .object({
    decision: z.enum(AUDIT_DECISIONS, { error: 'Elige una decisión' }),
    checklist: auditChecklistSchema,
    comment: freeText()
      .max(AUDIT_COMMENT_MAX, `El comentario admite hasta ${AUDIT_COMMENT_MAX} caracteres`)
      .optional()
      .transform((text) => (text === '' ? undefined : text)),
    /** The lead's version as read (409 when someone changed it since). */
    version: positiveInt(),
  })
  .superRefine((body, ctx) => {
    if (body.decision !== 'approve' && !body.comment) {
      ctx.addIssue({ code: 'custom', path: ['comment'], message: AUDIT_MESSAGES.commentRequired });
    }
    if (body.decision === 'approve') {
      for (const item of AUDIT_CHECKLIST_ITEMS) {
        if (!body.checklist[item]) {
          ctx.addIssue({
            code: 'custom',
            path: ['checklist', item],
            message: AUDIT_MESSAGES.checklistIncomplete(AUDIT_CHECKLIST_LABELS[item]),
          });
        }
      }
    }
  });
export type AuditDecisionBody = z.input<typeof auditDecisionBodySchema>;
