// The playground's sketch of a model, as data for the page to draw frame by
// frame: the points of the model's declared drawing (ModelSpec.drawing:
// points, bars, discs, fixed lines) or, without one, its particles,
// evaluated at every sample of a run with the run's own parameter values
// (a slider that changes the compass's α changes its legs). Minimal on
// purpose: the report's sketch (src/report/sketch.ts) draws the same
// declaration at the defaults; this one only has to move.
import { sym, ZERO, type Expr } from '../src/core/expr.js';
import { evaluate } from '../src/core/evaluate.js';
import { parseExpr } from '../src/core/parse.js';
import type { ModelSpec, Model } from '../src/model/index.js';
import { ExprReader } from '../src/model/validate/expressions.js';
import { Problems } from '../src/model/validate/problems.js';
import type { Trajectory } from '../src/runtime/trajectory.js';

/** A line a·x + b·y + c = 0 of the plane. */
export interface Line {
  readonly a: number;
  readonly b: number;
  readonly c: number;
}

export interface Sketch {
  readonly names: readonly string[];
  /** Index pairs into names. */
  readonly segments: readonly (readonly [number, number])[];
  readonly discs: readonly { readonly center: number; readonly radius: number }[];
  readonly ground: readonly Line[];
  /** Per sample of the run: x₀, y₀, x₁, y₁, … in point order. */
  readonly xy: readonly (readonly number[])[];
}

type ExprInput = string | number | Expr;
interface DrawingInput {
  readonly points: Readonly<Record<string, readonly [ExprInput, ExprInput]>>;
  readonly segments?: readonly (readonly [string, string])[];
  readonly discs?: readonly { readonly center: string; readonly radius: ExprInput }[];
  readonly ground?: string | readonly string[];
}

/** The declared drawing, else one point per particle (its first and last component). */
function drawingOf(spec: ModelSpec): DrawingInput | undefined {
  const declared = (spec as { readonly drawing?: DrawingInput }).drawing;
  if (declared) return declared;
  const ps = spec.particles ?? [];
  if (ps.length === 0) return undefined;
  return { points: Object.fromEntries(ps.map((p, i) => [`P${i + 1}`, [p.position[0] ?? 0, p.position[p.position.length - 1] ?? 0] as const])) };
}

/** 'y = -x*tan(alpha)' as a line, from its values at three points (undefined if it is not one). */
function line(text: string, env: Readonly<Record<string, number>>): Line | undefined {
  const sides = text.split('=');
  if (sides.length !== 2) return undefined;
  const X = sym('plane·x'), Y = sym('plane·y');
  const scope = { symbol: (n: string) => (n === 'x' ? X : n === 'y' ? Y : sym(n)) };
  const [l, r] = [parseExpr(sides[0]!, scope), parseExpr(sides[1]!, scope)];
  const at = (x: number, y: number): number => {
    const e = { ...env, [X.name]: x, [Y.name]: y };
    return evaluate(l, e) - evaluate(r, e);
  };
  const c = at(0, 0);
  const a = at(1, 0) - c, b = at(0, 1) - c;
  return a === 0 && b === 0 ? undefined : { a, b, c };
}

/**
 * The sketch of a run, or undefined when the model has nothing to draw or
 * its drawing does not evaluate (the report names that problem; the
 * playground then shows the plots alone).
 */
export function sketchOf(spec: ModelSpec, model: Model, params: Readonly<Record<string, number>>, run: Pick<Trajectory, 't' | 'q'>): Sketch | undefined {
  const drawing = drawingOf(spec);
  if (!drawing) return undefined;
  const reader = new ExprReader(model.coordinates, model.parameters);
  const out = new Problems(model.name);
  const names = Object.keys(drawing.points);
  const read = (x: ExprInput): Expr => reader.read(x, 'drawing', out) ?? ZERO;
  const points = names.map((n) => drawing.points[n]!.map(read));
  const index = (n: string): number => names.indexOf(n);
  const segments = (drawing.segments ?? []).map(([a, b]) => [index(a), index(b)] as const).filter(([a, b]) => a >= 0 && b >= 0);
  const grounds = drawing.ground === undefined ? [] : typeof drawing.ground === 'string' ? [drawing.ground] : drawing.ground;
  try {
    const base: Record<string, number> = {};
    for (const p of model.parameters) base[p.symbol.name] = params[p.name] ?? p.default;
    const discs = (drawing.discs ?? []).map((d) => ({ center: index(d.center), radius: evaluate(read(d.radius), base) })).filter((d) => d.center >= 0);
    if (out.list.length) return undefined;
    const ground = grounds.map((g) => line(g, base)).filter((g): g is Line => g !== undefined);
    const xy = run.q.map((q, i) => {
      const env: Record<string, number> = { ...base, [model.time.name]: run.t[i]! };
      model.coordinates.forEach((c, k) => (env[c.q.name] = q[k]!));
      return points.flatMap(([x, y]) => [evaluate(x!, env), evaluate(y!, env)]);
    });
    return { names, segments, discs, ground, xy };
  } catch {
    return undefined;
  }
}
