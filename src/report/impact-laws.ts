// How a report states each impact law in its list of contacts: the law's
// name and its closing relation in the contact's normal velocity ḟ (or ġ)
// and, for a sticking law, the tangential velocity ξ̇, and its restitution
// convention in the appendix. The record is keyed by
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
  /** Its restitution convention, in the appendix's Conventions. */
  readonly convention: readonly Inline[];
  /** What the factor 1 + e of a lone strike's map (kugushev2002 (1.4)) reads under this law, where it prints no e. */
  readonly loneFactor?: readonly Inline[];
}

const IMPACT_LAWS: { readonly [K in ImpactLaw['kind']]: ImpactLawReport<ImpactLawOf<K>> } = {
  newton: {
    statement: (law, v) => ['Newton impact, ', m(`${v.normal}^{+} = -${mechanicsSymbol(law.e.name)}\\,${v.normal}^{-}`)],
    summary: (laws) => ['Newton restitution with coefficient ', m([...new Set(laws.map((l) => mechanicsSymbol(l.e.name)))].join(', '))],
    convention: ['Restitution is Newton’s coefficient ', m('e'), ' of the normal velocity, ', m('\\dot{f}^{+} = -e\\,\\dot{f}^{-}'), '.'],
  },
  plastic: {
    statement: (_, v) => ['plastic impact, ', m(`${v.normal}^{+} = 0`)],
    summary: () => ['plastic impacts'],
    convention: ['A plastic impact ends the normal velocity, ', m('\\dot{f}^{+} = 0'), '.'],
    loneFactor: [' (here plastic, ', m('e = 0'), ': the factor is 1)'],
  },
  'w-law': {
    statement: (law, v) => [
      'Kugushev–Sorokina’s law with coefficient ',
      m(mechanicsSymbol(law.W.name)),
      ', i.e. ',
      m(`${v.normal}^{+} = -${mechanicsSymbol(law.W.name)}^{2}\\,${v.normal}^{-}`),
      ' (see Conventions)',
    ],
    summary: () => ['Kugushev–Sorokina’s restitution law'],
    convention: [
      'Kugushev–Sorokina’s closing relation with coefficient ',
      m('W \\in [0, 1]'),
      ' is used in the consistent form ',
      m('(MV^{+} + W^{2} MV^{-},\\ V^{+} - V^{-}) = 0'),
      ' — the printed ',
      m('(MV^{+}, V^{+} - V^{-}) - W^{2}(MV^{-}, V^{+} - V^{-}) = 0'),
      ' has a sign error — so that ',
      m('e = W^{2}'),
      ' for one contact (reading W as the ratio of normal velocities would give ',
      m('e = W'),
      ').',
    ],
  },
  stick: {
    statement: (_, v) => ['plastic impact after which the contact point sticks: ', m(`${v.normal}^{+} = 0`), ' and ', m(`${v.tangent}^{+} = 0`)],
    summary: () => ['plastic impacts after which the contact point sticks'],
    convention: ['A sticking impact is plastic and leaves the contact point at rest, ', m('\\dot{f}^{+} = 0'), ' and ', m('\\dot{\\xi}^{+} = 0'), '.'],
  },
};

/** A law's statement in the list of contacts. */
export const impactLawStatement = <L extends ImpactLaw>(law: L, v: ContactVelocities): Inline[] =>
  (IMPACT_LAWS[law.kind] as unknown as ImpactLawReport<L>).statement(law, v);

/** The restitution conventions of the laws the contacts have, one per kind in order of first use, and no other. */
export function impactLawConventions(laws: readonly ImpactLaw[]): Inline[] {
  const kinds = [...new Set(laws.map((law) => law.kind))];
  return kinds.flatMap((kind, i) => [...(i ? [' '] : []), ...IMPACT_LAWS[kind].convention]);
}

/** The contacts' laws for the abstract, one entry per kind in order of first use. */
export function impactLawSummaries(laws: readonly ImpactLaw[]): Inline[][] {
  const byKind = new Map<ImpactLaw['kind'], ImpactLaw[]>();
  for (const law of laws) byKind.set(law.kind, [...(byKind.get(law.kind) ?? []), law]);
  return [...byKind.values()].map((same) => (IMPACT_LAWS[same[0]!.kind] as unknown as ImpactLawReport<ImpactLaw>).summary(same));
}

/** The note on a lone strike's factor 1 + e where every law of the contacts striking alone reads it the same way (plastic: 1); else nothing. */
export function loneFactorNote(laws: readonly ImpactLaw[]): readonly Inline[] {
  const notes = [...new Set(laws.map((law) => IMPACT_LAWS[law.kind].loneFactor))];
  return notes.length === 1 ? (notes[0] ?? []) : [];
}
