// Simultaneous substitution of symbols by expressions.
import type { Expr } from './expr.js';
import { mapChildren, memoPass } from './traverse.js';

export type Substitution = ReadonlyMap<string, Expr>;

/** e with every symbol named in `s` replaced (simultaneously). */
export function subs(e: Expr, s: Substitution): Expr {
  if (s.size === 0) return e;
  return memoPass<Expr>((u, go) => (u.kind === 'sym' ? (s.get(u.name) ?? u) : mapChildren(u, go)))(e);
}

export function subsRecord(e: Expr, s: Readonly<Record<string, Expr>>): Expr {
  return subs(e, new Map(Object.entries(s)));
}
