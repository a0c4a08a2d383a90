// initial: the default initial state { q, qd } (coordinate → expression of
// the parameters, missing: 0) and end time t1 (default 10), each read with
// the parameters as its only names (a state is where a run starts, before
// any t or q exists), and each finite (t1 positive) at the defaults.
import { initialState } from '../initial.js';
import { INITIAL_FIELDS } from '../spec.js';
import type { Coordinate, InitialExprs, InitialState, InitialValue, Parameter } from '../types.js';
import type { ExprReader } from './expressions.js';
import { checkStateValues } from './initial-state.js';
import { Problems, type Checked } from './problems.js';
import { fieldsAt, member, rejectUnknownKeys } from './shape.js';

/** Default end time of a simulation when the model gives none. */
export const DEFAULT_T1 = 10;

/** The initial state as written (initialExprs) and its value at the defaults (initial). */
export interface CheckedInitial {
  readonly exprs: InitialExprs;
  readonly state: InitialState;
}

export function checkInitial(
  x: unknown,
  coordinates: readonly Coordinate[],
  parameters: readonly Parameter[],
  reader: ExprReader,
  model: string | undefined,
): Checked<CheckedInitial> {
  const out = new Problems(model);
  const spec = x === undefined ? {} : (fieldsAt(x, 'initial', 'an initial state { q, qd, t1 }', out) ?? {});
  rejectUnknownKeys(spec, INITIAL_FIELDS, 'initial', out);
  /** A number stays as given (finiteness is checked on the state); anything else is read as an expression. */
  const value = (input: unknown, field: string): InitialValue | undefined =>
    typeof input === 'number' ? input : reader.read(input, field, out, { parametersOnly: true });
  const values = (key: 'q' | 'qd'): InitialExprs['q0'] => {
    const field = member('initial', key);
    const given = spec[key] === undefined ? {} : (fieldsAt(spec[key], field, 'an object (coordinate → expression of the parameters)', out) ?? {});
    for (const name of Object.keys(given)) {
      if (!coordinates.some((c) => c.name === name))
        out.add('unknown-coordinate', member(field, name), `initial value for '${name}', which is not a coordinate`);
    }
    return coordinates.map((c) => (Object.hasOwn(given, c.name) ? value(given[c.name], member(field, c.name)) : undefined) ?? 0);
  };
  const q0 = values('q');
  const qd0 = values('qd');
  const t1 = (spec.t1 === undefined ? undefined : value(spec.t1, 'initial.t1')) ?? DEFAULT_T1;
  const exprs = { q0, qd0, t1 };
  const state = initialState({ parameters, initialExprs: exprs });
  if (!out.list.length) out.take(checkStateValues(coordinates, state, model));
  return out.result({ exprs, state });
}
