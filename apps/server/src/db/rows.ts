/**
 * The one row a statement always answers (an insert's RETURNING, an aggregate without GROUP BY): none is a
 * bug, not a state the caller handles, so it throws rather than passing `undefined` on.
 */
export function oneRow<T>(rows: readonly T[]): T {
  const [row] = rows;
  if (row === undefined) throw new Error('The statement answered no row where it always answers one');
  return row;
}

/** The i-th item of a list taken round and round (demo data's deterministic picks); an empty list is a bug. */
export function cycled<T>(items: readonly T[], i: number): T {
  const item = items[i % items.length];
  if (item === undefined) throw new RangeError('Nothing to pick from');
  return item;
}

/** The item at an index the caller's own bounds guarantee (rows answered in the order sent, a schedule's day). */
export function itemAt<T>(items: readonly T[], i: number): T {
  const item = items[i];
  if (item === undefined) throw new RangeError(`No item ${i} of ${items.length}`);
  return item;
}

/** The first column of the first row of an array-mode answer (a count): none is a bug, as in oneRow. */
export function firstValue(rows: readonly (readonly unknown[])[]): unknown {
  const value = rows[0]?.[0];
  if (value === undefined) throw new Error('The statement answered no value where it always answers one');
  return value;
}
