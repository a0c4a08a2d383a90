// geometry.rolling: each rolling body read against the bodies and frames
// declared, then turned (src/model/geometry/rolling.ts) into retaining
// constraints named <name>_x, <name>_y (no slip along the plane's x and y,
// non-holonomic) and <name>_n (on the plane, holonomic; left out when the
// coordinates keep the body on the plane by themselves). buildModel claims
// their names beside the written constraints (claimRolling).
// Tests: test/model/validate/rolling.test.ts.
import { evaluate } from '../../core/evaluate.js';
import { dependsOn, ZERO, type Expr } from '../../core/expr.js';
import type { Body } from '../geometry/dynamics.js';
import type { RollingDescription } from '../geometry/description.js';
import type { Frame } from '../geometry/kinematics.js';
import { rollingContact, rollingRows, type RollingBody, type RollingShape } from '../geometry/rolling.js';
import { AXES, type Axis } from '../geometry/vectors.js';
import { TIME } from '../names.js';
import type { Coordinate, HolonomicConstraint, NonholonomicConstraint, RollingContact } from '../types.js';
import { dependsOnCoordinates } from './constraint-item.js';
import type { Reading } from './geometry-reading.js';
import type { Namespace } from './identifiers.js';
import { velocityRow } from './nonholonomic.js';
import type { Problems } from './problems.js';
import { member, stringAt, type Fields } from './shape.js';

const SHAPES: Readonly<Record<RollingShape, true>> = { disk: true, sphere: true, torus: true };

/** A constraint the rolling made, with the field it is reported under. */
interface Made<C> {
  readonly field: string;
  readonly constraint: C;
}

export interface RollingConstraints {
  readonly contact: RollingContact;
  /** The contact point P and the body's shape, for the report (geometry/description.ts). */
  readonly description: RollingDescription;
  readonly holonomic: readonly Made<HolonomicConstraint>[];
  readonly nonholonomic: readonly Made<NonholonomicConstraint>[];
}

/** Where the model is first evaluated: the parameters' defaults and the default initial configuration. */
export interface RollingStart {
  readonly coordinates: readonly Coordinate[];
  /** Parameter name → default, coordinate name → initial value, and t = 0. */
  readonly env: Readonly<Record<string, number>>;
}

/**
 * One rolling entry's constraints, or undefined with problems. `bodies` maps
 * every declared body's name to it (undefined where it was refused, already
 * reported).
 */
export function readRolling(
  f: Fields,
  field: string,
  r: Reading,
  bodies: ReadonlyMap<string, Body | undefined>,
  start: RollingStart,
): RollingConstraints | undefined {
  const { out } = r;
  const name = stringAt(f.name, member(field, 'name'), "a rolling contact's name", out);
  const body = readRollingBody(f, field, r, bodies, start.env);
  const plane = f.plane === undefined ? r.ground : r.frames.find(f.plane, member(field, 'plane'), out);
  if (plane && moves(plane, start.coordinates)) {
    out.add(
      'bad-rolling',
      member(field, 'plane'),
      `the plane's frame '${plane.name}' turns with the coordinates or the time: a body rolls here on a fixed plane only`,
    );
    return undefined;
  }
  if (name === undefined || !body || !plane) return undefined;
  const contact = rollingContact(body, plane, start.env);
  if (contact === 'flat') {
    out.add(
      'bad-rolling',
      field,
      "at the initial state the disk lies flat on the plane (its axis along the plane's normal): its contact point is not defined there; start it tilted off flat",
    );
    return undefined;
  }
  const rows = rollingRows(body, plane, contact.offset, r.rate);
  const slip = rows.slip.map((e, k) => {
    const at = `${name}_${'xy'[k]}`;
    const row = velocityRow(e, start.coordinates);
    if (row.A.every((a) => a === ZERO)) {
      out.add(
        'bad-rolling',
        field,
        `the contact point's velocity along the plane's ${'xy'[k]} axis does not depend on any velocity: the coordinates cannot move the body that way (rolling '${name}')`,
      );
      return undefined;
    }
    return { field, constraint: { name: at, ...row, expr: e } };
  });
  if (slip.some((s) => s === undefined)) return undefined;
  const held = rows.height === ZERO ? [] : [{ field, constraint: { name: `${name}_n`, phi: rows.height } }];
  if (held.length && !dependsOnCoordinates(rows.height, start.coordinates)) {
    out.add(
      'bad-rolling',
      field,
      `the body's contact point stays at a fixed distance ${-evaluate(rows.height, start.env)} from the plane whatever the coordinates: place its centre so that it can touch the plane`,
    );
    return undefined;
  }
  const shape = {
    plane: plane.R,
    ...(body.shape === 'sphere' ? {} : { axis: body.axis }),
    offset: contact.byAxis,
    ...(contact.guard ? { guard: contact.guard } : {}),
  };
  const made = { name, body: String(f.body), tangents: [`${name}_x`, `${name}_y`] as const, ...(held.length ? { normal: `${name}_n` } : {}), shape };
  const description = { name, body: made.body, shape: body.shape, contact: rows.contact };
  return { contact: made, description, holonomic: held, nonholonomic: slip as Made<NonholonomicConstraint>[] };
}

/** The rolling constraints whose names are free beside the written ones (the rest reported), and the contacts all of whose names were. */
export function claimRolling(
  made: readonly RollingConstraints[] = [],
  names: Namespace,
  out: Problems,
): { holonomic: HolonomicConstraint[]; nonholonomic: NonholonomicConstraint[]; contacts: RollingContact[] } {
  const claimed = made.map((r) => {
    const claim = <C extends { name: string }>(list: readonly Made<C>[]): C[] =>
      list.filter((m) => names.claim(m.constraint.name, member(m.field, 'name'), out) !== undefined).map((m) => m.constraint);
    const holonomic = claim(r.holonomic);
    const nonholonomic = claim(r.nonholonomic);
    return { holonomic, nonholonomic, whole: holonomic.length === r.holonomic.length && nonholonomic.length === r.nonholonomic.length };
  });
  return {
    holonomic: claimed.flatMap((c) => c.holonomic),
    nonholonomic: claimed.flatMap((c) => c.nonholonomic),
    contacts: made.filter((_, k) => claimed[k]!.whole).map((r) => r.contact),
  };
}

function readRollingBody(
  f: Fields,
  field: string,
  r: Reading,
  bodies: ReadonlyMap<string, Body | undefined>,
  env: Readonly<Record<string, number>>,
): RollingBody | undefined {
  const { out } = r;
  const bodyName = stringAt(f.body, member(field, 'body'), "a body's name", out);
  const shape = stringAt(f.shape, member(field, 'shape'), "the body's shape", out);
  const opts = { parametersOnly: true, smooth: true };
  const radius = r.reader.read(f.radius, member(field, 'radius'), out, opts);
  const tubeRadius = f.tubeRadius === undefined ? undefined : r.reader.read(f.tubeRadius, member(field, 'tubeRadius'), out, opts);
  if (bodyName !== undefined && !bodies.has(bodyName)) {
    const known = [...bodies.keys()];
    out.add('unknown-body', member(field, 'body'), `'${bodyName}' is not a body of geometry.bodies (declared: ${known.length ? known.join(', ') : 'none'})`);
  }
  const body = bodyName === undefined ? undefined : bodies.get(bodyName);
  if (body && !body.rotation) {
    out.add('bad-rolling', member(field, 'body'), `'${bodyName}' is a particle: a rolling body is rigid (give it a frame and an inertia)`);
  }
  if (shape !== undefined && !Object.hasOwn(SHAPES, shape)) {
    out.add('bad-rolling', member(field, 'shape'), `'${shape}' is not a rolling shape: disk, sphere or torus`);
    return undefined;
  }
  const axis = shape === undefined ? undefined : readAxis(f.axis, shape as RollingShape, member(field, 'axis'), out);
  if (shape === 'torus' && f.tubeRadius === undefined) out.add('missing-field', member(field, 'tubeRadius'), 'a torus needs its tube radius (tubeRadius)');
  if (shape !== 'torus' && f.tubeRadius !== undefined)
    out.add('bad-rolling', member(field, 'tubeRadius'), `a ${shape ?? 'body'} has no tube: tubeRadius belongs to a torus`);
  const positive = (e: Expr | undefined, key: string): boolean => {
    const v = e && evaluate(e, env);
    if (e && !(v! > 0)) out.add('bad-rolling', member(field, key), `the ${key} must be positive; at the parameters' defaults it is ${v}`);
    return e !== undefined && v! > 0;
  };
  const sized = positive(radius, 'radius') && (shape !== 'torus' || positive(tubeRadius, 'tubeRadius'));
  if (!body?.rotation || !sized || axis === undefined || !radius) return undefined;
  const placed = { centre: body.centre, frame: body.rotation.frame, radius };
  if (axis === null) return { ...placed, shape: 'sphere' };
  return shape === 'torus' ? { ...placed, shape, axis, tubeRadius: tubeRadius! } : { ...placed, shape: 'disk', axis };
}

/** The symmetry axis of a disk or torus (null for a sphere, which has none to give). */
function readAxis(x: unknown, shape: RollingShape, field: string, out: Problems): Axis | null | undefined {
  if (shape === 'sphere') {
    if (x !== undefined) out.add('bad-rolling', field, 'a sphere has no symmetry axis to give: drop axis');
    return x === undefined ? null : undefined;
  }
  if (x === undefined) {
    out.add('missing-field', field, `a ${shape} needs its symmetry axis: 'x', 'y' or 'z' of its body's frame`);
    return undefined;
  }
  const axis = stringAt(x, field, 'the symmetry axis', out);
  if (axis === undefined) return undefined;
  if ((AXES as readonly string[]).includes(axis)) return axis as Axis;
  out.add('bad-rolling', field, `'${axis}': the symmetry axis is one of the body frame's axes x, y or z`);
  return undefined;
}

/** Whether a frame turns with the coordinates or the time. */
const moves = (frame: Frame, coordinates: readonly Coordinate[]): boolean =>
  frame.R.some((row) => row.some((e) => dependsOnCoordinates(e, coordinates) || dependsOn(e, TIME)));
