// The items of holonomic and nonholonomic: each an expression, or { name?, expr }.
// Tests: test/model/validate/holonomic.test.ts and nonholonomic.test.ts.
import { dependsOn, type Expr } from '../../core/expr.js';
import { CONSTRAINT_FIELDS } from '../spec.js';
import type { Coordinate } from '../types.js';
import type { Namespace } from './identifiers.js';
import type { Problems } from './problems.js';
import { arrayAt, isFields, rejectUnknownKeys } from './shape.js';

export interface ConstraintItem {
  readonly field: string;
  /** The given name, or the default (phi1, psi2, …); undefined if the name was refused. */
  readonly name: string | undefined;
  /** The expression as given (not yet read). */
  readonly expr: unknown;
  /** The item's object form ({ name, expr, … }), if it was given as one. */
  readonly fields?: Readonly<Record<string, unknown>>;
}

/**
 * The items of a constraint list with their names claimed; items without an
 * expression are reported here and left out. Kernel nodes are objects too: a
 * constraint object is told apart by not being one.
 */
export function constraintItems(x: unknown, list: 'holonomic' | 'nonholonomic', defaultStem: string, names: Namespace, out: Problems): ConstraintItem[] {
  if (x === undefined) return [];
  const items = arrayAt(x, list, `a list of constraints (expressions, or { name, expr })`, out) ?? [];
  return items.flatMap((item, i) => {
    const field = `${list}[${i}]`;
    const named = isFields(item) && !('kind' in item && 'id' in item);
    if (named) rejectUnknownKeys(item, CONSTRAINT_FIELDS, field, out);
    const name = names.claim((named ? item.name : undefined) ?? `${defaultStem}${i + 1}`, `${field}.name`, out);
    const expr = named ? item.expr : item;
    if (expr !== undefined) return [{ field, name, expr, ...(named ? { fields: item } : {}) }];
    if (named) out.add('missing-field', `${field}.expr`, `constraint ${i + 1} needs an expression under 'expr'`);
    else out.add('bad-type', field, 'expected a constraint (an expression, or { name, expr }), got undefined');
    return [];
  });
}

/** Whether e depends on some coordinate (a constraint that does not, like 1 >= 0, constrains nothing or everything). */
export const dependsOnCoordinates = (e: Expr, coordinates: readonly Coordinate[]): boolean => coordinates.some((c) => dependsOn(e, c.name));
