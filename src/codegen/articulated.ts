// q̈ of a model whose joints make a tree (src/model/geometry/tree.ts), by
// the articulated-body recursion in O(n) instead of M formed and factored
// (Featherstone, Rigid Body Dynamics Algorithms (2008), §7.3, Table 7.1):
//   outward   v_i = X_i v_λ + s_i q̇_i,  c_i = v_i × s_i q̇_i,
//             I^A_i = I_i,  p^A_i = v_i ×* I_i v_i;
//   inward    U_i = I^A_i s_i,  D_i = s_iᵀU_i,  u_i = τ_i − s_iᵀp^A_i,
//             I^A_λ += X_iᵀ(I^A_i − U_iU_iᵀ/D_i)X_i,
//             p^A_λ += X_iᵀ(p^A_i + (I^A_i − U_iU_iᵀ/D_i)c_i + U_iu_i/D_i);
//   outward   a′ = X_i a_λ + c_i,  q̈_i = (u_i − U_iᵀa′)/D_i,  a_i = a′ + s_i q̈_i,
// from a₀ = −(0; g) (weight as the ground's upward acceleration). Spatial
// vectors (ω; v) and forces (n; f) are in each child's axes at its origin;
// X_i maps the parent's to the child's (E the joint's rotation, r the
// child's origin in the parent): ω′ = Eᵀω, v′ = Eᵀ(v + ω × r); forces go
// back by Xᵀ: f = E f′, n = E n′ + r × f. A universal or spherical joint is
// a chain of revolute ones through massless frames; τ is the derivation's
// (src/derive/lagrange/tree.ts). Every product is formed at codegen time over
// known zeros (straight-line.ts): the structure of the tree's axes, offsets
// and inertias decides which entries are ever computed.
// Tests: test/codegen/articulated.test.ts.
import { neg, ZERO, type Expr } from '../core/expr.js';
import type { TreeDynamics } from '../derive/lagrange/tree.js';
import type { TreeJoint } from '../model/geometry/tree.js';
import { AXES, type Axis, type Vec3 } from '../model/geometry/vectors.js';
import { callStmt, idx, num, plus, ref, type Decl, type Stmt } from './ir.js';
import { kernelBlock, P, scratchParam, T, type Scope } from './scope.js';
import { CHUNK_OPS } from './lower.js';
import { Inputs, Program, type Product, type Val } from './straight-line.js';

type V3 = readonly [Val, Val, Val];
/** A spatial vector: angular part (ω or a moment n), linear part (v or a force f). */
interface Spatial {
  readonly w: V3;
  readonly l: V3;
}
/** A symmetric 6×6 matrix, rows in the order (ω, v). */
type Six = readonly (readonly Val[])[];

/** One freedom of the tree: a revolute or prismatic step, a universal or spherical joint being one step per axis. */
interface Step {
  readonly parent: number;
  readonly slide: boolean;
  readonly axis: Axis;
  readonly coordinate: number;
  readonly at: Vec3;
  /** The joint's bodies, on its last step. */
  readonly body?: TreeJoint;
}

function steps(joints: readonly TreeJoint[]): Step[] {
  const out: Step[] = [];
  const last: number[] = [];
  for (const j of joints) {
    j.axes.forEach((axis, k) => {
      const parent = k > 0 ? out.length - 1 : j.parent < 0 ? -1 : last[j.parent]!;
      const body = k === j.axes.length - 1 ? { body: j } : {};
      out.push({ parent, slide: j.type === 'prismatic', axis, coordinate: j.coordinates[k]!, at: k > 0 ? [ZERO, ZERO, ZERO] : j.at, ...body });
    });
    last.push(out.length - 1);
  }
  return out;
}

/** The declarations of the articulated route and the statements of qdd$ that run it (q̈ into out[off…]). */
export function articulatedDecls(scope: Scope, tree: TreeDynamics): { decls: Decl[]; body: Stmt[] } {
  const { n } = scope;
  const p = new Program();
  const inputs = new Inputs(p, 'tp$');
  const all = steps(tree.tree.joints);
  const q = Array.from({ length: n }, (_, i) => p.read(idx('s$', i)));
  const qd = Array.from({ length: n }, (_, i) => p.read(idx('s$', n + i)));
  const tau = tree.forces.map((e, k) => inputs.into(e, 'tau$', k));
  const alg = new Spatial6(p);

  // Outward: joint transforms, velocities, bias accelerations and forces.
  const X = all.map((st) => {
    const at = st.at.map((e) => inputs.value(e)) as unknown as V3;
    if (st.slide) return { E: undefined, r: alg.addAlong(at, st.axis, q[st.coordinate]!) };
    return { E: { c: p.fn('cos', q[st.coordinate]!), s: p.fn('sin', q[st.coordinate]!), axis: st.axis }, r: at };
  });
  const subspace = (st: Step): Spatial => alg.unit(st.slide, st.axis);
  const v: Spatial[] = [];
  const c: Spatial[] = [];
  const Ia: Val[][][] = [];
  const pA: Spatial[] = [];
  all.forEach((st, i) => {
    const vJ = alg.scale(subspace(st), qd[st.coordinate]!);
    const vi = st.parent < 0 ? vJ : alg.plus(alg.toChild(X[i]!, v[st.parent]!), vJ);
    v.push(vi);
    c.push(alg.crossMotion(vi, vJ));
    const I = alg.inertia(st.body, inputs);
    Ia.push(I.map((row) => [...row]));
    pA.push(alg.crossForce(vi, alg.times(I, vi)));
  });

  // Inward: articulated inertias and bias forces.
  const U: Val[][] = [];
  const invD: Val[] = [];
  const u: Val[] = [];
  for (let i = all.length - 1; i >= 0; i--) {
    const st = all[i]!;
    const k = (st.slide ? 3 : 0) + AXES.indexOf(st.axis);
    const I = Ia[i]!;
    U[i] = I.map((row) => row[k]!);
    invD[i] = p.recip(U[i]![k]!);
    u[i] = p.sub(tau[st.coordinate]!, alg.flat(pA[i]!)[k]!);
    if (st.parent < 0) continue;
    // W = U/D; its k-th entry is D/D = 1, and the joint's row and column of I^A − UUᵀ/D vanish: (I^A − UUᵀ/D)s = U − U = 0.
    const W = U[i]!.map((x, r) => (r === k ? 1 : p.mul(x, invD[i]!)));
    const reduced: Six = I.map((row, r) => row.map((x, col) => (col < r || r === k || col === k ? 0 : p.sub(x, p.mul(W[r]!, U[i]![col]!)))));
    const sym: Six = reduced.map((row, r) => row.map((x, col) => (col < r ? reduced[col]![r]! : x)));
    const bias = alg.flat(alg.plus(alg.plus(pA[i]!, alg.times(sym, c[i]!)), alg.fromFlat(W.map((w, r) => (r === k ? 0 : p.mul(w, u[i]!))))));
    // Along the joint: p^A_k + 0 + u = τ, exactly.
    bias[k] = tau[st.coordinate]!;
    alg.addInto(Ia[st.parent]!, alg.congruence(X[i]!, sym));
    pA[st.parent] = alg.plus(pA[st.parent]!, alg.toParent(X[i]!, alg.fromFlat(bias)));
  }

  // Outward: accelerations, from the ground's upward acceleration −g.
  const g = tree.tree.gravity.map((e) => p.mul(-1, inputs.value(e))) as unknown as V3;
  const a: Spatial[] = [];
  all.forEach((st, i) => {
    const from: Spatial = st.parent < 0 ? { w: [0, 0, 0], l: g } : a[st.parent]!;
    const a1 = alg.plus(alg.toChild(X[i]!, from), c[i]!);
    const qdd = p.mul(p.sub(u[i]!, p.sum(...alg.flat(a1).map((x, r): Product => [U[i]![r]!, x]))), invD[i]!);
    a.push(alg.plus(a1, alg.scale(subspace(st), qdd)));
    p.output(qdd, idx('out', plus(ref('off'), num(st.coordinate))));
  });

  const { decls, calls } = p.functions('aba$', [scratchParam('out'), { name: 'off', type: 'index' }], CHUNK_OPS, 'abaw$');
  const fill = inputs.outputs.length > 0;
  return {
    decls: [
      {
        kind: 'buffer',
        name: 'tp$',
        array: 'Float64Array',
        length: Math.max(1, inputs.outputs.length),
        doc: "The tree's parameter expressions and τ, once per call.",
      },
      { kind: 'buffer', name: 'tau$', array: 'Float64Array', length: n },
      ...(fill
        ? [
            {
              kind: 'function',
              name: 'abaInputs$',
              doc: "The tree's parameter expressions into tp$, τ (forces besides inertia and weight) into tau$, at the state in s$.",
              params: [T, P],
              returns: 'void',
              body: [kernelBlock(scope, inputs.outputs)],
            } satisfies Decl,
          ]
        : []),
      ...decls,
    ],
    body: [...(fill ? [callStmt('abaInputs$', ref('t'), ref('p'))] : []), ...calls],
  };
}

/** Spatial algebra over values known now or at run time. */
class Spatial6 {
  constructor(private readonly p: Program) {}

  unit(slide: boolean, axis: Axis): Spatial {
    const e = [0, 0, 0].map((_, k) => (AXES[k] === axis ? 1 : 0)) as unknown as V3;
    return slide ? { w: [0, 0, 0], l: e } : { w: e, l: [0, 0, 0] };
  }

  addAlong(r: V3, axis: Axis, x: Val): V3 {
    return r.map((e, k) => (AXES[k] === axis ? this.p.add(e, x) : e)) as unknown as V3;
  }

  scale(a: Spatial, x: Val): Spatial {
    const f = (v: V3): V3 => v.map((e) => this.p.mul(e, x)) as unknown as V3;
    return { w: f(a.w), l: f(a.l) };
  }

  plus(a: Spatial, b: Spatial): Spatial {
    const f = (x: V3, y: V3): V3 => x.map((e, k) => this.p.add(e, y[k]!)) as unknown as V3;
    return { w: f(a.w, b.w), l: f(a.l, b.l) };
  }

  flat = (a: Spatial): Val[] => [...a.w, ...a.l];
  fromFlat = (x: readonly Val[]): Spatial => ({ w: [x[0]!, x[1]!, x[2]!], l: [x[3]!, x[4]!, x[5]!] });

  cross(a: V3, b: V3): V3 {
    const p = this.p;
    return [p.sum([a[1], b[2]], [-1, a[2], b[1]]), p.sum([a[2], b[0]], [-1, a[0], b[2]]), p.sum([a[0], b[1]], [-1, a[1], b[0]])];
  }

  private plus3 = (a: V3, b: V3): V3 => a.map((e, k) => this.p.add(e, b[k]!)) as unknown as V3;

  /** v × m = (ω × m_ω; ω × m_v + v × m_ω). */
  crossMotion(v: Spatial, m: Spatial): Spatial {
    return { w: this.cross(v.w, m.w), l: this.plus3(this.cross(v.w, m.l), this.cross(v.l, m.w)) };
  }

  /** v ×* f = (ω × n + v × f; ω × f). */
  crossForce(v: Spatial, f: Spatial): Spatial {
    return { w: this.plus3(this.cross(v.w, f.w), this.cross(v.l, f.l)), l: this.cross(v.w, f.l) };
  }

  times(I: Six, x: Spatial): Spatial {
    const flat = this.flat(x);
    return this.fromFlat(I.map((row) => this.p.sum(...row.map((e, k): Product => [e, flat[k]!]))));
  }

  /** E·x (toward the parent) or Eᵀ·x (toward the child) for the rotation about the joint's axis. */
  private rotate(E: Rotation | undefined, x: V3, transposed: boolean): V3 {
    if (!E) return x;
    const { c, s } = E;
    const [i, j] = ({ x: [1, 2], y: [2, 0], z: [0, 1] } as const)[E.axis];
    const sign = transposed ? -1 : 1;
    const out = [...x];
    // A right-handed turn about the axis mixes the two other components (vectors.ts axisRotation).
    out[i] = this.p.sum([c, x[i]], [-sign, s, x[j]]);
    out[j] = this.p.sum([sign, s, x[i]], [c, x[j]]);
    return out as unknown as V3;
  }

  toChild(X: Transform, a: Spatial): Spatial {
    return { w: this.rotate(X.E, a.w, true), l: this.rotate(X.E, this.plus3(a.l, this.cross(a.w, X.r)), true) };
  }

  toParent(X: Transform, f: Spatial): Spatial {
    const l = this.rotate(X.E, f.l, false);
    return { w: this.plus3(this.rotate(X.E, f.w, false), this.cross(X.r, l)), l };
  }

  /** Xᵀ I X, column by column: Y = XᵀI, then XᵀYᵀ (symmetric). */
  congruence(X: Transform, I: Six): Six {
    const cols = [0, 1, 2, 3, 4, 5].map((j) => this.flat(this.toParent(X, this.fromFlat(I.map((row) => row[j]!)))));
    const rows = [0, 1, 2, 3, 4, 5].map((r) => this.flat(this.toParent(X, this.fromFlat(cols.map((col) => col[r]!)))));
    return rows.map((row, r) => row.map((x, col) => (col < r ? rows[col]![r]! : x)));
  }

  addInto(into: Val[][], I: Six): void {
    into.forEach((row, r) => row.forEach((x, col) => (row[col] = this.p.add(x, I[r]![col]!))));
  }

  /** The bodies' spatial inertia about the origin: [[Ī, h×], [h×ᵀ, m·1]] (h the first moment). */
  inertia(body: TreeJoint | undefined, inputs: Inputs): Six {
    if (!body) return Array.from({ length: 6 }, () => [0, 0, 0, 0, 0, 0]);
    const m = inputs.value(body.mass);
    const h = body.firstMoment;
    const hx: Expr[][] = [
      [ZERO, neg(h[2]), h[1]],
      [h[2], ZERO, neg(h[0])],
      [neg(h[1]), h[0], ZERO],
    ];
    return [0, 1, 2, 3, 4, 5].map((r) =>
      [0, 1, 2, 3, 4, 5].map((col) => {
        if (r < 3 && col < 3) return inputs.value(body.inertia[r]![col]!);
        if (r < 3) return inputs.value(hx[r]![col - 3]!);
        if (col < 3) return inputs.value(hx[col]![r - 3]!);
        return r === col ? m : 0;
      }),
    );
  }
}

interface Rotation {
  readonly c: Val;
  readonly s: Val;
  readonly axis: Axis;
}
interface Transform {
  readonly E: Rotation | undefined;
  readonly r: V3;
}
