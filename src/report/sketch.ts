// The sketch of a model: its declared drawing (ModelSpec.drawing) or, by
// default, its geometry's (model/geometry/sketch.ts) or its particles, read
// against the model's own names and evaluated at a configuration; drawn as
// a scene (scene.ts) at the initial state, and frame by frame by the
// animation (animation.ts), with the marks the model declares or implies
// beside it (sketch-annotations.ts, sketch-marks.ts).
// Tests: test/report/sketch.test.ts.
import { evaluate, evaluator } from '../core/evaluate.js';
import { MechanicsError } from '../errors.js';
import type { DrawingSpec, ModelSpec } from '../model/spec.js';
import type { Drawing, GroundLine, Model } from '../model/types.js';
import { checkDrawing } from '../model/validate/drawing.js';
import { contour } from './contour.js';
import { fitted, type Scene, type SceneItem } from './scene.js';
import { sketchAnnotations } from './sketch-annotations.js';
import { elementItems } from './sketch-elements.js';
import { markItems, plainSymbol, surfaceMarks } from './sketch-marks.js';
import { mechanicsSymbol } from './notation.js';
import { lengthItems } from './sketch-lengths.js';
import { placedNames } from './sketch-labels.js';
import { GROUND, parameterEnv, toPx, type Box, type View } from './sketch-view.js';
import { PLANE_X, PLANE_Y } from '../model/validate/drawing.js';

/**
 * The drawing of a model: its declared one, its geometry's, or points at
 * its particles' positions (a spatial particle is drawn in its first and
 * last component, the side view of a model whose vertical is z), read
 * against the model (model/validate/drawing.ts, which buildModel has already
 * run on a declared one; here at the model's parameter values, which the
 * playground changes).
 * Undefined when there is nothing to draw. Errors name the field
 * ('drawing.points.hip[0]').
 */
export function modelDrawing(spec: ModelSpec, model: Model): Drawing | undefined {
  const declared = spec.drawing ?? model.sketch ?? particleDrawing(spec);
  if (!declared) return undefined;
  const { value, problems } = checkDrawing(declared, model, model.name);
  if (problems.length)
    throw new MechanicsError(
      problems[0]!.code,
      'model',
      `the drawing has ${problems.length} problem(s): ${problems.map((p) => p.message).join('; ')}`,
      { model: model.name, field: 'drawing' },
      problems,
    );
  return value;
}

/** The default drawing: one point per particle, unlabelled (P1, P2, … say nothing). */
function particleDrawing(spec: ModelSpec): DrawingSpec | undefined {
  const ps = spec.particles ?? [];
  if (ps.length === 0) return undefined;
  return { points: Object.fromEntries(ps.map((p, i) => [`P${i + 1}`, [p.position[0] ?? 0, p.position[p.position.length - 1] ?? 0] as const])), labels: false };
}

/** Where everything is at one configuration, in model units. */
export interface Pose {
  /** x₀, y₀, x₁, y₁, … in point order. */
  readonly xy: readonly number[];
}

/** A function from the coordinates q to the pose (the environment: the parameters at their defaults). */
export function poser(drawing: Drawing, model: Model): (q: readonly number[], t?: number) => Pose {
  const base = parameterEnv(model);
  return (q, t = 0) => {
    const env: Record<string, number> = { ...base, [model.time.name]: t };
    model.coordinates.forEach((c, i) => (env[c.q.name] = q[i]!));
    // One evaluator for all the points: their coordinates share subexpressions (the bicycle's wheels, its frame).
    const at = evaluator(env);
    return { xy: drawing.points.flatMap((p) => [at(p.x), at(p.y)]) };
  };
}

export function boundingBox(drawing: Drawing, model: Model, poses: readonly Pose[]): Box {
  const env = parameterEnv(model);
  const radii = drawing.discs.map((d) => evaluate(d.radius, env));
  let xMin = Infinity;
  let xMax = -Infinity;
  let yMin = Infinity;
  let yMax = -Infinity;
  const take = (x: number, y: number, r: number): void => {
    if (!Number.isFinite(x) || !Number.isFinite(y)) return;
    xMin = Math.min(xMin, x - r);
    xMax = Math.max(xMax, x + r);
    yMin = Math.min(yMin, y - r);
    yMax = Math.max(yMax, y + r);
  };
  for (const p of poses) {
    for (let i = 0; i < drawing.points.length; i++) take(p.xy[2 * i]!, p.xy[2 * i + 1]!, 0);
    drawing.discs.forEach((d, k) => take(p.xy[2 * d.center]!, p.xy[2 * d.center + 1]!, Math.abs(radii[k]!)));
  }
  if (xMin === Infinity) return { xMin: -1, xMax: 1, yMin: -1, yMax: 1 };
  // The supports in view: each ground line's point nearest the bodies (the point between its planes), …
  const [cx, cy] = [(xMin + xMax) / 2, (yMin + yMax) / 2];
  const reach = Math.max(xMax - xMin, yMax - yMin);
  for (const g of drawing.ground) {
    const n2 = g.a * g.a + g.b * g.b;
    const d = (g.a * cx + g.b * cy + g.c) / n2;
    if (reach === 0 || Math.abs(d) * Math.sqrt(n2) <= 3 * reach) take(cx - d * g.a, cy - d * g.b, 0);
  }
  // … and each surface where it passes within 0.75 of the bodies' extent (a billiard's whole wall), or
  // nearest them in a region grown fourfold at a time (a point at rest inside the wall).
  for (const surface of sketchAnnotations(drawing, model).surfaces) {
    const f = (x: number, y: number): number => evaluate(surface.f, { ...env, [PLANE_X.name]: x, [PLANE_Y.name]: y });
    for (let around = Math.max(reach, 1e-3) * 0.75, k = 0; k < 8; k++, around *= 4) {
      const lines = contour(f, { xMin: cx - around, xMax: cx + around, yMin: cy - around, yMax: cy + around }, 48);
      for (const line of lines) for (let i = 0; i < line.length; i += 2) take(line[i]!, line[i + 1]!, 0);
      if (lines.length) break;
    }
  }
  // A flat box (a ball moving on a vertical line, a point between planes) is widened to two thirds of its length; then 12 % padding.
  const span = Math.max(xMax - xMin, yMax - yMin, 1e-6);
  const widen = (lo: number, hi: number): [number, number] => {
    const half = Math.max((hi - lo) / 2, span / 3) * 1.12;
    const mid = (lo + hi) / 2;
    return [mid - half, mid + half];
  };
  const [x0, x1] = widen(xMin, xMax);
  const [y0, y1] = widen(yMin, yMax);
  return { xMin: x0, xMax: x1, yMin: y0, yMax: y1 };
}

const INK = '#1d1d1d';
const BAR = '#0072b2';

/** The ground line clipped to the view, with short hatches on its solid side. */
function groundItems(g: GroundLine, v: View): SceneItem[] {
  const { xMin, xMax, yMin, yMax } = v.box;
  // The line's points on the box edges, from a point on it and its direction.
  const n = Math.hypot(g.a, g.b);
  const [nx, ny] = [g.a / n, g.b / n];
  const p0: [number, number] = [(-g.c / n) * nx, (-g.c / n) * ny];
  const d: [number, number] = [-ny, nx];
  let lo = -Infinity;
  let hi = Infinity;
  const clip = (p: number, dp: number, min: number, max: number): void => {
    if (Math.abs(dp) < 1e-12) {
      if (p < min || p > max) [lo, hi] = [1, 0];
      return;
    }
    const [s0, s1] = [(min - p) / dp, (max - p) / dp].sort((a, b) => a - b) as [number, number];
    lo = Math.max(lo, s0);
    hi = Math.min(hi, s1);
  };
  clip(p0[0], d[0], xMin, xMax);
  clip(p0[1], d[1], yMin, yMax);
  if (!(hi > lo)) return [];
  const [ax, ay] = toPx(v, p0[0] + lo * d[0], p0[1] + lo * d[1]);
  const [bx, by] = toPx(v, p0[0] + hi * d[0], p0[1] + hi * d[1]);
  const items: SceneItem[] = [{ kind: 'line', cls: 'ground', x1: ax, y1: ay, x2: bx, y2: by, stroke: GROUND, width: 1.5 }];
  // Hatches every 10 px, 7 px long, slanted into the solid (−n in model units is +ny down in pixels).
  const len = Math.hypot(bx - ax, by - ay);
  const [ux, uy] = [(bx - ax) / len, (by - ay) / len];
  const [hx, hy] = [-nx * 7, ny * 7];
  for (let s = 5; s < len; s += 10) {
    const [x, y] = [ax + ux * s, ay + uy * s];
    items.push({ kind: 'line', cls: 'hatch', x1: x, y1: y, x2: x + hx - ux * 4, y2: y + hy - uy * 4, stroke: GROUND, width: 0.8 });
  }
  return items;
}

/**
 * The moving part of the sketch at one pose: bars, discs, points (and
 * their names). Elements carry data-* indices, which the animation moves.
 */
export function bodyItems(drawing: Drawing, model: Model, pose: Pose, v: View): SceneItem[] {
  const env = parameterEnv(model);
  const at = (i: number): [number, number] => toPx(v, pose.xy[2 * i]!, pose.xy[2 * i + 1]!);
  const items: SceneItem[] = [];
  drawing.discs.forEach((d, k) => {
    const [cx, cy] = at(d.center);
    items.push({
      kind: 'circle',
      cls: 'disc',
      cx,
      cy,
      r: Math.abs(evaluate(d.radius, env)) * v.scale,
      fill: '#dbe9f6',
      stroke: BAR,
      attrs: { 'data-c': `${d.center}`, 'data-k': `${k}` },
    });
  });
  drawing.segments.forEach(([a, b]) => {
    const [x1, y1] = at(a);
    const [x2, y2] = at(b);
    items.push({ kind: 'line', cls: 'bar', x1, y1, x2, y2, stroke: BAR, width: 3, attrs: { 'data-a': `${a}`, 'data-b': `${b}` } });
  });
  const supports = new Set(drawing.annotations.supports);
  // An arrow's tip is its head and a note's point its label: neither is drawn as a point.
  // A point declared hidden only places a mark (an arrow's tail, a spring's fixed end).
  const marks = new Set([...(drawing.annotations.vectors ?? []).map((a) => a.to), ...(drawing.annotations.notes ?? []).map((n) => n.at), ...drawing.hidden]);
  const parameters = new Set(model.parameters.map((x) => x.name));
  const named = (name: string): string | undefined => {
    const stem = name.replace(/\d+$/, '');
    return parameters.has(name) ? name : parameters.has(stem) ? stem : undefined;
  };
  drawing.points.forEach((p, i) => {
    if (marks.has(i)) return;
    const [cx, cy] = at(i);
    // A support is an open circle: where the body bears, not a body of its own.
    if (supports.has(i)) items.push({ kind: 'circle', cls: 'point support', cx, cy, r: 3.5, fill: '#ffffff', stroke: INK, attrs: { 'data-p': `${i}` } });
    else items.push({ kind: 'circle', cls: 'point', cx, cy, r: 4, fill: INK, attrs: { 'data-p': `${i}` } });
    if (drawing.labels || supports.has(i))
      items.push({
        kind: 'text',
        cls: 'name',
        x: cx + 7,
        y: cy - 6,
        // A point named after a parameter (the compass walker's hip mass mH) reads as its symbol, m_H; so does one
        // numbered after it (its legs' masses m1 and m2, each m).
        ...(named(p.name)
          ? { text: plainSymbol(named(p.name)!), tex: `$${mechanicsSymbol(named(p.name)!)}$` }
          : { text: p.name, tex: `\\textit{${p.name.replace(/[^A-Za-z0-9']/g, '')}}` }),
        anchor: 'start',
        size: 12,
        fill: INK,
        attrs: { 'data-p': `${i}` },
      });
  });
  return items;
}

/**
 * The sketch at one configuration (the initial one in the report), framed
 * to hold `poses` (all of the motion), with its marks: the angles' arcs only
 * in a still figure (`angles`), the animation moving its bodies under fixed
 * marks. The view box grows to hold every label.
 */
export function sketchScene(id: string, title: string, drawing: Drawing, model: Model, pose: Pose, v: View, angles = true): Scene {
  const pixels = pose.xy.map((c, k) => (k % 2 === 0 ? (c - v.box.xMin) * v.scale : (v.box.yMax - c) * v.scale));
  const marks = sketchAnnotations(drawing, model);
  const marked = markItems(marks, model, pixels, v, angles);
  return fitted({
    id,
    cls: 'sketch',
    title,
    width: v.width,
    height: v.height,
    items: (angles ? placedNames : (items: SceneItem[]) => items)([
      ...drawing.ground.flatMap((g) => groundItems(g, v)),
      ...surfaceMarks(marks, model, v),
      ...(angles ? elementItems(drawing, (i) => [pixels[2 * i]!, pixels[2 * i + 1]!]) : []),
      ...bodyItems(drawing, model, pose, v),
      ...marked,
      ...(angles ? lengthItems(drawing, model, pixels, marked) : []),
    ]),
  });
}
