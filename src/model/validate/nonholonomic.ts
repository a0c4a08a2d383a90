// nonholonomic: constraints linear in the velocities, A(q, t)·q̇ + b(q, t) = 0,
// written as one expression in q'. The rows are differentiated for the
// acceleration-level equations, so they must be smooth.
import { add, dependsOn, mul, num, ZERO, type Expr } from '../../core/expr.js';
import { diff } from '../../core/diff.js';
import { simplify } from '../../core/trig.js';
import type { Coordinate, NonholonomicConstraint } from '../types.js';
import { constraintItems } from './constraint-item.js';
import type { ExprReader } from './expressions.js';
import type { Namespace } from './identifiers.js';
import { Problems, type Checked } from './problems.js';

export function checkNonholonomic(
  x: unknown,
  coordinates: readonly Coordinate[],
  reader: ExprReader,
  names: Namespace,
  model: string | undefined,
): Checked<NonholonomicConstraint[]> {
  const out = new Problems(model);
  const constraints: NonholonomicConstraint[] = [];
  for (const { field, name, expr, fields } of constraintItems(x, 'nonholonomic', 'psi', names, out)) {
    for (const key of ['slip', 'friction'] as const) {
      if (fields?.[key] !== undefined)
        out.add(
          'bad-slip',
          `${field}.${key}`,
          `'${key}' belongs to a holonomic constraint (Smirnov's supports) or a unilateral contact, not to a non-holonomic constraint`,
        );
    }
    const e = reader.read(expr, field, out, { velocities: true, smooth: true });
    if (!e || name === undefined) continue;
    const ex = simplify(e);
    const row = velocityRow(ex, coordinates);
    const { A } = row;
    if (A.some((a) => coordinates.some((c) => dependsOn(a, c.qd.name)))) {
      out.add('nonlinear-constraint', field, `constraint '${name}' must be linear in the velocities (A(q,t)·q' + b(q,t) = 0)`);
      continue;
    }
    if (A.every((a) => a === ZERO)) {
      out.add('not-a-velocity-constraint', field, `constraint '${name}' contains no velocity; write position constraints under 'holonomic'`);
      continue;
    }
    constraints.push({ name, ...row, expr: e });
  }
  return out.result(constraints);
}

/** A(q, t) and b(q, t) of an expression A·q̇ + b (its coefficients in the velocities, and what is left). */
export function velocityRow(e: Expr, coordinates: readonly Coordinate[]): { A: Expr[]; b: Expr } {
  const A = coordinates.map((c) => simplify(diff(e, c.qd.name)));
  return { A, b: simplify(add(e, ...coordinates.map((c, k) => mul(num(-1), A[k]!, c.qd)))) };
}
