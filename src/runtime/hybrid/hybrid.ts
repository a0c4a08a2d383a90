// Event-driven simulation of a model with unilateral constraints g_j ≥ 0.
//
// The motion is a sequence of smooth phases, each with a set S of held
// contacts, joined by events (Kugushev–Sorokina §9, the three regimes of
// the measure dμ = σ̇ dt + jumps):
//   - free flight / motion with S held: integrate q̈ from `rhs` (S = ∅) or
//     `contactAccelerations(S)`, which also returns σ̇_S, the densities of
//     the contact measures;
//   - impact: an open contact's gap falls through zero (guard g_j, falling);
//     `module.impact` gives q̇⁺ (the jump part of dμ);
//   - release: a held contact's σ̇_j falls through zero (guard σ̇_j, falling;
//     σ̇ < 0 means the system leaves the constraint, §9);
//   - contact / rest: a contact closes with no normal velocity left (after a
//     plastic impact, a touchdown, or an accumulation of impacts).
// An accumulation of impacts (Zeno behaviour: the bouncing ball, a compass
// rocking from foot to foot) is recognized on the impact times themselves:
// once their intervals shrink by a steady ratio r < 1 (period 1, or period 2
// for rocking between two contacts) the remaining impacts form a geometric
// series, and the contacts rest from its sum on, the accumulation point,
// with the velocity the post-impact velocities converge to (the same series).
// Every test here is relative to the impact intervals, never to t1, the
// output grid or the tolerances, so the rest time does not depend on them.
// Every event carries the state where it happened (for an impact q̇⁻, q̇⁺
// and the impulses).
// A coordinate every function is 2π-periodic in (the module's
// model.periodic) is integrated reduced to (−π, π], at each phase start and
// after each step (trajectory.ts AngleTurns); the turns go back on every
// reported q.
// Activation conditions (the model's `when`, events.ts ContactActivity): a
// gap reaching zero where its contact's condition fails is no event; the
// contact passes through and stays dormant, neither closed nor watched,
// until its gap is positive again (a walker's swing foot scuffing at
// mid-stance). A held contact is not re-checked: it stays until it releases.
// Each phase is a phase of the hybrid engine (engine.ts `integratePhase`,
// the variational flow's too): event times are located on the dense output
// to ~1e-14 relative by the one locator of the runtime (events.ts
// `firstCrossing`, the guards of guards.ts), the output grid is what the
// engine's observer records, and each crossing is handled by the Reset of
// its guard's kind (guards.ts, `resets` below). After every event the new set S is chosen by enumerating the
// candidate modes (σ̇_S > 0 for held contacts, g̈ ≥ 0 for the others: the
// acceleration-level LCP, solved by enumeration so that "no admissible mode"
// and "several modes" are detected rather than guessed), and (q, q̇) is
// projected onto g_S = 0, ġ_S = 0 so the phase does not start off the
// constraint and drift.
//
// With Coulomb friction (a module with frictionPhase and a contact with a
// friction law) every held contact also has a tangential mode, sliding
// (±1; spatial: along ṡ/|ṡ|) or sticking (2), and q̈ comes from
// frictionPhase. Two more guards: a sliding contact's slip velocity d·ṡ
// falling through 0 (it stops), and a sticking contact's μs σ̇ − |τ| falling
// through 0 (its force reaches the cone's edge; it slides opposite to τ,
// since the sliding friction −μ σ̇ d takes over from the sticking force τ).
// The modes after such an event are chosen in friction-modes.ts, which also
// judges Painlevé's cases by the reaction-matrix determinant: no admissible
// mode ends the run ('contact-inconsistent'), several continue on Smirnov's
// choice with an 'indeterminate' event. Events 'stick' and 'slip' carry the
// modes after them. Impacts follow the one law of every driver
// (contact/impact-law.ts: Newton's e on the normals, Coulomb on the slip
// rows, no tangential restitution), and the impact event carries the
// tangential impulses.

import {
  cascadeHoldable,
  cascadeLimit,
  cascadeRest,
  cascadeCleared,
  cascadeStart,
  cascadeTouchdown,
  contactApproaches,
  contactClosed,
  contactRests,
  struckContacts,
  gapSinks,
} from '../../numeric/contact-events.js';
import { gapAdmissible, motionsDiffer } from '../../numeric/mode-admissibility.js';
import type { LoadedModule, Params } from '../contract.js';
import { GapKinematics, projectOntoContacts, requireFunctions, type ProjectionStatus, type WithFunctions } from '../contact/contacts.js';
import { resolveImpact, type ImpactOutcome } from '../contact/resolve-impact.js';
import { IMPACT_ERROR_CODE, SimulationError, type SimulationErrorCode } from '../errors.js';
import { ContactActivity, type EventFunction } from './events.js';
import { applyReset, integratePhase, type HybridMode } from './engine.js';
import type { Crossing, Guard, Resets } from './guards.js';
import { heldContacts, MAX_MODE_COMBINATIONS, ModeSelector, OPEN, STICK, slides, usesFriction, type SlipTarget } from '../contact/friction-modes.js';
import {
  AngleTurns,
  DEFAULT_ATOL,
  DEFAULT_RTOL,
  GridSampler,
  massMatrixSingular,
  Progress,
  outputGrid,
  toArray,
  validateRun,
  type SimulateOptions,
  type SimulationEvent,
  type SimulationEventType,
  type Trajectory,
} from './trajectory.js';

type ContactModel = WithFunctions<'gaps' | 'gapJacobian' | 'contactAccelerations' | 'impact'>;
type ErrorKind = ConstructorParameters<typeof SimulationError>[1];

/** Simulate a model with unilateral constraints, event by event. */
export function simulateHybrid(module: LoadedModule, opts: SimulateOptions): Trajectory {
  validateRun(module, opts, [
    ['q0', opts.q0],
    ['qd0', opts.qd0],
  ]);
  const mod = requireFunctions(module, ['gaps', 'gapJacobian', 'contactAccelerations', 'impact'], 'simulate');
  return new HybridRun(mod, opts).run();
}

/** A held-contact set found admissible, with its accelerations. */
interface Mode {
  readonly held: readonly number[];
  readonly qdd: Float64Array;
}

/** The contact modes chosen at an event of a model with friction. */
interface FrictionMode {
  readonly held: readonly number[];
  readonly modes: number[];
  /** Other admissible modes with a different motion (Painlevé's indeterminacy). */
  readonly alternatives: number[][];
  readonly targets: SlipTarget[];
}

/**
 * More modes than this at one event would mean 2^k trial solves; it also
 * means many contacts closing at once, which the Moreau–Jean scheme handles.
 */
const MAX_MODE_CANDIDATES = 12;
/** Impacts applied at one instant before giving up (each must reduce approach velocities). */
const MAX_IMPACTS_PER_EVENT = 32;
/**
 * Event instants in a row at one time (a release and a contact that undo
 * each other without time advancing) before the run stops: the event loop
 * would otherwise spin on a force that changes sign on the constraint.
 */
const MAX_EVENTS_AT_ONE_INSTANT = 64;

/** An impact of the current cascade: its time and the contacts that took an impulse. */
interface CascadeImpact {
  readonly t: number;
  readonly contacts: number[];
  /** q̇ after it (after the last impact, when several contacts strike at this instant). */
  qdPlus: number[];
}

/** The accumulation point of an impact cascade and the contacts that rest from it on. */
interface Accumulation {
  readonly t: number;
  readonly contacts: number[];
  /**
   * The velocity the post-impact velocities converge to (absent when a
   * touchdown ended the cascade: its last entry is no impact).
   */
  readonly qd?: number[];
}

/**
 * The defaults of the contact options (trajectory.ts ContactOptions; each
 * explained where HybridRun keeps it), which the C driver prints as its
 * constants: one closed gap, one rest speed and one Zeno test for both.
 */
export const CONTACT_DEFAULTS = { gapTol: 1e-9, restVelocity: 1e-6, zenoRatio: 1e-5 } as const;

class HybridRun {
  private readonly n: number;
  private readonly m: number;
  private readonly params: Params;
  private readonly t0: number;
  private readonly t1: number;
  private readonly kin: GapKinematics;
  private readonly activity: ContactActivity;
  private readonly name: string;
  /** Mode selection with friction; undefined for frictionless models, which take the path they always took. */
  private readonly friction: ModeSelector | undefined;

  // Tolerances; each is explained by the failure it prevents.
  /**
   * A gap ≤ gapTol counts as closed when classifying contacts after an
   * event. Event location leaves a gap at roundoff size of either sign, and
   * a contact that touches within gapTol of another at the same instant is
   * part of the same (multiple) impact instead of a second impact a few ulps
   * later with a spurious ordering.
   */
  private readonly gapTol: number;
  /**
   * Approach speeds below restVelocity are a touchdown (plastic closing),
   * not a bounce. Without it a restitution law keeps producing bounces whose
   * flight height v²/2g drops below the roundoff of the position: the
   * events then never end (the velocity criterion for Zeno behaviour).
   */
  private readonly restVelocity: number;
  /**
   * A geometric impact cascade whose predicted remaining duration is below
   * zenoRatio × its duration so far rests from its accumulation point on:
   * an event-driven method cannot step through the infinitely many impacts
   * before it (the bouncing ball's t₁(1+e)/(1−e)), and the last ones,
   * whose flights shrink to the roundoff of the position, cannot even be
   * timed. Relative to the cascade, so the same for any t0, t1.
   */
  private readonly zenoRatio: number;
  private readonly maxEvents: number;
  /** Guard crossings in a row that change nothing (record no event) before the run stops as chattering. */
  private readonly maxIdleCrossings: number;

  private t: number;
  /** The state, its periodic coordinates reduced (the turns taken off in `angles`). */
  private readonly x: Float64Array;
  private readonly angles: AngleTurns;
  private readonly held: boolean[];
  /** frictionPhase's code of every contact (0 open), with friction. */
  private modes: number[];
  private readonly events: SimulationEvent[] = [];
  /** The impacts since the last rest or the last event without an impact (Zeno detection). */
  private cascade: CascadeImpact[] = [];
  /** A rest decided after a cascade, recorded when the run reaches its accumulation point. */
  private pendingRest: Accumulation | undefined;
  /** Guard crossings in a row that recorded no event. */
  private idleCrossings = 0;
  /** Event instants in a row at the time `lastEventTime`. */
  private eventsAtInstant = 0;
  private lastEventTime = Number.NaN;
  private stats = { steps: 0, rejected: 0, evaluations: 0 };

  // Work buffers.
  private readonly q: Float64Array;
  private readonly qd: Float64Array;
  private readonly acc: Float64Array;
  private readonly rates: Float64Array;
  private readonly gA: Float64Array;
  /** Out of cascadeRest: a summed cascade's accumulation point and its first resting impact. */
  private readonly accumulation = new Float64Array(2);
  /** Per contact, the sink of its gap guard, counted from where the phase started (contact-events.ts gapSinks). */
  private readonly sinks: Float64Array;
  private readonly dgA: Float64Array;
  private readonly sA: Float64Array;
  private readonly gB: Float64Array;
  private readonly dgB: Float64Array;
  private readonly sB: Float64Array;
  /** Tangential guards of held Coulomb contacts (d·ṡ sliding, μs σ̇ − |τ| sticking) at the step's ends. */
  private readonly tA: Float64Array;
  private readonly tB: Float64Array;
  /** ê = ṡ/|ṡ| of each slip row at the step's start: a spatial slide stops when ṡ·ê falls through 0. */
  private readonly slipDir: Float64Array;
  private readonly slipRates: Float64Array;
  /** q̇ with the slow spatial slides turned to their consistent direction, where frictionPhase is evaluated. */
  private readonly qdAim: Float64Array;
  private readonly phaseOut: Float64Array;

  private readonly samples = { t: [] as number[], q: [] as number[][], qd: [] as number[][], energy: [] as number[] };
  private readonly sampler: GridSampler;
  private readonly progress: Progress;

  constructor(
    private readonly module: ContactModel,
    private readonly opts: SimulateOptions,
  ) {
    this.name = module.model.name;
    this.n = module.model.coordinates.length;
    this.m = module.model.unilateral.length;
    this.params = opts.params ?? {};
    this.t0 = opts.t0 ?? 0;
    this.t1 = opts.t1;
    this.kin = new GapKinematics(module, this.params);
    this.activity = new ContactActivity(module, this.params);
    const c = opts.contact ?? {};
    this.gapTol = c.gapTol ?? CONTACT_DEFAULTS.gapTol;
    this.restVelocity = c.restVelocity ?? CONTACT_DEFAULTS.restVelocity;
    this.zenoRatio = c.zenoRatio ?? CONTACT_DEFAULTS.zenoRatio;
    this.maxEvents = c.maxEvents ?? 100_000;
    this.maxIdleCrossings = c.maxIdleCrossings ?? 1000;
    for (const [field, v] of [
      ['contact.gapTol', this.gapTol],
      ['contact.restVelocity', this.restVelocity],
      ['contact.zenoRatio', this.zenoRatio],
      ['contact.maxEvents', this.maxEvents],
      ['contact.maxIdleCrossings', this.maxIdleCrossings],
    ] as const) {
      if (!(v > 0 && Number.isFinite(v)))
        throw new SimulationError('invalid-option', 'input', `${field} = ${v} must be a positive finite number`, { model: this.name, field });
    }

    const { n, m } = this;
    this.t = this.t0;
    this.x = new Float64Array(2 * n);
    this.x.set(Array.from(opts.q0), 0);
    this.x.set(Array.from(opts.qd0), n);
    this.angles = new AngleTurns(module);
    this.held = new Array<boolean>(m).fill(false);
    this.modes = new Array<number>(m).fill(OPEN);
    // Slip speeds below restVelocity count as rest, as normal ones do: the
    // located stop of a slide leaves ṡ at roundoff of either sign.
    this.friction = usesFriction(module) ? new ModeSelector(module, this.params, this.t0, this.restVelocity) : undefined;
    const ms = this.friction?.ms ?? 0;
    this.tA = new Float64Array(m);
    this.tB = new Float64Array(m);
    this.slipDir = new Float64Array(ms);
    this.slipRates = new Float64Array(ms);
    this.phaseOut = new Float64Array(n + m + ms + 1);
    this.qdAim = new Float64Array(n);
    this.q = new Float64Array(n);
    this.qd = new Float64Array(n);
    this.acc = new Float64Array(n + m);
    this.rates = new Float64Array(m);
    this.gA = new Float64Array(m);
    this.sinks = new Float64Array(m);
    this.dgA = new Float64Array(m);
    this.sA = new Float64Array(m);
    this.gB = new Float64Array(m);
    this.dgB = new Float64Array(m);
    this.sB = new Float64Array(m);

    const energy = module.energy;
    this.sampler = new GridSampler(outputGrid(this.t0, this.t1, opts.samples), 2 * n, (s, x) => {
      this.samples.t.push(s);
      this.samples.q.push(this.angles.unwrap(x));
      this.samples.qd.push(toArray(x, n, 2 * n));
      if (energy) this.samples.energy.push(energy(s, x.subarray(0, n), x.subarray(n, 2 * n), this.params));
    });
    this.progress = new Progress(this.t0, this.t1, opts.onProgress);
  }

  run(): Trajectory {
    this.split(this.x);
    const g = this.kin.gaps(this.t, this.q);
    // A contact inactive at the start may begin below its surface (the ball under a floor that is not there).
    this.activity.settle(this.t, this.q, this.qd, g, this.held);
    for (let j = 0; j < this.m; j++) {
      if (g[j] < -this.gapTol && !this.activity.dormant[j]) {
        throw new SimulationError(
          'initial-penetration',
          'input',
          `the initial state violates unilateral constraint '${this.module.model.unilateral[j].name}' (gap ${g[j]} < 0); start on the admissible side`,
          { model: this.name, field: 'q0' },
        );
      }
    }
    this.resolve([]);
    this.sampler.at(this.t, this.x);
    while (this.t < this.t1) this.phase();
    const { t, q, qd, energy } = this.samples;
    return { model: this.name, t, q, qd, ...(this.module.energy ? { energy } : {}), events: this.events, stats: { ...this.stats } };
  }

  /** Copy a state vector [q, q̇] into the q and qd buffers. */
  private split(y: ArrayLike<number>): void {
    for (let i = 0; i < this.n; i++) {
      this.q[i] = y[i];
      this.qd[i] = y[this.n + i];
    }
  }

  /** Whether open contact j may close at the current state: awake, and its condition holds (read from x). */
  private admitted(j: number): boolean {
    this.split(this.x);
    return this.activity.admits(this.t, this.q, this.qd, j);
  }

  /** q̈ then σ̇ of the held contacts at a state, into `acc`. */
  private contactAccelerations(s: number, y: ArrayLike<number>, held: ArrayLike<boolean>): Float64Array {
    this.split(y);
    return this.module.contactAccelerations(s, this.q, this.qd, this.params, held, this.acc);
  }

  /** q̈, σ̇ per contact, τ per slip row and det of the current modes at a state (frictionPhase), into `phaseOut`. */
  private phaseAt(s: number, y: ArrayLike<number>): Float64Array {
    this.split(y);
    const sel = this.friction!;
    // A spatial slide still slow takes its consistent direction, not ṡ/|ṡ| (friction-modes.ts).
    const qd = sel.aimSlowSlides(s, this.q, this.qd, this.modes, this.qdAim) ? this.qdAim : this.qd;
    return sel.evaluate(s, this.q, qd, this.modes, this.phaseOut);
  }

  /** Whether contact j has a tangential guard: held, with a Coulomb law. */
  private tangentGuarded(j: number): boolean {
    return this.friction !== undefined && this.modes[j] !== OPEN && this.friction.laws[j]!.kind === 'coulomb';
  }

  /**
   * The tangential guard of a held Coulomb contact, falling through 0 at its
   * event: sliding, d·ṡ (planar d = its mode; spatial ṡ·ê, ê the direction at
   * the step's start, so a slide that stops or turns back crosses);
   * sticking, μs σ̇ − |τ|.
   */
  private tangentGuard(j: number, out: ArrayLike<number>, rates: ArrayLike<number>): number {
    const sel = this.friction!;
    const law = sel.laws[j]!,
      code = this.modes[j]!;
    if (code === STICK) return law.muS * out[this.n + j]! - sel.stickForce(j, out);
    let v = 0;
    for (let r = law.row; r < law.row + law.rows; r++) v += (law.rows === 1 ? code : this.slipDir[r]!) * rates[r]!;
    return v;
  }

  /** ê = ṡ/|ṡ| of the spatial sliding contacts at a state, and their guard |ṡ| there (the start of the next step). */
  private aimSlips(s: number, y: ArrayLike<number>): void {
    const sel = this.friction!;
    const sliding = (j: number): boolean => sel.laws[j]!.rows >= 2 && this.tangentGuarded(j) && this.modes[j] !== STICK;
    // Planar slides have d = ±1 from their mode: no slip rates to evaluate on every step.
    if (!sel.laws.some((_, j) => sliding(j))) return;
    this.split(y);
    const rates = sel.module.slipRates(s, this.q, this.qd, this.params, this.slipRates);
    sel.laws.forEach((law, j) => {
      if (!sliding(j)) return;
      const speed = sel.slipSpeed(j, rates);
      if (!(speed > 0)) return;
      for (let r = law.row; r < law.row + law.rows; r++) this.slipDir[r] = rates[r]! / speed;
      this.tA[j] = speed;
    });
  }

  /** Gap, normal velocity, (for held contacts) σ̇ and (held Coulomb contacts) the tangential guard of every contact at a state. */
  private guardValues(s: number, y: Float64Array, g: Float64Array, dg: Float64Array, sigma: Float64Array, tangent: Float64Array): void {
    this.split(y);
    g.set(this.kin.gaps(s, this.q));
    this.kin.rates(s, this.q, this.qd, dg);
    if (!this.held.some(Boolean)) return;
    if (this.friction) {
      const out = this.phaseAt(s, y);
      const rates = this.friction.module.slipRates(s, this.q, this.qd, this.params, this.slipRates);
      for (let j = 0; j < this.m; j++) {
        sigma[j] = this.held[j] ? out[this.n + j]! : 0;
        tangent[j] = this.tangentGuarded(j) ? this.tangentGuard(j, out, rates) : 0;
      }
      return;
    }
    const acc = this.contactAccelerations(s, y, this.held);
    let rank = 0;
    for (let j = 0; j < this.m; j++) sigma[j] = this.held[j] ? acc[this.n + rank++] : 0;
  }

  /** Integrate the current mode until t1 (or a pending rest) or the first event, then handle the event. */
  private phase(): void {
    const { n, module, params } = this;
    const free = !this.held.some(Boolean);
    const f = free
      ? (s: number, y: Float64Array, out: Float64Array): void => void module.rhs(s, y, params, out)
      : (s: number, y: Float64Array, out: Float64Array): void => {
          const acc = this.friction ? this.phaseAt(s, y) : this.contactAccelerations(s, y, this.held);
          for (let i = 0; i < n; i++) {
            out[i] = y[n + i];
            out[n + i] = acc[i];
          }
        };
    this.angles.reduce(this.x);
    if (this.friction) this.aimSlips(this.t, this.x);
    this.guardValues(this.t, this.x, this.gA, this.dgA, this.sA, this.tA);
    this.activity.wake(this.gA);
    gapSinks(this.m, this.gA, this.gapTol, this.sinks);
    const maxSteps = this.opts.maxSteps ?? 100_000;
    const end = Math.min(this.t1, this.pendingRest?.t ?? Infinity);
    const mode: HybridMode<Crossing> = {
      field: f,
      guards: (step) => {
        this.guardValues(step.t, step.y, this.gB, this.dgB, this.sB, this.tB);
        return this.guards();
      },
      advance: (step) => {
        this.progress.update(step.t);
        this.activity.wake(this.gB);
        this.gA.set(this.gB);
        this.dgA.set(this.dgB);
        this.sA.set(this.sB);
        this.tA.set(this.tB);
        if (this.friction) this.aimSlips(step.t, step.y);
      },
      keep: (_step, c) => c,
    };
    const phase = integratePhase(mode, this.t, this.x, end, {
      rtol: this.opts.rtol ?? DEFAULT_RTOL,
      atol: this.opts.atol ?? DEFAULT_ATOL,
      hmax: this.opts.hmax,
      maxSteps,
      observer: (step, until) => this.sampler.fromStep(step, until),
      ...(this.angles.shift ? { shift: this.angles.shift } : {}),
      failure: { module: this.module, params: this.params, t0: this.t0 },
    });
    this.stats.steps += phase.stats.accepted;
    this.stats.rejected += phase.stats.rejected;
    this.stats.evaluations += phase.stats.evaluations;
    this.t = phase.t;
    this.x.set(phase.y);
    const found = phase.crossing;
    if (!found) {
      this.idleCrossings = 0;
      if (this.pendingRest && this.t >= this.pendingRest.t) this.recordRest();
      return;
    }
    applyReset(this.resets, found);
  }

  /**
   * The resets of the run's guards (guards.ts): an arrival resolves the
   * impacts (resolve-impact.ts) and chooses the held set, a release, stop or
   * cone edge keeps the state and chooses the modes, all in `resolve`.
   */
  private readonly resets: Resets = {
    gap: (c) => (this.admitted(c.guard.contact) ? this.event([], []) : this.passThrough(c.guard.contact)),
    release: (c) => this.event([c.guard.contact], []),
    stop: () => this.event([], []),
    cone: (c) => this.event([], [c.guard.contact]),
  };

  /** An arrival where the contact's condition fails: it passes through, no event. */
  private passThrough(contact: number): void {
    this.activity.dormant[contact] = true;
    this.checkCaps(false);
  }

  /** Resolve an event at the current state (`resolve`), then check the caps. */
  private event(released: readonly number[], leavingCone: readonly number[]): void {
    // A held contact cannot leave before the accumulation point of its
    // cascade has been reached but for a release exactly there; the rest is
    // then recorded where the motion actually changes.
    if (this.pendingRest) this.recordRest();
    const recorded = this.events.length;
    this.resolve(released, leavingCone);
    this.progress.update(this.t);
    this.checkCaps(this.events.length > recorded);
  }

  /**
   * The caps that keep every run finite. The event count is the plain one;
   * the two others catch chattering that makes no progress in time: a force
   * that changes sign on the constraint (a `sign(y)` force on a ball at
   * rest) makes the gap guard fire every few nanoseconds without any event
   * to record, or a release and a contact undo each other at one instant.
   */
  private checkCaps(recordedEvent: boolean): void {
    this.idleCrossings = recordedEvent ? 0 : this.idleCrossings + 1;
    if (this.idleCrossings > this.maxIdleCrossings) {
      throw this.failure(
        'too-many-events',
        'numeric',
        `chattering: ${this.maxIdleCrossings} guard crossings in a row changed no contact (cap contact.maxIdleCrossings); a force or constraint that is not smooth where a contact closes?`,
        'contact.maxIdleCrossings',
      );
    }
    if (recordedEvent) {
      this.eventsAtInstant = this.t === this.lastEventTime ? this.eventsAtInstant + 1 : 1;
      this.lastEventTime = this.t;
    }
    if (this.eventsAtInstant > MAX_EVENTS_AT_ONE_INSTANT) {
      throw this.failure(
        'too-many-events',
        'numeric',
        `chattering: events at ${MAX_EVENTS_AT_ONE_INSTANT} instants in a row without time advancing (cap MAX_EVENTS_AT_ONE_INSTANT); contacts that close and release again at once`,
        'contact',
      );
    }
    if (this.events.length > this.maxEvents) {
      throw this.failure(
        'too-many-events',
        'numeric',
        `more than ${this.maxEvents} events (cap contact.maxEvents); raise it if the motion really has that many`,
        'contact.maxEvents',
      );
    }
  }

  /** A SimulationError at the current time with the current state (q, q̇) attached. */
  private failure(code: SimulationErrorCode, kind: ErrorKind, message: string, field: string): SimulationError {
    const state = { q: this.angles.unwrap(this.x), qd: toArray(this.x, this.n, 2 * this.n) };
    return new SimulationError(code, kind, message, { model: this.name, field }, this.t, [], state);
  }

  /**
   * The guards of the current mode (guards.ts), in contact order: a held
   * contact's σ̇ falling through zero (it would have to pull: a release) and,
   * for a held Coulomb contact, its tangential guard falling through zero (a
   * slide stops, or a sticking force reaches the cone's edge); an open,
   * awake contact's gap, with its rate ġ (a whole bounce or a dip inside one
   * step, late in a cascade) and its sink (a contact released at g = 0 that
   * drifts inward), counted from where the phase started (guards.ts gapSinks).
   */
  private guards(): Guard[] {
    const guards: Guard[] = [];
    for (let j = 0; j < this.m; j++) {
      if (this.held[j]) {
        guards.push({ kind: 'release', contact: j, direction: 'falling', value: this.sigmaGuard(j), a: this.sA[j], b: this.sB[j] });
        if (this.tangentGuarded(j))
          guards.push({
            kind: this.modes[j] === STICK ? 'cone' : 'stop',
            contact: j,
            direction: 'falling',
            value: this.tangentGuardValue(j),
            a: this.tA[j],
            b: this.tB[j],
          });
      } else if (!this.activity.dormant[j]) {
        const rate = { value: this.gapRateValue(j), a: this.dgA[j], b: this.dgB[j], excursions: 'both' } as const;
        guards.push({
          kind: 'gap',
          contact: j,
          direction: 'falling',
          value: this.gapValue(j),
          a: this.gA[j],
          b: this.gB[j],
          rate,
          sink: this.sinks[j],
        });
      }
    }
    return guards;
  }

  /** σ̇_j of held contact j at (s, y). */
  private sigmaGuard(j: number): EventFunction {
    let rank = 0;
    for (let i = 0; i < j; i++) if (this.held[i]) rank++;
    return (s, y) => (this.friction ? this.phaseAt(s, y)[this.n + j]! : this.contactAccelerations(s, y, this.held)[this.n + rank]);
  }

  private tangentGuardValue(j: number): EventFunction {
    return (s, y) => {
      const out = this.phaseAt(s, y);
      return this.tangentGuard(j, out, this.friction!.module.slipRates(s, this.q, this.qd, this.params, this.slipRates));
    };
  }

  private gapValue(j: number): EventFunction {
    return (s, y) => {
      this.split(y);
      return this.kin.gaps(s, this.q)[j];
    };
  }

  private gapRateValue(j: number): EventFunction {
    return (s, y) => {
      this.split(y);
      return this.kin.rates(s, this.q, this.qd, this.rates)[j];
    };
  }

  /**
   * After an event at (t, x): apply impacts while closed contacts approach,
   * then choose the held set and project onto it; record the events.
   * `released` are contacts whose σ̇ just crossed zero: they may not be held.
   */
  private resolve(released: readonly number[], leavingCone: readonly number[] = []): void {
    const { m, n, t } = this;
    const before = this.held.slice();
    const modesBefore = this.modes.slice();
    const closed = new Array<boolean>(m).fill(false);
    const approachingMask = new Array<boolean>(m).fill(false);
    const struck = new Int32Array(m);
    let rest: Accumulation | undefined;
    let impacts = 0;

    for (let round = 0; ; round++) {
      this.split(this.x);
      const g = this.kin.gaps(t, this.q);
      for (let j = 0; j < m; j++) closed[j] = contactClosed(g[j]!, this.gapTol, this.held[j]!, this.admitted(j));
      this.activity.settle(t, this.q, this.qd, g, closed);
      const dg = this.kin.rates(t, this.q, this.qd, this.rates);
      for (let j = 0; j < m; j++) approachingMask[j] = contactApproaches(closed[j]!, dg[j]!, this.restVelocity);
      const approaching = approachingMask.flatMap((a, j) => (a ? [j] : []));
      if (approaching.length === 0) break;
      if (round === MAX_IMPACTS_PER_EVENT) {
        throw this.failure(
          'impact-loop',
          'model',
          `contacts ${approaching.join(', ')} still approach after ${round} impacts at one instant (cap MAX_IMPACTS_PER_EVENT); the impact law does not make the normal velocities admissible`,
          'impact',
        );
      }
      const res = this.impactAt(closed);
      if (res.status !== 'ok') {
        throw this.failure(
          IMPACT_ERROR_CODE[res.status],
          'model',
          res.message ?? `the impact map returned '${res.status}' for contacts ${approaching.join(', ')}`,
          'impact',
        );
      }
      // The event carries q̇⁻, so it is taken before x receives q̇⁺.
      const before = this.stateEvent('impact', []);
      for (let i = 0; i < n; i++) {
        if (!Number.isFinite(res.qdPlus[i])) throw this.failure('non-finite-state', 'numeric', 'the impact map returned a non-finite velocity', 'impact');
        this.x[n + i] = res.qdPlus[i];
      }
      const impulses = toArray(res.impulses, 0, m);
      struckContacts(m, impulses, approachingMask, struck);
      const contacts = Array.from(struck).flatMap((s, j) => (s !== 0 ? [j] : []));
      const tangent = res.tangentImpulses ? { tangentImpulses: Array.from(res.tangentImpulses), modes: [...res.modes!], law: res.law! } : {};
      this.events.push({ ...before, contacts, qdPlus: toArray(this.x, n, 2 * n), impulses, ...tangent });
      impacts++;
      rest = this.holdable(this.recordImpact(t, contacts, false)) ?? rest;
    }

    // Contacts that come to rest after a cascade take the velocity of its
    // limit, then lose what normal velocity remains (a plastic impact, like
    // the limit of the cascade) before the mode is chosen.
    if (rest) {
      if (rest.qd) this.startFromLimit(rest as Required<Accumulation>);
      this.project(rest.contacts);
    }
    this.split(this.x);
    const dg = this.kin.rates(t, this.q, this.qd, this.rates);
    const candidates: number[] = [];
    for (let j = 0; j < m; j++) if (contactRests(closed[j]!, dg[j]!, this.restVelocity, released.includes(j))) candidates.push(j);
    const frictional = this.friction ? this.selectFrictionMode(candidates, leavingCone) : undefined;
    const mode = frictional ?? this.selectMode(candidates);
    this.held.fill(false);
    for (const j of mode.held) this.held[j] = true;
    this.project(mode.held);
    if (frictional) this.startModes(frictional);

    const releasedNow = before.flatMap((h, j) => (h && !this.held[j] ? [j] : []));
    const closedNow = this.held.flatMap((h, j) => (h && !before[j] ? [j] : []));
    // A touchdown that ends a geometric cascade is its last impact (contact-events.ts cascadeTouchdown).
    const inCascade = Array.from({ length: m }, (_, j) => this.cascade.some((c) => c.contacts.includes(j)));
    if (cascadeTouchdown(m, impacts, rest !== undefined, before, this.held, inCascade)) rest = this.holdable(this.recordImpact(t, closedNow, true));
    const resting = rest ? rest.contacts.filter((j) => this.held[j]) : [];
    const touching = closedNow.filter((j) => !resting.includes(j));
    if (releasedNow.length > 0) this.events.push(this.modeEvent('release', releasedNow));
    if (touching.length > 0) this.events.push(this.modeEvent('contact', touching));
    if (frictional) this.recordModeChanges(modesBefore, frictional);
    if (resting.length > 0) this.pendingRest = { t: rest!.t, contacts: resting };
    if (cascadeCleared(m, impacts, rest !== undefined, before, this.held)) this.cascade = [];
  }

  /** An accumulation whose contacts can all be held together (contact-events.ts cascadeHoldable), else undefined and the cascade goes on. */
  private holdable(rest: Accumulation | undefined): Accumulation | undefined {
    if (!rest) return undefined;
    const mask = Array.from({ length: this.m }, (_, j) => rest.contacts.includes(j));
    return cascadeHoldable(this.n, rest.contacts.length, this.contactAccelerations(this.t, this.x, mask)) ? rest : undefined;
  }

  /**
   * Set q̇ to the velocity at which a cascade's held phase must start so that
   * it reaches the limit velocity q̇∞ at the accumulation point t∞
   * (contact-events.ts cascadeStart, which says why).
   */
  private startFromLimit(rest: Required<Accumulation>): void {
    const { n, m, t } = this;
    for (let i = 0; i < n; i++) this.x[n + i] = rest.qd[i]!;
    // Held over [t, t∞]: the resting contacts and those held through the cascade (the particle's floor).
    const mask = Array.from({ length: m }, (_, j) => this.held[j]! || rest.contacts.includes(j));
    const acc = this.contactAccelerations(t, this.x, mask);
    cascadeStart(n, rest.qd, acc, rest.t - t, this.x.subarray(n));
  }

  /** The rest decided after a cascade, recorded now: at its accumulation point, or at the earlier time an event intervenes. */
  private recordRest(): void {
    const rest = this.pendingRest!;
    this.events.push({ ...this.stateEvent('rest', rest.contacts), accumulation: rest.t });
    this.pendingRest = undefined;
  }

  /** The velocity jump at the current state with the contacts `closed`: the impact law of every driver (resolve-impact.ts). */
  private impactAt(closed: readonly boolean[]): ImpactOutcome {
    return resolveImpact(this.module, this.params, this.t, this.q, this.qd, closed, { gapTol: this.gapTol, restVelocity: this.restVelocity });
  }

  /**
   * Start the modes chosen with friction: the codes, then the slip
   * velocities of contacts at rest in the tangent (0, or ε d for a spatial
   * slide away from rest), keeping the held contacts' ġ = 0.
   */
  private startModes(chosen: FrictionMode): void {
    const { n, t } = this;
    this.modes = chosen.modes.slice();
    if (chosen.targets.length === 0) return;
    const status = this.friction!.startVelocity(t, this.x.subarray(0, n), this.x.subarray(n), this.modes, chosen.targets);
    if (status === 'not-positive-definite') throw this.projectionError('singular-mass-matrix', chosen.held);
    if (status !== 'ok') throw this.projectionError('dependent-contacts', chosen.held);
  }

  /**
   * Events of the modes chosen with friction: 'indeterminate' when other
   * admissible modes had another motion (with them), then 'stick' and
   * 'slip' for the Coulomb contacts that start to stick or to slide (a
   * slide that turns back is a new 'slip').
   */
  private recordModeChanges(before: readonly number[], chosen: FrictionMode): void {
    const { laws } = this.friction!;
    const { modes, alternatives } = chosen;
    if (alternatives.length > 0) {
      const differing = modes.flatMap((c, j) => (alternatives.some((a) => a[j] !== c) ? [j] : []));
      this.events.push({ ...this.modeEvent('indeterminate', differing), alternatives: alternatives.map((a) => a.slice()) });
    }
    const stuck = laws.flatMap((law, j) => (law.kind === 'coulomb' && modes[j] === STICK && before[j] !== STICK ? [j] : []));
    const sliding = laws.flatMap((law, j) => (slides(law, modes[j]!) && modes[j] !== before[j] ? [j] : []));
    if (stuck.length > 0) this.events.push(this.modeEvent('stick', stuck));
    if (sliding.length > 0) this.events.push(this.modeEvent('slip', sliding));
  }

  /** An event after which the contacts are in their new modes; with friction it carries them. */
  private modeEvent(type: SimulationEventType, contacts: number[]): SimulationEvent {
    return { ...this.stateEvent(type, contacts), ...(this.friction ? { modes: this.modes.slice() } : {}) };
  }

  /** An event at the current time with the current state (q, q̇). */
  private stateEvent(type: SimulationEventType, contacts: number[]): SimulationEvent {
    return { t: this.t, type, contacts, q: this.angles.unwrap(this.x), qd: toArray(this.x, this.n, 2 * this.n) };
  }

  /**
   * The impact at t on `contacts` (q̇ after it in x) entered in the cascade,
   * one entry per instant: another impact at the same instant adds its
   * contacts and its q̇ replaces the entry's. Where the cascade is summed
   * (contact-events.ts cascadeRest; `final`: a touchdown ended it), its
   * accumulation point, the contacts of the impacts its test read, and
   * (not when final) the velocity there (cascadeLimit).
   */
  private recordImpact(t: number, contacts: readonly number[], final: boolean): Accumulation | undefined {
    const last = this.cascade.at(-1);
    const qdPlus = toArray(this.x, this.n, 2 * this.n);
    if (last && last.t === t) {
      for (const j of contacts) if (!last.contacts.includes(j)) last.contacts.push(j);
      if (!final) {
        last.qdPlus = qdPlus;
        return undefined;
      }
    } else {
      this.cascade.push({ t, contacts: [...contacts], qdPlus });
    }
    const times = this.cascade.map((c) => c.t);
    const k = times.length - 1;
    const p = cascadeRest(k, times, times[0]!, final, this.zenoRatio, this.accumulation);
    if (p === 0) return undefined;
    const involved = new Set(this.cascade.slice(this.accumulation[1]).flatMap((c) => c.contacts));
    const rest = { t: this.accumulation[0]!, contacts: [...involved].sort((x, y) => x - y) };
    if (final) return rest;
    const limit = new Float64Array(this.n);
    cascadeLimit(this.n, k, times, this.cascade[k]!.qdPlus, this.cascade[k - 2]!.qdPlus, limit);
    return { ...rest, qd: Array.from(limit) };
  }

  /**
   * The modes with friction (friction-modes.ts) at the current state; every
   * outcome but one realized mode is a named error with the contacts.
   * `leavingCone`: contacts whose sticking force just reached the cone's edge.
   */
  private selectFrictionMode(candidates: readonly number[], leavingCone: readonly number[]): FrictionMode {
    this.split(this.x);
    const r = this.friction!.select({ t: this.t, q: this.q, qd: this.qd, candidates, leavingCone });
    const names = (js: readonly number[]): string => js.map((j) => `'${this.module.model.unilateral[j]!.name}'`).join(', ');
    const listed = (all: number[][]): string => all.map((modes) => `[${candidates.map((j) => modes[j]).join(', ')}]`).join(', ');
    switch (r.status) {
      case 'ok':
        return { held: heldContacts(r.modes), modes: r.modes, alternatives: r.alternatives, targets: r.targets };
      case 'inconsistent':
        // Every mode's q̈ undefined: the cause is M, as integrationError traces a non-finite field to it.
        if (r.selfLocking.length === 0 && massMatrixSingular(this.module, this.params, this.t, this.q))
          throw this.failure(
            'singular-mass-matrix',
            'numeric',
            `singular mass matrix: M is not positive definite at this state, so no contact mode${candidates.length > 0 ? ` of contacts ${names(candidates)}` : ''} has a defined q̈ (a coordinate singularity such as a pole of the angles, or a massless link)`,
            'massMatrix',
          );
        throw this.failure(
          'contact-inconsistent',
          'model',
          r.selfLocking.length === 0
            ? `no admissible contact mode for contacts ${names(candidates)}: every choice gives a pulling or penetrating contact, a sticking force outside the friction cone or a slip against its acceleration (Painlevé's inconsistency: with friction this large the contact can neither slide, stick nor open)`
            : `contacts ${names(candidates)} admit only modes ${listed(r.selfLocking)} (codes 0 open, ±1 sliding, 2 sticking), whose reaction-matrix determinant is ≤ 0: it changes sign as friction → 0 (Smirnov's self-locking, Painlevé)`,
          'frictionPhase',
        );
      case 'ambiguous':
        throw this.failure(
          'ambiguous-contact-mode',
          'model',
          `several admissible contact modes with different motions and positive reaction-matrix determinants for contacts ${names(candidates)}: ${listed(r.modes)} (codes 0 open, ±1 sliding, 2 sticking)`,
          'frictionPhase',
        );
      case 'too-many-modes':
        throw this.failure(
          'too-many-contacts',
          'model',
          `${candidates.length} contacts close at once (${r.count} combinations of their modes); the event-driven mode selection enumerates at most ${MAX_MODE_COMBINATIONS} (use the Moreau–Jean scheme)`,
          'unilateral',
        );
      default: {
        const never: never = r;
        throw new Error(`unknown mode selection ${String(never)}`);
      }
    }
  }

  /**
   * Choose the held set S among closed contacts with ġ ≈ 0: σ̇_S > 0 and
   * g̈_j ≥ 0 for the candidates left open — the acceleration-level LCP of
   * the contacts, by enumeration. The drift term of g̈_j = G_j q̈ + b_j is
   * read off the mode that holds j alone (it has g̈_j = 0), so the contract
   * needs no separate ∂(G q̇)/∂t. Frictionless contacts give a unique q̈;
   * admissible modes with different q̈ are reported as ambiguous.
   */
  private selectMode(candidates: readonly number[]): Mode {
    const { n, m, t } = this;
    const k = candidates.length;
    if (k === 0) return { held: [], qdd: new Float64Array(0) };
    if (k > MAX_MODE_CANDIDATES) {
      throw this.failure(
        'too-many-contacts',
        'model',
        `${k} contacts close at once; the event-driven mode selection enumerates at most ${MAX_MODE_CANDIDATES} (use the Moreau–Jean scheme)`,
        'unilateral',
      );
    }
    this.split(this.x);
    const G = Float64Array.from(this.kin.jacobian(t, this.q));
    const mask = new Array<boolean>(m).fill(false);
    const alone = candidates.map((j) => {
      mask.fill(false);
      mask[j] = true;
      return Float64Array.from(this.contactAccelerations(t, this.x, mask).subarray(0, n));
    });
    const scratch = new Float64Array(2);
    const subsets = Array.from({ length: 1 << k }, (_, s) => s).sort((s1, s2) => popcount(s2) - popcount(s1) || s1 - s2);
    const admissible: Mode[] = [];
    for (const s of subsets) {
      mask.fill(false);
      const held = candidates.filter((_, a) => s & (1 << a));
      for (const j of held) mask[j] = true;
      const acc = this.contactAccelerations(t, this.x, mask);
      if (!acc.every((v, i) => i >= n + held.length || Number.isFinite(v))) continue; // dependent contacts
      if (!held.every((_, r) => acc[n + r] > 0)) continue;
      const open = candidates.filter((_, a) => !(s & (1 << a)));
      const ok = open.every((j) => gapAdmissible(n, G, j, acc, alone[candidates.indexOf(j)], scratch));
      if (ok) admissible.push({ held, qdd: Float64Array.from(acc.subarray(0, n)) });
    }
    if (admissible.length === 0) {
      throw this.failure(
        'no-contact-mode',
        'model',
        `no admissible contact mode for contacts ${candidates.join(', ')} (every choice gives a pulling contact or a penetrating one)`,
        'contactAccelerations',
      );
    }
    // Several admissible sets are expected when a held contact carries σ̇ = 0
    // (holding it or not is the same motion); only different q̈ is ambiguity.
    const first = admissible[0];
    for (const other of admissible.slice(1)) {
      if (motionsDiffer(n, other.qdd, first.qdd)) {
        throw this.failure(
          'ambiguous-contact-mode',
          'model',
          `several admissible contact modes with different motions: held {${first.held.join(', ')}} and {${other.held.join(', ')}}`,
          'contactAccelerations',
        );
      }
    }
    return first;
  }

  /**
   * Project the state onto the contacts S (projectOntoContacts) in the
   * kinetic metric M, or M pinned by the held rows where M alone is singular.
   */
  private project(S: readonly number[]): void {
    const { n, t } = this;
    const status = projectOntoContacts(this.kin, this.module, this.params, t, this.x.subarray(0, n), this.x.subarray(n), S);
    if (status !== 'ok') throw this.projectionError(status, S);
  }

  private projectionError(status: Exclude<ProjectionStatus, 'ok'>, contacts: readonly number[]): SimulationError {
    return status === 'dependent-contacts'
      ? this.failure(status, 'numeric', `singular contact system: the gap gradients of contacts ${contacts.join(', ')} are linearly dependent`, 'gapJacobian')
      : this.failure(
          status,
          'numeric',
          `singular mass matrix: M is not positive definite at this state and the held contacts {${contacts.join(', ')}} do not pin its massless directions (projecting onto them)`,
          'massMatrix',
        );
  }
}

function popcount(s: number): number {
  let c = 0;
  for (; s; s &= s - 1) c++;
  return c;
}
