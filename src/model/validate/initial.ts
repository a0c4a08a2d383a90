// initial: the default initial state { q, qd } (coordinate → finite number,
// missing: 0) and end time t1 (positive, finite; default 10).
import { INITIAL_FIELDS } from '../spec.js';
import type { Coordinate, Model } from '../types.js';
import { Problems, type Checked } from './problems.js';
import { fieldsAt, member, rejectUnknownKeys, typeName } from './shape.js';

/** Default end time of a simulation when the model gives none. */
export const DEFAULT_T1 = 10;

export function checkInitial(x: unknown, coordinates: readonly Coordinate[], model: string | undefined): Checked<Model['initial']> {
  const out = new Problems(model);
  const spec = x === undefined ? {} : fieldsAt(x, 'initial', 'an initial state { q, qd, t1 }', out) ?? {};
  rejectUnknownKeys(spec, INITIAL_FIELDS, 'initial', out);
  const values = (key: 'q' | 'qd'): number[] => {
    const field = member('initial', key);
    const given = spec[key] === undefined ? {} : fieldsAt(spec[key], field, 'an object (coordinate → number)', out) ?? {};
    for (const [name, v] of Object.entries(given)) {
      if (!coordinates.some((c) => c.name === name)) out.add('unknown-coordinate', member(field, name), `initial value for '${name}', which is not a coordinate`);
      else if (typeof v !== 'number' || !Number.isFinite(v)) out.add('bad-initial', member(field, name), `initial value of '${name}' must be a finite number, got ${typeof v === 'number' ? v : typeName(v)}`);
    }
    return coordinates.map((c) => {
      const v = Object.hasOwn(given, c.name) ? given[c.name] : 0;
      return typeof v === 'number' && Number.isFinite(v) ? v : 0;
    });
  };
  const q0 = values('q');
  const qd0 = values('qd');
  const t1 = spec.t1 ?? DEFAULT_T1;
  if (typeof t1 !== 'number' || !(t1 > 0 && Number.isFinite(t1))) {
    out.add('bad-initial', 'initial.t1', `initial.t1 must be a positive finite end time, got ${typeof t1 === 'number' ? t1 : typeName(t1)}`);
  }
  return out.result({ q0, qd0, t1: typeof t1 === 'number' ? t1 : DEFAULT_T1 });
}
