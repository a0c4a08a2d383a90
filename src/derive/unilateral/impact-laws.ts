// What the derivation knows of each impact law: the restitution coefficient
// of its closing relation U⁺ = −e U⁻ for one active contact: e for Newton's
// law, W² for the W-law, whose closing relation (MV⁺ + W²MV⁻, V⁺ − V⁻) = 0
// is Newton's with e = W² (kugushev2002 §9), 0 for a plastic or sticking
// arrival (rubanovich1981 §1). The record is
// keyed by ImpactLaw['kind'], so a new law does not compile without its
// entry. The tangent a law pins is the model's (model/impact-laws.ts).
// Tests: test/derive/unilateral/impact-laws.test.ts, test/derive/unilateral/unilateral.test.ts.
import { pow, ZERO, type Expr } from '../../core/expr.js';
import type { ImpactLawOf } from '../../model/impact-laws.js';
import type { ImpactLaw } from '../../model/model.js';

export interface ImpactLawDerivation<L extends ImpactLaw> {
  /** e in U⁺ = −e U⁻ for the contact striking alone. */
  restitution(law: L): Expr;
}

const IMPACT_LAWS: { readonly [K in ImpactLaw['kind']]: ImpactLawDerivation<ImpactLawOf<K>> } = {
  newton: { restitution: (law) => law.e },
  plastic: { restitution: () => ZERO },
  'w-law': { restitution: (law) => pow(law.W, 2) },
  stick: { restitution: () => ZERO },
};

/** The restitution coefficient of a law (see the header). */
export const restitutionOf = <L extends ImpactLaw>(law: L): Expr => (IMPACT_LAWS[law.kind] as unknown as ImpactLawDerivation<L>).restitution(law);
