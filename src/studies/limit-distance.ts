// The distance of the limit motion to the rigid one over the run (kozlov1988 (2.6), (2.7): a realization whose
// limit is not the classical motion (2.4)): the largest |q_∞,i(t) − q_rigid,i(t)| over the coordinates and
// 0 ≤ t ≤ t₁, at the parameters' defaults, with both motions in closed form (derive/motion/limit-motion.ts and
// derive/motion/piecewise.ts of the rigid model). It is what the runs' distance to the rigid model tends to.
// Tests: test/studies/limit-distance.test.ts.
import { evaluate, type Env } from '../core/evaluate.js';
import type { Expr } from '../core/expr.js';
import { limitMotion } from '../derive/motion/limit-motion.js';
import { piecewiseMotion } from '../derive/motion/piecewise.js';
import type { DerivedSystem } from '../derive/system.js';
import { initialState } from '../model/initial.js';
import { TIME } from '../model/names.js';

/** Grid steps over the run, before the largest is refined by golden sections. */
const STEPS = 2000;
const GOLDEN = (Math.sqrt(5) - 1) / 2;

interface Timed {
  readonly start: number;
  readonly end: number;
  readonly q: readonly Expr[];
}

/**
 * The limit motion's largest distance to the rigid model's motion as `p` grows, where both are closed forms
 * to the run's end; undefined where either stops short or the rigid model lacks a coordinate.
 */
export function limitDistance(system: DerivedSystem, rigid: DerivedSystem, p: string): number | undefined {
  const env: Env = Object.fromEntries(system.model.parameters.map((x) => [x.name, x.default]));
  const { t1 } = initialState(system.model);
  const limit = limitMotion(system, p);
  const classical = piecewiseMotion(rigid);
  if (limit.stop || classical.stop || classical.pending) return undefined;
  const timed = (pieces: readonly { readonly start: Expr; readonly end?: Expr; readonly q: readonly Expr[] }[]): Timed[] =>
    pieces.map((x) => ({ start: evaluate(x.start, env), end: x.end ? evaluate(x.end, env) : Infinity, q: x.q }));
  const a = timed(limit.pieces);
  const names = rigid.model.coordinates.map((c) => c.q.name);
  const index = system.model.coordinates.map((c) => names.indexOf(c.q.name));
  if (index.includes(-1)) return undefined;
  const b = timed(classical.pieces);
  const at = (pieces: readonly Timed[], t: number): readonly Expr[] | undefined => pieces.find((x) => x.start <= t && t <= x.end)?.q;
  const gap = (t: number): number => {
    const [qa, qb] = [at(a, t), at(b, t)];
    if (!qa || !qb) return NaN;
    const point = { ...env, [TIME]: t };
    return Math.max(...qa.map((e, i) => Math.abs(evaluate(e, point) - evaluate(qb[index[i]!]!, point))));
  };
  const grid = Array.from({ length: STEPS + 1 }, (_, k) => (k * t1) / STEPS);
  const values = grid.map(gap);
  if (values.some((v) => !Number.isFinite(v))) return undefined;
  const k = values.indexOf(Math.max(...values));
  return Math.max(values[k]!, goldenMax(gap, grid[Math.max(0, k - 1)]!, grid[Math.min(STEPS, k + 1)]!));
}

/** The largest value of f on [lo, hi] by golden sections, f unimodal there (about a grid's largest point). */
function goldenMax(f: (t: number) => number, lo: number, hi: number): number {
  let [a, b] = [lo, hi];
  for (let i = 0; i < 60 && b - a > 1e-13 * Math.max(1, Math.abs(b)); i++) {
    const [c, d] = [b - GOLDEN * (b - a), a + GOLDEN * (b - a)];
    if (f(c) >= f(d)) b = d;
    else a = c;
  }
  return f((a + b) / 2);
}
