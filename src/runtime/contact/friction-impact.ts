// Impacts with Coulomb friction, several contacts at once, solved as one
// complementarity problem, and the contact rows every frictional driver
// reads from a module. The problem is solved by the enumeration of the
// contacts' phases the C driver prints too (enumerated-impact.ts, from the IR
// of src/codegen/solvers/frictional-impact.ts) where M is regular and the
// cone exact; by friction-lcp.ts (Lemke's method, the exact cone's iteration)
// where it is not, a pyramid is asked for, the contacts have too many phase
// combinations, or the enumeration admits none.
//
// Law: impact-law.ts (Newton's e on each contact's normal row, Coulomb on
// its slip rows with no tangential restitution; Glocker's one-coefficient
// law where that would raise the energy). With the rows H of the
// closed contacts J (each contact's normal row ∂g/∂q, then its slip rows
// ∂s/∂q), U = H q̇ + ∂/∂t their velocities and W = H M⁻¹ Hᵀ, the
// complementarity of friction-lcp.ts acts on
//   ξ = U⁺ + ε∘U⁻ = W Λ + b,   b = U⁻ + ε∘U⁻,   ε = e_j (normal rows), 0 (slip rows),
// and q̇⁺ = q̇⁻ + M⁻¹ Hᵀ Λ. A sticking contact leaves with U_T⁺ = 0 (Routh's
// classical law for a disk striking a rough floor). Where the law has
// several solutions (more rows than coordinates), the contacts separating
// before the impact are engaged only if they must be (friction-lcp's
// `separating`), the choice the generated impact map makes.
//
// A mass matrix singular alone (massless directions the closed rows pin: a
// point-mass rimless wheel) has no W = H M⁻¹ Hᵀ. With the regularisation of
// src/numeric/schur.ts, M̃ = M + ρHᵀH (ρ = max Mᵢᵢ / max H_ri², positive
// definite exactly when the rows pin M's null space), the impact equation
// M Δq̇ = HᵀΛ is M̃ Δq̇ = Hᵀ(Λ + ρΔU), ΔU = H Δq̇: exact, but it needs the
// velocity jump ΔU it determines. So ΔU is found by the fixed point
//   ΔU_{k+1} = W̃ (Λ_k + ρΔU_k),  Λ_k the solution of the LCP ξ = W̃Λ + b + ρW̃ΔU_k,
// W̃ = H M̃⁻¹ Hᵀ (an augmented Lagrangian iteration), whose fixed point is
// the impact law with M itself. It contracts where ρW̃ < 1, i.e. off the
// pinned directions; along them the rows that end engaged fix ΔU directly,
// and an outcome that leaves a massless direction unpinned has no solution
// (its iteration does not settle: 'singular-mass-matrix').
//
// Dependent rows (a box landing flat on four corners, a rod flat on the
// floor with both ends sticking) leave the impulses statically
// indeterminate (rubanovich1981 §1, pinned feet's horizontal impulses), not
// q̇⁺: Lemke's method returns one vertex, and the impulses reported are the
// split of least norm with the same HᵀΛ (indeterminate-reactions.ts), as
// the contact phase's reactions are.
// Tests: test/runtime/contact/friction-impact.test.ts (rows, hand solutions), test/unilateral/frictional-impacts.test.ts (energy over random impacts of every example, the frictionless and stick limits against the generated maps, the rod's threshold).

import { choleskyFactor, choleskySolve } from '../../numeric/cholesky.js';
import { pinningScale } from '../../numeric/schur.js';
import type { LoadedModule, Params } from '../contract.js';
import { requireFunctions, type WithFunctions } from './contacts.js';
import { SimulationError } from '../errors.js';
import { applyImpactLaw, sticks, type ImpactLawName } from './impact-law.js';
import { enumeratedSolver } from './enumerated-impact.js';
import { leastNormImpulses } from './indeterminate-reactions.js';
import {
  isFrictionCone,
  phaseModes,
  solveFrictionLcp,
  type ContactPhase,
  type FrictionCone,
  type FrictionContact,
  type FrictionSolution,
  type FrictionStatus,
} from '../complementarity/friction-lcp.js';

type SlipFunctions = 'slipJacobian' | 'slipRates' | 'friction';
type WithRows = WithFunctions<'gapJacobian' | 'gapRates' | SlipFunctions>;

/** Whether the model has slip rows (Coulomb or 'stick' contacts written with a slip coordinate). */
export function hasSlipRows(module: LoadedModule): boolean {
  return module.model.unilateral.some((u) => (u.slip ?? 0) > 0);
}

/** Refuse a 'stick' contact without a slip row: treating it as frictionless would be silently wrong. */
export function requireStickRows(module: LoadedModule): void {
  const info = module.model.unilateral;
  const bare = info.findIndex((u) => sticks(u.law) && !((u.slip ?? 0) > 0));
  if (bare >= 0) {
    throw new SimulationError(
      'unsupported-impact-law',
      'input',
      `contact '${info[bare]!.name}' has a 'stick' law but no slip row to stick along; regenerate the module with its slip coordinate`,
      { model: module.model.name, field: `unilateral[${bare}].slip` },
    );
  }
}

/** Refuse a friction cone option that is none: 'exact' or { pyramid: K }, K an integer ≥ 3. */
export function requireCone(module: LoadedModule, cone: unknown): void {
  if (cone === undefined || isFrictionCone(cone)) return;
  throw new SimulationError(
    'invalid-option',
    'input',
    `cone = ${JSON.stringify(cone)} is not a friction cone: give 'exact' (the default) or { pyramid: K } with an integer K ≥ 3 facets`,
    { model: module.model.name, field: 'cone' },
  );
}

/**
 * Normal and slip rows of the contacts, read from the module (gapJacobian,
 * slipJacobian and their rates, friction), in the layout of friction-lcp.ts:
 * per contact its normal row, then its slip rows. A model without slip rows
 * needs none of the slip functions (every contact frictionless).
 */
export class ContactRows {
  readonly n: number;
  readonly m: number;
  /** Slip rows of the model (all contacts). */
  readonly ms: number;
  /** First slip row of each contact in the module's slip arrays (m + 1 entries). */
  readonly slipStart: readonly number[];
  private readonly module: WithRows;
  private readonly G: Float64Array;
  private readonly S: Float64Array;
  private readonly gRate: Float64Array;
  private readonly sRate: Float64Array;

  constructor(
    module: LoadedModule,
    private readonly params: Params,
    driver: string,
  ) {
    const info = module.model.unilateral;
    const slipFunctions: readonly SlipFunctions[] = hasSlipRows(module) ? ['slipJacobian', 'slipRates', 'friction'] : [];
    this.module = requireFunctions(module, ['gapJacobian', 'gapRates', ...slipFunctions], driver) as WithRows;
    this.n = module.model.coordinates.length;
    this.m = info.length;
    const start = [0];
    for (const u of info) start.push(start.at(-1)! + (u.slip ?? 0));
    this.slipStart = start;
    this.ms = start[this.m]!;
    this.G = new Float64Array(this.m * this.n);
    this.S = new Float64Array(this.ms * this.n);
    this.gRate = new Float64Array(this.m);
    this.sRate = new Float64Array(this.ms);
  }

  /** Rows of the contacts J stacked (normal, then slip rows of each), r×n; r = Σ_J (1 + slip). */
  rows(t: number, q: ArrayLike<number>, J: readonly number[]): Float64Array {
    const { n } = this;
    const G = this.module.gapJacobian(t, q, this.params, this.G);
    const S = this.ms > 0 ? this.module.slipJacobian(t, q, this.params, this.S) : this.S;
    const H = new Float64Array(this.rowCount(J) * n);
    let r = 0;
    for (const j of J) {
      H.set(G.subarray(j * n, (j + 1) * n), r++ * n);
      for (let s = this.slipStart[j]!; s < this.slipStart[j + 1]!; s++) H.set(S.subarray(s * n, (s + 1) * n), r++ * n);
    }
    return H;
  }

  /** Velocities U = H q̇ + ∂/∂t of the rows of J, into out (length rowCount(J)). */
  rates(t: number, q: ArrayLike<number>, qd: ArrayLike<number>, J: readonly number[], out: Float64Array): Float64Array {
    const g = this.module.gapRates(t, q, qd, this.params, this.gRate);
    const s = this.ms > 0 ? this.module.slipRates(t, q, qd, this.params, this.sRate) : this.sRate;
    let r = 0;
    for (const j of J) {
      out[r++] = g[j]!;
      for (let k = this.slipStart[j]!; k < this.slipStart[j + 1]!; k++) out[r++] = s[k]!;
    }
    return out;
  }

  /**
   * Values of the rows of J (as rows() stacks them) back to the model's
   * layout: each contact's normal row into `normal` (one entry per contact),
   * its slip rows into `slip` (one per slip row, slipJacobian's order).
   */
  scatter(J: readonly number[], values: ArrayLike<number>, normal: Float64Array, slip: Float64Array): void {
    let r = 0;
    for (const j of J) {
      normal[j] = values[r++]!;
      for (let s = this.slipStart[j]!; s < this.slipStart[j + 1]!; s++) slip[s] = values[r++]!;
    }
  }

  /** The inverse of scatter: the values of the rows of J, from the model's layout, into out (length rowCount(J)). */
  gather(J: readonly number[], normal: ArrayLike<number>, slip: ArrayLike<number>, out: Float64Array): Float64Array {
    let r = 0;
    for (const j of J) {
      out[r++] = normal[j]!;
      for (let s = this.slipStart[j]!; s < this.slipStart[j + 1]!; s++) out[r++] = slip[s]!;
    }
    return out;
  }

  rowCount(J: readonly number[]): number {
    let r = 0;
    for (const j of J) r += 1 + this.slipCount(j);
    return r;
  }

  /** Slip rows of contact j. */
  slipCount(j: number): number {
    return this.slipStart[j + 1]! - this.slipStart[j]!;
  }

  /** [μ_kinetic, μ_static] per contact (Infinity for 'stick', 0 frictionless). */
  friction(t: number): Float64Array {
    const mu = new Float64Array(2 * this.m);
    return this.ms > 0 ? this.module.friction(t, this.params, mu) : mu;
  }

  /**
   * The friction-lcp contacts of J from their velocities U (rows of J):
   * kinetic μ, the static μ for those not sliding (every slip rate within
   * restVelocity), and separating those whose normal velocity exceeds it.
   */
  contacts(J: readonly number[], mu: Float64Array, U: ArrayLike<number>, restVelocity: number): FrictionContact[] {
    let r = 0;
    return J.map((j) => {
      const slip = this.slipCount(j);
      let sliding = false;
      for (let s = 1; s <= slip; s++) sliding ||= Math.abs(U[r + s]!) > restVelocity;
      const separating = U[r]! > restVelocity;
      r += 1 + slip;
      const kinetic = mu[2 * j]!,
        stat = mu[2 * j + 1]!;
      return { slip, mu: kinetic, separating, ...(sliding || stat === kinetic ? {} : { staticMu: stat }) };
    });
  }
}

export interface FrictionalImpactOptions {
  /** Normal approach speed that makes a closed contact arrive, and slip speed below which a contact sticks before the impact (default 1e-6). */
  readonly restVelocity?: number;
  /** Spatial contacts' friction cone (friction-lcp.ts): 'exact' (default) or { pyramid: K }. */
  readonly cone?: FrictionCone;
}

export interface FrictionalImpact {
  /** As impactByLcp: 'lcp-failed' carries the friction solver's status in `solver`. */
  readonly status: 'ok' | 'singular-mass-matrix' | 'lcp-failed';
  readonly qdPlus: Float64Array;
  /** One normal impulse per unilateral constraint (0 for the open ones). */
  readonly impulses: Float64Array;
  /** One tangential impulse per slip row of the model (slipJacobian's order; 0 for open contacts). */
  readonly tangentialImpulses: Float64Array;
  /** Per contact after the impact ('open' for contacts not closed). */
  readonly phases: ContactPhase[];
  /** The same as frictionPhase's mode codes (phaseModes: 0 open, ±1 sliding, 2 sticking), for the impact's event. */
  readonly modes: number[];
  /** Newton–Coulomb, or the fallback that acted where that would have raised the energy (impact-law.ts). */
  readonly law: ImpactLawName;
  readonly solver: FrictionStatus;
  readonly pivots: number;
  readonly residual: number;
}

/** The velocity jump at an impact with Coulomb friction (see the header). */
export function frictionalImpact(
  module: LoadedModule,
  params: Params,
  t: number,
  q: ArrayLike<number>,
  qdMinus: ArrayLike<number>,
  closed: ArrayLike<boolean>,
  opts: FrictionalImpactOptions = {},
): FrictionalImpact {
  requireStickRows(module);
  requireCone(module, opts.cone);
  const rows = new ContactRows(module, params, 'frictionalImpact');
  const withLaw = requireFunctions(module, ['restitution'], 'frictionalImpact');
  const { n, m } = rows;
  const restVelocity = opts.restVelocity ?? 1e-6;
  const J = Array.from({ length: m }, (_, j) => j).filter((j) => closed[j]);
  const qdPlus = Float64Array.from({ length: n }, (_, i) => qdMinus[i]!);
  const impulses = new Float64Array(m);
  const tangentialImpulses = new Float64Array(rows.ms);
  const phases: ContactPhase[] = new Array(m).fill('open');
  const modes = new Array<number>(m).fill(0);
  let law: ImpactLawName = 'newton-coulomb';
  const result = (status: FrictionalImpact['status'], solver: FrictionStatus, pivots: number, residual: number): FrictionalImpact => ({
    status,
    qdPlus,
    impulses,
    tangentialImpulses,
    phases,
    modes,
    law,
    solver,
    pivots,
    residual,
  });

  const H = rows.rows(t, q, J);
  const r = rows.rowCount(J);
  const U = rows.rates(t, q, qdMinus, J, new Float64Array(r));
  const e = withLaw.restitution(t, params, new Float64Array(m));
  const L = module.massMatrix(t, q, params, new Float64Array(n * n));
  const rho = choleskyFactor(n, L) < 0 ? 0 : pinnedFactor(module.massMatrix(t, q, params, L), n, H, r);
  if (rho === undefined) return result('singular-mass-matrix', 'ok', 0, NaN);
  // X = M⁻¹ Hᵀ (a column per row, stored by row of H), W = H X (M̃ for M where ρ > 0).
  const X = new Float64Array(r * n);
  for (let a = 0; a < r; a++) choleskySolve(n, L, H, a * n, X, a * n);
  const W = delassus(n, H, X);
  const slipCount = (j: number): number => rows.slipCount(j);
  const friction = rows.friction(t);
  const contacts = rows.contacts(J, friction, U, restVelocity);
  // The phases enumerated (enumerated-impact.ts, the C driver's solver) where M is regular and the cone exact; else, or where that has no answer, the LCP.
  const terms = Float64Array.from({ length: r }, (_, a) => {
    let s = 0;
    for (let i = 0; i < n; i++) s += Math.abs(H[a * n + i]! * qdMinus[i]!);
    return s;
  });
  const staticMu = J.map((j) => friction[2 * j + 1]!);
  const enumerated = rho === 0 && (opts.cone ?? 'exact') === 'exact' ? enumeratedSolver({ contacts, W, U, staticMu, restVelocity, terms }) : undefined;
  const lcp = (bk: Float64Array): FrictionSolution => enumerated?.(bk) ?? solveFrictionLcp({ contacts, W, b: bk }, { cone: opts.cone });
  const solve = (b: Float64Array): ReturnType<typeof augmentedSolve> => augmentedSolve(W, b, rho, lcp);
  // Newton–Coulomb, or the fallbacks where it would raise the energy (Kane's paradox; impact-law.ts).
  const applied = applyImpactLaw({ uMinus: U, uFree: U, W, e, contacts: J, slipCount, pinned: contacts.map((c) => c.mu === Infinity), restVelocity }, solve);
  const solved = applied.solved;
  law = applied.law;
  if (!solved) return result('singular-mass-matrix', 'ok', 0, NaN);
  const { sol, mu } = solved;
  if (sol.status !== 'ok') return result('lcp-failed', sol.status, sol.pivots, sol.residual);
  const codes = phaseModes(contacts, sol);
  J.forEach((j, k) => {
    phases[j] = sol.phases[k]!;
    modes[j] = codes[k]!;
  });
  // Dependent rows (a box landing flat on four corners): the least-norm split of the same HᵀΛ (q̇⁺ is mu's).
  const split = leastNormImpulses(
    n,
    H,
    contacts.map((c, k) => ({ slip: c.slip, mu: c.mu, staticMu: c.staticMu ?? c.mu, phase: sol.phases[k]! })),
    sol.impulses,
    sol.velocities,
    Math.max(...U.map(Math.abs)),
  );
  rows.scatter(J, split ?? sol.impulses, impulses, tangentialImpulses);
  for (let c = 0; c < r; c++) for (let i = 0; i < n; i++) qdPlus[i] += X[c * n + i]! * mu[c]!;
  return result('ok', 'ok', sol.pivots, sol.residual);
}

/** Fixed-point iterations of the singular-mass impact (header): a handful where the rows pin M's null space. */
const AUGMENTED_ITERATIONS = 100;

/**
 * Factor M + ρHᵀH in place of M (in L, which holds M) and return ρ =
 * max Mᵢᵢ / max H_ri² (schur.ts's scale); undefined when that is singular too.
 */
function pinnedFactor(L: Float64Array, n: number, H: ArrayLike<number>, r: number): number | undefined {
  const rho = pinningScale(n, L, H, r);
  if (!(rho > 0)) return undefined;
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) for (let c = 0; c < r; c++) L[i * n + j] += rho * H[c * n + i]! * H[c * n + j]!;
  return choleskyFactor(n, L) < 0 ? rho : undefined;
}

/**
 * The LCP's solution and the multiplier μ = Λ + ρΔU of the metric used
 * (q̇⁺ = q̇⁻ + X μ): μ = Λ with M itself (ρ = 0); with M̃ the fixed point of
 * the header, undefined where it does not settle.
 */
function augmentedSolve(
  W: Float64Array,
  b: Float64Array,
  rho: number,
  solve: (b: Float64Array) => FrictionSolution,
): { sol: FrictionSolution; mu: Float64Array } | undefined {
  const r = b.length;
  if (rho === 0) {
    const sol = solve(b);
    return { sol, mu: Float64Array.from(sol.impulses) };
  }
  let dU = new Float64Array(r);
  for (let k = 0; k < AUGMENTED_ITERATIONS; k++) {
    const bk = Float64Array.from(b, (v, a) => v + rho * dot(W, a, dU));
    const sol = solve(bk);
    const mu = Float64Array.from(sol.impulses, (v, a) => v + rho * dU[a]!);
    if (sol.status !== 'ok') return { sol, mu };
    const next = Float64Array.from(dU, (_, a) => dot(W, a, mu));
    let change = 0,
      size = 0;
    for (let a = 0; a < r; a++) {
      change = Math.max(change, Math.abs(next[a]! - dU[a]!));
      size = Math.max(size, Math.abs(next[a]!), Math.abs(b[a]!));
    }
    dU = next;
    // 1e-13 relative: the LCP's own residual, far below the integration's error.
    if (change <= 1e-13 * Math.max(size, Number.MIN_VALUE)) return { sol, mu };
  }
  return undefined;
}

/** Row a of the square matrix W times v. */
function dot(W: ArrayLike<number>, a: number, v: ArrayLike<number>): number {
  const r = v.length;
  let s = 0;
  for (let c = 0; c < r; c++) s += W[a * r + c]! * v[c]!;
  return s;
}

/**
 * The Delassus matrix W = H X (r×r) of the rows H (r×n) from X = M⁻¹Hᵀ,
 * stored like H (row a of X is M⁻¹ times row a of H).
 */
export function delassus(n: number, H: ArrayLike<number>, X: ArrayLike<number>): Float64Array {
  const r = H.length / n;
  const W = new Float64Array(r * r);
  for (let a = 0; a < r; a++)
    for (let c = 0; c < r; c++) {
      let s = 0;
      for (let i = 0; i < n; i++) s += H[a * n + i]! * X[c * n + i]!;
      W[a * r + c] = s;
    }
  return W;
}
