// Continuation of a periodic orbit in a parameter λ by pseudo-arclength
// (Keller 1977; Allgower & Georg, "Introduction to numerical continuation
// methods", §2–§4), with its bifurcations detected and named.
//
// Unknowns u = (z, λ), z the kept components of the section state (periodic.ts:
// free and fixed components dropped), F(u) = P(z; λ) − z − s. From a point u
// with unit tangent v (the null vector of [F_z F_λ], F_z = DP − I, F_λ by
// central differences of P in λ, oriented along the previous tangent):
//   predictor  u⁰ = u + Δs v;
//   corrector  Newton on [F(u); vᵀ(u − u_prev) − Δs] = 0, Jacobian [F_z F_λ; vᵀ];
// Δs grows by 1.5 after an easy step (≤ 3 iterations) and halves on failure.
//
// Test functions, evaluated at every point; a sign change between two
// points is located by the secant method on the arclength (each trial a
// predictor–corrector from the earlier point):
//   - fold (saddle-node): the λ-component of the tangent, v_λ — the branch
//     turns back where a multiplier passes through +1;
//   - period doubling (flip): Re ∏ᵢ (μᵢ + 1) over the return map's
//     eigenvalues — a real multiplier passes through −1 (a complex pair
//     never changes the sign, |μ + 1|² > 0);
//   - branch point: det F_z = ∏ (μᵢ − 1) over the multipliers of the map
//     the corrector solves (2 − tr for an area-preserving map of the plane:
//     the trace crossing +2) — a multiplier passes through +1. A fold changes
//     its sign too, so a change in the same step as v_λ's is the fold's; alone,
//     the branch goes on through it (a symmetric orbit's pitchfork). Bracketed
//     on det F_z along the arclength, not on where the orbit exists.
//   - grazing: the smallest gap of a contact the orbit does not strike
//     (an interior minimum of an open phase, variational.ts's minGaps).
//     Those contacts are ignored by the flow along the branch, so the
//     orbit stays smooth through the touch; the branch ends at the grazing,
//     beyond which the real motion strikes the new contact.
// Tests: test/runtime/analysis/continuation.test.ts
import type { LoadedModule } from '../contract.js';
import { SimulationError } from '../errors.js';
import {
  componentNames,
  floquetMultipliers,
  isStable,
  periodicOrbit,
  returnedComponent,
  returnMapEigenvalues,
  strideMap,
  type PeriodicOrbit,
  type PeriodicOrbitOptions,
} from './periodic.js';
import type { SectionResult } from './variational.js';
import type { Complex } from '../../numeric/eigenvalues.js';
import { luFactor, luSolve } from '../../numeric/lu.js';

export interface ContinuationOptions extends PeriodicOrbitOptions {
  /** The parameter to vary (its value in `params`, else the model's default, is the start). */
  readonly parameter: string;
  /** The branch is followed while the parameter stays inside [lo, hi]. */
  readonly range: readonly [number, number];
  /** Initial direction in the parameter (default +1). */
  readonly direction?: 1 | -1;
  /** Arclength steps in the scaled (z, λ) space: first, largest, smallest (defaults: 1%, 10%, 1e-6 of the range's width). */
  readonly step?: number;
  readonly maxStep?: number;
  readonly minStep?: number;
  /** Most branch points (default 200). */
  readonly maxPoints?: number;
}

export interface BranchPoint {
  readonly parameter: number;
  readonly q: number[];
  readonly qd: number[];
  readonly t0: number;
  readonly period: number;
  readonly multipliers: Complex[];
  readonly stable: boolean;
}

export type BifurcationKind = 'fold' | 'period-doubling' | 'branch-point' | 'grazing';

export interface Bifurcation {
  readonly kind: BifurcationKind;
  readonly parameter: number;
  /** The grazing contact's name. */
  readonly contact?: string;
  readonly point: BranchPoint;
}

export interface Branch {
  readonly parameter: string;
  readonly points: BranchPoint[];
  readonly bifurcations: Bifurcation[];
  /** range: left the parameter range; grazing: ended at a grazing; max-points; failed: the corrector did not converge at the smallest step. */
  readonly status: 'range' | 'grazing' | 'max-points' | 'failed';
  /** The starting orbit. */
  readonly start: PeriodicOrbit;
}

/** A point of the branch with what the tests need. */
interface Node {
  readonly u: Float64Array;
  readonly v: Float64Array;
  readonly res: SectionResult;
  /** Eigenvalues of the return map on the periodic components (the flow direction's zero among them). */
  readonly eig: Complex[];
  /** det F_z. */
  readonly det: number;
}

/** Follow the periodic orbit through (q0, q̇0) as `parameter` varies inside `range`. */
export function continueOrbit(module: LoadedModule, opts: ContinuationOptions): Branch {
  const model = module.model;
  const name = opts.parameter;
  const info = model.parameters.find((p) => p.name === name);
  if (!info)
    throw new SimulationError(
      'invalid-option',
      'input',
      `continuation: no parameter '${name}' (parameters: ${model.parameters.map((p) => p.name).join(', ')})`,
      { model: model.name, field: 'parameter' },
    );
  const [lo, hi] = opts.range;
  const lambda0 = opts.params?.[name] ?? info.default;
  if (!(lo < hi) || !(lambda0 >= lo && lambda0 <= hi)) {
    throw new SimulationError('invalid-option', 'input', `continuation: range [${lo}, ${hi}] must contain the start value ${name} = ${lambda0}`, {
      model: model.name,
      field: 'range',
    });
  }
  const start = periodicOrbit(module, opts);
  const n = model.coordinates.length,
    N = 2 * n + 1;
  const names = componentNames(module);
  // The same periodicity along the whole branch: kept components and fixed advances.
  const advance = new Float64Array(N);
  const free = new Set<number>();
  for (const [c, p] of Object.entries(start.periodicity)) {
    const i = names.indexOf(c);
    if (p.kind === 'free') free.add(i);
    else advance[i] = i === 2 * n ? start.period : start.shift[c]!;
  }
  const fixed = new Set((opts.fix ?? []).map((c) => names.indexOf(c)));
  // Unknowns: neither free nor fixed; multipliers: every component but the free ones.
  const kept = [...Array(N).keys()].filter((c) => !free.has(c) && !fixed.has(c));
  const periodic = [...Array(N).keys()].filter((c) => !free.has(c));
  const k = kept.length;
  const struck = new Set(start.impacts.flatMap((i) => i.contacts));
  const ignore = model.unilateral.map((_, j) => j).filter((j) => !struck.has(j));
  const base = Float64Array.from([...start.q, ...start.qd, start.t0]);
  const width = hi - lo;
  // λ is scaled so that one range width counts like one unit of state.
  const lambdaScale = width;
  const maxStep = opts.maxStep ?? 0.1;
  const minStep = opts.minStep ?? 1e-6;
  const tol = opts.tol ?? 1e-9;

  const stateOf = (u: Float64Array): Float64Array => {
    const X = Float64Array.from(base);
    kept.forEach((c, a) => (X[c] = u[a]!));
    return X;
  };
  const lambdaOf = (u: Float64Array): number => lambda0 + u[k]! * lambdaScale;
  const stride = (u: Float64Array, lambda = lambdaOf(u)): SectionResult => {
    const X = stateOf(u);
    return strideMap(module, {
      ...opts,
      params: { ...opts.params, [name]: lambda },
      q0: X.subarray(0, n),
      qd0: X.subarray(n, 2 * n),
      t0: X[2 * n]!,
      held: start.held,
      ignore,
    });
  };
  const residual = (u: Float64Array, res: SectionResult): Float64Array => {
    const X = stateOf(u);
    return Float64Array.from(kept, (c) => returnedComponent(res, c) - X[c]! - advance[c]!);
  };
  /** [F_z F_λ], k × (k + 1), with F_λ in the scaled λ. */
  const jacobian = (u: Float64Array, res: SectionResult): Float64Array => {
    const J = new Float64Array(k * (k + 1));
    kept.forEach((i, a) => kept.forEach((c, b) => (J[a * (k + 1) + b] = res.poincare[i * N + c]! - (a === b ? 1 : 0))));
    const h = 1e-6 * Math.max(1, Math.abs(lambdaOf(u)));
    const plus = residual(u, stride(u, lambdaOf(u) + h)),
      minus = residual(u, stride(u, lambdaOf(u) - h));
    for (let a = 0; a < k; a++) J[a * (k + 1) + k] = ((plus[a]! - minus[a]!) / (2 * h)) * lambdaScale;
    return J;
  };
  /** Unit null vector of J (k × (k+1)), oriented along `prev`. */
  const tangent = (J: Float64Array, prev: Float64Array): Float64Array => {
    const A = new Float64Array((k + 1) * (k + 1));
    A.set(J);
    A.set(prev, k * (k + 1));
    const rhs = new Float64Array(k + 1);
    rhs[k] = 1;
    const v = solve(k + 1, A, rhs);
    const norm = Math.hypot(...v);
    return v.map((x) => x / norm);
  };
  const node = (u: Float64Array, res: SectionResult, prev: Float64Array): Node => {
    const J = jacobian(u, res);
    return { u, v: tangent(J, prev), res, eig: returnMapEigenvalues(res.poincare, N, periodic), det: leadingDeterminant(J, k) };
  };
  /** Predictor–corrector from `from` by arclength ds; undefined if Newton fails. */
  const advanceBy = (from: Node, ds: number): Node | undefined => {
    const u = Float64Array.from(from.u, (x, i) => x + ds * from.v[i]!);
    for (let iter = 0; iter < 12; iter++) {
      let res: SectionResult;
      try {
        res = stride(u);
      } catch (err) {
        if (err instanceof SimulationError) return undefined;
        throw err;
      }
      const F = residual(u, res);
      const X = stateOf(u);
      const scale = 1 + Math.max(...kept.map((c) => Math.abs(X[c]!)));
      const G = new Float64Array(k + 1);
      G.set(F);
      let along = 0;
      for (let i = 0; i <= k; i++) along += from.v[i]! * (u[i]! - from.u[i]!);
      G[k] = along - ds;
      if (Math.max(...Array.from(F, Math.abs)) <= tol * scale && Math.abs(G[k]!) <= 1e-9) return node(u, res, from.v);
      const A = new Float64Array((k + 1) * (k + 1));
      A.set(jacobian(u, res));
      A.set(from.v, k * (k + 1));
      const delta = solve(k + 1, A, G);
      if (!delta.every(Number.isFinite)) return undefined;
      for (let i = 0; i <= k; i++) u[i] -= delta[i]!;
    }
    return undefined;
  };

  const u0 = Float64Array.from([...kept.map((c) => base[c]!), 0]);
  const dir = new Float64Array(k + 1);
  dir[k] = opts.direction ?? 1;
  const first = node(u0, stride(u0), dir);
  const points = [pointOf(first)];
  const bifurcations: Bifurcation[] = [];
  let current = first;
  let ds = opts.step ?? 0.01;
  let status: Branch['status'] = 'max-points';
  const tests = (a: Node): number[] => [a.v[k]!, flipTest(a.eig), a.det, ...ignore.map((j) => a.res.minGaps[j]!)];
  const kinds: BifurcationKind[] = ['fold', 'period-doubling', 'branch-point', ...ignore.map((): BifurcationKind => 'grazing')];

  function pointOf(a: Node): BranchPoint {
    const X = stateOf(a.u);
    const multipliers = floquetMultipliers(a.eig);
    return {
      parameter: lambdaOf(a.u),
      q: Array.from(X.subarray(0, n)),
      qd: Array.from(X.subarray(n, 2 * n)),
      t0: X[2 * n]!,
      period: a.res.t - X[2 * n]!,
      multipliers,
      stable: isStable(multipliers),
    };
  }

  while (points.length < (opts.maxPoints ?? 200)) {
    const next = advanceBy(current, ds);
    // A step that turns the tangent by more than ~25° has jumped a fold or another branch.
    if (!next || dot(next.v, current.v) < 0.9) {
      ds /= 2;
      if (ds < minStep) {
        status = 'failed';
        break;
      }
      continue;
    }
    const before = tests(current),
      after = tests(next);
    let ended = false;
    const changed = before.map((a, i) => {
      const b = after[i]!;
      return Number.isFinite(a) && Number.isFinite(b) && Math.sign(a) !== Math.sign(b) && a !== 0;
    });
    for (let i = 0; i < before.length; i++) {
      if (!changed[i] || (kinds[i] === 'branch-point' && changed[0])) continue;
      const at = locate(current, ds, (x) => tests(x)[i]!, before[i]!, after[i]!, advanceBy) ?? next;
      const contact = kinds[i] === 'grazing' ? model.unilateral[ignore[i - 3]!]!.name : undefined;
      bifurcations.push({ kind: kinds[i]!, parameter: lambdaOf(at.u), ...(contact ? { contact } : {}), point: pointOf(at) });
      if (kinds[i] === 'grazing') ended = true;
    }
    if (ended) {
      status = 'grazing';
      break;
    }
    points.push(pointOf(next));
    current = next;
    const lambda = lambdaOf(next.u);
    if (lambda < lo || lambda > hi) {
      status = 'range';
      break;
    }
    ds = Math.min(maxStep, ds * 1.5);
  }
  return { parameter: name, points, bifurcations, status, start };
}

function dot(a: Float64Array, b: Float64Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!;
  return s;
}

/** Re ∏(μᵢ + 1): changes sign where a real multiplier crosses −1. */
function flipTest(eig: readonly Complex[]): number {
  let re = 1,
    im = 0;
  for (const z of eig) {
    const a = z.re + 1,
      b = z.im;
    [re, im] = [re * a - im * b, re * b + im * a];
  }
  return re;
}

/** The determinant of the leading k × k block of J (k × (k + 1), row-major). */
function leadingDeterminant(J: Float64Array, k: number): number {
  const A = new Float64Array(k * k);
  for (let a = 0; a < k; a++) A.set(J.subarray(a * (k + 1), a * (k + 1) + k), a * k);
  const piv = new Int32Array(k);
  if (luFactor(k, A, piv, 0) >= 0) return 0;
  let det = 1;
  for (let i = 0; i < k; i++) det *= piv[i] === i ? A[i * k + i]! : -A[i * k + i]!;
  return det;
}

/**
 * The arclength s ∈ (0, ds) where a test function changes sign, by the
 * Illinois secant method (each trial a predictor–corrector from `from`).
 */
function locate(
  from: Node,
  ds: number,
  test: (a: Node) => number,
  fa: number,
  fb: number,
  advanceBy: (from: Node, ds: number) => Node | undefined,
): Node | undefined {
  let a = 0,
    b = ds,
    best: Node | undefined;
  let side = 0;
  for (let iter = 0; iter < 30 && b - a > 1e-12 * ds; iter++) {
    let s = b - (fb * (b - a)) / (fb - fa);
    if (!(s > a && s < b)) s = 0.5 * (a + b);
    const trial = advanceBy(from, s);
    if (!trial) return best;
    best = trial;
    const f = test(trial);
    if (f === 0 || Math.abs(f) < 1e-13) return trial;
    // Illinois: an end kept twice in a row has its value halved.
    if (Math.sign(f) === Math.sign(fa)) {
      a = s;
      fa = f;
      if (side === -1) fb *= 0.5;
      side = -1;
    } else {
      b = s;
      fb = f;
      if (side === 1) fa *= 0.5;
      side = 1;
    }
  }
  return best;
}

/** x with A x = b (A n×n row-major); NaN when singular. */
function solve(n: number, A: Float64Array, b: Float64Array): Float64Array {
  const LU = Float64Array.from(A);
  const piv = new Int32Array(n);
  const x = new Float64Array(n);
  if (luFactor(n, LU, piv, 1e-14) >= 0) return x.fill(NaN);
  luSolve(n, LU, piv, Float64Array.from(b), 0, x, 0);
  return x;
}
