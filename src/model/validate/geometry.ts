// geometry: frames, points, bodies, gravity, springs, forces and torques,
// read against the model's names and turned into T, V and generalized forces
// (src/model/geometry/). Frames and points refer only to those declared
// before them, so every frame and point is defined once, without cycles.
// Frames, points and bodies are three namespaces; the ground frame is a frame.
// Joints are read after frames and before points: each declares its child
// as a frame and as a point (its origin). A frame by a unit quaternion brings
// its constraint |q|² = 1 (quaternion.ts), held with the model's holonomic.
// Contacts (geometry-contacts.ts) are read after points; their names are the
// model's constraint names. The points, the links between them and the
// bodies' frames make the model's default drawing (src/model/geometry/sketch.ts).
// Where the joints make a tree that carries every body (src/model/geometry/tree.ts),
// the tree goes with T and V.
import { evaluate } from '../../core/evaluate.js';
import type { Expr } from '../../core/expr.js';
import {
  generalizedForces,
  kineticEnergy,
  potentialEnergy,
  type Body,
  type Damper,
  type FrameTorque,
  type PointForce,
  type Spring,
} from '../geometry/dynamics.js';
import { describeBody, describeFrame, quaternionTurn } from '../geometry/describe.js';
import type { BodyDescription, FrameDescription, FrameTurn, GeometryDescription, PointPlacement } from '../geometry/description.js';
import { groundFrame, pointPosition, rateOf, turnedFrame, type Frame } from '../geometry/kinematics.js';
import { framesFixing } from '../geometry/fixed-in.js';
import { geometrySketch, type SketchInput } from '../geometry/sketch.js';
import { anchorOf, isFixedVec, kinematicTree, type Anchor, type FixedBody, type KinematicTree, type ReadJoint } from '../geometry/tree.js';
import { AXES, matVec, ZERO_VEC, type Axis, type Mat3, type Vec3 } from '../geometry/vectors.js';
import {
  BODY_FIELDS,
  CONTACT_FIELDS,
  DAMPER_FIELDS,
  FORCE_FIELDS,
  FRAME_FIELDS,
  GEOMETRY_FIELDS,
  JOINT_FIELDS,
  POINT_FIELDS,
  ROLLING_FIELDS,
  SPRING_FIELDS,
  TORQUE_FIELDS,
} from '../spec.js';
import type { DrawingSpec } from '../spec.js';
import { TIME } from '../names.js';
import type { Coordinate, HolonomicConstraint, InitialState, Parameter, UnilateralConstraint } from '../types.js';
import { readContact } from './geometry-contacts.js';
import type { ExprReader } from './expressions.js';
import { Namespace } from './identifiers.js';
import { readInertia, readVector } from './inertia.js';
import { Declared, type Reading } from './geometry-reading.js';
import { jointOrder, readJoint, type JointItem, type JointsSoFar } from './joints.js';
import { Problems, type Checked } from './problems.js';
import { readQuaternionFrame } from './quaternion.js';
import { readRolling, type RollingConstraints } from './rolling.js';
import { arrayAt, fieldsAt, rejectUnknownKeys, stringAt, type Fields } from './shape.js';

export const DEFAULT_GROUND = 'N';

/** What the geometry adds to the model: T (with bodies), V, Q (one per coordinate), the rolling bodies' constraints and its contacts. */
export interface GeometryTerms {
  readonly T?: Expr;
  readonly V: Expr;
  readonly Q: readonly Expr[];
  /** |q|² − 1 = 0 of each quaternion frame. */
  readonly holonomic: readonly HolonomicConstraint[];
  /** The default drawing, for a model that declares none. */
  readonly sketch: DrawingSpec;
  readonly rolling: readonly RollingConstraints[];
  readonly contacts: readonly UnilateralConstraint[];
  /** The joints' tree, where every coordinate drives a joint and every body is fixed in a joint's child or the ground. */
  readonly tree?: KinematicTree;
  /** The frames, points, bodies and contacts as the report prints them. */
  readonly description: GeometryDescription;
}

export function checkGeometry(
  x: unknown,
  coordinates: readonly Coordinate[],
  parameters: readonly Parameter[],
  reader: ExprReader,
  constraints: Namespace,
  model: string | undefined,
  initial: InitialState,
): Checked<GeometryTerms | undefined> {
  const out = new Problems(model);
  if (x === undefined) return out.result(undefined);
  const spec = fieldsAt(x, 'geometry', 'frames, points and bodies { frames, points, bodies, … }', out);
  if (!spec) return out.result(undefined);
  rejectUnknownKeys(spec, GEOMETRY_FIELDS, 'geometry', out);
  const frameNames = new Namespace();
  const groundName = frameNames.claim(spec.ground ?? DEFAULT_GROUND, 'geometry.ground', out);
  const ground = groundName === undefined ? undefined : groundFrame(groundName);
  // A refused ground name leaves problems, and the description is never returned.
  const groundLabel = groundName ?? DEFAULT_GROUND;
  const r: Reading = {
    reader,
    rate: rateOf(coordinates),
    ground,
    frames: new Declared('frame', 'unknown-frame'),
    points: new Declared('point', 'unknown-point'),
    out,
  };
  if (ground) r.frames.byName.set(ground.name, ground);
  // Quaternion frames claim their coordinates where joints do: a coordinate turns one of them.
  const soFar: JointsSoFar = { origins: new Map(), driven: new Map(), parents: new Map() };
  const unit: HolonomicConstraint[] = [];
  const frames: FrameDescription[] = [];
  eachItem(spec.frames, 'geometry.frames', 'a frame { name, parent, axes, angles } or { name, parent, quaternion }', FRAME_FIELDS, out, (f, field) => {
    const name = frameNames.claim(f.name, `${field}.name`, out);
    const byQuaternion = f.quaternion === undefined ? undefined : readQuaternionFrame(f, field, r, name ?? '', coordinates, soFar.driven);
    if (byQuaternion) unit.push(byQuaternion.unit);
    const read =
      f.quaternion === undefined ? readFrame(f, field, r, name ?? '') : byQuaternion && { frame: byQuaternion.frame, turn: quaternionTurn(byQuaternion.q) };
    if (name === undefined || !read) return;
    r.frames.byName.set(name, read.frame);
    frames.push(describeFrame(read.frame, typeof f.parent === 'string' ? f.parent : groundLabel, read.turn));
  });
  const pointNames = new Namespace();
  // Where each point is fixed (a frame and its components there), for the tree.
  const fixedParameters = new Set(parameters.map((p) => p.name));
  const anchors = new Map<string, Anchor>();
  const groundAnchor: Anchor | undefined = ground && { frame: ground.name, offset: ZERO_VEC };
  const readJoints: ReadJoint[] = [];
  const jointItems: JointItem[] = [];
  eachItem(spec.joints, 'geometry.joints', 'a joint { type, parent, child, at, axes, coordinates }', JOINT_FIELDS, out, (fields, field) =>
    jointItems.push({ fields, field }),
  );
  for (const { fields, field } of jointOrder(jointItems, out)) {
    const joint = readJoint(fields, field, r, coordinates, soFar);
    if (!joint) continue;
    const { read, placed } = joint;
    const { child } = read;
    if (frameNames.claim(child, `${field}.child`, out) === undefined || pointNames.claim(child, `${field}.child`, out) === undefined) continue;
    r.frames.byName.set(child, placed.frame);
    r.points.byName.set(child, placed.origin);
    frames.push(describeFrame(placed.frame, soFar.parents.get(child) ?? groundLabel));
    soFar.origins.set(child, placed.origin);
    anchors.set(child, { frame: child, offset: ZERO_VEC });
    if (isFixedVec(read.at, fixedParameters)) readJoints.push(read);
  }
  // Segments of the default drawing: along the joint tree, and from the point each point is placed from.
  const links: [string | undefined, string][] = [...soFar.parents].map(([child, parent]) => [r.points.byName.has(parent) ? parent : undefined, child]);
  const placements = new Map<string, PointPlacement>();
  eachItem(spec.points, 'geometry.points', 'a point { name, from, frame, position }', POINT_FIELDS, out, (p, field) => {
    const name = pointNames.claim(p.name, `${field}.name`, out);
    const from = p.from === undefined ? ZERO_VEC : r.points.find(p.from, `${field}.from`, out);
    const frame = p.frame === undefined ? ground : r.frames.find(p.frame, `${field}.frame`, out);
    const offset = readVector(p.position, `${field}.position`, reader, out, { smooth: true });
    if (name === undefined || !from || !frame || !offset) return;
    r.points.byName.set(name, pointPosition(from, frame, offset));
    placements.set(name, { ...(p.from === undefined ? {} : { from: p.from as string }), frame: frame.name, offset });
    if (p.from !== undefined || frame !== ground) links.push([p.from as string | undefined, name]);
    const anchor = anchorOf(p.from === undefined ? groundAnchor : anchors.get(p.from as string), frame.name, offset, fixedParameters);
    if (anchor) anchors.set(name, anchor);
  });
  const defaults = Object.fromEntries(parameters.map((p) => [p.name, p.default]));
  const bodyNames = new Namespace();
  const bodies: Body[] = [];
  const described: BodyDescription[] = [];
  const sketched: SketchInput['bodies'][number][] = [];
  // Every declared body by name (undefined where it was refused), for rolling.
  const bodiesByName = new Map<string, Body | undefined>();
  const fixedBodies: (FixedBody | undefined)[] = [];
  // Each rigid body's centre and frame: a material point of that frame.
  const centres: [string, string][] = [];
  eachItem(spec.bodies, 'geometry.bodies', 'a body { name, mass, centre, frame, inertia }', BODY_FIELDS, out, (b, field) => {
    const name = bodyNames.claim(b.name, `${field}.name`, out);
    const read = readBody(b, field, r, defaults);
    if (name !== undefined) bodiesByName.set(name, read?.body);
    if (!read) return;
    const { body } = read;
    bodies.push(body);
    if (name !== undefined) described.push(describeBody(name, b.centre as string, body, r.rate));
    if (body.rotation) sketched.push({ centre: b.centre as string, frame: body.rotation.frame, mass: body.mass, inertia: body.rotation.inertia });
    const anchor = anchors.get(b.centre as string);
    const frame = body.rotation?.frame.name;
    if (frame !== undefined) centres.push([b.centre as string, frame]);
    fixedBodies.push(
      anchor && (frame === undefined || frame === anchor.frame)
        ? { frame: anchor.frame, mass: body.mass, centre: anchor.offset, ...(read.inertia ? { inertia: read.inertia } : {}) }
        : undefined,
    );
  });
  const contacts: UnilateralConstraint[] = [];
  const fixedIn = framesFixing([...centres, ...[...anchors].map(([p, a]) => [p, a.frame] as const)], placements, fixedParameters);
  eachItem(spec.contacts, 'geometry.contacts', 'a contact { name, point, plane, law }', CONTACT_FIELDS, out, (c, field) => {
    const contact = readContact(c, field, r, { coordinates, parameters, names: constraints, fixedIn });
    if (contact) contacts.push(contact);
  });
  const gravity = spec.gravity === undefined ? undefined : readVector(spec.gravity, 'geometry.gravity', reader, out, { parametersOnly: true, smooth: true });
  const springs: Spring[] = [];
  eachItem(spec.springs, 'geometry.springs', 'a spring { between, stiffness, length }', SPRING_FIELDS, out, (s, field) => {
    const spring = readSpring(s, field, r);
    if (spring) springs.push(spring);
  });
  const dampers: Damper[] = [];
  eachItem(spec.dampers, 'geometry.dampers', 'a damper { between, damping }', DAMPER_FIELDS, out, (d, field) => {
    const ends = readEnds(d.between, `${field}.between`, r);
    const damping = reader.read(d.damping, `${field}.damping`, out, { parametersOnly: true });
    if (ends && damping) dampers.push({ ends, damping });
  });
  const forces: PointForce[] = [];
  eachItem(spec.forces, 'geometry.forces', 'a force { at, vector, frame }', FORCE_FIELDS, out, (f, field) => {
    const at = r.points.find(f.at, `${field}.at`, out);
    const vector = readLoad(f, field, r);
    if (at && vector) forces.push({ at, vector });
  });
  const torques: FrameTorque[] = [];
  eachItem(spec.torques, 'geometry.torques', 'a torque { on, vector, frame }', TORQUE_FIELDS, out, (t, field) => {
    const on = r.frames.find(t.on, `${field}.on`, out);
    const vector = readLoad(t, field, r);
    if (on && vector) torques.push({ on, vector });
  });
  const start = { coordinates, env: { ...defaults, ...Object.fromEntries(coordinates.map((c, i) => [c.name, initial.q0[i]!])), [TIME]: 0 } };
  const rolling: RollingConstraints[] = [];
  eachItem(spec.rolling, 'geometry.rolling', 'a rolling body { name, body, shape, radius, axis, plane }', ROLLING_FIELDS, out, (f, field) => {
    const made = readRolling(f, field, r, bodiesByName, start);
    if (made) rolling.push(made);
  });
  if (out.list.length) return out.result(undefined);
  const tree = ground && kinematicTree(readJoints, fixedBodies, ground.name, coordinates.length, gravity, potentialEnergy([], undefined, springs));
  const T = bodies.length ? kineticEnergy(bodies, r.rate) : undefined;
  return out.result({
    rolling,
    ...(T ? { T } : {}),
    V: potentialEnergy(bodies, gravity, springs),
    Q: generalizedForces(coordinates, { forces, torques, dampers }, r.rate),
    holonomic: unit,
    description: {
      ground: groundLabel,
      frames,
      points: [...r.points.byName].map(([name, position]) => {
        const placed = placements.get(name);
        return { name, position, ...(placed ? { placed } : {}) };
      }),
      bodies: described,
      rolling: rolling.map((c) => c.description),
      ...(T ? { T } : {}),
    },
    sketch: geometrySketch({ points: r.points.byName, links, bodies: sketched, ...(gravity ? { gravity } : {}), defaults }),
    contacts,
    ...(tree ? { tree } : {}),
  });
}

/** Each item of an optional list of objects, its unknown keys rejected. */
function eachItem(
  x: unknown,
  field: string,
  expected: string,
  known: Readonly<Record<string, true>>,
  out: Problems,
  read: (item: Fields, field: string) => void,
): void {
  if (x === undefined) return;
  (arrayAt(x, field, `a list, each ${expected}`, out) ?? []).forEach((item, i) => {
    const at = `${field}[${i}]`;
    const fields = fieldsAt(item, at, expected, out);
    if (!fields) return;
    rejectUnknownKeys(fields, known, at, out);
    read(fields, at);
  });
}

function readFrame(f: Fields, field: string, r: Reading, name: string): { frame: Frame; turn: FrameTurn } | undefined {
  const { out } = r;
  const parent = f.parent === undefined ? r.ground : r.frames.find(f.parent, `${field}.parent`, out);
  const axes = stringAt(f.axes, `${field}.axes`, "a rotation sequence ('z', 'zxz', …)", out);
  const angles = arrayAt(f.angles, `${field}.angles`, 'a list of angles, one per axis', out);
  if (axes === undefined || angles === undefined) return undefined;
  const letters = [...axes];
  const bad = letters.find((a) => !(AXES as readonly string[]).includes(a));
  if (bad !== undefined || letters.length === 0) {
    out.add(
      'bad-rotation',
      `${field}.axes`,
      `'${axes}': a rotation is about a frame's axis x, y or z, one letter per rotation ('z', 'zxz' Euler, 'zyx' Tait–Bryan)`,
    );
    return undefined;
  }
  if (angles.length !== letters.length) {
    out.add('bad-rotation', `${field}.angles`, `${letters.length} rotation axes ('${axes}') but ${angles.length} angles: give one angle per axis`);
    return undefined;
  }
  const read = angles.map((a, k) => r.reader.read(a, `${field}.angles[${k}]`, out, { smooth: true }));
  if (!parent || read.some((a) => a === undefined)) return undefined;
  const rotations = letters.map((axis, k) => ({ axis: axis as Axis, angle: read[k]! }));
  return { frame: turnedFrame(name, parent, rotations, r.rate), turn: { kind: 'axes', rotations } };
}

/** A body, and its inertia about the centre in its own frame (for the tree). */
function readBody(b: Fields, field: string, r: Reading, defaults: Readonly<Record<string, number>>): { body: Body; inertia?: Mat3 } | undefined {
  const { out } = r;
  const mass = r.reader.read(b.mass, `${field}.mass`, out, { parametersOnly: true, smooth: true });
  const centre = r.points.find(b.centre, `${field}.centre`, out);
  if (mass && !(evaluate(mass, defaults) > 0)) {
    out.add('bad-mass', `${field}.mass`, `a body's mass must be positive; at the parameters' defaults it is ${evaluate(mass, defaults)}`);
    return undefined;
  }
  if ((b.frame === undefined) !== (b.inertia === undefined)) {
    const missing = b.frame === undefined ? 'frame' : 'inertia';
    out.add(
      'missing-field',
      `${field}.${missing}`,
      `a rigid body needs both its frame and its inertia about the centre in that frame (a particle has neither)`,
    );
    return undefined;
  }
  if (b.frame === undefined) return mass && centre ? { body: { mass, centre } } : undefined;
  const frame = r.frames.find(b.frame, `${field}.frame`, out);
  const inertia = readInertia(b.inertia, `${field}.inertia`, r.reader, defaults, out);
  return mass && centre && frame && inertia ? { body: { mass, centre, rotation: { frame, inertia } }, inertia } : undefined;
}

function readSpring(s: Fields, field: string, r: Reading): Spring | undefined {
  const { out } = r;
  const ends = readEnds(s.between, `${field}.between`, r);
  const opts = { parametersOnly: true, smooth: true };
  const stiffness = r.reader.read(s.stiffness, `${field}.stiffness`, out, opts);
  const length = s.length === undefined ? undefined : r.reader.read(s.length, `${field}.length`, out, opts);
  if (!ends || !stiffness || (s.length !== undefined && !length)) return undefined;
  return { ends, stiffness, ...(length ? { length } : {}) };
}

/** The two points a spring or damper joins. */
function readEnds(x: unknown, field: string, r: Reading): readonly [Vec3, Vec3] | undefined {
  const between = arrayAt(x, field, 'two point names', r.out);
  if (!between) return undefined;
  if (between.length !== 2) {
    r.out.add('bad-type', field, `it joins two points, got ${between.length}`);
    return undefined;
  }
  const [p, q] = between.map((name, k) => r.points.find(name, `${field}[${k}]`, r.out));
  return p && q ? [p, q] : undefined;
}

/** A force's or torque's vector in ground components (any function of q, q̇ and t: it is never differentiated). */
function readLoad(l: Fields, field: string, r: Reading): Vec3 | undefined {
  const frame = l.frame === undefined ? r.ground : r.frames.find(l.frame, `${field}.frame`, r.out);
  const vector = readVector(l.vector, `${field}.vector`, r.reader, r.out, { velocities: true });
  return frame && vector ? matVec(frame.R, vector) : undefined;
}
