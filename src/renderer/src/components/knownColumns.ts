/**
 * The columns a stored choice names (issue 7 "Exports": a table shows, exports and prints the
 * columns chosen), in the table's order: `stored` is what localStorage held, parsed, and may be
 * anything (an older version's columns, a hand-edited value); columns this version does not know
 * are dropped, and when none is left, `defaults` are shown.
 */
export function knownColumns<C extends string>(stored: unknown, all: readonly C[], defaults: readonly C[]): C[] {
  const named = new Set(Array.isArray(stored) ? stored : [])
  const known = all.filter((column) => named.has(column))
  return known.length > 0 ? known : [...defaults]
}
