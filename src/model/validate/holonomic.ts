// holonomic: retaining constraints φ(q, t) = 0.
import type { HolonomicConstraint } from '../types.js';
import type { Coordinate } from '../types.js';
import { constraintItem, dependsOnCoordinates } from './constraint-item.js';
import type { ExprReader } from './expressions.js';
import type { Namespace } from './identifiers.js';
import { Problems, type Checked } from './problems.js';
import { arrayAt } from './shape.js';

export function checkHolonomic(x: unknown, coordinates: readonly Coordinate[], reader: ExprReader, names: Namespace, model: string | undefined): Checked<HolonomicConstraint[]> {
  const out = new Problems(model);
  const constraints: HolonomicConstraint[] = [];
  if (x === undefined) return out.result(constraints);
  (arrayAt(x, 'holonomic', 'a list of constraints φ(q, t) (expressions, or { name, expr })', out) ?? []).forEach((item, i) => {
    const field = `holonomic[${i}]`;
    const { name, expr } = constraintItem(item, i, 'phi', field, names, out);
    if (expr === undefined) return;
    const phi = reader.read(expr, field, out, { smooth: true });
    if (!phi || name === undefined) return;
    if (!dependsOnCoordinates(phi, coordinates)) {
      out.add('constant-constraint', field, `constraint '${name}' does not depend on any coordinate, so it constrains nothing (or is never satisfied)`);
      return;
    }
    constraints.push({ name, phi });
  });
  return out.result(constraints);
}
