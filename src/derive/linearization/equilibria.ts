// Linearizations of the derived system: about its equilibria (free, or
// resting on contacts), and of its closed-form impact maps.
//
// Equilibria. At rest (q̇ = 0, q̈ = 0) the forcing vanishes, f(q, 0, t) = 0
// (for potential forces ∂V/∂q = 0), or, resting on the contacts S,
//   f(q, 0, t) + Σ_{rows r of S} rᵀ σ_r = 0,   g_S(q, t) = 0,
// the normal σ ≥ 0 (the contact presses; M q̈ = f + Gᵀσ, unilateral.ts's
// sign) and a 'stick' contact's tangent row carrying any σ. A Coulomb
// contact at rest sticks where its slip does not move by itself: its slip
// rows carry multipliers inside the static cone |σ_t| ≤ μ_s σ_n, and the
// rest is a set (a spring-held block on a rough floor rests wherever
// |k x| ≤ μ_s m g), whose ends |σ_t| = μ_s σ_n are found by Newton too; a
// slip that moves at rest (a moving belt, ∂s/∂t ≠ 0) slides, its kinetic
// force −μ_k σ_n sgn(∂s/∂t) along the slip row. A contact patch's force
// (patch.ts: its first regime whose conditions hold) is part of f, so a disk
// resting on a viscoelastic line is a free rest at the patch's depth, and
// its residual increments −∂Q/∂q, −∂Q/∂q̇ join K and C in A. So do a
// compliant term's force, added mass and increments where it acts
// (compliant.ts: its gap f ≤ 0 and, without adhesion, a pressing force): a
// ball rests on an elastic floor at the depth where the spring carries it. Solved
// numerically by Gauss–Newton on the residual (its Jacobian by central
// differences), with the least-squares step (JᵀJ + μI)δ = −JᵀF: the system
// is underdetermined where a stick contact's tangent force or a cyclic
// coordinate leaves a family of equilibria, and the step then goes to the
// member nearest the start. Coordinates declared in 'rad' are reported in
// (−π, π] and compared modulo 2π, so a rest found from two starts a turn
// apart is listed once.
//
// State matrix A = ∂(q̇, q̈)/∂(q, q̇) at (q*, 0), 2n×2n:
//   - free: M(q*) δq̈ + C δq̇ + K δq = 0 with K = −∂f/∂q and C = −∂f/∂q̇ at
//     q̇ = 0 (symbolic in q, `linearForms`, printed for small models); the
//     term ∂M/∂q q̈ of ∂q̈/∂q vanishes because q̈ = 0 there, so
//     A = [0 I; −M⁻¹K −M⁻¹C] exactly;
//   - resting on S: central differences of the contact phase's q̈ (the
//     system [M Rᵀ; R 0][q̈; −σ] = [f; −bias] of its independent rows,
//     solved by LU); the held rows keep g̈ = 0, so A has two zero
//     eigenvalues per independent row.
// B: the model language declares no inputs, so there is no B to give.
// The eigenvalues of A are computed by the linearization study
// (src/studies/linearization.ts equilibriumSpectrum, with src/numeric/eigenvalues.ts).
//
// Impact maps. Where the derivation has the closed-form map of a contact
// striking alone at a general configuration (particle models,
// unilateral.ts's automatic scenarios), `impactMapJacobian` gives
// ∂q̇⁺/∂(q, q̇⁻, t) by differentiating it symbolically, for the saltation
// matrices of the runtime's variational flow.
// Tests: test/derive/linearization/equilibria.test.ts
import { diff } from '../../core/diff.js';
import { evaluate, type Env } from '../../core/evaluate.js';
import { add, div, freeSymbols, neg, ZERO, type Expr } from '../../core/expr.js';
import { subs } from '../../core/subs.js';
import { simplify } from '../../core/trig.js';
import { MechanicsError } from '../../errors.js';
import { accelerationSymbol, preImpactName, TIME } from '../../model/names.js';
import { leastSquares } from '../../numeric/least-squares.js';
import { luFactor, luSolve } from '../../numeric/lu.js';
import type { CompliantTerm } from '../compliant/compliant.js';
import type { PatchCondition } from '../compliant/patch.js';
import type { DerivedSystem } from '../system.js';
import { rowsOf } from '../unilateral/unilateral.js';
import type { ContactRow } from '../unilateral/unilateral-types.js';

/** A realized retaining constraint, whose terms linearForms holds (the state matrix does not add them again). */
const inForms = (t: CompliantTerm): boolean => t.everywhere && t.source === 'realization';

/** M δq̈ + C δq̇ + K δq = 0 about a state at rest: M, C = −∂f/∂q̇ and K = −∂f/∂q at q̇ = 0, symbolic in q (and t). */
export interface LinearForms {
  readonly M: readonly (readonly Expr[])[];
  readonly C: readonly (readonly Expr[])[];
  readonly K: readonly (readonly Expr[])[];
}

export interface Equilibrium {
  readonly q: number[];
  /** Contacts resting (closed and pressing), by index; empty for a free equilibrium. */
  readonly held: number[];
  /** Multiplier of each row of the held contacts (normal, then tangent for a stick contact), contact by contact. */
  readonly sigma: number[];
  /**
   * Independent held rows: each pins one direction of q (and of q̇), so A has
   * two zero eigenvalues per row. Fewer than sigma.length where the rows are
   * dependent (a compass on both feet: four rows on three coordinates).
   */
  readonly heldRank: number;
  /** State matrix ∂(q̇, q̈)/∂(q, q̇) at (q, 0), 2n×2n row-major. */
  readonly A: number[][];
  readonly residual: number;
  /** Compliant contacts and patches it rests in, by name: their gap closed and their force pressing (a point in a stiff floor's spring at y = −g/N, kozlov1988 §4). */
  readonly engaged?: readonly string[];
  /**
   * The stiffness and damping at the rest of the forces linearForms leaves out (patches, compliant terms acting
   * where engaged): −∂Q/∂q and −∂Q/∂q̇, n×n; given where they are not all zero.
   */
  readonly contact?: { readonly K: number[][]; readonly C: number[][] };
  /** Frictional contacts resting on it: each sticks (inside the static cone) or slides (its slip moves at rest). */
  readonly friction?: readonly { readonly contact: number; readonly mode: 'stick' | 'slide' }[];
  /** The set of rests that sticking allows, for a rest with sticking contacts. */
  readonly sticking?: StickingSet;
}

/** The rests a sticking rest belongs to: which coordinates move along the set, and its ends. */
export interface StickingSet {
  /** Coordinates that vary along the set (the null space of the rest's equations): the block's x, the standing rod's x. */
  readonly free: readonly boolean[];
  /**
   * Where |σ_t| = μ_s σ_n (σ_t at −μ_s σ_n, then at +μ_s σ_n), given when
   * one sticking slip row leaves a one-parameter family; an end not found
   * is undefined (the set runs on that way: a block on an incline with
   * tan α < μ_s rests at any x).
   */
  readonly ends?: readonly [readonly number[] | undefined, readonly number[] | undefined];
}

export interface EquilibriumOptions {
  /** Time at which a time-dependent model is taken (default 0). */
  readonly t?: number;
  /** Largest number of contacts resting at once that is tried (default 2). */
  readonly maxHeld?: number;
}

/** The forcing of the smooth motion: Lagrange's, with the forces of the realized retaining constraints, which act everywhere. */
function smoothForcing(system: DerivedSystem): Expr[] {
  // A realized retaining constraint acts everywhere (kozlov1988 Th. 1): its spring, damper and added mass are part of
  // the smooth motion, as in the equilibria's eigenvalues (−a β Gᵀ is quadratic in q̇ and drops out at rest).
  const realized = (system.compliant?.terms ?? []).filter(inForms);
  return system.lagrange2.forcing.map((fi, i) => (realized.length ? add(fi, ...realized.map((t) => t.generalizedForce[i]!)) : fi));
}

/**
 * A free rest found numerically, in closed form where it has one: each coordinate at 0 there set to 0, and each other
 * the root of its own row of the forcing at rest, linear in it once those are set (kozlov1988 Th. 1's hanging
 * pendulum: θ = 0, then the rod's stretch u = g/(β₀N)); undefined unless every coordinate is so given and the closed
 * form is, at `params`, the rest found (to 1e-9 relative). A forcing that depends on time (a cart pushed by F cos ωt)
 * has no rest of its own to write.
 */
export function closedFormRest(system: DerivedSystem, q: readonly number[], params: Env): Map<string, Expr> | undefined {
  const forcing = smoothForcing(system);
  if (forcing.some((fi) => freeSymbols(fi).has(TIME))) return undefined;
  const cs = system.model.coordinates;
  const at = new Map<string, Expr>(cs.map((c) => [c.qd.name, ZERO]));
  cs.forEach((c, i) => {
    if (Math.abs(q[i]!) <= 1e-12) at.set(c.name, ZERO);
  });
  const f = forcing.map((fi) => simplify(subs(fi, at)));
  const rest = new Map<string, Expr>();
  for (const [i, c] of cs.entries()) {
    if (at.has(c.name)) {
      rest.set(c.name, ZERO);
      continue;
    }
    const slope = simplify(diff(f[i]!, c.name));
    if (slope === ZERO || simplify(diff(slope, c.name)) !== ZERO || cs.some((o) => o !== c && !at.has(o.name) && simplify(diff(f[i]!, o.name)) !== ZERO))
      return undefined;
    const root = simplify(neg(div(subs(f[i]!, new Map([[c.name, ZERO as Expr]])), slope)));
    const value = evaluate(root, params);
    if (!(Math.abs(value - q[i]!) <= 1e-9 * Math.max(1, Math.abs(q[i]!)))) return undefined;
    rest.set(c.name, root);
  }
  // Every row vanishes there, those of the coordinates at 0 too.
  const all = new Map([...at, ...rest]);
  return forcing.every((fi) => Math.abs(evaluate(subs(fi, all), params)) <= 1e-9) ? rest : undefined;
}

/** The linearized equations' matrices at rest; throws for models with retaining constraints (not handled yet). */
export function linearForms(system: DerivedSystem): LinearForms {
  const cs = system.model.coordinates;
  const atRest = new Map(cs.map((c) => [c.qd.name, ZERO as Expr]));
  const realized = (system.compliant?.terms ?? []).filter(inForms);
  const f = smoothForcing(system);
  const M = system.lagrange2.massMatrix.map((row, i) =>
    row.map((e, j) => {
      const added = realized.flatMap((t) => (t.inertia ? [t.inertia.mass[i]![j]!] : []));
      return added.length ? simplify(add(e, ...added)) : e;
    }),
  );
  const jac = (by: 'q' | 'qd'): Expr[][] => f.map((fi) => cs.map((c) => simplify(subs(neg(diff(fi, by === 'q' ? c.q.name : c.qd.name)), atRest))));
  return { M, C: jac('qd'), K: jac('q') };
}

/**
 * Equilibria reached by Newton from each start: free ones and ones resting
 * on up to `maxHeld` contacts, admissible (every gap ≥ 0, every resting
 * normal force > 0), without repeats. Throws 'no-equilibrium' when none is.
 */
export function findEquilibria(system: DerivedSystem, params: Env, starts: readonly (readonly number[])[], opts: EquilibriumOptions = {}): Equilibrium[] {
  const model = system.model;
  if (system.constraints) {
    throw new MechanicsError(
      'retaining-unsupported',
      'input',
      'equilibria of models with retaining constraints are not computed yet (the rest configuration must satisfy φ(q) = 0 as well)',
      { model: model.name },
    );
  }
  const m = model.unilateral.length;
  const maxHeld = Math.min(opts.maxHeld ?? 2, m);
  const sets: number[][] = [[]];
  for (let size = 1; size <= maxHeld; size++) sets.push(...subsets(m, size));
  const numeric = new NumericSystem(system, params, opts.t ?? 0);
  const found: Equilibrium[] = [];
  for (const start of starts) {
    for (const held of sets) {
      const eq = numeric.solve(start, held);
      if (!eq) continue;
      // The same rest, or a member of the same sticking set (the same ends): the set is kept once, by its least loaded member.
      const same = found.findIndex(
        (e) => e.held.join() === eq.held.join() && (sameRest(e.q, eq.q, numeric.angles) || sameSet(e.sticking, eq.sticking, numeric.angles)),
      );
      if (same < 0) found.push(eq);
      else if (numeric.tangentialLoad(eq) < numeric.tangentialLoad(found[same]!)) found[same] = eq;
    }
  }
  if (found.length === 0) {
    throw new MechanicsError(
      'no-equilibrium',
      'numeric',
      `no equilibrium of ${model.name} was found from ${starts.length === 1 ? 'the start' : `${starts.length} starts`} ${starts.map((s) => `(${s.map((v) => v.toPrecision(4)).join(', ')})`).join(', ')}, free or resting on up to ${maxHeld} contacts`,
      { model: model.name, field: 'at' },
    );
  }
  return found;
}

function subsets(m: number, size: number): number[][] {
  if (size === 0) return [[]];
  const out: number[][] = [];
  for (let j = 0; j < m; j++) for (const rest of subsets(m, size - 1)) if (rest.every((k) => k > j)) out.push([j, ...rest]);
  return out;
}

/** The derivation's expressions evaluated numerically at fixed parameters and time. */
class NumericSystem {
  private readonly n: number;
  private readonly forms: LinearForms;
  /** Which coordinates are angles (declared in 'rad'): a rest is reported with them in (−π, π]. */
  readonly angles: readonly boolean[];

  constructor(
    private readonly system: DerivedSystem,
    private readonly params: Env,
    private readonly t: number,
  ) {
    this.n = system.model.coordinates.length;
    this.forms = linearForms(system);
    this.angles = system.model.coordinates.map((c) => c.unit === 'rad');
  }

  private env(q: ArrayLike<number>, qd?: ArrayLike<number>): Env {
    const env: Record<string, number> = { ...this.params, [TIME]: this.t };
    this.system.model.coordinates.forEach((c, i) => {
      env[c.name] = q[i]!;
      env[c.qd.name] = qd ? qd[i]! : 0;
    });
    return env;
  }

  /**
   * The multiplier rows of a rest on `held` (normals, pinned tangents, and
   * the slips of sticking Coulomb contacts), the static cones on them, and
   * the kinetic force of sliding ones, decided at the start q.
   */
  private layout(held: readonly number[], q: readonly number[]): RestLayout {
    const env = this.env(q);
    const rows: ContactRow[] = [];
    const cones: RestLayout['cones'][number][] = [];
    const sliding: RestLayout['sliding'][number][] = [];
    const modes: { contact: number; mode: 'stick' | 'slide' }[] = [];
    const normals: number[] = [];
    for (const j of held) {
      const c = this.system.unilateral!.contacts[j]!;
      const normal = rows.length;
      normals.push(normal);
      rows.push(...rowsOf(c));
      if (!c.friction || !c.slip || c.tangent) continue;
      const rates = c.slip.map((r) => evaluate(r.rate, env));
      if (rates.every((v) => v === 0)) {
        cones.push({ normal, tangents: c.slip.map((_, d) => rows.length + d), coefficient: evaluate(c.friction.static, env) });
        rows.push(...c.slip);
        modes.push({ contact: j, mode: 'stick' });
      } else {
        const speed = Math.hypot(...rates);
        // −μ_k σ_n ṡ/|ṡ| along the slip rows: the force opposing the slip's own rate.
        c.slip.forEach((slip, d) => sliding.push({ normal, slip, factor: (-evaluate(c.friction!.kinetic, env) * rates[d]!) / speed }));
        modes.push({ contact: j, mode: 'slide' });
      }
    }
    return { held, rows, normals, cones, sliding, modes };
  }

  /** [f(q, 0) + Rᵀσ + sliding friction; g_S(q)] for unknowns (q, σ). */
  private residual(layout: RestLayout, z: ArrayLike<number>): Float64Array {
    const { n } = this;
    const { held, rows, sliding } = layout;
    const env = this.env(z);
    const F = new Float64Array(n + held.length);
    const f = this.system.lagrange2.forcing;
    const patch = this.patchForce(env);
    for (let i = 0; i < n; i++) {
      let v = evaluate(f[i]!, env);
      rows.forEach((r, k) => (v += evaluate(r.row[i]!, env) * z[n + k]!));
      for (const s of sliding) v += evaluate(s.slip.row[i]!, env) * s.factor * z[n + s.normal]!;
      F[i] = v + patch[i]!;
    }
    held.forEach((j, a) => (F[n + a] = evaluate(this.system.unilateral!.contacts[j]!.constraint.gap, env)));
    return F;
  }

  /**
   * The generalized force at env of the contact patches (each patch's first
   * regime whose conditions hold, as the generated patch$ adds it) and of the
   * compliant terms acting there (compliantActive), with an added mass's
   * forcing, n.
   */
  private patchForce(env: Env): number[] {
    const Q = new Array<number>(this.n).fill(0);
    for (const t of this.system.patches?.terms ?? []) {
      const regime = t.regimes.find((r) => r.conditions.every((c) => holds(evaluate(c.expr, env), c.relation)));
      regime?.force.forEach((e, i) => (Q[i]! += evaluate(e, env)));
    }
    for (const t of this.compliantActive(env)) {
      t.generalizedForce.forEach((e, i) => (Q[i]! += evaluate(e, env)));
      t.inertia?.forcing.forEach((e, i) => (Q[i]! += evaluate(e, env)));
    }
    return Q;
  }

  /** The compliant terms acting at env: everywhere, or where the gap f ≤ 0 and, without adhesion, the force presses (the generated code's branches). */
  private compliantActive(env: Env): CompliantTerm[] {
    return (this.system.compliant?.terms ?? []).filter((t) => t.everywhere || (evaluate(t.gap, env) <= 0 && (t.adhesion || evaluate(t.force, env) > 0)));
  }

  /** M at env with the added masses of the compliant terms acting there, n×n row-major. */
  private massAt(env: Env): Float64Array {
    const { n } = this;
    const M = Float64Array.from(this.forms.M.flat(), (e) => evaluate(e, env));
    for (const t of this.compliantActive(env).filter((x) => !inForms(x)))
      t.inertia?.mass.forEach((row, i) => row.forEach((e, j) => (M[i * n + j]! += evaluate(e, env))));
    return M;
  }

  /** The largest |σ_t|/(μ_s σ_n) of a rest's sticking contacts (0 without): the member of a sticking set nearest the frictionless rest is the least loaded. */
  tangentialLoad(eq: Equilibrium): number {
    const { cones } = this.layout(eq.held, eq.q);
    return Math.max(
      0,
      ...cones.map((c) => {
        const load = Math.hypot(...c.tangents.map((k) => eq.sigma[k]!)),
          cap = c.coefficient * eq.sigma[c.normal]!;
        return cap > 0 ? load / cap : load > 0 ? Infinity : 0;
      }),
    );
  }

  /** Gauss–Newton from q0 for the contacts `held`; undefined if it does not converge or the rest is not admissible. */
  solve(q0: readonly number[], held: readonly number[]): Equilibrium | undefined {
    const { n } = this;
    const layout = this.layout(held, q0);
    const z0 = new Float64Array(n + layout.rows.length);
    z0.set(q0);
    const F = (v: Float64Array): Float64Array => this.residual(layout, v);
    const found = gaussNewton(F, z0);
    if (!found) return undefined;
    // Angles taken to (−π, π]; kept where the rest does not repeat with period 2π (a torsion spring's potential), Newton from the reduced one then leaving it.
    const reduced = Float64Array.from(found, (v, i) => (i < n && this.angles[i] ? principalAngle(v) : v));
    const again = gaussNewton(F, reduced);
    const z = again && sameRest(Array.from(again.subarray(0, n)), Array.from(reduced.subarray(0, n))) ? again : found;
    const q = Array.from(z.subarray(0, n));
    const sigma = Array.from(z.subarray(n));
    if (!this.admissible(q, layout, sigma)) return undefined;
    const env = this.env(q);
    const heldRank = independentRows(layout.rows.map((r) => r.row.map((e) => evaluate(e, env)))).length;
    const sticking = layout.cones.length ? this.stickingSet(layout, z) : undefined;
    // Pressed into, not on its switching surface f = 0, where the force is not differentiable (the verdict says so).
    const engaged = [
      ...this.compliantActive(env).flatMap((t) => (t.everywhere || t.source !== 'compliant' || evaluate(t.gap, env) >= 0 ? [] : [t.name])),
      ...(this.system.patches?.terms ?? []).flatMap((t) => (evaluate(t.gap, env) < 0 && evaluate(t.normalEverywhere, env) > 0 ? [t.name] : [])),
    ];
    const increments = this.contactIncrements({ ...env, ...this.atRest() });
    const contact = { K: increments.Rq, C: increments.Rqd };
    return {
      q,
      held: [...held],
      ...(engaged.length ? { engaged } : {}),
      ...([...contact.K, ...contact.C].some((r) => r.some((v) => v !== 0)) ? { contact } : {}),
      sigma,
      heldRank,
      A: this.stateMatrix(q, layout),
      residual: maxAbs(this.residual(layout, z)),
      ...(layout.modes.length ? { friction: layout.modes } : {}),
      ...(sticking ? { sticking } : {}),
    };
  }

  /**
   * The set of sticking rests through z: its free coordinates from the null
   * space of the rest's equations, and, for a one-parameter family, its ends:
   * the residual with σ_t = ∓μ_s σ_n added, square, from the rest found; an
   * end must be admissible (gaps open, normals pressing).
   */
  private stickingSet(layout: RestLayout, z: Float64Array): StickingSet {
    const { n } = this;
    const F = (v: Float64Array): Float64Array => this.residual(layout, v);
    const nulls = nullSpace(jacobianByDifferences(F, z, n + layout.held.length), n + layout.held.length, z.length);
    const free = Array.from({ length: n }, (_, i) => nulls.some((v) => Math.abs(v[i]!) > 1e-6));
    const [cone] = layout.cones;
    if (layout.cones.length !== 1 || cone!.tangents.length !== 1 || nulls.length !== 1) return { free };
    const t = n + cone!.tangents[0]!,
      nn = n + cone!.normal;
    const end = (side: -1 | 1): number[] | undefined => {
      const start = Float64Array.from(z);
      start[t] = side * cone!.coefficient * z[nn]!;
      const F = (v: Float64Array): Float64Array => {
        const r = this.residual(layout, v);
        const out = new Float64Array(r.length + 1);
        out.set(r);
        out[r.length] = v[t]! - side * cone!.coefficient * v[nn]!;
        return out;
      };
      const found = gaussNewton(F, start);
      if (!found) return undefined;
      const q = Array.from(found.subarray(0, n));
      return this.admissible(q, { ...layout, cones: [] }, Array.from(found.subarray(n))) ? q : undefined;
    };
    return { free, ends: [end(-1), end(1)] };
  }

  /** Every gap ≥ 0 (to 1e-9), every resting normal force > 0, and every sticking force inside its static cone. */
  private admissible(q: readonly number[], layout: RestLayout, sigma: readonly number[]): boolean {
    const env = this.env(q);
    const contacts = this.system.unilateral?.contacts ?? [];
    if (!contacts.every((c) => evaluate(c.constraint.gap, env) >= -1e-9)) return false;
    if (!layout.normals.every((k) => sigma[k]! > 1e-9)) return false;
    return layout.cones.every((c) => Math.hypot(...c.tangents.map((k) => sigma[k]!)) <= c.coefficient * sigma[c.normal]! * (1 + 1e-9) + 1e-12);
  }

  private stateMatrix(q: readonly number[], layout: RestLayout): number[][] {
    const { n } = this;
    const A: number[][] = Array.from({ length: 2 * n }, (_, i) => Array.from({ length: 2 * n }, (_, k) => (i < n && k === n + i ? 1 : 0)));
    const x = Float64Array.from([...q, ...new Array<number>(n).fill(0)]);
    const lower = layout.held.length === 0 ? this.freeLower(q) : jacobianByDifferences((v) => this.phaseAccelerations(layout, v), x, n);
    for (let i = 0; i < n; i++) for (let k = 0; k < 2 * n; k++) A[n + i]![k] = lower[i * 2 * n + k]!;
    return A;
  }

  /** At rest q̈ = 0: the compliant terms' increments name it (an added mass's a Gᵀ f̈). */
  private atRest(): Env {
    return Object.fromEntries(this.system.model.coordinates.map((c) => [accelerationSymbol(c.q).name, 0]));
  }

  /**
   * The patches' and the compliant terms' stiffness and damping at env: their residual increments −∂Q/∂q, −∂Q/∂q̇
   * summed, n×n (a compliant term's over the region where it acts, its indicators in the expression: compliant.ts activeJacobian).
   */
  private contactIncrements(env: Env): { Rq: number[][]; Rqd: number[][] } {
    const all = [
      ...(this.system.patches?.terms ?? []).map((t) => t.jacobian),
      ...(this.system.compliant?.terms ?? []).filter((t) => !inForms(t)).map((t) => t.activeJacobian),
    ];
    const sum = (block: 'Rq' | 'Rqd'): number[][] =>
      Array.from({ length: this.n }, (_, i) => Array.from({ length: this.n }, (_, j) => all.reduce((s, J) => s + evaluate(J[block][i]![j]!, env), 0)));
    return { Rq: sum('Rq'), Rqd: sum('Rqd') };
  }

  /** [−M⁻¹K, −M⁻¹C] at (q, 0), n × 2n row-major. */
  private freeLower(q: readonly number[]): Float64Array {
    const { n } = this;
    const env = { ...this.env(q), ...this.atRest() };
    const M = this.massAt(env);
    const piv = new Int32Array(n);
    if (luFactor(n, M, piv, n * Number.EPSILON) >= 0) return new Float64Array(n * 2 * n).fill(NaN);
    const out = new Float64Array(n * 2 * n);
    const col = new Float64Array(n),
      sol = new Float64Array(n);
    const increments = this.contactIncrements(env);
    for (let k = 0; k < 2 * n; k++) {
      const B = k < n ? this.forms.K : this.forms.C;
      const block = k < n ? increments.Rq : increments.Rqd;
      for (let i = 0; i < n; i++) col[i] = -evaluate(B[i]![k % n]!, env) - block[i]![k % n]!;
      luSolve(n, M, piv, col, 0, sol, 0);
      for (let i = 0; i < n; i++) out[i * 2 * n + k] = sol[i]!;
    }
    return out;
  }

  /**
   * q̈ of the contact phase of a rest's layout at x = (q, q̇):
   * [M Rᵀ; R 0][q̈; −σ] = [f; −bias] on the independent rows, a sliding
   * contact's kinetic force added to its normal's column.
   */
  private phaseAccelerations(layout: RestLayout, x: ArrayLike<number>): Float64Array {
    const { n } = this;
    const env = this.env(Array.from(x).slice(0, n), Array.from(x).slice(n));
    const all = layout.rows;
    const vectors = all.map((r) => r.row.map((e) => evaluate(e, env)));
    // The force each multiplier exerts: its row, and a sliding contact's kinetic force with its normal.
    const columns = vectors.map((v) => [...v]);
    for (const f of layout.sliding) f.slip.row.forEach((e, i) => (columns[f.normal]![i] = columns[f.normal]![i]! + f.factor * evaluate(e, env)));
    const rows = independentRows(vectors);
    const k = rows.length,
      s = n + k;
    const K = new Float64Array(s * s),
      b = new Float64Array(s),
      y = new Float64Array(s);
    const M = this.massAt(env);
    const contact = this.patchForce(env);
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < n; j++) K[i * s + j] = M[i * n + j]!;
      b[i] = evaluate(this.system.lagrange2.forcing[i]!, env) + contact[i]!;
    }
    rows.forEach((r, a) => {
      for (let i = 0; i < n; i++) {
        K[(n + a) * s + i] = vectors[r]![i]!;
        K[i * s + n + a] = columns[r]![i]!;
      }
      b[n + a] = -evaluate(all[r]!.bias, env);
    });
    const piv = new Int32Array(s);
    if (luFactor(s, K, piv, s * Number.EPSILON) >= 0) return new Float64Array(n).fill(NaN);
    luSolve(s, K, piv, b, 0, y, 0);
    return y.subarray(0, n);
  }
}

/** The rows a rest holds and how friction acts on it (NumericSystem.layout). */
interface RestLayout {
  readonly held: readonly number[];
  /** Rows carrying a multiplier, in the order of σ: each held contact's normal (and pinned tangent), then a sticking contact's slips. */
  readonly rows: readonly ContactRow[];
  /** Each held contact's normal row, by index into rows. */
  readonly normals: readonly number[];
  /** Static cones |σ_tangents| ≤ coefficient σ_normal, by index into rows. */
  readonly cones: readonly { readonly normal: number; readonly tangents: readonly number[]; readonly coefficient: number }[];
  /** Kinetic forces factor σ_normal along a sliding contact's slip row. */
  readonly sliding: readonly { readonly normal: number; readonly slip: ContactRow; readonly factor: number }[];
  readonly modes: readonly { readonly contact: number; readonly mode: 'stick' | 'slide' }[];
}

/** A patch regime's condition c ▷ 0 at a value of c. */
function holds(v: number, relation: PatchCondition['relation']): boolean {
  return relation === '>' ? v > 0 : relation === '>=' ? v >= 0 : relation === '<' ? v < 0 : relation === '<=' ? v <= 0 : v === 0;
}

/** Two sticking sets are one when they have the same free coordinates and ends (a family without ends: the same free coordinates). */
function sameSet(a: StickingSet | undefined, b: StickingSet | undefined, angles: readonly boolean[]): boolean {
  if (!a || !b || a.free.join() !== b.free.join() || !a.free.some(Boolean)) return false;
  return (a.ends ?? [undefined, undefined]).every((end, s) => sameRest(end, b.ends?.[s], angles));
}

/** Two configurations within 1e-7 (relative), angles compared modulo 2π (π and −π are one rest), or both absent. */
const sameRest = (x: readonly number[] | undefined, y: readonly number[] | undefined, angles: readonly boolean[] = []): boolean =>
  x === y || (x !== undefined && y !== undefined && x.every((v, i) => Math.abs(angles[i] ? principalAngle(v - y[i]!) : v - y[i]!) <= 1e-7 * (1 + Math.abs(v))));

/** The angle v + 2πk in (−π, π]. */
const principalAngle = (v: number): number => v - 2 * Math.PI * Math.ceil((v - Math.PI) / (2 * Math.PI));

/** An orthonormal basis of the null space of J (rows × cols, row-major), by Gram–Schmidt against its rows. */
export function nullSpace(J: Float64Array, rows: number, cols: number): number[][] {
  const basis: number[][] = [];
  const orthogonalize = (v: number[]): number => {
    for (const u of basis) {
      const d = u.reduce((s, ui, i) => s + ui * v[i]!, 0);
      for (let i = 0; i < cols; i++) v[i] -= d * u[i]!;
    }
    return Math.hypot(...v);
  };
  for (let r = 0; r < rows; r++) {
    const v = Array.from(J.subarray(r * cols, (r + 1) * cols));
    const scale = Math.hypot(...v);
    const norm = orthogonalize(v);
    if (norm > 1e-8 * scale) basis.push(v.map((x) => x / norm));
  }
  const rank = basis.length;
  for (let k = 0; k < cols && basis.length < cols; k++) {
    const v = Array.from({ length: cols }, (_, i) => (i === k ? 1 : 0));
    const norm = orthogonalize(v);
    if (norm > 1e-6) basis.push(v.map((x) => x / norm));
  }
  return basis.slice(rank);
}

const maxAbs = (v: ArrayLike<number>): number => Math.max(0, ...Array.from(v, Math.abs));

/**
 * Gauss–Newton with halving steps on F(z) = 0 from z0 (least-norm steps
 * where the system is underdetermined); undefined when it does not reach
 * |F| ≤ 1e-9 of its start's scale or runs off. ∂F/∂z (rows × z.length,
 * row-major) is `dF` where the caller has it exactly, else central
 * differences.
 */
export function gaussNewton(F: (z: Float64Array) => Float64Array, z0: Float64Array, dF?: (z: Float64Array) => Float64Array): Float64Array | undefined {
  const z = Float64Array.from(z0);
  const scale = 1 + maxAbs(z0);
  let r = F(z);
  const fScale = 1 + maxAbs(r);
  for (let iter = 0; iter < 50 && maxAbs(r) > 1e-11 * fScale; iter++) {
    const J = dF ? dF(z) : jacobianByDifferences(F, z, r.length);
    const step = leastSquaresStep(r.length, z.length, J, r);
    if (!step.every(Number.isFinite)) return undefined;
    let lambda = 1;
    for (let tries = 0; tries < 10; tries++, lambda /= 2) {
      const trial = Float64Array.from(z, (v, i) => v + lambda * step[i]!);
      const rt = F(trial);
      if (maxAbs(rt) < maxAbs(r) || tries === 9) {
        z.set(trial);
        r = rt;
        break;
      }
    }
    if (maxAbs(z) > 1e6 * scale) return undefined;
  }
  return maxAbs(r) <= 1e-9 * fScale ? z : undefined;
}

/**
 * The indices of the independent row vectors (Gram–Schmidt, a row kept when
 * more than 1e-9 of it lies outside the span of those before): dependent
 * rows of a consistent system add nothing to q̈ and make the KKT matrix
 * singular.
 */
function independentRows(vectors: readonly (readonly number[])[]): number[] {
  const basis: number[][] = [];
  const kept: number[] = [];
  vectors.forEach((row, a) => {
    const v = [...row];
    const norm0 = Math.hypot(...v);
    for (const u of basis) {
      const d = u.reduce((s, ui, i) => s + ui * v[i]!, 0);
      for (let i = 0; i < v.length; i++) v[i] -= d * u[i]!;
    }
    const norm = Math.hypot(...v);
    if (norm > 1e-9 * norm0) {
      basis.push(v.map((vi) => vi / norm));
      kept.push(a);
    }
  });
  return kept;
}

/** ∂F/∂z by central differences (rows × z.length, row-major). */
function jacobianByDifferences(F: (z: Float64Array) => ArrayLike<number>, z: Float64Array, rows: number): Float64Array {
  const k = z.length;
  const J = new Float64Array(rows * k);
  const w = Float64Array.from(z);
  for (let c = 0; c < k; c++) {
    const h = Math.cbrt(Number.EPSILON) * Math.max(1, Math.abs(z[c]!));
    w[c] = z[c]! + h;
    const plus = Array.from(F(w));
    w[c] = z[c]! - h;
    const minus = Array.from(F(w));
    w[c] = z[c]!;
    for (let r = 0; r < rows; r++) J[r * k + c] = (plus[r]! - minus[r]!) / (2 * h);
  }
  return J;
}

/** δ = −(JᵀJ + μI)⁻¹JᵀF: the Gauss–Newton step, least-norm along null directions (src/numeric/least-squares.ts). */
const leastSquaresStep = (rows: number, k: number, J: Float64Array, F: Float64Array): Float64Array =>
  leastSquares(
    rows,
    k,
    J,
    F.map((v) => -v),
  );

/** ∂q̇⁺/∂q (n×n), ∂q̇⁺/∂q̇⁻ (n×n) and ∂q̇⁺/∂t (n), row-major; the runtime's ImpactJacobian. */
export interface ImpactMapDerivative {
  readonly dq: Float64Array;
  readonly dqd: Float64Array;
  readonly dt: Float64Array;
}

/**
 * The derivative of each closed-form impact map of a contact striking alone
 * at a general configuration (no closed contacts, no configuration fixed),
 * as the runtime's `impactJacobian` option; undefined for any other set of
 * closed contacts, and when the derivation has no such map at all.
 */
export function impactMapJacobian(
  system: DerivedSystem,
):
  | ((
      t: number,
      q: ArrayLike<number>,
      qdMinus: ArrayLike<number>,
      params: Readonly<Record<string, number | undefined>>,
      closed: readonly boolean[],
      arriving: number,
    ) => ImpactMapDerivative | undefined)
  | undefined {
  const model = system.model;
  const cs = model.coordinates;
  const maps = new Map<number, { dq: Expr[][]; dqd: Expr[][]; dt: Expr[] }>();
  for (const map of system.unilateral?.impactMaps ?? []) {
    const sc = map.scenario;
    if (sc.closed.length > 0 || sc.at.size > 0 || map.modes.length !== 1) continue;
    const qdPlus = map.modes[0]!.qdPlus;
    maps.set(sc.arriving, {
      dq: qdPlus.map((e) => cs.map((c) => simplify(diff(e, c.name)))),
      dqd: qdPlus.map((e) => cs.map((c) => simplify(diff(e, preImpactName(c.name))))),
      dt: qdPlus.map((e) => simplify(diff(e, TIME))),
    });
  }
  if (maps.size === 0) return undefined;
  const defaults = Object.fromEntries(model.parameters.map((p) => [p.name, p.default]));
  return (t, q, qdMinus, params, closed, arriving) => {
    const d = maps.get(arriving);
    if (!d || closed.some((c, j) => c !== (j === arriving))) return undefined;
    const env: Record<string, number> = { ...defaults, [TIME]: t };
    for (const [k, v] of Object.entries(params)) if (v !== undefined) env[k] = v;
    cs.forEach((c, i) => {
      env[c.name] = q[i]!;
      env[preImpactName(c.name)] = qdMinus[i]!;
    });
    const flat = (m: Expr[][]): Float64Array => Float64Array.from(m.flat(), (e) => evaluate(e, env));
    return { dq: flat(d.dq), dqd: flat(d.dqd), dt: Float64Array.from(d.dt, (e) => evaluate(e, env)) };
  };
}
