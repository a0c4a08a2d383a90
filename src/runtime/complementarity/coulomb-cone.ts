// Coulomb's law with the exact (second-order) cone, the solve of
// friction-lcp.ts for spatial contacts (and of any problem solved with
// them). Over blocks c of rows — a normal row N, then 0, 1 or 2 tangent
// rows T of a finite μ_c > 0 — with ξ = W Λ + b (W k×k symmetric positive
// semidefinite, b k), find Λ with, per block,
//   Λ_c ∈ K_c = {|Λ_T| ≤ μ_c Λ_N},   ξ̂_c = (ξ_N + μ_c|ξ_T|, ξ_T) ∈ K_c*,   Λ_cᵀξ̂_c = 0,
// De Saxcé's form of Coulomb's law (De Saxcé & Feng, Int. J. Solids Struct.
// 35 (1998)): open (Λ_c = 0, ξ_N ≥ 0), stick (ξ_c = 0, Λ_c ∈ K_c) or slide
// (ξ_N = 0, Λ_T = −μΛ_N ξ_T/|ξ_T|). Its natural map
//   Λ_c − proj_{K_c}(Λ_c − ρ_c ξ̂_c)
// vanishes exactly at a solution; with ρ_c = 1/W_NN it is measured in the
// rows' velocity units (`coneResidual`).
//
// Solve (Acary & Brogliato, "Numerical Methods for Nonsmooth Dynamical
// Systems", 2008, §13.6; Siconos' fc3d NSGS): non-smooth Gauss–Seidel over
// the blocks, each block's problem with the others' impulses held solved
// exactly (open, stick by W_cc Λ_c = −v_c, or slide: for a spatial block the
// sliding direction φ found where ξ_T(φ) is parallel to it, a scan of
// SCAN_DIRECTIONS sectors refined by bisection; for a planar one the two
// signs), until the natural map is below SWEEP_TOLERANCE; then Newton on the
// phases that solution shows (open Λ_c = 0, stick ξ_c = 0, slide ξ_N = 0 and
// Λ_T + μΛ_N ξ_T/|ξ_T| = 0), in least-squares steps (W may be singular: a
// box on four corners), which takes the answer to rounding. The polished
// answer stands only where its natural map is smaller.
//
// Energy: every answer is in the cone and maximally dissipative, Λ_Tᵀξ_T =
// −μΛ_N|ξ_T| ≤ 0, and Λ_Nξ_N = 0, so Λᵀξ ≤ 0 up to the residual, the lemma
// impact-law.ts builds its energy bound on.
// Tests: test/runtime/complementarity/coulomb-cone.test.ts.

import { choleskyFactor, choleskySolve } from '../../numeric/cholesky.js';
import { leastSquares } from '../../numeric/least-squares.js';

/** One contact's rows in the problem: its normal row and its tangent rows (none, one, or two), with μ > 0 where there are tangents. */
export interface ConeBlock {
  readonly normal: number;
  readonly tangents: readonly number[];
  readonly mu: number;
}

export interface ConeProblem {
  /** k×k row-major, symmetric positive semidefinite. */
  readonly W: ArrayLike<number>;
  readonly b: ArrayLike<number>;
  /** Every row in exactly one block. */
  readonly blocks: readonly ConeBlock[];
}

export interface ConeSolution {
  /** ok: natural map within CONE_TOLERANCE of the velocity scale; else the best answer found, with its residual. */
  readonly status: 'ok' | 'max-iterations';
  readonly impulses: Float64Array;
  /** Gauss–Seidel sweeps plus Newton steps. */
  readonly iterations: number;
  /** The natural map's largest block norm (velocity units, header). */
  readonly residual: number;
}

/**
 * Sweeps before the Gauss–Seidel answer is handed to Newton as it is. They
 * converge in tens on well-posed problems; where they do not (μ > 1.4 with
 * strongly coupled rows, 8 of 2166 random problems), more did not help.
 */
const MAX_SWEEPS = 300;
/** Natural map, relative to the velocity scale, at which the sweeps stop; Newton takes it on towards rounding (~1e-15). */
const SWEEP_TOLERANCE = 1e-9;
/**
 * An answer holds the law when its natural map is within this of the
 * velocity scale. Not every problem has an answer to rounding: Newton's
 * bias e U_N on the normals alone leaves b outside W's range where rows are
 * dependent (a box flat on four corners: twelve rows of rank 6), and the
 * sweeps then stall (on the tumbling box lying down at 1e-8…1e-7 of it,
 * within 0.1 % from sweep 100 to 300).
 */
export const CONE_TOLERANCE = 1e-7;
const NEWTON_STEPS = 30;
/** Natural map, relative to the velocity scale, at which a polished answer is final. */
const POLISHED = 1e-13;
/**
 * Slips, relative to the velocity scale, above which a contact is read as
 * sliding for Newton: first a clear slide (a contact sticking at the cone's
 * edge, rocking on two corners, has a slip of the sweeps' residual and no
 * direction to hold), then a slow one.
 */
const SLIDING = [1e-6, 1e-9];
/** Sectors of the sliding direction scanned for a spatial block's slide, and where those find none. */
const SCAN_DIRECTIONS = 24;
const FINE_SCAN_DIRECTIONS = 720;

/**
 * Solve the problem (header). `fallbacks` give starts for Newton where the
 * sweeps do not converge (friction-lcp.ts: the solutions of a coarsely,
 * then a finely faceted pyramid), each undefined where it has none: the
 * first where the answer is above SWEEP_TOLERANCE, each next one only where
 * the answer still does not hold the law (CONE_TOLERANCE); `start` the
 * sweeps' first impulses (projected on the cones; default 0).
 */
export function solveConeProblem(problem: ConeProblem, fallbacks: readonly (() => Float64Array | undefined)[] = [], start?: ArrayLike<number>): ConeSolution {
  const { W, b, blocks } = problem;
  const k = b.length;
  const scale = velocityScale(b);
  const lam = new Float64Array(k);
  // A start (the answer to a nearby problem) keeps the sweeps on the solution near it where there are several.
  if (start)
    for (const c of blocks)
      projectOnCone(
        [c.normal, ...c.tangents].map((i) => start[i]!),
        c.mu,
      ).forEach((v, a) => (lam[a === 0 ? c.normal : c.tangents[a - 1]!] = v));
  if (scale === 0) return { status: 'ok', impulses: lam, iterations: 0, residual: 0 };
  const locals = blocks.map((c) => new LocalBlock(W, k, c));
  let iterations = 0;
  /** Gauss–Seidel sweeps on x until the natural map is below SWEEP_TOLERANCE or MAX_SWEEPS; x's residual. */
  const sweep = (x: Float64Array): number => {
    let r = Infinity;
    for (let k = 0; k < MAX_SWEEPS && !(r <= SWEEP_TOLERANCE * scale); k++) {
      iterations++;
      for (const local of locals) local.solve(W, b, x);
      r = coneResidual(problem, x);
    }
    return r;
  };
  let residual = sweep(lam);
  const polishFrom = (start: Float64Array): void => {
    for (const level of [...SLIDING, undefined]) {
      if (residual <= POLISHED * scale) return;
      const polished = level === undefined ? alartCurnier(problem, start) : polish(problem, start, level * scale);
      if (!polished) continue;
      iterations += polished.steps;
      const r = coneResidual(problem, polished.impulses);
      if (r < residual) {
        lam.set(polished.impulses);
        residual = r;
      }
    }
  };
  polishFrom(Float64Array.from(lam));
  // From a fallback's start: Newton, then the sweeps and Newton again (the sweeps settle from there where they wandered from 0).
  for (const [i, fallback] of fallbacks.entries()) {
    if (residual <= (i === 0 ? SWEEP_TOLERANCE : CONE_TOLERANCE) * scale) break;
    const other = fallback();
    if (!other) continue;
    polishFrom(other);
    const swept = Float64Array.from(other);
    const r = sweep(swept);
    if (r < residual) {
      lam.set(swept);
      residual = r;
    }
    polishFrom(Float64Array.from(lam));
  }
  return { status: residual <= CONE_TOLERANCE * scale ? 'ok' : 'max-iterations', impulses: lam, iterations, residual };
}

function velocityScale(b: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < b.length; i++) s = Math.max(s, Math.abs(b[i]!));
  return s;
}

/** ξ = W Λ + b. */
export function coneVelocities(W: ArrayLike<number>, b: ArrayLike<number>, lam: ArrayLike<number>): Float64Array {
  const k = b.length;
  const xi = Float64Array.from(b);
  for (let i = 0; i < k; i++) for (let j = 0; j < k; j++) xi[i] += W[i * k + j]! * lam[j]!;
  return xi;
}

/** The natural map's largest block norm |Λ̃_c − proj(Λ̃_c − ξ̂_c)|, Λ̃_c = W_NN Λ_c (header): 0 exactly at a solution. */
export function coneResidual(problem: ConeProblem, lam: ArrayLike<number>): number {
  const { W, b, blocks } = problem;
  const k = b.length;
  const xi = coneVelocities(W, b, lam);
  let worst = 0;
  for (const c of blocks) {
    const w = W[c.normal * k + c.normal]! > 0 ? W[c.normal * k + c.normal]! : 1;
    const xT = c.tangents.map((t) => xi[t]!);
    const slide = Math.hypot(...xT);
    const x = [w * lam[c.normal]! - xi[c.normal]! - c.mu * slide, ...c.tangents.map((t, s) => w * lam[t]! - xT[s]!)];
    const p = projectOnCone(x, c.mu);
    let d = (w * lam[c.normal]! - p[0]!) ** 2;
    c.tangents.forEach((t, s) => (d += (w * lam[t]! - p[s + 1]!) ** 2));
    worst = Math.max(worst, Math.sqrt(d));
  }
  return worst;
}

/** The Euclidean projection of x = (x_N, x_T) on {|x_T| ≤ μ x_N} (x_T of length 0 to 2). */
export function projectOnCone(x: readonly number[], mu: number): number[] {
  const n = x[0]!;
  if (x.length === 1) return [Math.max(n, 0)];
  const t = x.slice(1);
  const r = Math.hypot(...t);
  if (r <= mu * n) return x.slice();
  if (mu * r <= -n) return x.map(() => 0);
  const a = (n + mu * r) / (1 + mu * mu);
  return [a, ...t.map((v) => (mu * a * v) / r)];
}

/**
 * A block's own problem with the other impulses held: ξ_c = w Λ_c + v,
 * w = W_cc, v = b_c + Σ_{rows ∉ c} W_c,· Λ; solved exactly (header).
 */
class LocalBlock {
  readonly rows: number[];
  private readonly d: number;
  private readonly w: Float64Array;
  /** Cholesky factor of w, or undefined where w is singular (then no stick candidate). */
  private readonly L: Float64Array | undefined;
  private readonly v: Float64Array;
  private readonly out: Float64Array;
  private readonly mu: number;

  constructor(W: ArrayLike<number>, k: number, block: ConeBlock) {
    this.rows = [block.normal, ...block.tangents];
    this.d = this.rows.length;
    this.mu = block.mu;
    const d = this.d;
    this.w = new Float64Array(d * d);
    this.rows.forEach((i, a) => this.rows.forEach((j, c) => (this.w[a * d + c] = W[i * k + j]!)));
    const L = Float64Array.from(this.w);
    this.L = choleskyFactor(d, L) < 0 ? L : undefined;
    this.v = new Float64Array(d);
    this.out = new Float64Array(d);
  }

  /** Replace this block's impulses in lam by the exact solution of its own problem. */
  solve(W: ArrayLike<number>, b: ArrayLike<number>, lam: Float64Array): void {
    const { rows, d, w, v, out } = this;
    const k = b.length;
    rows.forEach((i, a) => {
      let s = b[i]!;
      for (let j = 0; j < k; j++) s += W[i * k + j]! * lam[j]!;
      for (let c = 0; c < d; c++) s -= w[a * d + c]! * lam[rows[c]!]!;
      v[a] = s;
    });
    out.fill(0);
    if (v[0]! < 0 && w[0]! > 0) this.pressed();
    rows.forEach((i, a) => (lam[i] = out[a]!));
  }

  /** v_N < 0: stick if w Λ = −v lies in the cone, else slide; where neither is found (a singular w), one projection step. */
  private pressed(): void {
    const { d, w, v, out, mu, L } = this;
    if (d === 1) {
      out[0] = -v[0]! / w[0]!;
      return;
    }
    if (L) {
      const rhs = v.map((x) => -x);
      choleskySolve(d, L, rhs, 0, out, 0);
      let t = 0;
      for (let a = 1; a < d; a++) t += out[a]! ** 2;
      if (out[0]! > 0 && Math.sqrt(t) <= mu * out[0]!) return;
    }
    if (d === 2 ? this.slidePlanar() : this.slideSpatial()) return;
    const x = [-v[0]! / w[0]!, ...Array.from(v.subarray(1), (s) => -s / w[0]!)];
    out.set(projectOnCone(x, mu));
  }

  /** Slide with Λ_T = −μΛ_N σ, σ = ±1, ξ_N = 0, σξ_T ≥ 0. */
  private slidePlanar(): boolean {
    const { w, v, out, mu } = this;
    for (const sigma of [1, -1]) {
      const denom = w[0]! - mu * sigma * w[1]!;
      if (!(denom > 0)) continue;
      const n = -v[0]! / denom;
      const xT = n * (w[2]! - mu * sigma * w[3]!) + v[1]!;
      if (sigma * xT >= 0) {
        out[0] = n;
        out[1] = -mu * sigma * n;
        return true;
      }
    }
    return false;
  }

  /**
   * Slide along the unit direction u(φ) = (cos φ, sin φ) of ξ_T: Λ_T = −μΛ_N u,
   * ξ_N = 0 gives Λ_N(φ) = −v_N/(w_NN − μ w_NTu) > 0, and φ is a zero of
   * u × ξ_T(φ) with uᵀξ_T ≥ 0: scanned, then bisected to rounding.
   * A single contact always has a solution (W_cc positive definite) but
   * may have several slides; the first found from the free slip's direction is taken.
   */
  private slideSpatial(): boolean {
    // A near-singular w puts a pole of Λ_N(φ) next to the root: finer sectors where the coarse ones miss it.
    return this.scan(SCAN_DIRECTIONS) || this.scan(FINE_SCAN_DIRECTIONS);
  }

  private scan(sectors: number): boolean {
    const { w, v, out, mu } = this;
    const at = (phi: number): { cross: number; along: number; n: number } => {
      const c = Math.cos(phi),
        s = Math.sin(phi);
      const denom = w[0]! - mu * (w[1]! * c + w[2]! * s);
      const n = denom > 0 ? -v[0]! / denom : NaN;
      const x = n * (w[3]! - mu * (w[4]! * c + w[5]! * s)) + v[1]!;
      const y = n * (w[6]! - mu * (w[7]! * c + w[8]! * s)) + v[2]!;
      return { cross: c * y - s * x, along: c * x + s * y, n };
    };
    const scale = Math.max(Math.abs(v[0]!), Math.abs(v[1]!), Math.abs(v[2]!));
    // Start the scan at the direction of the free slip, where the answer usually is.
    const start = Math.atan2(v[2]!, v[1]!);
    const step = (2 * Math.PI) / sectors;
    let lo = start,
      fLo = at(lo);
    for (let i = 1; i <= sectors; i++) {
      const hi = start + i * step;
      const fHi = at(hi);
      if (fLo.n > 0 && fHi.n > 0 && Math.sign(fLo.cross) !== Math.sign(fHi.cross) && (fLo.along > 0 || fHi.along > 0)) {
        let a = lo,
          fa = fLo,
          c = hi;
        for (let it = 0; it < 60 && c - a > 1e-16 * (1 + Math.abs(a)); it++) {
          const m = 0.5 * (a + c);
          const fm = at(m);
          if (Math.sign(fm.cross) === Math.sign(fa.cross)) {
            a = m;
            fa = fm;
          } else c = m;
        }
        const f = at(a);
        // along ≈ 0: ξ_T vanishes at the root, the cone's edge where stick and slide meet (a root of both).
        if (f.along >= -1e-12 * scale && f.n > 0) {
          out[0] = f.n;
          out[1] = -mu * f.n * Math.cos(a);
          out[2] = -mu * f.n * Math.sin(a);
          return true;
        }
      }
      lo = hi;
      fLo = fHi;
    }
    return false;
  }
}

/**
 * Newton on the phases of lam (header), least-squares steps; undefined
 * where a step is not finite. Phases: open where Λ_N ≤ 0; a block without
 * tangents closed; slide where the slip is above `sliding`, else stick.
 */
function polish(problem: ConeProblem, start: Float64Array, sliding: number): { impulses: Float64Array; steps: number } | undefined {
  const { W, b, blocks } = problem;
  const k = b.length;
  const lam = Float64Array.from(start);
  const xi0 = coneVelocities(W, b, lam);
  const phase = blocks.map((c): 'open' | 'stick' | 'slide' => {
    if (!(lam[c.normal]! > 0)) return 'open';
    if (c.tangents.length === 0) return 'stick';
    return Math.hypot(...c.tangents.map((i) => xi0[i]!)) > sliding ? 'slide' : 'stick';
  });
  const F = new Float64Array(k);
  const J = new Float64Array(k * k);
  const best = Float64Array.from(lam);
  let previous = Infinity;
  for (let step = 0; step < NEWTON_STEPS; step++) {
    const xi = coneVelocities(W, b, lam);
    J.fill(0);
    blocks.forEach((c, a) => {
      const rows = [c.normal, ...c.tangents];
      if (phase[a] === 'open') {
        for (const i of rows) {
          F[i] = lam[i]!;
          J[i * k + i] = 1;
        }
        return;
      }
      const stick = phase[a] === 'stick';
      for (const i of stick ? rows : [c.normal]) {
        F[i] = xi[i]!;
        for (let j = 0; j < k; j++) J[i * k + j] = W[i * k + j]!;
      }
      if (stick) return;
      // Λ_T + μΛ_N u = 0, u = ξ_T/|ξ_T|; ∂u/∂Λ = (I − uuᵀ)W_T·/|ξ_T|.
      const xT = c.tangents.map((i) => xi[i]!);
      const r = Math.hypot(...xT);
      const u = xT.map((x) => x / r);
      const N = lam[c.normal]!;
      c.tangents.forEach((i, s) => {
        F[i] = lam[i]! + c.mu * N * u[s]!;
        J[i * k + i] += 1;
        J[i * k + c.normal] += c.mu * u[s]!;
        c.tangents.forEach((t, s2) => {
          const P = (s === s2 ? 1 : 0) - u[s]! * u[s2]!;
          for (let j = 0; j < k; j++) J[i * k + j] += ((c.mu * N * P) / r) * W[t * k + j]!;
        });
      });
    });
    let size = 0;
    for (let i = 0; i < k; i++) size = Math.max(size, Math.abs(F[i]!));
    // Stop where a step no longer lowers |F| (rounding reached, or the phases were wrong).
    if (!(size < previous)) return { impulses: best, steps: step };
    best.set(lam);
    if (size === 0) return { impulses: best, steps: step };
    previous = size;
    const delta = leastSquares(k, k, J, F);
    if (!delta.every(Number.isFinite)) return undefined;
    for (let i = 0; i < k; i++) lam[i] -= delta[i]!;
  }
  return { impulses: best, steps: NEWTON_STEPS };
}

/**
 * Semismooth Newton on Alart and Curnier's function (CMAME 92 (1991) 353;
 * Siconos' fc3d NSN_AC), per block with ρ = 1/W_NN:
 *   F_N = Λ_N − max(0, Λ_N − ρξ_N),   F_T = Λ_T − proj_{|·| ≤ μΛ_N}(Λ_T − ρξ_T),
 * zero exactly at a solution, with no phase guessed: it takes the slow
 * creep of a nearly stuck contact (slip 1e-6 of the velocity scale), whose
 * slide direction the phase Newton cannot hold. Least-squares steps,
 * halved while |F| does not fall; the best iterate.
 */
function alartCurnier(problem: ConeProblem, start: Float64Array): { impulses: Float64Array; steps: number } {
  const { W, b, blocks } = problem;
  const k = b.length;
  const lam = Float64Array.from(start);
  const F = new Float64Array(k);
  const J = new Float64Array(k * k);
  const evaluate = (x: Float64Array, withJacobian: boolean): number => {
    const xi = coneVelocities(W, b, x);
    if (withJacobian) J.fill(0);
    let size = 0;
    for (const c of blocks) {
      const rho = W[c.normal * k + c.normal]! > 0 ? 1 / W[c.normal * k + c.normal]! : 1;
      const n = c.normal;
      const pressed = x[n]! - rho * xi[n]! > 0;
      F[n] = pressed ? rho * xi[n]! : x[n]!;
      if (withJacobian) {
        if (pressed) for (let j = 0; j < k; j++) J[n * k + j] = rho * W[n * k + j]!;
        else J[n * k + n] = 1;
      }
      const z = c.tangents.map((t) => x[t]! - rho * xi[t]!);
      const r = Math.hypot(...z);
      const R = c.mu * Math.max(x[n]!, 0);
      const inside = r <= R;
      c.tangents.forEach((t, s) => {
        F[t] = inside ? rho * xi[t]! : x[t]! - (R * z[s]!) / r;
        if (!withJacobian) return;
        if (inside) {
          for (let j = 0; j < k; j++) J[t * k + j] = rho * W[t * k + j]!;
          return;
        }
        // ∂/∂Λ of Λ_T − R ẑ: e_T − μẑ e_N (where Λ_N > 0) − (R/|z|)(I − ẑẑᵀ)(e_T − ρW_T·).
        J[t * k + t] += 1;
        if (x[n]! > 0) J[t * k + n] -= (c.mu * z[s]!) / r;
        c.tangents.forEach((t2, s2) => {
          const P = ((s === s2 ? 1 : 0) - (z[s]! * z[s2]!) / (r * r)) * (R / r);
          J[t * k + t2] -= P;
          for (let j = 0; j < k; j++) J[t * k + j] += P * rho * W[t2 * k + j]!;
        });
      });
    }
    for (let i = 0; i < k; i++) size = Math.max(size, Math.abs(F[i]!));
    return size;
  };
  let size = evaluate(lam, true);
  const trial = new Float64Array(k);
  let steps = 0;
  for (; steps < NEWTON_STEPS && size > 0; steps++) {
    const delta = leastSquares(k, k, J, F);
    if (!delta.every(Number.isFinite)) break;
    let t = 1,
      next = Infinity;
    for (let halving = 0; halving < 30; halving++, t /= 2) {
      for (let i = 0; i < k; i++) trial[i] = lam[i]! - t * delta[i]!;
      next = evaluate(trial, false);
      if (next < size) break;
    }
    if (!(next < size)) break;
    lam.set(trial);
    size = evaluate(lam, true);
  }
  return { impulses: lam, steps };
}
