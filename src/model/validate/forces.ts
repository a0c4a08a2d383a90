// forces: generalized forces Q(q, q̇, t) by coordinate name (missing: 0). They
// enter the equations as they are, never differentiated, so non-smooth
// functions (a Coulomb-like sign(x')) are allowed here.
import { ZERO, type Expr } from '../../core/expr.js';
import type { Coordinate } from '../types.js';
import type { ExprReader } from './expressions.js';
import { Problems, type Checked } from './problems.js';
import { fieldsAt, member } from './shape.js';

export function checkForces(x: unknown, coordinates: readonly Coordinate[], reader: ExprReader, model: string | undefined): Checked<Expr[]> {
  const out = new Problems(model);
  const Q: Expr[] = coordinates.map(() => ZERO);
  const all = x === undefined ? {} : (fieldsAt(x, 'forces', 'an object of generalized forces (coordinate → expression)', out) ?? {});
  for (const [name, f] of Object.entries(all)) {
    const field = member('forces', name);
    const i = coordinates.findIndex((c) => c.name === name);
    if (i < 0) {
      out.add('unknown-coordinate', field, `generalized force given for '${name}', which is not a coordinate`);
      continue;
    }
    Q[i] = reader.read(f, field, out, { velocities: true }) ?? ZERO;
  }
  return out.result(Q);
}
