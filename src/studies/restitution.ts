// The universal restitution of a contact patch (kuleshov2011 §6): the
// scattering problem of the derived universal equations
// (src/derive/compliant/universal.ts), solved numerically. From h(0) = 0,
// h′(0) = v the compression regime runs until its condition h′ ≥ 0 fails,
// the restitution regime until the separation h + h′ falls through 0;
// H(v) = −h′ there (6.3) and τ₊ the contact duration. Over Fig. 2's and
// Fig. 4's range v ∈ (0, 20] this gives H(v)/v and τ₊(v); far below and far
// above it, the exponents of Proposition 11: 1 − H(v)/v ∝ v^{1/5} as v → 0,
// H(v) ∝ v^{2/3} as v → ∞, fitted as log-log slopes between two speeds;
// and the limits of H(v)/v at both ends, extrapolated from three speeds.
// The report prints the result (src/report/universal.ts).
// Tests: test/studies/restitution.test.ts.
import { evaluate } from '../core/evaluate.js';
import type { Expr } from '../core/expr.js';
import { SCALED_DEPTH, SCALED_RATE, type UniversalProblem } from '../derive/compliant/universal.js';
import type { DerivedSystem } from '../derive/system.js';
import { integrate } from '../runtime/integrators/dopri5.js';
import { firstCrossing } from '../runtime/hybrid/events.js';

export interface Scattering {
  /** The impact speed h′(0). */
  readonly v: number;
  /** −h′ at separation (6.3). */
  readonly H: number;
  /** τ₊, the contact duration (Fig. 4). */
  readonly duration: number;
  /** The deepest h. */
  readonly depth: number;
}

export interface RestitutionStudy {
  /** The patch. */
  readonly patch: string;
  /** Fig. 2 and Fig. 4: v = 0.25, 0.5, …, 20. */
  readonly grid: readonly Scattering[];
  /** log-log slope of 1 − H(v)/v between the two smallest speeds (Proposition 11: 1/5). */
  readonly lossExponent: { readonly speeds: readonly [number, number]; readonly value: number };
  /** log-log slope of H(v) between the two largest speeds (Proposition 11: 2/3). */
  readonly growthExponent: { readonly speeds: readonly [number, number]; readonly value: number };
  /** H(v)/v at the smallest speed (→ 1) and at the largest (→ 0). */
  readonly ratioAtSmallest: number;
  readonly ratioAtLargest: number;
  /**
   * The limits of H(v)/v as v → 0 (Proposition 11.3: 1) and v → ∞ (Corollary 1: 0), extrapolated by Aitken's Δ²
   * from three speeds a decade apart, approaching: where H(v)/v − its limit is a power of v, as the fitted
   * exponents say, a decade multiplies it by one factor, and Δ² removes it.
   */
  readonly limitAtZero: { readonly speeds: readonly number[]; readonly value: number };
  /**
   * H(v)/v > 0 falls towards its limit, which is then within [0, its last value]: Δ² alone, through the next order of
   * H(v), can overshoot below 0 (−5.6·10⁻⁵ from 10⁶…10⁸), so `value` is kept there and `aitken` is Δ² as it came.
   */
  readonly limitAtInfinity: { readonly speeds: readonly number[]; readonly value: number; readonly aitken: number };
  /** On the grid: H strictly increasing, H(v)/v and the duration strictly decreasing (Proposition 11, Fig. 4). */
  readonly monotone: { readonly H: boolean; readonly ratio: boolean; readonly duration: boolean };
}

/** Speeds of the asymptotic fits: far enough that the next order is below 3% of the slope. */
const SMALL: readonly [number, number] = [1e-11, 1e-9];
const LARGE: readonly [number, number] = [1e6, 1e8];
const GRID = Array.from({ length: 80 }, (_, i) => 0.25 * (i + 1));
/** The speeds of the extrapolated limits, each list towards its limit. */
const TOWARDS_ZERO = [1e-9, 1e-10, 1e-11] as const;
const TOWARDS_INFINITY = [1e6, 1e7, 1e8] as const;

/** Aitken's Δ² on the last three values: exact for a constant plus a geometric sequence. */
export function aitken([x0, x1, x2]: readonly number[]): number {
  const [d1, d2] = [x1! - x0!, x2! - x1!];
  return x2! - (d2 * d2) / (d2 - d1);
}

/** Each patch's study, for the patches with a universal problem. */
export function restitutionStudies(system: DerivedSystem): RestitutionStudy[] {
  return (system.patches?.terms ?? []).flatMap((t) => (t.universal ? [restitutionStudy(t.name, t.universal)] : []));
}

export function restitutionStudy(patch: string, problem: UniversalProblem): RestitutionStudy {
  const memo = new Map<number, number>();
  const H = (v: number): number => memo.get(v) ?? memo.set(v, scatter(problem, v).H).get(v)!;
  const limit = (speeds: readonly number[]): { readonly speeds: readonly number[]; readonly value: number } => ({
    speeds,
    value: aitken(speeds.map((v) => H(v) / v)),
  });
  /** A positive ratio's limit as it falls: within [0, its value at the last speed]. */
  const falling = ({ speeds, value }: { readonly speeds: readonly number[]; readonly value: number }) => {
    const last = H(speeds.at(-1)!) / speeds.at(-1)!;
    return { speeds, value: Math.min(Math.max(0, value), last), aitken: value };
  };
  const loss = (v: number): number => 1 - H(v) / v;
  const slope = (f: (v: number) => number, [v0, v1]: readonly [number, number]): number => Math.log(f(v1) / f(v0)) / Math.log(v1 / v0);
  const grid = GRID.map((v) => scatter(problem, v));
  const rising = (f: (s: Scattering) => number): boolean => grid.every((s, i) => i === 0 || f(s) > f(grid[i - 1]!));
  return {
    patch,
    grid,
    monotone: { H: rising((s) => s.H), ratio: rising((s) => -s.H / s.v), duration: rising((s) => -s.duration) },
    lossExponent: { speeds: SMALL, value: slope(loss, SMALL) },
    growthExponent: { speeds: LARGE, value: slope(H, LARGE) },
    ratioAtSmallest: H(SMALL[0]) / SMALL[0],
    ratioAtLargest: H(LARGE[1]) / LARGE[1],
    limitAtZero: limit(TOWARDS_ZERO),
    limitAtInfinity: falling(limit(TOWARDS_INFINITY)),
  };
}

/**
 * One impact at speed v. The state is (h, h′); a regime's force beyond its
 * edge (a root of a negative base, in a trial stage past the event) is 0: the
 * foundation has let go there.
 */
export function scatter(problem: UniversalProblem, v: number): Scattering {
  const compression = problem.regimes.find((r) => r.name === 'whole');
  const restitution = problem.regimes.find((r) => r.name === 'both-inner');
  if (!compression || !restitution || !problem.separation) throw new RangeError(`the universal problem has no compression, restitution or separation`);
  const at = (e: Expr, y: ArrayLike<number>): number => evaluate(e, { [SCALED_DEPTH.name]: y[0]!, [SCALED_RATE.name]: y[1]! });
  // h ~ v^{4/5} at small v (the elastic motion, (6.4)), ~ v^{2/3} at large v: tolerances relative to it.
  const scale = [Math.min((v * v) ** 0.4, v ** (2 / 3)), v];
  const run = (acceleration: Expr, y0: readonly number[], end: Expr): { t: number; y: Float64Array } => {
    let hit: { t: number; y: Float64Array } | undefined;
    const res = integrate(
      (_t, y, out) => {
        const a = at(acceleration, y);
        out[0] = y[1]!;
        out[1] = Number.isNaN(a) ? 0 : a;
      },
      0,
      y0,
      1e7,
      {
        rtol: 1e-11,
        atol: scale.map((s) => 1e-13 * s),
        maxSteps: 1e6,
        onStep: (step) => {
          const value = (_t: number, y: ArrayLike<number>): number => at(end, y);
          const guard = { kind: 'section', contact: -1, direction: 'falling', value, a: value(0, step.yPrev), b: value(0, step.y) } as const;
          hit = firstCrossing(step, [guard]);
          return hit ? 'stop' : undefined;
        },
      },
    );
    if (!hit) throw new RangeError(`the impact at v = ${v} did not end (${res.status})`);
    return hit;
  };
  const rate = compression.conditions.find((k) => k.relation === '>=' || k.relation === '>');
  if (!rate) throw new RangeError('the compression regime has no condition that ends it');
  const down = run(compression.acceleration, [0, v], rate.expr);
  const up = run(restitution.acceleration, [down.y[0]!, 0], problem.separation);
  return { v, H: -up.y[1]!, duration: down.t + up.t, depth: down.y[0]! };
}
