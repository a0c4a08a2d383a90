// Equality of expressions at seeded random points of their symbols: where a
// symbolic proof is out of reach and an exact answer is not needed (a mirror
// phase's forms against the earlier phase's exchanged, derive/unilateral/
// mirror-phases.ts; whether a printed name is left unchanged by that
// exchange, report/unilateral.ts). A fixed seed gives the same answer every run.
import { evaluate } from './evaluate.js';
import { freeSymbols, type Expr, type Sym } from './expr.js';
import { subs } from './subs.js';

/** Random points each pair is compared at. */
const POINTS = 4;
/** Relative tolerance of each comparison. */
const TOL = 1e-9;

/** Whether each a equals its b (to 1e-9 relative) at POINTS random values in [0.2, 1.2) of their symbols. */
export function equalAt(as: readonly Expr[], bs: readonly Expr[]): boolean {
  const names = [...new Set([...as, ...bs].flatMap((e) => [...freeSymbols(e)]))];
  let seed = 12345;
  const random = (): number => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return 0.2 + seed / 2147483648;
  };
  for (let p = 0; p < POINTS; p++) {
    const env = Object.fromEntries(names.map((n) => [n, random()]));
    for (let j = 0; j < as.length; j++) {
      const a = evaluate(as[j]!, env),
        b = evaluate(bs[j]!, env);
      if (!(Math.abs(a - b) <= TOL * Math.max(1, Math.abs(a), Math.abs(b)))) return false;
    }
  }
  return true;
}

/** Whether e is unchanged, at random points, by exchanging the symbols of each pair. */
export function swapInvariant(e: Expr, pairs: readonly (readonly [Sym, Sym])[]): boolean {
  const swap = new Map<string, Expr>(pairs.flatMap(([a, b]) => [[a.name, b] as const, [b.name, a] as const]));
  return equalAt([e], [subs(e, swap)]);
}
