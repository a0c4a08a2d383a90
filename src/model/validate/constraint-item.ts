// An item of holonomic or nonholonomic: an expression, or { name?, expr }.
import { dependsOn, type Expr } from '../../core/expr.js';
import { CONSTRAINT_FIELDS } from '../spec.js';
import type { Coordinate } from '../types.js';
import type { Namespace } from './identifiers.js';
import type { Problems } from './problems.js';
import { isFields, rejectUnknownKeys } from './shape.js';

export interface ConstraintItem {
  /** The given name, or the default (phi1, psi2, …); undefined if the name was refused. */
  readonly name: string | undefined;
  /** The expression as given; undefined when absent (already reported). */
  readonly expr: unknown;
}

/** Kernel nodes are objects too: a constraint object is told apart by its `expr` key. */
export function constraintItem(x: unknown, index: number, defaultStem: string, field: string, names: Namespace, out: Problems): ConstraintItem {
  const named = isFields(x) && !('kind' in x && 'id' in x);
  if (named) rejectUnknownKeys(x, CONSTRAINT_FIELDS, field, out);
  const given = named ? x.name : undefined;
  const name = names.claim(given ?? `${defaultStem}${index + 1}`, `${field}.name`, out);
  // An absent expression is reported here, once; the callers skip it.
  if (named && x.expr === undefined) out.add('missing-field', `${field}.expr`, `constraint ${index + 1} needs an expression under 'expr'`);
  if (x === undefined) out.add('bad-type', field, 'expected a constraint (an expression, or { name, expr }), got undefined');
  return { name, expr: named ? x.expr : x };
}

/** Whether e depends on some coordinate (a constraint that does not, like 1 >= 0, constrains nothing or everything). */
export const dependsOnCoordinates = (e: Expr, coordinates: readonly Coordinate[]): boolean => coordinates.some((c) => dependsOn(e, c.name));
