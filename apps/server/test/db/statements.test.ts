import { describe, expect, it } from 'vitest';
import { StatementCache } from '../../src/db/statements';

const query = (text: string) => ({ toSQL: () => ({ sql: text, params: [] }) });

describe('StatementCache', () => {
  it('compiles a shape once and names it by its text', () => {
    const cache = new StatementCache('t');
    let builds = 0;
    const build = () => {
      builds++;
      return query('select 1');
    };
    const first = cache.get('one', build);
    expect(cache.get('one', build)).toBe(first);
    expect(builds).toBe(1);
    // Another shape with the same text has the same name (a connection may already hold it prepared);
    // another text never does.
    expect(cache.get('same text', () => query('select 1')).name).toBe(first.name);
    expect(cache.get('two', () => query('select 2')).name).not.toBe(first.name);
    expect(first.name).toMatch(/^t_[0-9a-f]{20}$/);
  });

  it('forgets the oldest shape beyond its bound', () => {
    const cache = new StatementCache('t', 2);
    let builds = 0;
    const build = (text: string) => () => {
      builds++;
      return query(text);
    };
    cache.get('a', build('select 1'));
    cache.get('b', build('select 2'));
    cache.get('c', build('select 3'));
    cache.get('b', build('select 2'));
    expect(builds).toBe(3);
    cache.get('a', build('select 1'));
    expect(builds).toBe(4);
  });
});
