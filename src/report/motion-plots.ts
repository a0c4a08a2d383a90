// How the simulated motion is cut into figures that inform: the time shown
// (the motion and a short margin after it comes to rest), the series drawn
// together (one unit per axis, and only series of comparable size: a 5 mm
// motion is not drawn beside a 3 m one), and the energy's drift relative to
// its value after each event where nothing but impacts changes it.
// Tests: test/report/figures.test.ts, test/report/motion.test.ts.
import { ZERO } from '../core/expr.js';
import { diff } from '../core/diff.js';
import { evaluator } from '../core/evaluate.js';
import { pinnedTangent } from '../model/impact-laws.js';
import type { Model } from '../model/types.js';
import type { Inline } from './document.js';
import type { PlotEventKind } from './plot.js';
import { uniformMotion, type UniformMotion } from '../studies/uniform-motion.js';

export interface ShownTrajectory {
  readonly t: readonly number[];
  readonly q: readonly (readonly number[])[];
  readonly qd: readonly (readonly number[])[];
  readonly energy?: readonly number[];
  readonly events: readonly { readonly t: number; readonly type: PlotEventKind }[];
}

/** A velocity counts as zero below this fraction of the run's largest (the integrator's tolerances are 1e-8 relative). */
const REST = 1e-6;

/**
 * The instant from which every velocity stays (numerically) zero, if the
 * motion comes to rest before the run ends: the first sample of the final
 * run of samples at rest.
 */
export function restTime(tr: ShownTrajectory): number | undefined {
  const peak = Math.max(0, ...tr.qd.flatMap((v) => v.map(Math.abs)).filter(Number.isFinite));
  if (peak === 0) return undefined;
  const still = (k: number): boolean => tr.qd[k]!.every((v) => Math.abs(v) <= REST * peak);
  let k = tr.t.length;
  while (k > 0 && still(k - 1)) k--;
  return k < tr.t.length - 1 ? tr.t[k] : undefined;
}

/** The part of the run a plot shows: until rest and a margin of a tenth of the time to rest (at least 2 % of the run), or all of it. */
export function shownTrajectory(tr: ShownTrajectory): { readonly shown: ShownTrajectory; readonly rest?: number } {
  const rest = restTime(tr);
  const t0 = tr.t[0] ?? 0;
  const t1 = tr.t[tr.t.length - 1] ?? t0;
  if (rest === undefined) return { shown: tr };
  const end = Math.min(t1, rest + Math.max(0.1 * (rest - t0), 0.02 * (t1 - t0)));
  const n = tr.t.findIndex((t) => t > end);
  if (n < 0) return { shown: tr, rest };
  const cut = <T>(xs: readonly T[]): T[] => xs.slice(0, n + 1);
  return {
    shown: {
      t: cut(tr.t),
      q: cut(tr.q),
      qd: cut(tr.qd),
      ...(tr.energy ? { energy: cut(tr.energy) } : {}),
      events: tr.events.filter((e) => e.t <= tr.t[n]!),
    },
    rest,
  };
}

/** Series of very different size apart: each joins the first group whose largest range is at most this many times its own. */
export const SCALE_RATIO = 20;

/** The spread max − min of finite values. */
export function spread(values: readonly number[]): number {
  let lo = Infinity;
  let hi = -Infinity;
  for (const v of values)
    if (Number.isFinite(v)) {
      lo = Math.min(lo, v);
      hi = Math.max(hi, v);
    }
  return hi > lo ? hi - lo : 0;
}

/** A coordinate counts as constant where its spread is below this fraction of its size (at least 1): the integrator's tolerances are 1e-8 and better. */
const STILL = 1e-9;

/**
 * The coordinates the run holds at one value (a retaining constraint's gap,
 * an angle nothing turns): their plots against time, their phase portraits
 * and a path through them would be flat lines or a dot, so they are left out.
 */
export function constantCoordinates(q: readonly (readonly number[])[], count: number): number[] {
  return Array.from({ length: count }, (_, i) => i).filter((i) => {
    const values = q.map((r) => r[i]!);
    const size = values.reduce((s, v) => (Number.isFinite(v) ? Math.max(s, Math.abs(v)) : s), 1);
    return spread(values) <= STILL * size;
  });
}

/** A contact counts as closed at a sample where its gap is at most this fraction of the run's largest coordinate (events are located to 1e-10). */
const CLOSED = 1e-7;

/**
 * The coordinates a sticking contact sets while it is closed, where at every
 * sample one is (the hinged compass's hinge x, y: the standing foot's gap
 * y − l cos a and its held x + l sin a give them from the leg's angle): the
 * pair its two rows hold with constant, independent coefficients. Their
 * plots would redraw the angles' through fixed formulas, so they are left out.
 */
export function heldBySticking(model: Model, tr: Pick<ShownTrajectory, 't' | 'q'>): number[] {
  const names = model.coordinates.map((c) => c.name);
  // Each sticking contact's gap and the pair of coordinates its rows (f, ξ) solve for, if they do so with constant coefficients.
  const held = model.unilateral.flatMap((c) => {
    const tangent = pinnedTangent(c.law);
    if (tangent === undefined) return [];
    const rows = [c.gap, tangent];
    const column = (name: string): number[] | undefined => {
      const d = rows.map((r) => diff(r, name));
      return d.every((x) => x.kind === 'num') ? d.map((x) => evaluator({})(x)) : undefined;
    };
    const pair = names.flatMap((name, i) => (column(name)?.some((v) => v !== 0) ? [i] : []));
    if (pair.length !== 2) return [];
    const [a, b] = pair.map((i) => column(names[i]!)!) as [number[], number[]];
    return a[0]! * b[1]! - a[1]! * b[0]! === 0 ? [] : [{ gap: c.gap, pair }];
  });
  if (!held.length || !tr.q.length) return [];
  const params = Object.fromEntries(model.parameters.map((p) => [p.name, p.default]));
  const size = Math.max(1, ...tr.q.flatMap((r) => r.map(Math.abs)).filter(Number.isFinite));
  const closedAt = tr.q.map((r, k) => {
    const value = evaluator({ ...params, ...Object.fromEntries(names.map((n, i) => [n, r[i]!])), [model.time.name]: tr.t[k]! });
    return held.filter((h) => Math.abs(value(h.gap)) <= CLOSED * size);
  });
  return names.map((_, i) => i).filter((i) => closedAt.every((hs) => hs.some((h) => h.pair.includes(i))));
}

/**
 * Indices grouped by unit (in order of first appearance), then by size:
 * within a unit, each series (largest spread first) joins the first group
 * whose leader's spread is at most SCALE_RATIO times its own, in every
 * measure given (the phase portrait measures q and q̇); a constant series
 * joins the unit's first group. Groups and members keep the input order.
 */
export function scaleGroups(units: readonly (string | undefined)[], measures: readonly (readonly number[])[]): number[][] {
  const byUnit = new Map<string | undefined, number[]>();
  units.forEach((u, i) => byUnit.set(u, [...(byUnit.get(u) ?? []), i]));
  const out: number[][] = [];
  for (const members of byUnit.values()) {
    const largest = (i: number): number => Math.max(...measures.map((m) => m[i]!));
    const order = [...members].sort((a, b) => largest(b) - largest(a) || a - b);
    const groups: { leader: number; members: number[] }[] = [];
    for (const i of order) {
      const fits = (g: { leader: number }): boolean => measures.every((m) => m[i]! * SCALE_RATIO >= m[g.leader]!);
      const home = largest(i) === 0 ? groups[0] : groups.find(fits);
      if (home) home.members.push(i);
      else groups.push({ leader: i, members: [i] });
    }
    const sorted = groups.map((g) => g.members.sort((a, b) => a - b)).sort((a, b) => a[0]! - b[0]!);
    out.push(...sorted);
  }
  return out;
}

/**
 * Whether nothing but impacts changes the energy: no non-potential force,
 * no force-realized contact, no friction anywhere.
 */
export function conservativeBetweenEvents(model: Model): boolean {
  return (
    model.Q.every((x) => x === ZERO) &&
    !model.compliant?.length &&
    !model.patches?.length &&
    !model.realizations?.length &&
    model.unilateral.every((u) => !u.friction) &&
    model.holonomic.every((h) => !h.friction) &&
    model.hinges.length === 0
  );
}

/** Relative spread of an energy below which the run is said to keep it (integrated at rtol 1e-8: its steps' error, not the physics, as test/report/figures.test.ts bounds the drift). */
const KEPT_ENERGY = 1e-5;

/**
 * The energy's start value and its largest departure from it relative to its largest modulus, where that is below
 * KEPT_ENERGY and no drift figure shows that error as such (a spring-realized contact's run, kozlov1988 §4): its plot
 * would show only integrator steps on an energy axis, so the report says it in a line. Else undefined: plotted.
 */
export function keptEnergy(model: Model, run: { readonly energy?: readonly number[] }): { start: number; spread: number } | undefined {
  const { energy } = run;
  if (!energy?.length || conservativeBetweenEvents(model) || !energy.every(Number.isFinite)) return undefined;
  const start = energy[0]!;
  const scale = Math.max(...energy.map(Math.abs));
  if (scale === 0) return undefined;
  const spread = Math.max(...energy.map((e) => Math.abs(e - start))) / scale;
  return spread < KEPT_ENERGY ? { start, spread } : undefined;
}

/** Whether series show nothing over the shown interval: every value zero or absent (NaN); such a plot is not drawn. */
export function showsNothing(series: readonly (readonly number[])[]): boolean {
  return series.every((values) => values.every((v) => v === 0 || Number.isNaN(v)));
}

/**
 * (E − Eₖ)/|Eₖ| at every sample, Eₖ the energy at the first sample after the
 * latest event (E₀ before any): the integrator's drift, which impacts do not
 * reset. |Eₖ| below 1e-9 of the largest |E| is replaced by that largest (a
 * run whose energy passes through zero).
 */
export function energyDrift(t: readonly number[], energy: readonly number[], events: readonly { readonly t: number }[]): number[] {
  const scale = Math.max(0, ...energy.map(Math.abs).filter(Number.isFinite));
  const instants = [...new Set(events.map((e) => e.t))].sort((a, b) => a - b);
  let next = 0;
  let ref = energy[0] ?? 0;
  return t.map((s, k) => {
    // A sample after an event starts a new reference.
    if (next < instants.length && s > instants[next]!) {
      while (next < instants.length && s > instants[next]!) next++;
      ref = energy[k]!;
    }
    const denominator = Math.abs(ref) > 1e-9 * scale ? Math.abs(ref) : scale;
    return denominator > 0 ? (energy[k]! - ref) / denominator : 0;
  });
}

/** The run's accelerations where it is one uniform acceleration and nothing else (studies/uniform-motion.ts): then stated, not plotted. */
export function uniformRun(tr: Omit<ShownTrajectory, 'qd'> & Partial<Pick<ShownTrajectory, 'qd'>>): UniformMotion | undefined {
  const { qd } = tr;
  if (!qd) return undefined;
  const { shown } = shownTrajectory({ ...tr, qd });
  return uniformMotion(shown.t, shown.q, shown.qd, shown.events);
}

/**
 * A coordinate another section already plots against time from the same start at the model's parameters: a realized
 * contact's gap in the rigid-limit figure, at the study's value that is the default (kozlov1988 §3: x₁ = f at N = 100).
 */
export interface PlottedElsewhere {
  readonly coordinate: number;
  /** What it is there and at which value, for the line that says so: "the gap of wall at N = 100". */
  readonly what: readonly Inline[];
  /** The section the figure is in. */
  readonly section: string;
}
