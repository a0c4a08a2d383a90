// The pieces from which the generated code assembles M and the forcing body
// by body (src/codegen/bodywise.ts), Kane's way, instead of printing them
// formed from T and V: for a model whose T is its geometry's bodies' alone
// (König's form, src/model/geometry/dynamics.ts) and whose frames turn by
// rotation sequences, each rotation's angle a with its partials ∂a/∂qⱼ,
// its rate ȧ and its bias ä|_{q̈=0}, each point's offset o in its frame with
// ∂o/∂qⱼ, ȯ and ö|_{q̈=0}. From them, at run time, each body's velocity
// Jacobians J_v = ∂v_c/∂q̇, J_ω = ∂ω/∂q̇ and bias accelerations a_v, a_ω
// (v̇_c = J_v q̈ + a_v, ω̇ = J_ω q̈ + a_ω), and
//   M = Σ_b (m J_vᵀJ_v + J_ωᵀ I J_ω),
//   forcing = −Σ_b (m J_vᵀ a_v + J_ωᵀ(I a_ω + ω × Iω)) + Q − ∂V/∂q,
// (ω, J_ω, a_ω in the body's axes), Lagrange II's M and forcing
// (lagrange2.ts) term by term: with v = J_v q̇ + v₀, m v·∂v/∂q̇ differentiated
// gives m J_vᵀ v̇ less ∂T/∂q (the identity ∂v/∂q̇ = ∂r/∂q), and likewise
// Euler's equations for the rotation. Every piece is a few operations;
// M's entries formed symbolically from T are thousands (the bicycle's).
// Tests: test/codegen/bodywise.test.ts (both routes give the same M, forcing and q̈).
import { diff } from '../../core/diff.js';
import { add, neg, type Expr } from '../../core/expr.js';
import { simplify } from '../../core/trig.js';
import { rateOf } from '../../model/geometry/kinematics.js';
import { AXIS_SYMBOLS } from '../../model/geometry/rolling.js';
import { mapVec, unitVector, type Axis, type Mat3, type Vec3 } from '../../model/geometry/vectors.js';
import type { Model } from '../../model/model.js';

/** An expression with its partials ∂/∂qⱼ (one per coordinate), its rate and its second rate at q̈ = 0. */
export interface Moving<T> {
  readonly value: T;
  readonly partials: readonly T[];
  readonly rate: T;
  readonly bias: T;
}

export interface BodywiseFrame {
  /** Index of the parent among the frames (parents first); −1: the ground. */
  readonly parent: number;
  /** Body-fixed rotations turning it from the parent, in order (src/model/geometry/kinematics.ts turnedFrame). */
  readonly rotations: readonly { readonly axis: Axis; readonly angle: Moving<Expr> }[];
}

export interface BodywisePoint {
  /** Index of the point it is placed from (earlier); −1: the origin. */
  readonly from: number;
  /** Index of the frame its offset is in; −1: the ground. */
  readonly frame: number;
  readonly offset: Moving<Vec3>;
}

export interface BodywiseBody {
  readonly mass: Expr;
  /** Index of its centre among the points. */
  readonly centre: number;
  /** A rigid body's frame (index) and inertia about the centre in its axes. */
  readonly rotation?: { readonly frame: number; readonly inertia: Mat3 };
}

/**
 * A body rolling on a fixed plane (src/model/geometry/rolling.ts): its rows
 * −d·v_P, v_P = v_c + ω × r, r = P − c, with A = −d·(J_v + J_ω × r) and bias
 * −d·(a_v + a_ω × r + ω × ṙ), ṙ = (∂r/∂k)(ω × k) for r a function of the
 * symmetry axis k alone (k fixed in the body). A holonomic row of its own
 * height is of this form too: P slides over the body only tangentially, so
 * the height's rate is −n·v_P.
 */
export interface BodywiseRolling {
  /** Index of the body among the bodies. */
  readonly body: number;
  /** The symmetry axis in the body's frame (a sphere: none, and r is constant). */
  readonly axis?: Vec3;
  /** r as a function of k (AXIS_SYMBOLS, ground components), and ∂r/∂kᵢ. */
  readonly offset: Vec3;
  readonly offsetPartials: readonly Vec3[];
  /** 1 on the side of lying flat the model keeps, NaN past it: r is multiplied by it (src/model/geometry/rolling.ts rollingContact). */
  readonly guard?: Expr;
  /** Its constraint rows: name and direction d (ground components, constant). */
  readonly rows: readonly { readonly name: string; readonly direction: Vec3 }[];
}

export interface Bodywise {
  readonly frames: readonly BodywiseFrame[];
  readonly points: readonly BodywisePoint[];
  readonly bodies: readonly BodywiseBody[];
  readonly rolling: readonly BodywiseRolling[];
  /** Q − ∂V/∂q, one per coordinate: every force besides inertia. */
  readonly forces: readonly Expr[];
}

/**
 * The pieces, or undefined where the model is not made of them: T not its
 * bodies' alone, no V, or a body on a frame turned by a quaternion or a
 * joint, or centred at a joint's origin.
 */
export function deriveBodywise(model: Model): Bodywise | undefined {
  const g = model.geometry;
  if (!g?.T || g.T !== model.T || !model.V || g.bodies.length === 0) return undefined;
  const cs = model.coordinates;
  const rate = rateOf(cs);
  const moving = (e: Expr): Moving<Expr> => {
    const r = simplify(rate(e));
    return { value: e, partials: cs.map((c) => simplify(diff(e, c.q.name))), rate: r, bias: simplify(rate(r)) };
  };
  const movingVec = (v: Vec3): Moving<Vec3> => {
    const parts = v.map(moving);
    const pick = (f: (m: Moving<Expr>) => Expr): Vec3 => [f(parts[0]!), f(parts[1]!), f(parts[2]!)];
    return { value: v, partials: cs.map((_, j) => pick((m) => m.partials[j]!)), rate: pick((m) => m.rate), bias: pick((m) => m.bias) };
  };

  const frameIndex = new Map<string, number>([[g.ground, -1]]);
  const frames: BodywiseFrame[] = [];
  const frameOf = (name: string): number | undefined => {
    if (frameIndex.has(name)) return frameIndex.get(name);
    const f = g.frames.find((x) => x.name === name);
    if (f?.turn?.kind !== 'axes') return undefined;
    const parent = frameOf(f.parent);
    if (parent === undefined) return undefined;
    frames.push({ parent, rotations: f.turn.rotations.map(({ axis, angle }) => ({ axis, angle: moving(angle) })) });
    frameIndex.set(name, frames.length - 1);
    return frames.length - 1;
  };

  const pointIndex = new Map<string, number>();
  const points: BodywisePoint[] = [];
  const pointOf = (name: string): number | undefined => {
    if (pointIndex.has(name)) return pointIndex.get(name);
    const placed = g.points.find((x) => x.name === name)?.placed;
    if (!placed) return undefined;
    const from = placed.from === undefined ? -1 : pointOf(placed.from);
    const frame = frameOf(placed.frame);
    if (from === undefined || frame === undefined) return undefined;
    points.push({ from, frame, offset: movingVec(placed.offset) });
    pointIndex.set(name, points.length - 1);
    return points.length - 1;
  };

  const bodies: BodywiseBody[] = [];
  for (const b of g.bodies) {
    const centre = pointOf(b.centre);
    const frame = b.rotation ? frameOf(b.rotation.frame) : -1;
    if (centre === undefined || frame === undefined) return undefined;
    bodies.push({ mass: b.mass, centre, ...(b.rotation ? { rotation: { frame, inertia: b.rotation.inertia } } : {}) });
  }
  const rolling = (model.rolling ?? []).map((c): BodywiseRolling => {
    const { plane, axis, offset, guard } = c.shape;
    const direction = (k: 0 | 1 | 2): Vec3 => [plane[0][k], plane[1][k], plane[2][k]];
    const rows = [
      { name: c.tangents[0], direction: direction(0) },
      { name: c.tangents[1], direction: direction(1) },
      ...(c.normal ? [{ name: c.normal, direction: direction(2) }] : []),
    ];
    return {
      body: g.bodies.findIndex((b) => b.name === c.body),
      ...(axis ? { axis: unitVector(axis) } : {}),
      offset,
      offsetPartials: AXIS_SYMBOLS.map((k) => mapVec(offset, (e) => simplify(diff(e, k.name)))),
      ...(guard ? { guard } : {}),
      rows,
    };
  });
  const V = model.V;
  return { frames, points, bodies, rolling, forces: cs.map((c, i) => simplify(add(model.Q[i]!, neg(diff(V, c.q.name))))) };
}
