// A contact's impact law: exactly one of the laws of impact-laws.ts
// ({ newton: e }, { plastic: true }, { wLaw: W }, { stick: tangent }), with
// what the law does not admit refused (allowSuperelastic beside a law
// without a coefficient, coulomb beside a law that is its own friction).
// The law's own fields are read by its entry there.
import type { ImpactLaw, Parameter } from '../types.js';
import { IMPACT_LAW_LIST } from '../impact-laws.js';
import { IMPACT_LAW_FIELDS, REALIZED_LAW_FIELDS } from '../spec.js';
import type { ExprReader } from './expressions.js';
import type { Problems } from './problems.js';
import { fieldsAt, isFields, rejectUnknownKeys, typeName } from './shape.js';

/** "a, b, c or d". */
const either = (words: readonly string[]): string => `${words.slice(0, -1).join(', ')} or ${words[words.length - 1]}`;

const USAGE = either(IMPACT_LAW_LIST.map((l) => l.usage));
const SUPERELASTIC = IMPACT_LAW_LIST.filter((l) => l.superelastic)
  .map((l) => l.key)
  .join(' or ');

export function checkImpactLaw(
  x: unknown,
  contact: string,
  parameters: readonly Parameter[],
  reader: ExprReader,
  field: string,
  out: Problems,
): ImpactLaw | undefined {
  const law = fieldsAt(x, field, `an impact law ${USAGE}`, out);
  if (!law) return undefined;
  rejectUnknownKeys(law, IMPACT_LAW_FIELDS, field, out);
  const given = IMPACT_LAW_LIST.filter((l) => law[l.key] !== undefined);
  if (given.length !== 1) {
    out.add(
      'bad-impact-law',
      field,
      `impact law of '${contact}' must be exactly one of ${USAGE}${given.length ? ` (got ${given.map((l) => l.key).join(' and ')})` : ''}`,
    );
    return undefined;
  }
  const kind = given[0]!;
  if (law.coulomb !== undefined && kind.refusesCoulomb) out.add('bad-impact-law', `${field}.coulomb`, kind.refusesCoulomb(contact));
  if (law.allowSuperelastic !== undefined && (typeof law.allowSuperelastic !== 'boolean' || !kind.superelastic)) {
    out.add(
      'bad-impact-law',
      `${field}.allowSuperelastic`,
      `allowSuperelastic is true or false, and belongs to a ${SUPERELASTIC} law (got ${typeName(law.allowSuperelastic)} with ${kind.key})`,
    );
  }
  return kind.read(law, { contact, parameters, reader, field, out });
}

/** Whether a contact's law realizes it by forces (a key of REALIZED_LAW_FIELDS: { compliant }, { potential }; validate/compliant.ts) rather than an impact law. */
export function isRealizedLaw(law: unknown): boolean {
  return isFields(law) && Object.keys(REALIZED_LAW_FIELDS).some((k) => law[k] !== undefined);
}
