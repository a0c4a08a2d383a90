// A paper's sketches of the mechanism (the model file's paper.sketches,
// model/validate/paper-sketches.ts) drawn from the model's own drawing at the
// configuration each figure shows (or from a drawing of the figure's own):
// the coordinates it sets, the others at the initial state, the parameters at
// their defaults or at the sketch's values. A declared reaction is an arrow
// from its point along the normal of the ground line it lies on (the nearest,
// where the drawing has several: a prism between two guides), into the free side
// (from inside the guide onto the point where the free side is a narrow channel), or
// inward along the radius of the disc whose rim the point is on. A contact
// patch under a disc (kuleshov2011 Fig. 1) has its foundation drawn as
// springs along that normal, each one's free end on the line or, where the
// disc presses into it, on the disc. Only the drawing is evaluated here;
// nothing of the mechanics is computed.
// Tests: test/report/paper-sketches.test.ts.
import { evaluate } from '../core/evaluate.js';
import { REFERENCES, type SourceKey } from '../model/sources.js';
import type { Drawing, GroundLine, Model } from '../model/types.js';
import type { PaperSketch } from '../model/validate/paper-sketches.js';
import { m, type Figure, type Inline } from './document.js';
import { mechanicsSymbol } from './notation.js';
import { noteInlines } from './paper-check.js';
import type { SceneItem } from './scene.js';
import { sceneFigure } from './scene-figure.js';
import { zigzag } from './sketch-elements.js';
import { formatNumber } from './sections.js';
import { boundingBox, poser, sketchScene } from './sketch.js';
import { arrow, plainSymbol } from './sketch-marks.js';
import { GROUND, parameterEnv, toPx, view, type Box } from './sketch-view.js';

/** The HTML id of the paper's k-th sketch (from 0); docs/reports/papers.html links to it. */
export const paperSketchId = (k: number): string => `paper-sketch-${k + 1}`;

/** A point of the plane in model units. */
type Point = readonly [number, number];

/** What a sketch draws, in model units: its points by name, the foundation's springs, the reactions' arrows. */
export interface SketchLayout {
  /** The model with the sketch's parameter values as its defaults. */
  readonly model: Model;
  readonly q: readonly number[];
  readonly points: ReadonlyMap<string, Point>;
  /** Each spring from its fixed end to its free end. */
  readonly springs: readonly { readonly base: Point; readonly end: Point }[];
  /** The line through the springs' fixed ends (absent: no foundation). */
  readonly foundationBed?: GroundLine;
  /** Each reaction's arrow from its tail to its head, one of them the point it acts at, and where its label goes. */
  readonly reactions: readonly { readonly label: string; readonly from: Point; readonly to: Point; readonly labelAt: Point }[];
}

/** Springs of the foundation along a ground line: how many, over three radii either side of the disc. */
const SPRINGS = 18;
/** The springs' length, in radii of the disc. */
const BED = 0.6;

/** The sketch's configuration and what it draws there. */
export function sketchLayout(model: Model, modelDrawing: Drawing, sketch: PaperSketch): SketchLayout {
  const drawing = sketch.drawing ?? modelDrawing;
  const drawn: Model = { ...model, parameters: model.parameters.map((p) => (sketch.params.has(p.name) ? { ...p, default: sketch.params.get(p.name)! } : p)) };
  const env = parameterEnv(drawn);
  const q = model.coordinates.map((c, i) => (sketch.at.has(c.name) ? evaluate(sketch.at.get(c.name)!, env) : model.initial.q0[i]!));
  const xy = poser(drawing, drawn)(q).xy;
  const points = new Map(drawing.points.map((p, i): [string, Point] => [p.name, [xy[2 * i]!, xy[2 * i + 1]!]]));
  const discs = drawing.discs.map((d) => ({ c: points.get(drawing.points[d.center]!.name)!, r: Math.abs(evaluate(d.radius, env)) }));
  // The figure's size, for the arrows' length: the largest disc or half the points' extent.
  const spread = (k: 0 | 1): number => Math.max(...[...points.values()].map((p) => p[k])) - Math.min(...[...points.values()].map((p) => p[k]));
  const reach = Math.max(...discs.map((d) => d.r), spread(0) / 2, spread(1) / 2, 1e-3);
  const ground = drawing.ground[0];
  const springs = model.patches?.length && ground ? discs.flatMap((d) => foundation(ground, d.c, d.r)) : [];
  const reactions = [...sketch.reactions].map(([name, label]) => {
    // A point of the drawing: buildModel checked the names.
    const from = points.get(name)!;
    // On a disc's rim (a journal's vertex in its bearing): inward along the radius, drawn from outside the rim to the point.
    const rim = discs.find((d) => Math.abs(Math.hypot(from[0] - d.c[0], from[1] - d.c[1]) - d.r) <= 1e-9 * (1 + d.r));
    if (rim) {
      const tail: Point = [from[0] + (from[0] - rim.c[0]) / 2, from[1] + (from[1] - rim.c[1]) / 2];
      return { label, from: tail, to: from, labelAt: tail };
    }
    const line = nearest(drawing.ground, from);
    const [nx, ny] = line ? normal(line) : [0, 1];
    const length = 0.4 * reach;
    // Where another line faces this one closer than the arrow is long (a prism between guides), the arrow would cross
    // the body: it is drawn from inside the guide to the point instead, as a push on the body.
    // Half the channel's width long, clear of the axes in the view's corner.
    const across = drawing.ground.filter((g) => g !== line).map((g) => -(g.a * from[0] + g.b * from[1] + g.c) / (g.a * nx + g.b * ny));
    const channel = Math.min(...across.filter((t) => t > 0));
    if (channel < 1.2 * length) {
      const push = Math.min(length, channel / 2);
      const tail: Point = [from[0] - push * nx, from[1] - push * ny];
      return { label, from: tail, to: from, labelAt: tail };
    }
    const tip: Point = [from[0] + length * nx, from[1] + length * ny];
    return { label, from, to: tip, labelAt: tip };
  });
  const bed = springs.length && ground ? { foundationBed: { ...ground, c: ground.c + BED * discs[0]!.r * Math.hypot(ground.a, ground.b) } } : {};
  return { model: drawn, q, points, springs, reactions, ...bed };
}

/** The ground line nearest to the point (undefined: the drawing has none). */
function nearest(lines: readonly GroundLine[], [x, y]: Point): GroundLine | undefined {
  const distance = (g: GroundLine): number => Math.abs(g.a * x + g.b * y + g.c) / Math.hypot(g.a, g.b);
  return lines.reduce<GroundLine | undefined>((best, g) => (best && distance(best) <= distance(g) ? best : g), undefined);
}

/** The ground line's unit normal into its free side (where a x + b y + c > 0). */
function normal(g: GroundLine): Point {
  const n = Math.hypot(g.a, g.b);
  return [g.a / n, g.b / n];
}

/**
 * The springs under a disc of radius r centred at c, spaced along the line
 * over three radii either side of the disc's foot: each free end on the line,
 * or on the disc's boundary where the disc has pressed it below the line.
 */
function foundation(g: GroundLine, c: Point, r: number): SketchLayout['springs'] {
  const [nx, ny] = normal(g);
  const [dx, dy] = [-ny, nx];
  const h = (g.a * c[0] + g.b * c[1] + g.c) / Math.hypot(g.a, g.b);
  const foot: Point = [c[0] - h * nx, c[1] - h * ny];
  const length = BED * r;
  return Array.from({ length: SPRINGS + 1 }, (_, k) => {
    const s = (-1.5 + (3 * k) / SPRINGS) * r;
    const onLine: Point = [foot[0] + s * dx, foot[1] + s * dy];
    // The disc's lower boundary along this spring's normal: h − √(r² − s²) above the line.
    const below = Math.abs(s) < r ? h - Math.sqrt(r * r - s * s) : 0;
    const lift = Math.min(0, below);
    return { base: [onLine[0] - length * nx, onLine[1] - length * ny], end: [onLine[0] + lift * nx, onLine[1] + lift * ny] };
  });
}

/**
 * Whether a paper's sketch draws what the model's own sketch draws: the initial configuration, with the model's
 * drawing and parameters (rubanovich1981 Fig. 1, the compass standing on B before D strikes). The report then
 * prints the paper's figure alone.
 */
export function drawsInitial(model: Model, drawing: Drawing, sketch: PaperSketch): boolean {
  if (sketch.drawing || sketch.params.size) return false;
  const { q } = sketchLayout(model, drawing, sketch);
  return q.every((x, i) => Math.abs(x - model.initial.q0[i]!) <= 1e-12 * (1 + Math.abs(x)));
}

/** The figures of the model's paper's sketches, after its own sketch in the model's section. */
export function paperSketchFigures(model: Model, drawing: Drawing, source: SourceKey, sketches: readonly PaperSketch[]): Figure[] {
  return sketches.map((sketch, k) => sketchFigure(sketchLayout(model, drawing, sketch), sketch.drawing ?? drawing, source, sketch, k));
}

function sketchFigure(layout: SketchLayout, drawing: Drawing, source: SourceKey, sketch: PaperSketch, k: number): Figure {
  const { model } = layout;
  const pose = poser(drawing, model)(layout.q);
  const ends = [...layout.springs.flatMap((s) => [s.base, s.end]), ...layout.reactions.flatMap((r) => [r.from, r.to])];
  const v = view(grown(boundingBox(drawing, model, [pose]), ends));
  const px = (p: Point): [number, number] => toPx(v, p[0], p[1]);
  const items: SceneItem[] = [
    ...layout.springs.map((s): SceneItem => ({ kind: 'polyline', cls: 'spring', points: zigzag(px(s.base), px(s.end)), stroke: GROUND, width: 1 })),
    ...layout.springs.slice(1).map((s, i): SceneItem => {
      // The undeformed line between neighbouring free ends, dashed: the springs' free ends follow it outside the disc.
      const [x1, y1] = px(layout.springs[i]!.end);
      const [x2, y2] = px(s.end);
      return { kind: 'line', cls: 'spring', x1, y1, x2, y2, stroke: GROUND, width: 0.8, dash: '3 2' };
    }),
    ...layout.reactions.flatMap((r): SceneItem[] => {
      const [x1, y1] = px(r.from);
      const [x2, y2] = px(r.to);
      const [lx, ly] = px(r.labelAt);
      // The label beside its end of the arrow on the side away from the figure's middle, clear of the bodies.
      const outside = lx < v.width / 2 ? -1 : 1;
      return [
        ...arrow('reaction', x1, y1, x2, y2, REACTION),
        {
          kind: 'text',
          cls: 'reaction',
          x: lx + 6 * outside,
          y: ly + 4,
          text: plainSymbol(r.label),
          tex: `$${r.label}$`,
          anchor: outside < 0 ? 'end' : 'start',
          size: 13,
          fill: REACTION,
        },
      ];
    }),
  ];
  const id = paperSketchId(k);
  // Over a foundation the springs stand for the ground: its line is drawn dashed, the solid hatched under the springs'
  // fixed ends; the plane's axes, which would stand at the origin under the disc, are left out.
  const solid: Drawing = layout.foundationBed ? { ...drawing, ground: [layout.foundationBed], annotations: { ...drawing.annotations, axes: false } } : drawing;
  const scene = sketchScene(id, `${model.title}: ${REFERENCES[source].short} ${sketch.eq}`, solid, model, pose, v);
  // The springs under the bodies, the arrows over them.
  const withItems = { ...scene, items: [...items.filter((i) => i.cls === 'spring'), ...scene.items, ...items.filter((i) => i.cls !== 'spring')] };
  const values = model.coordinates.map((c, i) => `${mechanicsSymbol(c.name)} = ${formatNumber(Number(layout.q[i]!.toPrecision(4)))}`);
  const drawnAt: Inline[] = sketch.params.size
    ? [
        ' Drawn to scale at ',
        m([...sketch.params].map(([p, x]) => `${mechanicsSymbol(p)} = ${formatNumber(x)}`).join(',\\ ')),
        ', the other parameters at their defaults.',
      ]
    : [' Drawn to scale with the default parameters.'];
  return sceneFigure(
    withItems,
    Number(Math.min(0.45, v.width / 640).toFixed(2)),
    [],
    [...noteInlines(sketch.caption), ` (${REFERENCES[source].short} ${sketch.eq}): `, m(values.join(',\\allowbreak\\ ')), '.', ...drawnAt],
  );
}

const REACTION = '#c00000';

/** The box grown to hold the points (springs' fixed ends, arrows' tips), with the sketch's 12 % padding. */
function grown(box: Box, points: readonly Point[]): Box {
  if (points.length === 0) return box;
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  const pad = 0.12 * Math.max(box.xMax - box.xMin, box.yMax - box.yMin);
  return {
    xMin: Math.min(box.xMin, Math.min(...xs) - pad),
    xMax: Math.max(box.xMax, Math.max(...xs) + pad),
    yMin: Math.min(box.yMin, Math.min(...ys) - pad),
    yMax: Math.max(box.yMax, Math.max(...ys) + pad),
  };
}
