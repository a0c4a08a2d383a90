// sources: the papers a model cites in its report, keys of the bibliography
// (src/model/sources.ts), and the key of its paper's `source`: a key the
// bibliography does not have is refused here, before anything is derived,
// not when the report's References are printed.
// Tests: test/model/validate/sources.test.ts.
import { isSourceKey, REFERENCES } from '../sources.js';
import { Problems, type Checked } from './problems.js';
import { arrayAt, stringAt } from './shape.js';

/** The model's `sources`, each a bibliography key. */
export function checkSources(x: unknown, model: string | undefined): Checked<undefined> {
  const out = new Problems(model);
  if (x === undefined) return out.result(undefined);
  (arrayAt(x, 'sources', "a list of bibliography keys (['rubanovich1981'])", out) ?? []).forEach((key, i) => checkSourceKey(key, `sources[${i}]`, out));
  return out.result(undefined);
}

/** One bibliography key at `field` (a source of `sources`, or the paper's source). */
export function checkSourceKey(x: unknown, field: string, out: Problems): void {
  const key = stringAt(x, field, 'a source', out);
  if (key !== undefined && !isSourceKey(key)) out.add('invalid-option', field, `unknown source '${key}' (known: ${Object.keys(REFERENCES).join(', ')})`);
}
