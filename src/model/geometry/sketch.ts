// The default drawing of a model described by its geometry (a DrawingSpec,
// read like a declared one by the report): every point, joined along the
// joint tree and to the point it is placed from, and each rigid body's frame
// axes from its centre, their length the body's radius of gyration
// √(tr I / m). Space is drawn on a plane by a cabinet projection: the
// vertical is the axis gravity acts along (else z, or y for a model in the
// xy plane), the horizontal the next axis, and the receding axis at 45°,
// shortened by half; a model in a plane of two axes is drawn in that plane.
// Gravity's arrow is the projected gravity vector at the parameters'
// defaults: a spatial model's potential is linear in the heights, which the
// projection mixes with depth, so the report could not read it off V.
// Tests: test/model/geometry/sketch.test.ts.
import { evaluate } from '../../core/evaluate.js';
import { add, div, mul, num, sqrt, ZERO, type Expr } from '../../core/expr.js';
import { simplify } from '../../core/trig.js';
import type { DrawingSpec } from '../spec.js';
import type { Frame } from './kinematics.js';
import { addVec, AXES, matVec, scaleVec, unitVector, ZERO_VEC, type Axis, type Mat3, type Vec3 } from './vectors.js';

export interface SketchInput {
  /** Every point by name (declared points and the joints' children). */
  readonly points: ReadonlyMap<string, Vec3>;
  /** Segments between points by name; undefined is the fixed origin. */
  readonly links: readonly (readonly [string | undefined, string])[];
  readonly bodies: readonly { readonly centre: string; readonly frame: Frame; readonly mass: Expr; readonly inertia: Mat3 }[];
  readonly gravity?: Vec3;
  /** The parameters' defaults, at which gravity's drawn direction is taken. */
  readonly defaults: Readonly<Record<string, number>>;
}

/** ½·cos 45° of the cabinet projection, a short rational (the kernel's coefficients are exact). */
const RECEDE = div(num(177), num(500));

export function geometrySketch({ points, links, bodies, gravity, defaults }: SketchInput): DrawingSpec {
  const taken = new Set(points.keys());
  const fresh = (stem: string): string => {
    let name = stem;
    for (let k = 1; taken.has(name); k++) name = `${stem}${k}`;
    taken.add(name);
    return name;
  };
  const origin = links.some(([from]) => from === undefined) ? fresh('O') : undefined;
  const placed = new Map<string, Vec3>(points);
  if (origin) placed.set(origin, ZERO_VEC);
  const segments: [string, string][] = links.map(([from, to]) => [from ?? origin!, to]);
  for (const { centre, frame, mass, inertia } of bodies) {
    const at = points.get(centre)!;
    const length = sqrt(div(add(inertia[0][0], inertia[1][1], inertia[2][2]), mass));
    for (const axis of AXES) {
      const tip = fresh(`${frame.name}${axis}`);
      placed.set(tip, addVec(at, scaleVec(length, matVec(frame.R, unitVector(axis)))));
      segments.push([centre, tip]);
    }
  }
  const [h, v] = view([...placed.values()], gravity);
  const depth = AXES.indexOf(AXES.find((a) => a !== h && a !== v)!);
  const [ih, iv] = [AXES.indexOf(h), AXES.indexOf(v)];
  // The receding direction −(e_h × e_v), away from the viewer: e_h × e_v = +e_depth for h, v in cyclic order.
  const away = (iv - ih + 3) % 3 === 1 ? -1 : 1;
  const project = (p: Vec3): readonly [Expr, Expr] => {
    const back = mul(num(away), RECEDE, p[depth]);
    return [simplify(add(p[ih], back)), simplify(add(p[iv], back))];
  };
  const [gx, gy] = gravity ? project(gravity).map((c) => evaluate(c, defaults)) : [Number.NaN, Number.NaN];
  const falls = Number.isFinite(gx) && Number.isFinite(gy) && Math.hypot(gx!, gy!) > 0;
  return {
    points: Object.fromEntries([...placed].map(([name, p]) => [name, project(p)])),
    segments,
    annotations: { axes: [h, v], ...(falls ? { gravity: [gx!, gy!] as const } : {}) },
  };
}

/** The drawn plane's [horizontal, vertical] ground axes. */
function view(positions: readonly Vec3[], gravity: Vec3 | undefined): [Axis, Axis] {
  const used = (i: 0 | 1 | 2): boolean => positions.some((p) => simplify(p[i]) !== ZERO);
  const down = gravity && ([2, 1, 0] as const).find((i) => simplify(gravity[i]) !== ZERO);
  const vertical: Axis = down !== undefined ? AXES[down]! : used(2) ? 'z' : 'y';
  const across = AXES.filter((a) => a !== vertical);
  // A model in the plane of the vertical and one other axis is drawn in that plane.
  const horizontal = used(AXES.indexOf(across[0]!) as 0 | 1 | 2) || !used(AXES.indexOf(across[1]!) as 0 | 1 | 2) ? across[0]! : across[1]!;
  return [horizontal, vertical];
}
