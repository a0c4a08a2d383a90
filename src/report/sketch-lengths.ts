// The lengths a sketch names: a segment whose length is one parameter at
// every configuration (the compass walker's legs, l) carries that
// parameter's symbol beside its middle, on the side away from the drawing's
// other points. Read from the drawing's symbolic points; drawn in a still
// figure only (the animation moves its bars under fixed marks).
// Tests: test/report/sketch.test.ts.
import { evaluate } from '../core/evaluate.js';
import { add, freeSymbols, pow, sub, type Expr } from '../core/expr.js';
import { simplify } from '../core/trig.js';
import type { Drawing, Model } from '../model/types.js';
import { mechanicsSymbol } from './notation.js';
import type { SceneItem, SceneText } from './scene.js';
import { box, overlap } from './sketch-labels.js';
import { plainSymbol } from './sketch-marks.js';

/** Pixels between a segment and its length's symbol. */
const OFFSET = 11;

/**
 * Whether e takes different values at two points that share the parameters' values and differ in every other symbol
 * (coordinates, t): then no simplification of it is a parameter's square. Roundoff apart, values that agree say
 * nothing, nor do non-finite ones.
 */
function variesBeyondParameters(e: Expr, model: Model): boolean {
  const params = new Set(model.parameters.map((x) => x.name));
  const free = [...freeSymbols(e)].filter((name) => !params.has(name));
  if (free.length === 0) return false;
  const at = (shift: number): number =>
    evaluate(e, {
      ...Object.fromEntries(model.parameters.map((x) => [x.name, x.default])),
      ...Object.fromEntries(free.map((name, k) => [name, shift + 0.13 * k])),
    });
  const [u, v] = [at(0.31), at(0.74)];
  return Number.isFinite(u) && Number.isFinite(v) && Math.abs(u - v) > 1e-9 * (Math.abs(u) + Math.abs(v));
}

/** The parameter a segment's length equals identically, if any: |P_a − P_b|² simplifies to p². */
function lengthParameter(drawing: Drawing, model: Model, a: number, b: number): string | undefined {
  const [p, q] = [drawing.points[a]!, drawing.points[b]!];
  const squared = add(pow(sub(p.x, q.x), 2), pow(sub(p.y, q.y), 2));
  // Simplifying it costs seconds on the bicycle's wheels; a length that moves with the coordinates is none.
  if (variesBeyondParameters(squared, model)) return undefined;
  const d2 = simplify(squared);
  if (d2.kind !== 'pow' || d2.base.kind !== 'sym' || d2.exp.kind !== 'num' || !(d2.exp.value.n === 2 && d2.exp.value.d === 1)) return undefined;
  const name = d2.base.name;
  return model.parameters.some((x) => x.name === name) ? name : undefined;
}

/**
 * The length symbols of the drawing's segments at pixel positions x₀, y₀, … of its points, each off the texts of
 * `marks`: at the segment's middle, else a quarter further along or back (the walker's b beside its angle a1).
 */
export function lengthItems(drawing: Drawing, model: Model, pixels: readonly number[], marks: readonly SceneItem[] = []): SceneItem[] {
  const taken = marks.flatMap((i) => (i.kind === 'text' ? [box(i)] : []));
  const n = drawing.points.length;
  const [cx, cy] = [0, 1].map((k) => pixels.filter((_, i) => i % 2 === k).reduce((s, v) => s + v, 0) / n) as [number, number];
  return drawing.segments.flatMap(([a, b]): SceneItem[] => {
    const name = lengthParameter(drawing, model, a, b);
    if (!name) return [];
    const [x1, y1, x2, y2] = [pixels[2 * a]!, pixels[2 * a + 1]!, pixels[2 * b]!, pixels[2 * b + 1]!];
    const len = Math.hypot(x2 - x1, y2 - y1);
    if (len === 0) return [];
    const [mx, my] = [(x1 + x2) / 2, (y1 + y2) / 2];
    // The normal pointing away from the points' centroid.
    let [nx, ny] = [-(y2 - y1) / len, (x2 - x1) / len];
    if (nx * (mx - cx) + ny * (my - cy) < 0) [nx, ny] = [-nx, -ny];
    const at = (t: number): SceneText => ({
      kind: 'text',
      cls: 'length-name',
      x: x1 + t * (x2 - x1) + OFFSET * nx,
      y: y1 + t * (y2 - y1) + OFFSET * ny + 4,
      text: plainSymbol(name),
      tex: `$${mechanicsSymbol(name)}$`,
      anchor: nx > 0.3 ? 'start' : nx < -0.3 ? 'end' : 'middle',
      size: 13,
      fill: '#444444',
    });
    const places = [0.5, 0.75, 0.25].map(at);
    return [places.find((t) => !taken.some((o) => overlap(o, box(t)))) ?? places[0]!];
  });
}
