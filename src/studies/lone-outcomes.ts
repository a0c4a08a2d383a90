// Which outcome of the algebraic law (unilateral.ts coulombModes) a contact
// with Coulomb friction striking alone takes, by r = ṡ⁻/|ḟ⁻|. With W its
// Delassus matrix (stick-gain.ts delassus) and U = (ḟ, ṡ), U⁺ = U⁻ + WΛ:
// sticking, U⁺ = (−e ḟ⁻, 0), has Λ = W⁻¹(U⁺ − U⁻) in the cone |Δν| ≤ μΔΛ,
//   |W_nt(1 + e) + W_nn r| ≤ μ(W_tt(1 + e) + W_nt r), i.e. r₋ ≤ r ≤ r₊,
//   r± = (1 + e)(±μ W_tt − W_nt)/(W_nn ∓ μ W_nt);
// sliding with ṡ⁺ of sign s (Δν = −sμΔΛ, ΔΛ = (1 + e)|ḟ⁻|/(W_nn − sμ W_nt))
// needs s ṡ⁺ ≥ 0: r ≥ r₊ for s = +1, r ≤ r₋ for s = −1. Where
// W_nn > μ|W_nt| the three partition the line, one outcome for each r; a
// slide whose ṡ⁺ has the sign opposite to ṡ⁻ (between 0 and r₋ or r₊) is
// the slip reversing within the impact.
// Tests: test/report/falling-rod-outcomes.test.ts (the edges by hand at the rod's first impact).
import { add, div, mul, neg, num, type Expr } from '../core/expr.js';
import { together } from '../core/together.js';
import { simplify } from '../core/trig.js';
import type { DerivedSystem } from '../derive/system.js';
import { delassus } from './stick-gain.js';

/** The edges r₋ ≤ r₊ of sticking in r = ṡ⁻/|ḟ⁻|, in closed form. */
export interface LoneEdges {
  readonly lower: Expr;
  readonly upper: Expr;
}

export function loneEdges(system: DerivedSystem, map: number): LoneEdges | undefined {
  const im = system.unilateral!.impactMaps[map]!;
  const c = system.unilateral!.contacts[im.scenario.arriving]!;
  const W = delassus(system, im);
  if (!W || !c.friction) return undefined;
  const [a, b, d] = W;
  const [e, mu] = [c.restitution, c.friction.kinetic];
  const edge = (s: 1 | -1): Expr => together(simplify(div(mul(add(num(1), e), add(mul(num(s), mu, d), neg(b))), add(a, mul(num(-s), mu, b)))));
  return { lower: edge(-1), upper: edge(1) };
}
