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
// and forcing += Q − ∂V/∂q. Every product is formed at codegen time over
// known zeros (straight-line.ts), as the articulated route does.
// Tests: test/codegen/bodywise.test.ts.
import type { Expr } from '../core/expr.js';
import type { Bodywise, Moving } from '../derive/lagrange/bodywise.js';
import { AXES, type Axis, type Vec3 } from '../model/geometry/vectors.js';
import { callStmt, idx, ref, type Decl, type Stmt } from './ir.js';
import { kernelBlock, P, scratchParam, T, type Scope } from './scope.js';
import { Inputs, Program, type Val } from './straight-line.js';

type V3 = readonly [Val, Val, Val];
/** Rows of a 3×3 matrix of values. */
type M3 = readonly [V3, V3, V3];

/** Nodes per generated function (articulated.ts). */
const FUNCTION_NODES = 1500;

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

/** Builds M (and the forcing) into `program`: outputs into mm$ (n×n, row-major) and ff$. */
function assemble(scope: Scope, bw: Bodywise, p: Program, inputs: Inputs, forcing: boolean): void {
  const { n } = scope;
  const alg = new Vectors(p);
  // A coordinate or a velocity is read from the state itself, not copied into the inputs first.
  const state = new Map<string, Val>();
  scope.sys.model.coordinates.forEach((c, i) => {
    state.set(c.q.name, p.read(idx('s$', i)));
    state.set(c.qd.name, p.read(idx('s$', n + i)));
  });
  const val = (e: Expr): Val => (e.kind === 'sym' && state.get(e.name)) || inputs.value(e);
  const vec = (v: Vec3): V3 => [val(v[0]), val(v[1]), val(v[2])];
  const zeros = (): V3[] => Array.from({ length: n }, () => ZERO3);

  const ground: FrameValues = { R: IDENTITY3, w: ZERO3, J: zeros(), a: ZERO3 };
  const frames: FrameValues[] = [];
  for (const f of bw.frames) {
    let { R, w, J, a } = f.parent < 0 ? ground : frames[f.parent]!;
    for (const { axis, angle } of f.rotations) {
      const e = alg.column(R, AXES.indexOf(axis));
      const rate = val(angle.rate);
      a = alg.add(alg.add(a, alg.scale(val(angle.bias), e)), alg.scale(rate, alg.cross(w, e)));
      w = alg.add(w, alg.scale(rate, e));
      J = J.map((Jj, j) => alg.add(Jj, alg.scale(val(angle.partials[j]!), e)));
      const x = val(angle.value);
      R = alg.turn(R, axis, p.trig('cos', x), p.trig('sin', x));
    }
    frames.push({ R, w, J, a });
  }
  const frameOf = (k: number): FrameValues => (k < 0 ? ground : frames[k]!);

  const points: PointValues[] = [];
  for (const pt of bw.points) {
    const from = pt.from < 0 ? { J: zeros(), a: ZERO3 } : points[pt.from]!;
    const F = frameOf(pt.frame);
    const o: Moving<V3> = { value: vec(pt.offset.value), partials: pt.offset.partials.map(vec), rate: vec(pt.offset.rate), bias: vec(pt.offset.bias) };
    const r = alg.times(F.R, o.value);
    const J = from.J.map((Jj, j) => alg.add(alg.add(Jj, alg.cross(F.J[j]!, r)), alg.times(F.R, o.partials[j]!)));
    const a = [
      from.a,
      alg.cross(F.a, r),
      alg.cross(F.w, alg.cross(F.w, r)),
      alg.scale(2, alg.cross(F.w, alg.times(F.R, o.rate))),
      alg.times(F.R, o.bias),
    ].reduce(alg.add);
    points.push({ J, a });
  }

  const M: Val[][] = Array.from({ length: n }, () => new Array<Val>(n).fill(0));
  const f: Val[] = bw.forces.map((e) => (forcing ? val(e) : 0));
  for (const body of bw.bodies) {
    const m = val(body.mass);
    const { J, a } = points[body.centre]!;
    for (let i = 0; i < n; i++) {
      for (let j = i; j < n; j++) M[i]![j] = p.add(M[i]![j]!, p.mul(m, alg.dot(J[i]!, J[j]!)));
      if (forcing) f[i] = p.sub(f[i]!, p.mul(m, alg.dot(J[i]!, a)));
    }
    if (!body.rotation) continue;
    const F = frameOf(body.rotation.frame);
    const I = body.rotation.inertia.map(vec) as unknown as M3;
    const Jw = F.J.map((Jj) => alg.timesT(F.R, Jj));
    const IJ = Jw.map((Jj) => alg.times(I, Jj));
    for (let i = 0; i < n; i++) for (let j = i; j < n; j++) M[i]![j] = p.add(M[i]![j]!, alg.dot(Jw[i]!, IJ[j]!));
    if (!forcing) continue;
    const w = alg.timesT(F.R, F.w);
    const torque = alg.add(alg.times(I, alg.timesT(F.R, F.a)), alg.cross(w, alg.times(I, w)));
    for (let i = 0; i < n; i++) f[i] = p.sub(f[i]!, alg.dot(Jw[i]!, torque));
  }
  for (let i = 0; i < n; i++) {
    for (let j = i; j < n; j++) {
      p.output(M[i]![j]!, idx('mm$', i * n + j));
      if (j > i) p.output(M[i]![j]!, idx('mm$', j * n + i));
    }
    if (forcing) p.output(f[i]!, idx('ff$', i));
  }
}

/**
 * The functions `${name}(t, p, mm$[, ff$])` writing M (and the forcing) at
 * the state in s$, and their helpers: the inputs' kernel block and the
 * straight-line chunks.
 */
export function bodywiseDecls(scope: Scope, bw: Bodywise, name: string, forcing: boolean): { decls: Decl[]; body: Stmt[] } {
  const p = new Program();
  const buffer = `${name}in`;
  const inputs = new Inputs(p, buffer);
  assemble(scope, bw, p, inputs, forcing);
  const params = [T, P, scratchParam('mm$'), ...(forcing ? [scratchParam('ff$')] : [])];
  const { decls, calls } = p.functions(`${name}`, params, FUNCTION_NODES, `${name}w`);
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
