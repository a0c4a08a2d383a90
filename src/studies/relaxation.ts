// The decay of a contact patch's transverse oscillation (kuleshov2011 §9,
// Proposition 13), measured on its derived fast motion
// (src/derive/compliant/transverse.ts): s″ = P(s) + ε̃D(s, u) − ε̃²χ(T) with
// ε̃ set to two small values (the rest of the model at its defaults). The
// proposition bounds the energy E = u²/2 + V(s) − V(s*) for every forcing
// |χ| ≤ c_χ: it falls exponentially at a rate of order ε̃ into {E ≤ C₀ε̃²}
// and stays there. Measured: the rate −d ln E/dT of the free oscillation
// (χ = 0) between T = 1/ε̃ and 3/ε̃, and the largest E over the last ten
// periods of a run forced at the oscillation's own frequency ω = √V″(s*),
// χ = cos ωT (resonant: the largest E any |χ| ≤ 1 keeps, with χ = sgn u, is
// only (4/π)² times this one's), that lasts twenty
// times E's decay time 1/(ε̃ω²) — each as a log-log slope in ε̃ (1 and 2).
// Both runs start at s = 1.1s*, u = 0.
// Tests: test/studies/relaxation.test.ts.
import { diff } from '../core/diff.js';
import { evaluate } from '../core/evaluate.js';
import { div, sub, ZERO, type Expr } from '../core/expr.js';
import { subs } from '../core/subs.js';
import { Tape } from '../core/tape.js';
import { simplify } from '../core/trig.js';
import { TRANSVERSE_DEPTH, TRANSVERSE_RATE, type TransverseMotion } from '../derive/compliant/transverse.js';
import type { DerivedSystem } from '../derive/system.js';
import { integrate } from '../runtime/integrators/dopri5.js';

export interface RelaxationStudy {
  /** The patch. */
  readonly patch: string;
  /** ε̃ of the two runs. */
  readonly smallParameters: readonly [number, number];
  /** −d ln E/dT of the free oscillation at each ε̃. */
  readonly rates: readonly [number, number];
  /** log-log slope of the rate in ε̃ (Proposition 13: of order ε̃, 1). */
  readonly rateExponent: number;
  /** The largest E over the last periods of the forced run at each ε̃. */
  readonly plateaus: readonly [number, number];
  /** log-log slope of that E in ε̃ (Proposition 13: E ≤ C₀ε̃², 2). */
  readonly plateauExponent: number;
}

const SMALL: readonly [number, number] = [1e-3, 1e-2];

/** Each patch's study, for the patches with a transverse motion. */
export function relaxationStudies(system: DerivedSystem): RelaxationStudy[] {
  const env: Record<string, number> = Object.fromEntries(system.model.parameters.map((p) => [p.name, p.default]));
  return (system.patches?.terms ?? []).flatMap((t) => (t.transverse ? [relaxationStudy(t.name, t.transverse, env)] : []));
}

export function relaxationStudy(patch: string, motion: TransverseMotion, params: Readonly<Record<string, number>>): RelaxationStudy {
  const [s, u] = [TRANSVERSE_DEPTH.name, TRANSVERSE_RATE.name];
  const still = simplify(subs(motion.acceleration, new Map([[u, ZERO]])));
  const viscous = simplify(div(sub(motion.acceleration, still), motion.smallParameter));
  const rest = evaluate(motion.rest, params);
  const omega = Math.sqrt(evaluate(diff(diff(motion.potential, s), s), { ...params, [s]: rest }));
  // Compiled once: the runs evaluate the two forces millions of times.
  const tape = new Tape([still, viscous, motion.potential]);
  const at: Record<string, number> = { ...params };
  const values = (y: ArrayLike<number>): ((e: Expr) => number) => {
    at[s] = y[0]!;
    at[u] = y[1]!;
    return tape.values(at);
  };
  const atRest = values([rest, 0])(motion.potential);
  const energy = (y: ArrayLike<number>): number => (y[1]! * y[1]!) / 2 + values(y)(motion.potential) - atRest;
  const field =
    (e: number, forced: boolean) =>
    (T: number, y: ArrayLike<number>, out: Float64Array): void => {
      const value = values(y);
      out[0] = y[1]!;
      out[1] = value(still) + e * value(viscous) - (forced ? e * e * Math.cos(omega * T) : 0);
    };
  /** Runs from s = 1.1s*, u = 0 to T1, calling `record` after each step from T0 on; returns the state at T1. */
  const run = (e: number, forced: boolean, T0: number, T1: number, record: (y: Float64Array) => void): Float64Array => {
    const res = integrate(field(e, forced), 0, [1.1 * rest, 0], T1, {
      // The plateau's E ≈ ε̃²/(2ω⁴) is ~1e-7 at ε̃ = 1e-3: a state error of 1e-8 moves it by
      // u·δu ≈ 3e-12 (the rates and plateaus agree with those at 1e-10 to 4 digits).
      rtol: 1e-8,
      atol: 1e-10,
      maxSteps: 2e6,
      onStep: (step) => {
        if (step.t >= T0) record(step.y);
      },
    });
    if (res.status !== 'done') throw new RangeError(`the transverse motion at ε̃ = ${e} did not reach T = ${T1} (${res.status})`);
    return res.y;
  };
  const rate = (e: number): number => {
    const [T1, T2] = [1 / e, 3 / e];
    let E1 = Number.NaN;
    const end = run(e, false, T1, T2, (y) => {
      if (Number.isNaN(E1)) E1 = energy(y);
    });
    return Math.log(E1 / energy(end)) / (T2 - T1);
  };
  const plateau = (e: number): number => {
    const T1 = 20 / (e * omega * omega);
    let largest = 0;
    run(e, true, T1 - (10 * 2 * Math.PI) / omega, T1, (y) => {
      largest = Math.max(largest, energy(y));
    });
    return largest;
  };
  const rates = SMALL.map(rate) as [number, number];
  const plateaus = SMALL.map(plateau) as [number, number];
  const slope = ([a, b]: readonly [number, number]): number => Math.log(b / a) / Math.log(SMALL[1] / SMALL[0]);
  return { patch, smallParameters: SMALL, rates, rateExponent: slope(rates), plateaus, plateauExponent: slope(plateaus) };
}
