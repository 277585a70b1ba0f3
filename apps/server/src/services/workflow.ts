import {
  AUTOMATED_STAGE_LABELS,
  allowedTransitions,
  DISBURSED_STATUS,
  automatedStageAt,
  findTransition,
  guardBlock,
  LEAD_LIMITS,
  formatMoney,
  STATUSES,
  type GuardSubject,
  isSellerOrWoAssignation,
  mayRunAutomation,
  roleMayTake,
  statusLabelOf,
  type Country,
  type LeadTransitions,
} from '@backoffice/shared';
import type { Db, Tx } from '../db/client';
import { HttpError, MESSAGES, invalidData, isStaleLead, staleLead } from '../lib/errors';
import type { AuthUser } from '../plugins/app/auth';
import { StageRunsRepository, type ClaimedStageRun } from '../repositories/stage-runs';
import { WorkflowRepository, type ChangeHook, type WorkflowLead } from '../repositories/workflow';
import { defaultOffer, type StageAdapters, type StageOutcome } from './adapters/index';
import { createLoanForLead } from './loans';

/** Refusals of the workflow, in Spanish: they reach the user as they are. */
export const WORKFLOW_MESSAGES = {
  notAllowed: (from: string, to: string) =>
    `No se puede pasar el lead de ${from} a ${to}: esa transición no está permitida desde el estado actual.`,
  automatedOnly: (from: string, to: string) => `El paso de ${from} a ${to} lo decide el sistema: ejecuta la etapa automática.`,
  roleNotAllowed: (from: string, to: string) => `Tu rol no puede pasar el lead de ${from} a ${to}.`,
  noAutomation: (status: string) => `No hay una etapa automática pendiente en el estado ${status}.`,
  automationRole: 'Tu rol no puede ejecutar esta etapa automática.',
  reasonRequired: 'Indica el motivo del cambio de estado',
  unknownStatus: (id: number) => `Estado desconocido: ${id}`,
  noOfferHere: 'Este cambio de estado no fija una oferta',
  offerLimits: (min: string, max: string) => `La oferta va de ${min} a ${max}`,
  offerAboveRequested: (requested: string) => `La oferta no puede superar el monto solicitado (${requested})`,
  stageUnavailable: 'El servicio externo de esta etapa no respondió: el estado no cambió. Vuelve a intentarlo en unos minutos.',
  auditOnly: (from: string, to: string) =>
    `El paso de ${from} a ${to} es una decisión de auditoría: se toma en Auditorías, con el caso tomado y su checklist.`,
} as const;

export interface TransitionInput {
  country: Country;
  leadId: number;
  /** Who moves the lead; null for the system itself running an automated stage (runQueuedStages). */
  user: AuthUser | null;
  to: number;
  version: number;
  reason?: string;
  /** Whole currency units: the offer risk sets on a transition that grants one. */
  offeredAmount?: number;
  /** Written in the status change's transaction (e.g. the audit row of an audit decision). */
  within?: ChangeHook;
  /** The audit case's decision route: the only caller allowed to take audit decisions (Transition.auditDecision). */
  auditDecision?: boolean;
  /**
   * A caller's transaction to change the lead inside (a massive batch row: its effect and its 'done' mark
   * commit together). The stages the change queues then wait for the caller's `continueStages` after its commit.
   */
  tx?: Tx;
}

type StatusListener = (country: Country) => void;

export interface WorkflowOptions {
  /**
   * Queue the automated stage of each status a lead reaches (stage_runs) and run it, and the ones its outcome
   * reaches, before answering the change (WORKFLOW_AUTORUN). Off, a stage waits until someone runs it
   * (POST /leads/:id/automation).
   */
  autoRun: boolean;
  /**
   * The change's answer waits for the stages it queued (STAGE_RUN_WAIT, default: the simulators answer at
   * once, so the answer shows where the chain ended); false for adapters that take seconds: answered at
   * once, the stages run right after on this node (`drain` waits for them at shutdown).
   */
  awaitStages?: boolean;
  /** Runs of a stage before the system stops trying (STAGE_MAX_ATTEMPTS); then a person runs it. */
  maxAttempts?: number;
  /** The first retry's wait after a failed run, doubled at each further one (STAGE_RETRY_SECONDS). */
  retrySeconds?: number;
  /** A stage run that failed: the change that led to it stays, the lead waits at the stage's status. */
  onStageError?: (error: unknown, context: StageErrorContext) => void;
  /** The system ran a stage and applied its outcome (`to`): e.g. to tell the screens that show the lead. */
  onStageDecided?: (country: Country, leadId: number, to: number) => void;
}

/** What a stage error is logged with: the system's run (its attempt, when it retries) or a person's (userId). */
export interface StageErrorContext {
  country: Country;
  leadId: number;
  attempts?: number;
  retrySeconds?: number | null;
  userId?: number;
}

/** Stages one change may run in a row (prefilter, then risk, …): a bound against a cycle in the tables. */
const MAX_CHAINED_STAGES = 5;
/** STAGE_MAX_ATTEMPTS and STAGE_RETRY_SECONDS when not configured: 30 s, 1, 2, 4 min, then a person. */
const DEFAULT_MAX_ATTEMPTS = 5;
const DEFAULT_RETRY_SECONDS = 30;

/**
 * The one operation that changes a lead's status (`apply`), used by people choosing a transition and by
 * the automated stages alike. Everything is checked against the lead's current row inside the
 * transaction that writes it.
 */
export class WorkflowService {
  private readonly repository: WorkflowRepository;
  private readonly stageRuns: StageRunsRepository;
  private readonly listeners = new Set<StatusListener>();

  constructor(
    db: Db,
    readonly adapters: StageAdapters,
    private readonly options: WorkflowOptions = { autoRun: false },
  ) {
    this.repository = new WorkflowRepository(db);
    this.stageRuns = new StageRunsRepository(db);
  }

  /** Called after every status change (e.g. to drop cached list counts). */
  onStatusChange(listener: StatusListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** What the user may do with the lead now: its manual transitions and the automated stage, if any. */
  async transitionsFor(country: Country, user: AuthUser, leadId: number): Promise<LeadTransitions> {
    const lead = this.visible(country, user, await this.repository.find(country, leadId));
    const subject = guardSubjectOf(lead);
    const stage = automatedStageAt(country, lead.statusId);
    const failure = stage ? await this.stageRuns.failure(country, leadId) : undefined;
    return {
      lead_id: lead.id,
      status_id: lead.statusId,
      version: lead.version,
      transitions: allowedTransitions(country, lead.statusId, user.role).map((t) => ({
        to_status: t.to,
        label: statusLabelOf(country, t.to),
        reason_required: t.reasonRequired,
        sets_offer: t.grantsOffer,
        blocked: guardBlock(t.guards, subject),
      })),
      automation: stage && mayRunAutomation(country, lead.statusId, user.role) ? { stage, label: AUTOMATED_STAGE_LABELS[stage] } : null,
      stage_failure: failure ? { attempts: failure.attempts, retry_at: failure.retryAt } : null,
    };
  }

  /** A person moves the lead to `to`; then the automated stages it reaches run (WorkflowOptions.autoRun). */
  async transition(input: TransitionInput): Promise<void> {
    // A status the catalogue does not have is bad input, not a transition the table happens to lack.
    if (!STATUSES[input.country].some((status) => status.id === input.to)) {
      throw invalidData([{ field: 'to_status', message: WORKFLOW_MESSAGES.unknownStatus(input.to) }]);
    }
    await this.apply(input, null);
    if (!input.tx) await this.continueStages(input.country, input.leadId);
  }

  /** Stage chains running after their change was answered (awaitStages false). */
  private readonly inFlight = new Set<Promise<void>>();

  /** After a change: the stages it queued, awaited or left running (WorkflowOptions.awaitStages). */
  async continueStages(country: Country, leadId: number): Promise<void> {
    if (!this.options.autoRun) return;
    // The change is committed whatever happens here. A run whose failure could not even be recorded (the
    // database went away) stays claimed, and a worker takes it over when its lease ends.
    const chain = this.runQueuedStages(country, leadId).catch((error: unknown) => this.options.onStageError?.(error, { country, leadId }));
    if (this.options.awaitStages !== false) return chain;
    this.inFlight.add(chain);
    void chain.finally(() => this.inFlight.delete(chain));
  }

  /** Waits for the stage chains still running after their changes were answered (shutdown). */
  async drain(): Promise<void> {
    await Promise.all([...this.inFlight]);
  }

  /**
   * Runs the stage queued for the lead (if due and not running elsewhere), then the one its outcome queues,
   * and so on: the simulators answer at once, so the change's answer already shows where the chain ended. A
   * failed run ends the chain; it stays queued for a retry (runDueStages).
   */
  async runQueuedStages(country: Country, leadId: number): Promise<void> {
    for (let i = 0; i < MAX_CHAINED_STAGES; i++) {
      const run = await this.stageRuns.claim(country, leadId);
      if (!run || !(await this.runClaimed(run))) return;
    }
  }

  /**
   * The stage worker's tick (`app.stageWorker`, plugins/app/workflow.ts): runs claimed from any lead, those
   * waiting for a retry and those a stopped node left, each continued as far as its chain goes. Answers how
   * many it claimed.
   */
  async runDueStages(limit: number): Promise<number> {
    const runs = await this.stageRuns.claimDue(limit);
    for (const run of runs) {
      if (await this.runClaimed(run)) await this.runQueuedStages(run.country, run.leadId);
    }
    return runs.length;
  }

  /**
   * Runs a claimed stage and applies its outcome as the system's change; true when the chain goes on (the
   * outcome applied, or the run is due again at once). A failure is recorded on the run with its retry's
   * time (or none once they ran out) unless a change made meanwhile has replaced the run, in which case
   * there is nothing left to retry.
   */
  private async runClaimed(run: ClaimedStageRun): Promise<boolean> {
    const { country, leadId } = run;
    const lead = await this.repository.find(country, leadId);
    const stage = lead?.statusId === run.statusId ? automatedStageAt(country, run.statusId) : null;
    if (!lead || !stage) {
      await this.stageRuns.drop(run);
      return false;
    }
    let outcome: StageOutcome;
    try {
      outcome = await this.adapters[stage].run({ country, leadId, docNumber: lead.docNumber, requestedAmount: lead.requestedAmount });
    } catch (error) {
      return this.failed(run, error);
    }
    try {
      await this.apply({ country, leadId, user: null, to: outcome.to, version: lead.version, reason: outcome.reason }, outcome);
    } catch (error) {
      // Someone edited the lead (its data, not its status) while the service decided: the outcome was for
      // the lead as it was. Not the service's failure: the stage runs again at once on the lead as it is.
      if (isStaleLead(error)) return this.stageRuns.release(run);
      return this.failed(run, error);
    }
    this.options.onStageDecided?.(country, leadId, outcome.to);
    return true;
  }

  /** A claimed run that failed: its retry (doubling the wait each time) or, once they ran out, none. */
  private async failed(run: ClaimedStageRun, error: unknown): Promise<false> {
    const { maxAttempts = DEFAULT_MAX_ATTEMPTS, retrySeconds: first = DEFAULT_RETRY_SECONDS } = this.options;
    const retrySeconds = run.attempts < maxAttempts ? first * 2 ** (run.attempts - 1) : null;
    const message = error instanceof Error ? error.message : String(error);
    if (await this.stageRuns.fail(run, message, retrySeconds)) {
      this.options.onStageError?.(error, { country: run.country, leadId: run.leadId, attempts: run.attempts, retrySeconds });
    }
    return false;
  }

  /**
   * Runs the automated stage waiting at the lead's status and applies its outcome through `apply`. The
   * adapter is called outside the transaction (a real one is a network call; no row stays locked during
   * it); the version the client read guards against a change made meanwhile.
   */
  async runAutomation(country: Country, user: AuthUser, leadId: number, version: number): Promise<StageOutcome> {
    const lead = this.visible(country, user, await this.repository.find(country, leadId));
    if (lead.version !== version) throw staleLead();
    const stage = automatedStageAt(country, lead.statusId);
    if (!stage) throw new HttpError(409, WORKFLOW_MESSAGES.noAutomation(statusLabelOf(country, lead.statusId)));
    if (!mayRunAutomation(country, lead.statusId, user.role)) throw new HttpError(403, WORKFLOW_MESSAGES.automationRole);
    let outcome: StageOutcome;
    try {
      outcome = await this.adapters[stage].run({ country, leadId, docNumber: lead.docNumber, requestedAmount: lead.requestedAmount });
    } catch (error) {
      // The person is told the service failed (a 502 of ours, not an internal error); the cause is logged.
      this.options.onStageError?.(error, { country, leadId, userId: user.id });
      throw new HttpError(502, WORKFLOW_MESSAGES.stageUnavailable);
    }
    await this.apply({ country, leadId, user, to: outcome.to, version, reason: outcome.reason }, outcome);
    await this.continueStages(country, leadId);
    return outcome;
  }

  /**
   * The single status change. `automated`: the outcome of an automated stage (the transition must be an
   * automated one; the history names who ran it, or no one when the system did); null for a person's choice.
   */
  private async apply(input: TransitionInput, automated: StageOutcome | null): Promise<void> {
    const { country, user, to } = input;
    const result = await this.repository.change(
      country,
      input.leadId,
      (current) => {
        // The system's own stage runs are not a person's: no seller scope, no role.
        const lead = user ? this.visible(country, user, current) : current;
        if (lead.version !== input.version) throw staleLead();
        const from = statusLabelOf(country, lead.statusId);
        const target = statusLabelOf(country, to);
        const transition = findTransition(country, lead.statusId, to);
        if (!transition) throw new HttpError(409, WORKFLOW_MESSAGES.notAllowed(from, target));
        if (transition.automated && !automated) throw new HttpError(409, WORKFLOW_MESSAGES.automatedOnly(from, target));
        if (!transition.automated && automated) throw new HttpError(409, WORKFLOW_MESSAGES.notAllowed(from, target));
        if (user && !roleMayTake(country, transition, user.role)) throw new HttpError(403, WORKFLOW_MESSAGES.roleNotAllowed(from, target));
        if (transition.auditDecision && !input.auditDecision) throw new HttpError(409, WORKFLOW_MESSAGES.auditOnly(from, target));
        const blocked = guardBlock(transition.guards, guardSubjectOf(lead));
        if (blocked) throw new HttpError(409, blocked);
        const reason = input.reason?.trim() || null;
        if (transition.reasonRequired && !reason) {
          throw invalidData([{ field: 'reason', message: WORKFLOW_MESSAGES.reasonRequired }]);
        }
        // Risk approving: the adapter's offer, else (a manual approval) the amount risk set, else the default
        // one unless there is one.
        let offer = automated?.offer;
        if (input.offeredAmount !== undefined) {
          if (!transition.grantsOffer) throw invalidData([{ field: 'offered_amount', message: WORKFLOW_MESSAGES.noOfferHere }]);
          const { minAmount, maxAmount } = LEAD_LIMITS[country];
          if (input.offeredAmount < minAmount || input.offeredAmount > maxAmount) {
            throw invalidData([
              {
                field: 'offered_amount',
                message: WORKFLOW_MESSAGES.offerLimits(formatMoney(country, minAmount * 100), formatMoney(country, maxAmount * 100)),
              },
            ]);
          }
          // As the risk stage's own offers: up to what the customer asked for, never a larger loan than applied for.
          if (input.offeredAmount * 100 > lead.requestedAmount) {
            throw invalidData([
              { field: 'offered_amount', message: WORKFLOW_MESSAGES.offerAboveRequested(formatMoney(country, lead.requestedAmount)) },
            ]);
          }
          offer = defaultOffer(country, input.offeredAmount * 100);
        }
        offer ??= transition.grantsOffer && lead.offeredAmount === null ? defaultOffer(country, lead.requestedAmount) : undefined;
        // A stage run by a person is on record as theirs (the adapter's reason says what it decided). An amount
        // risk set by hand is on the history too: the timeline says what was offered, not only that it was.
        const offered = input.offeredAmount !== undefined ? `Oferta: ${formatMoney(country, input.offeredAmount * 100)}` : null;
        return {
          to,
          version: input.version,
          userId: user?.id ?? null,
          reason: [reason, offered].filter(Boolean).join('\n') || null,
          offer,
          queueStage: this.options.autoRun && automatedStageAt(country, to) !== null,
        };
      },
      withLoan(country, input.leadId, input.within),
      input.tx,
    );
    if (result === undefined) throw new HttpError(404, MESSAGES.leadNotFound);
    if (result === 'stale') throw staleLead();
    for (const listener of this.listeners) listener(country);
  }

  /** 404 for unknown ids (or the other country's), 403 for another seller's lead. */
  private visible(country: Country, user: AuthUser, lead: WorkflowLead | undefined): WorkflowLead {
    if (!lead) throw new HttpError(404, MESSAGES.leadNotFound);
    if (isSellerOrWoAssignation(country, user.role) && lead.sellerId !== user.id) {
      throw new HttpError(403, MESSAGES.notYourLead(lead.sellerId));
    }
    return lead;
  }
}

/**
 * The change's own rows plus, when it disburses the application (arg DISBURSED, col TRANSFERRED), its loan:
 * committed with the status or not at all, and once (the loan is unique per lead).
 */
function withLoan(country: Country, leadId: number, within: ChangeHook | undefined): ChangeHook {
  return async (tx, change) => {
    if (change.to === DISBURSED_STATUS[country] && change.from !== change.to) await createLoanForLead(tx, country, leadId);
    if (within) await within(tx, change);
  };
}

function guardSubjectOf(lead: WorkflowLead): GuardSubject {
  return { offered_amount: lead.offeredAmount, seller_id: lead.sellerId, has_bank_account: lead.hasBankAccount };
}
