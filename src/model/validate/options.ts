// multipleImpacts: what to do when two or more contacts arrive at once. An
// unknown value is an error ('foo' used to be treated as 'lcp'). leaveOut:
// the generic parts of the report a model leaves out, each a known one.
import type { Model } from '../types.js';
import { MULTIPLE_IMPACT_RULES, REPORT_PARTS, type ReportPart } from '../spec.js';
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

/** The report's parts a model leaves out: a list of known ones, each once. */
export function checkLeaveOut(x: unknown, model: string | undefined): Checked<readonly ReportPart[] | undefined> {
  const out = new Problems(model);
  if (x === undefined) return out.result(undefined);
  const known = Object.keys(REPORT_PARTS)
    .map((k) => `'${k}'`)
    .join(', ');
  if (!Array.isArray(x) || x.some((p) => typeof p !== 'string' || !Object.hasOwn(REPORT_PARTS, p)) || new Set(x).size !== x.length) {
    out.add('invalid-option', 'leaveOut', `leaveOut is a list of distinct parts among ${known}, got ${JSON.stringify(x)}`);
    return out.result(undefined);
  }
  return out.result(x as ReportPart[]);
}
