// kozlov1988 Fig. 2 in the Birkhoff billiard's report: the two concave walls
// as arcs about their centres, the computed 2-periodic orbit as the segment
// between its two impact points (studies/orbit.ts), and the radii R₁, R₂ and
// the length l written where the paper writes them. Each wall's circle of
// curvature at the orbit's end is read off its gap's derivatives there, at
// the orbit's parameters (a circular wall's own circle; the model file's walls
// are the parabolas osculating them); the orbit's ends are the study's
// impact points. Nothing of the mechanics is computed here. A model file asks
// for it with paper.studyFigures' 'periodic-orbit-walls' (report.ts reads it).
// Tests: test/report/birkhoff.test.ts.
import { diff } from '../core/diff.js';
import { evaluate, type Env } from '../core/evaluate.js';
import type { Expr } from '../core/expr.js';
import { REFERENCES } from '../model/sources.js';
import type { Model } from '../model/types.js';
import type { OrbitStudy } from '../studies/orbit.js';
import { m, type Figure } from './document.js';
import { mechanicsSymbol } from './notation.js';
import type { SceneItem } from './scene.js';
import { sceneFigure } from './scene-figure.js';
import { plainSymbol } from './sketch-marks.js';
import { GROUND, toPx, view } from './sketch-view.js';

/** kozlov1988's figure this one redraws, and its id (docs/reports/papers.html links to it). */
export const BIRKHOFF_FIGURE = { eq: 'Fig. 2', id: 'birkhoff-orbit' } as const;

type Point = readonly [number, number];

/** The figure in model units: each wall's arc about its centre, the orbit's segment, the labels' parameters. */
export interface BirkhoffLayout {
  /** By increasing radius. */
  readonly arcs: readonly {
    readonly wall: string;
    readonly centre: Point;
    readonly radius: number;
    /** The parameter the radius equals (absent: none does). */
    readonly label?: string;
    /** Points along the arc counter-clockwise, each at the radius from the centre. */
    readonly points: readonly Point[];
  }[];
  /** The orbit's impact points, in the order of its period. */
  readonly ends: readonly [Point, Point];
  /** The parameter the segment's length equals (absent: none does). */
  readonly lengthLabel?: string;
}

/** Points per arc; its half-width across the orbit, in the orbit's lengths. */
const ARC_POINTS = 61;
const HALF_WIDTH = 0.8;

/**
 * The layout of a model whose orbit was found with two impacts on two
 * walls curved in the plane of the first two coordinates; undefined otherwise.
 */
export function birkhoffLayout(model: Model, study: OrbitStudy): BirkhoffLayout | undefined {
  const orbit = study.orbit;
  if (orbit?.impacts.length !== 2) return undefined;
  const [qx, qy] = [model.coordinates[0]!.q.name, model.coordinates[1]!.q.name];
  const ends = orbit.impacts.map((i): Point => [i.q[0]!, i.q[1]!]) as [Point, Point];
  const length = Math.hypot(ends[1][0] - ends[0][0], ends[1][1] - ends[0][1]);
  const named = (value: number): string | undefined => Object.entries(study.params).find(([, v]) => Math.abs(v - value) <= 1e-6 * (1 + Math.abs(value)))?.[0];
  const arcs = orbit.impacts.map((impact, k) => {
    const wall = model.unilateral[impact.contacts[0]!]!;
    const circle = curvatureCircle(wall.gap, [qx, qy], study.params, ends[k]!);
    if (!circle) return undefined;
    const { centre, radius } = circle;
    const at = Math.atan2(ends[k]![1] - centre[1], ends[k]![0] - centre[0]);
    const half = Math.asin(Math.min(1, (HALF_WIDTH * length) / radius));
    const points = Array.from({ length: ARC_POINTS }, (_, i): Point => {
      const a = at - half + (2 * half * i) / (ARC_POINTS - 1);
      return [centre[0] + radius * Math.cos(a), centre[1] + radius * Math.sin(a)];
    });
    const label = named(radius);
    return { wall: wall.name, centre, radius, points, ...(label ? { label } : {}) };
  });
  if (arcs.some((a) => a === undefined)) return undefined;
  const lengthLabel = named(length);
  // R₁ ≤ R₂, as the paper names them.
  const byRadius = [...(arcs as BirkhoffLayout['arcs'])].sort((a, b) => a.radius - b.radius);
  return { arcs: byRadius, ends, ...(lengthLabel ? { lengthLabel } : {}) };
}

/**
 * A wall's circle of curvature at a point on it, from its gap's derivatives
 * there: curvature κ = −(g_y²g_xx − 2g_xg_yg_xy + g_x²g_yy)/|∇g|³, the centre
 * 1/κ along the unit normal ∇g/|∇g| (on the admissible side for a concave
 * wall); undefined where the wall is straight.
 */
function curvatureCircle(gap: Expr, [qx, qy]: readonly [string, string], params: Env, at: Point): { centre: Point; radius: number } | undefined {
  const env = { ...params, [qx]: at[0], [qy]: at[1] };
  const [dx, dy] = [diff(gap, qx), diff(gap, qy)];
  const [gx, gy, gxx, gxy, gyy] = [dx, dy, diff(dx, qx), diff(dx, qy), diff(dy, qy)].map((e) => evaluate(e, env)) as [number, number, number, number, number];
  const norm = Math.hypot(gx, gy);
  const kappa = -(gy * gy * gxx - 2 * gx * gy * gxy + gx * gx * gyy) / norm ** 3;
  if (!(Math.abs(kappa) > 1e-12)) return undefined;
  return { centre: [at[0] + gx / norm / kappa, at[1] + gy / norm / kappa], radius: 1 / Math.abs(kappa) };
}

/** The figure (kozlov1988 Fig. 2), or undefined without the orbit or its two curved walls. */
export function birkhoffFigure(model: Model, study: OrbitStudy): Figure | undefined {
  const layout = birkhoffLayout(model, study);
  if (!layout) return undefined;
  const all = [...layout.arcs.flatMap((a) => [...a.points, a.centre]), ...layout.ends];
  const xs = all.map((p) => p[0]);
  const ys = all.map((p) => p[1]);
  const pad = 0.12 * Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys));
  const v = view({ xMin: Math.min(...xs) - pad, xMax: Math.max(...xs) + pad, yMin: Math.min(...ys) - pad, yMax: Math.max(...ys) + pad }, 420, 300);
  const px = (p: Point): [number, number] => toPx(v, p[0], p[1]);
  const text = (at: Point, name: string | undefined, value: number, anchor: 'start' | 'end'): SceneItem => {
    const [x, y] = px(at);
    return {
      kind: 'text',
      x: x + (anchor === 'start' ? 5 : -5),
      y: y + 4,
      text: name ? plainSymbol(name) : `${Number(value.toPrecision(4))}`,
      tex: `$${name ? mechanicsSymbol(name) : Number(value.toPrecision(4))}$`,
      anchor,
      size: 13,
    };
  };
  const items: SceneItem[] = layout.arcs.flatMap((a): SceneItem[] => {
    // The radius to the arc's first end (counter-clockwise: the walls' on opposite sides, uncrossed), dashed, labelled
    // at that end, on its own wall: its middle may lie past the other wall (R₁ > l/2); the centre a dot.
    const end = a.points[0]!;
    const [cx, cy] = px(a.centre);
    const [ex, ey] = px(end);
    return [
      { kind: 'polyline', cls: 'surface', points: a.points.flatMap(px), stroke: GROUND, width: 2 },
      { kind: 'line', cls: 'radius', x1: cx, y1: cy, x2: ex, y2: ey, stroke: GROUND, width: 0.8, dash: '4 3' },
      { kind: 'circle', cls: 'centre', cx, cy, r: 2.5, fill: GROUND },
      text(end, a.label, a.radius, end[0] >= a.centre[0] ? 'start' : 'end'),
    ];
  });
  const [[x1, y1], [x2, y2]] = layout.ends.map(px) as [[number, number], [number, number]];
  const length = Math.hypot(layout.ends[1][0] - layout.ends[0][0], layout.ends[1][1] - layout.ends[0][1]);
  items.push(
    { kind: 'line', cls: 'orbit', x1, y1, x2, y2, stroke: '#0072b2', width: 2 },
    ...layout.ends.map((e): SceneItem => ({ kind: 'circle', cls: 'impact', cx: px(e)[0], cy: px(e)[1], r: 3, fill: '#0072b2' })),
    text([(layout.ends[0][0] + layout.ends[1][0]) / 2, (layout.ends[0][1] + layout.ends[1][1]) / 2], layout.lengthLabel, length, 'start'),
  );
  const paper = REFERENCES.kozlov1988.short;
  const value = (name: string | undefined, x: number): string => `${name ? `${mechanicsSymbol(name)} = ` : ''}${Number(x.toPrecision(6))}`;
  return sceneFigure(
    {
      id: BIRKHOFF_FIGURE.id,
      cls: 'sketch',
      title: `Birkhoff’s billiard and its 2-periodic orbit (${paper} ${BIRKHOFF_FIGURE.eq})`,
      width: v.width,
      height: v.height,
      items,
    },
    Number(Math.min(0.45, v.width / 640).toFixed(2)),
    [],
    [
      `The walls ${layout.arcs.map((a) => a.wall).join(' and ')} as arcs of radii `,
      m(layout.arcs.map((a) => value(a.label, a.radius)).join(',\\ ')),
      ' about their centres (the dots), their circles of curvature at the orbit’s ends, and the computed 2-periodic orbit between its impact points, of length ',
      m(value(layout.lengthLabel, length)),
      ` (${paper} ${BIRKHOFF_FIGURE.eq}).`,
    ],
  );
}
