// How a report states each impact law in its list of contacts: the law's
// name and its closing relation in the contact's normal velocity ḟ (or ġ)
// and, for a sticking law, the tangential velocity ξ̇. The record is keyed by
// ImpactLaw['kind'], so a new law does not compile without its entry.
// Tests: test/report/sections.test.ts, test/report/committed.test.ts.
import type { ImpactLawOf } from '../model/impact-laws.js';
import type { ImpactLaw } from '../model/types.js';
import { m, type Inline } from './document.js';
import { mechanicsSymbol } from './notation.js';

/** The contact's velocities as the report writes them: the normal ḟ_j (ġ_j) and the tangential ξ̇_j. */
export interface ContactVelocities {
  readonly normal: string;
  readonly tangent: string;
}

interface ImpactLawReport<L extends ImpactLaw> {
  /** The law in words and its closing relation. */
  statement(law: L, v: ContactVelocities): Inline[];
  /** The law in the abstract's list of constraints, with the coefficients of the contacts that have it. */
  summary(laws: readonly L[]): Inline[];
}

const IMPACT_LAWS: { readonly [K in ImpactLaw['kind']]: ImpactLawReport<ImpactLawOf<K>> } = {
  newton: {
    statement: (law, v) => ['Newton impact, ', m(`${v.normal}^{+} = -${mechanicsSymbol(law.e.name)}\\,${v.normal}^{-}`)],
    summary: (laws) => ['Newton restitution with coefficient ', m([...new Set(laws.map((l) => mechanicsSymbol(l.e.name)))].join(', '))],
  },
  plastic: { statement: (_, v) => ['plastic impact, ', m(`${v.normal}^{+} = 0`)], summary: () => ['plastic impacts'] },
  'w-law': {
    statement: (law, v) => [
      'Kugushev–Sorokina’s law with coefficient ',
      m(mechanicsSymbol(law.W.name)),
      ', i.e. ',
      m(`${v.normal}^{+} = -${mechanicsSymbol(law.W.name)}^{2}\\,${v.normal}^{-}`),
      ' (see Conventions)',
    ],
    summary: () => ['Kugushev–Sorokina’s restitution law'],
  },
  stick: {
    statement: (_, v) => ['plastic impact after which the contact point sticks: ', m(`${v.normal}^{+} = 0`), ' and ', m(`${v.tangent}^{+} = 0`)],
    summary: () => ['plastic impacts after which the contact point sticks'],
  },
};

/** A law's statement in the list of contacts. */
export const impactLawStatement = <L extends ImpactLaw>(law: L, v: ContactVelocities): Inline[] =>
  (IMPACT_LAWS[law.kind] as unknown as ImpactLawReport<L>).statement(law, v);

/** The contacts' laws for the abstract, one entry per kind in order of first use. */
export function impactLawSummaries(laws: readonly ImpactLaw[]): Inline[][] {
  const byKind = new Map<ImpactLaw['kind'], ImpactLaw[]>();
  for (const law of laws) byKind.set(law.kind, [...(byKind.get(law.kind) ?? []), law]);
  return [...byKind.values()].map((same) => (IMPACT_LAWS[same[0]!.kind] as unknown as ImpactLawReport<ImpactLaw>).summary(same));
}
