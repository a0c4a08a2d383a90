// The marks a sketch draws beside the bodies (sketch-annotations.ts says
// which): the plane's axes as labelled arrows, each angle coordinate as an
// arc from its reference direction with its symbol, the gravity arrow, the
// surfaces f(x, y) = 0 hatched on their solid side, in pixels of the view.
// Tests: test/report/sketch.test.ts, test/report/figures.test.ts.
import { evaluate } from '../core/evaluate.js';
import type { Expr } from '../core/expr.js';
import * as Q from '../core/rational.js';
import { MechanicsError } from '../errors.js';
import type { Model } from '../model/types.js';
import { PLANE_X, PLANE_Y } from '../model/validate/drawing.js';
import { contour } from './contour.js';
import { printedParts } from './latex.js';
import { GREEK_TEXT } from './latex-text.js';
import { math, mechanicsSymbol } from './notation.js';
import type { SceneItem } from './scene.js';
import type { SketchAnnotations } from './sketch-annotations.js';
import { GROUND, parameterEnv, toPx, type View } from './sketch-view.js';

const MARK = '#444444';
const ANGLE = '#b35900';

/**
 * theta → θ, q1 → q₁, a_2 → a₂, mH → m_H: a symbol's name as the figure writes it in plain text, a letter
 * index after "_" (drawn as a subscript in SVG, scene.ts), as the report's LaTeX reads two letters (m_{H}).
 */
export function plainSymbol(name: string): string {
  const greek = Object.fromEntries(Object.entries(GREEK_TEXT).map(([ch, word]) => [word.replace(/^var/, ''), ch]));
  const { head, subscripts } = printedParts(name);
  const sub = (s: string): string => (/^\d+$/.test(s) ? [...s].map((d) => String.fromCharCode(0x2080 + Number(d))).join('') : `_${s}`);
  return `${greek[head] ?? head}${subscripts.map(sub).join('')}`;
}

/** An arrow from (x1, y1) to (x2, y2) in pixels: the shaft and a two-stroke head. */
export function arrow(cls: string, x1: number, y1: number, x2: number, y2: number, color: string): SceneItem[] {
  const len = Math.hypot(x2 - x1, y2 - y1);
  const [ux, uy] = [(x2 - x1) / len, (y2 - y1) / len];
  const head = (turn: number): SceneItem => ({
    kind: 'line',
    cls,
    x1: x2,
    y1: y2,
    x2: x2 - 7 * (ux * Math.cos(turn) - uy * Math.sin(turn)),
    y2: y2 - 7 * (uy * Math.cos(turn) + ux * Math.sin(turn)),
    stroke: color,
    width: 1.2,
  });
  return [{ kind: 'line', cls, x1, y1, x2, y2, stroke: color, width: 1.2 }, head(0.45), head(-0.45)];
}

const label = (cls: string, x: number, y: number, text: string, tex: string, anchor: 'start' | 'middle' | 'end', fill = MARK): SceneItem => ({
  kind: 'text',
  cls,
  x,
  y,
  text,
  tex: `$${tex}$`,
  anchor,
  size: 13,
  fill,
});

/**
 * The axes at the plane's origin when the view shows it clear of the bodies
 * (no point within the arrows' length), else in the view's upper left
 * corner (the gravity arrow takes the right one; grounds lie low), where
 * they do not run into a pivot, a foot or their labels; where a point is
 * there (the hinged compass's hinge O at the initial configuration), along
 * the top to the gravity arrow's left, if that is clear.
 */
function axesItems(names: readonly [string, string], v: View, pixels: readonly number[]): SceneItem[] {
  const L = 40;
  // No point within the arrows' length of (x, y), and, for a corner, of the middle of the square the arrows span.
  const clear = (x: number, y: number, square: boolean): boolean => {
    for (let i = 0; i + 1 < pixels.length; i += 2) {
      const [px, py] = [pixels[i]!, pixels[i + 1]!];
      if (Math.hypot(px - x, py - y) < 44 || (square && Math.hypot(px - x - L / 2, py - y + L / 2) < 44)) return false;
    }
    return true;
  };
  const [ox, oy] = toPx(v, 0, 0);
  const origin = clear(ox, oy, false) && ox >= 8 && ox <= v.width - 48 && oy >= 48 && oy <= v.height - 8;
  const corners: [number, number][] = [
    [14, 58],
    [v.width - 110, 58],
  ];
  const [x0, y0] = origin ? [ox, oy] : (corners.find(([x, y]) => x >= 14 && clear(x, y, true)) ?? corners[0]!);
  return [
    ...arrow('axis', x0, y0, x0 + L, y0, MARK),
    ...arrow('axis', x0, y0, x0, y0 - L, MARK),
    label('axis-name', x0 + L + 4, y0 + 4, plainSymbol(names[0]), mechanicsSymbol(names[0]), 'start'),
    label('axis-name', x0 + 5, y0 - L - 2, plainSymbol(names[1]), mechanicsSymbol(names[1]), 'start'),
  ];
}

/** The gravity arrow, labelled g, in the view's upper right corner. */
function gravityItems([gx, gy]: readonly [number, number], v: View): SceneItem[] {
  const [dx, dy] = [gx, -gy];
  const [mx, my] = [v.width - 24, 30];
  return [
    ...arrow('gravity', mx - 16 * dx, my - 16 * dy, mx + 16 * dx, my + 16 * dy, MARK),
    label('gravity-name', mx - 10 * dy - 4, my + 10 * dx + 4, 'g', '\\boldsymbol{g}', 'end'),
  ];
}

/** Gravity's angle from the downward direction, an arc at the gravity arrow's tail from a dashed vertical, named by its parameter. */
function gravityAngleItems([gx, gy]: readonly [number, number], name: string, v: View): SceneItem[] {
  const tail: [number, number] = [v.width - 24 - 16 * gx, 30 + 16 * gy];
  return angleItems(tail, -Math.PI / 2, Math.atan2(gy, gx), 32, symbolLabel(name), true);
}

/** f(x, y) = 0 across the view, with hatches every 10 px on the side where f < 0. */
function surfaceItems(f: (x: number, y: number) => number, v: View): SceneItem[] {
  const items: SceneItem[] = [];
  const h = 1e-6 * Math.max(v.box.xMax - v.box.xMin, v.box.yMax - v.box.yMin);
  for (const line of contour(f, v.box)) {
    const points: number[] = [];
    for (let i = 0; i < line.length; i += 2) points.push(...toPx(v, line[i]!, line[i + 1]!));
    items.push({ kind: 'polyline', cls: 'surface', points, stroke: GROUND, width: 1.5 });
    let along = 0;
    let next = 5;
    for (let i = 2; i < line.length; i += 2) {
      const seg = Math.hypot(points[i]! - points[i - 2]!, points[i + 1]! - points[i - 1]!);
      while (along + seg >= next) {
        const s = (next - along) / seg;
        const [x, y] = [line[i - 2]! + s * (line[i]! - line[i - 2]!), line[i - 1]! + s * (line[i + 1]! - line[i - 1]!)];
        const [gx, gy] = [(f(x + h, y) - f(x - h, y)) / (2 * h), (f(x, y + h) - f(x, y - h)) / (2 * h)];
        const n = Math.hypot(gx, gy);
        if (n > 0) {
          const [px, py] = toPx(v, x, y);
          // Into the solid (−∇f), in pixels y down.
          items.push({ kind: 'line', cls: 'hatch', x1: px, y1: py, x2: px - (7 * gx) / n, y2: py + (7 * gy) / n, stroke: GROUND, width: 0.8 });
        }
        next += 10;
      }
      along += seg;
    }
  }
  return items;
}

/** The arc of an angle at a point's pixel position, from `from` to `to` (radians, counter-clockwise, y up), with its symbol. */
function angleItems(
  at: readonly [number, number],
  from: number,
  to: number,
  reach: number,
  name: Label,
  reference: boolean,
  scale = 1,
  labelAt = labelDirection(from, turn(from, to), []),
): SceneItem[] {
  const sweep = turn(from, to);
  const r = scale * Math.max(14, Math.min(26, 0.45 * reach));
  const [cx, cy] = at;
  const pt = (a: number, rr: number): [number, number] => [cx + rr * Math.cos(a), cy - rr * Math.sin(a)];
  const items: SceneItem[] = [];
  if (reference) {
    const [ex, ey] = pt(from, r * 1.6);
    items.push({ kind: 'line', cls: 'angle-reference', x1: cx, y1: cy, x2: ex, y2: ey, stroke: ANGLE, width: 1, dash: '3 2' });
  }
  const steps = Math.max(2, Math.ceil((Math.abs(sweep) * 180) / Math.PI / 6));
  const points: number[] = [];
  for (let k = 0; k <= steps; k++) points.push(...pt(from + (sweep * k) / steps, r));
  items.push({ kind: 'polyline', cls: 'angle', points, stroke: ANGLE, width: 1.2 });
  const [lx, ly] = pt(labelAt, r + 10);
  items.push(label('angle-name', lx, ly + 4, name.plain, name.tex, 'middle', ANGLE));
  return items;
}

/** The signed turn from direction `from` to `to`, in (−π, π]. */
const turn = (from: number, to: number): number => Math.atan2(Math.sin(to - from), Math.cos(to - from));

/** Angle (rad) a symbol keeps from a segment or another symbol at the arc's point. */
const LABEL_GAP = 0.3;

/**
 * The direction of an arc's symbol: past the arc's middle, or, where the arc is too narrow to hold it, beyond the
 * turned segment (two legs at ±0.27 rad from one reference, the compass walker, would put both symbols between them,
 * over each other); where that falls on another segment or symbol at the point (the hinged compass's legs on one side of
 * the vertical, a₂'s symbol beyond OB on OD), the first of the middle, beyond the segment and before the reference clear
 * of them all.
 */
function labelDirection(from: number, sweep: number, avoid: readonly number[]): number {
  const side = sweep >= 0 ? 1 : -1;
  const wide = Math.abs(sweep) > 0.35;
  const usual = wide ? from + sweep / 2 : from + sweep + 0.35 * side;
  const off = (a: number, b: number): number => Math.abs(Math.atan2(Math.sin(a - b), Math.cos(a - b)));
  const clear = (a: number): boolean => avoid.every((b) => off(a, b) >= LABEL_GAP);
  if (clear(usual)) return usual;
  const candidates = [...(wide ? [from + sweep / 2] : []), from + sweep + 0.35 * side, from - 0.35 * side];
  return candidates.find(clear) ?? usual;
}

/** How much farther out than a coordinate's arc a fixed angle's is drawn. */
const FIXED_RADIUS = 1.8;

/** A mark's label in plain text (SVG) and in LaTeX. */
interface Label {
  readonly plain: string;
  readonly tex: string;
}

const symbolLabel = (name: string): Label => ({ plain: plainSymbol(name), tex: mechanicsSymbol(name) });

/**
 * A fixed angle's label (2α), checked against the angle drawn from `from` to `to` at the parameters' defaults: a
 * label the figure contradicts is a model error (bad-annotation), as a gravity angle is.
 */
function fixedAngleLabel(angle: Expr, name: Expr, from: number, to: number, model: Model): Label {
  const value = evaluate(angle, parameterEnv(model));
  const drawn = Math.abs(Math.atan2(Math.sin(to - from), Math.cos(to - from)));
  if (!(Math.abs(drawn - value) <= 1e-3))
    throw new MechanicsError('bad-annotation', 'model', `annotations.angles: ${math(name)} = ${value} is not the angle drawn (${drawn})`, {
      model: model.name,
      field: 'drawing.annotations.angles',
    });
  const [coeff, base] = name.kind === 'mul' ? [name.coeff, name.factors[0]!.base] : [undefined, name];
  const k = coeff === undefined || Q.isOne(coeff) ? '' : Q.toString(coeff);
  return { plain: `${k}${base.kind === 'sym' ? plainSymbol(base.name) : ''}`, tex: math(name) };
}

/** The surfaces f(x, y) = 0 across the view, drawn under the bodies. */
export function surfaceMarks(a: SketchAnnotations, model: Model, v: View): SceneItem[] {
  const env = parameterEnv(model);
  return a.surfaces.flatMap((s) => surfaceItems((x, y) => evaluate(s.f, { ...env, [PLANE_X.name]: x, [PLANE_Y.name]: y }), v));
}

/**
 * The marks drawn over the bodies at one pose (pixel positions of the
 * drawing's points, x₀, y₀, …): axes, gravity, and the angles (gravity's too) only when
 * `angles` (a still figure; the animation moves its bodies under fixed marks).
 */
export function markItems(a: SketchAnnotations, model: Model, pixels: readonly number[], v: View, angles: boolean): SceneItem[] {
  const items: SceneItem[] = [];
  if (a.axes) items.push(...axesItems(a.axes, v, pixels));
  if (a.gravity) items.push(...gravityItems(a.gravity, v));
  // The labelled arrows and notes belong to the still sketch too: the animation moves its points away from them.
  if (angles) items.push(...vectorItems(a, pixels));
  if (angles) {
    const p = (i: number): [number, number] => [pixels[2 * i]!, pixels[2 * i + 1]!];
    const dir = (at: number, i: number): number => Math.atan2(-(p(i)[1] - p(at)[1]), p(i)[0] - p(at)[0]);
    // The symbols placed so far at each point and radius: a symbol keeps clear of them and of the other arcs' segments
    // there (a fixed angle's symbol, drawn farther out, never meets a coordinate's).
    const placed = new Map<string, number[]>();
    for (const m of a.angles) {
      const [ax, ay] = p(m.at);
      const from = 'point' in m.from ? dir(m.at, m.from.point) : (m.from.degrees * Math.PI) / 180;
      const to = dir(m.at, m.to);
      const reach = Math.hypot(p(m.to)[0] - ax, p(m.to)[1] - ay);
      const name = 'coordinate' in m ? symbolLabel(model.coordinates[m.coordinate]!.name) : fixedAngleLabel(m.angle, m.label, from, to, model);
      // A fixed angle's arc outside the coordinates' (the rimless wheel's 2α beside its ψ, both at the hub).
      const scale = 'coordinate' in m ? 1 : FIXED_RADIUS;
      const key = `${m.at}:${scale}`;
      const segments = a.angles.filter((o) => o !== m && o.at === m.at && o.to !== m.to).map((o) => dir(o.at, o.to));
      const labels = placed.get(key) ?? [];
      const labelAt = labelDirection(from, turn(from, to), [...segments, ...labels]);
      placed.set(key, [...labels, labelAt]);
      items.push(...angleItems([ax, ay], from, to, reach, name, !('point' in m.from), scale, labelAt));
    }
  }
  if (a.gravity && a.gravityAngle && angles) items.push(...gravityAngleItems(a.gravity, a.gravityAngle, v));
  return items;
}

/** The labelled arrows (a radius, the initial velocity, a force), each label past the middle of its arrow on its left, and the notes at their points. */
function vectorItems(a: SketchAnnotations, pixels: readonly number[]): SceneItem[] {
  const p = (i: number): [number, number] => [pixels[2 * i]!, pixels[2 * i + 1]!];
  return [
    ...a.vectors.flatMap((vec) => {
      const [[x1, y1], [x2, y2]] = [p(vec.from), p(vec.to)];
      const len = Math.hypot(x2 - x1, y2 - y1) || 1;
      // The left normal in the picture (y grows downwards), 10 px out.
      const [nx, ny] = [(y2 - y1) / len, -(x2 - x1) / len];
      const [mx, my] = [x1 + 0.6 * (x2 - x1) + 10 * nx, y1 + 0.6 * (y2 - y1) + 10 * ny + 4];
      return [...arrow('vector', x1, y1, x2, y2, MARK), label('vector-name', mx, my, plainSymbol(vec.label), mechanicsSymbol(vec.label), 'middle')];
    }),
    ...a.notes.map((n) => label('note', p(n.at)[0], p(n.at)[1] + 4, plainSymbol(n.label), mechanicsSymbol(n.label), 'middle')),
    ...a.moments.flatMap((mo) => momentItems(p(mo.at), mo.label)),
  ];
}

/** Radius (px) of a moment's arc. */
const MOMENT_RADIUS = 16;

/** A moment about a point: three quarters of a circle counter-clockwise (y up) from below-right, its head at the end, its label to its right. */
function momentItems([cx, cy]: readonly [number, number], name: string): SceneItem[] {
  const r = MOMENT_RADIUS;
  const [from, to] = [-Math.PI / 4, (5 * Math.PI) / 4];
  const steps = 24;
  const points: number[] = [];
  for (let k = 0; k <= steps; k++) {
    const t = from + ((to - from) * k) / steps;
    points.push(cx + r * Math.cos(t), cy - r * Math.sin(t));
  }
  // The head along the tangent at the end, drawn as a short arrow that ends there.
  const [ex, ey] = [cx + r * Math.cos(to), cy - r * Math.sin(to)];
  const [tx, ty] = [-Math.sin(to), -Math.cos(to)];
  return [
    { kind: 'polyline', cls: 'moment', points, stroke: MARK, width: 1.2 },
    ...arrow('moment', ex - 2 * tx, ey - 2 * ty, ex, ey, MARK),
    label('moment-name', cx + r + 5, cy + 5, plainSymbol(name), mechanicsSymbol(name), 'start'),
  ];
}
