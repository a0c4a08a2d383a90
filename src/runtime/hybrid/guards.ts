// Guards and resets of the hybrid engine, as types (Drake's hybrid systems:
// a guard is a scalar function of the state with a declared crossing
// direction, a reset maps the state before the event to the state after
// it). Every event-driven driver — the event-driven run (hybrid.ts), the
// variational flow with its saltation matrices and Poincaré sections
// (analysis/variational.ts), the stiff compliant run (compliant.ts) — states
// what it watches as Guards and hands them, with the step's dense output,
// to the one event locator (events.ts `firstCrossing`), which returns the
// earliest Crossing; the engine (engine.ts) then applies the Reset the
// driver gives for the crossed guard's kind. Resets: an impact's is the
// impact law of every driver (contact/resolve-impact.ts); a release, a stop,
// a cone edge, a section or a compliant switch keeps the state (Δ = id) and
// changes only the mode. The drivers with rigid contacts take their gap
// guards' sinks from src/numeric/contact-events.ts `gapSinks`, counted from
// where each phase starts.
// Tests: test/runtime/analysis/variational.test.ts, test/runtime/hybrid/events.test.ts, test/runtime/hybrid/engine.test.ts, test/architecture/event-location.test.ts, test/runtime/hybrid/no-missed-impacts.test.ts.

/** A guard's crossing direction: falling (h > 0 before, h ≤ 0 after), rising (h < 0 before, h ≥ 0 after), or either. */
export type CrossingDirection = 'falling' | 'rising' | 'either';

/** A scalar function of the time and the state. */
export type EventFunction = (t: number, y: Float64Array) => number;

/**
 * What a guard watches: an open contact's gap ('gap'), a held contact's
 * normal force σ̇ ('release'), a sliding contact's slip velocity reaching 0
 * ('stop'), a sticking contact's force reaching the cone's edge ('cone'), a
 * coordinate crossing a section's value ('section'), a compliant contact's
 * switching function ('switch').
 */
export type GuardKind = 'gap' | 'release' | 'stop' | 'cone' | 'section' | 'switch';

/**
 * The guard's derivative along the motion, where the step's end values
 * cannot see every crossing: the locator follows h inside the step with it
 * (events.ts) and finds every crossing, through extrema included. Which
 * count: 'dip' — from the near side at the step's start (h on its side
 * before the crossing), those the end values miss (through zero and back);
 * 'return' — from the far side (h already across at the start), out to the
 * other side and back (a whole bounce); 'both'.
 */
export interface GuardRate {
  readonly value: EventFunction;
  /** Its values at the step's start and end. */
  readonly a: number;
  readonly b: number;
  readonly excursions: 'dip' | 'return' | 'both';
}

export interface Guard {
  readonly kind: GuardKind;
  /** A rigid contact's index (model.unilateral), a compliant one's (model.compliant) for 'switch', −1 for a section. */
  readonly contact: number;
  /** For 'switch': the crossed entry of compliantContacts (3j: f_j, 3j + 2: F_n,j). */
  readonly entry?: number;
  readonly direction: CrossingDirection;
  /** h(t, y); y may carry more than (q, q̇) (a variational state carries Φ after them). */
  readonly value: EventFunction;
  /** h at the step's start and end. */
  readonly a: number;
  readonly b: number;
  /** With a rate, crossings inside an excursion are found too (events.ts). */
  readonly rate?: GuardRate;
  /**
   * A slow sink: h + sink crossing as well (a contact released at g = 0 that
   * drifts inward without h changing sign at a step's ends); for a gap,
   * counted from where its phase starts (contact-events.ts gapSinks).
   */
  readonly sink?: number;
  /** Where the located crossing must also satisfy a condition (a compliant force crossing counts only inside the obstacle). */
  readonly accept?: (t: number, y: Float64Array) => boolean;
  /** Watched for its interior minimum only (reported to firstCrossing's caller), never fires: an ignored contact. */
  readonly probe?: true;
}

/** An event: the guard that fired, where, and the state there. */
export interface Crossing {
  readonly guard: Guard;
  /** Event time: the first located point on the crossed side. */
  readonly t: number;
  /** The state at t (the step's interpolant). */
  readonly y: Float64Array;
  /** The last located point before the crossing (t − tBefore within the locator's tolerance). */
  readonly tBefore: number;
}

/** An interior minimum of a guard with a rate, located on a step (how close a contact came without touching). */
export interface GuardMinimum {
  readonly guard: Guard;
  readonly t: number;
  readonly value: number;
}

/**
 * A reset Δ (Drake's StepForwardReset): at a crossing, the map from the
 * state before the event (the crossing's) to the state after it, written
 * into the driver's state, with the mode change (held contacts, friction
 * modes, a dormant contact). For a gap, the impact law where the contact
 * arrives with an approach speed (contact/resolve-impact.ts), Δ = id where
 * it touches down; for every other kind Δ = id. What it returns is the
 * driver's (the variational flow's: a Poincaré derivative at its section).
 */
export type Reset<Outcome = void, C extends Crossing = Crossing> = (crossing: C) => Outcome;

/** A driver's resets, one per guard kind it watches (C: the crossing as the driver keeps it). */
export type Resets<Outcome = void, C extends Crossing = Crossing> = { readonly [K in GuardKind]?: Reset<Outcome, C> };
