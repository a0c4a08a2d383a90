// A quantity that switches across a surface s = 0, written with sgn s and
// |sgn s| so that it takes its value on s ≤ 0 at s = 0 too (kozlov1988 §2:
// the force (0, −g) for x ≤ 0 and (0, g) for x > 0 is g(sgn x + |sgn x| − 1)):
// printed as the cases it takes, not as the sign idiom that encodes them.
// A plain odd sgn s (Coulomb's −μN sgn ẋ) keeps its sign: only an
// expression with |sgn s| is a piecewise one.
// Tests: test/report/switched.test.ts.
import { children, type Expr } from '../core/expr.js';
import { withSigns } from '../core/sign-arguments.js';
import { memoPass } from '../core/traverse.js';

/** The switching argument s of the sgn s in e, where e has one and also its size |sgn s|; undefined otherwise. */
function surface(e: Expr): Expr | undefined {
  const args = new Set<Expr>();
  let sized = false;
  memoPass<void>((u, go) => {
    if (u.kind === 'fn' && u.name === 'sign') args.add(u.args[0]!);
    else if (u.kind === 'fn' && u.name === 'abs' && u.args[0]!.kind === 'fn' && u.args[0]!.name === 'sign') sized = true;
    for (const c of children(u)) go(c);
  })(e);
  return sized && args.size === 1 ? [...args][0] : undefined;
}

/** e with sgn s set to the number v. */
const at = (e: Expr, s: Expr, v: number): Expr => withSigns(e, new Map([[s, v]]));

/** The two values of a switched quantity, on s ≤ 0 and on s > 0, where e is one (its value at s = 0 that on s < 0). */
export function switchedCases(e: Expr): { readonly surface: Expr; readonly below: Expr; readonly above: Expr } | undefined {
  const s = surface(e);
  if (!s) return undefined;
  const below = at(e, s, -1);
  return at(e, s, 0) === below ? { surface: s, below, above: at(e, s, 1) } : undefined;
}
