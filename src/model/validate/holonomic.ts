// holonomic: retaining constraints φ(q, t) = 0.
// A constraint may be non-ideal (slip and friction per side, Smirnov).
import type { Coordinate, HolonomicConstraint, Parameter } from '../types.js';
import { constraintItems, dependsOnCoordinates } from './constraint-item.js';
import type { ExprReader } from './expressions.js';
import { checkSupportFriction } from './friction.js';
import type { Namespace } from './identifiers.js';
import { Problems, type Checked } from './problems.js';

export function checkHolonomic(
  x: unknown,
  coordinates: readonly Coordinate[],
  parameters: readonly Parameter[],
  reader: ExprReader,
  names: Namespace,
  model: string | undefined,
): Checked<HolonomicConstraint[]> {
  const out = new Problems(model);
  const constraints: HolonomicConstraint[] = [];
  for (const { field, name, expr, fields } of constraintItems(x, 'holonomic', 'phi', names, out)) {
    const phi = reader.read(expr, field, out, { smooth: true });
    const friction = fields ? checkSupportFriction(fields, name ?? field, coordinates, parameters, reader, field, out) : undefined;
    if (!phi || name === undefined) continue;
    if (!dependsOnCoordinates(phi, coordinates)) {
      out.add('constant-constraint', field, `constraint '${name}' does not depend on any coordinate, so it constrains nothing (or is never satisfied)`);
      continue;
    }
    constraints.push({ name, phi, ...(friction ? { friction } : {}) });
  }
  return out.result(constraints);
}
