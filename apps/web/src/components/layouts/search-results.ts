import type { NavItem } from './types';

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** The searcher's screen: the navbar search hands customer searches to it. */
export const SEARCHER_PATH = '/searcher';
/** What the searcher accepts: a word of 3+ letters or digits. */
const searchable = (text: string) => text.split(/\s+/).some((word) => word.replace(/[^\p{L}\p{N}]/gu, '').length >= 3);
/** A typed text this long that begins a word of a screen's name is that screen being looked for. */
const SCREEN_WORD_MIN = 4;

/**
 * What the navbar search offers for a text: the screens whose name holds it and, when the role may open the
 * searcher, a customer search with it. The customer search comes first (what most texts are: a name, a
 * document), unless the text begins a word of a screen's name ('tablero', 'audit'): then the screens do,
 * so that Enter opens the screen.
 */
export function navSearchResults(items: NavItem[], query: string): NavItem[] {
  const text = query.trim();
  const folded = fold(text);
  const screens = items.filter((item) => fold(item.label).includes(folded));
  const searcher = items.find((item) => item.path === SEARCHER_PATH);
  if (!searcher || !searchable(text)) return screens;
  const customers: NavItem = {
    ...searcher,
    label: `Buscar clientes: “${text}”`,
    path: `${SEARCHER_PATH}?${new URLSearchParams({ q: text })}`,
  };
  const screenWanted =
    folded.length >= SCREEN_WORD_MIN &&
    screens.some((item) =>
      fold(item.label)
        .split(/[^\p{L}\p{N}]+/u)
        .some((word) => word.startsWith(folded)),
    );
  return screenWanted ? [...screens, customers] : [customers, ...screens];
}
