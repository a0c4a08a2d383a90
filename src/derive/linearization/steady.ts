// Steady motions (relative equilibria) and the linearization about them.
//
// Cyclic coordinates. A coordinate q_c is cyclic (ignorable) when none of M,
// the forcing f, the retaining rows A, b and their bias Ȧq̇ + ḃ contains it:
// decided on the derivation (M and f: src/derive/lagrange/values.ts, which
// also gives the M and f evaluated here). A steady motion moves the cyclic
// coordinates at constant rates, q_c = q_c(0) + ω_c t, while the others
// rest, q_r = q_r*, q̇_r = 0: q̈ = 0 of the constrained dynamics
//   [M Aᵀ; A 0] [q̈; λ] = [f; −(Ȧq̇ + ḃ)]
// (Lagrange I, lagrange1.ts), with the constraints themselves, A q̇ + b = 0
// and φ(q) = 0 for holonomic rows, holding. Of the unknowns (q_r of the
// resting coordinates, ω_c of the cyclic ones) the caller fixes some (the
// swept spin, the top's nutation θ₀) and Gauss–Newton (equilibria.ts)
// finds the others, its Jacobian ∂(q̈, h)/∂(unknowns) exact by the forward
// differentiation below: a family of steady motions (the precessions of a
// top for every θ₀ and spin) is cut to the member nearest the start.
//
// Linearization. Along a steady motion the state matrix
// J = ∂(q̇, q̈)/∂(q, q̇) of the constrained equations (the multipliers
// eliminated by the implicit function theorem on the residual Jacobians of
// linearize.ts, evaluated by forward differentiation:
// [M Aᵀ; A 0][∂q̈/∂x; ∂λ/∂x] = −[∂R/∂x; ∂C/∂x])
// is constant, since nothing depends on the cyclic coordinates. Their
// columns vanish, so they are dropped from the state: on the reduced state
// x_r = (q_r, q̇) the steady motion is an equilibrium. Every constraint
// h = A q̇ + b (and φ) is a first integral of those equations, so at an
// equilibrium dh·J = 0 and the tangent space ker dh of the constraint
// manifold is invariant: J is restricted to it, J_r = Nᵀ J N with N an
// orthonormal basis of ker dh. Its spectrum is the constrained motion's:
// the m zeros that the invariants h add are gone. Zeros that remain come
// from the family of steady motions through this one (another spin rate,
// another heading of a rolling disk; counted by the study as the null
// space of J_r) or from a drift along it (a Jordan block).
//
// Where M is singular no steady motion is found: zxz Euler angles at the
// upright axis (θ = 0) merge precession and spin, so the sleeping top is
// sought in coordinates regular there (Cardan angles, a rotation about x,
// then y, then the body axis; test/fixtures/sleeping-top.ts), and a top in
// zxz angles has the steady precessions at θ₀ ≠ 0.
// Tests: test/derive/linearization/steady.test.ts, test/studies/steady-motion.test.ts.
import type { Env } from '../../core/evaluate.js';
import { Tape, type Jets } from '../../core/tape.js';
import { add, dependsOn, mul, type Expr } from '../../core/expr.js';
import { MechanicsError } from '../../errors.js';
import { TIME } from '../../model/names.js';
import { luFactor, luSolve } from '../../numeric/lu.js';
import type { DerivedSystem } from '../system.js';
import { gaussNewton, nullSpace } from './equilibria.js';

/** Per coordinate: none of M, f (values.ts), A, b and the constraint bias contains it (the bias, their rate, is free of what A and b are free of). */
export function cyclicCoordinates(system: DerivedSystem): boolean[] {
  const c = system.constraints;
  const exprs: Expr[] = c ? [...c.A.flat(), ...c.b] : [];
  return system.model.coordinates.map((co, i) => system.values.freeOf[i]! && !exprs.some((e) => dependsOn(e, co.name)));
}

/**
 * A steady motion: the configuration at t = 0 and the rates (zero for the
 * resting coordinates), and the state matrix on the reduced state.
 */
export interface SteadyMotion {
  readonly q: readonly number[];
  readonly qd: readonly number[];
  /** Largest |q̈|, |A q̇ + b|, |φ| at the motion. */
  readonly residual: number;
  /** J_r = Nᵀ J N (square, 2n − #cyclic − #independent invariants), row-major rows. */
  readonly J: readonly (readonly number[])[];
}

/**
 * What is sought. Each coordinate has one steady unknown: its value q_i if
 * it rests, its rate q̇_i if it is cyclic. `free` says which unknowns are
 * solved for (started from q, qd); the others keep their values in q, qd.
 * A cyclic coordinate's value in q is only its phase at t = 0.
 */
export interface SteadyRequest {
  readonly q: readonly number[];
  readonly qd: readonly number[];
  readonly free: readonly boolean[];
}

/** The derivation's constrained dynamics evaluated numerically: accelerations, their Jacobian, the constraint invariants. */
export class SteadyDynamics {
  readonly cyclic: readonly boolean[];
  private readonly n: number;
  private readonly m: number;
  /** The invariants h: A q̇ + b per row, then φ of each holonomic row. */
  private readonly invariants: readonly Expr[];
  /** M, f, A, the bias and the invariants, compiled once: a sweep evaluates them thousands of times. */
  private readonly tape: Tape;
  /** The state's names, q then q̇: the variables of the Jacobian. */
  private readonly stateNames: readonly string[];

  constructor(private readonly system: DerivedSystem) {
    const model = system.model;
    const unsupported = (cause: string): MechanicsError =>
      new MechanicsError('steady-unsupported', 'input', `steady motions of ${model.name} are not computed: ${cause}`, { model: model.name });
    if (system.compliant || system.patches) throw unsupported('its compliant or distributed contact forces act only in their regions');
    const c = system.constraints;
    const timed = [...system.values.massMatrix.flat(), ...system.values.forcing, ...(c ? [...c.A.flat(), ...c.b] : [])];
    if (timed.some((e) => dependsOn(e, TIME))) throw unsupported('its equations depend on time, so no motion is steady');
    this.cyclic = cyclicCoordinates(system);
    const cs = model.coordinates;
    this.n = cs.length;
    this.m = c?.A.length ?? 0;
    const qNames = cs.map((co) => co.name);
    const qdNames = cs.map((co) => co.qd.name);
    this.stateNames = [...qNames, ...qdNames];
    const velocityForms = (c?.A ?? []).map((row, k) => add(c!.b[k]!, ...row.map((a, j) => mul(a, cs[j]!.qd))));
    const positions = model.holonomic.map((h) => h.phi);
    this.invariants = [...velocityForms, ...positions];
    const { massMatrix, forcing, bias } = system.values;
    this.tape = new Tape([...massMatrix.flat(), ...forcing, ...(c ? c.A.flat() : []), ...bias, ...this.invariants]);
  }

  private env(params: Env, q: readonly number[], qd: readonly number[]): Env {
    const env: Record<string, number> = { ...params, [TIME]: 0 };
    this.system.model.coordinates.forEach((co, i) => {
      env[co.name] = q[i]!;
      env[co.qd.name] = qd[i]!;
    });
    return env;
  }

  /** [M Aᵀ; A 0] at (q, q̇), LU-factored; undefined where singular (M singular at a coordinate singularity, dependent rows). */
  private bordered(value: (e: Expr) => number): { LU: Float64Array; piv: Int32Array } | undefined {
    const { n, m } = this;
    const k = n + m;
    const K = new Float64Array(k * k);
    const { massMatrix } = this.system.values;
    for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) K[i * k + j] = value(massMatrix[i]![j]!);
    this.system.constraints?.A.forEach((row, a) =>
      row.forEach((e, j) => {
        const v = value(e);
        K[(n + a) * k + j] = v;
        K[j * k + n + a] = v;
      }),
    );
    const piv = new Int32Array(k);
    return luFactor(k, K, piv, k * Number.EPSILON) < 0 ? { LU: K, piv } : undefined;
  }

  /** q̈ and λ from the tape's values at a point, with the bordered matrix's factors; undefined where it is singular. */
  private solve(value: (e: Expr) => number): Accelerations | undefined {
    const { n, m } = this;
    const factors = this.bordered(value);
    if (!factors) return undefined;
    const rhs = new Float64Array(n + m);
    this.system.values.forcing.forEach((f, i) => (rhs[i] = value(f)));
    this.system.values.bias.forEach((b, a) => (rhs[n + a] = -value(b)));
    luSolve(n + m, factors.LU, factors.piv, rhs, 0, rhs, 0);
    return { qdd: rhs.subarray(0, n), lambda: rhs.subarray(n), ...factors };
  }

  /** q̈ and λ at (q, q̇); undefined where the bordered matrix is singular. */
  accelerations(params: Env, q: readonly number[], qd: readonly number[]): { qdd: Float64Array; lambda: Float64Array } | undefined {
    const acc = this.solve(this.tape.values(this.env(params, q, qd)));
    return acc && { qdd: acc.qdd, lambda: acc.lambda };
  }

  /**
   * ∂q̈/∂v along the jets' k variables v (n rows of k), exact: the residual
   * Jacobians ∂R/∂v = ∂M/∂v q̈ + ∂Aᵀ/∂v λ − ∂f/∂v and
   * ∂C/∂v = ∂A/∂v q̈ + ∂(Ȧq̇ + ḃ)/∂v of linearize.ts evaluated by forward
   * differentiation (tape.ts), solved through the bordered matrix. Not the
   * symbolic Jacobians: the bicycle's take minutes to simplify, and a steady
   * motion needs their values at a few points only.
   */
  private accelerationGradients(jets: Jets, acc: Accelerations, k: number): Float64Array[] {
    const { n, m } = this;
    const d = jets.grad;
    const { massMatrix, forcing, bias } = this.system.values;
    const c = this.system.constraints;
    // Rows of −[∂R/∂v; ∂C/∂v] (k columns each).
    const rows = Array.from({ length: n + m }, () => new Float64Array(k));
    const addTo = (row: Float64Array, scale: number, grad: Float64Array): void => {
      for (let col = 0; col < k; col++) row[col] = row[col]! + scale * grad[col]!;
    };
    for (let i = 0; i < n; i++) {
      addTo(rows[i]!, 1, d(forcing[i]!));
      for (let j = 0; j < n; j++) addTo(rows[i]!, -acc.qdd[j]!, d(massMatrix[i]![j]!));
    }
    c?.A.forEach((row, a) => {
      addTo(rows[n + a]!, -1, d(bias[a]!));
      row.forEach((e, j) => {
        const g = d(e);
        addTo(rows[j]!, -acc.lambda[a]!, g);
        addTo(rows[n + a]!, -acc.qdd[j]!, g);
      });
    });
    const out = Array.from({ length: n }, () => new Float64Array(k));
    const rhs = new Float64Array(n + m);
    for (let col = 0; col < k; col++) {
      rows.forEach((r, i) => (rhs[i] = r[col]!));
      luSolve(n + m, acc.LU, acc.piv, rhs, 0, rhs, 0);
      for (let i = 0; i < n; i++) out[i]![col] = rhs[i]!;
    }
    return out;
  }

  /** J = ∂(q̇, q̈)/∂(q, q̇) (2n×2n) at (q, q̇), exact (accelerationGradients). */
  jacobian(params: Env, q: readonly number[], qd: readonly number[]): number[][] | undefined {
    const { n } = this;
    const jets = this.tape.jets(this.env(params, q, qd), this.stateNames);
    const acc = this.solve(jets.value);
    if (!acc) return undefined;
    const lower = this.accelerationGradients(jets, acc, 2 * n);
    return Array.from({ length: 2 * n }, (_, i) =>
      i < n ? Array.from({ length: 2 * n }, (_, j): number => (j === i + n ? 1 : 0)) : Array.from(lower[i - n]!),
    );
  }

  /** The full state (q, q̇) of a request with the unknowns z put in their places. */
  private state(request: SteadyRequest, z: ArrayLike<number>): { q: number[]; qd: number[] } {
    const q = [...request.q];
    const qd = request.qd.map((v, i) => (this.cyclic[i] ? v : 0));
    let k = 0;
    request.free.forEach((free, i) => {
      if (!free) return;
      if (this.cyclic[i]) qd[i] = z[k++]!;
      else q[i] = z[k++]!;
    });
    return { q, qd };
  }

  /** [q̈; h] from the tape's values at a state: zero at a steady motion. */
  private residual(value: (e: Expr) => number, acc: Accelerations): Float64Array {
    const out = new Float64Array(this.n + this.invariants.length);
    out.set(acc.qdd);
    this.invariants.forEach((h, a) => (out[this.n + a] = value(h)));
    return out;
  }

  /** The steady motion nearest the request's start; undefined where Gauss–Newton does not converge or the motion is not linearizable. */
  find(params: Env, request: SteadyRequest): SteadyMotion | undefined {
    const { n } = this;
    const rows = n + this.invariants.length;
    const unknowns = request.free.flatMap((free, i) => (free ? [this.cyclic[i] ? i + n : i] : []));
    const names = unknowns.map((i) => this.stateNames[i]!);
    const env = (z: Float64Array): Env => {
      const { q, qd } = this.state(request, z);
      return this.env(params, q, qd);
    };
    // Where q̈ is undefined the residual is NaN, which fails gaussNewton's convergence test (and its Jacobian's step).
    const F = (z: Float64Array): Float64Array => {
      const value = this.tape.values(env(z));
      const acc = this.solve(value);
      return acc ? this.residual(value, acc) : new Float64Array(rows).fill(Number.NaN);
    };
    // ∂F/∂z exact, rows × k: ∂q̈/∂z (accelerationGradients) over ∂h/∂z, one pass of the tape.
    const dF = (z: Float64Array): Float64Array => {
      const k = names.length;
      const jets = this.tape.jets(env(z), names);
      const acc = this.solve(jets.value);
      const out = new Float64Array(rows * k);
      if (!acc) return out.fill(Number.NaN);
      this.accelerationGradients(jets, acc, k).forEach((row, i) => out.set(row, i * k));
      this.invariants.forEach((h, a) => out.set(jets.grad(h), (n + a) * k));
      return out;
    };
    const z0 = Float64Array.from(unknowns, (i) => (i < n ? request.q[i]! : request.qd[i - n]!));
    const z = gaussNewton(F, z0, dF);
    if (!z) return undefined;
    const { q, qd } = this.state(request, z);
    const linearized = this.reducedJacobian(params, q, qd);
    return linearized && { q, qd, ...linearized };
  }

  /**
   * J restricted to the reduced state (cyclic coordinates dropped) and to
   * ker dh, with the residual there: one pass of the tape, its gradients by
   * the reduced state only.
   */
  private reducedJacobian(params: Env, q: readonly number[], qd: readonly number[]): Pick<SteadyMotion, 'J' | 'residual'> | undefined {
    const { n } = this;
    const keep = [...Array.from({ length: n }, (_, i) => i).filter((i) => !this.cyclic[i]), ...Array.from({ length: n }, (_, i) => n + i)];
    const d = keep.length;
    const jets = this.tape.jets(
      this.env(params, q, qd),
      keep.map((i) => this.stateNames[i]!),
    );
    const acc = this.solve(jets.value);
    if (!acc) return undefined;
    const lower = this.accelerationGradients(jets, acc, d);
    // J1 = J on the kept rows and columns: a kept coordinate's row is its rate's unit row.
    const J1 = keep.map((i) => (i < n ? keep.map((j): number => (j === i + n ? 1 : 0)) : Array.from(lower[i - n]!)));
    if (!J1.flat().every(Number.isFinite)) return undefined;
    const dh = new Float64Array(this.invariants.length * d);
    this.invariants.forEach((h, a) => dh.set(jets.grad(h), a * d));
    const N = this.invariants.length
      ? nullSpace(dh, this.invariants.length, d)
      : Array.from({ length: d }, (_, i) => Array.from({ length: d }, (_, j) => (i === j ? 1 : 0)));
    // J_r[a][b] = N_aᵀ J1 N_b.
    const JN = N.map((v) => J1.map((row) => row.reduce((s, x, j) => s + x * v[j]!, 0)));
    const J = N.map((u) => JN.map((w) => u.reduce((s, x, i) => s + x * w[i]!, 0)));
    return { J, residual: Math.max(...Array.from(this.residual(jets.value, acc), Math.abs)) };
  }
}

/** q̈ and λ at a point, with the LU factors of the bordered matrix they were solved with. */
interface Accelerations {
  readonly qdd: Float64Array;
  readonly lambda: Float64Array;
  readonly LU: Float64Array;
  readonly piv: Int32Array;
}
