import {
  COMMUNICATION_MESSAGES,
  FREE_TEXT_CHANNELS,
  MESSAGE_CHANNELS,
  STOP_CONFIRMATION,
  STOP_WORDS,
  formatMoney,
  isSellerOrWoAssignation,
  labelOf,
  nationalPhone,
  normaliseBanValue,
  onlyDigits,
  renderTemplate,
  templateVariablesOf,
  type Country,
  type MessageChannel,
  type MessageSend,
} from '@backoffice/shared';
import type { MessagingConfig } from '../../config';
import { HttpError, MESSAGES, invalidData } from '../../lib/errors';
import type { AuthUser } from '../../plugins/app/auth';
import type { Db, Tx } from '../../db/client';
import type { CommunicationsRepository, LeadContact, LoanContact } from '../../repositories/communications';
import { banInForce, type CustomerBansRepository, type FoundBan } from '../../repositories/customer-bans';
import { isCollector } from '../../repositories/collections';
import { banReasonText } from '../customer-bans';
import type { MessageAdapters } from './adapters';
import { nextSendingTime } from './quiet-hours';

const LOAN_NOT_FOUND = 'Préstamo no encontrado';
const LOAN_NOT_YOURS = 'Este préstamo no está en tu cartera';
const channelLabel = (channel: MessageChannel) => labelOf(MESSAGE_CHANNELS, channel);
type Template = NonNullable<Awaited<ReturnType<CommunicationsRepository['template']>>>;

export interface InboundResult {
  id: number;
  customerId: number | null;
  leadId: number | null;
  stopped: boolean;
}

/**
 * Customer communications: a message is checked (bans, do-not-contact, the template and its variables),
 * queued in the database (due now, or when the country's sending hours open), and sent by its channel's
 * adapter from the queue, retried with a doubling wait; receipts and inbound messages arrive on webhooks.
 */
export class MessagingService {
  constructor(
    private readonly repository: CommunicationsRepository,
    private readonly bans: CustomerBansRepository,
    readonly adapters: MessageAdapters,
    private readonly config: MessagingConfig,
    private readonly onInbound: (
      country: Country,
      payload: { customer_id: number; lead_id: number | null; channel: string; text: string; received_at: string },
    ) => void = () => {},
  ) {}

  /** What the message would say, to whom (the send form's preview); throws as `send` would. */
  async preview(country: Country, user: AuthUser, input: MessageSend) {
    const { to, subject, body } = await this.compose(this.repository.db, country, user, input);
    return { to, subject, body };
  }

  /** Queues the message (refused with the reason when the address is banned or asked not to be contacted) and sends it when due. */
  async send(
    country: Country,
    user: AuthUser,
    input: MessageSend,
  ): Promise<{ id: number; status: 'queued' | 'sent' | 'failed'; send_after: string | null }> {
    const now = new Date();
    const { id, due } = await this.repository.db.transaction((tx) => this.queue(tx, country, user, input, now));
    if (due > now) return { id, status: 'queued', send_after: due.toISOString() };
    // Due now: this request sends it (the worker retries a failure).
    const [claimed] = await this.repository.claimDue(1, id);
    const outcome = claimed ? await this.deliver(claimed) : 'queued';
    return { id, status: outcome, send_after: outcome === 'queued' ? due.toISOString() : null };
  }

  /**
   * The message checked (as `send`: the template, the bans in force) and written to the queue with its
   * timeline entries, all in the caller's transaction: a batch's row commits its message with its 'done'
   * mark, and the queue's worker delivers it once (claimed by id). `batch` names it on the timelines.
   */
  async queue(
    tx: Tx,
    country: Country,
    user: AuthUser,
    input: MessageSend,
    now = new Date(),
    batch?: { id: number; label: string },
  ): Promise<{ id: number; due: Date }> {
    const { contact, loanId, to, subject, body, templateId, variables } = await this.compose(tx, country, user, input);
    const ban = await banInForce(tx, country, [banKeyOf(input.channel, to)], input.channel);
    if (ban) {
      const message = banRefusal(ban);
      throw new HttpError(409, message, [{ field: 'channel', message }]);
    }
    const due = this.config.quietHours ? nextSendingTime(country, now) : now;
    const messageId = await this.repository.insert(tx, {
      country,
      channel: input.channel,
      direction: 'out',
      status: 'queued',
      toAddress: to,
      subject,
      body,
      templateId,
      variables,
      customerId: contact.customerId,
      leadId: contact.leadId,
      loanId,
      userId: user.id,
      sendAfter: due,
    });
    const text = `${channelLabel(input.channel)} a ${to}: ${body}${batch ? ` (${batch.label})` : ''}`;
    await this.repository.timelineEvent(tx, country, contact.leadId, user.id, text, messageId);
    if (loanId !== null)
      await this.repository.loanEvent(tx, country, loanId, user.id, text, messageId, batch ? { batch_id: batch.id } : {});
    return { id: messageId, due };
  }

  /** The queue worker's tick: due messages, each sent once; answers how many it claimed. */
  async runDue(limit: number): Promise<number> {
    const claimed = await this.repository.claimDue(limit);
    for (const message of claimed) await this.deliver(message);
    return claimed.length;
  }

  private async deliver(message: Awaited<ReturnType<CommunicationsRepository['claimDue']>>[number]): Promise<'sent' | 'queued' | 'failed'> {
    try {
      const { providerId } = await this.adapters[message.channel].send({
        id: message.id,
        channel: message.channel,
        to: message.toAddress,
        subject: message.subject,
        body: message.body,
      });
      await this.repository.markSent(message.id, providerId);
      return 'sent';
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const retry = message.attempts < this.config.maxAttempts ? this.config.retrySeconds * 2 ** (message.attempts - 1) : null;
      await this.repository.markFailed(message.id, reason, retry);
      return retry === null ? 'failed' : 'queued';
    }
  }

  /** A delivery receipt from a provider: the message it names delivered or failed. */
  async receipt(providerId: string, status: 'delivered' | 'failed', error?: string) {
    const found = await this.repository.receipt(providerId, status, error);
    if (!found) throw new HttpError(404, COMMUNICATION_MESSAGES.notFound);
  }

  /**
   * A customer's message: matched to the customer by cellphone or email, on their newest application's
   * timeline, pushed to the staff; 'BAJA' or 'STOP' bars that channel (a do-not-contact ban) and is answered
   * with a confirmation.
   */
  async inbound(
    country: Country,
    input: { channel: MessageChannel; from: string; body: string; subject?: string },
  ): Promise<InboundResult> {
    const address = input.channel === 'email' ? input.from.trim().toLowerCase() : onlyDigits(nationalPhone(input.from, country));
    const customer = await this.repository.customerByAddress(country, input.channel, address);
    const leadId = customer?.leadId ?? null;
    const loanId = customer ? await this.repository.newestLoan(country, customer.customerId) : null;
    const word = input.body.trim().toLowerCase().replace(/[.!¡]/g, '');
    const stopped = (STOP_WORDS as readonly string[]).includes(word);
    const id = await this.repository.db.transaction(async (tx) => {
      const messageId = await this.repository.insert(tx, {
        country,
        channel: input.channel,
        direction: 'in',
        status: 'received',
        toAddress: address,
        subject: input.subject ?? null,
        body: input.body,
        customerId: customer?.customerId ?? null,
        leadId,
        loanId,
      });
      const text = `${channelLabel(input.channel)} recibido de ${address}: ${input.body}`;
      if (leadId !== null) await this.repository.timelineEvent(tx, country, leadId, null, text, messageId);
      if (loanId !== null) await this.repository.loanEvent(tx, country, loanId, null, text, messageId);
      if (stopped) {
        const kind = input.channel === 'email' ? 'email' : 'cellphone';
        const checked = normaliseBanValue(country, kind, address);
        await this.bans.insert(tx, country, [
          {
            kind,
            value: checked.ok ? checked.value : address,
            channel: input.channel,
            reason: 'customer_request',
            notes: `Respondió "${input.body.trim()}"`,
            startsAt: null,
            expiresAt: null,
            createdBy: null,
          },
        ]);
        // The confirmation goes out once, past the ban it just set (and at any hour: the customer just wrote).
        await this.repository.insert(tx, {
          country,
          channel: input.channel,
          direction: 'out',
          status: 'queued',
          toAddress: address,
          subject: input.channel === 'email' ? 'Baja confirmada' : null,
          body: STOP_CONFIRMATION,
          customerId: customer?.customerId ?? null,
          leadId,
          sendAfter: new Date(),
        });
      }
      return messageId;
    });
    if (customer)
      this.onInbound(country, {
        customer_id: customer.customerId,
        lead_id: leadId,
        channel: input.channel,
        text: input.body,
        received_at: new Date().toISOString(),
      });
    if (stopped) await this.runDue(5);
    return { id, customerId: customer?.customerId ?? null, leadId, stopped };
  }

  /** The message's text and address from the template or free text, for the lead or loan the user may see. */
  private async compose(runner: Db | Tx, country: Country, user: AuthUser, input: MessageSend): Promise<ComposedMessage> {
    const loan = input.loan_id === undefined ? undefined : await this.repository.loanContact(country, input.loan_id, runner);
    const leadId = loan?.leadId ?? input.lead_id;
    const contact = leadId === undefined ? undefined : await this.repository.leadContact(country, leadId, runner);
    const template = input.template_id === undefined ? undefined : await this.repository.template(country, input.template_id, runner);
    return composeMessage(country, user, input, { loan, contact, template });
  }
}

export type ComposedMessage = {
  contact: LeadContact;
  loanId: number | null;
  to: string;
  subject: string | null;
  body: string;
  templateId: number | null;
  variables: Record<string, string>;
};

/** The ban key a message's address is checked by. */
export function banKeyOf(channel: MessageChannel, to: string): { kind: 'email' | 'cellphone'; value: string } {
  return { kind: channel === 'email' ? 'email' : 'cellphone', value: to };
}

/** Why a ban in force stops a message: a do-not-contact ban names its channel, a credit ban its reason. */
export function banRefusal(ban: FoundBan): string {
  return ban.channel ? COMMUNICATION_MESSAGES.doNotContact(channelLabel(ban.channel)) : COMMUNICATION_MESSAGES.banned(banReasonText(ban));
}

/**
 * A message's checks and text from what was read for it (the loan, the application and its customer, the
 * template): the same rules whether one message is sent or a batch's rows are validated in bulk. Throws the
 * HttpError the send form shows.
 */
export function composeMessage(
  country: Country,
  user: AuthUser,
  input: MessageSend,
  found: { loan: LoanContact | undefined; contact: LeadContact | undefined; template: Template | undefined },
): ComposedMessage {
  let loanDefaults: Record<string, string> = {};
  let loanId: number | null = null;
  const { loan, contact, template } = found;
  if (input.loan_id !== undefined) {
    if (!loan) throw new HttpError(404, LOAN_NOT_FOUND);
    // A collector sends only on the loans of their queue.
    if (isCollector(country, user.role) && loan.collectorId !== user.id) throw new HttpError(403, LOAN_NOT_YOURS);
    if (input.lead_id !== undefined && input.lead_id !== loan.leadId)
      throw invalidData([{ field: 'lead_id', message: 'La solicitud no es la del préstamo' }]);
    loanId = input.loan_id;
    if (loan.owed !== null && loan.dueDate !== null)
      loanDefaults = { monto: formatMoney(country, loan.owed), vencimiento: loan.dueDate.split('-').reverse().join('/') };
  } else if (isCollector(country, user.role)) {
    // A collector's messages are about their loans (the collection detail).
    throw new HttpError(403, MESSAGES.forbidden);
  }
  if (!contact) throw new HttpError(404, MESSAGES.leadNotFound);
  // A seller sends only on their own applications.
  if (isSellerOrWoAssignation(country, user.role) && contact.sellerId !== user.id)
    throw new HttpError(403, MESSAGES.notYourLead(contact.sellerId));
  const raw = input.channel === 'email' ? contact.email : contact.cellphone;
  if (!raw) throw invalidData([{ field: 'channel', message: COMMUNICATION_MESSAGES.noAddress(input.channel) }]);
  const to = input.channel === 'email' ? raw.trim().toLowerCase() : onlyDigits(raw);
  const defaults: Record<string, string> = {
    nombre: contact.firstName,
    monto: formatMoney(country, contact.requestedAmount),
    ...loanDefaults,
  };
  const variables = { ...defaults, ...input.variables };
  if (input.template_id !== undefined) {
    if (!template || !template.active) throw invalidData([{ field: 'template_id', message: COMMUNICATION_MESSAGES.templateInactive }]);
    if (template.channel !== input.channel) throw invalidData([{ field: 'template_id', message: COMMUNICATION_MESSAGES.templateChannel }]);
    const missing = templateVariablesOf(`${template.subject ?? ''} ${template.body}`).filter((name) => !variables[name]);
    if (missing.length > 0)
      throw invalidData(missing.map((name) => ({ field: `variables.${name}`, message: COMMUNICATION_MESSAGES.missingVariable(name) })));
    return {
      contact,
      loanId,
      to,
      subject: template.subject ? renderTemplate(template.subject, variables) : null,
      body: renderTemplate(template.body, variables),
      templateId: template.id,
      variables: Object.fromEntries(templateVariablesOf(template.body).map((name) => [name, variables[name]!])),
    };
  }
  if (!FREE_TEXT_CHANNELS.includes(input.channel))
    throw invalidData([{ field: 'body', message: COMMUNICATION_MESSAGES.freeTextNotAllowed }]);
  return { contact, loanId, to, subject: input.subject ?? null, body: input.body!, templateId: null, variables: {} };
}
