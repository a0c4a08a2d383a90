// unilateral: one-sided constraints 'f >= 0' or 'g <= 0' with their impact
// laws. The gap is differentiated (its rate and the contact rows), so it must
// be smooth, and it must depend on the coordinates (a constraint `1 >= 0`
// let the ball fall through to y = −121.6). An optional activation condition
// `when` (one inequality in t, q, q̇ and the parameters) says where an
// arrival is an impact: a walker's swing foot scuffs the ground at mid-stance
// and must pass through there.
import { add, dependsOn, mul, num, type Expr } from '../../core/expr.js';
import { simplify } from '../../core/trig.js';
import { UNILATERAL_FIELDS } from '../spec.js';
import { pinnedTangent } from '../impact-laws.js';
import { TIME } from '../names.js';
import type { ContactActivation, Coordinate, CoulombFriction, ImpactLaw, Parameter, UnilateralConstraint } from '../types.js';
import { dependsOnCoordinates } from './constraint-item.js';
import type { ExprReader } from './expressions.js';
import { checkCoulomb, checkSlip } from './friction.js';
import type { Namespace } from './identifiers.js';
import { checkImpactLaw, isRealizedLaw } from './impact-law.js';
import { Problems, type Checked } from './problems.js';
import { arrayAt, fieldsAt, isFields, rejectUnknownKeys, stringAt, type Fields } from './shape.js';
import { optionalText } from './text.js';

export function checkUnilateral(
  x: unknown,
  coordinates: readonly Coordinate[],
  parameters: readonly Parameter[],
  reader: ExprReader,
  names: Namespace,
  model: string | undefined,
): Checked<UnilateralConstraint[]> {
  const out = new Problems(model);
  const contacts: UnilateralConstraint[] = [];
  if (x === undefined) return out.result(contacts);
  (arrayAt(x, 'unilateral', 'a list of unilateral constraints { name, constraint, law }', out) ?? []).forEach((u, i) => {
    const field = `unilateral[${i}]`;
    const spec = fieldsAt(u, field, 'a unilateral constraint { name, constraint, law, description }', out);
    if (!spec) return;
    // Realized by forces (compliant, potential): validated by validate/compliant.ts.
    if (isRealizedLaw(spec.law)) return;
    rejectUnknownKeys(spec, UNILATERAL_FIELDS, field, out);
    if (spec.name === undefined) out.add('missing-field', `${field}.name`, `unilateral constraint ${i + 1} needs a name`);
    const name = spec.name === undefined ? undefined : names.claim(spec.name, `${field}.name`, out);
    const description = optionalText(spec.description, 'description', `${field}.description`, out);
    const inequality = stringAt(spec.constraint, `${field}.constraint`, "a unilateral constraint ('f >= 0' or 'g <= 0')", out);
    const label = name ?? `unilateral constraint ${i + 1}`;
    let law: ImpactLaw | undefined;
    if (spec.law === undefined) out.add('missing-field', `${field}.law`, `'${label}' needs an impact law ({newton: e}, {plastic: true}, …)`);
    else law = checkImpactLaw(spec.law, label, parameters, reader, `${field}.law`, out);
    const { slip, friction } = checkFriction(spec, law, label, coordinates, parameters, reader, field, out);
    const when = spec.when === undefined ? undefined : checkActivation(spec.when, label, coordinates, reader, `${field}.when`, out);
    if (inequality === undefined) return;
    const parts = inequality.split(/(>=|<=)/);
    if (parts.length !== 3) {
      out.add('bad-inequality', `${field}.constraint`, `'${inequality}' must be one inequality 'f >= 0' or 'g <= 0'`);
      return;
    }
    const lhs = reader.read(parts[0]!.trim(), `${field}.constraint`, out, { smooth: true });
    const rhs = reader.read(parts[2]!.trim(), `${field}.constraint`, out, { smooth: true });
    if (!lhs || !rhs) return;
    const sense = parts[1] as '>=' | '<=';
    const expr = simplify(add(lhs, mul(num(-1), rhs)));
    if (!dependsOnCoordinates(expr, coordinates)) {
      out.add('constant-constraint', `${field}.constraint`, `'${inequality}' does not depend on any coordinate, so it never acts (or always fails)`);
      return;
    }
    const gap = sense === '>=' ? expr : simplify(mul(num(-1), expr));
    if (name !== undefined && law)
      contacts.push({
        name,
        ...(description !== undefined ? { description } : {}),
        gap,
        author: { sense, expr },
        law,
        ...(slip && friction ? { slip, friction } : {}),
        ...(when ? { when } : {}),
      });
  });
  return out.result(contacts);
}

/**
 * `when`: one inequality lhs (>=, >, <=, <) rhs, as the value lhs − rhs (or
 * rhs − lhs) that must be ≥ 0 (> 0 strict). Evaluated, never differentiated,
 * so abs and sign may appear; it must depend on the state or the time, since
 * a condition in the parameters alone always or never holds.
 */
function checkActivation(
  x: unknown,
  contact: string,
  coordinates: readonly Coordinate[],
  reader: ExprReader,
  field: string,
  out: Problems,
): ContactActivation | undefined {
  if (typeof x !== 'string') {
    out.add('bad-activation', field, `'${contact}': when must be a string with one inequality such as 'a2 - a1 >= 0.1'`);
    return undefined;
  }
  const parts = x.split(/(>=|<=|>|<)/);
  if (parts.length !== 3) {
    out.add('bad-activation', field, `'${x}' must be one inequality (>=, >, <= or <) in t, the coordinates, their velocities and the parameters`);
    return undefined;
  }
  const lhs = reader.read(parts[0]!.trim(), field, out, { velocities: true });
  const rhs = reader.read(parts[2]!.trim(), field, out, { velocities: true });
  if (!lhs || !rhs) return undefined;
  const op = parts[1]!;
  const difference = simplify(add(lhs, mul(num(-1), rhs)));
  const value = op.startsWith('>') ? difference : simplify(mul(num(-1), difference));
  const state = [TIME, ...coordinates.flatMap((c) => [c.name, c.qd.name])];
  if (!state.some((s) => dependsOn(value, s))) {
    out.add(
      'bad-activation',
      field,
      `'${x}' depends on neither t, the coordinates nor their velocities, so it always or never holds: drop when, or write it in the state`,
    );
    return undefined;
  }
  return { value, strict: op.length === 1, text: x };
}

/** A contact's slip and its law's coulomb coefficient: both or neither (a law that pins the tangent carries its own). */
function checkFriction(
  spec: Fields,
  law: ImpactLaw | undefined,
  contact: string,
  coordinates: readonly Coordinate[],
  parameters: readonly Parameter[],
  reader: ExprReader,
  field: string,
  out: Problems,
): { slip?: Expr[]; friction?: CoulombFriction } {
  const coulomb = isFields(spec.law) ? spec.law.coulomb : undefined;
  if (law && pinnedTangent(law) !== undefined) {
    if (spec.slip !== undefined) out.add('bad-slip', `${field}.slip`, `'${contact}' sticks: its tangent is the stick law's expression, so 'slip' is not used`);
    return {};
  }
  if (coulomb === undefined && spec.slip === undefined) return {};
  if (coulomb === undefined) {
    out.add('bad-slip', `${field}.slip`, `'${contact}' has a slip but its law has no friction: add coulomb: 'mu' to the law, or drop slip`);
    return {};
  }
  const friction = checkCoulomb(coulomb, contact, parameters, `${field}.law.coulomb`, out);
  if (spec.slip === undefined) {
    out.add(
      'bad-slip',
      `${field}.slip`,
      `'${contact}' has Coulomb friction but no slip: give the position of the contact point along the surface (its rate is the sliding velocity)`,
    );
    return {};
  }
  const slip = checkSlip(spec.slip, 2, coordinates, reader, `${field}.slip`, out);
  return slip && friction ? { slip, friction } : {};
}
