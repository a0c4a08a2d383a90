// limitStudy: { parameter, values, rigid, limits } — the rigid-limit study
// the report prints and `mechanics limit` runs (src/runtime/analysis/rigid-limit.ts),
// checked before anything is derived, so a mistyped study fails with the
// model's other problems instead of after the derivation, in the middle of
// a report. The study simulates the model for each value of a parameter and
// fits an order r of |x_N − x_∞| ≈ C N^{−r} by least squares in log N
// (Kozlov 1988: a realization's strength N → ∞); hence:
//  - the parameter is one of the model's;
//  - its values are finite and positive (log N), distinct (a repeated value
//    has no difference to fit), inside the parameter's declared range, and
//    at least three: with no declared limit the orders are fitted to the
//    differences of successive values, and a fit needs two of them;
//  - `rigid` gives, by contact name, the impact law that replaces a realized
//    law in the rigid model the study compares with: each key a contact whose
//    law is realized (compliant or potential), each law a valid impact law;
//  - the theory's limits are finite numbers, its bounds' orders positive
//    ones, each for a quantity whose limit is given;
//  - a drop's start sets coordinates of the model to finite numbers, and
//    its end t1 is positive;
//  - the gap figure's cut is a positive finite number.
// Tests: test/model/validate/limit-study.test.ts.
import { DROP_FIELDS, LIMIT_FIELDS, LIMIT_STUDY_FIELDS } from '../spec.js';
import type { Parameter } from '../types.js';
import type { ExprReader } from './expressions.js';
import { checkImpactLaw, isRealizedLaw } from './impact-law.js';
import { inRange, rangeText } from './parameters.js';
import { Problems, type Checked } from './problems.js';
import { arrayAt, fieldsAt, isFields, member, rejectUnknownKeys, stringAt, typeName } from './shape.js';

const FIELD = 'limitStudy';
/** Two differences of successive values, the fewest a fitted order needs. */
const MIN_VALUES = 3;

/** The problems of spec.limitStudy (`unilateral` is the spec's own list, realized contacts included). */
export function checkLimitStudy(
  x: unknown,
  unilateral: unknown,
  parameters: readonly Parameter[],
  reader: ExprReader,
  model: string | undefined,
  coordinates: readonly string[],
): Checked<undefined> {
  const out = new Problems(model);
  if (x === undefined) return out.result(undefined);
  const study = fieldsAt(x, FIELD, 'a study { parameter, values, rigid, limits }', out);
  if (!study) return out.result(undefined);
  rejectUnknownKeys(study, LIMIT_STUDY_FIELDS, FIELD, out);
  const parameter = checkParameter(study.parameter, parameters, out);
  checkValues(study.values, parameter, parameters, out);
  if (study.rigid !== undefined) checkRigid(study.rigid, unilateral, parameters, reader, out);
  if (study.limits !== undefined) checkLimits(study.limits, out);
  if (study.bounds !== undefined) checkBounds(study.bounds, study.limits, out);
  if (study.drop !== undefined) checkDrop(study.drop, coordinates, out);
  if (study.cut !== undefined && (typeof study.cut !== 'number' || !(study.cut > 0 && Number.isFinite(study.cut))))
    out.add(
      'bad-limit-study',
      member(FIELD, 'cut'),
      `the gap figure's cut is a positive finite number, got ${typeof study.cut === 'number' ? study.cut : typeName(study.cut)}`,
    );
  return out.result(undefined);
}

/** A drop's start: coordinates of the model set to finite numbers, and a positive end. */
function checkDrop(x: unknown, coordinates: readonly string[], out: Problems): void {
  const field = member(FIELD, 'drop');
  const drop = fieldsAt(x, field, 'a start { q, qd, t1 }', out);
  if (!drop) return;
  rejectUnknownKeys(drop, DROP_FIELDS, field, out);
  for (const key of ['q', 'qd'] as const) {
    if (drop[key] === undefined) continue;
    const at = member(field, key);
    const values = fieldsAt(drop[key], at, 'numbers by coordinate name', out);
    for (const [name, v] of Object.entries(values ?? {})) {
      if (!coordinates.includes(name)) out.add('unknown-field', member(at, name), `'${name}' is not a coordinate (coordinates: ${coordinates.join(', ')})`);
      else if (typeof v !== 'number' || !Number.isFinite(v)) out.add('bad-limit-study', member(at, name), `must be a finite number, got ${typeName(v)}`);
    }
  }
  if (typeof drop.t1 !== 'number' || !(drop.t1 > 0 && Number.isFinite(drop.t1)))
    out.add(
      'bad-limit-study',
      member(field, 't1'),
      `the drop's runs end at a positive finite t1, got ${typeof drop.t1 === 'number' ? drop.t1 : typeName(drop.t1)}`,
    );
}

function checkParameter(x: unknown, parameters: readonly Parameter[], out: Problems): Parameter | undefined {
  const field = member(FIELD, 'parameter');
  if (x === undefined) {
    out.add('missing-field', field, "a limit study names the parameter that grows (parameter: 'N')");
    return undefined;
  }
  const name = stringAt(x, field, 'the parameter of a limit study', out);
  if (name === undefined) return undefined;
  const p = parameters.find((q) => q.name === name);
  if (!p)
    out.add(
      'unknown-parameter',
      field,
      `the limit study varies '${name}', which is not a parameter (parameters: ${parameters.map((q) => q.name).join(', ') || 'none'})`,
    );
  return p;
}

function checkValues(x: unknown, p: Parameter | undefined, parameters: readonly Parameter[], out: Problems): void {
  const field = member(FIELD, 'values');
  if (x === undefined) {
    out.add('missing-field', field, `a limit study lists the values of its parameter (at least ${MIN_VALUES})`);
    return;
  }
  const values = arrayAt(x, field, 'a list of numbers', out);
  if (!values) return;
  const label = p ? `'${p.name}'` : 'the parameter';
  if (values.length < MIN_VALUES) {
    out.add(
      'bad-limit-study',
      field,
      `${values.length} value(s) of ${label}: a fitted order needs at least ${MIN_VALUES} (two differences of successive runs)`,
    );
  }
  values.forEach((v, k) => {
    const at = `${field}[${k}]`;
    if (typeof v !== 'number' || !Number.isFinite(v))
      out.add('bad-limit-study', at, `values of ${label} must be finite numbers, got ${typeof v === 'number' ? v : typeName(v)}`);
    else if (!(v > 0)) out.add('bad-limit-study', at, `values of ${label} must be positive (the orders are fitted in log ${p?.name ?? 'N'}), got ${v}`);
    else if (p && !inRange(p, v, parameters)) out.add('bad-limit-study', at, `${v} lies outside the declared range ${rangeText(p, parameters)} of ${label}`);
    else if (values.indexOf(v) < k) out.add('bad-limit-study', at, `${v} is listed twice: a repeated value of ${label} has no difference to fit`);
  });
}

/** Each key a realized contact of the model, each law a valid impact law for its rigid model. */
function checkRigid(x: unknown, unilateral: unknown, parameters: readonly Parameter[], reader: ExprReader, out: Problems): void {
  const field = member(FIELD, 'rigid');
  const laws = fieldsAt(x, field, 'impact laws by contact name ({ line: { plastic: true } })', out);
  if (!laws) return;
  const contacts = (Array.isArray(unilateral) ? unilateral : []).filter(isFields).filter((u) => typeof u.name === 'string');
  const names = contacts.map((u) => u.name as string);
  for (const [name, law] of Object.entries(laws)) {
    const at = member(field, name);
    const contact = contacts.find((u) => u.name === name);
    if (!contact)
      out.add(
        'unknown-contact',
        at,
        `limitStudy.rigid names ${name}, not a unilateral constraint of ${out.model ?? 'the model'} (${names.join(', ') || 'none'})`,
      );
    else if (!isRealizedLaw(contact.law))
      out.add(
        'bad-limit-study',
        at,
        `'${name}' is already rigid: only a contact realized by forces ({ compliant } or { potential }) has a rigid law to tend to`,
      );
    checkImpactLaw(law, name, parameters, reader, at, out);
  }
}

function checkLimits(x: unknown, out: Problems): void {
  const field = member(FIELD, 'limits');
  const limits = fieldsAt(x, field, 'limits { release, duration, restitution }', out);
  if (!limits) return;
  rejectUnknownKeys(limits, LIMIT_FIELDS, field, out);
  for (const key of Object.keys(LIMIT_FIELDS)) {
    const v = limits[key];
    if (v !== undefined && (typeof v !== 'number' || !Number.isFinite(v)))
      out.add('bad-limit-study', member(field, key), `the ${key} limit must be a finite number, got ${typeof v === 'number' ? v : typeName(v)}`);
  }
}

/**
 * Each bound's order a positive number, for a quantity whose limit is given (N^r|x_N − x_∞| needs x_∞); the distance to
 * the rigid motion tends to 0, its limit without being given.
 */
function checkBounds(x: unknown, limits: unknown, out: Problems): void {
  const field = member(FIELD, 'bounds');
  const bounds = fieldsAt(x, field, 'bounds { release, duration, restitution, distance }', out);
  if (!bounds) return;
  const known = { ...LIMIT_FIELDS, distance: true as const };
  rejectUnknownKeys(bounds, known, field, out);
  const given = isFields(limits) ? { ...limits, distance: 0 } : { distance: 0 };
  for (const key of Object.keys(known)) {
    const r = bounds[key];
    if (r === undefined) continue;
    if (typeof r !== 'number' || !(r > 0) || !Number.isFinite(r))
      out.add('bad-limit-study', member(field, key), `the order of a bound is a positive number, got ${typeof r === 'number' ? r : typeName(r)}`);
    else if (given[key as keyof typeof given] === undefined)
      out.add('bad-limit-study', member(field, key), `a bound on the ${key} needs its limit (limits.${key})`);
  }
}
