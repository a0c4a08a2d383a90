// simplify by pattern: an expression's symbols renamed, in their order, to
// placeholders, the result simplified once per pattern and renamed back.
// simplify reads a symbol only through its place in the order of symbols
// (compare) and the structure around it, so it commutes with a renaming that
// keeps that order: the mass-matrix entries of a chain,
// 2l_il_j(cos q_i cos q_j + sin q_i sin q_j) for every i < j, are one
// pattern, simplified once instead of n(n − 1)/2 times. pi and number atoms
// have values of their own (sin(pi) = 0): expressions with them are
// simplified as they are.
// Tests: test/core/pattern.test.ts.
import { compare, memo, sym, symbolsIn, type Expr, type Sym } from './expr.js';
import { subs } from './subs.js';
import { mapChildren, memoPass } from './traverse.js';
import { simplify } from './trig.js';

/** Placeholder k: no identifier starts with a NUL, and the trailing index orders them as 0, 1, 2, … (compare). */
const placeholder = (k: number): Sym => sym(`\u0000${k}`);

/** simplify(e), through e's pattern (see the header). */
export function simplifyByPattern(e: Expr): Expr {
  const known = memo(e).simplified;
  if (known) return known;
  const symbols = [...symbolsIn(e)].sort(compare);
  if (symbols.length === 0 || symbols.some((s) => s.name === 'pi')) return simplify(e);
  const forward = new Map(symbols.map((s, k) => [s.name, placeholder(k)]));
  // A symbol left as it is, a number atom (symbolsIn leaves them out), would change places with the placeholders.
  let kept = false;
  const renamed = memoPass<Expr>((u, go) => (u.kind === 'sym' ? (forward.get(u.name) ?? ((kept = true), u)) : mapChildren(u, go)))(e);
  if (kept) return simplify(e);
  const r = subs(simplify(renamed), new Map(symbols.map((s, k) => [placeholder(k).name, s])));
  memo(e).simplified = r;
  memo(r).simplified = r;
  return r;
}
