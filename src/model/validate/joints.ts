// geometry.joints: each joint read against the frames and the model's
// coordinates, then expanded (src/model/geometry/joints.ts) into its child's
// frame and origin. Joints may be listed in any order: they are read parents
// first (jointOrder), so a joint may hang from a joint listed after it, and
// joints that hang from one another in a cycle are refused. A coordinate
// drives one joint; a child hangs from one parent.
import { jointChild, JOINT_FREEDOMS, type Placed } from '../geometry/joints.js';
import type { JointType, ReadJoint } from '../geometry/tree.js';
import { AXES, ZERO_VEC, type Axis, type Vec3 } from '../geometry/vectors.js';
import type { Coordinate } from '../types.js';
import type { Reading } from './geometry-reading.js';
import { readVector } from './inertia.js';
import type { Problems } from './problems.js';
import { arrayAt, member, stringAt, type Fields } from './shape.js';

/** What earlier joints left: the children's origins, and who claimed each coordinate and child. */
export interface JointsSoFar {
  readonly origins: Map<string, Vec3>;
  /** Coordinate name → the joint field that it drives. */
  readonly driven: Map<string, string>;
  /** Child name → its parent's name. */
  readonly parents: Map<string, string>;
}

export function readJoint(
  j: Fields,
  field: string,
  r: Reading,
  coordinates: readonly Coordinate[],
  soFar: JointsSoFar,
): { placed: Placed; read: ReadJoint } | undefined {
  const { out } = r;
  const type = readType(j.type, member(field, 'type'), r);
  const child = stringAt(j.child, member(field, 'child'), "the child's name", out);
  const parent = j.parent === undefined ? r.ground : r.frames.find(j.parent, member(field, 'parent'), out);
  if (child !== undefined && soFar.parents.has(child)) {
    out.add('bad-joint', member(field, 'child'), `'${child}' already hangs from '${soFar.parents.get(child)}': a child has one parent joint`);
    return undefined;
  }
  const axes = type && readAxes(j.axes ?? (type === 'spherical' ? 'zxz' : undefined), type, member(field, 'axes'), r);
  const drivers = type && readCoordinates(j.coordinates, type, field, r, coordinates, soFar);
  const at = j.at === undefined ? ZERO_VEC : readVector(j.at, member(field, 'at'), r.reader, out, { smooth: true });
  if (child !== undefined && parent) soFar.parents.set(child, parent.name);
  if (!type || !axes || !drivers || !at || !parent || child === undefined) return undefined;
  const from = { frame: parent, origin: soFar.origins.get(parent.name) ?? ZERO_VEC };
  const read = { child, parent: parent.name, type, axes, coordinates: drivers.map((c) => coordinates.indexOf(c)), at };
  return { placed: jointChild(child, from, { type, axes, coordinates: drivers.map((c) => c.q), at }, r.rate), read };
}

/** A joint item of the list: its fields and its field path. */
export interface JointItem {
  readonly fields: Fields;
  readonly field: string;
}

/**
 * The items in an order that reads every joint after the joint whose child
 * it hangs from. A joint on a cycle of parents (A from B, B from A) is
 * refused with joint-cycle, and the joints below it are left out with it.
 */
export function jointOrder(items: readonly JointItem[], out: Problems): JointItem[] {
  const maker = new Map<unknown, number>();
  items.forEach(({ fields }, k) => {
    if (!maker.has(fields.child)) maker.set(fields.child, k);
  });
  const above = items.map(({ fields }) => (fields.parent === undefined ? undefined : maker.get(fields.parent)));
  const done = new Set<number>();
  const refused = new Set<number>();
  const order: JointItem[] = [];
  items.forEach((_, k) => {
    const path: number[] = [];
    for (let j: number | undefined = k; j !== undefined && !done.has(j) && !path.includes(j); j = above[j]) path.push(j);
    for (const j of path) done.add(j);
    const last = path.length ? above[path[path.length - 1]!] : undefined;
    const loop = last === undefined ? -1 : path.indexOf(last);
    if (loop >= 0) {
      const cycle = [...path.slice(loop), last!].map((i) => `'${String(items[i]!.fields.child)}'`).join(' → ');
      for (const j of path.slice(loop))
        out.add('joint-cycle', member(items[j]!.field, 'parent'), `joints hang from one another in a cycle (${cycle}): a parent must lead down to the ground`);
    }
    if (loop >= 0 || (last !== undefined && refused.has(last))) for (const j of path) refused.add(j);
    else order.push(...path.reverse().map((j) => items[j]!));
  });
  return order;
}

function readType(x: unknown, field: string, r: Reading): JointType | undefined {
  const type = stringAt(x, field, "a joint's type", r.out);
  if (type === undefined) return undefined;
  if (Object.hasOwn(JOINT_FREEDOMS, type)) return type as JointType;
  r.out.add('bad-joint', field, `'${type}' is not a joint type: revolute, prismatic, universal or spherical`);
  return undefined;
}

/** One axis letter per freedom, no axis twice in a row (that would be one rotation, not two). */
function readAxes(x: unknown, type: JointType, field: string, r: Reading): Axis[] | undefined {
  if (x === undefined) {
    r.out.add('missing-field', field, `a ${type} joint needs its axes (only a spherical joint has a default, 'zxz')`);
    return undefined;
  }
  const axes = stringAt(x, field, `a ${type} joint's axes`, r.out);
  if (axes === undefined) return undefined;
  const letters = [...axes];
  const n = JOINT_FREEDOMS[type];
  if (letters.length !== n || letters.some((a, k) => !(AXES as readonly string[]).includes(a) || a === letters[k - 1])) {
    const example = { revolute: "'z'", prismatic: "'x'", universal: "'zx'", spherical: "'zxz' or 'zyx'" }[type];
    r.out.add('bad-joint', field, `'${axes}': a ${type} joint takes ${n} of the axes x, y, z, no axis twice in a row (e.g. ${example})`);
    return undefined;
  }
  return letters as Axis[];
}

function readCoordinates(
  x: unknown,
  type: JointType,
  field: string,
  r: Reading,
  coordinates: readonly Coordinate[],
  soFar: JointsSoFar,
): Coordinate[] | undefined {
  const at = member(field, 'coordinates');
  const names = arrayAt(x, at, 'a list of coordinate names', r.out);
  if (!names) return undefined;
  if (names.length !== JOINT_FREEDOMS[type]) {
    r.out.add('bad-joint', at, `a ${type} joint has ${JOINT_FREEDOMS[type]} coordinates, got ${names.length}`);
    return undefined;
  }
  const found = names.map((name, k) => {
    const c = coordinates.find((c) => c.name === name);
    if (!c) r.out.add('unknown-coordinate', `${at}[${k}]`, `'${String(name)}' is not a coordinate of the model`);
    else if (soFar.driven.has(c.name))
      r.out.add('bad-joint', `${at}[${k}]`, `'${c.name}' already drives ${soFar.driven.get(c.name)}: a coordinate belongs to one joint`);
    else {
      soFar.driven.set(c.name, field);
      return c;
    }
    return undefined;
  });
  return found.every((c) => c !== undefined) ? found : undefined;
}
