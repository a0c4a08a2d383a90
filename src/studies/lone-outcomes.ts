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
// Sampled over the one coordinate they turn with (edgeCurve), the edges are the report's figure of r±(θ).
// Tests: test/report/falling-rod-outcomes.test.ts (the edges by hand at the rod's first impact and along θ).
import { evaluate, type Env } from '../core/evaluate.js';
import { add, div, freeSymbols, mul, neg, num, type Expr } from '../core/expr.js';
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

/** The edges sampled over a half-turn [0, π] of the one coordinate they depend on, the parameters at `env`. */
export interface EdgeCurve {
  readonly coordinate: string;
  readonly x: readonly number[];
  readonly lower: readonly number[];
  readonly upper: readonly number[];
}

/** Points of the half-turn: the edges are rational in its sine and cosine, smooth where W_nn > μ|W_nt|. */
const EDGE_POINTS = 181;

export function edgeCurve(system: DerivedSystem, edges: LoneEdges, env: Env): EdgeCurve | undefined {
  const names = new Set(system.model.coordinates.map((c) => c.name));
  const turning = [...new Set([...freeSymbols(edges.lower), ...freeSymbols(edges.upper)])].filter((x) => names.has(x));
  if (turning.length !== 1) return undefined;
  const coordinate = turning[0]!;
  const x = Array.from({ length: EDGE_POINTS }, (_, i) => (Math.PI * i) / (EDGE_POINTS - 1));
  const at = (e: Expr): number[] => x.map((v) => evaluate(e, { ...env, [coordinate]: v }));
  return { coordinate, x, lower: at(edges.lower), upper: at(edges.upper) };
}
