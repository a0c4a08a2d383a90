// The exact bound on Kane's gain for an end striking alone and sticking.
// With U = (ḟ, ṡ) the end's normal and slip velocity, W = C M⁻¹ Cᵀ its
// Delassus matrix (C the rows N, S) and K = W⁻¹, the impulse P = K(U⁺ − U⁻)
// with U⁺ = (−e ḟ⁻, 0) does the work ΔT = ½(U⁺ᵀK U⁺ − U⁻ᵀK U⁻), and
// T⁻ ≥ ½ U⁻ᵀK U⁻ ≥ ½ ḟ⁻²/W_nn (the least energy with that U⁻, then the
// least over ṡ⁻, at ṡ⁻ = W_nt ḟ⁻/W_nn). So
//   ΔT ≤ ½ U⁻ᵀK U⁻ (e²/ρ − 1),   ρ = det W/(W_nn W_tt):
// a gain needs e² > ρ and is at most e²/ρ − 1 of T⁻,
// attained at that ṡ⁻ with no velocity outside the contact's: no gain for
// e² ≤ min ρ, and the supremum e²/min ρ − 1 above it, where the extremal
// impulse lies in the cone, |Δν|/ΔΛ = |W_nt| e W_nn/(W_nn W_tt (1 + e) − W_nt²) ≤ μ.
// The sliding outcome in the direction of the slip before the impact
// dissipates: its work ½ΔΛ((1 − e)ḟ⁻ − μ d(ṡ⁻ + ṡ⁺)) has both terms ≤ 0.
// Tests: test/studies/stick-gain.test.ts.
import { evaluator } from '../core/evaluate.js';
import { add, div, freeSymbols, mul, neg, type Expr } from '../core/expr.js';
import { simplify } from '../core/trig.js';
import { together } from '../core/together.js';
import { solveSmall } from '../derive/matrix.js';
import type { DerivedSystem } from '../derive/system.js';
import type { ImpactMap } from '../derive/unilateral/unilateral-types.js';

export interface StickGainBound {
  /** Index of the impact map (an end striking alone with Coulomb friction). */
  readonly map: number;
  /** ρ = det W/(W_nn W_tt) in closed form, and its least value over the configuration, where. */
  readonly ratio: Expr;
  readonly least: number;
  readonly coordinate: string;
  readonly at: number;
  /** e* = √(min ρ): no gain at e ≤ e*. */
  readonly threshold: number;
  /** sup ΔT/T⁻ at the top of e's range, and the μ its impulse needs. */
  readonly supremum: number;
  readonly mu: number;
}

/** Samples of the coordinate over a full turn, then refined by golden section. */
const GRID = 720;

/**
 * The bound for each map of an end striking alone whose ρ depends on one
 * coordinate and no parameter (then min ρ is a number of the geometry);
 * `top` is the largest e of its range.
 */
export function stickGainBounds(system: DerivedSystem, top: number): StickGainBound[] {
  const u = system.unilateral;
  if (!u) return [];
  return u.impactMaps.flatMap((im, map) => {
    const bound = im.modes.some((mode) => mode.friction === 'stick') ? stickGain(system, im, map, top) : undefined;
    return bound ? [bound] : [];
  });
}

/** The Delassus matrix of a contact with a slip row striking alone, (W_nn, W_nt, W_tt): its normal and slip rows through M⁻¹. */
export function delassus(system: DerivedSystem, im: ImpactMap): readonly [Expr, Expr, Expr] | undefined {
  const c = system.unilateral!.contacts[im.scenario.arriving]!;
  const slip = c.slip?.[0];
  if (!slip || im.scenario.closed.length) return undefined;
  const M = system.lagrange2.massMatrix;
  const along = [c.normal.row, slip.row].map((r) => solveSmall(M, r)?.x);
  if (along.some((a) => !a)) return undefined;
  const dot = (r: readonly Expr[], a: readonly Expr[]): Expr => simplify(add(...r.map((x, i) => mul(x, a[i]!))));
  return [dot(c.normal.row, along[0]!), dot(c.normal.row, along[1]!), dot(slip.row, along[1]!)];
}

function stickGain(system: DerivedSystem, im: ImpactMap, map: number, top: number): StickGainBound | undefined {
  const W = delassus(system, im);
  if (!W) return undefined;
  const [a, b, d] = W;
  const ratio = together(simplify(div(add(mul(a, d), neg(mul(b, b))), mul(a, d))));
  const symbols = [...freeSymbols(ratio)];
  const coordinates = system.model.coordinates.filter((q) => symbols.includes(q.q.name));
  if (coordinates.length !== 1 || symbols.length !== 1) return undefined;
  const q = coordinates[0]!.q.name;
  const rho = (x: number): number => evaluator({ [q]: x })(ratio);
  let at = 0;
  for (let k = 0; k < GRID; k++) {
    const x = (2 * Math.PI * k) / GRID;
    if (rho(x) < rho(at) - 1e-12) at = x;
  }
  at = golden(rho, at - (2 * Math.PI) / GRID, at + (2 * Math.PI) / GRID);
  const least = rho(at);
  // |Δν|/ΔΛ is of degree 0 in W, so the parameters' defaults serve for its scale.
  const env = evaluator({ ...Object.fromEntries(system.model.parameters.map((p) => [p.name, p.default])), [q]: at });
  const [wa, wb, wd] = [env(a), env(b), env(d)];
  return {
    map,
    ratio,
    least,
    coordinate: q,
    at,
    threshold: Math.sqrt(least),
    supremum: (top * top) / least - 1,
    mu: (Math.abs(wb) * top * wa) / (wa * wd * (1 + top) - wb * wb),
  };
}

/** The minimum of a unimodal f on [lo, hi]. */
function golden(f: (x: number) => number, lo: number, hi: number): number {
  const r = (Math.sqrt(5) - 1) / 2;
  let [x0, x1] = [lo, hi];
  for (let k = 0; k < 80; k++) {
    const p = x1 - r * (x1 - x0),
      s = x0 + r * (x1 - x0);
    if (f(p) < f(s)) x1 = s;
    else x0 = p;
  }
  return (x0 + x1) / 2;
}
