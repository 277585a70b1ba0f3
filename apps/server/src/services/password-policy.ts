import { PASSWORD_MESSAGES, PASSWORD_MIN_LENGTH, foldSearch, type Country } from '@backoffice/shared';
import { zxcvbn, zxcvbnOptions } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';

// zxcvbn-ts ships its common-password and names lists (and keyboard patterns) as this dictionary.
zxcvbnOptions.setOptions({ dictionary: { ...common.dictionary }, graphs: common.adjacencyGraphs });

/** zxcvbn's score (0-4) below which a password is a common one, a variant of one, or a pattern guessed as fast. */
const MIN_SCORE = 3;
/** Name and email parts shorter than this are left out: 'ana' would refuse 'banana…'. */
const MIN_PERSONAL_PART = 4;

export interface PasswordOwner {
  name: string;
  email: string;
}

/** The parts of the user's name and email a password may not contain, folded (accents off, lower case). */
function personalParts(owner: PasswordOwner): string[] {
  const local = owner.email.split('@')[0] ?? '';
  const name = foldSearch(owner.name);
  const parts = [...name.split(/\s+/), name.replace(/\s+/g, ''), foldSearch(local), ...foldSearch(local).split(/[._+-]+/)];
  return [...new Set(parts.filter((part) => part.length >= MIN_PERSONAL_PART))];
}

/**
 * ASVS V2.1's policy: at least 12 characters, not common nor breached (zxcvbn's lists and patterns), not the
 * user's name or email. The first problem as the field's message in the country's voice, or null.
 */
export function passwordProblem(country: Country, password: string, owner: PasswordOwner): string | null {
  const messages = PASSWORD_MESSAGES[country];
  if (password.length < PASSWORD_MIN_LENGTH) return messages.tooShort;
  const folded = foldSearch(password).replace(/\s+/g, '');
  if (personalParts(owner).some((part) => folded.includes(part.replace(/\s+/g, '')))) return messages.personal;
  if (zxcvbn(password, [owner.name, owner.email]).score < MIN_SCORE) return messages.common;
  return null;
}
