// The support pairs' constraints on the manifold they hold (smirnov1981 §2,
// example 2): with vanishing clearance the pairs fix some coordinates at 0
// (the prism's y and θ), and Smirnov's system (1.1) is written there. A pair
// whose points are fixed on the guides sits at a_ps = a⁰_ps − x along the
// prism, its constraint y + (a⁰ − x)θ = 0: the gradient has an x entry −θ and
// the bias terms in θ̇, all 0 on the manifold y = θ = 0, where A = [T | 0]
// again with T = (1, a⁰ − x). Unchanged where the constraints already have
// that form, or where no such set of fixed coordinates is found.
// Tests: test/derive/friction/support-manifold.test.ts.
import { ZERO, type Expr } from '../../core/expr.js';
import { subs } from '../../core/subs.js';
import { simplify } from '../../core/trig.js';
import type { Model } from '../../model/model.js';
import type { RetainingConstraints } from '../lagrange/lagrange1.js';
import { solveSmall } from '../matrix.js';

/** The constraints with a set D of as many coordinates as rows set to 0 (and their velocities), where that zeroes every other column, every holonomic constraint and leaves A_D regular. */
export function onSupportManifold(model: Model, c: RetainingConstraints): RetainingConstraints {
  const cs = model.coordinates;
  const k = c.A.length;
  const used = cs.map((_, j) => j).filter((j) => c.A.some((row) => row[j] !== ZERO));
  if (used.length <= k || model.nonholonomic.length > 0) return c;
  for (const D of subsets(used, k)) {
    const zero = new Map(D.flatMap((d) => [[cs[d]!.name, ZERO] as const, [cs[d]!.qd.name, ZERO] as const]));
    const at = (e: Expr): Expr => simplify(subs(e, zero));
    const A = c.A.map((row) => row.map(at));
    const held = model.holonomic.every((h) => at(h.phi) === ZERO);
    const others = A.every((row) => row.every((v, j) => D.includes(j) || v === ZERO));
    const regular = solveSmall(
      A.map((row) => D.map((d) => row[d]!)),
      A.map(() => ZERO),
    );
    if (held && others && regular) return { ...c, A, bias: c.bias.map(at) };
  }
  return c;
}

/** The k-element subsets of xs, in order. */
function* subsets(xs: readonly number[], k: number): Generator<number[]> {
  if (k === 0) {
    yield [];
    return;
  }
  for (let i = 0; i + k <= xs.length; i++) for (const rest of subsets(xs.slice(i + 1), k - 1)) yield [xs[i]!, ...rest];
}
