// geometry.contacts: a point (a body's corner, a particle) against a plane,
// as an ordinary unilateral constraint. The plane n·r = offset is fixed in
// the ground (r from the origin) or in a body's frame B (n in B's
// components, r from a point O fixed in B). With R_B the frame's rotation
// (the identity for the ground), n̂ = R_B n/|n|, d = r_P − r_O (r_P alone for
// the ground),
//   gap   f = n̂·d − offset/|n| ≥ 0  (the point on the side n points to),
//   slip  s = (t₁·d, t₂·d),  t₁ = R_B·(the frame's axis least along n, made
//         orthogonal to it and unit: Gram–Schmidt), t₂ = n̂ × t₁,
// both tangents fixed in B. Then ṡᵢ = tᵢ·(v_P − v_O) + (ω × tᵢ)·d
// = tᵢ·(v_P − v_O − ω × d): the velocity of P relative to the material point
// of B at P, the sliding velocity Coulomb's law acts on (two rows; for the
// ground ω = 0 and ṡ is P's own velocity in the plane). The law is the
// unilateral constraints' own ({ newton: 'e', coulomb: 'mu' }, …; not
// 'stick', whose one tangent cannot pin a spatial contact), read by the same
// checks.
// Tests: test/model/validate/geometry-contacts.test.ts, test/unilateral/ball-on-plate.test.ts.
import { evaluate } from '../../core/evaluate.js';
import { add, div, dependsOn, mul, neg, ONE, sqrt, ZERO, type Expr } from '../../core/expr.js';
import { simplify } from '../../core/trig.js';
import type { Frame } from '../geometry/kinematics.js';
import { AXES, dot, mapVec, matVec, scaleVec, subVec, unitVector, type Vec3 } from '../geometry/vectors.js';
import { pinnedTangent } from '../impact-laws.js';
import { PLANE_FIELDS } from '../spec.js';
import type { Coordinate, Parameter, UnilateralConstraint } from '../types.js';
import type { Reading } from './geometry-reading.js';
import { checkCoulomb } from './friction.js';
import type { Namespace } from './identifiers.js';
import { checkImpactLaw } from './impact-law.js';
import { readVector } from './inertia.js';
import { fieldsAt, isFields, rejectUnknownKeys, type Fields } from './shape.js';
import { optionalText } from './text.js';

/** The model's names for constraints and the parameters' defaults, beside the geometry's reading. */
export interface ContactContext {
  readonly coordinates: readonly Coordinate[];
  readonly parameters: readonly Parameter[];
  readonly names: Namespace;
  /** The frames each point is fixed in (fixed-in.ts). */
  readonly fixedIn: ReadonlyMap<string, ReadonlySet<string>>;
}

/** One contact { name, point, plane: { normal, offset, frame, through }, law, description } as a unilateral constraint. */
export function readContact(c: Fields, field: string, r: Reading, ctx: ContactContext): UnilateralConstraint | undefined {
  const { out, reader } = r;
  const name = c.name === undefined ? undefined : ctx.names.claim(c.name, `${field}.name`, out);
  if (c.name === undefined) out.add('missing-field', `${field}.name`, 'a contact needs a name');
  const label = name ?? field;
  const description = optionalText(c.description, 'description', `${field}.description`, out);
  const point = r.points.find(c.point, `${field}.point`, out);
  const plane = readPlane(c.plane, `${field}.plane`, r, ctx);
  let law: UnilateralConstraint['law'] | undefined;
  if (c.law === undefined) out.add('missing-field', `${field}.law`, `contact '${label}' needs an impact law ({ newton: 'e', coulomb: 'mu' }, …)`);
  else law = checkImpactLaw(c.law, label, ctx.parameters, reader, `${field}.law`, out);
  if (law && pinnedTangent(law) !== undefined) {
    out.add('bad-contact', `${field}.law`, `contact '${label}': a stick law pins one tangent, a point on a plane slides in two; give coulomb friction instead`);
    return undefined;
  }
  const coulomb = isFields(c.law) ? c.law.coulomb : undefined;
  const friction = coulomb === undefined ? undefined : checkCoulomb(coulomb, label, ctx.parameters, `${field}.law.coulomb`, out);
  if (!point || !plane || !law || name === undefined || (coulomb !== undefined && !friction)) return undefined;
  if (plane.frame !== undefined && ctx.fixedIn.get(c.point as string)?.has(plane.frame)) {
    out.add('bad-contact', `${field}.point`, `contact '${label}': the point is fixed in the plane's frame '${plane.frame}', so its gap never changes`);
    return undefined;
  }
  const d = plane.through ? subVec(point, plane.through) : point;
  const gap = simplify(add(dot(plane.normal, d), neg(plane.offset)));
  if (!ctx.coordinates.some((q) => dependsOn(gap, q.name))) {
    out.add('bad-contact', `${field}.point`, `contact '${label}': the point does not move with the coordinates, so its gap never changes`);
    return undefined;
  }
  return {
    name,
    ...(description !== undefined ? { description } : {}),
    gap,
    author: { sense: '>=', expr: gap },
    law,
    ...(friction ? { slip: plane.tangents.map((t) => simplify(dot(t, d))), friction } : {}),
  };
}

interface Plane {
  /** Unit normal n̂, in ground components. */
  readonly normal: Vec3;
  /** offset/|n|: the plane is n̂·(r − r_O) = this. */
  readonly offset: Expr;
  readonly tangents: readonly [Vec3, Vec3];
  /** The frame B the plane is fixed in, and r_O, when not the ground. */
  readonly frame?: string;
  readonly through?: Vec3;
}

/**
 * plane: { normal: [nx, ny, nz], offset, frame, through } (normal and offset
 * of the parameters; n ≠ 0 at the defaults), with its unit normal and
 * tangents (header) turned into ground components.
 */
function readPlane(x: unknown, field: string, r: Reading, ctx: ContactContext): Plane | undefined {
  const { out, reader } = r;
  const spec = fieldsAt(x, field, 'a plane { normal: [nx, ny, nz], offset, frame, through }', out);
  if (!spec) return undefined;
  rejectUnknownKeys(spec, PLANE_FIELDS, field, out);
  const opts = { parametersOnly: true, smooth: true };
  const n = readVector(spec.normal, `${field}.normal`, reader, out, opts);
  const offset = spec.offset === undefined ? ZERO : reader.read(spec.offset, `${field}.offset`, out, opts);
  const placed = readPlacement(spec, field, r, ctx);
  if (!n || !offset || placed === undefined) return undefined;
  const defaults = Object.fromEntries(ctx.parameters.map((p) => [p.name, p.default]));
  const length2 = simplify(dot(n, n));
  if (!(evaluate(length2, defaults) > 0)) {
    out.add('bad-contact', `${field}.normal`, 'the plane’s normal is zero at the parameters’ defaults: give the direction the admissible side lies in');
    return undefined;
  }
  const length = length2 === ONE ? ONE : sqrt(length2);
  const normal = mapVec(n, (e) => simplify(div(e, length)));
  // The frame's axis least along n̂ keeps t₁ = e − (e·n̂)n̂ far from zero.
  const along = AXES.map((a) => Math.abs(evaluate(dot(unitVector(a), normal), defaults)));
  const axis = AXES[along.indexOf(Math.min(...along))]!;
  const e = unitVector(axis);
  const raw = subVec(e, scaleVec(dot(e, normal), normal));
  const rawLength2 = simplify(dot(raw, raw));
  const t1 = mapVec(raw, (c) => simplify(rawLength2 === ONE ? c : div(c, sqrt(rawLength2))));
  const t2 = mapVec(cross(normal, t1), simplify);
  const plane = { offset: simplify(div(offset, length)) };
  if (!placed) return { ...plane, normal, tangents: [t1, t2] };
  const turn = (v: Vec3): Vec3 => mapVec(matVec(placed.frame.R, v), simplify);
  return { ...plane, normal: turn(normal), tangents: [turn(t1), turn(t2)], frame: placed.frame.name, through: placed.through };
}

/** The plane's frame and point `through` (false: fixed in the ground through the origin); undefined after a problem. */
function readPlacement(spec: Fields, field: string, r: Reading, ctx: ContactContext): { frame: Frame; through: Vec3 } | false | undefined {
  const { out } = r;
  if (spec.frame === undefined && spec.through === undefined) return false;
  if (spec.frame === undefined) {
    out.add('missing-field', `${field}.frame`, 'a plane through a point needs the frame it is fixed in');
    return undefined;
  }
  const frame = r.frames.find(spec.frame, `${field}.frame`, out);
  if (spec.through === undefined) {
    out.add('missing-field', `${field}.through`, 'a plane fixed in a frame needs a point fixed in that frame for it to pass through');
    return undefined;
  }
  const through = r.points.find(spec.through, `${field}.through`, out);
  if (!frame || !through) return undefined;
  if (!ctx.fixedIn.get(spec.through as string)?.has(frame.name)) {
    out.add(
      'bad-contact',
      `${field}.through`,
      `the point '${spec.through as string}' is not fixed in the frame '${frame.name}': give that frame's body centre, a joint's child, or a point placed from one at constant components in '${frame.name}'`,
    );
    return undefined;
  }
  return { frame, through };
}

const cross = (a: Vec3, b: Vec3): Vec3 => [
  add(mul(a[1], b[2]), neg(mul(a[2], b[1]))),
  add(mul(a[2], b[0]), neg(mul(a[0], b[2]))),
  add(mul(a[0], b[1]), neg(mul(a[1], b[0]))),
];
