import { COUNTRY } from '../config/env';

/*
 * What a user was typing (a note), kept in this tab's session storage under their id: a reload, or a session
 * the server ended (a 401 clears local storage, not this), does not lose it; signing in again as the same
 * user finds it. Logging out clears every draft (SPEC 2: logout clears what is stored locally).
 */
const PREFIX = `${COUNTRY}_draft_`;

const storage = (): Storage | undefined => (typeof sessionStorage === 'undefined' ? undefined : sessionStorage);

export function readDraft(userId: number | undefined, key: string): string {
  return (userId !== undefined && storage()?.getItem(`${PREFIX}${userId}_${key}`)) || '';
}

export function writeDraft(userId: number | undefined, key: string, text: string): void {
  if (userId === undefined) return;
  const name = `${PREFIX}${userId}_${key}`;
  if (text.trim() === '') storage()?.removeItem(name);
  else storage()?.setItem(name, text);
}

export function clearDrafts(): void {
  const store = storage();
  if (!store) return;
  for (const name of Object.keys(store)) if (name.startsWith(PREFIX)) store.removeItem(name);
}
