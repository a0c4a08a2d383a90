// kugushev2002 §9's regime 2 run: the body sliding along its constraint after
// a plastic impact, from an arrival where the contact holds. The default run
// at e = 0 (plastic-arrival.ts) may leave the constraint at once; this one
// arrives where §9's condition σ̇ ≥ 0 is best met: along the constraint from
// that run's first strike, the point where the density σ̇ at rest, the
// constraint bearing the load alone, is largest (a projected ascent on
// f = 0). The body arrives there with that strike's normal velocity ḟ⁻ along
// B⁻¹∂fᵀ (B the mass matrix), all of which the plastic impact takes
// (q̇⁺ = 0), and is run by the runtime: a contact phase, then the release
// where σ̇ falls through 0. Where σ̇ at rest is nowhere positive along the
// constraint, the model cannot slide from such an arrival, and the study
// says so with that largest σ̇.
// Tests: test/studies/plastic-slide.test.ts.
import { luFactor, luSolve } from '../numeric/lu.js';
import type { LoadedModule, Params } from '../runtime/contract.js';
import { simulate } from '../runtime/hybrid/simulate.js';
import type { PlasticArrival } from './plastic-arrival.js';

/** A state of the run: its time, coordinates and velocities. */
export interface SlideState {
  readonly t: number;
  readonly q: readonly number[];
  readonly qd: readonly number[];
}

export interface PlasticSlide {
  /** The point of the constraint where σ̇ at rest is largest along it from the first strike, and that σ̇. */
  readonly q: readonly number[];
  readonly restDensity: number;
  /** Where that σ̇ is positive: the run from there, else undefined (the model cannot slide from an arrival at rest). */
  readonly run?: {
    /** The velocities before and after the plastic impact (q̇⁺ = 0 up to rounding), and σ̇ just after it. */
    readonly qdMinus: readonly number[];
    readonly qdPlus: readonly number[];
    readonly density: number;
    /** Whether the runtime holds the contact after the impact (a 'contact' event at the arrival). */
    readonly held: boolean;
    /** Where σ̇ falls through 0 and the body leaves the constraint; undefined if it slides to t1. */
    readonly release?: SlideState;
    readonly t1: number;
  };
}

/** Tangential steps of the ascent before it stops where none raises σ̇ any more. */
const MAX_STEPS = 400;
/** The ascent stops once a step shorter than this (in the coordinates) no longer raises σ̇: far below the four printed digits. */
const MIN_STEP = 1e-10;
/** Central differences of σ̇ in q: the step balances truncation (h²) against rounding (ε/h) of a smooth density. */
const H = 1e-6;

/**
 * The contact phase after a plastic arrival where §9's condition holds, for a model with one contact whose phase the
 * run at e = 0 (plasticArrival) met; undefined where the module lacks the contact's functions or the mass matrix is
 * singular there.
 */
export function plasticSlide(mod: LoadedModule, arrival: PlasticArrival): PlasticSlide | undefined {
  const n = arrival.q.length;
  const params: Params = { [arrival.parameter]: 0 };
  const { contactAccelerations, gaps, gapJacobian, impact } = mod;
  if (!contactAccelerations || !gaps || !gapJacobian || !impact) return undefined;
  const held = [true];
  const rest = new Float64Array(n);
  // σ̇ of the phase holding the contact, at rest at q.
  const density = (q: ArrayLike<number>, qd: ArrayLike<number> = rest): number => contactAccelerations(0, q, qd, params, held)[n]!;
  const row = (q: ArrayLike<number>): Float64Array => gapJacobian(0, q, params).slice(0, n);
  // Back onto f = 0 along ∂f (Newton's steps on the one gap).
  const project = (q: Float64Array): Float64Array => {
    for (let k = 0; k < 50; k++) {
      const f = gaps(0, q, params)[0]!;
      if (Math.abs(f) < 1e-14) break;
      const G = row(q);
      const gg = G.reduce((s, x) => s + x * x, 0);
      for (let i = 0; i < n; i++) q[i] = q[i]! - (f * G[i]!) / gg;
    }
    return q;
  };
  // Ascent of σ̇ at rest along f = 0: the gradient by central differences, its part along ∂f removed, the step doubled
  // after a rise and halved after a fall.
  let q = project(Float64Array.from(arrival.q));
  let best = density(q);
  let step = 0.1;
  for (let k = 0; k < MAX_STEPS && step > MIN_STEP; k++) {
    const grad = Array.from({ length: n }, (_, i) => {
      const [up, down] = [Float64Array.from(q), Float64Array.from(q)];
      up[i] = up[i]! + H;
      down[i] = down[i]! - H;
      return (density(up) - density(down)) / (2 * H);
    });
    const G = row(q);
    const along = grad.reduce((s, x, i) => s + x * G[i]!, 0) / G.reduce((s, x) => s + x * x, 0);
    const tangent = grad.map((x, i) => x - along * G[i]!);
    const size = Math.hypot(...tangent);
    if (size === 0) break;
    const next = project(Float64Array.from(q, (x, i) => x + (step * tangent[i]!) / size));
    const value = density(next);
    if (value > best) [q, best, step] = [next, value, 2 * step];
    else step /= 2;
  }
  const found = { q: Array.from(q), restDensity: best };
  if (!(best > 0)) return found;
  // q̇⁻ = ḟ⁻ B⁻¹∂fᵀ/(∂f B⁻¹∂fᵀ): normal to the constraint in the kinetic metric, so the plastic impact takes it all.
  const B = mod.massMatrix(0, q, params).slice(0, n * n);
  const piv = new Int32Array(n);
  // A singular mass matrix on the constraint has no normal in its metric: no arrival to run, nothing to say.
  if (luFactor(n, B, piv, n * Number.EPSILON) !== -1) return undefined;
  const G = row(q);
  const BG = new Float64Array(n);
  luSolve(n, B, piv, G, 0, BG, 0);
  const k = G.reduce((s, x, i) => s + x * BG[i]!, 0);
  const qdMinus = Array.from(BG, (x) => (arrival.approach * x) / k);
  const qdPlus = Array.from(impact(0, q, qdMinus, params).qdPlus);
  const tr = simulate(mod, { q0: Array.from(q), qd0: qdMinus, t1: arrival.t1, samples: 2, rtol: 1e-10, atol: 1e-12, params });
  const release = tr.events.find((e) => e.type === 'release');
  return {
    ...found,
    run: {
      qdMinus,
      qdPlus,
      density: density(q, qdPlus),
      held: tr.events.some((e) => e.type === 'contact' && e.t === 0),
      ...(release ? { release: { t: release.t, q: release.q, qd: release.qd } } : {}),
      t1: arrival.t1,
    },
  };
}
