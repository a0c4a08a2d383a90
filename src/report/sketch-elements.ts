// A drawing's springs, dampers and guides (DrawingSpec.springs, dampers,
// guides) between two of its points, in pixels of the view: a spring a
// zigzag, a damper a dashpot (a cup on one end, a piston on the other), a
// guide a thin dashed line (kozlov1988 §2's switch of the force at x = 0).
// Drawn in the still sketch, under the bodies.
// Tests: test/report/sketch.test.ts.
import type { Drawing } from '../model/types.js';
import type { SceneItem } from './scene.js';

const INK = '#1d1d1d';

type Px = readonly [number, number];

/** A spring from a to b in pixels: straight ends, six zigzags of `amplitude` px between. */
export function zigzag([ax, ay]: Px, [bx, by]: Px, amplitude = 3): number[] {
  const len = Math.hypot(bx - ax, by - ay);
  if (len < 1e-9) return [ax, ay, bx, by];
  const [ux, uy] = [(bx - ax) / len, (by - ay) / len];
  const out = [ax, ay];
  const turns = 12;
  for (let i = 0; i <= turns; i++) {
    const s = 0.2 + (0.6 * i) / turns;
    const side = i === 0 || i === turns ? 0 : i % 2 ? amplitude : -amplitude;
    out.push(ax + s * len * ux - side * uy, ay + s * len * uy + side * ux);
  }
  out.push(bx, by);
  return out;
}

/** A dashpot from a to b in pixels: a rod from a to a cup open towards b, a piston in it on a rod from b. */
function dashpot([ax, ay]: Px, [bx, by]: Px, cls: string): SceneItem[] {
  const len = Math.hypot(bx - ax, by - ay);
  if (len < 1e-9) return [];
  const [ux, uy] = [(bx - ax) / len, (by - ay) / len];
  const at = (s: number, side: number): [number, number] => [ax + s * len * ux - side * uy, ay + s * len * uy + side * ux];
  const w = 6;
  const line = (p: [number, number], q: [number, number]): SceneItem => ({ kind: 'line', cls, x1: p[0], y1: p[1], x2: q[0], y2: q[1], stroke: INK, width: 1 });
  return [
    line(at(0, 0), at(0.35, 0)),
    { kind: 'polyline', cls, points: [...at(0.7, w), ...at(0.35, w), ...at(0.35, -w), ...at(0.7, -w)], stroke: INK, width: 1 },
    line(at(0.55, 0.7 * w), at(0.55, -0.7 * w)),
    line(at(0.55, 0), at(1, 0)),
  ];
}

/** The drawing's springs, dampers and guides at the points' pixels `at`. */
export function elementItems(drawing: Drawing, at: (i: number) => Px): SceneItem[] {
  return [
    ...drawing.guides.map(([a, b]): SceneItem => {
      const [[x1, y1], [x2, y2]] = [at(a), at(b)];
      return { kind: 'line', cls: 'guide', x1, y1, x2, y2, stroke: INK, width: 0.8, dash: '4 3' };
    }),
    ...drawing.springs.map(([a, b]): SceneItem => ({ kind: 'polyline', cls: 'spring', points: zigzag(at(a), at(b), 5), stroke: INK, width: 1 })),
    ...drawing.dampers.flatMap(([a, b]) => dashpot(at(a), at(b), 'damper')),
  ];
}
