// Gap kinematics shared by the event-driven (hybrid) and the time-stepping
// (Moreau–Jean) drivers: gap values g(t, q) ≥ 0, their Jacobian G = ∂g/∂q,
// normal velocities ġ = G q̇ + ∂g/∂t, the kinetic-metric projection onto
// g_S = 0, ġ_S = 0, and the restitution coefficient each contact declares.

import type { GeneratedModel, Params } from './contract.js';
import { SimulationError } from './errors.js';
import { cholesky, choleskySolve, luFactor, luSolve } from './linalg.js';

type ModelFunction = 'gaps' | 'gapJacobian' | 'contactAccelerations' | 'impact';

/** A generated model that provides the named optional unilateral functions. */
export type WithFunctions<K extends ModelFunction> = GeneratedModel & Required<Pick<GeneratedModel, K>>;

/** Check that the module provides every function a driver needs (all missing ones reported at once). */
export function requireFunctions<K extends ModelFunction>(module: GeneratedModel, names: readonly K[], driver: string): WithFunctions<K> {
  const missing = names.filter((k) => typeof module[k] !== 'function');
  if (missing.length > 0) {
    throw new SimulationError(
      'incomplete-module', 'input',
      `${driver} needs ${missing.join(', ')} for the unilateral constraints; regenerate the module with contact support`,
      { model: module.model.name, field: missing[0] },
    );
  }
  return module as WithFunctions<K>;
}

/** Value of a named model parameter: the override in `params`, else the declared default. */
export function parameterValue(module: GeneratedModel, params: Params, name: string, field: string): number {
  const v = params[name] ?? module.model.parameters.find((p) => p.name === name)?.default;
  if (v === undefined) {
    throw new SimulationError('unknown-parameter', 'model', `the impact law refers to parameter '${name}', which the model does not declare`, { model: module.model.name, field });
  }
  return v;
}

/**
 * Newton restitution coefficient e_j of every contact (U⁺ = −e U⁻ for the
 * normal velocity). A 'w-law' contact with coefficient W gets e = W²: the
 * consistent form (M V⁺ + W² M V⁻, V⁺ − V⁻) = 0 of Kugushev–Sorokina's
 * closing relation (end of §9; the printed form has a sign error that sends
 * the velocity back into the constraint) reverses the normal velocity with
 * factor W².
 */
export function restitutionCoefficients(module: GeneratedModel, params: Params): Float64Array {
  return Float64Array.from(module.model.unilateral, (u, j) => {
    const field = `unilateral[${j}].law`;
    switch (u.law.kind) {
      case 'newton':
        return parameterValue(module, params, u.law.restitution, field);
      case 'plastic':
        return 0;
      case 'w-law':
        return parameterValue(module, params, u.law.w, field) ** 2;
      case 'stick':
        throw new SimulationError('unsupported-impact-law', 'input', `contact '${u.name}' has a 'stick' law, which needs friction; give explicit restitution coefficients`, { model: module.model.name, field });
      default: {
        const never: never = u.law;
        throw new Error(`unknown impact law ${JSON.stringify(never)}`);
      }
    }
  });
}

/** Gap values, Jacobian and normal velocities with preallocated buffers. */
export class GapKinematics {
  readonly n: number;
  readonly m: number;
  readonly g: Float64Array;
  readonly G: Float64Array;
  private readonly gPlus: Float64Array;
  private readonly gMinus: Float64Array;

  constructor(
    private readonly module: WithFunctions<'gaps' | 'gapJacobian'>,
    private readonly params: Params,
  ) {
    this.n = module.model.coordinates.length;
    this.m = module.model.unilateral.length;
    this.g = new Float64Array(this.m);
    this.G = new Float64Array(this.m * this.n);
    this.gPlus = new Float64Array(this.m);
    this.gMinus = new Float64Array(this.m);
  }

  gaps(t: number, q: ArrayLike<number>): Float64Array {
    return this.module.gaps(t, q, this.params, this.g);
  }

  jacobian(t: number, q: ArrayLike<number>): Float64Array {
    return this.module.gapJacobian(t, q, this.params, this.G);
  }

  /**
   * ġ = G q̇ + ∂g/∂t into `out`. The contract has no ∂g/∂t, so it is taken by
   * a central difference in t with step ∛ε·max(1, |t|) (error ~1e-11
   * relative); for gaps that do not depend on t it is exactly zero.
   */
  rates(t: number, q: ArrayLike<number>, qd: ArrayLike<number>, out: Float64Array): Float64Array {
    const { n, m } = this;
    const G = this.jacobian(t, q);
    const dt = Math.cbrt(Number.EPSILON) * Math.max(1, Math.abs(t));
    this.module.gaps(t + dt, q, this.params, this.gPlus);
    this.module.gaps(t - dt, q, this.params, this.gMinus);
    for (let j = 0; j < m; j++) {
      let s = (this.gPlus[j] - this.gMinus[j]) / (2 * dt);
      for (let i = 0; i < n; i++) s += G[j * n + i] * qd[i];
      out[j] = s;
    }
    return out;
  }

}

export type ProjectionStatus = 'ok' | 'singular-mass-matrix' | 'dependent-contacts';

/**
 * Project (q, q̇) onto g_S = 0 and ġ_S = 0 for the contacts in S, in the
 * kinetic-energy metric: Δq = −M⁻¹G_Sᵀ (G_S M⁻¹ G_Sᵀ)⁻¹ g_S (Newton steps),
 * then Δq̇ = −M⁻¹G_Sᵀ (G_S M⁻¹ G_Sᵀ)⁻¹ ġ_S. The velocity step is exactly a
 * plastic impact on S (Kugushev–Sorokina (8.13) with W = 0), so it keeps the
 * momentum tangent to the constraints (Appell's theorem, (1.2)). Retaining
 * constraints are not re-imposed: the corrections are of the size of the
 * integration error except at a rest transition.
 */
export function projectOntoContacts(
  kin: GapKinematics, module: GeneratedModel, params: Params, t: number, q: Float64Array, qd: Float64Array, S: readonly number[],
): ProjectionStatus {
  const { n } = kin;
  const k = S.length;
  if (k === 0) return 'ok';
  const Mf = new Float64Array(n * n);
  const X = new Float64Array(n * k); // M⁻¹ G_Sᵀ, column-major by contact
  const A = new Float64Array(k * k);
  const piv = new Int32Array(k);
  const r = new Float64Array(k);
  const col = new Float64Array(n);
  const rates = new Float64Array(kin.m);

  const factor = (): ProjectionStatus => {
    module.massMatrix(t, q, params, Mf);
    if (cholesky(Mf, n).status !== 'ok') return 'singular-mass-matrix';
    const G = kin.jacobian(t, q);
    for (let a = 0; a < k; a++) {
      for (let i = 0; i < n; i++) col[i] = G[S[a] * n + i];
      choleskySolve(Mf, n, col);
      X.set(col, a * n);
    }
    for (let a = 0; a < k; a++) for (let b = 0; b < k; b++) {
      let s = 0;
      for (let i = 0; i < n; i++) s += G[S[a] * n + i] * X[b * n + i];
      A[a * k + b] = s;
    }
    return luFactor(A, k, piv).status === 'ok' ? 'ok' : 'dependent-contacts';
  };
  const correct = (x: Float64Array): void => {
    luSolve(A, k, piv, r);
    for (let a = 0; a < k; a++) for (let i = 0; i < n; i++) x[i] -= X[a * n + i] * r[a];
  };

  // Newton iterations on g_S(q) = 0. The start is within integration error
  // of the surface, so two or three steps reach roundoff; the cap only stops
  // a non-converging iteration on a strongly curved gap.
  let qScale = 1;
  for (let i = 0; i < n; i++) qScale = Math.max(qScale, Math.abs(q[i]));
  for (let iter = 0; iter < 8; iter++) {
    const status = factor();
    if (status !== 'ok') return status;
    const g = kin.gaps(t, q);
    let worst = 0;
    for (let a = 0; a < k; a++) {
      r[a] = g[S[a]];
      worst = Math.max(worst, Math.abs(r[a]));
    }
    if (worst <= 4 * Number.EPSILON * qScale) break;
    correct(q);
  }
  const status = factor();
  if (status !== 'ok') return status;
  kin.rates(t, q, qd, rates);
  for (let a = 0; a < k; a++) r[a] = rates[S[a]];
  correct(qd);
  return 'ok';
}
