// A report in the shape of a journal paper: introduction, the model, the
// derivation, results, discussion, conclusion, then the appendix with the
// general measure-form equations and the notation, and References last.
// The section builders (sections.ts and the others) make the subsections;
// this module groups them under the paper's sections and writes the parts
// that speak of the model as a whole (summary.ts): abstract, introduction,
// discussion and conclusion. A section this module does not know goes to
// the results.
// Tests: test/report/paper-shape.test.ts.
import type { Section } from './document.js';
import { conclusionBlocks, discussionBlocks, introductionBlocks, outcomesSection, type SummaryFacts } from './summary.js';

/** The paper's sections in order and the subsections each holds, by id (the appendix's come from sections.ts as well). */
export const PAPER_GROUPS = [
  { id: 'system', title: 'The model', members: ['model', 'kinematics', 'energy', 'forces', 'constraints'] },
  {
    id: 'derivation',
    title: 'Equations of motion',
    members: [
      'lagrange2',
      'lagrange1',
      'hamilton',
      'contact-phases',
      'impact-maps',
      'friction',
      'compliant',
      'patch',
      // The source paper's general model, derived before its results are compared (paper-check.ts).
      'general-model',
      'general-energy',
      'general-constraints',
      'general-lagrange2',
      'general-contact-phases',
      'general-impact-maps',
    ],
  },
  // Everything the studies computed; HTML-only parts (basin, a simulation shown only on the web) last, so both reports number alike.
  {
    id: 'results',
    title: 'Results',
    members: [
      'periodic-orbit',
      'universal-impact',
      'confocal',
      'paper-results',
      'own-results',
      'paper-check',
      'averaged-speed',
      'paper-claims',
      'paper-not-derived',
      'rolling-speeds',
      'rigid-limit',
      'realizations',
      'linearization',
      'steady-motion',
      'simulation',
      'basin',
    ],
  },
] as const;

/** The appendix's subsections: the general equations the body cites, the forms of the equations the rest of the report does not use (secondary), then the notation. */
export const APPENDIX_MEMBERS = ['measure-form', 'lagrange1', 'hamilton', 'linearization', 'conventions'] as const;

/**
 * Sections that add nothing to this model's derivation, moved to the
 * appendix: Hamilton's equations (the momenta and H, read off the mass
 * matrix); Lagrange's equations of the first kind where the only
 * multipliers are the contacts', solved in the contact phases and impact
 * maps; a linearization whose every verdict is that it does not decide or
 * that the contacts pin every coordinate, or beside a rigid-limit study,
 * whose subject is the limit N → ∞, not small motions at one N (kozlov1988
 * Theorem 1's pendulum: its rod mode is the (1.1) note's).
 */
function secondary(id: string, f: SummaryFacts): boolean {
  const { system } = f;
  if (id === 'hamilton') return true;
  if (id === 'lagrange1') return !system.constraints && !system.supports && system.hinges.length === 0;
  if (id === 'linearization')
    return (
      f.limitStudy !== undefined ||
      (f.linearization?.equilibria ?? []).every((e) => e.verdict.includes('does not decide') || e.verdict.includes('pinned by its contacts'))
    );
  return false;
}

const appendixRank = (id: string): number => (APPENDIX_MEMBERS as readonly string[]).indexOf(id);

/** Top-level ids of a paper-shaped report in order (References after them). */
export const PAPER_ORDER = ['introduction', 'system', 'derivation', 'results', 'discussion', 'conclusion', 'appendix'] as const;

const groupOf = (id: string, f: SummaryFacts): string => {
  if (id === 'measure-form' || id === 'conventions' || secondary(id, f)) return 'appendix';
  return PAPER_GROUPS.find((g) => (g.members as readonly string[]).includes(id))?.id ?? 'results';
};

/**
 * The subsections under the paper's sections: introduction, the model, the
 * equations of motion, results, discussion, conclusion, appendix. Within a
 * group the subsections keep the order given, HTML-only ones last.
 */
export function paperSections(subsections: readonly Section[], facts: SummaryFacts): Section[] {
  // A table of rests the model leaves out (ModelSpec.leaveOut) says nothing of its question.
  const kept = subsections.filter((s) => s.id !== 'linearization' || !facts.system.model.leaveOut?.includes('equilibria'));
  const members = (group: string): Section[] => {
    const mine = kept.filter((s) => groupOf(s.id, facts) === group);
    return [...mine.filter((s) => !s.htmlOnly), ...mine.filter((s) => s.htmlOnly)].map((s) => ({ ...s, level: 2 as const }));
  };
  const out: Section[] = [{ id: 'introduction', title: 'Introduction', blocks: introductionBlocks(facts) }];
  // The impacts' outcomes open the results: what the impact maps above decide (summary.ts outcomesSection).
  const outcomes = outcomesSection(facts);
  for (const g of PAPER_GROUPS) {
    const sub = [...(g.id === 'results' && outcomes ? [{ ...outcomes, level: 2 as const }] : []), ...members(g.id)];
    if (sub.length === 0) continue;
    // A group with only HTML-only parts is itself HTML-only, so that the PDF's numbering skips it as the page's does.
    out.push({ id: g.id, title: g.title, blocks: [], ...(sub.every((s) => s.htmlOnly) ? { htmlOnly: true } : {}) }, ...sub);
  }
  out.push(
    { id: 'discussion', title: 'Discussion', blocks: discussionBlocks(facts) },
    { id: 'conclusion', title: 'Conclusion', blocks: conclusionBlocks(facts) },
    { id: 'appendix', title: 'General equations and notation', blocks: [], appendix: true },
    // In APPENDIX_MEMBERS' order: the general equations first, the notation last.
    ...members('appendix')
      .sort((a, b) => appendixRank(a.id) - appendixRank(b.id))
      .map((s) => ({ ...s, appendix: true })),
  );
  return out;
}
