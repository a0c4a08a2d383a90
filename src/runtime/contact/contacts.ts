// Gap kinematics shared by the event-driven (hybrid) and the time-stepping
// (Moreau–Jean) drivers: gap values g(t, q) ≥ 0, their Jacobian G = ∂g/∂q,
// normal velocities ġ = G q̇ + ∂g/∂t, the kinetic-metric projection onto
// g_S = 0, ġ_S = 0, and the restitution coefficient of each contact. Every
// one of them is read from the generated module, which has it from the
// derivation; nothing here differentiates or re-derives a law.

import { choleskyFactor } from '../../numeric/cholesky.js';
import { schurSolve, type SchurSystem } from '../../numeric/schur.js';
import type { LoadedModule, Params } from '../contract.js';
import { SimulationError } from '../errors.js';
import { sticks } from './impact-law.js';

type ModelFunction =
  | 'gaps'
  | 'gapJacobian'
  | 'gapRates'
  | 'restitution'
  | 'contactAccelerations'
  | 'impact'
  | 'slipJacobian'
  | 'slipRates'
  | 'friction'
  | 'frictionPhase';

/** A generated model that provides the named optional unilateral functions. */
export type WithFunctions<K extends ModelFunction> = LoadedModule & Required<Pick<LoadedModule, K>>;

/** Check that the module provides every function a driver needs (all missing ones reported at once). */
export function requireFunctions<K extends ModelFunction>(module: LoadedModule, names: readonly K[], driver: string): WithFunctions<K> {
  const missing = names.filter((k) => typeof module[k] !== 'function');
  if (missing.length > 0) {
    throw new SimulationError(
      'incomplete-module',
      'input',
      `${driver} needs ${missing.join(', ')} for the unilateral constraints; regenerate the module with contact support`,
      { model: module.model.name, field: missing[0] },
    );
  }
  return module as WithFunctions<K>;
}

/**
 * Newton restitution coefficient e_j of every contact (U⁺ = −e U⁻), as the
 * module derived it (e, W² for a W-law, 0 plastic), for the frictionless
 * LCP impact (impact-lcp.ts). Models with slip rows go through the friction
 * solver (friction-lcp.ts), which reads the laws itself; here a 'stick'
 * contact is refused rather than treated as plastic.
 * The coefficients are expressions of the parameters; t is passed to the
 * module for the contract's uniformity (0 unless the caller has a time).
 */
export function restitutionCoefficients(module: LoadedModule, params: Params, t = 0): Float64Array {
  const mod = requireFunctions(module, ['restitution'], "Newton's impact law");
  const stick = module.model.unilateral.findIndex((u) => sticks(u.law));
  if (stick >= 0) {
    throw new SimulationError(
      'unsupported-impact-law',
      'input',
      `contact '${module.model.unilateral[stick]!.name}' has a 'stick' law, which needs friction; give explicit restitution coefficients`,
      { model: module.model.name, field: `unilateral[${stick}].law` },
    );
  }
  return mod.restitution(t, params, new Float64Array(module.model.unilateral.length));
}

/** Gap values, Jacobian and normal velocities with preallocated buffers. */
export class GapKinematics {
  readonly n: number;
  readonly m: number;
  readonly g: Float64Array;
  readonly G: Float64Array;
  private readonly module: WithFunctions<'gaps' | 'gapJacobian' | 'gapRates'>;

  constructor(
    module: LoadedModule,
    private readonly params: Params,
  ) {
    this.module = requireFunctions(module, ['gaps', 'gapJacobian', 'gapRates'], 'the gap kinematics');
    this.n = module.model.coordinates.length;
    this.m = module.model.unilateral.length;
    this.g = new Float64Array(this.m);
    this.G = new Float64Array(this.m * this.n);
  }

  gaps(t: number, q: ArrayLike<number>): Float64Array {
    return this.module.gaps(t, q, this.params, this.g);
  }

  jacobian(t: number, q: ArrayLike<number>): Float64Array {
    return this.module.gapJacobian(t, q, this.params, this.G);
  }

  /** ġ = G q̇ + ∂g/∂t into `out` (the module's gapRates: ∂g/∂t exact). */
  rates(t: number, q: ArrayLike<number>, qd: ArrayLike<number>, out: Float64Array): Float64Array {
    return this.module.gapRates(t, q, qd, this.params, out);
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
 *
 * Where M alone is singular (a point-mass rimless wheel has no inertia about
 * its hub) the metric is M + ρ(G_SᵀG_S + T_SᵀT_S), G_S the normals of S and
 * T_S the tangents of its 'stick' contacts, ρ = max Mᵢᵢ / max |R_ri|² so both
 * terms have one scale (the regularisation of src/numeric/schur.ts): it is
 * positive definite exactly when those rows pin M's massless directions,
 * i.e. when the constrained system [M Rᵀ; R 0] of the contact phase is
 * regular, and on ġ_S = 0 the added normal term is constant, so the velocity
 * step is still the plastic projection. 'singular-mass-matrix' means that
 * metric is singular too.
 *
 * Dependent rows (a box flat on four corners: g_A + g_C = g_B + g_D for
 * any pose) are a statically indeterminate support, not an error: the
 * Schur solve (src/numeric/schur.ts) drops them and they hold with the
 * others; only rows that contradict each other are 'dependent-contacts'.
 */
export function projectOntoContacts(
  kin: GapKinematics,
  module: LoadedModule,
  params: Params,
  t: number,
  q: Float64Array,
  qd: Float64Array,
  S: readonly number[],
): ProjectionStatus {
  const { n } = kin;
  const k = S.length;
  if (k === 0) return 'ok';
  const rates = new Float64Array(kin.m);
  // M Δ = G_Sᵀσ, G_S Δ = −r: the metric's factor in L, so b = 0 and y = Δ.
  const s = schurArrays(n, k);
  const dropped = new Uint8Array(k);
  const correct = (x: Float64Array, r: (a: number) => number): ProjectionStatus => {
    if (!factorMetric(kin, module, params, t, q, S, s.L)) return 'singular-mass-matrix';
    const G = kin.jacobian(t, q);
    for (let a = 0; a < k; a++) {
      s.R.set(G.subarray(S[a]! * n, (S[a]! + 1) * n), a * n);
      s.c[a] = -r(a);
    }
    // 'inconsistent' judges a dropped row against the step's own size, which
    // near convergence is the roundoff of the gaps (1e-17 against 1e-12): the
    // dropped rows are checked below against the size of their terms instead.
    const status = schurSolve(s, k, true);
    if (status === 'not-positive-definite') return 'singular-mass-matrix';
    if (status === 'not-finite') return 'dependent-contacts';
    for (let a = 0; a < k; a++) dropped[a] ||= s.dep[a]! ? 1 : 0;
    for (let i = 0; i < n; i++) x[i] += s.y[i]!;
    return 'ok';
  };

  // Newton iterations on g_S(q) = 0. The start is within integration error
  // of the surface, so two or three steps reach roundoff; the cap only stops
  // a non-converging iteration on a strongly curved gap.
  let qScale = 1;
  for (let i = 0; i < n; i++) qScale = Math.max(qScale, Math.abs(q[i]));
  let g = kin.gaps(t, q);
  for (let iter = 0; iter < 8; iter++) {
    let worst = 0;
    for (const j of S) worst = Math.max(worst, Math.abs(g[j]));
    if (worst <= 4 * Number.EPSILON * qScale) break;
    const status = correct(q, (a) => g[S[a]!]);
    if (status !== 'ok') return status;
    g = kin.gaps(t, q);
  }
  // A dropped row holds with the others, to the roundoff of its terms
  // ġ_j = Σ G_ji q̇_i before the step, or the rows contradict each other.
  const G = kin.jacobian(t, q);
  const scale = S.map((j) => {
    let v = 0;
    for (let i = 0; i < n; i++) v += Math.abs(G[j * n + i]! * qd[i]!);
    return v;
  });
  kin.rates(t, q, qd, rates);
  const status = correct(qd, (a) => rates[S[a]!]);
  if (status !== 'ok') return status;
  g = kin.gaps(t, q);
  kin.rates(t, q, qd, rates);
  for (let a = 0; a < k; a++) {
    const j = S[a]!;
    if (dropped[a] && !(Math.abs(g[j]!) <= 1e-9 * qScale && Math.abs(rates[j]!) <= 1e-8 * scale[a]! + Number.MIN_VALUE)) return 'dependent-contacts';
  }
  return 'ok';
}

/**
 * The Cholesky factor of M into Mf, or of M + ρ(G_SᵀG_S + T_SᵀT_S) where M
 * alone is singular (projectOntoContacts); false when neither is positive
 * definite.
 */
function factorMetric(kin: GapKinematics, module: LoadedModule, params: Params, t: number, q: Float64Array, S: readonly number[], Mf: Float64Array): boolean {
  const { n } = kin;
  module.massMatrix(t, q, params, Mf);
  if (choleskyFactor(n, Mf) < 0) return true;
  module.massMatrix(t, q, params, Mf);
  const contacts = module.model.unilateral;
  const G = kin.jacobian(t, q);
  const T = module.slipJacobian?.(t, q, params);
  const slipStart: number[] = [];
  let next = 0;
  for (const u of contacts) {
    slipStart.push(next);
    next += u.slip ?? 0;
  }
  const rows = S.flatMap((j) => [
    G.subarray(j * n, (j + 1) * n),
    ...(T && sticks(contacts[j]!.law) && (contacts[j]!.slip ?? 0) > 0 ? [T.subarray(slipStart[j]! * n, (slipStart[j]! + 1) * n)] : []),
  ]);
  let mass = 0,
    row = 0;
  for (let i = 0; i < n; i++) mass = Math.max(mass, Math.abs(Mf[i * n + i]!));
  for (const r of rows) for (let i = 0; i < n; i++) row = Math.max(row, Math.abs(r[i]!));
  const rho = mass > 0 && row > 0 ? mass / (row * row) : 1;
  for (const r of rows) for (let a = 0; a < n; a++) for (let b = 0; b < n; b++) Mf[a * n + b] += rho * r[a]! * r[b]!;
  return choleskyFactor(n, Mf) < 0;
}

/** The arrays of a constrained solve (numeric/schur.ts) for n coordinates and up to k rows, allocated once by its caller. */
export function schurArrays(n: number, k: number): SchurSystem {
  return {
    n,
    M: new Float64Array(n * n),
    L: new Float64Array(n * n),
    R: new Float64Array(k * n),
    b: new Float64Array(n),
    c: new Float64Array(k),
    y: new Float64Array(n),
    sigma: new Float64Array(k),
    X: new Float64Array(k * n),
    W: new Float64Array(k * k),
    dep: new Uint8Array(k),
    at: -1,
  };
}
