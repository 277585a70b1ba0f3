import {
  BAN_KINDS,
  BAN_MESSAGES,
  BAN_REASONS,
  channelKind,
  labelOf,
  normaliseBanValue,
  type BanCreate,
  type Country,
  type FieldError,
} from '@backoffice/shared';
import type { Tx } from '../db/client';
import { invalidData } from '../lib/errors';
import type { CustomerBansRepository, FoundBan, NewBan } from '../repositories/customer-bans';

/** A ban as it reads on an application's timeline and in a refusal: 'Cliente bloqueado (Fraude): Documento 30111222'. */
export function banReasonText(ban: Pick<FoundBan, 'kind' | 'value' | 'reason'>): string {
  return `Cliente bloqueado (${labelOf(BAN_REASONS, ban.reason)}): ${labelOf(BAN_KINDS, ban.kind)} ${ban.value}`;
}

/** One ban's request checked and normalised, or the fields that are wrong (`prefix` names its row in a batch). */
export function checkBan(country: Country, input: BanCreate, userId: number, prefix = ''): { ban: NewBan } | { fields: FieldError[] } {
  const fields: FieldError[] = [];
  const normalised = normaliseBanValue(country, input.kind, input.value);
  if (!normalised.ok) fields.push({ field: `${prefix}value`, message: normalised.message });
  const channel = input.channel ?? null;
  if (channel && channelKind(channel) !== input.kind) fields.push({ field: `${prefix}channel`, message: BAN_MESSAGES.channelKind });
  const startsAt = input.starts_at ? new Date(input.starts_at) : null;
  const expiresAt = input.expires_at ? new Date(input.expires_at) : null;
  if (expiresAt && expiresAt.getTime() <= (startsAt ?? new Date()).getTime()) {
    fields.push({ field: `${prefix}expires_at`, message: BAN_MESSAGES.expiresBeforeStart });
  }
  if (fields.length > 0 || !normalised.ok) return { fields };
  return {
    ban: {
      kind: input.kind,
      value: normalised.value,
      channel,
      reason: input.reason,
      notes: input.notes || null,
      startsAt,
      expiresAt,
      createdBy: userId,
    },
  };
}

/**
 * Bans one or many values in the caller's transaction (the screen's create, a massive batch's rows): every
 * row is checked first and none is written if any is wrong (400 naming `[i].field` in a batch, `field` alone
 * for one). Answers the new bans' ids in order.
 */
export async function banCustomers(
  tx: Tx,
  bans: CustomerBansRepository,
  country: Country,
  userId: number,
  inputs: BanCreate[],
): Promise<number[]> {
  const checked = inputs.map((input, i) => checkBan(country, input, userId, inputs.length > 1 ? `[${i}].` : ''));
  const fields = checked.flatMap((result) => ('fields' in result ? result.fields : []));
  if (fields.length > 0) throw invalidData(fields);
  return bans.insert(
    tx,
    country,
    checked.map((result) => (result as { ban: NewBan }).ban),
  );
}
