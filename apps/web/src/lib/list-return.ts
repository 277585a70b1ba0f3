import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { sessionStore, useSession } from './session';

/*
 * Where a detail screen's breadcrumb goes back to: its list as the user last left it in this tab (the
 * filters, order and page its URL's search holds), or the bare list when the list was not shown in this tab
 * (the detail opened from a copied link). Each list remembers its search as it renders; the memory is this
 * tab's page (a reload starts afresh), per user, and signing out forgets it (SPEC 2: logout clears what is
 * kept locally). The breadcrumb is an ordinary link: browser back still goes back through the history.
 */
const remembered = new Map<string, string>();

const keyOf = (userId: number, path: string) => `${userId} ${path}`;

/** Remembers the search a list at `path` is shown with (`?…`, or '' for the bare list). */
export function rememberListSearch(userId: number | undefined, path: string, search: string): void {
  if (userId === undefined) return;
  if (search === '' || search === '?') remembered.delete(keyOf(userId, path));
  else if (search.startsWith('?')) remembered.set(keyOf(userId, path), search);
}

/** The list at `path` as the user last left it in this tab, else the bare list. */
export function listReturnPath(userId: number | undefined, path: string): string {
  return userId === undefined ? path : `${path}${remembered.get(keyOf(userId, path)) ?? ''}`;
}

/** Forgets every list's search (signing out). */
export function forgetListSearches(): void {
  remembered.clear();
}

sessionStore.subscribe(() => {
  if (sessionStore.get() === null) forgetListSearches();
});

/** Called by a list screen at `path`: remembers the search it is shown with, as it changes. */
export function useRememberListSearch(path: string): void {
  const { search } = useLocation();
  const userId = useSession()?.id;
  useEffect(() => rememberListSearch(userId, path, search), [userId, path, search]);
}

/** The breadcrumb's link back to the list at `path` (see above). */
export function useListReturnPath(path: string): string {
  return listReturnPath(useSession()?.id, path);
}
