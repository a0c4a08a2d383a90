// The distance of a realized model's motion to the rigid one over the run (kozlov1988 (2.6), (2.7): a realization
// whose limit is not the classical motion (2.4)): the largest |q_i(t) − q_rigid,i(t)| over the coordinates and
// 0 ≤ t ≤ t₁. limitDistance measures it on the limit motion (derive/motion/limit-motion.ts) at the parameters'
// defaults: what the runs' distance to the rigid model tends to. closedDistance derives it as a function of the
// parameters from the finite motion in closed form (limit-motion.ts nearMotion, up to O(e^{−cp}) after a
// transcendental end): the largest gap is found on a grid at the defaults and at each of the study's values of p,
// and where it is at the same closed-form time of the same pieces at all of them (a piece's end, the run's end
// t₁, or a root of the gap's rate), the gap there in closed form is the distance. Both motions by
// derive/motion/piecewise.ts (the rigid model's). Tests: test/studies/limit-distance.test.ts.
import { evaluate, type Env } from '../core/evaluate.js';
import { mul, num, numberExpr, sub, ZERO, type Expr } from '../core/expr.js';
import { diff } from '../core/diff.js';
import { factored, shortestOf } from '../core/factored.js';
import { subs } from '../core/subs.js';
import { together } from '../core/together.js';
import { simplify } from '../core/trig.js';
import { defaultValues } from '../model/validate/parameters.js';
import { limitMotion, nearMotion } from '../derive/motion/limit-motion.js';
import { piecewiseMotion, polynomialRoots } from '../derive/motion/piecewise.js';
import type { DerivedSystem } from '../derive/system.js';
import { initialState } from '../model/initial.js';
import { TIME } from '../model/names.js';

/** Grid steps over the run, before the largest is refined by golden sections. */
const STEPS = 2000;
const GOLDEN = (Math.sqrt(5) - 1) / 2;
/** Relative agreement of the largest gap's time with a closed-form time, taken as equal (golden sections end at 1e-13). */
const SAME_TIME = 1e-7;

interface Piece {
  readonly start: Expr;
  readonly end?: Expr;
  readonly q: readonly Expr[];
}

interface Timed extends Piece {
  readonly from: number;
  readonly to: number;
}

/** The largest gap between two piecewise motions at `env` over [0, t₁]: its value, time, coordinate and pieces. */
interface Largest {
  readonly value: number;
  readonly t: number;
  readonly coordinate: number;
  readonly pieces: readonly [number, number];
}

/**
 * The limit motion's largest distance to the rigid model's motion as `p` grows, where both are closed forms
 * to the run's end; undefined where either stops short or the rigid model lacks a coordinate.
 */
export function limitDistance(system: DerivedSystem, rigid: DerivedSystem, p: string): number | undefined {
  const limit = limitMotion(system, p);
  const classical = piecewiseMotion(rigid);
  const index = coordinateIndex(system, rigid);
  if (limit.stop || classical.stop || classical.pending || !index) return undefined;
  return largestGap(system, index, limit.pieces, classical.pieces, defaultValues(system.model.parameters))?.value;
}

/** The distance to the rigid motion in closed form (closedDistance). */
export interface ClosedDistance {
  /** max over the coordinates and 0 ≤ t ≤ t₁ of |q_i(t) − q_rigid,i(t)|, in the parameters. */
  readonly distance: Expr;
  /** The time it is attained at: the run's end t₁, a piece's end or a root of the gap's rate. */
  readonly at: Expr;
  /** The coordinate whose gap it is. */
  readonly coordinate: string;
  /** The values of p it was located at beside the default: the same closed form is the largest at each. */
  readonly values: readonly number[];
  /** After an end taken for large p (nearMotion): the distance holds up to terms O(e^{−cp}). */
  readonly approximate: boolean;
}

/**
 * The finite motion's largest distance to the rigid model's in closed form, as a function of the parameters: the
 * gap at the closed-form time where it is largest at the defaults and at each of `values` of `p`; undefined where
 * either motion stops short, or where the largest gap is not at the same closed-form time of the same pieces at all.
 */
export function closedDistance(system: DerivedSystem, rigid: DerivedSystem, p: string, values: readonly number[]): ClosedDistance | undefined {
  const finite = nearMotion(system, p);
  const classical = piecewiseMotion(rigid);
  if (finite.stop || finite.pending || classical.stop || classical.pending) return undefined;
  const { t1 } = initialState(system.model);
  const index = coordinateIndex(system, rigid);
  if (!index) return undefined;
  // The times the largest gap may be at in closed form: the run's ends and the pieces' ends.
  const ends = [ZERO, numberExpr(t1), ...[...finite.pieces, ...classical.pieces].flatMap((x) => (x.end ? [x.end] : []))];
  const defaults = defaultValues(system.model.parameters);
  const located = [defaults, ...values.map((v) => ({ ...defaults, [p]: v }))].map((env) => {
    const largest = largestGap(system, index, finite.pieces, classical.pieces, env);
    if (!largest) return undefined;
    const [a, b] = [finite.pieces[largest.pieces[0]]!, classical.pieces[largest.pieces[1]]!];
    const gap = sub(a.q[largest.coordinate]!, b.q[index[largest.coordinate]!]!);
    const near = (x: Expr): boolean => Math.abs(evaluate(x, env) - largest.t) <= SAME_TIME * Math.max(1, t1);
    const at = ends.find(near) ?? polynomialRoots(diff(gap, TIME))?.find(near);
    return at && { ...largest, at, gap, sign: Math.sign(evaluate(subs(gap, new Map([[TIME, at]])), env)) };
  });
  const [first] = located;
  const same = (x: (typeof located)[number]): boolean =>
    x !== undefined &&
    x.at === first!.at &&
    x.coordinate === first!.coordinate &&
    x.sign === first!.sign &&
    x.pieces[0] === first!.pieces[0] &&
    x.pieces[1] === first!.pieces[1];
  if (!first || first.sign === 0 || !located.every(same)) return undefined;
  const distance = simplify(mul(num(first.sign), subs(first.gap, new Map([[TIME, first.at]]))));
  return {
    distance: shortestOf(distance, [together, factored]),
    at: first.at,
    coordinate: system.model.coordinates[first.coordinate]!.name,
    values,
    approximate: finite.approximate,
  };
}

/** Each coordinate's index among the rigid model's, undefined where it lacks one. */
function coordinateIndex(system: DerivedSystem, rigid: DerivedSystem): readonly number[] | undefined {
  const names = rigid.model.coordinates.map((c) => c.q.name);
  const index = system.model.coordinates.map((c) => names.indexOf(c.q.name));
  return index.includes(-1) ? undefined : index;
}

/** The largest |a_i(t) − b_{index[i]}(t)| over the coordinates and 0 ≤ t ≤ t₁ at `env`, on a grid refined by golden sections. */
function largestGap(system: DerivedSystem, index: readonly number[], a: readonly Piece[], b: readonly Piece[], env: Env): Largest | undefined {
  const { t1 } = initialState(system.model, env);
  const timed = (pieces: readonly Piece[]): Timed[] => pieces.map((x) => ({ ...x, from: evaluate(x.start, env), to: x.end ? evaluate(x.end, env) : Infinity }));
  const [ta, tb] = [timed(a), timed(b)];
  const at = (pieces: readonly Timed[], t: number): number => pieces.findIndex((x) => x.from <= t && t <= x.to);
  const gaps = (t: number): { readonly values: readonly number[]; readonly pieces: readonly [number, number] } | undefined => {
    const [i, j] = [at(ta, t), at(tb, t)];
    if (i < 0 || j < 0) return undefined;
    const point = { ...env, [TIME]: t };
    return { values: ta[i]!.q.map((e, k) => Math.abs(evaluate(e, point) - evaluate(tb[j]!.q[index[k]!]!, point))), pieces: [i, j] };
  };
  const gap = (t: number): number => Math.max(...(gaps(t)?.values ?? [NaN]));
  const grid = Array.from({ length: STEPS + 1 }, (_, k) => (k * t1) / STEPS);
  const values = grid.map(gap);
  if (values.some((v) => !Number.isFinite(v))) return undefined;
  const k = values.indexOf(Math.max(...values));
  const refined = goldenMax(gap, grid[Math.max(0, k - 1)]!, grid[Math.min(STEPS, k + 1)]!);
  const t = refined.value > values[k]! ? refined.t : grid[k]!;
  const there = gaps(t)!;
  const value = Math.max(...there.values);
  return { value, t, coordinate: there.values.indexOf(value), pieces: there.pieces };
}

/** The largest value of f on [lo, hi] and where, by golden sections, f unimodal there (about a grid's largest point). */
function goldenMax(f: (t: number) => number, lo: number, hi: number): { readonly value: number; readonly t: number } {
  let [a, b] = [lo, hi];
  for (let i = 0; i < 60 && b - a > 1e-13 * Math.max(1, Math.abs(b)); i++) {
    const [c, d] = [b - GOLDEN * (b - a), a + GOLDEN * (b - a)];
    if (f(c) >= f(d)) b = d;
    else a = c;
  }
  const t = (a + b) / 2;
  return { value: f(t), t };
}
