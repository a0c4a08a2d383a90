// M and the forcing assembled body by body at run time from the
// derivation's pieces (src/derive/lagrange/bodywise.ts), for a model whose
// bodies make its T: outward over the frames and points,
//   frame, per rotation about axis e (ground components ê = R e):
//     α ← α + ä ê + ȧ (ω × ê),  ω ← ω + ȧ ê,  J_ω,j ← J_ω,j + (∂a/∂qⱼ) ê,  R ← R·R_e(a);
//   point at offset o in frame F from point P (r = R_F o):
//     J_j = J_P,j + J_ω,j × r + R_F ∂o/∂qⱼ,
//     a = a_P + α_F × r + ω_F × (ω_F × r) + 2 ω_F × R_F ȯ + R_F ö;
// then per body, with J_ω, ω and α turned into its axes (Rᵀ),
//   M += m J_vᵀJ_v + J_ωᵀ I J_ω,  forcing −= m J_vᵀ a_v + J_ωᵀ(I α + ω × Iω),
// and forcing += Q − ∂V/∂q; a rolling body's rows −d·v_P, v_P = v_c + ω × r,
// from the same values: A = −d·(J_v + J_ω × r), bias −d·(a_v + α × r + ω × ṙ),
// r evaluated from its symmetry axis k = R·axis (NaN past lying flat, its
// guard) and ṙ = (∂r/∂k)(ω × k).
// Every product is formed at codegen time over known zeros
// (straight-line.ts), as the articulated route does.
// Tests: test/codegen/bodywise.test.ts.
import { numericValue, symbolsIn, type Expr } from '../core/expr.js';
import { toNumber } from '../core/rational.js';
import { MechanicsError } from '../errors.js';
import type { Bodywise } from '../derive/lagrange/bodywise.js';
import { AXIS_SYMBOLS } from '../model/geometry/rolling.js';
import { AXES, type Axis, type Vec3 } from '../model/geometry/vectors.js';
import { callStmt, idx, ref, type Decl, type Stmt } from './ir.js';
import { kernelBlock, P, scratchParam, T, type Scope } from './scope.js';
import { CHUNK_OPS } from './lower.js';
import { Inputs, Program, type Node, type Val } from './straight-line.js';

type V3 = readonly [Val, Val, Val];
/** Rows of a 3×3 matrix of values. */
type M3 = readonly [V3, V3, V3];

interface FrameValues {
  readonly R: M3;
  readonly w: V3;
  /** ∂ω/∂q̇ⱼ, one per coordinate. */
  readonly J: readonly V3[];
  /** ω̇ at q̈ = 0. */
  readonly a: V3;
}

interface PointValues {
  readonly J: readonly V3[];
  readonly a: V3;
}

/** Vector algebra over values known now or at run time. */
class Vectors {
  constructor(readonly p: Program) {}
  add = (a: V3, b: V3): V3 => [this.p.add(a[0], b[0]), this.p.add(a[1], b[1]), this.p.add(a[2], b[2])];
  scale = (k: Val, a: V3): V3 => [this.p.mul(k, a[0]), this.p.mul(k, a[1]), this.p.mul(k, a[2])];
  dot = (a: V3, b: V3): Val => this.p.sum([a[0], b[0]], [a[1], b[1]], [a[2], b[2]]);
  cross = (a: V3, b: V3): V3 => [
    this.p.sum([a[1], b[2]], [-1, a[2], b[1]]),
    this.p.sum([a[2], b[0]], [-1, a[0], b[2]]),
    this.p.sum([a[0], b[1]], [-1, a[1], b[0]]),
  ];
  times = (m: M3, v: V3): V3 => [this.dot(m[0], v), this.dot(m[1], v), this.dot(m[2], v)];
  /** mᵀv. */
  timesT = (m: M3, v: V3): V3 => [0, 1, 2].map((k) => this.p.sum([m[0][k], v[0]], [m[1][k], v[1]], [m[2][k], v[2]])) as unknown as V3;
  column = (m: M3, k: number): V3 => [m[0][k]!, m[1][k]!, m[2][k]!];

  /** R·R_axis(c, s): a right-handed turn mixes the two other columns (vectors.ts axisRotation). */
  turn(R: M3, axis: Axis, c: Val, s: Val): M3 {
    const [i, j] = ({ x: [1, 2], y: [2, 0], z: [0, 1] } as const)[axis];
    const row = (r: V3): V3 => {
      const out = [...r];
      out[i] = this.p.sum([c, r[i]], [s, r[j]]);
      out[j] = this.p.sum([-1, s, r[i]], [c, r[j]]);
      return out as unknown as V3;
    };
    return [row(R[0]), row(R[1]), row(R[2])];
  }
}

const ZERO3: V3 = [0, 0, 0];
const IDENTITY3: M3 = [
  [1, 0, 0],
  [0, 1, 0],
  [0, 0, 1],
];

/** The outward kinematics at run time: every frame's R, ω, J_ω, a_ω and every point's J_v, a_v (ground components). */
export class Kinematics {
  readonly alg: Vectors;
  readonly ground: FrameValues;
  readonly frames: FrameValues[] = [];
  readonly points: PointValues[] = [];
  /** The state's reads, by symbol name. */
  readonly state = new Map<string, Node>();

  constructor(
    scope: Scope,
    bw: Bodywise,
    readonly p: Program,
    readonly inputs: Inputs,
  ) {
    const { n } = scope;
    this.alg = new Vectors(p);
    this.ground = { R: IDENTITY3, w: ZERO3, J: this.zeros(n), a: ZERO3 };
    // A coordinate or a velocity is read from the state itself, not copied into the inputs first.
    scope.sys.model.coordinates.forEach((c, i) => {
      this.state.set(c.q.name, p.read(idx('s$', i)));
      this.state.set(c.qd.name, p.read(idx('s$', n + i)));
    });
    for (const f of bw.frames) this.frames.push(this.frame(f));
    for (const pt of bw.points) this.points.push(this.point(pt, n));
  }

  val = (e: Expr): Val => (e.kind === 'sym' && this.state.get(e.name)) || this.inputs.value(e);
  vec = (v: Vec3): V3 => [this.val(v[0]), this.val(v[1]), this.val(v[2])];
  frameOf = (k: number): FrameValues => (k < 0 ? this.ground : this.frames[k]!);
  private zeros = (n: number): V3[] => Array.from({ length: n }, () => ZERO3);

  private frame(f: Bodywise['frames'][number]): FrameValues {
    const { alg, p } = this;
    let { R, w, J, a } = f.parent < 0 ? this.ground : this.frames[f.parent]!;
    for (const { axis, angle } of f.rotations) {
      const e = alg.column(R, AXES.indexOf(axis));
      const rate = this.val(angle.rate);
      a = alg.add(alg.add(a, alg.scale(this.val(angle.bias), e)), alg.scale(rate, alg.cross(w, e)));
      w = alg.add(w, alg.scale(rate, e));
      J = J.map((Jj, j) => alg.add(Jj, alg.scale(this.val(angle.partials[j]!), e)));
      const x = this.val(angle.value);
      R = alg.turn(R, axis, p.fn('cos', x), p.fn('sin', x));
    }
    return { R, w, J, a };
  }

  private point(pt: Bodywise['points'][number], n: number): PointValues {
    const { alg } = this;
    const from = pt.from < 0 ? { J: this.zeros(n), a: ZERO3 } : this.points[pt.from]!;
    const F = this.frameOf(pt.frame);
    const o = pt.offset;
    const r = alg.times(F.R, this.vec(o.value));
    const J = from.J.map((Jj, j) => alg.add(alg.add(Jj, alg.cross(F.J[j]!, r)), alg.times(F.R, this.vec(o.partials[j]!))));
    const a = [
      from.a,
      alg.cross(F.a, r),
      alg.cross(F.w, alg.cross(F.w, r)),
      alg.scale(2, alg.cross(F.w, alg.times(F.R, this.vec(o.rate)))),
      alg.times(F.R, this.vec(o.bias)),
    ].reduce(alg.add);
    return { J, a };
  }

  /**
   * An expression of the symbols `bound` (their values given) and of what
   * the inputs evaluate: sums, products and powers with integer or half
   * exponents (a rolling body's offset as a function of its axis).
   */
  of(e: Expr, bound: ReadonlyMap<string, Val>): Val {
    const { p } = this;
    if (!symbolsIn(e).some((s) => bound.has(s.name))) return this.val(e);
    switch (e.kind) {
      case 'sym':
        return bound.get(e.name)!;
      case 'add':
        return p.sum([toNumber(e.constant)], ...e.terms.map((t) => [toNumber(t.coeff), this.of(t.expr, bound)]));
      case 'mul':
        return p.mul(toNumber(e.coeff), ...e.factors.map((f) => this.power(this.of(f.base, bound), f.exp)));
      case 'pow':
        return this.power(this.of(e.base, bound), e.exp);
      default:
        throw new MechanicsError('internal', 'internal', `a rolling body's offset has a ${e.kind} of its axis; only sums, products and powers are evaluated`);
    }
  }

  private power(x: Val, exp: Expr): Val {
    const k = numericValue(exp);
    if (k === undefined || !Number.isInteger(2 * k)) throw new MechanicsError('internal', 'internal', `a power ${k ?? 'of a symbol'} of a rolling body's axis`);
    const factors: Val[] = Array.from({ length: Math.trunc(Math.abs(k)) }, () => x);
    if (!Number.isInteger(k)) factors.push(this.p.fn('sqrt', x));
    const product = this.p.mul(...factors);
    return k < 0 ? this.p.recip(product) : product;
  }
}

/** M (every entry) and the forcing (zeros without `forcing`) as values of the kinematics' program. */
export function massAndForcing(kin: Kinematics, bw: Bodywise, n: number, forcing: boolean): { M: Val[][]; f: Val[] } {
  const { alg, p, val, vec } = kin;
  const M: Val[][] = Array.from({ length: n }, () => new Array<Val>(n).fill(0));
  const f: Val[] = bw.forces.map((e) => (forcing ? val(e) : 0));
  for (const body of bw.bodies) {
    const m = val(body.mass);
    const { J, a } = kin.points[body.centre]!;
    for (let i = 0; i < n; i++) {
      for (let j = i; j < n; j++) M[i]![j] = p.add(M[i]![j]!, p.mul(m, alg.dot(J[i]!, J[j]!)));
      if (forcing) f[i] = p.sub(f[i]!, p.mul(m, alg.dot(J[i]!, a)));
    }
    if (!body.rotation) continue;
    const F = kin.frameOf(body.rotation.frame);
    const I = body.rotation.inertia.map(vec) as unknown as M3;
    const Jw = F.J.map((Jj) => alg.timesT(F.R, Jj));
    const IJ = Jw.map((Jj) => alg.times(I, Jj));
    for (let i = 0; i < n; i++) for (let j = i; j < n; j++) M[i]![j] = p.add(M[i]![j]!, alg.dot(Jw[i]!, IJ[j]!));
    if (!forcing) continue;
    const w = alg.timesT(F.R, F.w);
    const torque = alg.add(alg.times(I, alg.timesT(F.R, F.a)), alg.cross(w, alg.times(I, w)));
    for (let i = 0; i < n; i++) f[i] = p.sub(f[i]!, alg.dot(Jw[i]!, torque));
  }
  for (let i = 0; i < n; i++) for (let j = 0; j < i; j++) M[i]![j] = M[j]![i]!;
  return { M, f };
}

/** M into mm$ (n×n, row-major) and the forcing into ff$. */
function massAndForcingOutputs(kin: Kinematics, bw: Bodywise, n: number, forcing: boolean): void {
  const { M, f } = massAndForcing(kin, bw, n, forcing);
  M.forEach((row, i) => row.forEach((Mij, j) => kin.p.output(Mij, idx('mm$', i * n + j))));
  if (forcing) f.forEach((fi, i) => kin.p.output(fi, idx('ff$', i)));
}

/** A rolling body's constraint row: its name, A's row and its bias (bodywise.ts BodywiseRolling). */
export interface RollingRow {
  readonly name: string;
  readonly A: readonly Val[];
  readonly c: Val;
}

/** The rolling bodies' rows as values of the kinematics' program. */
export function rollingRows(kin: Kinematics, bw: Bodywise): RollingRow[] {
  const { alg, p, vec } = kin;
  return bw.rolling.flatMap((c) => {
    const body = bw.bodies[c.body]!;
    const F = kin.frameOf(body.rotation!.frame);
    const { J, a } = kin.points[body.centre]!;
    const k = c.axis ? alg.times(F.R, vec(c.axis)) : undefined;
    const bound = new Map<string, Val>(k ? AXIS_SYMBOLS.map((s, i) => [s.name, k[i]!]) : []);
    // The guard, constant where defined, makes r and so every row NaN past lying flat.
    const guard = c.guard ? kin.val(c.guard) : 1;
    const r = c.offset.map((e) => p.mul(guard, kin.of(e, bound))) as unknown as V3;
    const kRate = k ? alg.cross(F.w, k) : ZERO3;
    const rRate = c.offsetPartials.map((d, i) => alg.scale(kRate[i]!, d.map((e) => kin.of(e, bound)) as unknown as V3)).reduce(alg.add, ZERO3);
    const JP = J.map((Jj, j) => alg.add(Jj, alg.cross(F.J[j]!, r)));
    const aP = [a, alg.cross(F.a, r), alg.cross(F.w, rRate)].reduce(alg.add);
    return c.rows.map((row): RollingRow => {
      const d = vec(row.direction);
      return { name: row.name, A: JP.map((Jj) => p.mul(-1, alg.dot(d, Jj))), c: p.mul(-1, alg.dot(d, aP)) };
    });
  });
}

/**
 * A straight-line program over the kinematics as the functions
 * `${name}0…`, with the arguments (t, p, …buffers), and their helpers: the
 * inputs' buffer and the kernel block `${name}inputs` filling it.
 */
export function bodywiseProgram(
  scope: Scope,
  bw: Bodywise,
  name: string,
  buffers: readonly string[],
  build: (kin: Kinematics) => void,
): { decls: Decl[]; body: Stmt[] } {
  const p = new Program();
  const buffer = `${name}in`;
  const inputs = new Inputs(p, buffer);
  build(new Kinematics(scope, bw, p, inputs));
  const { decls, calls } = p.functions(name, [T, P, ...buffers.map(scratchParam)], CHUNK_OPS, `${name}w`);
  const fill = inputs.outputs.length > 0;
  return {
    decls: [
      ...(fill
        ? ([
            {
              kind: 'buffer',
              name: buffer,
              array: 'Float64Array',
              length: inputs.outputs.length,
              doc: "The bodies' pieces (angles, offsets, their rates), once per call.",
            },
            {
              kind: 'function',
              name: `${name}inputs`,
              doc: "The bodies' pieces at the state in s$.",
              params: [T, P],
              returns: 'void',
              body: [kernelBlock(scope, inputs.outputs)],
            },
          ] satisfies Decl[])
        : []),
      ...decls,
    ],
    body: [...(fill ? [callStmt(`${name}inputs`, ref('t'), ref('p'))] : []), ...calls],
  };
}

/** M into mm$ (and the forcing into ff$) at the state in s$, assembled body by body. */
export const bodywiseDynamics = (scope: Scope, bw: Bodywise, forcing: boolean): { decls: Decl[]; body: Stmt[] } =>
  forcing
    ? bodywiseProgram(scope, bw, 'dynamics$bw', ['mm$', 'ff$'], (kin) => massAndForcingOutputs(kin, bw, scope.n, true))
    : bodywiseProgram(scope, bw, 'mass$bw', ['mm$'], (kin) => massAndForcingOutputs(kin, bw, scope.n, false));

/** The rolling bodies' constraint rows into aa$ and their biases into cc$ at the state in s$; `names` orders the rows. */
export const bodywiseRollingRows = (scope: Scope, bw: Bodywise, names: readonly string[]): { decls: Decl[]; body: Stmt[] } =>
  bodywiseProgram(scope, bw, 'constraints$bw', ['aa$', 'cc$'], (kin) => {
    const n = scope.n;
    for (const row of rollingRows(kin, bw)) {
      const at = names.indexOf(row.name);
      row.A.forEach((Aj, j) => kin.p.output(Aj, idx('aa$', at * n + j)));
      kin.p.output(row.c, idx('cc$', at));
    }
  });

/** The names of the constraint rows the rolling bodies make. */
export const rollingRowNames = (bw: Bodywise): Set<string> => new Set(bw.rolling.flatMap((c) => c.rows.map((r) => r.name)));
