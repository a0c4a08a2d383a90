// smirnov1981 (1.1): pair i's two columns ãᵢ⁺, ãᵢ⁻ as one column in its bearing
// side εᵢ = ±1 and that side's friction coefficient κᵢ^{εᵢ}, the form in which
// (2.1) is written for every variant at once:
//   ãᵢ^{εᵢ} = (ãᵢ⁺ + ãᵢ⁻)/2 + εᵢ (ãᵢ⁺ − ãᵢ⁻)/2, each side's coefficient replaced by κᵢ^{εᵢ}.
// Tests: test/derive/friction/support-columns.test.ts.
import { add, div, mul, num, sub, sym, ZERO, type Expr } from '../../core/expr.js';
import { subs } from '../../core/subs.js';
import { simplify } from '../../core/trig.js';
import { supportCoefficientSymbol, supportSideSymbol } from '../../model/names.js';
import type { ReactionSystem } from './support-reactions.js';

/**
 * Each pair's column of (1.1) in εᵢ and κᵢ^{εᵢ}; undefined where a side's column names the other side's
 * coefficient, so that the one form would not give both back.
 */
export function sidedColumns(system: ReactionSystem): Expr[][] | undefined {
  const out: Expr[][] = [];
  for (const [k, p] of system.pairs.entries()) {
    const i = k + 1;
    const [eps, kappa] = [supportSideSymbol(i), supportCoefficientSymbol(i)];
    const plus = p.positive.map((a) => subs(a, new Map([[p.friction.positive, kappa]])));
    const minus = p.negative.map((a) => subs(a, new Map([[p.friction.negative, kappa]])));
    const column = plus.map((a, j) => simplify(div(add(add(a, minus[j]!), mul(eps, sub(a, minus[j]!))), num(2))));
    const back = (side: 1 | -1, coefficient: string): Expr[] =>
      column.map((a) =>
        simplify(
          subs(
            a,
            new Map<string, Expr>([
              [eps.name, num(side)],
              [kappa.name, sym(coefficient)],
            ]),
          ),
        ),
      );
    const given = [back(1, p.friction.positive), back(-1, p.friction.negative)];
    const exact = [p.positive, p.negative].every((col, s) => col.every((a, j) => simplify(sub(a, given[s]![j]!)) === ZERO));
    if (!exact) return undefined;
    out.push(column);
  }
  return out;
}
