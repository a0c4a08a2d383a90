// The velocity-level contact problem with Coulomb friction, shared by the
// frictional impact (friction-impact.ts) and the Moreau–Jean step
// (moreau-jean.ts). Each contact c contributes its normal row, then its slip
// rows (0, 1 planar, 2 spatial); W = H M⁻¹ Hᵀ is the Delassus matrix of
// those rows and b the value of ξ at zero impulse, so that ξ = W Λ + b.
// Find Λ = (Λ_N, Λ_T) per contact with
//   normal:      0 ≤ Λ_N ⊥ ξ_N ≥ 0,
//   Coulomb:     |Λ_T| ≤ μ Λ_N, and Λ_T maximizes the dissipation −Λ_Tᵀξ_T
//                (Λ_T = −μΛ_N ξ_T/|ξ_T| when ξ_T ≠ 0; ξ_T = 0 inside the cone),
//   'stick':     μ = ∞: ξ_T = 0 when engaged (Λ_N > 0), Λ_T = 0 when open,
//   frictionless (μ = 0): Λ_T = 0.
//
// Finite μ, the exact cone (default): a problem with a spatial Coulomb
// contact is solved on the second-order cones themselves, every contact's
// |Λ_T| ≤ μΛ_N a disk (coulomb-cone.ts: Gauss–Seidel over the contacts,
// then Newton on the phases found). Otherwise — planar contacts only, or a
// pyramid asked for (`cone: { pyramid: K }`) — the cone is written with K
// directions d_i and Λ_T = D β, β ≥ 0, with the slack λ ≥ 0 (Stewart &
// Trinkle, IJNME 39 (1996) 2673; Anitescu & Potra, Nonlinear Dynamics 14
// (1997) 231):
//   0 ≤ β_i ⊥ d_iᵀξ_T + λ ≥ 0,   0 ≤ λ ⊥ μΛ_N − Σβ_i ≥ 0,
// an LCP solved by Lemke's method. λ is the sliding speed along the active
// direction. Planar contacts: K = 2, d = ±1, and the law is exact. Spatial
// contacts with the pyramid: K directions 2πi/K, the disk replaced by the
// inscribed regular K-gon: the friction bound is between cos(π/K) and 1
// times μΛ_N (K = 8: 0.924, at most 7.6 % low, between two directions), and
// a sliding contact's friction points along one of the K directions, at most
// π/K (22.5°) from −ξ_T. The LCP's matrix is copositive (W is PSD, the slack
// couplings are skew, μ ≥ 0) but not copositive-plus, so a ray of Lemke's
// path does not prove that no solution exists: see pivotLcp for what is
// tried before a ray is reported.
//
// 'stick' is the equality it is, never a large finite μ: the free tangential
// impulses Λ_F of the engaged stick contacts are eliminated by the Schur
// complement of W_FF (ξ_F = 0 ⇒ Λ_F = −W_FF⁻¹(W_FR Λ_R + b_F)), the LCP is
// solved in the remaining unknowns R, and a stick contact that comes out
// with Λ_N = 0 but Λ_T ≠ 0 (it separates, so its tangent may not hold) is
// released and the problem solved again; a released one that comes out
// pressed and sliding is engaged again; if that repeats itself every set is
// tried, and none consistent ends with 'stick-inconsistent'. Stick tangent
// rows dependent on the others (a rod lying flat with both ends stuck) are
// not eliminated: their ξ = 0 follows from the others, checked at the end
// ('inconsistent-stick-rows' if it does not).
//
// Static friction: a contact given a `staticMu` (the caller gives it to the
// contacts that stick when the problem is posed) is solved with it first; if
// it comes out sliding it is solved again with its kinetic μ, so a contact
// breaks away at μ_s and slides at μ_k.
//
// Contacts flagged `separating` are engaged only if needed (see the flag):
// a selection among solutions where the law has several, never a change of
// the law.
//
// Every solution is checked on the law itself in the original unknowns
// (`residual`), and every failure is a named status: no silent answer.

import { choleskyFactor, choleskySolve } from '../../numeric/cholesky.js';
import { coneResidual, solveConeProblem, type ConeBlock } from './coulomb-cone.js';
import { leastSquares } from '../../numeric/least-squares.js';
import { lcpResidual, lemke, polishLcp, type LcpStatus } from './lemke.js';

export interface FrictionContact {
  /** Slip rows following the contact's normal row: 0, 1 (planar) or 2 (spatial). */
  readonly slip: number;
  /** Coulomb coefficient: 0 frictionless, finite, or Infinity for 'stick'. */
  readonly mu: number;
  /** Coefficient while the contact sticks (default mu); a contact solved with it that slides is solved again with mu. */
  readonly staticMu?: number;
  /**
   * The contact was separating when the problem was posed: it is left out
   * of a first solve and engaged only if that solve would leave it with
   * ξ_N < 0. Where the law has several solutions (more rows than
   * coordinates: a wheel on two spokes may stop dead on both or roll on
   * one), this picks the one that does not catch a contact already leaving,
   * as the generated impact map does.
   */
  readonly separating?: boolean;
}

export interface FrictionProblem {
  /** Contacts in row order: each contributes its normal row, then its slip rows. */
  readonly contacts: readonly FrictionContact[];
  /** Delassus matrix W = H M⁻¹ Hᵀ of those rows, r×r row-major, r = Σ(1 + slip). */
  readonly W: ArrayLike<number>;
  /** ξ at Λ = 0 (r): the velocities the law acts on when no impulse is applied. */
  readonly b: ArrayLike<number>;
}

/**
 * A spatial contact's friction cone: 'exact' (the disk |Λ_T| ≤ μΛ_N, the
 * default) or the inscribed pyramid of K ≥ 3 facets (header: its friction
 * is up to 1 − cos(π/K) low and up to π/K off −ξ_T). Planar contacts are exact either way.
 */
export type FrictionCone = 'exact' | { readonly pyramid: number };

export interface FrictionOptions {
  readonly cone?: FrictionCone;
  /**
   * Impulses (r, rows' order) to start the exact cone's iterations from, or
   * near which the pyramid's answer is sought (nearestAnswer): the answer of
   * a nearby problem (a time step's previous fixed-point iteration), so that
   * where the law has several answers the one near it is taken, and the
   * step's fixed point settles.
   */
  readonly start?: ArrayLike<number>;
}

/** Whether a cone option is one: 'exact', or { pyramid: K } with an integer K ≥ 3. */
export function isFrictionCone(x: unknown): x is FrictionCone {
  if (x === 'exact') return true;
  if (typeof x !== 'object' || x === null || Object.keys(x).join() !== 'pyramid') return false;
  const K = (x as { pyramid: unknown }).pyramid;
  return typeof K === 'number' && Number.isInteger(K) && K >= 3;
}

/**
 * ok: Λ satisfies the law (see residual). ray-termination / max-iterations:
 * Lemke's status on the reduced LCP after every retry of pivotLcp.
 * inconsistent-stick-rows: dependent stick tangents that the others do not
 * hold at ξ = 0 (incompatible ∂s/∂t). stick-inconsistent: no set of engaged
 * stick contacts is consistent (see solveWithStick).
 */
export type FrictionStatus = Exclude<LcpStatus, 'ok'> | 'ok' | 'inconsistent-stick-rows' | 'stick-inconsistent';

/** open: Λ_N = 0; closed: pressed, frictionless; stick: pressed with ξ_T = 0; slip: pressed and sliding (Λ_T on the cone's edge). */
export type ContactPhase = 'open' | 'closed' | 'stick' | 'slip';

export interface FrictionSolution {
  readonly status: FrictionStatus;
  /** Λ, r, in the rows' order (zero on failure). */
  readonly impulses: Float64Array;
  /** ξ = W Λ + b, r. */
  readonly velocities: Float64Array;
  /** Per contact. */
  readonly phases: ContactPhase[];
  /** Lemke pivots over every solve. */
  readonly pivots: number;
  /** Iterations of the exact cone's solve over every solve (Gauss–Seidel sweeps and Newton steps; 0 where only LCPs were solved). */
  readonly sweeps: number;
  /** LCP solves (1 unless stick contacts were released or static friction gave way; 0 when nothing approaches). */
  readonly solves: number;
  /**
   * The law's natural-map residual, recomputed in the original unknowns:
   * max over |min(Λ_N, ξ_N)|, |min(β_i, d_iᵀξ_T + λ)|, |min(λ, μΛ_N − Σβ)| and
   * |ξ_T| of the engaged stick rows (velocity and impulse units of the rows).
   */
  readonly residual: number;
  /**
   * Pivoting failed on the exact problem and Λ solves a perturbed one (q or
   * W̃, by 1e-11…1e-10 relative: pivotLcp), or the exact cone's solve did not
   * converge and Λ is the 64-faceted pyramid's (coulomb-cone.ts); residual
   * says how far from the exact law.
   */
  readonly regularized: boolean;
}

/** Solve the frictional contact problem (see the header). */
export function solveFrictionLcp(problem: FrictionProblem, opts: FrictionOptions = {}): FrictionSolution {
  const { contacts, b } = problem;
  // No contact approaching: Λ = 0 solves the law whatever the slip rates
  // (an open contact may slide freely), without the degenerate pivots the
  // slack rows would take to find it.
  const start = rowStarts(contacts);
  if (contacts.every((_, j) => b[start[j]!]! >= 0)) return { ...failed(problem, 'ok', 0, 0), residual: 0 };
  const cone: SolveOptions = { cone: opts.cone ?? 'exact', start: opts.start };
  const deferred = contacts.flatMap((c, j) => (c.separating ? [j] : []));
  if (deferred.length === 0) return solveStaticKinetic(problem, cone);
  // Separating contacts engaged only if they must be: first without them.
  const kept = contacts.flatMap((c, j) => (c.separating ? [] : [j]));
  // (The start's rows are the whole problem's: the first solve goes without it.)
  const first = embed(problem, kept, solveStaticKinetic(restrict(problem, kept), { ...cone, start: undefined }));
  const levels = zeroLevels(problem.W, b);
  if (first.status === 'ok' && deferred.every((j) => first.velocities[start[j]!]! >= -levels.velocity)) return first;
  const all = solveStaticKinetic(problem, cone);
  return { ...all, pivots: all.pivots + first.pivots, sweeps: all.sweeps + first.sweeps, solves: all.solves + first.solves };
}

/** The problem of the contacts J alone (their rows of W and b). */
function restrict(problem: FrictionProblem, J: readonly number[]): FrictionProblem {
  const start = rowStarts(problem.contacts);
  const rows = J.flatMap((j) => Array.from({ length: start[j + 1]! - start[j]! }, (_, s) => start[j]! + s));
  const r = problem.b.length,
    k = rows.length;
  const W = new Float64Array(k * k);
  rows.forEach((i, a) => rows.forEach((c, d) => (W[a * k + d] = problem.W[i * r + c]!)));
  return { contacts: J.map((j) => problem.contacts[j]!), W, b: rows.map((i) => problem.b[i]!) };
}

/** A solution of the contacts J alone as one of the whole problem: zero impulses elsewhere, ξ = W Λ + b on every row. */
function embed(problem: FrictionProblem, J: readonly number[], sol: FrictionSolution): FrictionSolution {
  if (sol.status !== 'ok') return { ...failed(problem, sol.status, sol.pivots, sol.solves), sweeps: sol.sweeps };
  const start = rowStarts(problem.contacts);
  const impulses = new Float64Array(problem.b.length);
  const phases: ContactPhase[] = problem.contacts.map(() => 'open');
  let row = 0;
  J.forEach((j, a) => {
    for (let i = start[j]!; i < start[j + 1]!; i++) impulses[i] = sol.impulses[row++]!;
    phases[j] = sol.phases[a]!;
  });
  const velocities = new Float64Array(problem.b.length);
  lcpResidual(problem.W, problem.b, impulses, velocities);
  return { ...sol, impulses, velocities, phases };
}

/** Static coefficients first; a contact that slides with its static μ is solved again with the kinetic one. */
function solveStaticKinetic(problem: FrictionProblem, cone: SolveOptions): FrictionSolution {
  const { contacts } = problem;
  const mu = contacts.map((c) => c.staticMu ?? c.mu);
  let pivots = 0,
    sweeps = 0,
    solves = 0;
  for (;;) {
    const sol = solveWithStick(problem, mu, cone);
    pivots += sol.pivots;
    sweeps += sol.sweeps;
    solves += sol.solves;
    let again = false;
    contacts.forEach((c, j) => {
      if (sol.phases[j] === 'slip' && mu[j] !== c.mu) {
        mu[j] = c.mu;
        again = true;
      }
    });
    if (!again || sol.status !== 'ok') return { ...sol, pivots, sweeps, solves };
  }
}

/** frictionPhase's mode code of each phase (contract.ts); sliding gets its sign in phaseModes. */
const MODE_CODE: { readonly [P in ContactPhase]: number } = { open: 0, closed: 1, slip: 1, stick: 2 };

/**
 * The contacts' phases as frictionPhase's mode codes (contract.ts), for
 * events: 0 open, 2 sticking, ±1 sliding with the sign of a planar contact's
 * slip velocity ξ_T (1 for a spatial one), 1 for a frictionless held contact.
 */
export function phaseModes(contacts: readonly FrictionContact[], sol: FrictionSolution): number[] {
  const start = rowStarts(contacts);
  return contacts.map((c, j) => {
    const code = MODE_CODE[sol.phases[j]!];
    return sol.phases[j] === 'slip' && c.slip === 1 ? Math.sign(sol.velocities[start[j]! + 1]!) || 1 : code;
  });
}

/** Row layout: first row of each contact, then the total. */
function rowStarts(contacts: readonly FrictionContact[]): number[] {
  const start = [0];
  for (const c of contacts) start.push(start.at(-1)! + 1 + c.slip);
  return start;
}

/** Stick contacts up to which every engaged set is tried when the release/engage iteration repeats itself. */
const MAX_ENUMERATED_STICK = 10;

/**
 * The engaged stick contacts: release those that separate with a tangential
 * impulse, engage those that press and slide, until the set is consistent.
 * If a set repeats, or its stick rows cannot all be held (dependent rows:
 * a compass on both feet at the symmetric instant), every subset is tried
 * (at most 2^MAX_ENUMERATED_STICK); none consistent is 'stick-inconsistent'
 * (or 'inconsistent-stick-rows' if that is what stopped the first set): the
 * infinite-friction law has no
 * solution, as when the μ → ∞ limit of the finite problem keeps Λ_T ≠ 0 with
 * Λ_N → 0 (a jammed contact: Painlevé's case at the impulse level).
 */
function solveWithStick(problem: FrictionProblem, mu: readonly number[], cone: SolveOptions): FrictionSolution {
  const { contacts, W, b } = problem;
  const start = rowStarts(contacts);
  const stick = contacts.map((c, j) => (c.slip > 0 && mu[j] === Infinity ? j : -1)).filter((j) => j >= 0);
  const levels = zeroLevels(W, b);
  let pivots = 0,
    sweeps = 0,
    solves = 0;
  /** Solve with the given engaged set; the stick contacts whose state contradicts it. */
  const attempt = (engaged: readonly boolean[]): { sol: FrictionSolution; wrong: number[] } => {
    const sol = solveEngaged(problem, mu, engaged, cone);
    pivots += sol.pivots;
    sweeps += sol.sweeps;
    solves++;
    const wrong = sol.status === 'ok' ? stick.filter((j) => contradicts(sol, start, j, engaged[j]!, levels)) : [];
    return { sol, wrong };
  };
  const done = (sol: FrictionSolution): FrictionSolution => ({ ...sol, pivots, sweeps, solves });
  const engaged = contacts.map((_, j) => stick.includes(j));
  const tried = new Set<string>();
  let status: FrictionStatus = 'stick-inconsistent';
  for (;;) {
    tried.add(engaged.join());
    const { sol, wrong } = attempt(engaged);
    if (sol.status === 'ok' && wrong.length === 0) return done(sol);
    // Engaged stick rows the others cannot hold: another engaged set may not need them.
    if (sol.status === 'inconsistent-stick-rows') status = sol.status;
    else if (sol.status !== 'ok') return done(sol);
    if (wrong.length === 0) break;
    for (const j of wrong) engaged[j] = !engaged[j];
    if (tried.has(engaged.join())) break;
  }
  if (stick.length <= MAX_ENUMERATED_STICK) {
    for (let mask = (1 << stick.length) - 1; mask >= 0; mask--) {
      stick.forEach((j, a) => (engaged[j] = (mask & (1 << a)) !== 0));
      if (tried.has(engaged.join())) continue;
      const { sol, wrong } = attempt(engaged);
      if (sol.status === 'ok' && wrong.length === 0) return done(sol);
    }
  }
  return { ...failed(problem, status, pivots, solves), sweeps };
}

/** Whether stick contact j contradicts its assumed state: engaged but open with a tangential impulse, or released but pressed and sliding. */
function contradicts(sol: FrictionSolution, start: readonly number[], j: number, engaged: boolean, levels: ZeroLevels): boolean {
  const pressed = sol.impulses[start[j]!]! > levels.impulse;
  let tangent = 0,
    slide = 0;
  for (let r = start[j]! + 1; r < start[j + 1]!; r++) {
    tangent = Math.max(tangent, Math.abs(sol.impulses[r]!));
    slide = Math.max(slide, Math.abs(sol.velocities[r]!));
  }
  return engaged ? !pressed && tangent > levels.impulse : pressed && slide > levels.velocity;
}

interface ZeroLevels {
  readonly impulse: number;
  readonly velocity: number;
}

/**
 * Levels below which an impulse or a velocity is rounding: 1e-12 of the
 * problem's velocity scale max|b| and of the impulse that changes it by as
 * much, max|b| / max W_ii. Lemke returns its non-basic unknowns as exact
 * zeros; these only absorb a degenerate basic one.
 */
function zeroLevels(W: ArrayLike<number>, b: ArrayLike<number>): ZeroLevels {
  const r = b.length;
  let v = 0,
    d = 0;
  for (let i = 0; i < r; i++) {
    v = Math.max(v, Math.abs(b[i]!));
    d = Math.max(d, Math.abs(W[i * r + i]!));
  }
  return { velocity: 1e-12 * v, impulse: d > 0 ? (1e-12 * v) / d : 0 };
}

/** Zero impulses, ξ = b, every contact open: the answer with a failure status (and, with 'ok', the answer when nothing approaches). */
function failed(problem: FrictionProblem, status: FrictionStatus, pivots: number, solves: number): FrictionSolution {
  const r = problem.b.length;
  return {
    status,
    impulses: new Float64Array(r),
    velocities: Float64Array.from(problem.b),
    phases: problem.contacts.map(() => 'open'),
    pivots,
    sweeps: 0,
    solves,
    residual: NaN,
    regularized: false,
  };
}

/**
 * One solve with a fixed set of engaged stick contacts: eliminate their
 * tangential impulses (Schur complement), solve the rest (on the exact
 * cones, or the Stewart–Trinkle LCP), recover Λ and check the law.
 */
function solveEngaged(problem: FrictionProblem, mu: readonly number[], engaged: readonly boolean[], cone: SolveOptions): FrictionSolution {
  const { contacts, W, b } = problem;
  // No contact (solveFrictionLcp's first solve when every contact is separating): Λ is empty, as the
  // empty LCP's answer is, without building it (a ball leaving its plate made it at most of its steps).
  if (contacts.length === 0) return noContact();
  const r = b.length;
  const start = rowStarts(contacts);
  // Rows: F the engaged stick tangents, R the unknowns of the LCP (normals,
  // tangents of finite-friction contacts); all other rows carry no impulse.
  const F: number[] = [];
  const R: number[] = [];
  contacts.forEach((_, j) => {
    R.push(start[j]!);
    for (let s = start[j]! + 1; s < start[j + 1]!; s++) {
      if (engaged[j]) F.push(s);
      else if (mu[j]! > 0 && mu[j]! < Infinity) R.push(s);
    }
  });
  const reduced = eliminateStick(W, b, F, R);
  if (!reduced) return failed(problem, 'inconsistent-stick-rows', 0, 1);
  const spatial = contacts.some((c, j) => c.slip === 2 && R.includes(start[j]! + 1));
  // Planar contacts alone are exact in the LCP, whose facets only spatial contacts read.
  const shape = cone.cone;
  const piv =
    shape !== 'exact'
      ? lcpSolve(contacts, mu, start, R, reduced, shape.pyramid, cone.start)
      : spatial
        ? coneSolve(contacts, mu, start, R, reduced, cone.start)
        : lcpSolve(contacts, mu, start, R, reduced, 0);
  if (piv.status !== 'ok') return { ...failed(problem, piv.status, piv.pivots, 1), sweeps: piv.sweeps };

  // Λ: the solve's part Λ_R, then the eliminated stick tangents Λ_S = −X_b − X_R Λ_R.
  const { S, X } = reduced;
  const lamR = piv.lamR;
  const nR = R.length,
    k = S.length;
  const impulses = new Float64Array(r);
  R.forEach((row, i) => (impulses[row] = lamR[i]!));
  for (let a = 0; a < k; a++) {
    let v = -X[nR * k + a]!;
    for (let c = 0; c < nR; c++) v -= X[c * k + a]! * lamR[c]!;
    impulses[S[a]!] = v;
  }
  const velocities = new Float64Array(r);
  lcpResidual(W, b, impulses, velocities); // ξ = W Λ + b (the residual it returns is not the law's)
  const levels = zeroLevels(W, b);
  // Dependent stick rows are held by the others only if their ξ came out 0.
  for (const f of F) {
    if (!S.includes(f) && Math.abs(velocities[f]!) > Math.max(levels.velocity, 1e-9 * Math.abs(b[f]!))) {
      return { ...failed(problem, 'inconsistent-stick-rows', piv.pivots, 1), sweeps: piv.sweeps };
    }
  }
  const phases = contacts.map((c, j): ContactPhase => {
    if (!(impulses[start[j]!]! > levels.impulse)) return 'open';
    if (c.slip === 0 || mu[j] === 0) return 'closed';
    let slide = 0;
    for (let s = start[j]! + 1; s < start[j + 1]!; s++) slide = Math.max(slide, Math.abs(velocities[s]!));
    return engaged[j] || slide <= levels.velocity ? 'stick' : 'slip';
  });
  const residual = Math.max(piv.residual(problem, impulses, velocities), ...F.map((f) => Math.abs(velocities[f]!)));
  return { status: 'ok', impulses, velocities, phases, pivots: piv.pivots, sweeps: piv.sweeps, solves: 1, residual, regularized: piv.regularized };
}

/** The solve of a problem without contacts: one solve, nothing to pivot, the law holding exactly. */
const noContact = (): FrictionSolution => ({
  status: 'ok',
  impulses: new Float64Array(0),
  velocities: new Float64Array(0),
  phases: [],
  pivots: 0,
  sweeps: 0,
  solves: 1,
  residual: 0,
  regularized: false,
});

/** The cone, and the exact cone's start (FrictionOptions), as every solve takes them. */
interface SolveOptions {
  readonly cone: FrictionCone;
  readonly start: ArrayLike<number> | undefined;
}

/**
 * Facets of the pyramids whose LCPs start the exact cone's Newton where its
 * sweeps fail: the coarse one first, its LCP a quarter of the size (Lemke's
 * pivots cost its square), the fine one only where Newton from the coarse
 * answer leaves the law unheld — and the fine answer (within 1 − cos(π/64)
 * of the cone) the one that stands where Newton fails from it too.
 */
const FALLBACK_FACETS = [16, 64] as const;

/** The reduced problem's solution Λ_R (ok), its cost, and the law's residual on the original rows. */
interface ReducedSolution {
  readonly status: FrictionStatus;
  readonly lamR: Float64Array;
  readonly pivots: number;
  readonly sweeps: number;
  readonly regularized: boolean;
  readonly residual: (problem: FrictionProblem, impulses: Float64Array, velocities: Float64Array) => number;
}

/** The reduced problem on the exact cones (coulomb-cone.ts): one block per contact, its normal and its tangents in R. */
function coneSolve(
  contacts: readonly FrictionContact[],
  mu: readonly number[],
  start: readonly number[],
  R: readonly number[],
  reduced: ReducedProblem,
  first: ArrayLike<number> | undefined,
): ReducedSolution {
  const blocksOf = (at: (row: number) => number): ConeBlock[] =>
    mu.map((m, j) => {
      const tangents = R.filter((row) => row > start[j]! && row < start[j + 1]!);
      return { normal: at(start[j]!), tangents: tangents.map(at), mu: tangents.length > 0 ? m : 0 };
    });
  // Where Gauss–Seidel does not converge, Newton starts from the faceted pyramids' answers (within 1 − cos(π/K) of the cone),
  let faceted: ReducedSolution | undefined;
  const fallbacks = FALLBACK_FACETS.map((facets) => (): Float64Array | undefined => {
    faceted = lcpSolve(contacts, mu, start, R, reduced, facets);
    return faceted.status === 'ok' ? faceted.lamR : undefined;
  });
  const sol = solveConeProblem(
    { W: reduced.Wr, b: reduced.br, blocks: blocksOf((row) => R.indexOf(row)) },
    fallbacks,
    first && R.map((row) => first[row] ?? 0),
  );
  const residual: ReducedSolution['residual'] = (problem, impulses) => coneResidual({ W: problem.W, b: problem.b, blocks: blocksOf((row) => row) }, impulses);
  // and where that fails too, the finest pyramid's answer stands, flagged: in the cone and dissipative, its residual on the cone's law reported.
  if (sol.status !== 'ok' && faceted?.status === 'ok') return { ...faceted, sweeps: sol.iterations, regularized: true, residual };
  return { status: sol.status, lamR: sol.impulses, pivots: 0, sweeps: sol.iterations, regularized: false, residual };
}

/**
 * The reduced problem as the Stewart–Trinkle LCP (facets: a spatial
 * contact's directions): the answer nearest the start's impulses where one
 * is given (nearestAnswer), else Lemke with pivotLcp's retries.
 */
function lcpSolve(
  contacts: readonly FrictionContact[],
  mu: readonly number[],
  start: readonly number[],
  R: readonly number[],
  reduced: ReducedProblem,
  facets: number,
  first?: ArrayLike<number>,
): ReducedSolution {
  const lcp = stewartTrinkle(contacts, mu, start, R, reduced, facets);
  const near = first && nearestAnswer(lcp, reduced, R, first);
  const piv = near ?? pivotLcp(lcp);
  const { size, P } = lcp;
  const nR = R.length;
  const lamR = new Float64Array(nR);
  for (let i = 0; i < nR; i++) for (let c = 0; c < size; c++) lamR[i] += P[i * size + c]! * piv.z[c]!;
  return {
    status: piv.status,
    lamR,
    pivots: piv.pivots,
    sweeps: 0,
    regularized: piv.regularized,
    residual: (_, impulses, velocities) => lawResidual(lcp, piv.z, impulses, velocities),
  };
}

interface ReducedProblem {
  /** The stick rows kept (independent), eliminated by the Schur complement. */
  readonly S: readonly number[];
  /** W_SS⁻¹ [W_SR | b_S], column per R row then b, each of length |S|. */
  readonly X: Float64Array;
  /** W̃ = W_RR − W_RS W_SS⁻¹ W_SR (|R|×|R|) and b̃ = b_R − W_RS W_SS⁻¹ b_S. */
  readonly Wr: Float64Array;
  readonly br: Float64Array;
}

/**
 * Eliminate the free impulses of the stick rows F. Only an independent subset
 * S is eliminated (greedy Cholesky of W_FF): a row whose pivot is below 1e-11
 * of the largest diagonal lies in the span of the kept ones (rounding leaves
 * ~1e-16 there; a near-dependence above it is kept and only costs
 * conditioning). Undefined if W_SS does not factor after all.
 */
function eliminateStick(W: ArrayLike<number>, b: ArrayLike<number>, F: readonly number[], R: readonly number[]): ReducedProblem | undefined {
  const r = b.length;
  const w = (i: number, k: number): number => W[i * r + k]!;
  const S: number[] = [];
  const Lrows: number[][] = [];
  let diag = 0;
  for (const f of F) diag = Math.max(diag, w(f, f));
  for (const f of F) {
    // Forward substitution L y = W[S, f]; the new pivot is W_ff − |y|².
    const y = new Array<number>(S.length);
    for (let a = 0; a < S.length; a++) {
      let v = w(S[a]!, f);
      for (let c = 0; c < a; c++) v -= Lrows[a]![c]! * y[c]!;
      y[a] = v / Lrows[a]![a]!;
    }
    const d = w(f, f) - y.reduce((s, v) => s + v * v, 0);
    if (d > 1e-11 * diag) {
      S.push(f);
      Lrows.push([...y, Math.sqrt(d)]);
    }
  }
  const k = S.length;
  const L = new Float64Array(k * k);
  for (let a = 0; a < k; a++) for (let c = 0; c < k; c++) L[a * k + c] = w(S[a]!, S[c]!);
  if (k > 0 && choleskyFactor(k, L) >= 0) return undefined;
  const nR = R.length;
  const X = new Float64Array((nR + 1) * k);
  const col = new Float64Array(k);
  for (let c = 0; c <= nR && k > 0; c++) {
    for (let a = 0; a < k; a++) col[a] = c < nR ? w(S[a]!, R[c]!) : b[S[a]!]!;
    choleskySolve(k, L, col, 0, X, c * k);
  }
  const Wr = new Float64Array(nR * nR);
  const br = new Float64Array(nR);
  for (let i = 0; i < nR; i++) {
    for (let c = 0; c <= nR; c++) {
      let v = c < nR ? w(R[i]!, R[c]!) : b[R[i]!]!;
      for (let a = 0; a < k; a++) v -= w(R[i]!, S[a]!) * X[c * k + a]!;
      if (c < nR) Wr[i * nR + c] = v;
      else br[i] = v;
    }
  }
  return { S, X, Wr, br };
}

interface StewartTrinkle {
  /** LCP w = A z + q, size×size; z = [Λ_N per contact, β per finite-friction contact, λ per finite-friction contact]. */
  readonly A: Float64Array;
  readonly q: Float64Array;
  readonly size: number;
  /** Λ_R = P z (|R|×size): normals copied, tangents D β. */
  readonly P: Float64Array;
  /** The finite-friction contacts, their μ, directions D (slip×K, column-major) and where their β and λ start in z. */
  readonly friction: readonly {
    readonly j: number;
    readonly mu: number;
    readonly slip: number;
    readonly D: Float64Array;
    readonly beta: number;
    readonly lambda: number;
  }[];
  /** Rows of the contacts' normals and first slip rows (rowStarts). */
  readonly start: readonly number[];
}

/** Unit directions d_i of a contact's faceted cone, column-major by direction (slip × K). */
function directions(slip: number, facets: number): Float64Array {
  if (slip === 1) return Float64Array.of(1, -1);
  const D = new Float64Array(2 * facets);
  for (let i = 0; i < facets; i++) {
    D[2 * i] = Math.cos((2 * Math.PI * i) / facets);
    D[2 * i + 1] = Math.sin((2 * Math.PI * i) / facets);
  }
  return D;
}

/**
 * The LCP of the reduced problem ξ_R = W̃ Λ_R + b̃ (header):
 *   [ξ_N; Dᵀξ_T + Eλ; μΛ_N − Eᵀβ] = [PᵀW̃P, E; μ, −Eᵀ, 0] z + [Pᵀb̃; 0].
 */
function stewartTrinkle(
  contacts: readonly FrictionContact[],
  mu: readonly number[],
  start: readonly number[],
  R: readonly number[],
  reduced: ReducedProblem,
  facets: number,
): StewartTrinkle {
  const { Wr, br } = reduced;
  const nR = R.length;
  const posR = new Map<number, number>(R.map((row, i) => [row, i]));
  const nc = contacts.length;
  let size = nc;
  const partial = contacts.flatMap((c, j) => {
    if (!(c.slip > 0 && mu[j]! > 0 && mu[j]! < Infinity)) return [];
    const D = directions(c.slip, facets);
    const beta = size;
    size += D.length / c.slip;
    return [{ j, mu: mu[j]!, slip: c.slip, D, beta }];
  });
  const friction = partial.map((f) => ({ ...f, lambda: size++ }));
  const P = new Float64Array(nR * size);
  contacts.forEach((_, j) => (P[posR.get(start[j]!)! * size + j] = 1));
  for (const f of friction) {
    const K = f.D.length / f.slip;
    for (let s = 0; s < f.slip; s++) for (let i = 0; i < K; i++) P[posR.get(start[f.j]! + 1 + s)! * size + f.beta + i] = f.D[i * f.slip + s]!;
  }
  const A = new Float64Array(size * size);
  const q = new Float64Array(size);
  const WP = new Float64Array(nR * size);
  for (let i = 0; i < nR; i++)
    for (let c = 0; c < size; c++) {
      let v = 0;
      for (let l = 0; l < nR; l++) v += Wr[i * nR + l]! * P[l * size + c]!;
      WP[i * size + c] = v;
    }
  for (let a = 0; a < size; a++) {
    for (let c = 0; c < size; c++) {
      let v = 0;
      for (let i = 0; i < nR; i++) v += P[i * size + a]! * WP[i * size + c]!;
      A[a * size + c] = v;
    }
    for (let i = 0; i < nR; i++) q[a] += P[i * size + a]! * br[i]!;
  }
  for (const f of friction) {
    A[f.lambda * size + f.j] = f.mu;
    for (let i = 0; i < f.D.length / f.slip; i++) {
      A[(f.beta + i) * size + f.lambda] = 1;
      A[f.lambda * size + f.beta + i] = -1;
    }
  }
  return { A, q, size, P, friction, start };
}

/**
 * A Lemke answer whose LCP residual is within this of max|q| is taken; one
 * above it goes on to the retries, the best answer kept. Lemke's tableau
 * accumulates roundoff over its pivots, and where the support's block is
 * singular (dependent contact rows) polishLcp cannot re-solve it: the box
 * resting on three corners with the 8-faceted pyramid came out at 1.6e-7
 * of its velocity scale 9.8e-3, "sliding" at 1.5e-7 m/s on every corner,
 * while the same problem's exact answer sticks — and the step's fixed point
 * alternated between the two for good.
 */
const LEMKE_ACCEPTED = 1e-12;

/**
 * Lemke on the Stewart–Trinkle LCP, with the retries its matrix calls for.
 * It is copositive but not copositive-plus, so a ray depends on the path:
 * random problems that have solutions ended on rays with the covering
 * vector d = 1 and were solved (1) with d_i = 1 + i/size, or (2) with q
 * perturbed by 1e-11·max|q|·(1 + i/size) (degenerate problems: the slack
 * rows start at q = 0), the support then re-solved with the exact q
 * (polishLcp) — if that leaves a residual of the perturbation's size, the
 * answer is flagged `regularized` —, or, where dependent contact rows make
 * W̃ singular, (3) with W̃ + εI, ε = 1e-10 max W̃_ii: a compliance that moves
 * ξ by ε|Λ|, flagged `regularized`. The residual on the exact law measures
 * either. An answer off by more than LEMKE_ACCEPTED is retried the same
 * way (the covering d_i = 1 + i/size took the resting box's to 4e-17).
 */
function pivotLcp(lcp: StewartTrinkle): { status: LcpStatus; z: Float64Array; pivots: number; regularized: boolean } {
  const { A, q, size, P } = lcp;
  const ramp = Float64Array.from({ length: size }, (_, i) => 1 + i / size);
  let scale = 0;
  for (const v of q) scale = Math.max(scale, Math.abs(v));
  const w = new Float64Array(size);
  let pivots = 0;
  let best: { z: Float64Array; residual: number; regularized: boolean } | undefined;
  /** Keep an answer if it beats the best so far; whether it is accepted as it is. */
  const offer = (z: Float64Array, regularized: boolean): boolean => {
    const residual = lcpResidual(A, q, z, w);
    if (!best || residual < best.residual) best = { z, residual, regularized };
    return residual <= LEMKE_ACCEPTED * scale;
  };
  const run = (M: Float64Array, qq: ArrayLike<number>, covering?: Float64Array) => {
    const res = lemke(M, qq, { covering });
    pivots += res.iterations;
    return res;
  };
  const answer = () => ({ status: 'ok' as const, z: best!.z, pivots, regularized: best!.regularized });
  const first = run(A, q);
  if (first.status === 'ok' && offer(first.z, false)) return answer();
  const second = run(A, q, ramp);
  if (second.status === 'ok' && offer(second.z, false)) return answer();
  const perturbed = run(
    A,
    q.map((v, i) => v + 1e-11 * scale * ramp[i]!),
  );
  if (perturbed.status === 'ok') {
    const z = Float64Array.from(perturbed.z);
    polishLcp(A, q, z);
    if (offer(z, lcpResidual(A, q, z, w) > 1e-13 * scale)) return answer();
  }
  const nR = P.length / size;
  let dmax = 0;
  for (let a = 0; a < size; a++) dmax = Math.max(dmax, A[a * size + a]!);
  const Areg = Float64Array.from(A);
  for (let a = 0; a < size; a++)
    for (let c = 0; c < size; c++) {
      let v = 0;
      for (let i = 0; i < nR; i++) v += P[i * size + a]! * P[i * size + c]!;
      Areg[a * size + c] += 1e-10 * dmax * v;
    }
  const third = run(Areg, q);
  if (third.status === 'ok') offer(third.z, true);
  if (best) return answer();
  return { status: first.status, z: first.z, pivots, regularized: false };
}

/**
 * The LCP's answer nearest the start's impulses Λ⁰ (the problem's rows),
 * where it has many: a box flat on four corners shares its normal impulses,
 * and each corner its friction between two facets, in a continuum of exact
 * answers that move v⁺. Lemke's path picks one by its ties, another for a
 * change of b at rounding level, and the Moreau–Jean step's fixed point
 * alternated between them for good (the tumbling box at θ = 1, K = 4: one
 * corner pressed or open, ψ̇ 5e-4 apart). So Λ⁰ is lifted to z⁰ (Λ_N; Λ_T
 * on the two facets around it, the fewest shares Σβ; λ the sliding speed
 * max_i −d_iᵀξ_T at Λ⁰), its support S = {z⁰_i > 0} kept, and
 * z_S = z⁰_S + δ with δ the least-norm solution of A_SS δ = −(A z⁰ + q)_S
 * (least-squares.ts; A_SS is singular where the answers are many). Taken
 * where it is an answer to LEMKE_ACCEPTED; undefined where the support
 * changed, and Lemke solves.
 */
function nearestAnswer(
  lcp: StewartTrinkle,
  reduced: ReducedProblem,
  R: readonly number[],
  first: ArrayLike<number>,
): { status: 'ok'; z: Float64Array; pivots: number; regularized: boolean } | undefined {
  const { A, q, size, friction, start } = lcp;
  const { Wr, br } = reduced;
  const nR = R.length;
  const lam = R.map((row) => first[row] ?? 0);
  const xi = br.map((v, i) => Wr.subarray(i * nR, (i + 1) * nR).reduce((s, w, c) => s + w * lam[c]!, v));
  const at = new Map(R.map((row, i) => [row, i]));
  const z0 = new Float64Array(size);
  for (let j = 0; j < start.length - 1; j++) z0[j] = Math.max(0, lam[at.get(start[j]!)!]!);
  const lambdas: number[] = [];
  for (const f of friction) {
    const K = f.D.length / f.slip;
    const rows = Array.from({ length: f.slip }, (_, s) => at.get(start[f.j]! + 1 + s)!);
    const t = rows.map((i) => lam[i]!);
    if (f.slip === 1) [z0[f.beta], z0[f.beta + 1]] = [Math.max(0, t[0]!), Math.max(0, -t[0]!)];
    else {
      // The facets i, i + 1 whose directions enclose Λ_T: Λ_T = β_i d_i + β_{i+1} d_{i+1}.
      const sector = (2 * Math.PI) / K;
      const i = Math.floor((Math.atan2(t[1]!, t[0]!) + 2 * Math.PI) / sector) % K;
      const k = (i + 1) % K;
      const [ax, ay, bx, by] = [f.D[2 * i]!, f.D[2 * i + 1]!, f.D[2 * k]!, f.D[2 * k + 1]!];
      const det = Math.sin(sector);
      z0[f.beta + i] = Math.max(0, (t[0]! * by - t[1]! * bx) / det);
      z0[f.beta + k] = Math.max(0, (ax * t[1]! - ay * t[0]!) / det);
    }
    let speed = 0;
    for (let i = 0; i < K; i++) speed = Math.max(speed, -rows.reduce((s, row, c) => s + f.D[i * f.slip + c]! * xi[row]!, 0));
    z0[f.lambda] = speed;
    lambdas.push(f.lambda);
  }
  let scale = 0,
    impulse = 0;
  for (const v of q) scale = Math.max(scale, Math.abs(v));
  for (let a = 0; a < size; a++) if (!lambdas.includes(a)) impulse = Math.max(impulse, z0[a]!);
  const inS = Array.from(z0, (v, a) => v > 1e-12 * (lambdas.includes(a) ? scale : impulse));
  const z = new Float64Array(size);
  const w = new Float64Array(size);
  const tried = new Set<string>();
  // A stick–slip transition within the start's rounding (a corner sliding at 1e-9 m/s) leaves some unknown
  // infeasible on its support: flipped, as block principal pivoting does (pivoting-lcp.ts), while no support
  // repeats, for at most `size` supports.
  while (tried.size < size && !tried.has(inS.join())) {
    tried.add(inS.join());
    const S = inS.flatMap((s, a) => (s ? [a] : []));
    leastChange(A, q, z0, S, z, w);
    let feasible = true;
    for (let a = 0; a < size; a++) {
      if (inS[a] ? z[a]! < -1e-14 * impulse : w[a]! < -1e-14 * scale) {
        inS[a] = !inS[a];
        feasible = false;
      }
    }
    if (feasible) break;
  }
  for (let a = 0; a < size; a++) z[a] = Math.max(0, z[a]!);
  return lcpResidual(A, q, z, w) <= LEMKE_ACCEPTED * scale ? { status: 'ok', z, pivots: 0, regularized: false } : undefined;
}

/**
 * z = z⁰ on the support S plus the least-norm δ with (A z + q)_S = 0, zero
 * elsewhere; w = A z + q. Two least-squares steps (least-squares.ts) take
 * the equations to rounding: the first carries the regularization's 1e-12.
 */
function leastChange(A: Float64Array, q: Float64Array, z0: Float64Array, S: readonly number[], z: Float64Array, w: Float64Array): void {
  const size = q.length,
    k = S.length;
  z.fill(0);
  for (const a of S) z[a] = z0[a]!;
  const ASS = new Float64Array(k * k);
  S.forEach((a, i) => S.forEach((c, l) => (ASS[i * k + l] = A[a * size + c]!)));
  for (let step = 0; step < 2 && k > 0; step++) {
    lcpResidual(A, q, z, w);
    const delta = leastSquares(
      k,
      k,
      ASS,
      S.map((a) => -w[a]!),
    );
    S.forEach((a, i) => (z[a] += delta[i]!));
  }
  lcpResidual(A, q, z, w);
}

/** The natural-map residual of the LCP's w recomputed from ξ (the original rows, not the reduced problem). */
function lawResidual(lcp: StewartTrinkle, z: Float64Array, impulses: Float64Array, velocities: Float64Array): number {
  const { size, start, friction } = lcp;
  const w = new Float64Array(size);
  for (let j = 0; j < start.length - 1; j++) w[j] = velocities[start[j]!]!;
  for (const f of friction) {
    const K = f.D.length / f.slip;
    let sum = 0;
    for (let i = 0; i < K; i++) {
      let v = z[f.lambda]!;
      for (let s = 0; s < f.slip; s++) v += f.D[i * f.slip + s]! * velocities[start[f.j]! + 1 + s]!;
      w[f.beta + i] = v;
      sum += z[f.beta + i]!;
    }
    w[f.lambda] = f.mu * impulses[start[f.j]!]! - sum;
  }
  let residual = 0;
  for (let i = 0; i < size; i++) residual = Math.max(residual, Math.abs(Math.min(z[i]!, w[i]!)));
  return residual;
}
