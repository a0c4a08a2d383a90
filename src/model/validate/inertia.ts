// A rigid body's inertia tensor about its centre, in its own frame: three
// principal moments or a 3×3 matrix of parameter expressions. It must be
// symmetric (checked symbolically) and positive definite (Sylvester's
// leading minors at the parameters' defaults, where it is a number): a
// singular one makes the mass matrix singular for every state.
// Tests: test/model/validate/geometry.test.ts.
import { evaluate } from '../../core/evaluate.js';
import { sub, ZERO, type Expr } from '../../core/expr.js';
import { simplify } from '../../core/trig.js';
import type { Mat3, Vec3 } from '../geometry/vectors.js';
import type { ExprReader } from './expressions.js';
import type { Problems } from './problems.js';
import { arrayAt } from './shape.js';

/** A 3-vector of expressions read with `opts`, or undefined with a problem. */
export function readVector(x: unknown, field: string, reader: ExprReader, out: Problems, opts: Parameters<ExprReader['read']>[3]): Vec3 | undefined {
  const list = arrayAt(x, field, 'a vector [x, y, z]', out);
  if (!list) return undefined;
  if (list.length !== 3) {
    out.add('bad-type', field, `a vector has three components [x, y, z], got ${list.length}`);
    return undefined;
  }
  const v = list.map((e, k) => reader.read(e, `${field}[${k}]`, out, opts));
  return v.every((e) => e !== undefined) ? (v as unknown as Vec3) : undefined;
}

export function readInertia(x: unknown, field: string, reader: ExprReader, defaults: Readonly<Record<string, number>>, out: Problems): Mat3 | undefined {
  const rows = arrayAt(x, field, 'three principal moments [I1, I2, I3] or a 3×3 matrix', out);
  if (!rows) return undefined;
  const opts = { parametersOnly: true, smooth: true };
  let I: Mat3 | undefined;
  if (rows.length === 3 && rows.every(Array.isArray)) {
    const read = rows.map((r, i) => readVector(r, `${field}[${i}]`, reader, out, opts));
    if (read.every((r) => r !== undefined)) I = read as unknown as Mat3;
  } else {
    const d = readVector(rows, field, reader, out, opts);
    if (d) {
      I = [
        [d[0], ZERO, ZERO],
        [ZERO, d[1], ZERO],
        [ZERO, ZERO, d[2]],
      ];
    }
  }
  if (!I) return undefined;
  const asymmetric = (
    [
      [0, 1],
      [0, 2],
      [1, 2],
    ] as const
  ).find(([i, j]) => simplify(sub(I[i][j], I[j][i])) !== ZERO);
  if (asymmetric) {
    const [i, j] = asymmetric;
    out.add('bad-inertia', field, `the inertia tensor is not symmetric: entries [${i}][${j}] and [${j}][${i}] differ`);
    return undefined;
  }
  const minors = leadingMinors(I.map((r) => r.map((e: Expr) => evaluate(e, defaults))));
  if (minors.some((m) => !(m > 0))) {
    out.add(
      'bad-inertia',
      field,
      `the inertia tensor about the centre must be positive definite; at the parameters' defaults its leading minors are ${minors.map((m) => m.toPrecision(4)).join(', ')} (a singular tensor, e.g. a zero moment, makes the mass matrix singular)`,
    );
    return undefined;
  }
  return I;
}

/** Sylvester: a symmetric matrix is positive definite iff its leading minors are positive. */
function leadingMinors(a: number[][]): number[] {
  const [r0, r1, r2] = a as [number[], number[], number[]];
  const d2 = r0[0]! * r1[1]! - r0[1]! * r1[0]!;
  const d3 = r0[0]! * (r1[1]! * r2[2]! - r1[2]! * r2[1]!) - r0[1]! * (r1[0]! * r2[2]! - r1[2]! * r2[0]!) + r0[2]! * (r1[0]! * r2[1]! - r1[1]! * r2[0]!);
  return [r0[0]!, d2, d3];
}
