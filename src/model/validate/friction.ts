// Friction in the model language: a Coulomb law's coefficients, the slip
// coordinate of a contact or a support (the position of the contact point
// along the surface; its rate is the sliding velocity), a non-ideal retaining
// constraint's sides (smirnov1981 §1) and hinges with journal
// friction. Coefficients are parameters whose default and declared range lie
// in [0, ∞): a negative coefficient would push the slip on.
import type { Expr } from '../../core/expr.js';
import { COULOMB_FIELDS, HINGE_FIELDS, SUPPORT_FRICTION_FIELDS } from '../spec.js';
import type { CoulombFriction, Coordinate, Hinge, HolonomicConstraint, Parameter, SupportFriction } from '../types.js';
import { dependsOnCoordinates } from './constraint-item.js';
import type { ExprReader } from './expressions.js';
import { rangeText, rangeValues } from './parameters.js';
import { Problems, type Checked } from './problems.js';
import { arrayAt, fieldsAt, isFields, rejectUnknownKeys, stringAt, typeName } from './shape.js';

/** A friction coefficient named by a parameter with default and range in [0, ∞). */
export function frictionCoefficient(x: unknown, what: string, parameters: readonly Parameter[], field: string, out: Problems): Parameter | undefined {
  if (typeof x !== 'string') {
    out.add('bad-friction', field, `${what} is named by a parameter, got ${typeName(x)}`);
    return undefined;
  }
  const p = parameters.find((c) => c.name === x);
  if (!p) {
    out.add('bad-friction', field, `${what} refers to '${x}', which is not a parameter`);
    return undefined;
  }
  const range = rangeValues(p, parameters);
  if (!(p.default >= 0) || (range && !(range[0] >= 0))) {
    out.add(
      'bad-friction',
      field,
      `${what} '${x}' must be ≥ 0 (default ${p.default}${range ? `, range ${rangeText(p, parameters)}` : ''}): a negative coefficient drives the sliding on`,
    );
    return undefined;
  }
  return p;
}

/** `coulomb: 'mu'` or `coulomb: { static: 'mus', kinetic: 'muk' }` (static ≥ kinetic at the defaults). */
export function checkCoulomb(x: unknown, contact: string, parameters: readonly Parameter[], field: string, out: Problems): CoulombFriction | undefined {
  if (typeof x === 'string') {
    const p = frictionCoefficient(x, `the friction coefficient of '${contact}'`, parameters, field, out);
    return p && { kinetic: p.symbol, static: p.symbol };
  }
  const spec = fieldsAt(x, field, "a friction coefficient 'mu' or { static: 'mus', kinetic: 'muk' }", out);
  if (!spec) return undefined;
  rejectUnknownKeys(spec, COULOMB_FIELDS, field, out);
  const kinetic = frictionCoefficient(spec.kinetic, `the kinetic friction coefficient of '${contact}'`, parameters, `${field}.kinetic`, out);
  const stat = frictionCoefficient(spec.static, `the static friction coefficient of '${contact}'`, parameters, `${field}.static`, out);
  if (!kinetic || !stat) return undefined;
  if (stat.default < kinetic.default) {
    out.add(
      'bad-friction',
      `${field}.static`,
      `static friction '${stat.name}' = ${stat.default} of '${contact}' is below the kinetic '${kinetic.name}' = ${kinetic.default}: a sliding contact would stick before it slows down`,
    );
    return undefined;
  }
  return { kinetic: kinetic.symbol, static: stat.symbol };
}

/** A slip coordinate: one smooth expression of q (and t), or `dims` of them at most (a list for a spatial contact). */
export function checkSlip(x: unknown, dims: 1 | 2, coordinates: readonly Coordinate[], reader: ExprReader, field: string, out: Problems): Expr[] | undefined {
  const items = Array.isArray(x) ? x : [x];
  if (items.length < 1 || items.length > dims) {
    out.add('bad-slip', field, `a slip is ${dims === 1 ? 'one expression' : 'one expression (planar) or a list of two (spatial)'}, got ${items.length}`);
    return undefined;
  }
  const read = items.map((s, i) => reader.read(s, Array.isArray(x) ? `${field}[${i}]` : field, out, { smooth: true }));
  if (read.some((e) => e === undefined)) return undefined;
  const exprs = read as Expr[];
  const still = exprs.findIndex((e) => !dependsOnCoordinates(e, coordinates));
  if (still >= 0) {
    out.add('bad-slip', field, 'a slip coordinate must depend on the coordinates (its rate is the sliding velocity)');
    return undefined;
  }
  return exprs;
}

/** A holonomic constraint's `slip` and `friction: { positive, negative }` (both or neither). */
export function checkSupportFriction(
  item: { readonly slip?: unknown; readonly friction?: unknown },
  constraint: string,
  coordinates: readonly Coordinate[],
  parameters: readonly Parameter[],
  reader: ExprReader,
  field: string,
  out: Problems,
): SupportFriction | undefined {
  if (item.slip === undefined && item.friction === undefined) return undefined;
  if (item.friction === undefined || item.slip === undefined) {
    const missing = item.friction === undefined ? 'friction' : 'slip';
    out.add(
      'bad-slip',
      `${field}.${missing}`,
      `constraint '${constraint}' gives ${missing === 'friction' ? 'slip' : 'friction'} without ${missing}: a non-ideal constraint needs both (the slip's rate is the velocity friction opposes)`,
    );
    return undefined;
  }
  const sides = fieldsAt(item.friction, `${field}.friction`, "the friction of each side { positive: 'f2', negative: 'f1' }", out);
  if (!sides) return undefined;
  rejectUnknownKeys(sides, SUPPORT_FRICTION_FIELDS, `${field}.friction`, out);
  const positive = frictionCoefficient(sides.positive, `the friction on the positive side of '${constraint}'`, parameters, `${field}.friction.positive`, out);
  const negative = frictionCoefficient(sides.negative, `the friction on the negative side of '${constraint}'`, parameters, `${field}.friction.negative`, out);
  const slip = supportSlip(item.slip, coordinates, reader, `${field}.slip`, out);
  return positive && negative && slip ? { slip, positive: positive.symbol, negative: negative.symbol } : undefined;
}

/** One slip for both sides, or { positive, negative } (kernel nodes are objects too: told apart by their kind). */
function supportSlip(x: unknown, coordinates: readonly Coordinate[], reader: ExprReader, field: string, out: Problems): SupportFriction['slip'] | undefined {
  if (isFields(x) && !('kind' in x && 'id' in x)) {
    rejectUnknownKeys(x, SUPPORT_FRICTION_FIELDS, field, out);
    const positive = checkSlip(x.positive, 1, coordinates, reader, `${field}.positive`, out);
    const negative = checkSlip(x.negative, 1, coordinates, reader, `${field}.negative`, out);
    return positive && negative ? { positive: positive[0]!, negative: negative[0]! } : undefined;
  }
  const both = checkSlip(x, 1, coordinates, reader, field, out);
  return both && { positive: both[0]!, negative: both[0]! };
}

/** hinges: [{ name, constraints: [a, b], angle, radius, friction }], the constraints two distinct holonomic ones. */
export function checkHinges(
  x: unknown,
  holonomic: readonly HolonomicConstraint[],
  coordinates: readonly Coordinate[],
  parameters: readonly Parameter[],
  reader: ExprReader,
  model: string | undefined,
): Checked<Hinge[]> {
  const out = new Problems(model);
  const hinges: Hinge[] = [];
  if (x === undefined) return out.result(hinges);
  (arrayAt(x, 'hinges', 'a list of hinges { name, constraints, angle, radius, friction }', out) ?? []).forEach((h, i) => {
    const field = `hinges[${i}]`;
    const spec = fieldsAt(h, field, 'a hinge { name, constraints: [a, b], angle, radius, friction }', out);
    if (!spec) return;
    rejectUnknownKeys(spec, HINGE_FIELDS, field, out);
    const name = stringAt(spec.name, `${field}.name`, 'a hinge name', out);
    const label = name ?? `hinge ${i + 1}`;
    const names = spec.constraints;
    const index = Array.isArray(names) && names.length === 2 ? names.map((c) => holonomic.findIndex((k) => k.name === c)) : [];
    const pin = index.length === 2 && index.every((k) => k >= 0) && index[0] !== index[1] ? ([index[0]!, index[1]!] as const) : undefined;
    if (!pin) {
      out.add(
        'bad-hinge',
        `${field}.constraints`,
        `hinge '${label}' needs the names of two distinct holonomic constraints that pin its point, got ${JSON.stringify(names) ?? typeName(names)}`,
      );
    }
    for (const key of ['angle', 'radius'] as const)
      if (spec[key] === undefined)
        out.add('bad-hinge', `${field}.${key}`, `hinge '${label}' needs its ${key === 'angle' ? 'relative rotation angle' : 'journal radius'}`);
    const angle = spec.angle === undefined ? undefined : checkSlip(spec.angle, 1, coordinates, reader, `${field}.angle`, out);
    const radius = spec.radius === undefined ? undefined : reader.read(spec.radius, `${field}.radius`, out, { smooth: true });
    const f = frictionCoefficient(spec.friction, `the journal friction of '${label}'`, parameters, `${field}.friction`, out);
    const reduced =
      spec.reduced === undefined ? f : frictionCoefficient(spec.reduced, `the reduced journal friction of '${label}'`, parameters, `${field}.reduced`, out);
    if (name !== undefined && pin && angle && radius && f && reduced) {
      hinges.push({ name, constraints: pin, angle: angle[0]!, radius, friction: f.symbol, reduced: reduced.symbol });
    }
  });
  return out.result(hinges);
}
