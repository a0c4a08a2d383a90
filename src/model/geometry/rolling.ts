// Rolling without slipping of a body of revolution on a fixed plane through
// the fixed origin O, its normal n and tangents t₁, t₂ the plane frame's
// z, x, y axes (ground components). The contact point P, from the centre c
// and the body's symmetry axis k (a unit vector of its frame):
//   sphere: P = c − a n;
//   disk:   P = c + a u/|u|, u = −n + (n·k)k, |u|² = 1 − (n·k)²
//           (u: the direction in the disk's plane that points most downward);
//   torus:  P = c + a u/|u| − b n (the tube's circle, then the tube).
// The body's material point at P moves with v_P = v_c + ω × (P − c);
// rolling without slipping is v_P·t₁ = v_P·t₂ = 0, linear in q̇ because v_c
// and ω are, and the body stays on the plane where (P − O)·n = 0, whose
// rate is v_P·n (P slides over the body's surface only tangentially).
// Each is written with its sign turned, −v_P·t = 0 and −(P − O)·n = 0: the
// reaction of a row being −Aᵀλ (src/derive/lagrange/lagrange1.ts), it is
// then λ ∂(v_P·t)/∂q̇, the virtual power of the force λt at P, so each
// multiplier is the contact force's component on the body along t₁, t₂, n.
// Tests: test/model/geometry/rolling.test.ts.
import { evaluate } from '../../core/evaluate.js';
import { fn, mul, neg, ONE, pow, sqrt, sub, sym, TWO, type Expr, type Sym } from '../../core/expr.js';
import { simplify } from '../../core/trig.js';
import { velocityOf, type Frame } from './kinematics.js';
import { addVec, cross, dot, mapVec, matVec, scaleVec, subVec, unitVector, type Axis, type Vec3 } from './vectors.js';

export type RollingShape = 'disk' | 'sphere' | 'torus';

/** A body of revolution: its centre and frame, and its shape with its sizes (a disk's and a torus' symmetry axis in the body's frame). */
export type RollingBody = { readonly centre: Vec3; readonly frame: Frame } & (
  | { readonly shape: 'sphere'; readonly radius: Expr }
  | { readonly shape: 'disk'; readonly radius: Expr; readonly axis: Axis }
  /** radius: the centre circle's; tubeRadius: the tube's. */
  | { readonly shape: 'torus'; readonly radius: Expr; readonly tubeRadius: Expr; readonly axis: Axis }
);

/** A disk or a torus: a body with a rim. */
export type RimmedBody = Extract<RollingBody, { readonly axis: Axis }>;

export interface RollingRows {
  /** The contact point P (ground components). */
  readonly contact: Vec3;
  /** −(P − O)·n: zero when the coordinates themselves keep the body on the plane. */
  readonly height: Expr;
  /** −v_P·t₁ and −v_P·t₂, linear in q̇. */
  readonly slip: readonly [Expr, Expr];
}

/** The plane's normal n (its frame's z axis, ground components). */
export const planeNormal = (plane: Frame): Vec3 => matVec(plane.R, unitVector('z'));

/** The body's symmetry axis k in ground components as symbols, for P − c as a function of it (RollingContactOffset.byAxis). */
export const AXIS_SYMBOLS: readonly [Sym, Sym, Sym] = [sym('k$x'), sym('k$y'), sym('k$z')];

/** The body's contact point as the model keeps it (rollingContact). */
export interface RollingContactOffset {
  /** P − c in the coordinates: what the constraint rows are formed from. */
  readonly offset: Vec3;
  /** P − c as a function of k = AXIS_SYMBOLS: what generated code evaluates from the body's frame at run time. */
  readonly byAxis: Vec3;
  /** 1 on the side of lying flat the model keeps, NaN past it (√sgn of the rows' |u|); absent where the rows' |u| is the root itself. */
  readonly guard?: Expr;
}

/**
 * The one owner of a rolling body's P − c, or 'flat' where a disk or torus
 * lies flat at `env` (its axis along n: u = 0, the contact point undefined).
 * The contact is the rim's lowest point, |u| = √(1 − (n·k)²) > 0: byAxis
 * writes it so. Where |u|² simplifies to a square s², the rows write |u| as
 * ±s with the sign positive at `env` (cos θ, as a textbook does, rather than
 * √(cos²θ)); that is |u| on this side of lying flat only. Past it (s changes
 * sign only through u = 0) ±s is −|u| and the point the rows keep on the
 * plane is the rim's highest: the body has gone through the plane, which no
 * rolling motion does (lying flat the disk meets the plane with its face, an
 * impact this contact law does not model). So the model's domain is that
 * side, and `guard` turns generated code's values there into NaN rather than
 * silently continuing with the wrong point.
 */
export function rollingContact(body: RollingBody, plane: Frame, env: Readonly<Record<string, number>>): RollingContactOffset | 'flat' {
  const n = planeNormal(plane);
  if (body.shape === 'sphere') {
    const offset = mapVec(scaleVec(neg(body.radius), n), simplify);
    return { offset, byAxis: offset };
  }
  const k = matVec(body.frame.R, unitVector(body.axis));
  const squared = simplify(sub(ONE, pow(simplify(dot(n, k)), 2)));
  const square = squared.kind === 'pow' && squared.exp === TWO;
  const root = square ? squared.base : sqrt(squared);
  const value = evaluate(root, env);
  // Exactly flat is 0 up to the rounding of cos and sin at the start.
  if (!(Math.abs(value) > 1e-9)) return 'flat';
  const length = value > 0 ? root : neg(root);
  const byAxis = rimOffset(body, n, AXIS_SYMBOLS, sqrt(simplify(sub(ONE, pow(dot(n, AXIS_SYMBOLS), 2)))));
  return { offset: rimOffset(body, n, k, length), byAxis, ...(square ? { guard: sqrt(fn('sign', length)) } : {}) };
}

/** P − c of a disk or torus from its axis k and the plane's normal n (ground components), |u| = `length`. */
function rimOffset(body: RimmedBody, n: Vec3, k: Vec3, length: Expr): Vec3 {
  const u = subVec(scaleVec(simplify(dot(n, k)), k), n);
  const rim = scaleVec(mul(body.radius, pow(length, -1)), u);
  return mapVec(body.shape === 'torus' ? addVec(rim, scaleVec(neg(body.tubeRadius), n)) : rim, simplify);
}

export function rollingRows(body: RollingBody, plane: Frame, offset: Vec3, rate: (e: Expr) => Expr): RollingRows {
  const contact = addVec(body.centre, offset);
  const vP = addVec(velocityOf(body.centre, rate), cross(body.frame.omega, offset));
  const along = (axis: Axis): Expr => simplify(neg(dot(vP, matVec(plane.R, unitVector(axis)))));
  return { contact: mapVec(contact, simplify), height: simplify(neg(dot(contact, planeNormal(plane)))), slip: [along('x'), along('y')] };
}
