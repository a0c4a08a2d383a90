// The rigid limit as a result (Kozlov 1988: realize a constraint with a
// mechanism of strength N and let N → ∞): simulate one model for a list of
// values of a parameter, tabulate what the contact did — its release times,
// contact duration, restitution — and the distance of the motion to a
// reference (the rigid model's motion from the same state), and fit the
// order r of convergence of each quantity, |x_N − x_∞| ≈ C·N^{−r}, by least
// squares on log|x_N − x_∞| against log N. Where the limit x_∞ is not given,
// the differences of successive values stand in for the errors: for
// geometrically spaced N they decrease with the same order.
// Tests: test/unilateral/rigid-limit.test.ts.

import type { GeneratedModel, Params } from './contract.js';
import { SimulationError } from './errors.js';
import { simulate } from './simulate.js';
import type { SimulateOptions, Trajectory } from './trajectory.js';

export interface LimitStudyOptions extends SimulateOptions {
  /** The parameter that grows (N). */
  readonly parameter: string;
  readonly values: readonly number[];
  /** The compliant contact whose events are tabulated (model.compliant order; default 0). */
  readonly compliantContact?: number;
  /** A module whose motion from the same state is the reference (the rigid model); it may take fewer parameters. */
  readonly reference?: GeneratedModel;
  /** Known limits, where the theory gives them (Kozlov's 2 + √2, Theorem 3's e = exp(−πk/ω), …). */
  readonly limits?: { readonly release?: number; readonly restitution?: number; readonly duration?: number };
}

export interface LimitRow {
  readonly value: number;
  /** Times at which the contact started, and ended (model events 'contact' and 'release'). */
  readonly contacts: readonly number[];
  readonly releases: readonly number[];
  /** The last release (NaN if none). */
  readonly release: number;
  /** From the first contact to the first release after it (NaN without both). */
  readonly duration: number;
  /** −ḟ at that release over ḟ at that contact: the normal restitution of the first impact (NaN without both). */
  readonly restitution: number;
  /** max over the output grid of |q − q_ref| (NaN without a reference). */
  readonly distance: number;
}

export interface LimitStudy {
  readonly parameter: string;
  readonly rows: readonly LimitRow[];
  /** Fitted orders r of |x_N − x_∞| ≈ C N^{−r} (NaN when fewer than two usable points). */
  readonly orders: { readonly release: number; readonly duration: number; readonly restitution: number; readonly distance: number };
}

export function rigidLimitStudy(module: GeneratedModel, opts: LimitStudyOptions): LimitStudy {
  const { parameter, values } = opts;
  const name = module.model.name;
  if (!module.model.parameters.some((p) => p.name === parameter)) {
    throw new SimulationError('unknown-parameter', 'input', `'${parameter}' is not a parameter of ${name}`, { model: name, field: 'parameter' });
  }
  if (values.length === 0 || values.some((v) => !(v > 0 && Number.isFinite(v)))) {
    throw new SimulationError('invalid-option', 'input', `the values of ${parameter} must be positive finite numbers, got [${values.join(', ')}]`, { model: name, field: 'values' });
  }
  const j = opts.compliantContact ?? 0;
  const reference = opts.reference ? simulate(opts.reference, { ...opts, params: onlyKnown(opts.reference, opts.params ?? {}) }) : undefined;
  const rows = values.map((value): LimitRow => {
    const params = { ...opts.params, [parameter]: value };
    return row(module, simulate(module, { ...opts, params }), params, value, j, reference);
  });
  const N = rows.map((r) => r.value);
  const orders = {
    release: fitOrder(N, rows.map((r) => r.release), opts.limits?.release),
    duration: fitOrder(N, rows.map((r) => r.duration), opts.limits?.duration),
    restitution: fitOrder(N, rows.map((r) => r.restitution), opts.limits?.restitution),
    distance: fitOrder(N, rows.map((r) => r.distance), 0),
  };
  return { parameter, rows, orders };
}

/** The parameters a reference module has. */
function onlyKnown(module: GeneratedModel, params: Params): Params {
  return Object.fromEntries(Object.entries(params).filter(([k]) => module.model.parameters.some((p) => p.name === k)));
}

/** What contact j did in one run (at `params`, where the parameter is `value`). */
function row(module: GeneratedModel, run: Trajectory, params: Params, value: number, j: number, reference: Trajectory | undefined): LimitRow {
  const mine = run.events.filter((e) => e.contacts.includes(j));
  const contacts = mine.filter((e) => e.type === 'contact');
  const releases = mine.filter((e) => e.type === 'release');
  const first = contacts[0];
  const after = first && releases.find((e) => e.t > first.t);
  const rate = (e: { t: number; q: number[]; qd: number[] }): number => module.compliantContacts!(e.t, e.q, e.qd, params)[3 * j + 1]!;
  return {
    value,
    contacts: contacts.map((e) => e.t),
    releases: releases.map((e) => e.t),
    release: releases.length ? releases[releases.length - 1]!.t : NaN,
    duration: first && after ? after.t - first.t : NaN,
    restitution: first && after && module.compliantContacts ? -rate(after) / rate(first) : NaN,
    distance: reference ? gridDistance(run, reference) : NaN,
  };
}

/** max over the common grid of |q − q_ref| (the runs share t0, t1 and samples). */
function gridDistance(a: Trajectory, b: Trajectory): number {
  let worst = 0;
  const count = Math.min(a.t.length, b.t.length);
  for (let k = 0; k < count; k++) a.q[k]!.forEach((x, i) => (worst = Math.max(worst, Math.abs(x - b.q[k]![i]!))));
  return worst;
}

/**
 * The order r of |x_N − x_∞| ≈ C N^{−r}: least squares of log|x_N − x_∞| on
 * log N; without x_∞, of log|x_{N_{k+1}} − x_{N_k}| on log N_k. NaN with fewer
 * than two finite, non-zero errors.
 */
export function fitOrder(N: readonly number[], x: readonly number[], limit?: number): number {
  const pts: [number, number][] = [];
  if (limit !== undefined) N.forEach((v, k) => pts.push([v, Math.abs(x[k]! - limit)]));
  else for (let k = 0; k + 1 < N.length; k++) pts.push([N[k]!, Math.abs(x[k + 1]! - x[k]!)]);
  const use = pts.filter(([v, e]) => Number.isFinite(e) && e > 0 && v > 0).map(([v, e]) => [Math.log(v), Math.log(e)] as const);
  if (use.length < 2) return NaN;
  const mx = use.reduce((s, [u]) => s + u, 0) / use.length;
  const my = use.reduce((s, [, w]) => s + w, 0) / use.length;
  const sxy = use.reduce((s, [u, w]) => s + (u - mx) * (w - my), 0);
  const sxx = use.reduce((s, [u]) => s + (u - mx) ** 2, 0);
  return -sxy / sxx;
}
