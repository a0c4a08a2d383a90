// What a generated module says of each impact law: the record of the law in
// its model info (contract: ImpactLawInfo), the parameter names the runtime
// reads its coefficient by, and whether the model admits a coefficient above
// 1 (allowSuperelastic), the limit a run-time restitution override is held to. The coefficient itself is the derivation's
// (`restitution`, derive/unilateral/impact-laws.ts). The record is keyed by
// ImpactLaw['kind'], so a new law does not compile without its entry.
// Tests: test/codegen/exports.test.ts, test/codegen/generated.test.ts, test/codegen/c-driver.test.ts.
import type { ImpactLawOf } from '../model/impact-laws.js';
import type { ImpactLaw } from '../model/model.js';
import type { ImpactLawInfo } from '../runtime/contract.js';

/** The flag only where declared: a law without it prints as before, and the runtime holds its override to [0, 1]. */
const superelastic = (declared: boolean): { allowSuperelastic?: true } => (declared ? { allowSuperelastic: true } : {});

interface ImpactLawCode<L extends ImpactLaw> {
  info(law: L): ImpactLawInfo;
  /** Whether a closed contact's tangent is held too (infinite friction): the C driver's projection pins it. */
  readonly sticks: boolean;
}

const IMPACT_LAWS: { readonly [K in ImpactLaw['kind']]: ImpactLawCode<ImpactLawOf<K>> } = {
  newton: { info: (law) => ({ kind: 'newton', restitution: law.e.name, ...superelastic(law.superelastic) }), sticks: false },
  plastic: { info: () => ({ kind: 'plastic' }), sticks: false },
  'w-law': { info: (law) => ({ kind: 'w-law', w: law.W.name, ...superelastic(law.superelastic) }), sticks: false },
  stick: { info: () => ({ kind: 'stick' }), sticks: true },
};

/** A law's record in the module's model info. */
export const impactLawInfo = <L extends ImpactLaw>(law: L): ImpactLawInfo => (IMPACT_LAWS[law.kind] as unknown as ImpactLawCode<L>).info(law);

/** Whether a law holds a closed contact's tangent too. */
export const lawSticks = (law: ImpactLaw): boolean => IMPACT_LAWS[law.kind].sticks;
