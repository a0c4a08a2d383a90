// unplotted: the simulated motion's plots a model leaves out (coordinates by
// name, 'energy' and 'phase'), with why, checked before anything is derived: each name
// a coordinate of the model or 'energy', the reason a note.
// Tests: test/model/validate/unplotted.test.ts.
import { UNPLOTTED_FIELDS } from '../spec.js';
import type { Coordinate } from '../types.js';
import { Problems, type Checked } from './problems.js';
import { arrayAt, fieldsAt, rejectUnknownKeys } from './shape.js';
import { checkNote } from './text.js';

const FIELD = 'unplotted';

/** The problems of spec.unplotted. */
export function checkUnplotted(x: unknown, coordinates: readonly Coordinate[], model: string | undefined): Checked<undefined> {
  const out = new Problems(model);
  if (x === undefined) return out.result(undefined);
  const u = fieldsAt(x, FIELD, "the plots left out { names: ['x', 'energy'], why }", out);
  if (!u) return out.result(undefined);
  rejectUnknownKeys(u, UNPLOTTED_FIELDS, FIELD, out);
  const known = [...coordinates.map((c) => c.name), 'energy', 'phase'];
  (arrayAt(u.names, `${FIELD}.names`, 'a list of coordinates and energy', out) ?? []).forEach((name, i) => {
    if (typeof name !== 'string' || !known.includes(name))
      out.add('invalid-option', `${FIELD}.names[${i}]`, `unplotted: ${JSON.stringify(name)} is no plot of the motion (${known.join(', ')})`);
  });
  checkNote(u.why, `${FIELD}.why`, out);
  return out.result(undefined);
}
