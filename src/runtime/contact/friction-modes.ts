// Contact modes with Coulomb friction, chosen at an event of the
// event-driven driver (hybrid.ts) from the generated contact phase
// (`frictionPhase`, contract.ts): each closed contact with no normal velocity
// is open (0), held and sticking (2) or held and sliding (±1 planar, 1
// spatial along ṡ/|ṡ|; a frictionless contact held is 1, a 'stick' contact
// held is 2). A mode is admissible when (acceleration level)
//   held:      σ̇_j > 0;                       open:  g̈_j ≥ 0;
//   sticking:  |τ_j| ≤ μs σ̇_j (Euclidean norm for a spatial contact);
//   sliding:   ṡ_j ≠ 0 fixes the direction d = ṡ/|ṡ|; from ṡ_j = 0 the
//              contact may slide only where sticking would leave the cone
//              (|τ| > μs σ̇ in the same mode with j sticking) and the slip
//              acceleration has the direction's sign, s̈_j·d > 0.
// While a spatial slide is slow (|ṡ| ≤ slipTol) the driver evaluates it along
// its consistent direction rather than ṡ/|ṡ| (aimSlowSlides).
// The tests of one contact are src/numeric/mode-admissibility.ts's, which the
// C driver prints from the same IR.
// Every combination is tried (no pivoting), so that "none" and "several"
// are found rather than guessed. Among several admissible modes with
// different motions the one realized is the one whose reaction-matrix
// determinant keeps its sign as friction → 0 (smirnov1981 §3): the
// frictionless determinant is positive, so a sliding mode with det ≤ 0 is
// Painlevé's case and is never chosen; the caller records the choice and
// the alternatives. Only Painlevé modes admissible is self-locking and no
// mode at all is an inconsistency: both 'inconsistent'.
// Tests: test/runtime/contact/friction-modes.test.ts; a slow spatial slide,
// test/unilateral/tumbling-box.test.ts (breakaway at μ = 0.5).

import { choleskyFactor } from '../../numeric/cholesky.js';
import { accelerationChange, contactAdmissible, motionsDiffer, slideFromRest, stickForce } from '../../numeric/mode-admissibility.js';
import { schurSolve, type SchurStatus, type SchurSystem } from '../../numeric/schur.js';
import { dependentHeld, slidingSupport } from '../../numeric/sliding-support.js';
import type { LoadedModule, Params } from '../contract.js';
import { schurArrays, type WithFunctions } from './contacts.js';
import { sticks } from './impact-law.js';
import { hasDependentRows, leastNormReactions } from './indeterminate-reactions.js';

/** A module with the friction exports the frictional driver calls. */
export type FrictionModule = WithFunctions<'gaps' | 'gapJacobian' | 'gapRates' | 'slipJacobian' | 'slipRates' | 'friction' | 'frictionPhase'>;

/** frictionPhase's mode codes (contract.ts). */
export const OPEN = 0;
export const HOLD = 1;
export const STICK = 2;

/**
 * How a contact's tangent behaves: 'frictionless' holds the normal only,
 * 'coulomb' sticks or slides (finite μ), 'stick' always sticks when held (μ = ∞).
 */
export interface ContactLaw {
  readonly kind: 'frictionless' | 'coulomb' | 'stick';
  /** First slip row of the contact (slipJacobian order) and how many it has (0, 1 planar, 2 spatial). */
  readonly row: number;
  readonly rows: number;
  readonly muK: number;
  readonly muS: number;
}

/** Whether a module is driven with friction: it has frictionPhase and a Coulomb contact. */
export function usesFriction(module: LoadedModule): module is FrictionModule {
  return typeof module.frictionPhase === 'function' && module.model.unilateral.some((u) => u.friction !== undefined);
}

/** The law of every contact; the coefficients are expressions of the parameters, so read once. */
export function contactLaws(module: FrictionModule, params: Params, t: number): ContactLaw[] {
  const mu = module.friction(t, params);
  let row = 0;
  return module.model.unilateral.map((u, j) => {
    const rows = u.slip ?? 0;
    // μ = 0 is frictionless: as Coulomb its contact at rest could stick only
    // with τ exactly 0 and slid otherwise along the roundoff of τ.
    const rough = u.friction !== undefined && (mu[2 * j]! > 0 || mu[2 * j + 1]! > 0);
    const kind = rough ? 'coulomb' : sticks(u.law) ? 'stick' : 'frictionless';
    const law: ContactLaw = { kind, row, rows, muK: mu[2 * j]!, muS: mu[2 * j + 1]! };
    row += rows;
    return law;
  });
}

/** The code a contact is held with when its tangent has no choice. */
export function heldCode(law: ContactLaw): number {
  return law.kind === 'frictionless' ? HOLD : STICK;
}

/** The contacts a mode holds (every code but OPEN). */
export function heldContacts(modes: readonly number[]): number[] {
  return modes.flatMap((c, j) => (c !== OPEN ? [j] : []));
}

/** Whether a mode code slides a Coulomb contact. */
export function slides(law: ContactLaw, code: number): boolean {
  return law.kind === 'coulomb' && code !== OPEN && code !== STICK;
}

/** A slip row's velocity to be set when a phase starts: 0 for a contact at rest, ε d for a spatial one sliding away from rest. */
export interface SlipTarget {
  readonly row: number;
  readonly value: number;
}

export interface ModeRequest {
  readonly t: number;
  readonly q: ArrayLike<number>;
  readonly qd: ArrayLike<number>;
  /** Closed contacts with no normal velocity: those that may be held. */
  readonly candidates: readonly number[];
  /** Contacts whose sticking force just reached the cone's edge: they may not stick, and slide opposite to it. */
  readonly leavingCone: readonly number[];
}

/**
 * ok: `modes` (one code per contact) is realized; `alternatives` are the
 * other admissible modes with a different motion (Painlevé's
 * indeterminacy, empty when the motion is unique); `targets` are the slip
 * velocities to set before the phase starts. inconsistent: no admissible
 * mode, or only modes with det ≤ 0 (`selfLocking`). ambiguous: several
 * admissible modes with det > 0 and different motions, which Smirnov's
 * rule does not decide. too-many-modes: more combinations than enumerated.
 */
export type ModeSelection =
  | { readonly status: 'ok'; readonly modes: number[]; readonly alternatives: number[][]; readonly targets: SlipTarget[] }
  | { readonly status: 'inconsistent'; readonly selfLocking: number[][] }
  | { readonly status: 'ambiguous'; readonly modes: number[][] }
  | { readonly status: 'too-many-modes'; readonly count: number };

/** Combinations tried at one event before giving up (4 choices per contact at rest: 6 contacts). */
export const MAX_MODE_COMBINATIONS = 4096;

/**
 * A spatial contact sliding away from rest starts with ṡ = ε d: the module
 * takes a spatial contact's friction direction from ṡ/|ṡ|, undefined at
 * ṡ = 0. ε is this fraction of the slip-speed tolerance, far below any
 * velocity the run resolves.
 */
export const BREAKAWAY_FRACTION = 1e-3;

/** One admissible mode with its motion. */
interface Trial {
  readonly modes: number[];
  readonly qdd: Float64Array;
  readonly det: number;
  readonly sliding: boolean;
  readonly targets: SlipTarget[];
}

/** The state-dependent data of one selection. */
interface Context {
  readonly req: ModeRequest;
  readonly G: Float64Array;
  readonly S: Float64Array;
  readonly slipRates: Float64Array;
  /** q̈ with contact j held alone and sticking: g̈_j = 0 and s̈_j = 0 there, which gives their drift terms. */
  readonly alone: Map<number, Float64Array>;
  /** Phase outputs by mode (and velocity nudge), each computed once. */
  readonly cache: Map<string, Float64Array>;
}

export class ModeSelector {
  readonly laws: ContactLaw[];
  private readonly n: number;
  private readonly m: number;
  /** Slip rows of the model (all contacts). */
  readonly ms: number;
  private readonly schur: SchurSystem;

  /** `slipTol`: slip speeds at or below it count as rest. */
  constructor(
    readonly module: FrictionModule,
    private readonly params: Params,
    t0: number,
    readonly slipTol: number,
  ) {
    this.laws = contactLaws(module, params, t0);
    this.n = module.model.coordinates.length;
    this.m = module.model.unilateral.length;
    this.ms = this.laws.reduce((s, l) => s + l.rows, 0);
    const n = this.n,
      k = this.m + this.ms;
    this.schur = schurArrays(n, k);
  }

  /** The sliding speed |ṡ_j| of a contact (0 without slip rows). */
  slipSpeed(j: number, rates: ArrayLike<number>): number {
    const law = this.laws[j]!;
    let s = 0;
    for (let r = law.row; r < law.row + law.rows; r++) s += rates[r]! * rates[r]!;
    return Math.sqrt(s);
  }

  /** |τ_j|, the sticking force of a contact in a phase output (Euclidean over its slip rows). */
  stickForce(j: number, out: ArrayLike<number>): number {
    const law = this.laws[j]!;
    return stickForce(this.n, this.m, law.row, law.rows, out);
  }

  select(req: ModeRequest): ModeSelection {
    const { n, m, module, params, laws } = this;
    const { t, q, qd, candidates } = req;
    const ctx: Context = {
      req,
      G: Float64Array.from(module.gapJacobian(t, q, params)),
      S: Float64Array.from(module.slipJacobian(t, q, params)),
      slipRates: Float64Array.from(module.slipRates(t, q, qd, params)),
      alone: new Map(),
      cache: new Map(),
    };
    for (const j of candidates) {
      const modes = new Array<number>(m).fill(OPEN);
      modes[j] = heldCode(laws[j]!);
      ctx.alone.set(j, this.phase(ctx, modes, qd).slice(0, n));
    }
    const options = candidates.map((j) => this.options(ctx, j));
    const count = options.reduce((p, o) => p * o.length, 1);
    if (count > MAX_MODE_COMBINATIONS) return { status: 'too-many-modes', count };

    const combinations: number[][] = [];
    for (let c = 0; c < count; c++) {
      const modes = new Array<number>(m).fill(OPEN);
      let rest = c;
      candidates.forEach((j, a) => {
        modes[j] = options[a]![rest % options[a]!.length]!;
        rest = Math.floor(rest / options[a]!.length);
      });
      combinations.push(modes);
    }
    // Most contacts held first, as the frictionless selection does: a contact
    // with σ̇ = 0 held or not is the same motion, and the first one is kept.
    const held = (modes: number[]): number => modes.filter((c) => c !== OPEN).length;
    combinations.sort((a, b) => held(b) - held(a));
    const admissible = combinations.flatMap((modes) => this.trial(ctx, modes) ?? []);

    const regular = admissible.filter((a) => !(a.sliding && !(a.det > 0)));
    if (regular.length === 0) return { status: 'inconsistent', selfLocking: admissible.map((a) => a.modes) };
    const chosen = regular[0]!;
    const distinct = regular.filter((a) => motionsDiffer(n, a.qdd, chosen.qdd));
    if (distinct.length > 0) return { status: 'ambiguous', modes: [chosen.modes, ...distinct.map((a) => a.modes)] };
    const alternatives = admissible.filter((a) => motionsDiffer(n, a.qdd, chosen.qdd)).map((a) => a.modes);
    return { status: 'ok', modes: chosen.modes, alternatives, targets: chosen.targets };
  }

  /**
   * Set the velocities a phase starts from: ġ_j = 0 on the held contacts and
   * the targets on slip rows, by the smallest change in the kinetic-energy
   * metric, M Δq̇ = Rᵀσ (a plastic impact on those rows; Schur solve, which
   * handles dependent rows and a singular M).
   */
  startVelocity(t: number, q: ArrayLike<number>, qd: Float64Array, modes: readonly number[], targets: readonly SlipTarget[]): SchurStatus {
    return this.shiftRates(
      t,
      q,
      qd,
      heldContacts(modes).map((j) => ({ gap: j, value: 0 })),
      targets,
      qd,
    );
  }

  /**
   * The velocity at which frictionPhase slides the slow spatial contacts
   * (sliding, |ṡ| ≤ slipTol) along their consistent direction: into `out`,
   * q̇ with each such ṡ_j turned to |ṡ_j| d_j (held gap rates kept); false
   * if there is none. ṡ/|ṡ| of a slip near ε is no direction the integrator
   * can follow: it turns at a rate ~|s̈|/|ṡ|, and at the size of the
   * integration's error ṡ points anywhere; the steps shrank to 5e-9 s on the
   * box. The slow slip takes instead the direction d with s̈(d) = α d (the
   * friction −μ σ̇ d drives the slip acceleration along itself): a root of
   * d × s̈(d) on the unit circle, found by the secant method from −τ/|τ|,
   * the direction a sticking force beyond the cone starts the slide in.
   */
  aimSlowSlides(t: number, q: ArrayLike<number>, qd: ArrayLike<number>, modes: readonly number[], out: Float64Array): boolean {
    const { n, laws, module, params } = this;
    const spatialSlide = (j: number): boolean => {
      const law = laws[j]!;
      return law.kind === 'coulomb' && law.rows === 2 && law.muK > 0 && slides(law, modes[j]!);
    };
    // Called at every evaluation of the field: without a spatial slide (every planar model) nothing is computed.
    if (!laws.some((_, j) => spatialSlide(j))) return false;
    const rates = module.slipRates(t, q, qd, params);
    const slow = laws.flatMap((_, j) => (spatialSlide(j) && this.slipSpeed(j, rates) <= this.slipTol ? [j] : []));
    if (slow.length === 0) return false;
    const stuckAt = (j: number, velocity: ArrayLike<number>): Float64Array =>
      this.evaluate(
        t,
        q,
        velocity,
        modes.map((c, i) => (i === j ? STICK : c)),
        new Float64Array(n + this.m + this.ms + 1),
      );
    // At least the breakaway's ε, where ṡ/|ṡ| is still resolved (to ~1e-7).
    const speed = new Map(slow.map((j) => [j, Math.max(this.slipSpeed(j, rates), BREAKAWAY_FRACTION * this.slipTol)]));
    const angle = new Map<number, number>();
    for (const j of slow) {
      const stuck = stuckAt(j, qd);
      const tau = [0, 1].map((r) => stuck[n + this.m + laws[j]!.row + r]!);
      if (!(this.stickForce(j, stuck) > 0)) return false;
      angle.set(j, Math.atan2(-tau[1]!, -tau[0]!));
    }
    const gapRates = module.gapRates(t, q, qd, params);
    const gaps = heldContacts(modes).map((j) => ({ gap: j, value: gapRates[j]! }));
    const aimed = (): boolean => {
      const targets = slow.flatMap((j) =>
        [0, 1].map((r) => ({ row: laws[j]!.row + r, value: speed.get(j)! * (r === 0 ? Math.cos : Math.sin)(angle.get(j)!) })),
      );
      return this.shiftRates(t, q, qd, gaps, targets, out) === 'ok';
    };
    // d × s̈_j with s̈_j = S_j (q̈ − q̈ with j sticking) at the same velocity, where s̈_j = 0: the drift terms cancel.
    const S = module.slipJacobian(t, q, params);
    const across = (j: number): { value: number; scale: number } | undefined => {
      if (!aimed()) return undefined;
      const [qdd, stuck] = [module.frictionPhase(t, q, out, params, modes), stuckAt(j, out)];
      const phi = angle.get(j)!;
      const acc = new Float64Array(2);
      accelerationChange(n, S, laws[j]!.row, -Math.sin(phi), qdd, stuck, acc);
      accelerationChange(n, S, laws[j]!.row + 1, Math.cos(phi), qdd, stuck, acc);
      const [value, scale] = [acc[0]!, acc[1]!];
      return Number.isFinite(value) && Number.isFinite(scale) ? { value, scale } : undefined;
    };
    // Gauss–Seidel over the slow contacts (one on the box), the secant method on each angle.
    // ṡ rounds to ~1e-16 absolute, so at |ṡ| = ε its direction, and d × s̈, are resolved to ~1e-7:
    // the iteration stops on a step below 1e-9 rad and keeps its best angle.
    for (let sweep = 0; sweep < (slow.length > 1 ? 3 : 1); sweep++) {
      for (const j of slow) {
        let phi0 = angle.get(j)!;
        let f0 = across(j);
        if (!f0) return false;
        let best = { phi: phi0, f: f0 };
        let phi1 = phi0 + 1e-7;
        for (let it = 0; it < 12 && Math.abs(best.f.value) > 1e-13 * best.f.scale; it++) {
          angle.set(j, phi1);
          const f1 = across(j);
          if (!f1) return false;
          if (Math.abs(f1.value) < Math.abs(best.f.value)) best = { phi: phi1, f: f1 };
          const step: number = (-f1.value * (phi1 - phi0)) / (f1.value - f0.value);
          // Converged, or d × s̈ flat at its resolution.
          if (!(Math.abs(step) > 1e-9) || !Number.isFinite(step)) break;
          // A step of more than 0.1 rad leaves the root near −τ/|τ|.
          if (!(Math.abs(step) < 0.1)) return false;
          [phi0, f0, phi1] = [phi1, f1, phi1 + step];
        }
        if (!(Math.abs(best.f.value) <= 1e-6 * best.f.scale)) return false;
        angle.set(j, best.phi);
      }
    }
    return aimed();
  }

  /**
   * frictionPhase's q̈, σ̇, τ and det of the modes at a state, into `out`.
   * Where the held rows are dependent the reactions are not unique
   * (indeterminate-reactions.ts): nothing sliding, σ̇ and the sticking τ
   * become the least-norm split of the same reaction (q̈ is unique);
   * sliding, see slidingSupport. The mode selection and the driver's guards
   * read this one split.
   */
  evaluate(t: number, q: ArrayLike<number>, qd: ArrayLike<number>, modes: readonly number[], out: Float64Array): Float64Array {
    const { n, m, module, params, laws } = this;
    module.frictionPhase(t, q, qd, params, modes, out);
    const held = heldContacts(modes);
    if (held.length < 2) return out;
    const G = module.gapJacobian(t, q, params),
      S = module.slipJacobian(t, q, params);
    // The reactions in frictionPhase's order: held normals, then the slip rows of sticking contacts.
    const rows: { J: ArrayLike<number>; row: number; at: number }[] = held.map((j) => ({ J: G, row: j, at: n + j }));
    laws.forEach((law, j) => {
      // Held sticking, or a law that only sticks (held with STICK by heldCode).
      if (modes[j] === OPEN || !(modes[j] === STICK || (law.kind !== 'coulomb' && heldCode(law) === STICK))) return;
      for (let r = law.row; r < law.row + law.rows; r++) rows.push({ J: S, row: r, at: n + m + r });
    });
    const k = rows.length;
    const R = new Float64Array(k * n);
    rows.forEach(({ J, row }, a) => {
      for (let i = 0; i < n; i++) R[a * n + i] = J[row * n + i]!;
    });
    if (!hasDependentRows(n, k, R)) return out;
    if (held.some((j) => slides(laws[j]!, modes[j]!) && laws[j]!.muK > 0)) return this.slidingSupport(t, q, qd, modes, G, rows, out);
    const sigma = Float64Array.from(rows, ({ at }) => out[at]!);
    if (!sigma.every(Number.isFinite) || !out.subarray(0, n).every(Number.isFinite)) return out;
    leastNormReactions(n, k, R, sigma);
    rows.forEach(({ at }, a) => {
      out[at] = sigma[a]!;
    });
    return out;
  }

  /**
   * A mode sliding on dependent normal rows, where frictionPhase's solve is
   * singular: `out` becomes the member of least-norm reactions of the family
   * of its solutions, the members the phases with one dependent held contact
   * opened (src/numeric/sliding-support.ts, whose IR the C driver prints too).
   */
  private slidingSupport(
    t: number,
    q: ArrayLike<number>,
    qd: ArrayLike<number>,
    modes: readonly number[],
    G: ArrayLike<number>,
    rows: readonly { at: number }[],
    out: Float64Array,
  ): Float64Array {
    const { n, m, ms, module, params } = this;
    const [width, k] = [n + m + ms + 1, rows.length];
    const reals = (size: number): Float64Array => new Float64Array(size);
    const dependent = new Int32Array(m);
    if (dependentHeld(n, m, G, modes, dependent, reals(n * m), reals(n), reals(m * n), reals(n), reals(n)) < 2) return out;
    const members = reals(m * width);
    dependent.forEach((d, j) => {
      if (d)
        module.frictionPhase(
          t,
          q,
          qd,
          params,
          modes.map((c, i) => (i === j ? OPEN : c)),
          members.subarray(j * width, (j + 1) * width),
        );
    });
    const at = Int32Array.from(rows, (r) => r.at);
    slidingSupport(
      n,
      m,
      width,
      dependent,
      members,
      k,
      at,
      out,
      new Int32Array(m),
      reals(m * k),
      reals(k * m),
      reals(m * k),
      reals(k),
      reals(m * m),
      reals(m),
      reals(m),
      new Int32Array(m),
    );
    return out;
  }

  /** q̈, σ̇, τ, det of a mode at a velocity, computed once per selection. */
  private phase(ctx: Context, modes: readonly number[], qd: ArrayLike<number>): Float64Array {
    const key = `${modes.join(',')}|${qd === ctx.req.qd ? '' : Array.from(qd).join(',')}`;
    let out = ctx.cache.get(key);
    if (!out) {
      out = this.evaluate(ctx.req.t, ctx.req.q, qd, modes, new Float64Array(this.n + this.m + this.ms + 1));
      ctx.cache.set(key, out);
    }
    return out;
  }

  /** The codes a candidate may take. */
  private options(ctx: Context, j: number): number[] {
    const law = this.laws[j]!;
    if (law.kind !== 'coulomb') return [OPEN, heldCode(law)];
    const rates = ctx.slipRates;
    if (this.slipSpeed(j, rates) > this.slipTol) return [OPEN, law.rows === 1 ? Math.sign(rates[law.row]!) : HOLD];
    const slide = law.rows === 1 ? [1, -1] : [HOLD];
    return ctx.req.leavingCone.includes(j) ? [OPEN, ...slide] : [OPEN, STICK, ...slide];
  }

  /** The mode's motion if it is admissible (see the header), else undefined. */
  private trial(ctx: Context, modes: number[]): Trial | undefined {
    const { n, laws } = this;
    const { req, G, S } = ctx;
    // Slides from rest: each needs its stick variant (the cone test and a spatial contact's direction).
    const fromRest = req.candidates.filter((j) => slides(laws[j]!, modes[j]!) && this.slipSpeed(j, ctx.slipRates) <= this.slipTol);
    const targets: SlipTarget[] = [];
    const directions = new Map<number, number[]>();
    const skew = new Map<number, number>();
    for (const j of fromRest) {
      const law = laws[j]!;
      const stick = this.phase(
        ctx,
        modes.map((c, i) => (i === j ? STICK : c)),
        req.qd,
      );
      // A slide from rest goes opposite to the sticking force that left the
      // cone: the direction of a spatial one, and the one a planar contact
      // must take at the edge (with μs = μk its slip acceleration starts at 0).
      const d = new Float64Array(law.rows);
      if (!slideFromRest(n, this.m, j, law.row, law.rows, law.muS, modes[j]!, req.leavingCone.includes(j), stick, d)) return undefined;
      directions.set(j, law.rows === 1 ? [modes[j]!] : Array.from(d));
      for (let r = 0; r < law.rows; r++) targets.push({ row: law.row + r, value: law.rows === 1 ? 0 : BREAKAWAY_FRACTION * this.slipTol * d[r]! });
    }
    const spatial = targets.filter((x) => x.value !== 0);
    let qd: ArrayLike<number> = req.qd;
    if (spatial.length > 0) {
      const shifted = Float64Array.from(req.qd);
      const rates = this.module.gapRates(req.t, req.q, req.qd, this.params);
      if (
        this.shiftRates(
          req.t,
          req.q,
          req.qd,
          heldContacts(modes).map((j) => ({ gap: j, value: rates[j]! })),
          spatial,
          shifted,
        ) !== 'ok'
      )
        return undefined;
      qd = shifted;
      // How far ṡ/|ṡ| at ṡ = εd, the friction's direction, is from d: rounding of ṡ at ε.
      const slip = this.module.slipRates(req.t, req.q, qd, this.params);
      for (const [j, d] of directions) {
        const law = laws[j]!;
        const speed = this.slipSpeed(j, slip);
        if (law.rows > 1) skew.set(j, Math.hypot(...d.map((x, r) => slip[law.row + r]! / speed - x)));
      }
    }
    const out = this.phase(ctx, modes, qd);
    const qdd = out.subarray(0, n);
    if (!qdd.every(Number.isFinite)) return undefined; // dependent rows with sliding, or a singular M

    const acc = new Float64Array(2);
    for (const j of req.candidates) {
      const law = laws[j]!;
      const d = directions.get(j);
      // A slide from rest at the cone's edge just crossed (μs = μk) starts
      // with s̈_j·d from 0, within roundoff and, spatial, within the friction's
      // turn off d at the nudge, the skew (ṡ = εd rounded: 2e-8 rad on a box
      // turning at 5 rad/s gave s̈·d = −6e-8 of a scale of 20, and a wrong
      // Painlevé inconsistency at μ = 1.5).
      const leaving = req.leavingCone.includes(j);
      const coulomb = law.kind === 'coulomb';
      if (
        !contactAdmissible(
          n,
          this.m,
          j,
          modes[j]!,
          coulomb,
          law.muS,
          law.row,
          law.rows,
          out,
          G,
          S,
          d ?? [],
          d !== undefined,
          leaving,
          skew.get(j) ?? 0,
          ctx.alone.get(j)!,
          acc,
        )
      )
        return undefined;
    }
    // Contacts at rest in the tangent start exactly at rest (sticking, or sliding away from ṡ = 0).
    for (const j of req.candidates) {
      const law = laws[j]!;
      if (modes[j] === OPEN || law.rows === 0 || directions.has(j) || this.slipSpeed(j, ctx.slipRates) > this.slipTol) continue;
      for (let r = 0; r < law.rows; r++) targets.push({ row: law.row + r, value: 0 });
    }
    const sliding = req.candidates.some((j) => slides(laws[j]!, modes[j]!) && laws[j]!.muK > 0);
    return { modes, qdd: Float64Array.from(qdd), det: out[n + this.m + this.ms]!, sliding, targets };
  }

  /**
   * Into `out`: q̇ changed by the least kinetic energy so that the gap rates
   * and slip rates listed take their values (M Δq̇ = Rᵀσ, R Δq̇ = values − rates).
   */
  private shiftRates(
    t: number,
    q: ArrayLike<number>,
    qd: ArrayLike<number>,
    gaps: readonly { gap: number; value: number }[],
    slips: readonly SlipTarget[],
    out: Float64Array,
  ): SchurStatus {
    const { n, module, params, schur: s } = this;
    const k = gaps.length + slips.length;
    if (k === 0) return 'ok';
    const G = module.gapJacobian(t, q, params),
      gRates = module.gapRates(t, q, qd, params);
    const S = module.slipJacobian(t, q, params),
      sRates = module.slipRates(t, q, qd, params);
    module.massMatrix(t, q, params, s.M);
    s.L.set(s.M);
    const massFactored = choleskyFactor(n, s.L) < 0;
    // M y = M q̇ + Rᵀσ, R y = R q̇ + (value − rate).
    for (let i = 0; i < n; i++) {
      let v = 0;
      for (let c = 0; c < n; c++) v += s.M[i * n + c]! * qd[c]!;
      s.b[i] = v;
    }
    const rows = [
      ...gaps.map(({ gap, value }) => ({ J: G, row: gap, shift: value - gRates[gap]! })),
      ...slips.map(({ row, value }) => ({ J: S, row, shift: value - sRates[row]! })),
    ];
    rows.forEach(({ J, row, shift }, r) => {
      let v = shift;
      for (let i = 0; i < n; i++) {
        s.R[r * n + i] = J[row * n + i]!;
        v += J[row * n + i]! * qd[i]!;
      }
      s.c[r] = v;
    });
    const status = schurSolve(s, k, massFactored);
    if (status === 'ok') out.set(s.y.subarray(0, n));
    return status;
  }
}
