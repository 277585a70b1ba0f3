import type { Country, MassiveRow, MessageChannel, MessageSend } from '@backoffice/shared';
import { HttpError } from '../../lib/errors';
import type { AuthUser } from '../../plugins/app/auth';
import { CommunicationsRepository, type LeadContact, type LoanContact } from '../../repositories/communications';
import { bansInForce, type FoundBan } from '../../repositories/customer-bans';
import { banKeyOf, banRefusal, composeMessage } from '../../services/messaging/service';
import { defineOperation, RowRefused } from '../operation';

type Row = MassiveRow<'send-communication'>;
type Template = {
  id: number;
  name: string;
  channel: MessageChannel;
  subject: string | null;
  body: string;
  active: boolean;
  version: number;
};

export const COMMUNICATION_BATCH_MESSAGES = {
  leadNotFound: (id: number) => `La solicitud ${id} no existe en este país`,
  loanNotFound: (id: number) => `El préstamo ${id} no existe en este país`,
  unknownTemplate: (value: string) => `La plantilla ${value} no existe en este país`,
};

interface Loaded {
  leads: Map<number, LeadContact>;
  loans: Map<number, LoanContact>;
  templates: Template[];
  bans: FoundBan[];
}

/** The file's template by id or name (case ignored), among the country's. */
function templateOf(templates: Template[], value: string): Template | undefined {
  const text = value.trim();
  if (/^\d+$/.test(text)) return templates.find((template) => template.id === Number(text));
  return templates.find((template) => template.name.toLowerCase() === text.toLowerCase());
}

/** The row as the send form's request: the template's channel, the file's extra variables. */
function sendOf(row: Row, template: Template): MessageSend {
  const variables: Record<string, string> = {};
  if (row.link) variables.link = row.link;
  if (row.codigo) variables.codigo = row.codigo;
  return { channel: template.channel, lead_id: row.lead_id, loan_id: row.loan_id, template_id: template.id, variables };
}

/** The refusal the send form would show, as one line for the row's error. */
function refusalText(error: HttpError): string {
  return error.fields?.length ? error.fields.map((field) => field.message).join('; ') : error.message;
}

/** The row checked as one send is (composeMessage), against what the chunk read: its message, or its refusal. */
function composeRow(row: Row, loaded: Omit<Loaded, 'bans'>, country: Country, user: AuthUser) {
  if (row.loan_id !== undefined && !loaded.loans.has(row.loan_id)) return { error: COMMUNICATION_BATCH_MESSAGES.loanNotFound(row.loan_id) };
  const leadId = row.loan_id !== undefined ? loaded.loans.get(row.loan_id)!.leadId : row.lead_id!;
  if (row.loan_id === undefined && !loaded.leads.has(leadId)) return { error: COMMUNICATION_BATCH_MESSAGES.leadNotFound(leadId) };
  const template = templateOf(loaded.templates, row.template);
  if (!template) return { error: COMMUNICATION_BATCH_MESSAGES.unknownTemplate(row.template) };
  const input = sendOf(row, template);
  try {
    const message = composeMessage(country, user, input, {
      loan: row.loan_id === undefined ? undefined : loaded.loans.get(row.loan_id),
      contact: loaded.leads.get(leadId),
      template,
    });
    return { channel: input.channel, message };
  } catch (error) {
    if (error instanceof HttpError) return { error: refusalText(error) };
    throw error;
  }
}

/**
 * Sends a template to each row's customer (by application or loan) through the messaging service: the same
 * checks as one send (template active and of its channel, its variables filled from the record, the bans
 * and do-not-contact requests in force), validated in bulk without sending. Applied, the row's message is
 * written to the outbound queue in the row's transaction with its timeline entries naming the batch; the
 * queue's worker hands it to the channel's adapter once, by the message's id.
 */
export const sendCommunication = defineOperation<'send-communication', Loaded>({
  type: 'send-communication',
  async load(rows, { db, country, user }) {
    const communications = new CommunicationsRepository(db);
    const loans = await communications.loanContacts(
      country,
      rows.flatMap((row) => (row.loan_id === undefined ? [] : [row.loan_id])),
    );
    const leadIds = rows.flatMap((row) =>
      row.loan_id !== undefined ? (loans.has(row.loan_id) ? [loans.get(row.loan_id)!.leadId] : []) : [row.lead_id!],
    );
    const [leads, templates] = await Promise.all([communications.leadContacts(country, leadIds), communications.templates(country, false)]);
    const composed = rows.map((row) => composeRow(row, { leads, loans, templates }, country, user));
    const keys = composed.flatMap((entry) => ('message' in entry && entry.message ? [banKeyOf(entry.channel, entry.message.to)] : []));
    const channels = [...new Set(templates.map((template) => template.channel))];
    const bans = await bansInForce(db, country, keys, channels);
    return { leads, loans, templates, bans };
  },
  validate(row, loaded, { country, user }) {
    const entry = composeRow(row, loaded, country, user);
    if ('error' in entry) return entry.error ?? null;
    const key = banKeyOf(entry.channel, entry.message.to);
    // The lowest id first, as one send's lookup: the same ban gives the same reason.
    const ban = loaded.bans.find(
      (found) => found.kind === key.kind && found.value === key.value && (found.channel === null || found.channel === entry.channel),
    );
    return ban ? banRefusal(ban) : null;
  },
  recordId: () => null,
  // The same template twice to the same application or loan in one file is a repeat.
  key: (row) => `${row.loan_id !== undefined ? `loan:${row.loan_id}` : `lead:${row.lead_id}`}:${row.template.trim().toLowerCase()}`,
  duplicate: (line) => `Fila repetida: la misma plantilla al mismo cliente ya está en la fila ${line}`,
  async apply(tx, row, context) {
    const { country, user, label, messaging } = context;
    // Read again in the row's transaction: a template deactivated or a ban made since the validation fails the row.
    const template = await new CommunicationsRepository(context.db).templateByIdOrName(country, row.template, tx);
    if (!template) throw new RowRefused(COMMUNICATION_BATCH_MESSAGES.unknownTemplate(row.template));
    try {
      const { id } = await messaging.queue(tx, country, user, sendOf(row, template), new Date(), { id: context.batchId, label });
      return id;
    } catch (error) {
      if (error instanceof HttpError) {
        if (error.statusCode === 404)
          throw new RowRefused(
            row.loan_id !== undefined
              ? COMMUNICATION_BATCH_MESSAGES.loanNotFound(row.loan_id)
              : COMMUNICATION_BATCH_MESSAGES.leadNotFound(row.lead_id!),
          );
        throw new RowRefused(refusalText(error));
      }
      throw error;
    }
  },
});
