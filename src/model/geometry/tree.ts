// A model's kinematics as a tree of joints, when it is one: every coordinate
// drives a joint, every joint hangs from the ground or from another joint's
// child at a point fixed in the parent, and every body is fixed in a joint's
// child frame (or in the ground). The generated code can then evaluate q̈ by
// the articulated-body recursion (src/codegen/articulated.ts) in O(n) instead
// of forming and factoring M. Each child's bodies are lumped into one
// spatial inertia about the child's origin, in the child's axes.
// Tests: test/codegen/articulated.test.ts (the recursion over it against M), test/model/geometry/joints.test.ts.
import { add, addAll, freeSymbols, mul, neg, ZERO, type Expr } from '../../core/expr.js';
import { addVec, dot, IDENTITY, scaleVec, ZERO_VEC, type Axis, type Mat3, type Vec3 } from './vectors.js';

export type JointType = 'revolute' | 'prismatic' | 'universal' | 'spherical';

/** What a joint is, wherever it is read: its type, axes, coordinates and place. */
interface JointShape {
  /** The child frame's name. */
  readonly child: string;
  readonly type: JointType;
  readonly axes: readonly Axis[];
  /** Indices of its coordinates among the model's, one per axis. */
  readonly coordinates: readonly number[];
  /** The joint point in the parent's frame (parameters only). */
  readonly at: Vec3;
}

export interface TreeJoint extends JointShape {
  /** Index of the parent joint in the tree's joints (parents come first); −1: the ground. */
  readonly parent: number;
  /** The child's bodies lumped: mass, first moment Σ m c and inertia Σ (I_c + m(|c|²1 − c cᵀ)) about the child's origin, in its axes. */
  readonly mass: Expr;
  readonly firstMoment: Vec3;
  readonly inertia: Mat3;
}

export interface KinematicTree {
  readonly joints: readonly TreeJoint[];
  /** The gravitational acceleration in ground components (zero without gravity). */
  readonly gravity: Vec3;
  /** The springs' potential: V less the bodies' weight, whose gradient joins the generalized forces. */
  readonly elastic: Expr;
}

/** A joint as the geometry read it, in reading order (parents first). */
export interface ReadJoint extends JointShape {
  /** The parent frame's name: the ground's or an earlier joint's child. */
  readonly parent: string;
}

/** A body fixed in a frame: the frame's name, its centre there, its inertia about the centre in that frame (a particle: none). */
export interface FixedBody {
  readonly frame: string;
  readonly mass: Expr;
  readonly centre: Vec3;
  readonly inertia?: Mat3;
}

/** A point fixed in a frame: the frame's name and the point's components there, from the frame's origin. */
export interface Anchor {
  readonly frame: string;
  readonly offset: Vec3;
}

export const isFixed = (e: Expr, parameters: ReadonlySet<string>): boolean => [...freeSymbols(e)].every((s) => parameters.has(s));
export const isFixedVec = (v: Vec3, parameters: ReadonlySet<string>): boolean => v.every((e) => isFixed(e, parameters));

/** The anchor of a point placed at `offset` (fixed), components in `frame`, from a point anchored at `from`; none unless both are in one frame. */
export function anchorOf(from: Anchor | undefined, frame: string, offset: Vec3, parameters: ReadonlySet<string>): Anchor | undefined {
  if (!from || !isFixedVec(offset, parameters)) return undefined;
  if (offset.every((e) => e === ZERO)) return from;
  return from.frame === frame ? { frame, offset: addVec(from.offset, offset) } : undefined;
}

/**
 * The tree, or undefined where the kinematics is not one: a coordinate no
 * joint drives, a joint on an ordinary frame, or a body not fixed in a
 * joint's child or the ground (`bodies` holds undefined for it).
 */
export function kinematicTree(
  joints: readonly ReadJoint[],
  bodies: readonly (FixedBody | undefined)[],
  ground: string,
  coordinates: number,
  gravity: Vec3 | undefined,
  elastic: Expr,
): KinematicTree | undefined {
  const index = new Map(joints.map((j, k) => [j.child, k]));
  const driven = joints.reduce((count, j) => count + j.coordinates.length, 0);
  if (joints.length === 0 || driven !== coordinates) return undefined;
  if (joints.some((j) => j.parent !== ground && !index.has(j.parent))) return undefined;
  if (bodies.some((b) => !b || (b.frame !== ground && !index.has(b.frame)))) return undefined;
  return {
    joints: joints.map((j) => {
      const own = bodies.filter((b) => b!.frame === j.child) as FixedBody[];
      return { ...j, parent: j.parent === ground ? -1 : index.get(j.parent)!, ...lumped(own) };
    }),
    gravity: gravity ?? ZERO_VEC,
    elastic,
  };
}

/** Mass, first moment and inertia about the origin of bodies fixed in one frame (parallel axes). */
function lumped(bodies: readonly FixedBody[]): Pick<TreeJoint, 'mass' | 'firstMoment' | 'inertia'> {
  const mass = addAll(bodies.map((b) => b.mass));
  const firstMoment = bodies.reduce((h, b) => addVec(h, scaleVec(b.mass, b.centre)), ZERO_VEC);
  const entry = (i: 0 | 1 | 2, j: 0 | 1 | 2): Expr =>
    addAll(bodies.map(({ mass, centre: c, inertia }) => add(inertia?.[i][j] ?? ZERO, mul(mass, add(mul(IDENTITY[i][j], dot(c, c)), neg(mul(c[i], c[j])))))));
  const row = (i: 0 | 1 | 2): Vec3 => [entry(i, 0), entry(i, 1), entry(i, 2)];
  return { mass: bodies.length ? mass : ZERO, firstMoment, inertia: [row(0), row(1), row(2)] };
}
