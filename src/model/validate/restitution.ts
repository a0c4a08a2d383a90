// The coefficient of a restitution law (newton's e, wLaw's W): a parameter
// whose default and declared range lie in [0, 1], or in [0, ∞) with
// allowSuperelastic (spec.ts ImpactLawSpec says why).
// Tests: test/model/validate/impact-law.test.ts.
import type { Parameter } from '../types.js';
import { rangeText, rangeValues } from './parameters.js';
import type { Problems } from './problems.js';
import { typeName, type Fields } from './shape.js';

/** Where the coefficient is read (impact-laws.ts ImpactLawSite). */
interface Site {
  readonly contact: string;
  readonly parameters: readonly Parameter[];
  readonly field: string;
  readonly out: Problems;
}

/** The coefficient parameter named at law[key], checked to lie in [0, 1] by its default and its declared range. */
export function restitutionParameter(law: Fields, key: string, { contact, parameters, field, out }: Site): Parameter | undefined {
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
      `restitution '${name}' of '${contact}' is declared on ${rangeText(p, parameters)}, which reaches outside ${admissible}${why}`,
    );
  } else return p;
  return undefined;
}
