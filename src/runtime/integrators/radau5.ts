// Radau IIA of order 5: an implicit, L-stable Runge–Kutta integrator for
// stiff systems (compliant contacts, large penalty stiffness), with dense
// output and the calling convention of dopri5's `integrate`.
//
// The method and its implementation follow Hairer & Wanner, "Solving
// Ordinary Differential Equations II", 2nd ed., §IV.5 (the 3-stage Radau IIA
// collocation method, c = ((4 − √6)/10, (4 + √6)/10, 1), order 5, stability
// function R(z) = Padé (2,3) of eᶻ, R(−∞) = 0) and §IV.8 (the RADAU5 code):
//
// - The stage displacements zᵢ = Yᵢ − y₀ solve Z = h (A ⊗ I) F(Z). The
//   simplified Newton iteration (I − hA ⊗ J) ΔZ = −Z + h (A ⊗ I) F(Z), with
//   one J = ∂f/∂y per step, is multiplied by (hA)⁻¹ ⊗ I and transformed with
//   T⁻¹A⁻¹T = Λ = [γ 0 0; 0 α β; 0 −β α]: W = (T⁻¹ ⊗ I) Z and
//     (h⁻¹Λ ⊗ I − I ⊗ J) ΔW = −h⁻¹ (Λ ⊗ I) W + (T⁻¹ ⊗ I) F(Z),
//   one real n×n system (γ/h − J) and one complex one ((α − iβ)/h − J),
//   both factored once per step size (§IV.8, "Simplified Newton iterations").
// - The complex system is solved in its real form, the 2n×2n matrix
//   [α/h − J, β/h; −β/h, α/h − J], with the toolkit's tested LU
//   (src/numeric/lu.ts, partial pivoting with a singularity threshold). A
//   complex LU would do half the flops, but for the sizes of mechanical models
//   (n ≲ 50) both cost microseconds next to the evaluations of f, and one
//   solver, written once and tested on singular input, is worth more than a
//   second one in complex arithmetic.
// - Newton stops when η‖ΔZ‖ ≤ κ·Tol with the contraction rate θ and
//   η = θ/(1 − θ), and gives up early when θ ≥ 0.99 or when θ predicts that
//   the remaining iterations cannot converge (§IV.8, "Stopping criterion");
//   the step is then retried with a smaller h.
// - Error estimate (§IV.8, "Error estimation"): an embedded formula of order 3
//   with the extra node 0, weight γ₀ = 1/γ on f(t₀, y₀), gives
//     err = (I − hγ₀J)⁻¹ [γ₀h f(t₀, y₀) + e₁z₁ + e₂z₂ + e₃z₃];
//   the factor (I − hγ₀J)⁻¹ filters out the stiff components, which the
//   raw difference would overestimate by |hλ|; after a rejection (or on the
//   first step) a too-large estimate is filtered once more through f at
//   y₀ + err, so that a stiff initial transient cannot reject every step.
// - Step size: h_new = fac·h·err^(−1/4), fac lowered when Newton needed
//   many iterations, combined with the predictive controller of Gustafsson
//   (§IV.8, "Step size selection"), taking the smaller of the two proposals.
// - J is recomputed after an accepted step only if Newton contracted slower
//   than θ = 0.001, and the factorizations are kept while the proposed step
//   grows by less than 20 % (the defaults of RADAU5, §IV.8).
// - Tolerances: the user's rtol, atol are mapped to rtol' = 0.1 rtol^(2/3),
//   atol' = rtol'·atol/rtol before use, as RADAU5 does: the estimate is of
//   local order 4 while the solution is of order 5, and this mapping makes
//   the global error come out near the requested rtol.
// - Dense output: the collocation polynomial through (t₀, y₀) and the three
//   stages (degree 3, uniform error O(h⁴), continuous across steps), which
//   also gives the starting values of the next step's Newton iteration.
//
// Tests: test/runtime/integrators/radau5.test.ts.

import { luFactor, luSolve } from '../../numeric/lu.js';
import type { DenseStep, Dopri5Options, IntegrationResult, IntegrationStats, IntegrationStatus, OdeFunction } from './dopri5.js';

/** Writes ∂f/∂y at (t, y) into `out`, row-major n×n: out[i·n + j] = ∂fᵢ/∂yⱼ. */
export type JacobianFunction = (t: number, y: Float64Array, out: Float64Array) => void;

export interface RadauOptions extends Dopri5Options {
  /**
   * The Jacobian of f. Without it, forward differences with the increment
   * δⱼ = √u·max(|yⱼ|, atolⱼ/rtol) (u the unit roundoff; √u alone if both
   * vanish): the truncation error δ·|f''| and the cancellation error u·|f|/δ
   * of a forward difference balance at δ ≈ √u·|yⱼ|, and atolⱼ/rtol, the size
   * below which the tolerances measure yⱼ absolutely, is the scale of a
   * component passing through zero (Robertson's y₂ ≈ 1e-13 needs an
   * increment far below the fixed floor √(u·10⁻⁵) of Hairer's codes, whose
   * differences at steps h ≈ 1e10 cost Newton its convergence). Costs n
   * evaluations of f per Jacobian.
   */
  readonly jacobian?: JacobianFunction;
  /**
   * κ·Tol of the Newton stopping test, in the scaled norm of the tolerances
   * (default max(10u/rtol', min(0.03, √rtol'))): Newton stops when its
   * predicted remaining error is below this fraction of the tolerance.
   */
  readonly newtonTolerance?: number;
  /** Newton iterations allowed per step before the step is retried smaller (default 7). */
  readonly maxNewtonIterations?: number;
}

export interface StiffIntegrationStats extends IntegrationStats {
  /** Evaluations of ∂f/∂y (by `jacobian`, or by n differences of f, which `evaluations` counts). */
  readonly jacobians: number;
  /** LU factorizations of the pair (γ/h − J, real form of (α − iβ)/h − J), counted once per pair. */
  readonly factorizations: number;
  readonly newtonIterations: number;
  /** Steps retried with a smaller h because Newton diverged, converged too slowly or met a non-finite f (not in `rejected`, which counts failed error tests). */
  readonly newtonFailures: number;
}

export interface StiffIntegrationResult extends IntegrationResult {
  readonly stats: StiffIntegrationStats;
}

// The Radau IIA tableau (HW II §IV.5): collocation at the zeros of
// d²/dx² (x²(x − 1)³), aᵢⱼ = ∫₀^{cᵢ} ℓⱼ, b = the last row of A.
const S6 = Math.sqrt(6);
const C1 = (4 - S6) / 10;
const C2 = (4 + S6) / 10;
const NODES = [C1, C2, 1] as const;
const A_MATRIX = [
  [(88 - 7 * S6) / 360, (296 - 169 * S6) / 1800, (-2 + 3 * S6) / 225],
  [(296 + 169 * S6) / 1800, (88 + 7 * S6) / 360, (-2 - 3 * S6) / 225],
  [(16 - S6) / 36, (16 + S6) / 36, 1 / 9],
] as const;
// Eigenvalues of A⁻¹: the roots of z³ − 9z² + 36z − 60, the denominator of
// R(z) = (1 + 2z/5 + z²/20)/(1 − 3z/5 + 3z²/20 − z³/60) (HW II §IV.5), one
// real (γ) and a complex pair (α ± iβ).
const CBRT3 = Math.cbrt(3);
const GAMMA = 3 + CBRT3 * CBRT3 - CBRT3;
const ALPHA = 3 - (CBRT3 * CBRT3 - CBRT3) / 2;
const BETA = (Math.sqrt(3) * (CBRT3 + CBRT3 * CBRT3)) / 2;
// Error weights γ·eⱼ of the embedded order-3 formula (b̂₀ = γ₀ = 1/γ and
// the b̂ᵢ fixed by the quadrature conditions of order 3; eⱼ = Σᵢ (b̂ᵢ − bᵢ)(A⁻¹)ᵢⱼ),
// worked out in closed form; the test recomputes them from the conditions.
const ERROR_WEIGHTS = [-(13 + 7 * S6) / 3, (-13 + 7 * S6) / 3, -1 / 3] as const;

type Matrix3 = readonly (readonly number[])[];

/** The inverse of a 3×3 matrix by the toolkit's LU (an input that is singular is a programming error here). */
function inverse3(m: Matrix3): number[][] {
  const lu = Float64Array.from(m.flat());
  const piv = new Int32Array(3);
  if (luFactor(3, lu, piv, 1e-12) !== -1) throw new Error('radau5: singular 3×3 matrix in the tableau');
  const inv = [new Array<number>(3), new Array<number>(3), new Array<number>(3)];
  const col = new Float64Array(3);
  for (let j = 0; j < 3; j++) {
    col.fill(0);
    col[j] = 1;
    luSolve(3, lu, piv, col, 0, col, 0);
    for (let i = 0; i < 3; i++) inv[i]![j] = col[i]!;
  }
  return inv;
}

function cross(a: readonly number[], b: readonly number[]): number[] {
  return [a[1]! * b[2]! - a[2]! * b[1]!, a[2]! * b[0]! - a[0]! * b[2]!, a[0]! * b[1]! - a[1]! * b[0]!];
}

function unit(v: readonly number[]): number[] {
  const s = Math.hypot(...v);
  return v.map((x) => x / s);
}

/** The row of a 3×3 matrix with the largest norm. */
function largestRow(m: Matrix3): readonly number[] {
  // biome-ignore lint/performance/noAccumulatingSpread: the spread is a 3-vector into Math.hypot, not the accumulator
  return m.reduce((best, r) => (Math.hypot(...r) > Math.hypot(...best) ? r : best));
}

/**
 * T with T⁻¹A⁻¹T = [γ 0 0; 0 α β; 0 −β α]: the columns are v₁ spanning
 * ker(A⁻¹ − γ), and u, v with A⁻¹(u + iv) = (α + iβ)(u + iv). The invariant
 * plane of the complex pair is ker((A⁻¹ − α)² + β²), a matrix of rank 1
 * whose rows are all normal to that plane; u is any unit vector in it and
 * v = −(A⁻¹ − α)u/β. Any such T serves: Λ is what the iteration uses.
 */
function transformation(inv: Matrix3): { T: number[][]; Tinv: number[][] } {
  const shifted = (s: number): number[][] => inv.map((r, i) => r.map((x, j) => x - (i === j ? s : 0)));
  const mg = shifted(GAMMA);
  // The null vector of a rank-2 3×3 matrix is the cross product of two independent rows.
  const pairs = [cross(mg[0]!, mg[1]!), cross(mg[0]!, mg[2]!), cross(mg[1]!, mg[2]!)];
  const v1 = unit(largestRow(pairs));
  const ma = shifted(ALPHA);
  const plane = ma.map((r, i) => ma.map((_, j) => r.reduce((s, x, k) => s + x * ma[k]![j]!, 0) + (i === j ? BETA * BETA : 0)));
  const normal = largestRow(plane);
  const k = normal.reduce((best, x, i) => (Math.abs(x) < Math.abs(normal[best]!) ? i : best), 0);
  const u = unit(
    cross(
      normal,
      [0, 1, 2].map((i) => (i === k ? 1 : 0)),
    ),
  );
  const v = ma.map((r) => -r.reduce((s, x, j) => s + x * u[j]!, 0) / BETA);
  const T = [0, 1, 2].map((i) => [v1[i]!, u[i]!, v[i]!]);
  return { T, Tinv: inverse3(T) };
}

const A_INVERSE = inverse3(A_MATRIX);
const { T: T_MATRIX, Tinv: T_INVERSE } = transformation(A_INVERSE);

/** The coefficients the integrator uses, exported for their tests. */
export const RADAU_IIA_5 = {
  c: NODES,
  A: A_MATRIX,
  gamma: GAMMA,
  alpha: ALPHA,
  beta: BETA,
  T: T_MATRIX as Matrix3,
  Tinv: T_INVERSE as Matrix3,
  errorWeights: ERROR_WEIGHTS,
} as const;

// Step-size control constants of HW II §IV.8 / RADAU5: safety factor, bounds
// on h_new/h (at most 8 times larger, 5 times smaller), the contraction rate
// below which J is kept, and the band of step ratios [1, 1.2] in which the
// factorizations are kept too (a new LU costs more than the 20 % step gained).
const SAFE = 0.9;
const GROW_MAX = 8;
const SHRINK_MAX = 5;
const THETA_REUSE = 0.001;
const KEEP_H_MAX = 1.2;
const EPS = Number.EPSILON;
const SQRT_EPS = Math.sqrt(EPS);

/**
 * The collocation polynomial of the last accepted step,
 * y(tPrev + θh) = yPrev + θ(a₁ + (θ − c₁)(a₂ + (θ − c₂)a₃)), in the Newton form
 * of the displacement on the nodes 0, c₁, c₂, 1 (exact at θ = 0).
 */
class RadauDense implements DenseStep {
  private readonly n: number;
  /** The divided differences a₁, a₂, a₃ in blocks of n. */
  private readonly a: Float64Array;
  readonly yPrev: Float64Array;
  readonly y: Float64Array;
  tPrev = 0;
  t = 0;
  h = 1;

  constructor(n: number) {
    [this.n, this.yPrev, this.y, this.a] = [n, new Float64Array(n), new Float64Array(n), new Float64Array(3 * n)];
  }

  /** Interpolate through u(0) = 0, u(cᵢ) = zᵢ (Z in stage blocks of n). */
  fit(z: Float64Array): void {
    const { n, a } = this;
    for (let i = 0; i < n; i++) {
      const z1 = z[i]!,
        z2 = z[n + i]!,
        z3 = z[2 * n + i]!;
      const d01 = z1 / C1;
      const d12 = (z2 - z1) / (C2 - C1);
      const d23 = (z3 - z2) / (1 - C2);
      const d012 = (d12 - d01) / C2;
      const d123 = (d23 - d12) / (1 - C1);
      a[i] = d01;
      a[n + i] = d012;
      a[2 * n + i] = d123 - d012;
    }
  }

  /** The displacement u(θ) of component i. */
  displacement(theta: number, i: number): number {
    const { n, a } = this;
    return theta * (a[i]! + (theta - C1) * (a[n + i]! + (theta - C2) * a[2 * n + i]!));
  }

  eval(s: number, out: Float64Array): Float64Array {
    const theta = (s - this.tPrev) / this.h;
    for (let i = 0; i < this.n; i++) out[i] = this.yPrev[i]! + this.displacement(theta, i);
    return out;
  }
}

function allFinite(a: Float64Array): boolean {
  for (let i = 0; i < a.length; i++) if (!Number.isFinite(a[i]!)) return false;
  return true;
}

/** Root mean square of x[k]/scale[k mod n] over x (one or several stage blocks of n). */
function scaledRms(x: Float64Array, scale: Float64Array): number {
  const n = scale.length;
  if (n === 0) return 0;
  let s = 0;
  for (let k = 0; k < x.length; k++) {
    const r = x[k]! / scale[k % n]!;
    s += r * r;
  }
  return Math.sqrt(s / x.length);
}

/** The user's tolerances checked and mapped to the internal ones (rtol' = 0.1 rtol^(2/3), atol' = rtol'·atol/rtol). */
function internalTolerances(n: number, rtol: number, atol: number | ArrayLike<number>): { rtol: number; atol: Float64Array } {
  if (!(rtol > 0)) throw new RangeError(`radau5: rtol must be positive, got ${rtol}`);
  const inner = 0.1 * rtol ** (2 / 3);
  const scaled = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const a = typeof atol === 'number' ? atol : atol[i]!;
    if (!(a >= 0)) throw new RangeError(`radau5: atol must be non-negative, got ${a} at ${i}`);
    scaled[i] = (inner * a) / rtol;
  }
  return { rtol: inner, atol: scaled };
}

/**
 * Integrate the stiff system y' = f(t, y) from t0 to t1 ≥ t0 by Radau IIA
 * of order 5. Same options, `onStep` dense steps and result as dopri5's
 * `integrate`, plus the Jacobian and Newton options; throws only on invalid
 * arguments, numerical trouble is reported in `status`.
 */
export function integrateStiff(f: OdeFunction, t0: number, y0: ArrayLike<number>, t1: number, opts: RadauOptions = {}): StiffIntegrationResult {
  const n = y0.length;
  const span = t1 - t0;
  if (!Number.isFinite(t0) || !Number.isFinite(t1) || span < 0) {
    throw new RangeError(`radau5: need finite t0 ≤ t1, got t0 = ${t0}, t1 = ${t1}`);
  }
  const tol = internalTolerances(n, opts.rtol ?? 1e-8, opts.atol ?? 1e-10);
  const hmax = Math.abs(opts.hmax ?? span);
  const maxSteps = opts.maxSteps ?? 100_000;
  const maxNewton = opts.maxNewtonIterations ?? 7;
  const newtonTol = opts.newtonTolerance ?? Math.max((10 * EPS) / tol.rtol, Math.min(0.03, Math.sqrt(tol.rtol)));
  if (!(maxNewton >= 1)) throw new RangeError(`radau5: maxNewtonIterations must be at least 1, got ${maxNewton}`);
  if (!(newtonTol > 0)) throw new RangeError(`radau5: newtonTolerance must be positive, got ${newtonTol}`);

  const y = Float64Array.from(y0);
  const f0 = new Float64Array(n); // f(t, y) at the start of the step
  const scal = new Float64Array(n);
  const jac = new Float64Array(n * n);
  const e1 = new Float64Array(n * n),
    piv1 = new Int32Array(n);
  const e2 = new Float64Array(4 * n * n),
    piv2 = new Int32Array(2 * n);
  // Stage quantities in blocks of n: Z (displacements), W = T⁻¹Z, F (stage derivatives), ΔW, ΔZ.
  const z = new Float64Array(3 * n),
    w = new Float64Array(3 * n),
    fz = new Float64Array(3 * n);
  const dw = new Float64Array(3 * n),
    dz = new Float64Array(3 * n);
  const ytmp = new Float64Array(n),
    ftmp = new Float64Array(n),
    est = new Float64Array(n);
  const dense = new RadauDense(n);
  // atol/rtol: the size below which component j is measured absolutely, the scale of its difference increment.
  const noiseScale = tol.atol.map((a) => a / tol.rtol);

  let evaluations = 0,
    accepted = 0,
    rejected = 0,
    jacobians = 0,
    factorizations = 0,
    newtonIterations = 0,
    newtonFailures = 0;
  const finish = (status: IntegrationStatus, t: number, h: number): StiffIntegrationResult => ({
    status,
    t,
    y: Float64Array.from(y),
    h,
    stats: { accepted, rejected, evaluations, jacobians, factorizations, newtonIterations, newtonFailures },
  });

  f(t0, y, f0);
  evaluations++;
  if (!allFinite(y) || !allFinite(f0)) return finish('non-finite', t0, 0);
  if (span === 0) return finish('done', t0, opts.h0 ?? 0);

  /** J at (t, y) into `jac`, analytic or by forward differences around f0 = f(t, y). */
  const computeJacobian = (t: number): void => {
    jacobians++;
    if (opts.jacobian) {
      opts.jacobian(t, y, jac);
      return;
    }
    for (let j = 0; j < n; j++) {
      const yj = y[j]!;
      y[j] = yj + SQRT_EPS * (Math.max(Math.abs(yj), noiseScale[j]!) || 1);
      const delta = y[j]! - yj; // the increment actually representable
      f(t, y, ftmp);
      y[j] = yj;
      for (let i = 0; i < n; i++) jac[i * n + j] = (ftmp[i]! - f0[i]!) / delta;
    }
    evaluations += n;
  };

  /** Factor γ/h − J and the real form of (α − iβ)/h − J; false if either is singular. */
  const factor = (h: number): boolean => {
    factorizations++;
    const g = GAMMA / h,
      a = ALPHA / h,
      b = BETA / h,
      m = 2 * n;
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < n; j++) {
        const d = i === j ? 1 : 0;
        const jij = jac[i * n + j]!;
        e1[i * n + j] = d * g - jij;
        e2[i * m + j] = d * a - jij;
        e2[i * m + n + j] = d * b;
        e2[(n + i) * m + j] = -d * b;
        e2[(n + i) * m + n + j] = d * a - jij;
      }
    }
    return luFactor(n, e1, piv1, n * EPS) === -1 && luFactor(m, e2, piv2, m * EPS) === -1;
  };

  /** The filtered error estimate of the step with displacements z (see the header), in the scaled norm. */
  const estimateError = (t: number, h: number, refilter: boolean): number => {
    const weigh = (fy: Float64Array): number => {
      for (let i = 0; i < n; i++) {
        est[i] = fy[i]! + (ERROR_WEIGHTS[0] * z[i]! + ERROR_WEIGHTS[1] * z[n + i]! + ERROR_WEIGHTS[2] * z[2 * n + i]!) / h;
      }
      luSolve(n, e1, piv1, est, 0, est, 0);
      return scaledRms(est, scal);
    };
    let err = weigh(f0);
    if (err >= 1 && refilter) {
      for (let i = 0; i < n; i++) ytmp[i] = y[i]! + est[i]!;
      f(t, ytmp, ftmp);
      evaluations++;
      err = weigh(ftmp);
    }
    return Math.max(err, 1e-10);
  };

  let t = t0;
  let h = Math.min(Math.abs(opts.h0 ?? startingStep(y, f0, tol.rtol, tol.atol)), hmax);
  let needJacobian = true; // J must be (re)computed at (t, y) before the next attempt
  let jacobianCurrent = false; // J was computed at the present (t, y)
  let hFactored = NaN; // the step size of the current factorizations
  let hasPrevious = false; // a previous accepted step gives Newton's starting values
  let hPrevious = 0;
  let hAccepted = 0,
    errAccepted = 0; // the last accepted step, for Gustafsson's controller
  let eta = 1; // η = θ/(1 − θ), carried from step to step for the first iteration's test
  let lastRejected = false;
  let nonFiniteStage = false;
  let attempts = 0;

  for (;;) {
    const end = cannotContinue(attempts, maxSteps, t, h, nonFiniteStage);
    if (end) return finish(end, t, h);
    attempts++;
    // Land exactly on t1 rather than leave a sliver step (the 1.01 margin of dopri5).
    const last = t + 1.01 * h >= t1;
    if (last) h = t1 - t;

    if (needJacobian) {
      computeJacobian(t);
      needJacobian = false;
      jacobianCurrent = true;
      if (!allFinite(jac)) return finish('non-finite', t, h);
    }
    if (h !== hFactored) {
      hFactored = h;
      if (!factor(h)) {
        // γ/h − J is singular only when an eigenvalue of hJ sits at γ or α ± iβ: a smaller h moves it away.
        hFactored = NaN;
        h *= 0.5;
        lastRejected = true;
        continue;
      }
    }
    for (let i = 0; i < n; i++) scal[i] = tol.atol[i]! + tol.rtol * Math.abs(y[i]!);

    // Starting values: the previous collocation polynomial extrapolated to the new nodes (zero on the first step).
    if (hasPrevious) {
      const r = h / hPrevious;
      for (let i = 0; i < n; i++) {
        const atEnd = dense.displacement(1, i);
        for (let s = 0; s < 3; s++) z[s * n + i] = dense.displacement(1 + NODES[s]! * r, i) - atEnd;
      }
    } else z.fill(0);
    transform(T_INVERSE, z, w, n);

    // Simplified Newton iteration in the transformed variables (see the header).
    eta = Math.max(eta, EPS) ** 0.8;
    let theta = THETA_REUSE; // a first-iteration convergence counts as fast
    let thetaPrevious = 0;
    let previousNorm = 0;
    let iterations = 0;
    let shrink = 0; // > 0: Newton failed, retry with h·shrink
    for (;;) {
      if (iterations >= maxNewton) {
        shrink = 0.5;
        break;
      }
      for (let s = 0; s < 3; s++) {
        for (let i = 0; i < n; i++) ytmp[i] = y[i]! + z[s * n + i]!;
        f(t + NODES[s]! * h, ytmp, ftmp);
        fz.set(ftmp, s * n);
      }
      evaluations += 3;
      transform(T_INVERSE, fz, dw, n);
      for (let i = 0; i < n; i++) {
        const w1 = w[i]!,
          w2 = w[n + i]!,
          w3 = w[2 * n + i]!;
        dw[i] = dw[i]! - (GAMMA * w1) / h;
        dw[n + i] = dw[n + i]! - (ALPHA * w2 + BETA * w3) / h;
        dw[2 * n + i] = dw[2 * n + i]! - (ALPHA * w3 - BETA * w2) / h;
      }
      luSolve(n, e1, piv1, dw, 0, dw, 0);
      luSolve(2 * n, e2, piv2, dw, n, dw, n);
      transform(T_MATRIX, dw, dz, n);
      // The increment of Z, in the units of y, so the test does not depend on T's normalization.
      const norm = scaledRms(dz, scal);
      iterations++;
      newtonIterations++;
      if (!Number.isFinite(norm)) {
        nonFiniteStage = true;
        shrink = 0.5;
        break;
      }
      if (iterations >= 2) {
        const q = norm / previousNorm;
        theta = iterations === 2 ? q : Math.sqrt(q * thetaPrevious);
        thetaPrevious = q;
        if (theta >= 0.99) {
          shrink = 0.5;
          break;
        }
        eta = theta / (1 - theta);
        // The error left after the remaining iterations if θ holds; if it cannot reach κ·Tol, give up
        // now and shrink h by RADAU5's heuristic factor 0.8·predicted^(−1/(4 + remaining)).
        const remaining = maxNewton - iterations;
        const predicted = (eta * norm * theta ** remaining) / newtonTol;
        if (predicted >= 1) {
          shrink = 0.8 * Math.max(1e-4, Math.min(20, predicted)) ** (-1 / (4 + remaining));
          break;
        }
      }
      previousNorm = Math.max(norm, EPS);
      for (let k = 0; k < 3 * n; k++) {
        w[k] = w[k]! + dw[k]!;
        z[k] = z[k]! + dz[k]!;
      }
      if (eta * norm <= newtonTol) break;
    }
    if (shrink > 0) {
      newtonFailures++;
      h *= shrink;
      lastRejected = true;
      if (!jacobianCurrent) needJacobian = true;
      continue;
    }
    nonFiniteStage = false;

    const err = estimateError(t, h, accepted === 0 || lastRejected);
    if (Number.isNaN(err)) {
      // f was not finite at y₀ + err: treat as a failed Newton iteration.
      nonFiniteStage = true;
      newtonFailures++;
      h *= 0.5;
      lastRejected = true;
      continue;
    }
    // Fewer Newton iterations leave more room to grow (RADAU5's fac).
    const fac = Math.min(SAFE, (SAFE * (2 * maxNewton + 1)) / (iterations + 2 * maxNewton));
    let quot = Math.max(1 / GROW_MAX, Math.min(SHRINK_MAX, err ** 0.25 / fac));
    if (err < 1) {
      accepted++;
      // Gustafsson's predictive controller: h_{n+1} = fac·h_n (h_n/h_{n−1}) (err_{n−1}/err_n²)^{1/4}.
      if (hAccepted > 0) {
        const predictive = ((hAccepted / h) * ((err * err) / errAccepted) ** 0.25) / SAFE;
        quot = Math.max(quot, Math.max(1 / GROW_MAX, Math.min(SHRINK_MAX, predictive)));
      }
      hAccepted = h;
      errAccepted = Math.max(1e-2, err);

      dense.yPrev.set(y);
      for (let i = 0; i < n; i++) y[i] = y[i]! + z[2 * n + i]!;
      dense.y.set(y);
      dense.fit(z);
      dense.tPrev = t;
      dense.t = last ? t1 : t + h;
      dense.h = h;
      t = dense.t;
      hPrevious = h;
      hasPrevious = true;
      f(t, y, f0);
      evaluations++;

      let hnew = Math.min(h / quot, hmax);
      if (lastRejected) hnew = Math.min(hnew, h);
      lastRejected = false;
      jacobianCurrent = false;
      if (!allFinite(f0)) return finish('non-finite', t, hnew);
      if (opts.onStep && opts.onStep(dense) === 'stop') return finish('stopped', t, hnew);
      if (last) return finish('done', t, hnew);
      if (theta > THETA_REUSE) needJacobian = true;
      // Keep h (and the factorizations) when J is kept and the proposal grows h by less than 20 %.
      if (needJacobian || hnew < h || hnew > KEEP_H_MAX * h) h = hnew;
    } else {
      rejected++;
      // Before the first accepted step the initial guess may be far off: cut it hard (RADAU5).
      h = accepted === 0 ? 0.1 * h : h / quot;
      lastRejected = true;
      if (!jacobianCurrent) needJacobian = true;
    }
  }
}

/**
 * The status that ends an adaptive loop before its next attempt, if any: the
 * attempt cap, or a step too small to change t (it would loop forever), which
 * is non-finite when the last attempts failed on non-finite values of f.
 */
function cannotContinue(attempts: number, maxSteps: number, t: number, h: number, nonFinite: boolean): IntegrationStatus | undefined {
  if (attempts >= maxSteps) return 'max-steps';
  if (t + 0.1 * h === t || !(h > 0)) return nonFinite ? 'non-finite' : 'step-underflow';
  return undefined;
}

/** out = (M ⊗ I) x for a 3×3 M and x in three blocks of n. */
function transform(m: Matrix3, x: Float64Array, out: Float64Array, n: number): void {
  const [r0, r1, r2] = m as [readonly number[], readonly number[], readonly number[]];
  for (let i = 0; i < n; i++) {
    const x1 = x[i]!,
      x2 = x[n + i]!,
      x3 = x[2 * n + i]!;
    out[i] = r0[0]! * x1 + r0[1]! * x2 + r0[2]! * x3;
    out[n + i] = r1[0]! * x1 + r1[1]! * x2 + r1[2]! * x3;
    out[2 * n + i] = r2[0]! * x1 + r2[1]! * x2 + r2[2]! * x3;
  }
}

/**
 * First trial step 0.01‖y₀‖/‖f(t₀, y₀)‖ in the scaled norm (the first
 * estimate of HNW I §II.4): the time in which y would change by 1 % at its
 * initial rate. A stiff transient makes ‖f‖ large and the step small; the
 * controller corrects the guess within a few steps either way.
 */
function startingStep(y: Float64Array, fy: Float64Array, rtol: number, atol: Float64Array): number {
  let dy = 0,
    df = 0;
  for (let i = 0; i < y.length; i++) {
    const sk = atol[i]! + rtol * Math.abs(y[i]!);
    dy += (y[i]! / sk) ** 2;
    df += (fy[i]! / sk) ** 2;
  }
  const h = dy <= 1e-10 || df <= 1e-10 ? 1e-6 : 0.01 * Math.sqrt(dy / df);
  return Number.isFinite(h) && h > 0 ? h : 1e-6;
}
