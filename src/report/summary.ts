// The parts of a report that speak of the model as a whole, written from
// its facts: the abstract (what system, which constraints and contact laws,
// what is derived and what is found), the introduction (the problem and its
// papers), the discussion (what holds, what is approximate) and the
// conclusion. Nothing here computes: every statement prints a fact the
// derivation or a study already holds.
// Tests: test/report/paper-shape.test.ts.
import { ZERO } from '../core/expr.js';
import type { DerivedSystem } from '../derive/system.js';
import { REFERENCES, type SourceKey } from '../model/sources.js';
import type { OrbitStudy } from '../studies/orbit.js';
import type { PaperCheck } from '../studies/paper-check.js';
import { countWord, m, paragraph, ref, type Block, type Inline } from './document.js';
import type { ReportLimitStudy } from './limit.js';
import type { MotionSimulation } from './motion.js';
import { impactLawSummaries } from './impact-laws.js';
import { resting } from './paper-check.js';
import { math, mechanicsSymbol } from './notation.js';

/** What the summary parts may state: the derivation and the studies the report prints. */
export interface SummaryFacts {
  readonly system: DerivedSystem;
  /** The model file's declared sources (bibliography keys), checked by citedSources. */
  readonly sources: readonly string[];
  readonly paper?: PaperCheck;
  readonly orbit?: OrbitStudy;
  readonly limitStudy?: ReportLimitStudy;
  readonly simulation?: MotionSimulation;
}

const plural = (n: number, one: string, many = `${one}s`): string => `${countWord(n)} ${n === 1 ? one : many}`;
const cite = (key: string): Inline => ref(`cite:${key}`);
/** The title as a noun phrase in a sentence, without its trailing citation: "Rigid compass (Rubanovich–Formalsky §1)" → "the rigid compass". */
function subject(title: string): string {
  // A trailing parenthesis, one level of parentheses inside it: "(Kozlov (2.5))".
  const bare = title.replace(/\s*\((?:[^()]|\([^()]*\))*\)\s*$/, '');
  // Lower-case the first word unless it is an abbreviation (its second letter a capital or digit too).
  const lowered = /^[A-Z](?![A-Z0-9])/.test(bare) ? bare.charAt(0).toLowerCase() + bare.slice(1) : bare;
  return /^an? /.test(lowered) ? lowered : `the ${lowered}`;
}
/** A comma-separated series with "and" before the last. */
const series = (parts: readonly Inline[][]): Inline[] =>
  parts.flatMap((p, i) => (i === 0 ? p : i === parts.length - 1 ? [parts.length > 2 ? ', and ' : ' and ', ...p] : [', ', ...p]));

/** Up to five coordinates one by one (a line may break between them), a longer chain as its first and last. */
const coordinateList = (symbols: readonly string[]): Inline[] =>
  symbols.length > 5 ? [m(`${symbols[0]}, \\dots, ${symbols.at(-1)}`)] : symbols.flatMap((s, i) => (i ? [', ', m(s)] : [m(s)]));

/** The constraints and contact laws of the system, each clause a fact of the model. */
function constraintClauses(system: DerivedSystem): Inline[][] {
  const { model } = system;
  const out: Inline[][] = [];
  const retaining = model.holonomic.length + model.nonholonomic.length - 2 * model.hinges.length;
  if (retaining > 0) {
    const kinds = [model.holonomic.length - 2 * model.hinges.length > 0 && 'holonomic', model.nonholonomic.length > 0 && 'non-holonomic'].filter(Boolean);
    out.push([`${plural(retaining, 'retaining constraint')} (${kinds.join(' and ')})`]);
  }
  if (model.unilateral.length) {
    const laws = impactLawSummaries(model.unilateral.map((c) => c.law));
    out.push([`${plural(model.unilateral.length, 'unilateral constraint')} (`, ...series(laws), ')']);
  }
  const coulomb = model.unilateral.filter((c) => c.friction).length;
  if (coulomb) out.push([`Coulomb friction at ${plural(coulomb, 'contact')}`]);
  if (system.supports) out.push([`${plural(system.supports.pairs.length, 'rough support pair')} with dry friction`]);
  if (model.hinges.length) out.push([`dry friction in ${plural(model.hinges.length, 'hinge')}`]);
  if (system.compliant?.terms.length) out.push([`${plural(system.compliant.terms.length, 'constraint')} realized by forces`]);
  if (system.patches?.terms.length) out.push([`${plural(system.patches.terms.length, 'distributed contact patch', 'distributed contact patches')}`]);
  if (model.Q.some((x) => x !== ZERO)) out.push(['non-potential applied forces']);
  return out;
}

/** What the derivation sections give, in their order. */
function derivedParts(system: DerivedSystem): Inline[][] {
  const u = system.unilateral;
  return [
    ['Lagrange’s equations of the second kind'],
    ...(system.constraints || u || system.supports || system.hinges.length ? [['of the first kind with the reactions solved']] : []),
    ['Hamilton’s equations'],
    ...(u?.phases.length ? [[u.phases.length === 1 ? 'its contact phase' : `its ${plural(u.phases.length, 'contact phase')}`]] : []),
    ...(u?.impactMaps.length ? [[`the impact ${u.impactMaps.length === 1 ? 'map' : 'maps'} with the conditions of each outcome`]] : []),
  ];
}

/** The critical parameter values at which an impact's outcome changes (critical.ts), as found. */
function criticalFindings(system: DerivedSystem): Inline[][] {
  return (system.unilateral?.impactMaps ?? []).flatMap((im) => {
    const c = im.critical;
    if (!c) return [];
    const at = c.value ? math(c.value) : c.numeric.toPrecision(6);
    return [[`the impact’s outcome changes at `, m(`${mechanicsSymbol(c.parameter)} = ${at}`), c.established === 'exact' ? '' : ' (found numerically)']];
  });
}

const agreement = (p: PaperCheck): { agree: number; checked: number } => ({
  agree: p.rows.filter((r) => r.agrees).length,
  checked: p.rows.filter((r) => r.agrees !== undefined).length,
});

/** Findings of the studies, each a clause. */
function findings(f: SummaryFacts): Inline[][] {
  const out: Inline[][] = [...criticalFindings(f.system)];
  const orbit = f.orbit?.orbit;
  if (orbit) {
    const stability = orbit.asymptotic ? 'an asymptotically stable' : orbit.stable ? 'a stable' : 'an unstable';
    out.push([`the motion has ${stability} periodic orbit of period ${orbit.period.toPrecision(4)} with ${plural(orbit.impacts.length, 'impact')} per period`]);
  }
  if (f.limitStudy) out.push([`the compliant model approaches the rigid one as `, m(mechanicsSymbol(f.limitStudy.parameter)), ' grows']);
  const events = simulatedEvents(f.simulation);
  if (events) out.push(events);
  if (f.paper) {
    const { agree, checked } = agreement(f.paper);
    const paper = REFERENCES[f.paper.source].short;
    if (checked)
      out.push([
        agree < checked
          ? `${agree} of the ${checked} formulas of ${paper} checked agree with the derivation`
          : checked === 1
            ? `the formula of ${paper} checked agrees with the derivation`
            : `${checked === 2 ? 'both' : `all ${checked}`} formulas of ${paper} checked agree with the derivation`,
      ]);
  }
  return out;
}

/** What the simulated motion from the model's initial state shows: its events by kind, up to its end time. */
function simulatedEvents(simulation: MotionSimulation | undefined): Inline[] | undefined {
  if (!simulation || !('trajectory' in simulation)) return undefined;
  const tr = simulation.trajectory;
  const kinds = [...new Set(tr.events.map((e) => e.type))];
  const end = m(`t = ${Number((tr.t.at(-1) ?? 0).toPrecision(4))}`);
  if (kinds.length === 0) return ['the simulated motion from the initial state has no events up to ', end];
  const counts = kinds.map((k): Inline[] => [
    plural(tr.events.filter((e) => e.type === k).length, k === 'rest' ? 'coming to rest' : k, k === 'rest' ? 'comings to rest' : `${k}s`),
  ]);
  return ['the simulated motion from the initial state has ', ...series(counts), ' up to ', end];
}

/** The abstract: the system, its constraints and contact laws, what is derived and what is found. */
export function abstractText(f: SummaryFacts): Inline[] {
  const { system } = f;
  const { model } = system;
  const n = model.coordinates.length;
  const clauses = constraintClauses(system);
  const found = findings(f);
  return [
    `We study ${subject(model.title)}, a system with ${plural(n, 'generalized coordinate')} `,
    ...coordinateList(model.coordinates.map((c) => mechanicsSymbol(c.name))),
    ...(clauses.length ? ['. It is subject to ', ...series(clauses)] : []),
    '. We derive ',
    ...series(derivedParts(system)),
    '.',
    ...(found.length ? [' We find that ', ...series(found), '.'] : []),
  ];
}

/** The problem (the model's description) and the papers it comes from, cited by key. */
export function introductionBlocks(f: SummaryFacts): Block[] {
  const { model } = f.system;
  const papers = f.sources.filter((k) => k !== 'kugushev2002');
  const blocks: Block[] = [];
  if (model.description) blocks.push(paragraph(model.description));
  blocks.push(
    paragraph(
      ...(papers.length
        ? [
            'The system is the one studied in ',
            ...series(papers.map((k) => [REFERENCES[k as SourceKey].short, ' ', cite(k)])),
            f.paper ? `; Section ` : '.',
            ...(f.paper ? [ref('sec:results'), ' compares its formulas with the derivation.'] : []),
            ' ',
          ]
        : []),
      'The equations of motion are written in the measure form of Kugushev–Sorokina ',
      cite('kugushev2002'),
      ', which holds across impacts; Appendix ',
      ref('sec:appendix'),
      ' states it once for this model.',
    ),
  );
  return blocks;
}

/** What the results mean: energy, agreement with the paper, what is approximate. */
export function discussionBlocks(f: SummaryFacts): Block[] {
  const { system } = f;
  const { model } = system;
  const blocks: Block[] = [];
  if (system.energy) {
    const between = model.unilateral.length ? ' between impacts' : '';
    const smooth: Inline[] = [
      'The energy ',
      m('E = T + V'),
      system.conservative ? ` is conserved${between}` : ` is not conserved${between}: non-potential or time-dependent terms act`,
    ];
    const friction = model.unilateral.some((c) => c.friction) || system.supports !== undefined || system.hinges.length > 0;
    const impacts = model.unilateral.length && system.passive ? `; impacts${friction ? ' and friction' : ''} never raise it.` : '.';
    blocks.push(paragraph(...smooth, impacts));
  }
  const assumptions = system.unilateral?.assumptions.length ?? 0;
  if (assumptions)
    blocks.push(
      paragraph(
        `The impact outcomes hold under ${plural(assumptions, 'assumption')} on the parameters, stated with the impact maps (Section `,
        ref('sec:impact-maps'),
        ').',
      ),
    );
  if (f.paper) {
    const { agree, checked } = agreement(f.paper);
    const off = f.paper.rows.filter((r) => r.agrees === false).map((r) => r.formula.eq);
    if (checked)
      blocks.push(
        paragraph(
          agree === checked
            ? `The derivation reproduces every formula of ${REFERENCES[f.paper.source].short} it was checked against.`
            : `${checked - agree} of the paper’s formulas differ from the derivation (${off.join(', ')}); Table `,
          ...(agree === checked ? [] : [ref('tab:paper-check'), ' says how each was compared.']),
        ),
      );
    // A rest time (paper-results.ts restingTime) is first order in the speed: say so where the results are discussed.
    for (const r of f.paper.rows.filter(resting))
      blocks.push(
        paragraph(
          m(r.formula.name),
          ' (Section ',
          ref('sec:paper-results'),
          ') holds for small amplitudes only: to first order in the speed before the impact.',
        ),
      );
  }
  if (f.simulation && 'error' in f.simulation) blocks.push(paragraph(`The simulation failed: ${f.simulation.error}`));
  return blocks.filter((b) => b.kind !== 'paragraph' || b.content.length > 0);
}

/** The conclusion: the findings for the model, or, without a study, what the derivation gives in closed form. */
export function conclusionBlocks(f: SummaryFacts): Block[] {
  const found = findings(f);
  const what = subject(f.system.model.title);
  if (found.length) return [paragraph(`For ${what}, `, ...series(found), '.')];
  return [paragraph(`For ${what}, Section `, ref('sec:derivation'), ' gives ', ...series(derivedParts(f.system)), ' in closed form.')];
}
