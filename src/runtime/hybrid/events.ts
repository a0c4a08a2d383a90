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
// followed inside the step. The step is halved until, on each piece, the
// cubic Hermite interpolant of (h, ḣ) at the piece's ends predicts h and ḣ
// at its midpoint to 5 % of h's variation there, so that the piece has the
// cubic's shape; a cubic with a minimum and a maximum between ends of equal
// rate sign adds its two turning points. Between consecutive points, h is
// tested at the ends and at an interior extremum, where the rate changes
// sign; the pieces are scanned in time order and the first crossing wins:
//   falling: h > 0 at both ends with a minimum ≤ 0 inside (through zero
//   and back: the crossing before the minimum), or h ≤ 0 at both ends with
//   a maximum > 0 inside (out and back: the crossing after it); rising: the
//   same mirrored.
// A late bounce of a cascade spans one step easily, an explicit step can
// span a whole free-flight parabola, and a body spinning in free flight
// (which DOPRI5 integrates exactly, so its steps grow) several turns. The
// excursions a guard declares (guards.ts GuardRate) say which crossings
// count: from the near side at the step's start ('dip') those that the end
// values miss, from the far side ('return') any. An ordinary step is one
// piece, at the cost of h and ḣ at its midpoint. A guard with a sink s (a
// contact released at g = 0 that drifts inward) also fires where h + s
// crosses.
//
// A contact guard may also carry an activation condition (the model's
// `when`; ContactActivity below): its crossing is an impact only where the
// condition holds.

import type { LoadedModule, Params } from '../contract.js';
import type { DenseStep } from '../integrators/dopri5.js';
import type { Crossing, CrossingDirection, EventFunction, Guard, GuardMinimum, GuardRate } from './guards.js';

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

/** A guard on the step at one time: its value and its rate. */
interface Node {
  readonly t: number;
  readonly h: number;
  readonly r: number;
}

/**
 * How well a piece's cubic Hermite interpolant of (h, ḣ) at its ends must
 * predict h and ḣ at its midpoint, as a fraction of h's variation on the
 * piece, for the cubic's shape (at most one minimum and one maximum) to be
 * taken as the guard's; and how often a piece may be halved.
 */
const SHAPE = 0.05;
const MAX_DEPTH = 12;

/** The first crossing of one guard on the step. */
function guardCrossing(step: DenseInterval, guard: Guard, onMinimum?: (m: GuardMinimum) => void): Crossing | undefined {
  const { a, b, direction, rate } = guard;
  const at = (ta: number, fa: number, tb: number, fb: number, fn: EventFunction = guard.value): Crossing | undefined => {
    const loc = locateOnInterval(fn, step, ta, fa, tb, fb);
    const c = { guard, t: loc.t, y: loc.y, tBefore: loc.tBefore };
    return !guard.accept || guard.accept(c.t, c.y) ? c : undefined;
  };
  if (rate) {
    // Which excursions the step may hold: from the near side every crossing
    // but a dip's is seen at the step's ends; from the far side only a return.
    const near = direction === 'falling' ? a > 0 : direction === 'rising' ? a < 0 : a !== 0;
    const look = near ? crosses(a, b, direction) || rate.excursions !== 'return' : rate.excursions !== 'dip';
    if (look || guard.probe || onMinimum) {
      const nodes = guardNodes(step, guard, rate);
      for (let k = 1; k < nodes.length; k++) {
        const c = pieceCrossing(step, guard, nodes[k - 1]!, nodes[k]!, look && !guard.probe, at, onMinimum);
        if (c) return c;
      }
    }
  } else if (!guard.probe && crosses(a, b, direction)) return at(step.tPrev, a, step.t, b);
  const sink = guard.sink;
  if (!guard.probe && sink !== undefined && crosses(a + sink, b + sink, direction))
    return at(step.tPrev, a + sink, step.t, b + sink, (t, y) => guard.value(t, y) + sink);
  return undefined;
}

/**
 * The guard at points of the step between which it has the shape of a cubic
 * with no interior extremum but where its rate changes sign: the step is
 * halved until the cubic Hermite interpolant of (h, ḣ) at a piece's ends
 * predicts the midpoint (the step's end values alone cannot see a gap that
 * dips through zero and back, or one that oscillates several times in a
 * long step: a rod spinning in free flight, which DOPRI5 integrates exactly
 * whatever the step); a piece's cubic with a minimum and a maximum between
 * ends of equal rate sign adds its two turning points.
 */
function guardNodes(step: DenseInterval, guard: Guard, rate: GuardRate): Node[] {
  const y = new Float64Array(step.y.length);
  const node = (t: number): Node => {
    step.eval(t, y);
    return { t, h: guard.value(t, y), r: rate.value(t, y) };
  };
  const nodes: Node[] = [{ t: step.tPrev, h: guard.a, r: rate.a }];
  const turningPoints = (p: Node, q: Node): void => {
    if (!(p.r * q.r > 0)) return;
    // d/ds of the cubic Hermite on s ∈ [0, 1]: A s² + B s + C.
    const w = q.t - p.t;
    const A = 6 * (p.h - q.h) + 3 * w * (p.r + q.r),
      B = 6 * (q.h - p.h) - w * (4 * p.r + 2 * q.r),
      C = w * p.r;
    const disc = B * B - 4 * A * C;
    if (!(A !== 0 && disc > 0)) return;
    const s1 = (-B - Math.sign(A) * Math.sqrt(disc)) / (2 * A),
      s2 = (-B + Math.sign(A) * Math.sqrt(disc)) / (2 * A);
    if (s1 > 0 && s2 < 1) nodes.push(node(p.t + s1 * w), node(p.t + s2 * w));
  };
  const refine = (p: Node, q: Node, depth: number): void => {
    const w = q.t - p.t;
    const m = node(p.t + 0.5 * w);
    const err = Math.abs(m.h - 0.5 * (p.h + q.h) - (w * (p.r - q.r)) / 8) + 0.25 * Math.abs(w * m.r - 1.5 * (q.h - p.h) + (w * (p.r + q.r)) / 4);
    const variation = Math.max(Math.abs(p.h - m.h), Math.abs(m.h - q.h), Math.abs(q.h - p.h)) + w * Math.max(Math.abs(p.r), Math.abs(m.r), Math.abs(q.r));
    const roundoff = 1e-14 * (Math.abs(p.h) + Math.abs(m.h) + Math.abs(q.h));
    if (depth < MAX_DEPTH && err > SHAPE * variation + roundoff) {
      refine(p, m, depth + 1);
      refine(m, q, depth + 1);
      return;
    }
    turningPoints(p, m);
    nodes.push(m);
    turningPoints(m, q);
    nodes.push(q);
  };
  refine(nodes[0]!, { t: step.t, h: guard.b, r: rate.b }, 0);
  return nodes;
}

/**
 * The first crossing of a guard with a rate between two of its nodes (look:
 * whether crossings count, else only minima are reported): the nodes'
 * values crossing, or an extremum where the rate changes sign, through zero
 * and back (the crossing before it) or out from the far side and back (the
 * crossing after it). A minimum is reported where the motion reaches it,
 * before the crossing.
 */
function pieceCrossing(
  step: DenseInterval,
  guard: Guard,
  p: Node,
  q: Node,
  look: boolean,
  at: (ta: number, fa: number, tb: number, fb: number) => Crossing | undefined,
  onMinimum?: (m: GuardMinimum) => void,
): Crossing | undefined {
  const direction = guard.direction;
  const minimum = p.r < 0 && q.r > 0;
  const maximum = p.r > 0 && q.r < 0;
  let found: { t: number; h: number } | undefined;
  const extremum = (): { t: number; h: number } => {
    if (!found) {
      const loc = locateOnInterval(guard.rate!.value, step, p.t, p.r, q.t, q.r);
      found = { t: loc.t, h: guard.value(loc.t, loc.y) };
    }
    return found;
  };
  const excursion = (): Crossing | undefined => {
    if (crosses(p.h, q.h, direction)) return at(p.t, p.h, q.t, q.h);
    const falling = direction !== 'rising',
      rising = direction !== 'falling';
    if (minimum && falling && p.h > 0 && q.h > 0 && extremum().h <= 0) return at(p.t, p.h, extremum().t, extremum().h);
    if (maximum && rising && p.h < 0 && q.h < 0 && extremum().h >= 0) return at(p.t, p.h, extremum().t, extremum().h);
    if (maximum && falling && p.h <= 0 && q.h <= 0 && extremum().h > 0) return at(extremum().t, extremum().h, q.t, q.h);
    if (minimum && rising && p.h >= 0 && q.h >= 0 && extremum().h < 0) return at(extremum().t, extremum().h, q.t, q.h);
    return undefined;
  };
  const c = look ? excursion() : undefined;
  if (minimum && onMinimum && (!c || extremum().t < c.t)) onMinimum({ guard, t: extremum().t, value: extremum().h });
  return c;
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
