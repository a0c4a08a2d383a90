// Periodic impacting motions: Poincaré (stride) maps, fixed points by Newton
// on the map, Floquet multipliers and the stability verdict.
//
// The return map P takes X₀ = (q, q̇, t) on a section to the state at the
// section's next crossing (variational.ts: just after the impact of a
// contact, or where a coordinate crosses a value), with its derivative DP
// from the variational equations and the saltation matrices.
//
// Periodic up to a shift. Walkers and wheels return with some coordinates
// advanced (x by a step length, an angle by 2π per revolution), and an
// autonomous model returns at a time advanced by the period. Such components
// are read off the equations' symmetry at the start point:
//   - time: free (its advance is the period) when the model is autonomous
//     (rhs, gaps and their Jacobian do not change with t); a time-dependent
//     model needs the period given (a forcing period, or a multiple of it).
//     Where free flight is undefined (M singular alone, regular with the
//     contacts held: a point-mass rimless wheel; rhs is NaN there) the field
//     compared is that of the contact phase held at the start;
//   - a cyclic coordinate (M, rhs, gaps and ∂g/∂q unchanged by any shift of
//     it, e.g. x along a slope): free, its advance reported as the shift;
//   - an angle the equations repeat after 2π, which the first return advances
//     by 2πk, k ≠ 0 (a wheel's revolution): shifted by exactly 2πk;
// or declared (`shift: { x: 'free', psi: -2*Math.PI }`). Free components are
// held at their start values and dropped from the equations; the fixed point
// solves P(X₀)ᵢ − X₀ᵢ − sᵢ = 0 for the others.
//
// Newton. (DP − I) δ = −(P(X₀) − X₀ − s) on the kept components, solved by LU;
// where DP has the multiplier 1 (a conservative model's energy, a family of
// orbits) the matrix is singular and the step is the least-squares one,
// (AᵀA + μI)δ = −AᵀF with μ = 1e-12·max diag(AᵀA), which leaves the null
// direction alone: Newton then converges to the orbit of the family nearest
// the start. A step that raises the residual is halved (up to 8 times).
//
// Multipliers. The eigenvalues of DP on the kept components, less one zero:
// DP F(X₀) = 0 (a start moved along the flow returns to the same point), so
// the flow direction's multiplier is 0 on the map (it is the trivial 1 of the
// monodromy). Plastic impacts and held contacts add further zeros (their
// constrained directions are reset at every impact). `stable` is spectral
// stability: no multiplier outside the unit circle by more than 1e-6 (Kozlov
// §4's linear stability; a conservative orbit has |μ| = 1 at best), and
// `asymptotic` says every multiplier lies inside it.
// The eigenvalues come from src/numeric/eigenvalues.ts.
// Tests: test/runtime/analysis/periodic.test.ts
import { eigenvalues, type Complex } from '../../numeric/eigenvalues.js';
import { leastSquares } from '../../numeric/least-squares.js';
import { luFactor, luSolve } from '../../numeric/lu.js';
import type { LoadedModule, Params } from '../contract.js';
import { SimulationError } from '../errors.js';
import { flowToSection, type FlowEvent, type FlowOptions, type Section, type SectionResult } from './variational.js';

export type { Section } from './variational.js';
// The runtime's index exports the eigenvalue solver under this module's name.

/** How a component of X = (q, q̇, t) returns: 'free' (held fixed, its advance reported) or advanced by a given amount. */
export type ShiftSpec = number | 'free';

export interface StrideOptions extends FlowOptions {
  readonly q0: ArrayLike<number>;
  readonly qd0: ArrayLike<number>;
  /** Start time (default 0). */
  readonly t0?: number;
  readonly section: Section;
  /** The section crossings that make one period (default 1; 2 for a period-two orbit). */
  readonly crossings?: number;
  /** Give up when the section is not reached within this time (default 1000). */
  readonly maxTime?: number;
}

export interface PeriodicOrbitOptions extends StrideOptions {
  /**
   * Components outside the periodicity, by coordinate name (or 't'): 'free'
   * or a fixed advance per period. Added to (and overriding) those detected.
   */
  readonly shift?: Readonly<Record<string, ShiftSpec>>;
  /**
   * Components (coordinate names, x' for a velocity, or t) held at their
   * start values with their return equations dropped: a conservative model's
   * orbits form families along the energy, one equation is then redundant,
   * and fixing the impact speed picks one orbit of the family.
   */
  readonly fix?: readonly string[];
  /** The orbit's period, required for a time-dependent model (a multiple of its forcing period). */
  readonly period?: number;
  /** Newton stops when max |P(X₀) − X₀ − s| ≤ tol·(1 + max |X₀|) (default 1e-9, some 10 times the integration error). */
  readonly tol?: number;
  /** Newton steps before giving up with 'orbit-not-converged' (default 30). */
  readonly maxIterations?: number;
  /** Called with the residual at the start (iteration 0) and after each Newton step: a long search can show where it is. */
  readonly onIteration?: (iteration: number, residual: number) => void;
}

export interface OrbitImpact {
  /** Time from the start of the period. */
  readonly t: number;
  readonly contacts: number[];
  readonly q: number[];
  readonly qdMinus: number[];
  readonly qdPlus: number[];
  readonly jacobian: 'symbolic' | 'difference';
}

export interface PeriodicOrbit {
  /** The state on the section (just after the impact for a contact section). */
  readonly q: number[];
  readonly qd: number[];
  readonly t0: number;
  readonly period: number;
  readonly impacts: OrbitImpact[];
  /** Floquet multipliers (eigenvalues of the return map, the flow direction's zero removed), by decreasing modulus. */
  readonly multipliers: Complex[];
  /** No multiplier outside the unit circle (beyond 1e-6). */
  readonly stable: boolean;
  /** Every multiplier inside the unit circle (beyond 1e-6). */
  readonly asymptotic: boolean;
  /** Advance per period of each component outside the periodicity, by name ('t' is the period itself, not listed). */
  readonly shift: Record<string, number>;
  /** Which components were free, fixed-shift or periodic, and whether detected or declared. */
  readonly periodicity: Record<string, { readonly kind: 'free' | 'shift'; readonly how: 'detected' | 'declared' }>;
  /** Monodromy ∂X(T)/∂X₀ with its saltation matrices, and the return map's derivative (N×N, X = (q, q̇, t)). */
  readonly monodromy: Float64Array;
  readonly poincare: Float64Array;
  readonly iterations: number;
  readonly residual: number;
  /** Smallest gap of each contact at an interior minimum over the period (Infinity: none). */
  readonly minGaps: number[];
  /** Contacts held at the start of the period. */
  readonly held: boolean[];
  readonly phaseJacobians: ('generated' | 'difference')[];
}

/** Floquet multipliers beyond the unit circle by more than this count as unstable (the accuracy of DP is ~1e-8). */
const UNIT_CIRCLE_TOL = 1e-6;

/** The return map once: P(X₀), its derivative and the events on the way. */
export function strideMap(module: LoadedModule, opts: StrideOptions): SectionResult {
  return flowToSection(module, { ...opts, maxTime: opts.maxTime ?? 1000 });
}

/** A periodic orbit through the section near (q0, q̇0): Newton on the return map, then its multipliers. */
export function periodicOrbit(module: LoadedModule, opts: PeriodicOrbitOptions): PeriodicOrbit {
  const model = module.model;
  const n = model.coordinates.length,
    N = 2 * n + 1;
  const names = componentNames(module);
  const tol = opts.tol ?? 1e-9;
  const maxIterations = opts.maxIterations ?? 30;
  const X = Float64Array.from([...Array.from(opts.q0), ...Array.from(opts.qd0), opts.t0 ?? 0]);
  const evaluate = (Y: Float64Array, held?: readonly boolean[]): SectionResult =>
    strideMap(module, {
      ...opts,
      q0: Y.subarray(0, n),
      qd0: Y.subarray(n, 2 * n),
      t0: Y[2 * n]!,
      ...(held ? { held } : {}),
    });

  const fixed = (opts.fix ?? []).map((c) => {
    const i = names.indexOf(c);
    if (i < 0)
      throw new SimulationError('invalid-option', 'input', `fix: no component '${c}' (components: ${names.join(', ')})`, { model: model.name, field: 'fix' });
    return i;
  });
  // The first return puts the start on the section (fixed components keep
  // their given values), fixes the contacts held there and shows the shifts.
  let r = evaluate(X);
  for (let k = 0; k < N; k++) if (!fixed.includes(k)) X[k] = k < 2 * n ? r.x[k]! : r.t;
  r = evaluate(X);
  const held = r.heldAtStart;
  const periodicity = detectPeriodicity(module, opts, X, r);
  const kept = [...Array(N).keys()].filter((k) => periodicity.get(k)?.kind !== 'free' && !fixed.includes(k));
  const advance = (k: number): number => periodicity.get(k)?.value ?? 0;
  const residualOf = (res: SectionResult, Y: Float64Array): Float64Array => Float64Array.from(kept, (k) => returnedComponent(res, k) - Y[k]! - advance(k));
  const scale = (Y: Float64Array): number => 1 + Math.max(...kept.map((k) => Math.abs(Y[k]!)));
  const norm = (F: Float64Array): number => Math.max(0, ...Array.from(F, Math.abs));

  let F = residualOf(r, X);
  let iterations = 0;
  opts.onIteration?.(0, norm(F));
  while (norm(F) > tol * scale(X)) {
    if (iterations++ >= maxIterations) break;
    const step = newtonStep(kept, N, r.poincare, F);
    let lambda = 1;
    for (let tries = 0; ; tries++) {
      const Y = Float64Array.from(X);
      kept.forEach((k, a) => (Y[k] = X[k]! + lambda * step[a]!));
      let trial: SectionResult | undefined;
      try {
        trial = evaluate(Y, held);
      } catch (err) {
        if (tries >= 8 || !(err instanceof SimulationError)) throw err;
      }
      const Ft = trial ? residualOf(trial, Y) : undefined;
      if (trial && Ft && (norm(Ft) < norm(F) || tries >= 8)) {
        X.set(Y);
        r = trial;
        F = Ft;
        opts.onIteration?.(iterations, norm(F));
        break;
      }
      lambda /= 2;
    }
  }
  const residual = norm(F);
  if (!(residual <= tol * scale(X))) {
    throw new SimulationError(
      'orbit-not-converged',
      'numeric',
      `Newton on the return map stopped after ${iterations - 1} iterations with residual ${residual.toExponential(2)} (tolerance ${tol} relative): raise maxIterations, or start nearer the orbit`,
      { model: model.name, field: 'maxIterations' },
      X[2 * n],
    );
  }

  // Multipliers on every component but the free ones: a fixed component only
  // stops Newton from sliding along a family, its multiplier (1) is real.
  const periodic = [...Array(N).keys()].filter((k) => periodicity.get(k)?.kind !== 'free');
  const multipliers = floquetMultipliers(returnMapEigenvalues(r.poincare, N, periodic));
  const biggest = largestModulus(multipliers);
  const shift: Record<string, number> = {};
  const declared: PeriodicOrbit['periodicity'] = {};
  for (const [k, p] of periodicity) {
    if (k !== 2 * n) shift[names[k]!] = returnedComponent(r, k) - X[k]!;
    (declared as Record<string, unknown>)[names[k]!] = { kind: p.kind, how: p.how };
  }
  return {
    q: Array.from(X.subarray(0, n)),
    qd: Array.from(X.subarray(n, 2 * n)),
    t0: X[2 * n]!,
    period: r.t - X[2 * n]!,
    impacts: impactsOf(r.events, X[2 * n]!),
    multipliers,
    stable: isStable(multipliers),
    asymptotic: biggest < 1 - UNIT_CIRCLE_TOL,
    shift,
    periodicity: declared,
    monodromy: r.phi,
    poincare: r.poincare,
    iterations,
    residual,
    minGaps: Array.from(r.minGaps),
    held: held.slice(),
    phaseJacobians: r.phaseJacobians,
  };
}

/** Names of the components of X = (q, q̇, t): coordinates, their velocities (x'), t. */
export function componentNames(module: LoadedModule): string[] {
  const cs = module.model.coordinates;
  return [...cs, ...cs.map((c) => `${c}'`), 't'];
}

function impactsOf(events: readonly FlowEvent[], t0: number): OrbitImpact[] {
  return events
    .filter((e) => e.type === 'impact')
    .map((e) => {
      const n = e.x.length / 2;
      return { t: e.t - t0, contacts: e.contacts, q: e.x.slice(0, n), qdMinus: e.x.slice(n), qdPlus: e.xPlus!.slice(n), jacobian: e.jacobian! };
    });
}

/** Component k of X = (q, q̇, t) where a return ends. */
export function returnedComponent(res: SectionResult, k: number): number {
  return k < res.x.length ? res.x[k]! : res.t;
}

/** Eigenvalues of the return map's derivative DP (N×N) on the given components, the flow direction's zero among them. */
export function returnMapEigenvalues(DP: ArrayLike<number>, N: number, components: readonly number[]): Complex[] {
  const p = components.length;
  const A = new Float64Array(p * p);
  components.forEach((i, a) => components.forEach((k, b) => (A[a * p + b] = DP[i * N + k]!)));
  return eigenvalues(p, A);
}

/** The Floquet multipliers among those eigenvalues: the smallest in modulus (the flow direction's zero) dropped, by decreasing modulus. */
export function floquetMultipliers(eig: readonly Complex[]): Complex[] {
  return [...eig]
    .sort((a, b) => modulus(a) - modulus(b))
    .slice(1)
    .reverse();
}

/** No multiplier outside the unit circle (beyond UNIT_CIRCLE_TOL). */
export function isStable(multipliers: readonly Complex[]): boolean {
  return largestModulus(multipliers) <= 1 + UNIT_CIRCLE_TOL;
}

const modulus = (z: Complex): number => Math.hypot(z.re, z.im);
const largestModulus = (zs: readonly Complex[]): number => Math.max(0, ...zs.map(modulus));

interface Periodicity {
  readonly kind: 'free' | 'shift';
  readonly value: number;
  readonly how: 'detected' | 'declared';
}

/**
 * The components outside the periodicity, by component index: declared
 * ones, then time (free when autonomous, the given period otherwise),
 * cyclic coordinates and 2π-periodic angles advanced by 2πk.
 */
function detectPeriodicity(module: LoadedModule, opts: PeriodicOrbitOptions, X: Float64Array, r: SectionResult): Map<number, Periodicity> {
  const model = module.model;
  const n = model.coordinates.length;
  const params = opts.params ?? {};
  const out = new Map<number, Periodicity>();
  const q = X.subarray(0, n),
    qd = X.subarray(n, 2 * n),
    t = X[2 * n]!;
  const same = (a: ArrayLike<number>, b: ArrayLike<number>): boolean => Array.from(a).every((v, i) => Math.abs(v - b[i]!) <= 1e-12 * (1 + Math.abs(v)));
  const field = phaseField(module, params, r.heldAtStart, t, X);
  /** Whether M, the field, the gaps and ∂g/∂q are unchanged when time or coordinate i moves by d. */
  const invariant = (i: number, d: number): boolean => {
    const q2 = Float64Array.from(q),
      t2 = i === 2 * n ? t + d : t;
    if (i < n) q2[i] += d;
    return (
      same(field(t, q, qd), field(t2, q2, qd)) &&
      same(module.massMatrix(t, q, params), module.massMatrix(t2, q2, params)) &&
      (!module.gaps || same(module.gaps(t, q, params), module.gaps(t2, q2, params))) &&
      (!module.gapJacobian || same(module.gapJacobian(t, q, params), module.gapJacobian(t2, q2, params))) &&
      (!module.gapRates || same(module.gapRates(t, q, qd, params), module.gapRates(t2, q2, qd, params)))
    );
  };
  const advanceOf = (i: number): number => returnedComponent(r, i) - X[i]!;

  for (const [name, spec] of Object.entries(opts.shift ?? {})) {
    const i = name === 't' ? 2 * n : model.coordinates.indexOf(name);
    if (i < 0)
      throw new SimulationError('invalid-option', 'input', `shift: no coordinate '${name}' (coordinates: ${model.coordinates.join(', ')}, or t)`, {
        model: model.name,
        field: 'shift',
      });
    if (spec !== 'free' && !Number.isFinite(spec))
      throw new SimulationError('invalid-option', 'input', `shift.${name} = ${spec}: give 'free' or a finite number`, { model: model.name, field: 'shift' });
    out.set(i, spec === 'free' ? { kind: 'free', value: 0, how: 'declared' } : { kind: 'shift', value: spec, how: 'declared' });
  }
  const autonomous = invariant(2 * n, 0.5 * (1 + Math.abs(t))) && invariant(2 * n, -1.3 * (1 + Math.abs(t)));
  if (!out.has(2 * n)) {
    if (autonomous) {
      if (opts.period !== undefined)
        throw new SimulationError('invalid-option', 'input', 'the model is autonomous: its period is found, not given (drop period)', {
          model: model.name,
          field: 'period',
        });
      out.set(2 * n, { kind: 'free', value: 0, how: 'detected' });
    } else {
      if (!(opts.period !== undefined && opts.period > 0 && Number.isFinite(opts.period))) {
        throw new SimulationError(
          'invalid-option',
          'input',
          'the model depends on time: give the period of the orbit (its forcing period, or a multiple of it)',
          { model: model.name, field: 'period' },
        );
      }
      out.set(2 * n, { kind: 'shift', value: opts.period, how: 'declared' });
    }
  }
  for (let i = 0; i < n; i++) {
    if (out.has(i)) continue;
    if (invariant(i, 0.37) && invariant(i, -1.9)) out.set(i, { kind: 'free', value: 0, how: 'detected' });
    else if (invariant(i, 2 * Math.PI) && invariant(i, -2 * Math.PI)) {
      const k = Math.round(advanceOf(i) / (2 * Math.PI));
      if (k !== 0) out.set(i, { kind: 'shift', value: 2 * Math.PI * k, how: 'detected' });
    }
  }
  return out;
}

/**
 * The vector field whose symmetries decide the periodicity: free flight's
 * rhs, or, where it is not finite at the start (M singular alone), q̈ of the
 * contact phase held there (contactAccelerations), regular when the held
 * rows pin M's massless directions.
 */
function phaseField(
  module: LoadedModule,
  params: Params,
  held: readonly boolean[],
  t: number,
  X: Float64Array,
): (t: number, q: Float64Array, qd: Float64Array) => Float64Array {
  const n = module.model.coordinates.length;
  const free = (s: number, q: Float64Array, qd: Float64Array): Float64Array => module.rhs(s, Float64Array.from([...q, ...qd]), params);
  const contact = module.contactAccelerations;
  if (Array.from(free(t, X.subarray(0, n), X.subarray(n, 2 * n))).every(Number.isFinite) || !contact || !held.some(Boolean)) return free;
  return (s, q, qd) => contact(s, q, qd, params, held);
}

/**
 * δ with (DP − I)δ = −F on the kept components: LU, or the least-squares
 * step (AᵀA + μI)δ = −AᵀF when A = DP − I is singular (multiplier 1).
 */
function newtonStep(kept: readonly number[], N: number, DP: Float64Array, F: Float64Array): Float64Array {
  const k = kept.length;
  const A = new Float64Array(k * k);
  kept.forEach((i, a) => kept.forEach((j, b) => (A[a * k + b] = DP[i * N + j]! - (a === b ? 1 : 0))));
  const LU = Float64Array.from(A);
  const piv = new Int32Array(k);
  const delta = new Float64Array(k);
  const rhs = Float64Array.from(F, (v) => -v);
  if (luFactor(k, LU, piv, 1e-10) < 0) {
    luSolve(k, LU, piv, rhs, 0, delta, 0);
    return delta;
  }
  return leastSquares(k, k, A, rhs);
}
