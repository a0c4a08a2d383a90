// Event location on the dense output of one integrator step: the one
// locator of the runtime. Every event-driven driver states what it watches
// as guards (guards.ts) and calls `firstCrossing`, which returns the
// earliest crossing on the step (test/architecture/event-location.test.ts
// keeps root bracketing in this file alone).
//
// A guard g(t, y) with a declared crossing direction (Drake's hybrid
// examples: a guard fires only when it crosses in its direction, so a
// contact that has just been handled and sits at g = 0 does not fire again):
//   falling: g > 0 before, g ≤ 0 after;  rising: g < 0 before, g ≥ 0 after;
//   either:  one of the two.
// The root is bracketed on the step's interpolant and refined by the
// Illinois variant of regula falsi (Dowell & Jarratt, BIT 11 (1971) 168–174)
// with a bisection step whenever the bracket fails to halve, which bounds the
// work by that of bisection. The answer is the endpoint of the final bracket
// on the crossed side, so restarting from it never re-detects the event.
//
// The end values of a step cannot see every crossing: a guard with a rate
// (its derivative along the motion: ġ for a gap, q̇_i for a section) is
// also tested at an interior extremum, where the rate changes sign, for the
// excursions it declares (guards.ts GuardRate):
//   falling: h > 0 at both ends with a minimum ≤ 0 inside ('dip' through
//   zero and back: the crossing before the minimum), or h ≤ 0 at both ends
//   with a maximum > 0 inside ('return': a whole bounce, the crossing after
//   it); rising: the same mirrored.
// A late bounce of a cascade spans one step easily, and an explicit step
// can span a whole free-flight parabola, which it integrates exactly. A
// guard with a sink s (a contact released at g = 0 that drifts inward) also
// fires where h + s crosses.
//
// A contact guard may also carry an activation condition (the model's
// `when`; ContactActivity below): its crossing is an impact only where the
// condition holds.

import type { LoadedModule, Params } from '../contract.js';
import type { DenseStep } from '../integrators/dopri5.js';
import type { Crossing, CrossingDirection, EventFunction, Guard, GuardMinimum } from './guards.js';

export type { CrossingDirection, EventFunction } from './guards.js';

/** The part of a dense step that event location needs. */
export type DenseInterval = Pick<DenseStep, 'tPrev' | 't' | 'yPrev' | 'y' | 'eval'>;

export interface LocateOptions {
  /** Bracket width at which to stop; default 1e-14 · max(|t|, |step|), well below 1e-12 relative. */
  readonly tol?: number;
  readonly maxIterations?: number;
}

export interface EventLocation {
  /**
   * found: a crossing was located to `tol`; none: g does not cross in the
   * declared direction on the interval; max-iterations: the bracket was not
   * reduced to `tol` (the best bracket is still returned).
   */
  readonly status: 'found' | 'none' | 'max-iterations';
  /** Event time: first point of the final bracket on the crossed side. */
  readonly t: number;
  /** Last point before the crossing; t − tBefore ≤ tol when found. */
  readonly tBefore: number;
  /** Interpolated state at t. */
  readonly y: Float64Array;
  /** g(t, y). */
  readonly g: number;
  readonly iterations: number;
}

/** Whether the values ga (before) and gb (after) cross in the declared direction. */
export function crosses(ga: number, gb: number, direction: CrossingDirection): boolean {
  const falling = ga > 0 && gb <= 0;
  const rising = ga < 0 && gb >= 0;
  switch (direction) {
    case 'falling':
      return falling;
    case 'rising':
      return rising;
    case 'either':
      return falling || rising;
    default: {
      const never: never = direction;
      throw new Error(`unknown crossing direction ${String(never)}`);
    }
  }
}

/** Locate the first crossing of g over a whole step. */
export function locateEvent(g: EventFunction, step: DenseInterval, direction: CrossingDirection, opts: LocateOptions = {}): EventLocation {
  const ga = g(step.tPrev, step.yPrev);
  const gb = g(step.t, step.y);
  if (!crosses(ga, gb, direction)) {
    return { status: 'none', t: step.t, tBefore: step.t, y: Float64Array.from(step.y), g: gb, iterations: 0 };
  }
  return locateOnInterval(g, step, step.tPrev, ga, step.t, gb, opts);
}

/**
 * Refine a bracket [ta, tb] ⊂ [tPrev, t] of the step with ga ≠ 0 on one side
 * and gb of the other sign or zero (the crossed side). The caller has
 * checked the bracket, typically with `crosses`.
 */
export function locateOnInterval(
  g: EventFunction,
  step: DenseInterval,
  ta: number,
  ga: number,
  tb: number,
  gb: number,
  opts: LocateOptions = {},
): EventLocation {
  const tol = opts.tol ?? 1e-14 * Math.max(Math.abs(step.tPrev), Math.abs(step.t), step.t - step.tPrev);
  const maxIterations = opts.maxIterations ?? 200;
  const before = Math.sign(ga);
  const y = new Float64Array(step.y.length);
  // Illinois bookkeeping: the end replaced last time; when the same end is
  // replaced twice running, the value kept at the other end is halved.
  let lastReplaced: 'a' | 'b' | undefined;
  let previousWidth = Infinity;
  let iterations = 0;
  while (tb - ta > tol && iterations < maxIterations) {
    iterations++;
    const width = tb - ta;
    let tm = tb - (gb * width) / (gb - ga);
    // Bisect when the secant point is useless (outside or on an end) or the
    // last iteration did not halve the bracket (slow one-sided convergence).
    if (!(tm > ta && tm < tb) || width > 0.5 * previousWidth) tm = 0.5 * (ta + tb);
    previousWidth = width;
    const gm = g(tm, step.eval(tm, y));
    if (gm === 0 || Math.sign(gm) !== before) {
      tb = tm;
      gb = gm;
      if (lastReplaced === 'b') ga *= 0.5;
      lastReplaced = 'b';
    } else {
      ta = tm;
      ga = gm;
      if (lastReplaced === 'a') gb *= 0.5;
      lastReplaced = 'a';
    }
  }
  const yb = tb === step.t ? Float64Array.from(step.y) : step.eval(tb, y);
  return { status: tb - ta <= tol ? 'found' : 'max-iterations', t: tb, tBefore: ta, y: yb, g: g(tb, yb), iterations };
}

/**
 * The earliest crossing of the guards on a step (see the header), or
 * undefined. Interior minima of guards with a rate (located while looking
 * for excursions) go to onMinimum, probes' included.
 */
export function firstCrossing(step: DenseInterval, guards: Iterable<Guard>, onMinimum?: (m: GuardMinimum) => void): Crossing | undefined {
  let best: Crossing | undefined;
  for (const guard of guards) {
    const c = guardCrossing(step, guard, onMinimum);
    if (c && (!best || c.t < best.t)) best = c;
  }
  return best;
}

/** The first crossing of one guard on the step. */
function guardCrossing(step: DenseInterval, guard: Guard, onMinimum?: (m: GuardMinimum) => void): Crossing | undefined {
  const { a, b, direction, rate } = guard;
  const tA = step.tPrev,
    tB = step.t;
  const at = (ta: number, fa: number, tb: number, fb: number, fn: EventFunction = guard.value): Crossing | undefined => {
    const loc = locateOnInterval(fn, step, ta, fa, tb, fb);
    const c = { guard, t: loc.t, y: loc.y, tBefore: loc.tBefore };
    return !guard.accept || guard.accept(c.t, c.y) ? c : undefined;
  };
  // An extremum inside the step, located only where it is needed: a minimum (rate − → +) or a maximum (+ → −).
  const minimum = rate !== undefined && rate.a < 0 && rate.b > 0;
  const maximum = rate !== undefined && rate.a > 0 && rate.b < 0;
  let found: { t: number; h: number } | undefined;
  const extremum = (): { t: number; h: number } => {
    if (!found) {
      const loc = locateOnInterval(rate!.value, step, tA, rate!.a, tB, rate!.b);
      found = { t: loc.t, h: guard.value(loc.t, loc.y) };
    }
    return found;
  };
  if (minimum && onMinimum) onMinimum({ guard, t: extremum().t, value: extremum().h });
  if (guard.probe) return undefined;
  if (crosses(a, b, direction)) return at(tA, a, tB, b);
  const falling = direction !== 'rising',
    rising = direction !== 'falling';
  const dip = rate?.excursions !== 'return',
    back = rate?.excursions !== 'dip';
  // Through zero and back: the crossing before the extremum; a whole excursion from the far side: the crossing after it.
  if (dip && minimum && falling && a > 0 && b > 0 && extremum().h <= 0) return at(tA, a, extremum().t, extremum().h);
  if (dip && maximum && rising && a < 0 && b < 0 && extremum().h >= 0) return at(tA, a, extremum().t, extremum().h);
  if (back && maximum && falling && a <= 0 && b <= 0 && extremum().h > 0) return at(extremum().t, extremum().h, tB, b);
  if (back && minimum && rising && a >= 0 && b >= 0 && extremum().h < 0) return at(extremum().t, extremum().h, tB, b);
  const sink = guard.sink;
  if (sink !== undefined && crosses(a + sink, b + sink, direction)) return at(tA, a + sink, tB, b + sink, (t, y) => guard.value(t, y) + sink);
  return undefined;
}

/**
 * The contacts' activation conditions (the model's `when`, the module's
 * contactActivation), shared by the event-driven, variational and
 * time-stepping drivers. A gap reaching zero is an impact only where its
 * condition holds; a crossing elsewhere (a walker's swing foot scuffing the
 * ground at mid-stance) makes the contact dormant: neither closed nor
 * watched until its gap is positive again, when it wakes. A closed contact
 * is never re-checked (it stays closed until it releases), so the drivers
 * ask `holds` only of contacts that are not closed. A module without
 * contactActivation has every contact always active.
 */
export class ContactActivity {
  readonly dormant: boolean[];
  private readonly values: Float64Array;
  private readonly strict: boolean[];

  constructor(
    private readonly module: LoadedModule,
    private readonly params: Params,
  ) {
    const contacts = module.model.unilateral;
    this.dormant = new Array<boolean>(contacts.length).fill(false);
    this.values = new Float64Array(contacts.length);
    this.strict = contacts.map((u) => u.activation?.strict ?? false);
  }

  /** Whether contact j's condition holds at (t, q, q̇): value ≥ 0, or > 0 when strict. */
  holds(t: number, q: ArrayLike<number>, qd: ArrayLike<number>, j: number): boolean {
    const activation = this.module.contactActivation;
    if (!activation) return true;
    const v = activation(t, q, qd, this.params, this.values)[j]!;
    return this.strict[j] ? v > 0 : v >= 0;
  }

  /** Whether a contact that is not closed may close here: awake, and its condition holds. */
  admits(t: number, q: ArrayLike<number>, qd: ArrayLike<number>, j: number): boolean {
    return !this.dormant[j] && this.holds(t, q, qd, j);
  }

  /**
   * Contacts at or below their surface (g ≤ 0) that are not closed and whose
   * condition fails go dormant: at a start below the floor, or where an
   * event finds a contact on the surface while inactive.
   */
  settle(t: number, q: ArrayLike<number>, qd: ArrayLike<number>, g: ArrayLike<number>, closed: readonly boolean[]): void {
    for (let j = 0; j < this.dormant.length; j++) if (!closed[j] && g[j]! <= 0 && !this.holds(t, q, qd, j)) this.dormant[j] = true;
  }

  /** Dormant contacts whose gap is positive again wake up. */
  wake(g: ArrayLike<number>): void {
    for (let j = 0; j < this.dormant.length; j++) if (this.dormant[j] && g[j]! > 0) this.dormant[j] = false;
  }
}
