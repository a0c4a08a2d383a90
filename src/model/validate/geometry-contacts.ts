// geometry.contacts: a point (a body's corner, a particle) against a fixed
// plane n·r = offset, as an ordinary unilateral constraint. With n̂ = n/|n|
// and r_P the point's position in ground components,
//   gap   f = n̂·r_P − offset/|n| ≥ 0  (the point on the side n points to),
//   slip  s = (t₁·r_P, t₂·r_P),  t₁ = the ground axis least along n̂,
//         made orthogonal to it and unit (Gram–Schmidt), t₂ = n̂ × t₁,
// so that ṡ are the ground components of the point's velocity in the plane
// (a material point: its position's rate is its velocity) — the sliding
// velocity Coulomb's law acts on, spatial (two rows). The law is the
// unilateral constraints' own ({ newton: 'e', coulomb: 'mu' }, …; not
// 'stick', whose one tangent cannot pin a spatial contact), read by the same
// checks.
// Tests: test/model/validate/geometry-contacts.test.ts.
import { evaluate } from '../../core/evaluate.js';
import { add, div, dependsOn, mul, neg, ONE, sqrt, ZERO, type Expr } from '../../core/expr.js';
import { simplify } from '../../core/trig.js';
import { AXES, dot, mapVec, scaleVec, subVec, unitVector, type Vec3 } from '../geometry/vectors.js';
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
}

/** One contact { name, point, plane: { normal, offset }, law, description } as a unilateral constraint. */
export function readContact(c: Fields, field: string, r: Reading, ctx: ContactContext): UnilateralConstraint | undefined {
  const { out, reader } = r;
  const name = c.name === undefined ? undefined : ctx.names.claim(c.name, `${field}.name`, out);
  if (c.name === undefined) out.add('missing-field', `${field}.name`, 'a contact needs a name');
  const label = name ?? field;
  const description = optionalText(c.description, 'description', `${field}.description`, out);
  const point = r.points.find(c.point, `${field}.point`, out);
  const plane = readPlane(c.plane, `${field}.plane`, r, ctx.parameters);
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
  const gap = simplify(add(dot(plane.normal, point), neg(plane.offset)));
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
    ...(friction ? { slip: plane.tangents.map((t) => simplify(dot(t, point))), friction } : {}),
  };
}

interface Plane {
  /** Unit normal n̂. */
  readonly normal: Vec3;
  /** offset/|n|: the plane is n̂·r = this. */
  readonly offset: Expr;
  readonly tangents: readonly [Vec3, Vec3];
}

/** plane: { normal: [nx, ny, nz], offset } (parameters only; n ≠ 0 at the defaults), with its unit normal and tangents (header). */
function readPlane(x: unknown, field: string, r: Reading, parameters: readonly Parameter[]): Plane | undefined {
  const { out, reader } = r;
  const spec = fieldsAt(x, field, 'a plane { normal: [nx, ny, nz], offset }', out);
  if (!spec) return undefined;
  rejectUnknownKeys(spec, PLANE_FIELDS, field, out);
  const opts = { parametersOnly: true, smooth: true };
  const n = readVector(spec.normal, `${field}.normal`, reader, out, opts);
  const offset = spec.offset === undefined ? ZERO : reader.read(spec.offset, `${field}.offset`, out, opts);
  if (!n || !offset) return undefined;
  const defaults = Object.fromEntries(parameters.map((p) => [p.name, p.default]));
  const length2 = simplify(dot(n, n));
  if (!(evaluate(length2, defaults) > 0)) {
    out.add('bad-contact', `${field}.normal`, 'the plane’s normal is zero at the parameters’ defaults: give the direction the admissible side lies in');
    return undefined;
  }
  const length = length2 === ONE ? ONE : sqrt(length2);
  const normal = mapVec(n, (e) => simplify(div(e, length)));
  // The ground axis least along n̂ keeps t₁ = e − (e·n̂)n̂ far from zero.
  const along = AXES.map((a) => Math.abs(evaluate(dot(unitVector(a), normal), defaults)));
  const axis = AXES[along.indexOf(Math.min(...along))]!;
  const e = unitVector(axis);
  const raw = subVec(e, scaleVec(dot(e, normal), normal));
  const rawLength2 = simplify(dot(raw, raw));
  const t1 = mapVec(raw, (c) => simplify(rawLength2 === ONE ? c : div(c, sqrt(rawLength2))));
  const t2 = mapVec(cross(normal, t1), simplify);
  return { normal, offset: simplify(div(offset, length)), tangents: [t1, t2] };
}

const cross = (a: Vec3, b: Vec3): Vec3 => [
  add(mul(a[1], b[2]), neg(mul(a[2], b[1]))),
  add(mul(a[2], b[0]), neg(mul(a[0], b[2]))),
  add(mul(a[0], b[1]), neg(mul(a[1], b[0]))),
];
