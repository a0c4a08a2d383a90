// The rigid limit as a result (Kozlov 1988: realize a constraint with a
// mechanism of strength N and let N → ∞): simulate one model for a list of
// values of a parameter, tabulate what the contact did — its release times,
// contact duration, restitution — and the distance of the motion to a
// reference (the rigid model's motion from the same state), and fit the
// order r of convergence of each quantity, |x_N − x_∞| ≈ C·N^{−r}, by least
// squares on log|x_N − x_∞| against log N, where the errors follow such a
// law. Where the limit x_∞ is not given, the differences of successive
// values stand in for the errors: for geometrically spaced N they decrease
// with the same order. Whether the distance to the reference vanishes is
// decided here too: kozlov1988 (2.6), (2.7) are realizations whose limit is
// not the rigid motion, and the report says what this study found. The reference's
// own release, duration and restitution are tabulated beside (for a rigid
// contact an impact that bounces is a contact and a release at one instant).
// Tests: test/unilateral/rigid-limit.test.ts.

import type { LoadedModule, Params } from '../contract.js';
import { SimulationError } from '../errors.js';
import { simulate } from '../hybrid/simulate.js';
import { DEFAULT_ATOL, DEFAULT_RTOL, type SimulateOptions, type SimulationEvent, type Trajectory } from '../hybrid/trajectory.js';

export interface LimitStudyOptions extends SimulateOptions {
  /** The parameter that grows (N). */
  readonly parameter: string;
  readonly values: readonly number[];
  /** The compliant contact whose events are tabulated (model.compliant order; default 0). */
  readonly compliantContact?: number;
  /** A module whose motion from the same state is the reference (the rigid model); it may take fewer parameters. */
  readonly reference?: LoadedModule;
  /** Known limits, where the theory gives them (Kozlov's 2 + √2, Theorem 3's e = exp(−πk/ω), …). */
  readonly limits?: { readonly release?: number; readonly restitution?: number; readonly duration?: number };
  /** Orders the theory gives only as bounds O(N^{−r}) (kozlov1988 §2: the elastic release, 1 + O(N^{−1/2})), for quantities with a limit. */
  readonly bounds?: { readonly release?: number; readonly restitution?: number; readonly duration?: number; readonly distance?: number };
}

/** What the contact did in one run. */
export interface ContactRecord {
  /** Times at which the contact started, and ended (model events 'contact' and 'release'). */
  readonly contacts: readonly number[];
  readonly releases: readonly number[];
  /** The last release (NaN if none). */
  readonly release: number;
  /** From the first contact to the first release after it (NaN without both). */
  readonly duration: number;
  /**
   * −ḟ at that release over ḟ at that contact: the normal restitution of the
   * first impact (NaN without both, or when the contact began at rest on the
   * surface, |ḟ| ≤ atol: a touchdown has no restitution).
   */
  readonly restitution: number;
  /** q̇ at that release minus q̇ at that contact (empty without both): kozlov1988 Th. 3 keeps its tangential part. */
  readonly jump: readonly number[];
}

export interface LimitRow extends ContactRecord {
  readonly value: number;
  /** max over the output grid of |q − q_ref| (NaN without a reference). */
  readonly distance: number;
  /** The same per coordinate, max over the grid of |q_i − q_ref,i| (empty without a reference). */
  readonly distances: readonly number[];
}

export interface LimitStudy {
  readonly parameter: string;
  readonly rows: readonly LimitRow[];
  /** The same contact in the reference's motion (absent without a reference, or when it has no contact of that name). */
  readonly reference?: ContactRecord;
  /** The limits given (LimitStudyOptions.limits). */
  readonly limits: NonNullable<LimitStudyOptions['limits']>;
  /**
   * Fitted orders r of |x_N − x_∞| ≈ C N^{−r}: NaN when fewer than two
   * errors exceed the integration's resolution (a quantity that does not
   * change with N, such as the added mass's release at 2 + √2, has no order).
   */
  readonly orders: { readonly release: number; readonly duration: number; readonly restitution: number; readonly distance: number };
  /** The local orders between successive runs whose trend each fitted order averages (empty where it has none). */
  readonly trends: {
    readonly release: readonly number[];
    readonly duration: readonly number[];
    readonly restitution: readonly number[];
    readonly distance: readonly number[];
  };
  /**
   * The limits x_∞ the runs extrapolate to, by Aitken's Δ² on the last three
   * values (geometric N: x_N − x_∞ ≈ C N^{−r} makes the differences a
   * geometric sequence); the last value where the differences are below the
   * resolution (a quantity that does not change with N); NaN where they do not shrink.
   */
  readonly extrapolated: { readonly release: number; readonly duration: number; readonly restitution: number; readonly distance: number };
  /**
   * Each coordinate's largest distance to the reference in the limit, extrapolated as the distance is (kozlov1988
   * (1.1): the realized rod's stretch u, whose rigid value is 0, vanishes), by the coordinate's name; empty without a reference.
   */
  readonly coordinates: readonly {
    readonly name: string;
    readonly extrapolated: number;
    readonly last: number;
    /** N^r times its largest distance per run, where the distance vanishes like N^{−r} (as `leading`; kozlov1988 (1.1): N max|u|). */
    readonly scaled?: readonly number[];
  }[];
  /**
   * Whether the distance to the reference vanishes as the parameter grows:
   * 'vanishes' when it falls by at least VANISHING over the study and in its
   * last step; 'persists' when its last step changes it by less than LEVEL of
   * itself while it is still above 1/VANISHING of its first (the added mass,
   * the viscous line: kozlov1988 (2.6), (2.7)); else 'undecided' (and without a reference).
   */
  readonly convergence: 'vanishes' | 'persists' | 'undecided';
  /**
   * For each quantity with a bound O(N^{−r}) and a limit: r and N^r|x_N − x_∞| per run, bounded where
   * the theory holds. Such a quantity has no fitted order, and its extrapolated value is its last.
   */
  readonly bounded: {
    readonly [K in 'release' | 'duration' | 'restitution' | 'distance']?: { readonly order: number; readonly scaled: readonly number[] };
  };
  /**
   * The realized contact's gap f at the runs' common samples, per row, and
   * the rigid contact's in the reference's run (kozlov1988 Fig. 1: y(t) of
   * the realizations against the rigid motion).
   */
  readonly gaps: {
    readonly contact: string;
    readonly t: readonly number[];
    readonly rows: readonly (readonly number[])[];
    readonly reference?: readonly number[];
    /** Set by the declared study (src/studies/limit.ts): the gaps above it are NaN, left out of the figure. */
    readonly cut?: number;
  };
  /**
   * Where the distance vanishes like N^{−r} (r the fitted order to the nearest half), N^r times the
   * largest coordinate deviation from the rigid motion at each common sample, per run: the curves
   * collapse (kozlov1988 Theorem 1, the realized pendulum's u = O(1/N)).
   */
  readonly deviations?: { readonly t: readonly number[]; readonly order: number; readonly rows: readonly (readonly number[])[] };
  /**
   * Where the distance vanishes like N^{−r} (r as for `deviations`): N^r times it per run and their limit by Aitken's
   * Δ², the leading coefficient C of the distance C N^{−r} (kozlov1988 (2.4), the viscous line without adhesion: g(1 + 2 ln 2)).
   */
  readonly leading?: { readonly order: number; readonly scaled: readonly number[]; readonly extrapolated: number };
}

/**
 * Relative accuracy of an event time, below which two runs' times are taken
 * as equal: the added mass's release, located at rtol 1e-11, lands within
 * 5e-8 of 2 + √2 at every N; without this floor those differences fit an
 * order of −0.7 to a quantity that does not change with N.
 */
const EVENT_RESOLUTION = 1e-7;

/**
 * The largest ratio between the local orders of successive errors for which
 * they follow one power law C·N^{−r}: errors that oscillate with N (the
 * elastic release's lag, with the phase of √N) or level off (a distance to
 * a motion that is not the limit) have no order to fit.
 */
const ORDER_SPREAD = 2;
/** The factor by which a vanishing distance falls over the study. */
const VANISHING = 10;
/** The relative change of the last step below which a distance has levelled off. */
const LEVEL = 0.01;

export function rigidLimitStudy(module: LoadedModule, opts: LimitStudyOptions): LimitStudy {
  const { parameter, values } = opts;
  const name = module.model.name;
  if (!module.model.parameters.some((p) => p.name === parameter)) {
    throw new SimulationError('unknown-parameter', 'input', `'${parameter}' is not a parameter of ${name}`, { model: name, field: 'parameter' });
  }
  if (values.length === 0 || values.some((v) => !(v > 0 && Number.isFinite(v)))) {
    throw new SimulationError('invalid-option', 'input', `the values of ${parameter} must be positive finite numbers, got [${values.join(', ')}]`, {
      model: name,
      field: 'values',
    });
  }
  const j = opts.compliantContact ?? 0;
  const atol = opts.atol ?? DEFAULT_ATOL;
  // onProgress sees the whole study: run k of the reference and the values, each run's fraction within it.
  const runs = values.length + (opts.reference ? 1 : 0);
  const progressOf = (k: number): Pick<SimulateOptions, 'onProgress'> => {
    const report = opts.onProgress;
    return report ? { onProgress: (f) => report((k + f) / runs) } : {};
  };
  const referenceRun = opts.reference
    ? simulate(opts.reference, { ...opts, params: onlyKnown(opts.reference, opts.params ?? {}), ...progressOf(0) })
    : undefined;
  const gapRows: number[][] = [];
  const deviationRows: number[][] = [];
  let times: readonly number[] = [];
  const rows = values.map((value, i): LimitRow => {
    const params = { ...onlyKnown(module, opts.params ?? {}), [parameter]: value };
    const run = simulate(module, { ...opts, params, ...progressOf(i + runs - values.length) });
    times = run.t;
    // A realized retaining constraint (kozlov1988 Theorem 1) has no compliant contact whose gap to record.
    const contacts = module.compliantContacts;
    if (contacts) gapRows.push(run.t.map((t, k) => contacts(t, run.q[k]!, run.qd[k]!, params)[3 * j]!));
    if (referenceRun) deviationRows.push(gridDeviation(run, referenceRun));
    const distances = referenceRun ? coordinateDistances(run, referenceRun) : [];
    return { value, ...compliantRecord(module, run, params, j, atol), distance: referenceRun ? Math.max(0, ...distances) : NaN, distances };
  });
  const N = rows.map((r) => r.value);
  const limits = opts.limits ?? {};
  // Differences below the resolution are the integration's, not the realization's.
  const resolution = Math.max(10 * (opts.rtol ?? DEFAULT_RTOL), EVENT_RESOLUTION);
  const floor = (x: readonly number[]): number => resolution * Math.max(1, ...x.filter(Number.isFinite).map(Math.abs));
  const fit = (x: readonly number[], limit?: number): number => fitOrder(N, x, limit, floor(x));
  const distances = rows.map((r) => r.distance);
  const convergence = opts.reference ? distanceConvergence(distances) : 'undecided';
  const bounds = opts.bounds ?? {};
  const boundOf = (k: keyof typeof limits): number | undefined => (limits[k] === undefined ? undefined : bounds[k]);
  const series = { release: rows.map((r) => r.release), duration: rows.map((r) => r.duration), restitution: rows.map((r) => r.restitution) };
  // A quantity the theory only bounds (its lag oscillating with N) follows no power law to fit or sum.
  const fitted = (k: keyof typeof series): number => (boundOf(k) === undefined ? fit(series[k], limits[k]) : NaN);
  const trend = (x: readonly number[], limit: number | undefined, order: number): number[] =>
    Number.isFinite(order) ? localOrders(N, x, limit, floor(x)) : [];
  const extrapolate = (k: keyof typeof series): number => (boundOf(k) === undefined ? aitken(series[k], resolution) : series[k].at(-1)!);
  const orders = {
    release: fitted('release'),
    duration: fitted('duration'),
    restitution: fitted('restitution'),
    // A distance that levels off tends to no 0 to fit an order to.
    distance: convergence === 'persists' ? NaN : fit(distances, 0),
  };
  const trends = {
    release: trend(series.release, limits.release, orders.release),
    duration: trend(series.duration, limits.duration, orders.duration),
    restitution: trend(series.restitution, limits.restitution, orders.restitution),
    distance: trend(distances, 0, orders.distance),
  };
  // A largest distance is not negative, and one that vanishes has its limit between 0 and its last value.
  const distanceLimit = (d: readonly number[]): number =>
    distanceConvergence(d) === 'vanishes' ? Math.min(Math.max(0, aitken(d, resolution)), d.at(-1)!) : Math.max(0, aitken(d, resolution));
  const extrapolated = {
    release: extrapolate('release'),
    duration: extrapolate('duration'),
    restitution: extrapolate('restitution'),
    distance: distanceLimit(distances),
  };
  const order = Math.round(2 * orders.distance) / 2;
  const vanishing = convergence === 'vanishes' && order > 0;
  const coordinates = referenceRun
    ? module.model.coordinates.map((name, i) => {
        const d = rows.map((r) => r.distances[i]!);
        return { name, extrapolated: distanceLimit(d), last: d.at(-1)!, ...(vanishing ? { scaled: d.map((x, k) => N[k]! ** order * x) } : {}) };
      })
    : [];
  const bounded = Object.fromEntries([
    ...(['release', 'duration', 'restitution'] as const).flatMap((k) => {
      const r = boundOf(k);
      return r === undefined ? [] : [[k, { order: r, scaled: series[k].map((x, i) => N[i]! ** r * Math.abs(x - limits[k]!)) }]];
    }),
    // The distance to the reference tends to 0: bounded as O(N^{−r}) (kozlov1988 §2: the elastic line's, with its release's lag).
    ...(bounds.distance !== undefined && opts.reference
      ? [['distance', { order: bounds.distance, scaled: distances.map((d, i) => N[i]! ** bounds.distance! * d) }]]
      : []),
  ]);
  const contact = module.model.compliant?.[j]?.name;
  const rigidIndex = opts.reference?.model.unilateral.findIndex((c) => c.name === contact) ?? -1;
  const reference =
    opts.reference && referenceRun && rigidIndex >= 0
      ? rigidRecord(opts.reference, referenceRun, onlyKnown(opts.reference, opts.params ?? {}), rigidIndex, atol)
      : undefined;
  const referenceGaps =
    opts.reference?.gaps && referenceRun && rigidIndex >= 0
      ? referenceRun.t.map((t, k) => opts.reference!.gaps!(t, referenceRun.q[k]!, onlyKnown(opts.reference!, opts.params ?? {}))[rigidIndex]!)
      : undefined;
  // The runs share t0, t1 and the samples (coordinateDistances relies on it too).
  const gaps = { contact: contact ?? '', t: times, rows: gapRows, ...(referenceGaps ? { reference: referenceGaps } : {}) };
  const deviations = vanishing ? { t: times, order, rows: deviationRows.map((row, i) => row.map((d) => N[i]! ** order * d)) } : undefined;
  const scaled = distances.map((d, i) => N[i]! ** order * d);
  const leading = vanishing ? { order, scaled, extrapolated: aitken(scaled, resolution) } : undefined;
  return {
    parameter,
    rows,
    ...(reference ? { reference } : {}),
    limits,
    orders,
    trends,
    extrapolated,
    coordinates,
    convergence,
    bounded,
    gaps,
    ...(deviations ? { deviations } : {}),
    ...(leading ? { leading } : {}),
  };
}

/** LimitStudy.convergence of the distances, in the order of the growing parameter. */
export function distanceConvergence(d: readonly number[]): LimitStudy['convergence'] {
  const [first, before, last] = [d[0], d.at(-2), d.at(-1)];
  if (d.length < 2 || !d.every(Number.isFinite) || first === undefined || before === undefined || last === undefined) return 'undecided';
  if (last < before && last * VANISHING <= first) return 'vanishes';
  if (Math.abs(last - before) <= LEVEL * last && last * VANISHING > first) return 'persists';
  return 'undecided';
}

/** The parameters a module has (the realized and the rigid model share some, each may have its own). */
function onlyKnown(module: LoadedModule, params: Params): Params {
  return Object.fromEntries(Object.entries(params).filter(([k]) => module.model.parameters.some((p) => p.name === k)));
}

/** What compliant contact j did in one run (its events 'contact' and 'release', ḟ from compliantContacts). */
function compliantRecord(module: LoadedModule, run: Trajectory, params: Params, j: number, atol: number): ContactRecord {
  const mine = run.events.filter((e) => e.contacts.includes(j));
  const change = (e: SimulationEvent): ContactChange => ({ t: e.t, rate: module.compliantContacts!(e.t, e.q, e.qd, params)[3 * j + 1]!, qd: e.qd });
  return record(mine.filter((e) => e.type === 'contact').map(change), mine.filter((e) => e.type === 'release').map(change), atol);
}

/**
 * What rigid contact i did in the reference's run: a 'contact' or 'rest'
 * closes it, a 'release' opens it, and an impact that bounces (ḟ⁺ > 0) does
 * both at one instant, with ḟ⁻ and ḟ⁺ from gapRates.
 */
function rigidRecord(module: LoadedModule, run: Trajectory, params: Params, i: number, atol: number): ContactRecord {
  const ins: ContactChange[] = [];
  const outs: ContactChange[] = [];
  const rate = (e: SimulationEvent, qd: readonly number[]): number => (module.gapRates ? module.gapRates(e.t, e.q, qd, params)[i]! : NaN);
  for (const e of run.events.filter((ev) => ev.contacts.includes(i))) {
    if (e.type === 'contact' || e.type === 'rest') ins.push({ t: e.t, rate: rate(e, e.qd) });
    else if (e.type === 'release') outs.push({ t: e.t, rate: rate(e, e.qd) });
    else if (e.type === 'impact' && e.qdPlus) {
      const after = rate(e, e.qdPlus);
      ins.push({ t: e.t, rate: rate(e, e.qd) });
      if (after > atol) outs.push({ t: e.t, rate: after });
    }
  }
  return record(ins, outs, atol);
}

/** A contact closing or opening in the reference's run, with ḟ there. */
interface ContactChange {
  readonly t: number;
  /** ḟ there. */
  readonly rate: number;
  /** q̇ there (a compliant contact's: continuous across it). */
  readonly qd?: readonly number[];
}

function record(ins: readonly ContactChange[], outs: readonly ContactChange[], atol: number): ContactRecord {
  const first = ins[0];
  const after = first && outs.find((o) => o.t >= first.t);
  return {
    contacts: ins.map((c) => c.t),
    releases: outs.map((c) => c.t),
    release: outs.length ? outs[outs.length - 1]!.t : NaN,
    duration: first && after ? after.t - first.t : NaN,
    restitution: first && after && Math.abs(first.rate) > atol ? -after.rate / first.rate : NaN,
    jump: first?.qd && after?.qd ? after.qd.map((v, i) => v - first.qd![i]!) : [],
  };
}

/** max over the common grid of |q_i − q_ref,i| for each coordinate i (the runs share t0, t1 and samples). */
function coordinateDistances(a: Trajectory, b: Trajectory): number[] {
  const count = Math.min(a.t.length, b.t.length);
  return (a.q[0] ?? []).map((_, i) => Math.max(0, ...Array.from({ length: count }, (_, k) => Math.abs(a.q[k]![i]! - b.q[k]![i]!))));
}

/** The largest coordinate deviation of a from b at each common sample. */
function gridDeviation(a: Trajectory, b: Trajectory): number[] {
  const count = Math.min(a.t.length, b.t.length);
  return Array.from({ length: count }, (_, k) => Math.max(0, ...a.q[k]!.map((x, i) => Math.abs(x - b.q[k]![i]!))));
}

/** (log N, log|x_N − x_∞|) above `floor`; without x_∞, the successive differences' at the first N of each pair. */
function logErrors(N: readonly number[], x: readonly number[], limit: number | undefined, floor: number): (readonly [number, number])[] {
  const pts: [number, number][] = [];
  if (limit !== undefined) N.forEach((v, k) => pts.push([v, Math.abs(x[k]! - limit)]));
  else for (let k = 0; k + 1 < N.length; k++) pts.push([N[k]!, Math.abs(x[k + 1]! - x[k]!)]);
  return pts.filter(([v, e]) => Number.isFinite(e) && e > floor && v > 0).map(([v, e]) => [Math.log(v), Math.log(e)] as const);
}

/** −Δlog e/Δlog N between successive points: the local orders. */
const slopes = (use: readonly (readonly [number, number])[]): number[] => use.slice(1).map(([u, w], k) => -(w - use[k]![1]) / (u - use[k]![0]));

/** The local orders of |x_N − x_∞| between successive runs (fitOrder's points): the trend its fitted order averages. */
export const localOrders = (N: readonly number[], x: readonly number[], limit?: number, floor = 0): number[] => slopes(logErrors(N, x, limit, floor));

/** Aitken's Δ² on the last three values; the last value when it changes by at most `resolution` (relative). */
export function aitken(x: readonly number[], resolution: number): number {
  const [a, b, c] = x.slice(-3);
  if (c === undefined || !Number.isFinite(c)) return NaN;
  if (a === undefined || b === undefined || !Number.isFinite(a) || !Number.isFinite(b)) return c;
  const d1 = b - a;
  const d2 = c - b;
  if (Math.abs(d2) <= resolution * Math.max(1, Math.abs(c))) return c;
  const rho = d2 / d1;
  // Differences that do not shrink: no geometric tail to sum.
  if (!(Math.abs(rho) < 1)) return NaN;
  return c + (d2 * rho) / (1 - rho);
}

/**
 * The order r of |x_N − x_∞| ≈ C N^{−r}: least squares of log|x_N − x_∞| on
 * log N; without x_∞, of log|x_{N_{k+1}} − x_{N_k}| on log N_k. Errors at or
 * below `floor` do not count; NaN with fewer than two that do, and NaN where
 * the errors follow no power law that falls: one that does not fall at
 * every step, or whose local orders differ by more than ORDER_SPREAD.
 */
export function fitOrder(N: readonly number[], x: readonly number[], limit?: number, floor = 0): number {
  const use = logErrors(N, x, limit, floor);
  if (use.length < 2) return NaN;
  const local = slopes(use);
  if (!local.every((r) => r > 0) || Math.max(...local) > ORDER_SPREAD * Math.min(...local)) return NaN;
  const mx = use.reduce((s, [u]) => s + u, 0) / use.length;
  const my = use.reduce((s, [, w]) => s + w, 0) / use.length;
  const sxy = use.reduce((s, [u, w]) => s + (u - mx) * (w - my), 0);
  const sxx = use.reduce((s, [u]) => s + (u - mx) ** 2, 0);
  return -sxy / sxx;
}
