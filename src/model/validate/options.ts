// multipleImpacts: what to do when two or more contacts arrive at once. An
// unknown value is an error ('foo' used to be treated as 'lcp').
import type { Model } from '../types.js';
import { MULTIPLE_IMPACT_RULES } from '../spec.js';
import { Problems, type Checked } from './problems.js';
import { typeName } from './shape.js';

export function checkMultipleImpacts(x: unknown, model: string | undefined): Checked<Model['multipleImpacts']> {
  const out = new Problems(model);
  if (x === undefined) return out.result('error');
  if (typeof x === 'string' && Object.hasOwn(MULTIPLE_IMPACT_RULES, x)) return out.result(x as Model['multipleImpacts']);
  const known = Object.keys(MULTIPLE_IMPACT_RULES)
    .map((k) => `'${k}'`)
    .join(' or ');
  out.add('invalid-option', 'multipleImpacts', `multipleImpacts is ${known}, got ${typeof x === 'string' ? `'${x}'` : typeName(x)}`);
  return out.result('error');
}
