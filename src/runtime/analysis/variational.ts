// Flow sensitivities of an impacting motion: the variational equations
// integrated along the smooth phases and the saltation matrices at the
// events, multiplied into the monodromy matrix of the hybrid flow.
//
// State. The extended state X = (q, q̇, t) ∈ R^N, N = 2n + 1, so that a
// time-dependent model (a vibrating table, a moving obstacle) and the shift
// of an event's time are handled by the same formulas; Φ = ∂X(s)/∂X(0) is
// N×N, its last row (∂t/∂X₀ = e_N) is constant and not integrated.
//
// Smooth phases (a fixed set of held contacts). Ẋ = F(X) = (q̇, q̈(t, q, q̇), 1)
// and Φ̇ = ∂F/∂X · Φ, integrated with X by the same DOPRI5 step so the
// error control covers both: a phase of the hybrid engine of the
// event-driven run (hybrid/engine.ts `integratePhase`) whose state carries
// the tangent state Φ after (q, q̇), each event the Reset of its guard's
// kind (hybrid/guards.ts) with the saltation matrix applied to Φ. ∂F/∂x:
//   - free flight: the module's rhsJacobian (generated from the derivation,
//     [0 I; ∂q̈/∂q ∂q̈/∂q̇]); a module without it, central differences of rhs;
//   - contact phases (held contacts, g̈ = 0 on their rows): the module's
//     contactAccelerationsJacobian (generated from the derivation's residual
//     Jacobians, the phase's rows included); a module without it, central
//     differences of the phase's vector field `contactAccelerations`;
//   - ∂F/∂t: central differences in t (exactly 0 for an autonomous model,
//     whose functions never read t).
// Differences use the step ε^{1/3}·max(1, |x|): truncation (h²) and roundoff
// (ε/h) errors balance near 1e-11 relative.
//
// Events. A guard h(X) crossing zero at τ(X₀) maps X⁻ ↦ X⁺ = Δ(X⁻); with
// D = ∂Δ/∂X and F^∓ the fields before and after, the sensitivity jumps by the
// saltation matrix (Aizerman–Gantmacher 1958; Müller 1995; Leine & Nijmeijer,
// "Dynamics and bifurcations of non-smooth mechanical systems", 2004, §7)
//   S = D + (F⁺ − D F⁻) ∇hᵀ / (∇h · F⁻),
// the second term accounting for the shift of the event time:
//   - impact of contact j: h = g_j(t, q), ∇h = (∂g/∂q, 0, ∂g/∂t), ∇h·F⁻ = ġ_j⁻;
//     Δ replaces q̇ by q̇⁺(t, q, q̇⁻) of the impact law every driver applies
//     (contact/resolve-impact.ts) with the contacts closed at the event,
//     and D holds ∂q̇⁺/∂(q, q̇⁻, t): from the derivation's closed-form
//     impact map where the caller supplies one (`impactJacobian`, labelled
//     'symbolic'), else central differences of the law within its mode
//     (labelled 'difference');
//   - release of a held contact: h = σ̇_j(t, x) of the held phase, Δ = id;
//     with smooth forces F⁺ = F⁻ there (the contact force is σ̇_j = 0) and
//     S = I, but a force that jumps (Kozlov's (2.3)) makes σ̇_j jump and
//     F⁺ ≠ F⁻: ∇h by central differences, whose direction is right even
//     across the jump;
//   - a touchdown (a gap closing with no approach speed, ġ⁻ → 0): the
//     saltation term divides by ġ⁻, so the flow is not differentiable
//     there — a grazing contact, reported in `grazing`.
// A Poincaré map on the section {h = 0} stops at the event; its derivative
// drops the flow direction F⁺ that the event-time shift adds:
//   DP = S Φ⁻ − F⁺ (∇h·Φ⁻)/(∇h·F⁻)    (= (I − F ∇hᵀ/∇h·F) Φ for a coordinate
// crossing, where D = I), so DP F(X₀) = 0: the trivial zero multiplier.
//
// Compliant contacts (model.compliant: Kozlov's realizations, the module's
// compliantContacts) are forces in the free-flight field: the generated rhs
// and rhsJacobian hold their terms where they act, so a phase integrates
// them as any smooth force. The field changes branch on their switching
// surfaces, which are events with Δ = id (the state is continuous):
//   - h = f_j, the penetration starting or ending (either direction);
//   - h = F_n,j inside the obstacle (f_j ≤ 0), for a contact without
//     adhesion: the force vanishing, after which the point flies inside;
// and S = I + (F⁺ − F⁻) ∇hᵀ / (∇h · F⁻), ∇h by central differences of
// compliantContacts. F⁻ is the field at the last located point before the
// surface, F⁺ at the first one after (within 1e-14 of each other in time),
// so S = I to rounding where the field is continuous (a spring's force kδ
// vanishes at δ = 0) and S carries the jump where it is not (a damper's
// −cḟ switching on at δ = 0 with ḟ ≠ 0, an added mass). A model with
// compliant contacts only needs none of the rigid-contact functions.
//
// Periodic angles (the module's model.periodic) are integrated reduced to
// (−π, π] (hybrid/trajectory.ts AngleTurns), at each phase start and after
// each step: the shift by 2π is a translation, so Φ is untouched, and the
// difference steps ε^{1/3}·max(1, |x|) stay those of an angle (at θ = 10⁴
// one was 0.06 rad). Reported states and coordinate sections are in the
// unreduced angle.
//
// Activation conditions (the model's `when`, events.ts ContactActivity): a
// gap reaching zero where its contact's condition fails is no event and no
// saltation (the flow does not change there); the contact is dormant, not
// watched, until its gap is positive again.
//
// Contact modes. After an impact the held set is chosen among the closed
// contacts left with no approach speed: all of them, then the one with the
// most negative σ̇ dropped until every σ̇ > 0. A mode sequence is decided on
// the orbit itself and the derivatives are those of that sequence (the
// stride map is smooth where the sequence does not change).
// Phases hold contacts without friction (contactAccelerations; a 'stick'
// contact's tangent is held): a contact with Coulomb friction (μ > 0) that
// would be held is refused ('friction-unsupported'); its impacts from free
// flight follow the impact law of every driver.
// Tests: test/runtime/analysis/variational.test.ts
import type { LoadedModule, Params } from '../contract.js';
import { resolveImpact, type ImpactOutcome } from '../contact/resolve-impact.js';
import { GapKinematics, requireFunctions, type WithFunctions } from '../contact/contacts.js';
import type { DenseStep } from '../integrators/dopri5.js';
import { IMPACT_ERROR_CODE, SimulationError } from '../errors.js';
import { CompliantSwitching } from '../contact/compliant-switching.js';
import { ContactActivity } from '../hybrid/events.js';
import { applyReset, integratePhase, type HybridMode } from '../hybrid/engine.js';
import { gapSinks } from '../../numeric/contact-events.js';
import type { Crossing, Guard, Resets } from '../hybrid/guards.js';
import { AngleTurns } from '../hybrid/trajectory.js';

/** ∂q̇⁺/∂q (n×n), ∂q̇⁺/∂q̇⁻ (n×n) and ∂q̇⁺/∂t (n) of an impact map, row-major. */
export interface ImpactJacobian {
  readonly dq: ArrayLike<number>;
  readonly dqd: ArrayLike<number>;
  readonly dt: ArrayLike<number>;
}

/**
 * The derivative of the impact map from its closed form, for the contacts
 * `closed` at the impact (`arriving` among them); undefined where the
 * derivation has no closed form for this configuration of contacts.
 */
export type ImpactJacobianFn = (
  t: number,
  q: ArrayLike<number>,
  qdMinus: ArrayLike<number>,
  params: Params,
  closed: readonly boolean[],
  arriving: number,
) => ImpactJacobian | undefined;

/**
 * Where a flow stops: the impacts of a contact (the state just after it) or
 * a coordinate crossing a value ('up': increasing through it, 'down':
 * decreasing, default 'up').
 */
export type Section = { readonly contact: string } | { readonly coordinate: string; readonly value: number; readonly direction?: 'up' | 'down' };

export interface FlowOptions {
  readonly params?: Params;
  /** Integrator tolerances (defaults 1e-10 relative, 1e-12 absolute: the sensitivities inherit the error of the state). */
  readonly rtol?: number;
  readonly atol?: number;
  /** Cap on integrator step attempts per smooth phase (default 1e5). */
  readonly maxSteps?: number;
  /** Cap on events (default 1000). */
  readonly maxEvents?: number;
  /** A contact with g ≤ gapTol counts as closed at an event (default 1e-9). */
  readonly gapTol?: number;
  /** Approach speeds below this close a contact without an impact (default 1e-6). */
  readonly restVelocity?: number;
  /** The closed-form derivative of the impact map, where the derivation has one. */
  readonly impactJacobian?: ImpactJacobianFn;
  /** Contacts held at the start (default: the closed ones at rest that press, chosen as after an impact). */
  readonly held?: readonly boolean[];
  /**
   * Contacts whose gaps are not watched (their impacts do not happen); their
   * smallest gaps are still recorded. Continuation follows an orbit through
   * a grazing this way.
   */
  readonly ignore?: readonly number[];
}

export type FlowEventType = 'impact' | 'release' | 'contact';

export interface FlowEvent {
  readonly t: number;
  readonly type: FlowEventType;
  /** Indices in model.unilateral, or in model.compliant when `compliant` is set. */
  readonly contacts: number[];
  /** A compliant contact's switching surface ('contact': its force starts acting, 'release': it stops). */
  readonly compliant?: true;
  /** (q, q̇) at the event; for an impact, before it. */
  readonly x: number[];
  /** For an impact: (q, q̇⁺). */
  readonly xPlus?: number[];
  /** For an impact: how ∂Δ/∂X was obtained. */
  readonly jacobian?: 'symbolic' | 'difference';
}

export interface FlowResult {
  readonly t: number;
  /** (q, q̇) at the end. */
  readonly x: Float64Array;
  /**
   * ∂X/∂X₀, N×N row-major, X = (q, q̇, t), with its saltation matrices: at
   * the fixed final time t1 for flowSensitivity, along the elapsed time for
   * a section (the monodromy matrix).
   */
  readonly phi: Float64Array;
  readonly events: FlowEvent[];
  /** Contacts held at the start (given, or chosen there) and at the end. */
  readonly heldAtStart: boolean[];
  readonly held: boolean[];
  /** How the phases' Jacobians were obtained: 'generated' (rhsJacobian) and/or 'difference'. */
  readonly phaseJacobians: ('generated' | 'difference')[];
  /**
   * Per contact, the smallest gap at an interior minimum of an open phase
   * (ġ turning from negative to positive), Infinity where there was none:
   * how close the motion comes to touching a contact it does not strike.
   */
  readonly minGaps: Float64Array;
  /** Contacts that closed with no approach speed (a touchdown): the flow is not differentiable there. */
  readonly grazing: number[];
}

export interface SectionResult extends FlowResult {
  /**
   * Derivative of the first-return (Poincaré) map at X₀, N×N, X = (q, q̇, t):
   * the monodromy without the flow direction the event-time shift adds.
   */
  readonly poincare: Float64Array;
}

type FlowModule = WithFunctions<'gaps' | 'gapJacobian' | 'gapRates' | 'contactAccelerations' | 'impact'>;

const DEFAULT_RTOL = 1e-10;
const DEFAULT_ATOL = 1e-12;
const DIFF_STEP = Math.cbrt(Number.EPSILON);
/** The gaps of a model without rigid contacts. */
const NO_GAPS = new Float64Array(0);
/**
 * Shrinking impact intervals in a row that count as an accumulation (a Zeno
 * rest). A three-spoke wheel rocking between two spokes (I* = 0.7) shrinks
 * its intervals by 0.118 an impact; at its seventh impact, 1.6e-7 s before
 * the accumulation point, the impact map changes mode within a difference
 * step and has no derivative, so five shrinking intervals are all such a
 * cascade shows.
 */
const ACCUMULATION = 5;

/**
 * X and Φ at t1 from (q0, q̇0) at t0: the sensitivity of the hybrid flow to
 * a fixed final time (its impacts and releases included).
 */
export function flowSensitivity(
  module: LoadedModule,
  opts: FlowOptions & { readonly t0?: number; readonly t1: number; readonly q0: ArrayLike<number>; readonly qd0: ArrayLike<number> },
): FlowResult {
  const t0 = opts.t0 ?? 0;
  if (!(opts.t1 > t0))
    throw new SimulationError('invalid-time', 'input', `t1 = ${opts.t1} must be greater than t0 = ${t0}`, { model: module.model.name, field: 't1' });
  const flow = new VariationalFlow(module, opts, t0, stateOf(module, opts.q0, opts.qd0));
  flow.run({ t1: opts.t1 });
  return flow.atFixedTime();
}

/**
 * From (q0, q̇0) at t0 to the `crossings`-th crossing of a section (default
 * 1): the state there (just after the impact for a contact section), the
 * monodromy and the derivative of the return map. Throws 'no-return' when
 * the section is not reached before t0 + maxTime.
 */
export function flowToSection(
  module: LoadedModule,
  opts: FlowOptions & {
    readonly t0?: number;
    readonly q0: ArrayLike<number>;
    readonly qd0: ArrayLike<number>;
    readonly section: Section;
    readonly crossings?: number;
    readonly maxTime: number;
  },
): SectionResult {
  const t0 = opts.t0 ?? 0;
  const flow = new VariationalFlow(module, opts, t0, stateOf(module, opts.q0, opts.qd0));
  const target = sectionTarget(module, opts.section);
  const poincare = flow.run({ t1: t0 + opts.maxTime, section: { ...target, crossings: opts.crossings ?? 1 } });
  if (!poincare) {
    throw new SimulationError(
      'no-return',
      'numeric',
      `the motion did not reach the section ${describeSection(opts.section)} within ${opts.maxTime} time units: raise maxTime, or start nearer the orbit`,
      { model: module.model.name, field: 'maxTime' },
      flow.t,
    );
  }
  return { ...flow.result(), poincare };
}

/** The section in the module's indices. */
interface SectionTarget {
  readonly contact?: number;
  readonly coordinate?: number;
  readonly value?: number;
  readonly direction?: 'rising' | 'falling';
}

export function describeSection(s: Section): string {
  return 'contact' in s ? `contact:${s.contact}` : `coordinate:${s.coordinate}=${s.value}:${s.direction ?? 'up'}`;
}

function sectionTarget(module: LoadedModule, s: Section): SectionTarget {
  const model = module.model;
  if ('contact' in s) {
    const j = model.unilateral.findIndex((u) => u.name === s.contact);
    if (j < 0 && model.compliant?.some((c) => c.name === s.contact)) {
      throw new SimulationError(
        'invalid-option',
        'input',
        `section: '${s.contact}' is a compliant contact, which has no impacts to stop at; give a coordinate crossing instead`,
        { model: model.name, field: 'section' },
      );
    }
    if (j < 0)
      throw new SimulationError(
        'invalid-option',
        'input',
        `section: no contact '${s.contact}' (contacts: ${model.unilateral.map((u) => u.name).join(', ') || 'none'})`,
        { model: model.name, field: 'section' },
      );
    return { contact: j };
  }
  const i = model.coordinates.indexOf(s.coordinate);
  if (i < 0)
    throw new SimulationError('invalid-option', 'input', `section: no coordinate '${s.coordinate}' (coordinates: ${model.coordinates.join(', ')})`, {
      model: model.name,
      field: 'section',
    });
  if (!Number.isFinite(s.value))
    throw new SimulationError('invalid-option', 'input', `section: the value of ${s.coordinate} is ${s.value}; give a finite number`, {
      model: model.name,
      field: 'section',
    });
  return { coordinate: i, value: s.value, direction: (s.direction ?? 'up') === 'up' ? 'rising' : 'falling' };
}

function stateOf(module: LoadedModule, q0: ArrayLike<number>, qd0: ArrayLike<number>): Float64Array {
  const n = module.model.coordinates.length;
  for (const [field, v] of [
    ['q0', q0],
    ['qd0', qd0],
  ] as const) {
    if (v.length !== n || !Array.from(v).every(Number.isFinite)) {
      throw new SimulationError('state-length', 'input', `${field} must hold ${n} finite numbers (${module.model.coordinates.join(', ')})`, {
        model: module.model.name,
        field,
      });
    }
  }
  const x = new Float64Array(2 * n);
  x.set(Array.from(q0), 0);
  x.set(Array.from(qd0), n);
  return x;
}

/**
 * S = D + (F⁺ − D F⁻) ∇hᵀ / (∇h · F⁻), all N×N row-major (vectors of N):
 * the jump of the flow sensitivity at an event with guard h and reset Δ.
 */
export function saltationMatrix(N: number, D: ArrayLike<number>, fMinus: ArrayLike<number>, fPlus: ArrayLike<number>, gradH: ArrayLike<number>): Float64Array {
  let rate = 0;
  for (let k = 0; k < N; k++) rate += gradH[k]! * fMinus[k]!;
  const S = Float64Array.from(D);
  for (let i = 0; i < N; i++) {
    let Df = 0;
    for (let k = 0; k < N; k++) Df += D[i * N + k]! * fMinus[k]!;
    const c = (fPlus[i]! - Df) / rate;
    for (let k = 0; k < N; k++) S[i * N + k] += c * gradH[k]!;
  }
  return S;
}

/** C = A B for N×N row-major matrices. */
function matMul(N: number, A: ArrayLike<number>, B: ArrayLike<number>): Float64Array {
  const C = new Float64Array(N * N);
  for (let i = 0; i < N; i++) {
    for (let k = 0; k < N; k++) {
      const a = A[i * N + k]!;
      if (a === 0) continue;
      for (let j = 0; j < N; j++) C[i * N + j] += a * B[k * N + j]!;
    }
  }
  return C;
}

/**
 * A crossing as the flow handles it: for a compliant switch, also the last
 * located state before the surface and a state strictly after it (the
 * crossing's own state, unless the switching value is exactly 0 there,
 * where the rhs's branch is the before side's for f = 0).
 */
interface FlowCrossing extends Crossing {
  readonly before?: { readonly t: number; readonly y: Float64Array };
  readonly after?: { readonly t: number; readonly y: Float64Array };
}

function switchSides(step: DenseStep, c: Crossing): Pick<FlowCrossing, 'before' | 'after'> {
  const at = (s: number): { t: number; y: Float64Array } => ({ t: s, y: step.eval(s, new Float64Array(step.y.length)) });
  const after = c.guard.value(c.t, c.y) === 0 ? at(2 * c.t - c.tBefore) : { t: c.t, y: c.y };
  return { before: at(c.tBefore), after };
}

/** Guard values at one state: gaps g, normal velocities ġ, σ̇ of the held contacts (the others' entries unused), and [f, ḟ, F_n] per compliant contact. */
interface GuardValues {
  readonly g: Float64Array;
  readonly dg: Float64Array;
  readonly s: Float64Array;
  readonly c: Float64Array;
}

function guardValues(m: number, mc: number): GuardValues {
  return { g: new Float64Array(m), dg: new Float64Array(m), s: new Float64Array(m), c: new Float64Array(3 * mc) };
}

/** (q, q̇) of x = (q, q̇) into the buffers q and qd (no allocation on the integrator's hot path). */
function splitState(x: ArrayLike<number>, q: Float64Array, qd: Float64Array): void {
  const n = q.length;
  for (let i = 0; i < n; i++) {
    q[i] = x[i]!;
    qd[i] = x[n + i]!;
  }
}

interface StopRule {
  readonly t1: number;
  readonly section?: SectionTarget & { readonly crossings: number };
}

/** The vector field of one phase (its held contacts) and its Jacobian. */
class PhaseField {
  readonly held: boolean[];
  readonly free: boolean;
  private readonly acc: Float64Array;
  private readonly q: Float64Array;
  private readonly qd: Float64Array;
  private readonly fp: Float64Array;
  private readonly fm: Float64Array;
  private readonly xp: Float64Array;
  /** The generated Jacobian of a held phase, 2n×2n. */
  private readonly jx: Float64Array;

  constructor(
    private readonly module: FlowModule,
    private readonly params: Params,
    held: readonly boolean[],
  ) {
    const n = module.model.coordinates.length;
    const m = module.model.unilateral.length;
    this.held = held.slice();
    this.free = !held.some(Boolean);
    this.acc = new Float64Array(n + 3 * m);
    this.q = new Float64Array(n);
    this.qd = new Float64Array(n);
    this.fp = new Float64Array(2 * n);
    this.fm = new Float64Array(2 * n);
    this.xp = new Float64Array(2 * n);
    this.jx = new Float64Array(4 * n * n);
  }

  get jacobianSource(): 'generated' | 'difference' {
    return (this.free ? this.module.rhsJacobian : this.module.contactAccelerationsJacobian) ? 'generated' : 'difference';
  }

  /** ẋ = (q̇, q̈) into out. */
  f(t: number, x: ArrayLike<number>, out: Float64Array): Float64Array {
    const n = this.module.model.coordinates.length;
    if (this.free) return this.module.rhs(t, x, this.params, out);
    const acc = this.accelerations(t, x);
    for (let i = 0; i < n; i++) {
      out[i] = x[n + i]!;
      out[n + i] = acc[i]!;
    }
    return out;
  }

  /** q̈ then σ̇ of the held normals (in contact order) then the tangent multipliers. */
  accelerations(t: number, x: ArrayLike<number>): Float64Array {
    splitState(x, this.q, this.qd);
    return this.module.contactAccelerations(t, this.q, this.qd, this.params, this.held, this.acc);
  }

  /** σ̇ of held contact j. */
  sigma(t: number, x: ArrayLike<number>, j: number): number {
    const n = this.module.model.coordinates.length;
    let rank = 0;
    for (let k = 0; k < j; k++) if (this.held[k]) rank++;
    return this.accelerations(t, x)[n + rank]!;
  }

  /** ∂F/∂(x, t), 2n × N row-major (N = 2n + 1). */
  jacobian(t: number, x: Float64Array, J: Float64Array): void {
    const n2 = x.length,
      N = n2 + 1;
    if (this.jacobianSource === 'generated') {
      let Jx: Float64Array;
      if (this.free) Jx = this.module.rhsJacobian!(t, x, this.params, this.jx);
      else {
        splitState(x, this.q, this.qd);
        Jx = this.module.contactAccelerationsJacobian!(t, this.q, this.qd, this.params, this.held, this.jx);
      }
      for (let i = 0; i < n2; i++) for (let k = 0; k < n2; k++) J[i * N + k] = Jx[i * n2 + k]!;
    } else {
      this.xp.set(x);
      for (let k = 0; k < n2; k++) {
        const h = DIFF_STEP * Math.max(1, Math.abs(x[k]!));
        this.xp[k] = x[k]! + h;
        this.f(t, this.xp, this.fp);
        this.xp[k] = x[k]! - h;
        this.f(t, this.xp, this.fm);
        this.xp[k] = x[k]!;
        for (let i = 0; i < n2; i++) J[i * N + k] = (this.fp[i]! - this.fm[i]!) / (2 * h);
      }
    }
    const h = DIFF_STEP * Math.max(1, Math.abs(t));
    this.f(t + h, x, this.fp);
    this.f(t - h, x, this.fm);
    for (let i = 0; i < n2; i++) J[i * N + n2] = (this.fp[i]! - this.fm[i]!) / (2 * h);
  }
}

class VariationalFlow {
  readonly n: number;
  readonly m: number;
  readonly N: number;
  t: number;
  readonly x: Float64Array;
  phi: Float64Array;
  held: boolean[];
  private readonly heldAtStart: boolean[];
  private readonly module: FlowModule;
  private readonly params: Params;
  /** Absent without rigid contacts. */
  private readonly kin: GapKinematics | undefined;
  private readonly switching: CompliantSwitching;
  private readonly activity: ContactActivity;
  private readonly gapTol: number;
  private readonly restVelocity: number;
  private readonly maxEvents: number;
  private readonly ignore: ReadonlySet<number>;
  private readonly events: FlowEvent[] = [];
  private readonly sources = new Set<'generated' | 'difference'>();
  private readonly minGaps: Float64Array;
  private readonly grazing: number[] = [];
  /** The turns taken off the periodic coordinates of x, which the flow integrates reduced. */
  private readonly angles: AngleTurns;
  private field: PhaseField;
  private crossings = 0;
  // Guard values at the start and end of the current step (swapped as the step is taken).
  private atStart: GuardValues;
  private atEnd: GuardValues;
  private readonly rates: Float64Array;
  /** Per contact, the sink of its gap guard, counted from where the phase started (contact-events.ts gapSinks). */
  private readonly sinks: Float64Array;
  private readonly q: Float64Array;
  private readonly qd: Float64Array;

  constructor(
    module: LoadedModule,
    private readonly opts: FlowOptions,
    t0: number,
    x0: Float64Array,
  ) {
    this.n = module.model.coordinates.length;
    this.m = module.model.unilateral.length;
    // Without rigid contacts every phase is free flight and no gap is
    // watched, so the rigid-contact functions are never called.
    this.module =
      this.m > 0
        ? requireFunctions(module, ['gaps', 'gapJacobian', 'gapRates', 'contactAccelerations', 'impact'], 'the variational flow')
        : (module as FlowModule);
    this.N = 2 * this.n + 1;
    this.params = opts.params ?? {};
    this.kin = this.m > 0 ? new GapKinematics(module, this.params) : undefined;
    this.switching = new CompliantSwitching(module, this.params);
    this.activity = new ContactActivity(module, this.params);
    this.gapTol = opts.gapTol ?? 1e-9;
    this.restVelocity = opts.restVelocity ?? 1e-6;
    this.maxEvents = opts.maxEvents ?? 1000;
    this.ignore = new Set(opts.ignore ?? []);
    this.t = t0;
    this.x = Float64Array.from(x0);
    this.angles = new AngleTurns(module);
    this.angles.reduce(this.x);
    this.phi = identity(this.N);
    this.minGaps = new Float64Array(this.m).fill(Infinity);
    this.atStart = guardValues(this.m, this.switching.count);
    this.atEnd = guardValues(this.m, this.switching.count);
    this.rates = new Float64Array(this.m);
    this.sinks = new Float64Array(this.m);
    this.q = new Float64Array(this.n);
    this.qd = new Float64Array(this.n);
    const g = Float64Array.from(this.gaps(t0, this.x));
    const closed = Array.from(g, (v, j) => v <= this.gapTol && !this.ignore.has(j) && (opts.held ? opts.held[j]! : this.admits(t0, this.x, j)));
    this.activity.settle(t0, this.q, this.qd, g, closed);
    this.held = opts.held ? opts.held.slice() : this.chooseHeld(closed, t0, this.x);
    this.refuseFriction(this.held);
    this.heldAtStart = this.held.slice();
    this.field = new PhaseField(this.module, this.params, this.held);
  }

  result(): FlowResult {
    return {
      t: this.t,
      x: Float64Array.from(this.state(this.x)),
      phi: Float64Array.from(this.phi),
      events: this.events,
      heldAtStart: this.heldAtStart.slice(),
      held: this.held.slice(),
      phaseJacobians: [...this.sources].sort(),
      minGaps: Float64Array.from(this.minGaps),
      grazing: [...new Set(this.grazing)],
    };
  }

  /**
   * The result with Φ taken at the fixed final time: the start-time column
   * of the elapsed-time flow less F(X(t1)) (starting later at the same
   * state ends earlier on the same motion).
   */
  atFixedTime(): FlowResult {
    const r = this.result();
    const f = this.extendedField(this.field, this.t, this.x);
    const { N } = this;
    for (let i = 0; i < N; i++) r.phi[i * N + N - 1] -= f[i]!;
    return r;
  }

  /** Integrate phase by phase to the stop; returns the Poincaré derivative when a section stopped it. */
  run(stop: StopRule): Float64Array | undefined {
    const resets = this.resets(stop);
    for (;;) {
      const crossing = this.phase(stop);
      if (!crossing) return undefined;
      const done = applyReset(resets, crossing);
      if (done) return done;
      if (this.events.length > this.maxEvents) {
        throw new SimulationError(
          'too-many-events',
          'numeric',
          `more than ${this.maxEvents} events before the flow reached its end (option maxEvents)`,
          { model: this.module.model.name, field: 'maxEvents' },
          this.t,
        );
      }
    }
  }

  /** Whether an open contact may close at (t, x): awake, and its activation condition holds. */
  private admits(t: number, x: ArrayLike<number>, j: number): boolean {
    splitState(x, this.q, this.qd);
    return this.activity.admits(t, this.q, this.qd, j);
  }

  private gaps(t: number, x: ArrayLike<number>): Float64Array {
    if (!this.kin) return NO_GAPS;
    splitState(x, this.q, this.qd);
    return this.kin.gaps(t, this.q);
  }

  private gapRates(t: number, x: ArrayLike<number>, out: Float64Array): Float64Array {
    if (!this.kin) return out;
    splitState(x, this.q, this.qd);
    return this.kin.rates(t, this.q, this.qd, out);
  }

  /**
   * The held set among closed contacts: those with no approach speed left,
   * then the one with the most negative σ̇ dropped until all press (σ̇ > 0).
   */
  private chooseHeld(closed: readonly boolean[], t: number, x: Float64Array): boolean[] {
    const rates = this.gapRates(t, x, new Float64Array(this.m));
    const held = closed.map((c, j) => c && Math.abs(rates[j]!) <= this.restVelocity);
    for (;;) {
      if (!held.some(Boolean)) return held;
      const acc = new PhaseField(this.module, this.params, held).accelerations(t, x);
      let worst = -1,
        worstValue = 0,
        rank = 0;
      for (let j = 0; j < this.m; j++) {
        if (!held[j]) continue;
        const s = acc[this.n + rank++]!;
        if (!(s > worstValue) && (worst < 0 || !(s >= worstValue))) {
          worst = j;
          worstValue = s;
        }
      }
      if (worst < 0) return held;
      held[worst] = false;
    }
  }

  /** Guard values at a state: gaps and normal velocities, and σ̇ of the held contacts. */
  private guards(t: number, x: Float64Array, { g, dg, s, c }: GuardValues): void {
    g.set(this.gaps(t, x));
    this.gapRates(t, x, dg);
    this.switching.at(t, x, c);
    if (this.field.free) return;
    const acc = this.field.accelerations(t, x);
    let rank = 0;
    for (let j = 0; j < this.m; j++) s[j] = this.held[j] ? acc[this.n + rank++]! : 0;
  }

  /** Integrate the current phase with its variational equations until the stop time or the first event. */
  private phase(stop: StopRule): FlowCrossing | undefined {
    const { n, N } = this;
    const n2 = 2 * n;
    const field = this.field;
    this.sources.add(field.jacobianSource);
    const J = new Float64Array(n2 * N);
    const fx = new Float64Array(n2);
    const xs = new Float64Array(n2);
    const rhs = (s: number, y: Float64Array, out: Float64Array): void => {
      xs.set(y.subarray(0, n2));
      field.f(s, xs, fx);
      out.set(fx, 0);
      field.jacobian(s, xs, J);
      // Φ̇ = ∂F/∂X Φ on the first 2n rows; the t row of Φ is e_N.
      for (let i = 0; i < n2; i++) {
        for (let k = 0; k < N; k++) {
          let v = k === n2 ? J[i * N + n2]! : 0;
          for (let j = 0; j < n2; j++) v += J[i * N + j]! * y[n2 + j * N + k]!;
          out[n2 + i * N + k] = v;
        }
      }
    };
    const y0 = new Float64Array(n2 + n2 * N);
    this.angles.reduce(this.x);
    y0.set(this.x, 0);
    y0.set(this.phi.subarray(0, n2 * N), n2);
    this.guards(this.t, this.x, this.atStart);
    this.activity.wake(this.atStart.g);
    gapSinks(this.m, this.atStart.g, this.gapTol, this.sinks);
    // The section's guard at the step's start and end.
    let hA = this.sectionGuard(stop, this.x),
      hB = hA;
    const mode: HybridMode<FlowCrossing> = {
      field: rhs,
      guards: (step) => {
        const xb = step.y.subarray(0, n2);
        this.guards(step.t, xb, this.atEnd);
        hB = this.sectionGuard(stop, xb);
        return this.watched(step, stop, hA, hB);
      },
      advance: () => {
        this.activity.wake(this.atEnd.g);
        [this.atStart, this.atEnd] = [this.atEnd, this.atStart];
        hA = hB;
      },
      onMinimum: (min) => (this.minGaps[min.guard.contact] = Math.min(this.minGaps[min.guard.contact]!, min.value)),
      keep: (step, c) => ({ ...c, ...(c.guard.kind === 'switch' ? switchSides(step, c) : {}) }),
    };
    const phase = integratePhase(mode, this.t, y0, stop.t1, {
      rtol: this.opts.rtol ?? DEFAULT_RTOL,
      atol: this.opts.atol ?? DEFAULT_ATOL,
      maxSteps: this.opts.maxSteps ?? 100_000,
      failure: { module: this.module, params: this.params, t0: this.t },
      ...(this.angles.shift ? { shift: this.angles.shift } : {}),
    });
    this.t = phase.t;
    this.x.set(phase.y.subarray(0, n2));
    this.phi.set(phase.y.subarray(n2, n2 + n2 * N), 0);
    return phase.crossing;
  }

  /** (q, q̇) of a reduced state x as the flow reports it: the turns added back on q. */
  private state(x: ArrayLike<number>): number[] {
    return this.angles.unwrap(x, 2 * this.n);
  }

  private sectionGuard(stop: StopRule, x: ArrayLike<number>): number {
    const s = stop.section;
    return s?.coordinate === undefined ? 0 : this.angles.coordinate(x, s.coordinate) - s.value!;
  }

  /**
   * The guards of the current phase (guards.ts), in contact order: a held
   * contact's σ̇ falling through zero, an open awake contact's gap with its
   * rate ġ (a dip through zero and back inside a step, or a whole rebound
   * from a phase starting at g ≤ 0, where an impact leaves its contact; its
   * interior minima go to minGaps) and its sink (gapTol below the surface,
   * or below where the phase starts inside it: contact-events.ts gapSinks), an
   * ignored contact's gap as a probe (minima only); then the compliant
   * switching surfaces; then a coordinate section, with the rate q̇_i (a
   * return through the value after an extremum beyond it: an explicit step
   * can span a whole free-flight parabola, which it integrates exactly).
   */
  private watched(step: DenseStep, stop: StopRule, hA: number, hB: number): Guard[] {
    const guards: Guard[] = [];
    for (let j = 0; j < this.m; j++) {
      if (this.held[j])
        guards.push({
          kind: 'release',
          contact: j,
          direction: 'falling',
          value: (s, y) => this.field.sigma(s, y, j),
          a: this.atStart.s[j]!,
          b: this.atEnd.s[j]!,
        });
      else if (!this.activity.dormant[j]) {
        const rate = {
          value: (s: number, y: Float64Array) => this.gapRates(s, y, this.rates)[j]!,
          a: this.atStart.dg[j]!,
          b: this.atEnd.dg[j]!,
          excursions: 'both',
        } as const;
        const gap = {
          kind: 'gap',
          contact: j,
          direction: 'falling',
          value: (s: number, y: Float64Array) => this.gaps(s, y)[j]!,
          a: this.atStart.g[j]!,
          b: this.atEnd.g[j]!,
          rate,
        } as const;
        guards.push(this.ignore.has(j) ? { ...gap, probe: true } : { ...gap, sink: this.sinks[j]! });
      }
    }
    guards.push(...this.switching.guards(this.atStart.c, this.atEnd.c));
    const s = stop.section;
    if (s?.coordinate !== undefined) {
      const i = s.coordinate,
        value = s.value!;
      const rate = {
        value: (_t: number, y: Float64Array) => y[this.n + i]!,
        a: step.yPrev[this.n + i]!,
        b: step.y[this.n + i]!,
        excursions: 'return',
      } as const;
      guards.push({ kind: 'section', contact: -1, direction: s.direction!, value: (_t, y) => this.angles.coordinate(y, i) - value, a: hA, b: hB, rate });
    }
    return guards;
  }

  /**
   * The resets of the flow's guards (guards.ts): each returns the Poincaré
   * derivative when it is the section's last crossing.
   */
  private resets(stop: StopRule): Resets<Float64Array | undefined, FlowCrossing> {
    return {
      section: () => this.coordinateSection(stop),
      release: (c) => this.release(c.guard.contact),
      gap: (c) => this.arrival(c.guard.contact, stop),
      switch: (c) => this.switch(c),
    };
  }

  /** A coordinate section: Δ = id, ∇h = e_i. */
  private coordinateSection(stop: StopRule): Float64Array | undefined {
    const fMinus = this.extendedField(this.field, this.t, this.x);
    const gradH = new Float64Array(this.N);
    gradH[stop.section!.coordinate!] = 1;
    return this.crossSection(stop, identity(this.N), fMinus, fMinus, gradH);
  }

  /** A held contact releases: Δ = id, ∇σ̇ by differences (see the header), a new held set. */
  private release(contact: number): undefined {
    const { N, t } = this;
    const xMinus = Float64Array.from(this.x);
    const fMinus = this.extendedField(this.field, t, xMinus);
    const gradH = new Float64Array(N);
    const before = this.field;
    const sigma = (s: number, x: Float64Array): number => before.sigma(s, x, contact);
    differenceGradient(sigma, t, xMinus, gradH);
    const held = this.held.slice();
    held[contact] = false;
    this.setHeld(this.chooseHeld(held, t, this.x));
    this.events.push({ t, type: 'release', contacts: [contact], x: this.state(xMinus) });
    const fPlus = this.extendedField(this.field, t, this.x);
    this.phi = matMul(N, saltationMatrix(N, identity(N), fMinus, fPlus, gradH), this.phi);
    return undefined;
  }

  /**
   * A gap reached zero: where the contact's condition fails it passes
   * through (no saltation); an approach faster than restVelocity is an
   * impact (Δ the impact law), a slower one a touchdown (grazing).
   */
  private arrival(j: number, stop: StopRule): Float64Array | undefined {
    const { n, N, t } = this;
    const section = stop.section;
    const xMinus = Float64Array.from(this.x);
    if (!this.admits(t, this.x, j)) {
      this.activity.dormant[j] = true;
      return undefined;
    }
    const fMinus = this.extendedField(this.field, t, xMinus);
    const gradH = new Float64Array(N);
    let D = identity(N);
    let jacobian: 'symbolic' | 'difference' | undefined;
    let impact = false;
    const g = Float64Array.from(this.gaps(t, this.x));
    const closed = this.held.map((h, k) => h || k === j || (g[k]! <= this.gapTol && !this.ignore.has(k) && this.admits(t, this.x, k)));
    splitState(this.x, this.q, this.qd);
    this.activity.settle(t, this.q, this.qd, g, closed);
    const rate = this.gapRates(t, this.x, this.rates)[j]!;
    if (rate < -this.restVelocity) {
      impact = true;
      this.checkAccumulation(t, stop);
      const q = Array.from(this.x.subarray(0, n)),
        qd = Array.from(this.x.subarray(n));
      const res = this.impactAt(t, q, qd, closed);
      for (let i = 0; i < n; i++) this.x[n + i] = res.qdPlus[i]!;
      const symbolic = this.opts.impactJacobian?.(t, q, qd, this.params, closed, j);
      jacobian = symbolic ? 'symbolic' : 'difference';
      D = this.impactDerivative(symbolic ?? this.impactDifference(t, q, qd, closed, res));
    } else {
      this.grazing.push(j);
    }
    const rates = this.gapRates(t, this.x, new Float64Array(this.m));
    this.setHeld(
      this.chooseHeld(
        closed.map((cl, k) => cl && rates[k]! <= this.restVelocity),
        t,
        this.x,
      ),
    );
    const Gq = this.kin!.jacobian(t, this.x.subarray(0, n));
    for (let i = 0; i < n; i++) gradH[i] = Gq[j * n + i]!;
    gradH[2 * n] = this.module.gapRates(t, this.x.subarray(0, n), new Float64Array(n), this.params, new Float64Array(this.m))[j]!;
    this.events.push({
      t,
      type: impact ? 'impact' : 'contact',
      contacts: [j],
      x: this.state(xMinus),
      ...(impact ? { xPlus: this.state(this.x), jacobian } : {}),
    });
    const fPlus = this.extendedField(this.field, t, this.x);
    if (impact && section?.contact === j) return this.crossSection(stop, D, fMinus, fPlus, gradH);
    if (!impact) return undefined;
    this.phi = matMul(N, saltationMatrix(N, D, fMinus, fPlus, gradH), this.phi);
    return undefined;
  }

  /**
   * A compliant contact's switching surface (see the header): Δ = id, F⁻ at
   * the last located state before the surface, F⁺ at the first after it.
   */
  private switch(c: FlowCrossing): undefined {
    const { N, t } = this;
    const gradH = new Float64Array(N);
    const { contact, entry } = c.guard;
    differenceGradient((s, x) => this.switching.value(s, x, entry!), t, this.x, gradH);
    const before = c.before!,
      after = c.after!;
    const fMinus = this.extendedField(this.field, before.t, before.y.subarray(0, 2 * this.n));
    const fPlus = this.extendedField(this.field, after.t, after.y.subarray(0, 2 * this.n));
    this.phi = matMul(N, saltationMatrix(N, identity(N), fMinus, fPlus, gradH), this.phi);
    // Recorded where the contact's force starts or stops acting (the point leaving the obstacle force-free switches only an added mass).
    const was = this.switching.touchingAt(before.t, before.y, contact),
      is = this.switching.touchingAt(after.t, after.y, contact);
    if (was !== is) this.events.push({ t, type: is ? 'contact' : 'release', contacts: [contact], compliant: true, x: this.state(this.x) });
    return undefined;
  }

  /**
   * Impacts that accumulate (a rocking wheel or compass coming to rest, a
   * ball on a floor: intervals shrinking by a steady ratio) end in a rest,
   * not in a return to the section nor at t1; the event-driven flow cannot
   * step through them, so an impact at t stops it with 'no-return' once
   * ACCUMULATION intervals in a row are below 0.9 times the one before
   * (period 1) or two before (period 2: a wheel rocking on a slope
   * alternates 0.47 and 0.95). The error names the accumulation point the
   * last ratio r extrapolates to: the last p intervals' sum times r/(1 − r).
   */
  private checkAccumulation(t: number, stop: StopRule): void {
    const times = [...this.events.filter((e) => e.type === 'impact').map((e) => e.t), t];
    const gap = (i: number): number => times[i]! - times[i - 1]!;
    const shrinking = (p: number): boolean => {
      if (times.length < ACCUMULATION + p + 1) return false;
      for (let i = times.length - ACCUMULATION; i < times.length; i++) if (!(gap(i) < 0.9 * gap(i - p))) return false;
      return true;
    };
    const p = shrinking(1) ? 1 : shrinking(2) ? 2 : 0;
    if (p === 0) return;
    const last = times.length - 1;
    const r = gap(last) / gap(last - p);
    const tail = t - times[last - p]!;
    const end = stop.section ? 'returning to the section' : `reaching t1 = ${stop.t1}`;
    throw new SimulationError(
      'no-return',
      'numeric',
      `impacts accumulate near t = ${(t + (tail * r) / (1 - r)).toPrecision(6)} (${ACCUMULATION} intervals in a row shrinking): the motion comes to rest instead of ${end}`,
      { model: this.module.model.name, field: stop.section ? 'section' : 't1' },
      t,
    );
  }

  /**
   * Apply the saltation matrix of a section crossing; at the last crossing,
   * return DP = S Φ⁻ − F⁺ (∇h·Φ⁻)/(∇h·F⁻).
   */
  private crossSection(stop: StopRule, D: Float64Array, fMinus: Float64Array, fPlus: Float64Array, gradH: Float64Array): Float64Array | undefined {
    const { N } = this;
    const phiMinus = this.phi;
    this.phi = matMul(N, saltationMatrix(N, D, fMinus, fPlus, gradH), phiMinus);
    if (++this.crossings < stop.section!.crossings) return undefined;
    let rate = 0;
    for (let k = 0; k < N; k++) rate += gradH[k]! * fMinus[k]!;
    const DP = Float64Array.from(this.phi);
    for (let k = 0; k < N; k++) {
      let hPhi = 0;
      for (let i = 0; i < N; i++) hPhi += gradH[i]! * phiMinus[i * N + k]!;
      for (let i = 0; i < N; i++) DP[i * N + k] -= (fPlus[i]! * hPhi) / rate;
    }
    return DP;
  }

  private setHeld(held: boolean[]): void {
    this.refuseFriction(held);
    this.held = held;
    this.field = new PhaseField(this.module, this.params, held);
  }

  private law(t: number, q: ArrayLike<number>, qd: ArrayLike<number>, closed: readonly boolean[]): ImpactOutcome {
    return resolveImpact(this.module, this.params, t, q, qd, closed, { gapTol: this.gapTol, restVelocity: this.restVelocity });
  }

  /** (ẋ, 1): the field in extended coordinates. */
  private extendedField(field: PhaseField, t: number, x: Float64Array): Float64Array {
    const f = new Float64Array(this.N);
    field.f(t, x, f.subarray(0, 2 * this.n));
    f[2 * this.n] = 1;
    return f;
  }

  /**
   * A phase holds its contacts without friction (contactAccelerations):
   * a held Coulomb contact with μ > 0 would slide or stick without it, so
   * the flow refuses it rather than integrate it as frictionless.
   */
  private refuseFriction(held: readonly boolean[]): void {
    const { model } = this.module;
    const j = held.findIndex((h, k) => h && model.unilateral[k]!.friction !== undefined && this.frictionAt(k) > 0);
    if (j < 0) return;
    throw new SimulationError(
      'friction-unsupported',
      'input',
      `contact '${model.unilateral[j]!.name}' would be held with Coulomb friction, which the variational flow's phases do not model (it holds contacts without friction); use simulate for this motion`,
      { model: model.name, field: `unilateral[${j}].law` },
      this.t,
    );
  }

  /** The larger of contact j's kinetic and static friction coefficients. */
  private frictionAt(j: number): number {
    const mu = this.module.friction?.(this.t, this.params, new Float64Array(2 * this.m));
    return mu ? Math.max(mu[2 * j]!, mu[2 * j + 1]!) : 0;
  }

  /** The impact law of every driver (resolve-impact.ts). */
  private impactAt(t: number, q: ArrayLike<number>, qd: ArrayLike<number>, closed: readonly boolean[]): ImpactOutcome {
    const res = this.law(t, q, qd, closed);
    if (res.status !== 'ok') {
      throw new SimulationError(
        IMPACT_ERROR_CODE[res.status],
        'model',
        res.message ?? `the impact map returned '${res.status}'`,
        { model: this.module.model.name, field: 'impact' },
        t,
      );
    }
    return res;
  }

  /**
   * ∂q̇⁺/∂(q, q̇⁻, t) by central differences of the impact law with
   * the same closed contacts; a side on which the map changes mode (another
   * set of contacts with an impulse) is not used (one-sided difference).
   */
  private impactDifference(t: number, q: number[], qd: number[], closed: readonly boolean[], base: ImpactOutcome): ImpactJacobian {
    const { n } = this;
    // The mode: which contacts take an impulse and, with friction, whether each slides (which way) or sticks.
    const pattern = (r: ImpactOutcome): string => Array.from(r.impulses, (p) => (p !== 0 ? '1' : '0')).join('') + (r.modes?.join(',') ?? '');
    const mode = pattern(base);
    const input = [...q, ...qd, t];
    const at = (v: readonly number[]): ImpactOutcome | undefined => {
      const r = this.law(v[2 * n]!, v.slice(0, n), v.slice(n, 2 * n), closed);
      return r.status === 'ok' && pattern(r) === mode ? r : undefined;
    };
    // Column k of ∂q̇⁺/∂(q, q̇⁻, t).
    const columns = input.map((value, k) => {
      const h = DIFF_STEP * Math.max(1, Math.abs(value));
      const shifted = (s: number): ImpactOutcome | undefined => at(input.map((v, i) => (i === k ? v + s * h : v)));
      const plus = shifted(1),
        minus = shifted(-1);
      return Array.from({ length: n }, (_, i) =>
        plus && minus
          ? (plus.qdPlus[i]! - minus.qdPlus[i]!) / (2 * h)
          : plus
            ? (plus.qdPlus[i]! - base.qdPlus[i]!) / h
            : minus
              ? (base.qdPlus[i]! - minus.qdPlus[i]!) / h
              : NaN,
      );
    });
    if (!columns.every((col) => col.every(Number.isFinite))) {
      throw new SimulationError(
        'impact-no-admissible-mode',
        'model',
        'the impact map changes mode on both sides of this impact, so it has no derivative there (a corner, or a mode switch on the orbit)',
        { model: this.module.model.name, field: 'impact' },
        t,
      );
    }
    const dq = new Float64Array(n * n),
      dqd = new Float64Array(n * n),
      dt = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      for (let k = 0; k < n; k++) {
        dq[i * n + k] = columns[k]![i]!;
        dqd[i * n + k] = columns[n + k]![i]!;
      }
      dt[i] = columns[2 * n]![i]!;
    }
    return { dq, dqd, dt };
  }

  /** D = ∂Δ/∂X in extended coordinates: identity but for the q̇ rows. */
  private impactDerivative(jac: ImpactJacobian): Float64Array {
    const { n, N } = this;
    const D = identity(N);
    for (let i = 0; i < n; i++) {
      const row = (n + i) * N;
      D[row + n + i] = 0;
      for (let k = 0; k < n; k++) {
        D[row + k] = jac.dq[i * n + k]!;
        D[row + n + k] = jac.dqd[i * n + k]!;
      }
      D[row + 2 * n] = jac.dt[i]!;
    }
    return D;
  }
}

/**
 * ∇h = (∂h/∂x, ∂h/∂t) by central differences into grad (length 2n + 1). A
 * force that jumps where the contact releases (Kozlov's (2.3): the force
 * changes sign at x = 0) makes h a step; the difference across it is large
 * but its direction, all the saltation term uses, is the right one.
 */
function differenceGradient(h: (t: number, x: Float64Array) => number, t: number, x: Float64Array, grad: Float64Array): void {
  const n2 = x.length;
  const w = Float64Array.from(x);
  for (let k = 0; k <= n2; k++) {
    const step = DIFF_STEP * Math.max(1, Math.abs(k < n2 ? x[k]! : t));
    if (k < n2) {
      w[k] = x[k]! + step;
      const plus = h(t, w);
      w[k] = x[k]! - step;
      const minus = h(t, w);
      w[k] = x[k]!;
      grad[k] = (plus - minus) / (2 * step);
    } else {
      grad[k] = (h(t + step, w) - h(t - step, w)) / (2 * step);
    }
  }
}

function identity(N: number): Float64Array {
  const I = new Float64Array(N * N);
  for (let i = 0; i < N; i++) I[i * N + i] = 1;
  return I;
}
