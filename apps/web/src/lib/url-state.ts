export type UrlPatchValue = string | number | boolean | (string | number)[] | undefined | null;

/**
 * Applies a change to a list's URL params: empty values are removed (the URL stays short and canonical),
 * arrays become comma lists, and any change that is not paging itself drops the paging keys so the list
 * goes back to its first page.
 */
export function applyListPatch(current: URLSearchParams, patch: Record<string, UrlPatchValue>, pagingKeys = ['page', 'cursor']): URLSearchParams {
  const next = new URLSearchParams(current);
  const pagingOnly = Object.keys(patch).every((key) => pagingKeys.includes(key));
  if (!pagingOnly) pagingKeys.forEach((key) => next.delete(key));
  for (const [key, value] of Object.entries(patch)) {
    const text = Array.isArray(value) ? value.join(',') : value === undefined || value === null || value === false ? '' : String(value);
    if (text === '') next.delete(key);
    else next.set(key, text);
  }
  if (next.get('page') === '1') next.delete('page');
  return next;
}
