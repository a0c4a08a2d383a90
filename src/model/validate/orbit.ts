// orbit: the periodic orbit a model declares (src/studies/orbit.ts finds it
// by Newton on the return map, runtime/analysis/periodic.ts), checked before
// anything is derived: the start and the shift name coordinates, `fix`
// names components of the state (q, q', t), `params` and the continuation's
// parameter are the model's, the section is a rigid contact (a compliant one
// has no impacts to stop at) or a coordinate crossing a finite value, and
// the numbers are finite (crossings a positive integer, period positive).
// Whether a period must be given (the model depends on time) is known only
// after the derivation, and is checked where the orbit is sought.
// Tests: test/model/validate/orbit.test.ts.
import { CONTINUATION_FIELDS, ORBIT_FIELDS, SECTION_FIELDS, STEP_FIELDS, SWEEP_FIELDS } from '../spec.js';
import type { CompliantContact, Coordinate, Parameter, UnilateralConstraint } from '../types.js';
import { Problems, type Checked } from './problems.js';
import { fieldsAt, member, rejectUnknownKeys, stringAt, typeName, type Fields } from './shape.js';

const FIELD = 'orbit';

interface Known {
  readonly coordinates: readonly Coordinate[];
  readonly parameters: readonly Parameter[];
  readonly unilateral: readonly UnilateralConstraint[];
  readonly compliant: readonly CompliantContact[];
}

/** The problems of spec.orbit. */
export function checkOrbit(x: unknown, known: Known, model: string | undefined): Checked<undefined> {
  const out = new Problems(model);
  if (x === undefined) return out.result(undefined);
  const orbit = fieldsAt(x, FIELD, 'an orbit { q0, qd0, section, … }', out);
  if (!orbit) return out.result(undefined);
  rejectUnknownKeys(orbit, ORBIT_FIELDS, FIELD, out);
  const coordinates = known.coordinates.map((c) => c.name);
  const parameters = known.parameters.map((p) => p.name);
  for (const key of ['q0', 'qd0'] as const) {
    if (orbit[key] === undefined)
      out.add('missing-field', member(FIELD, key), `an orbit gives its start by coordinate name (${key}: { ${coordinates[0] ?? 'x'}: 0 })`);
    else numbersByName(orbit[key], member(FIELD, key), coordinates, 'a coordinate', 'invalid-option', out);
  }
  if (orbit.params !== undefined) numbersByName(orbit.params, member(FIELD, 'params'), parameters, 'a parameter', 'unknown-parameter', out);
  checkSection(orbit.section, member(FIELD, 'section'), known, out);
  if (orbit.crossings !== undefined && !(Number.isInteger(orbit.crossings) && (orbit.crossings as number) >= 1)) {
    out.add('bad-type', member(FIELD, 'crossings'), `crossings is a positive integer, got ${describe(orbit.crossings)}`);
  }
  if (orbit.fix !== undefined) checkFix(orbit.fix, coordinates, out);
  if (orbit.shift !== undefined) checkShift(orbit.shift, coordinates, out);
  if (orbit.period !== undefined && !(typeof orbit.period === 'number' && Number.isFinite(orbit.period) && orbit.period > 0)) {
    out.add('bad-type', member(FIELD, 'period'), `period is a positive number, got ${describe(orbit.period)}`);
  }
  if (orbit.continuation !== undefined) checkContinuation(orbit.continuation, parameters, out);
  if (orbit.sweep !== undefined) checkSweep(orbit.sweep, parameters, out);
  if (orbit.step !== undefined) checkStep(orbit.step, known, out);
  return out.result(undefined);
}

const describe = (x: unknown): string => (typeof x === 'number' ? `${x}` : typeName(x));
const isFiniteNumber = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x);

/** An object of name → finite number, each name one of `names`. */
function numbersByName(
  x: unknown,
  field: string,
  names: readonly string[],
  what: string,
  unknownCode: 'invalid-option' | 'unknown-parameter',
  out: Problems,
): void {
  const values = fieldsAt(x, field, `an object of ${what} name → number`, out);
  if (!values) return;
  for (const [name, v] of Object.entries(values)) {
    const at = member(field, name);
    if (!names.includes(name)) out.add(unknownCode, at, `${field} names ${name}, not ${what} (${names.join(', ') || 'none'})`);
    else if (!isFiniteNumber(v)) out.add('bad-type', at, `${name} must be a finite number, got ${describe(v)}`);
  }
}

function checkSection(x: unknown, field: string, known: Known, out: Problems): void {
  if (x === undefined) {
    out.add('missing-field', field, "an orbit names its section: { contact: 'wall' } or { coordinate: 'y', value: 0, direction: 'up' }");
    return;
  }
  const section = fieldsAt(x, field, 'a section { contact } or { coordinate, value, direction }', out);
  if (!section) return;
  rejectUnknownKeys(section, SECTION_FIELDS, field, out);
  if (section.contact !== undefined) {
    const name = stringAt(section.contact, member(field, 'contact'), 'the contact of a section', out);
    if (name === undefined) return;
    if (known.compliant.some((c) => c.name === name))
      out.add(
        'invalid-option',
        member(field, 'contact'),
        `'${name}' is a compliant contact, which has no impacts to stop at; give a coordinate crossing instead`,
      );
    else if (!known.unilateral.some((u) => u.name === name))
      out.add('invalid-option', member(field, 'contact'), `no contact '${name}' (contacts: ${known.unilateral.map((u) => u.name).join(', ') || 'none'})`);
    return;
  }
  checkCrossing(
    section,
    field,
    known.coordinates.map((c) => c.name),
    out,
  );
}

/** A section where a coordinate crosses a value, upwards (the default) or downwards. */
function checkCrossing(section: Fields, field: string, coordinates: readonly string[], out: Problems): void {
  const name = stringAt(section.coordinate, member(field, 'coordinate'), 'the coordinate of a section (or give its contact)', out);
  if (name !== undefined && !coordinates.includes(name))
    out.add('invalid-option', member(field, 'coordinate'), `no coordinate '${name}' (coordinates: ${coordinates.join(', ')})`);
  if (!isFiniteNumber(section.value))
    out.add('bad-type', member(field, 'value'), `the value the coordinate crosses is a finite number, got ${describe(section.value)}`);
  if (section.direction !== undefined && section.direction !== 'up' && section.direction !== 'down')
    out.add('bad-type', member(field, 'direction'), `direction is 'up' or 'down', got ${JSON.stringify(section.direction) ?? typeName(section.direction)}`);
}

/** Components held at their start values: coordinates, velocities (x') and t. */
function checkFix(x: unknown, coordinates: readonly string[], out: Problems): void {
  const field = member(FIELD, 'fix');
  const components = [...coordinates, ...coordinates.map((c) => `${c}'`), 't'];
  if (!Array.isArray(x)) {
    out.add('bad-type', field, `expected a list of components (${components.join(', ')}), got ${typeName(x)}`);
    return;
  }
  x.forEach((c, i) => {
    if (typeof c !== 'string' || !components.includes(c))
      out.add('invalid-option', `${field}[${i}]`, `fix: no component ${typeof c === 'string' ? `'${c}'` : typeName(c)} (components: ${components.join(', ')})`);
  });
}

/** What each period adds to a coordinate outside the periodicity (or t): a number, or 'free'. */
function checkShift(x: unknown, coordinates: readonly string[], out: Problems): void {
  const field = member(FIELD, 'shift');
  const shift = fieldsAt(x, field, "an object of coordinate → number or 'free'", out);
  if (!shift) return;
  for (const [name, v] of Object.entries(shift)) {
    const at = member(field, name);
    if (!coordinates.includes(name) && name !== 't')
      out.add('invalid-option', at, `shift: no coordinate '${name}' (coordinates: ${coordinates.join(', ')}, or t)`);
    else if (v !== 'free' && !isFiniteNumber(v)) out.add('invalid-option', at, `shift.${name} = ${describe(v)}: give 'free' or a finite number`);
  }
}

function checkContinuation(x: unknown, parameters: readonly string[], out: Problems): void {
  const field = member(FIELD, 'continuation');
  const c = fieldsAt(x, field, 'a continuation { parameter, from, to }', out);
  if (!c) return;
  rejectUnknownKeys(c, CONTINUATION_FIELDS, field, out);
  const name = stringAt(c.parameter, member(field, 'parameter'), 'the parameter of a continuation', out);
  if (name !== undefined && !parameters.includes(name))
    out.add('invalid-option', member(field, 'parameter'), `continuation: no parameter '${name}' (parameters: ${parameters.join(', ') || 'none'})`);
  for (const key of ['from', 'to'] as const) {
    if (!isFiniteNumber(c[key])) out.add('bad-type', member(field, key), `${key} is a finite number, got ${describe(c[key])}`);
  }
}

function checkSweep(x: unknown, parameters: readonly string[], out: Problems): void {
  const field = member(FIELD, 'sweep');
  const c = fieldsAt(x, field, 'a sweep { parameter, values }', out);
  if (!c) return;
  rejectUnknownKeys(c, SWEEP_FIELDS, field, out);
  const name = stringAt(c.parameter, member(field, 'parameter'), 'the parameter of a sweep', out);
  if (name !== undefined && !parameters.includes(name))
    out.add('invalid-option', member(field, 'parameter'), `sweep: no parameter '${name}' (parameters: ${parameters.join(', ') || 'none'})`);
  if (!(Array.isArray(c.values) && c.values.length > 0 && c.values.every(isFiniteNumber)))
    out.add('bad-type', member(field, 'values'), `values is a non-empty list of finite numbers, got ${describe(c.values)}`);
}

/** A mirror step: its section, and an exchange of coordinates (each named coordinate's partner names it back). */
function checkStep(x: unknown, known: Known, out: Problems): void {
  const field = member(FIELD, 'step');
  const c = fieldsAt(x, field, 'a step { section, relabel }', out);
  if (!c) return;
  rejectUnknownKeys(c, STEP_FIELDS, field, out);
  checkSection(c.section, member(field, 'section'), known, out);
  const at = member(field, 'relabel');
  const relabel = fieldsAt(c.relabel, at, 'an object of coordinate → coordinate', out);
  if (!relabel) return;
  const coordinates = known.coordinates.map((q) => q.name);
  for (const [a, b] of Object.entries(relabel)) {
    if (!coordinates.includes(a) || typeof b !== 'string' || !coordinates.includes(b))
      out.add(
        'invalid-option',
        member(at, a),
        `relabel: ${a} → ${typeof b === 'string' ? b : typeName(b)} is not a pair of coordinates (coordinates: ${coordinates.join(', ')})`,
      );
    else if (relabel[b] !== a) out.add('invalid-option', member(at, a), `relabel exchanges coordinates: ${a} → ${b} needs ${b} → ${a}`);
  }
}
