import { IconSearch } from '@tabler/icons-react';
import { describe, expect, it } from 'vitest';
import { navSearchResults } from '../src/components/layouts/search-results';

const item = (path: string, label: string) => ({ path, label, icon: IconSearch });
const items = [
  item('/leads', 'Leads'),
  item('/lead-cards', 'Tablero de leads'),
  item('/audits', 'Auditorías'),
  item('/searcher', 'Buscador'),
];
const paths = (query: string) => navSearchResults(items, query).map((result) => result.path);

describe('the navbar search', () => {
  it('offers the customer search first for what most texts are: names and documents', () => {
    expect(paths('Pérez')).toEqual(['/searcher?q=P%C3%A9rez']);
    expect(paths('30123')).toEqual(['/searcher?q=30123']);
    // Too short a text to begin a screen's word: still a customer search first.
    expect(paths('lea')).toEqual(['/searcher?q=lea', '/leads', '/lead-cards']);
  });

  it('puts the screens first when the text begins a word of a screen name, so Enter opens it', () => {
    expect(paths('tablero')).toEqual(['/lead-cards', '/searcher?q=tablero']);
    expect(paths('auditor')).toEqual(['/audits', '/searcher?q=auditor']);
    expect(paths('leads')).toEqual(['/leads', '/lead-cards', '/searcher?q=leads']);
  });

  it('offers only the screens for a text the searcher would refuse', () => {
    expect(paths('le')).toEqual(['/leads', '/lead-cards']);
  });
});
