// A contact's impact law: exactly one of { newton: e }, { plastic: true },
// { wLaw: W }, { stick: tangent }, with the coefficient checked to be a
// restitution (spec.ts says why [0, 1] and what allowSuperelastic admits).
import type { ImpactLaw, Parameter } from '../types.js';
import { IMPACT_LAW_FIELDS } from '../spec.js';
import type { ExprReader } from './expressions.js';
import { rangeValues } from './parameters.js';
import type { Problems } from './problems.js';
import { fieldsAt, isFields, rejectUnknownKeys, typeName, type Fields } from './shape.js';

const KINDS = ['newton', 'plastic', 'wLaw', 'stick'] as const;
const USAGE = '{newton: e}, {plastic: true}, {wLaw: W} or {stick: tangentialPosition}';

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
  const kinds = KINDS.filter((k) => law[k] !== undefined);
  if (kinds.length !== 1) {
    out.add('bad-impact-law', field, `impact law of '${contact}' must be exactly one of ${USAGE}${kinds.length ? ` (got ${kinds.join(' and ')})` : ''}`);
    return undefined;
  }
  const kind = kinds[0]!;
  if (law.coulomb !== undefined && kind === 'stick') {
    out.add(
      'bad-impact-law',
      `${field}.coulomb`,
      `'${contact}' sticks (infinite friction): a Coulomb coefficient has nothing to add; use {plastic: true, coulomb: 'mu'} for a finite one`,
    );
  }
  if (law.allowSuperelastic !== undefined && (typeof law.allowSuperelastic !== 'boolean' || (kind !== 'newton' && kind !== 'wLaw'))) {
    out.add(
      'bad-impact-law',
      `${field}.allowSuperelastic`,
      `allowSuperelastic is true or false, and belongs to a newton or wLaw law (got ${typeName(law.allowSuperelastic)} with ${kind})`,
    );
  }
  switch (kind) {
    case 'plastic':
      if (law.plastic !== true) out.add('bad-impact-law', `${field}.plastic`, `write a plastic law as {plastic: true}, got ${typeName(law.plastic)}`);
      return law.plastic === true ? { kind: 'plastic' } : undefined;
    case 'newton': {
      const e = restitution(law, 'newton', contact, parameters, field, out);
      return e && { kind: 'newton', e: e.symbol };
    }
    case 'wLaw': {
      const W = restitution(law, 'wLaw', contact, parameters, field, out);
      return W && { kind: 'w-law', W: W.symbol };
    }
    case 'stick': {
      const tangent = reader.read(law.stick, `${field}.stick`, out, { smooth: true });
      return tangent && { kind: 'stick', tangent };
    }
    default:
      return kind satisfies never;
  }
}

/** Whether a contact's law realizes it by forces ({ compliant } or { potential }, validate/compliant.ts) rather than an impact law. */
export function isRealizedLaw(law: unknown): boolean {
  return isFields(law) && (law.compliant !== undefined || law.potential !== undefined);
}

/** The coefficient parameter of a newton or wLaw law, checked to lie in [0, 1] by its default and its declared range. */
function restitution(
  law: Fields,
  key: 'newton' | 'wLaw',
  contact: string,
  parameters: readonly Parameter[],
  field: string,
  out: Problems,
): Parameter | undefined {
  const at = `${field}.${key}`;
  const name = law[key];
  if (typeof name !== 'string') {
    out.add('bad-type', at, `the ${key} coefficient of '${contact}' is named by a parameter, got ${typeName(name)}`);
    return undefined;
  }
  const p = parameters.find((x) => x.name === name);
  if (!p) {
    out.add('unknown-parameter', at, `impact law of '${contact}' refers to '${name}', which is not a parameter`);
    return undefined;
  }
  const superelastic = law.allowSuperelastic === true;
  const admissible = superelastic ? '[0, ∞) (allowSuperelastic)' : '[0, 1]';
  const inside = (v: number): boolean => v >= 0 && (superelastic || v <= 1);
  const range = rangeValues(p, parameters);
  const why = superelastic ? '' : '; a coefficient above 1 gains energy at every impact (say allowSuperelastic: true if that is meant)';
  if (!inside(p.default)) {
    out.add('bad-restitution', at, `restitution '${name}' of '${contact}' has default ${p.default}, outside ${admissible}${why}`);
  } else if (range && !(inside(range[0]) && inside(range[1]))) {
    out.add(
      'bad-restitution',
      at,
      `restitution '${name}' of '${contact}' is declared on (${range[0]}, ${range[1]}), which reaches outside ${admissible}${why}`,
    );
  } else return p;
  return undefined;
}
