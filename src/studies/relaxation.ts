// The decay of a contact patch's transverse oscillation (kuleshov2011 §9–§10,
// Propositions 13 and 14), measured on its derived fast motion
// (src/derive/compliant/transverse.ts): s″ = P(s) + ε̃D(s, u) − f(T) with
// ε̃ set to two small values (the rest of the model at its defaults).
// Proposition 13 bounds the energy E = u²/2 + V(s) − V(s*) for every forcing
// f = ε̃²χ, |χ| ≤ c_χ: it falls exponentially at a rate of order ε̃ into
// {E ≤ C₀ε̃²} and stays there. Measured: the rate −d ln E/dT of the free
// oscillation (f = 0) between T = 1/ε̃ and 3/ε̃, and the largest E over the
// last ten periods of a run forced at the oscillation's own frequency
// ω = √V″(s*), χ = cos ωT (resonant: the largest E any |χ| ≤ 1 keeps, with
// χ = sgn u, is only (4/π)² times this one's), that lasts twenty times E's
// decay time 1/(ε̃ω²), from s = 1.1s*, u = 0.
// Proposition 14: once the horizontal speed has set in, the forcing is
// f = ε̃²(K + ε̃χ) with K constant in the fast time ((10.4)–(10.5)), and the
// energy Ẽ = u²/2 + Ṽ(s) − Ṽ(s̃*), Ṽ = V + ε̃²Ks, about the shifted rest s̃*
// falls into {Ẽ ≤ C₀ε̃⁴}. Measured like the plateau above with K = 1 (the
// paper's K comes from the patch's ends moved by the horizontal speed, not
// derived here; any K of order 1 only moves s̃*) and χ = cos ω̃T at the
// shifted rest's frequency, from (10.6)'s region, s = s̃* + ε̃, u = 0. Each
// measurement is a log-log slope in ε̃ (1, 2 and 4).
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
  /** The largest Ẽ about the shifted rest over the last periods of the run forced by ε̃²(1 + ε̃ cos ω̃T), at each ε̃. */
  readonly shiftedPlateaus: readonly [number, number];
  /** log-log slope of that Ẽ in ε̃ (Proposition 14: Ẽ ≤ C₀ε̃⁴, 4). */
  readonly shiftedPlateauExponent: number;
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
  const curvature = diff(diff(motion.potential, s), s);
  // Compiled once: the runs evaluate the two forces millions of times, on a tape of their own (the other three
  // expressions' nodes are evaluated only where E and the rests are).
  const forces = new Tape([still, viscous]);
  const tape = new Tape([still, motion.potential, diff(still, s), curvature]);
  const at: Record<string, number> = { ...params };
  const valuesOn =
    (on: Tape) =>
    (y: ArrayLike<number>): ((e: Expr) => number) => {
      at[s] = y[0]!;
      at[u] = y[1]!;
      return on.values(at);
    };
  const values = valuesOn(tape);
  const forceValues = valuesOn(forces);
  const omega = Math.sqrt(values([rest, 0])(curvature));
  /** E about the rest of P(s) = load: Ṽ = V + load·s, zero at that rest. */
  const energyAbout = (load: number, rested: number): ((y: ArrayLike<number>) => number) => {
    const atRest = values([rested, 0])(motion.potential) + load * rested;
    return (y) => (y[1]! * y[1]!) / 2 + values(y)(motion.potential) + load * y[0]! - atRest;
  };
  /** Where P(s) = load, by Newton's method from s*: P is monotone near it and the load a small shift. */
  const restUnder = (load: number): number => {
    let x = rest;
    for (let k = 0; k < 50; k++) {
      const value = values([x, 0]);
      const step = (value(still) - load) / value(diff(still, s));
      x -= step;
      if (Math.abs(step) <= 1e-15 * x) return x;
    }
    throw new RangeError(`no rest of the transverse motion under the load ${load}`);
  };
  const field =
    (e: number, forcing: (T: number) => number) =>
    (T: number, y: ArrayLike<number>, out: Float64Array): void => {
      const value = forceValues(y);
      out[0] = y[1]!;
      out[1] = value(still) + e * value(viscous) - forcing(T);
    };
  /** Runs from y0 to T1, calling `record` after each step from T0 on. */
  const run = (e: number, forcing: (T: number) => number, y0: readonly number[], T0: number, T1: number, record: (y: Float64Array) => void): Float64Array => {
    const res = integrate(field(e, forcing), 0, y0, T1, {
      // The plateau's E ≈ ε̃²/(2ω⁴) is ~1e-7 at ε̃ = 1e-3: a state error of 1e-8 moves it by
      // u·δu ≈ 3e-12 (the rates and plateaus agree with those at 1e-10 to 4 digits). Proposition 14's
      // Ẽ ≈ ε̃⁴/(2ω⁴) ~1e-13 has u ~ 3e-7: an error of 1e-10 moves it by u·δu ≈ 3e-17.
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
  const start = [1.1 * rest, 0];
  const energy = energyAbout(0, rest);
  const none = (): number => 0;
  const rate = (e: number): number => {
    const [T1, T2] = [1 / e, 3 / e];
    let E1 = Number.NaN;
    const end = run(e, none, start, T1, T2, (y) => {
      if (Number.isNaN(E1)) E1 = energy(y);
    });
    return Math.log(E1 / energy(end)) / (T2 - T1);
  };
  /** The largest energy over the last ten periods of twenty decay times. */
  const largest = (e: number, forcing: (T: number) => number, y0: readonly number[], w: number, measure: (y: ArrayLike<number>) => number): number => {
    const T1 = 20 / (e * w * w);
    let most = 0;
    run(e, forcing, y0, T1 - (10 * 2 * Math.PI) / w, T1, (y) => {
      most = Math.max(most, measure(y));
    });
    return most;
  };
  const plateau = (e: number): number => largest(e, (T) => e * e * Math.cos(omega * T), start, omega, energy);
  const shiftedPlateau = (e: number): number => {
    const load = e * e;
    const shifted = restUnder(load);
    const w = Math.sqrt(values([shifted, 0])(curvature));
    return largest(e, (T) => load * (1 + e * Math.cos(w * T)), [shifted + e, 0], w, energyAbout(load, shifted));
  };
  const rates = SMALL.map(rate) as [number, number];
  const plateaus = SMALL.map(plateau) as [number, number];
  const shiftedPlateaus = SMALL.map(shiftedPlateau) as [number, number];
  const slope = ([a, b]: readonly [number, number]): number => Math.log(b / a) / Math.log(SMALL[1] / SMALL[0]);
  return {
    patch,
    smallParameters: SMALL,
    rates,
    rateExponent: slope(rates),
    plateaus,
    plateauExponent: slope(plateaus),
    shiftedPlateaus,
    shiftedPlateauExponent: slope(shiftedPlateaus),
  };
}
