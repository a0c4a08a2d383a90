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
import type { LinearizationStudy } from '../studies/linearization.js';
import type { OrbitStudy } from '../studies/orbit.js';
import type { PaperCheck, PaperCheckRow } from '../studies/paper-check.js';
import { countWord, m, paragraph, ref, type Block, type Inline } from './document.js';
import type { ReportLimitStudy } from './limit.js';
import type { MotionSimulation } from './motion.js';
import { impactLawSummaries } from './impact-laws.js';
import { modeTitle } from './unilateral.js';
import { noteInlines, resting } from './paper-check.js';
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
  /** A small model's equilibria and their verdicts (studies/linearization.ts). */
  readonly linearization?: LinearizationStudy;
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
/** A comma-separated series with "and" before the last (semicolons between clauses that have commas of their own). */
const series = (parts: readonly Inline[][], comma = ','): Inline[] =>
  parts.flatMap((p, i) => (i === 0 ? p : i === parts.length - 1 ? [parts.length > 2 || comma === ';' ? `${comma} and ` : ' and ', ...p] : [`${comma} `, ...p]));

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
  // Only the phases solved in closed form: the others the generated code solves numerically.
  const closedPhases = u?.phases.filter((p) => p.explicit).length ?? 0;
  return [
    ['Lagrange’s equations of the second kind'],
    ...(system.constraints || u || system.supports || system.hinges.length ? [['of the first kind with the reactions solved']] : []),
    ['Hamilton’s equations'],
    ...(closedPhases ? [[closedPhases === 1 ? 'its contact phase' : `its ${plural(closedPhases, 'contact phase')}`]] : []),
    ...(u?.impactMaps.length ? [[`the impact ${u.impactMaps.length === 1 ? 'map' : 'maps'} with the conditions of each outcome`]] : []),
  ];
}

/** The critical parameter values at which an impact's outcome changes (critical.ts), as found, with the outcome on either side. */
function criticalFindings(system: DerivedSystem): Inline[][] {
  const u = system.unilateral;
  return (u?.impactMaps ?? []).flatMap((im) => {
    const c = im.critical;
    if (!c) return [];
    const at = c.value ? math(c.value) : c.numeric.toPrecision(6);
    const p = mechanicsSymbol(c.parameter);
    const side = (ks: readonly number[]): string => (ks.length === 1 ? modeTitle(u!, im.scenario, im.modes[ks[0]!]!) : '');
    const [below, above] = [side(c.below), side(c.above)];
    return [
      [
        `when ${im.scenario.name}, the outcome changes at `,
        m(`${p}_0 = ${at}`),
        c.established === 'exact' ? '' : ' (found numerically)',
        ...(below && above ? [': ', below, ' for ', m(`${p} < ${p}_0`), ', ', above, ' for ', m(`${p} > ${p}_0`)] : []),
        c.alone ? ', whatever the speed and the other parameters' : '',
      ],
    ];
  });
}

/** Painlevé's thresholds of the sliding contacts (painleve.ts), each value once. */
function painleveFindings(system: DerivedSystem): Inline[][] {
  const seen = new Map<string, string[]>();
  for (const c of system.unilateral?.coulomb ?? [])
    for (const t of c.painleve ?? []) {
      const key = `${math(c.kinetic)}_{P} = ${math(t.threshold)}`;
      const names = seen.get(key) ?? [];
      const name = system.model.unilateral[c.contact]!.name;
      if (!names.includes(name)) seen.set(key, [...names, name]);
    }
  return [...seen].map(([key, names]) => [
    `a sliding contact (${names.join(', ')}) has a consistent motion at every angle below Painlevé’s threshold `,
    m(key),
  ]);
}

/** ", in the case checked: …" where the model is narrower than the paper (kozlov1988 §3: a constant metric without potential); else nothing. */
const scopeInlines = (p: PaperCheck): Inline[] => (p.scope ? [', in the case checked: ', ...noteInlines(p.scope)] : []);

/** "(3.2)–(3.6)": the equation numbers of the formulas a check compares, first to last, or the one (its inequalities are counted apart). */
function equationSpan(p: PaperCheck): string {
  const numbers = (e: string): number[] => (e.match(/\d+/g) ?? []).map(Number);
  const before = (a: string, b: string): number => {
    const [x, y] = [numbers(a), numbers(b)];
    const k = x.findIndex((v, i) => v !== y[i]);
    return k < 0 ? x.length - y.length : x[k]! - (y[k] ?? -Infinity);
  };
  const eqs = [...new Set(p.rows.map((r) => r.formula.eq))].filter((e) => /^\(\d/.test(e)).sort(before);
  if (eqs.length === 0) return '';
  return eqs.length === 1 ? eqs[0]! : `${eqs[0]}–${eqs.at(-1)}`;
}

const agreement = (p: PaperCheck): { agree: number; checked: number } => ({
  agree: p.rows.filter((r) => r.agrees).length,
  checked: p.rows.filter((r) => r.agrees !== undefined).length,
});

/** Findings of the derivation and the studies, each a clause: the critical values and thresholds found, the results checked. */
function findings(f: SummaryFacts): Inline[][] {
  const out: Inline[][] = [...criticalFindings(f.system), ...painleveFindings(f.system)];
  const orbit = f.orbit?.orbit;
  if (orbit) {
    const stability = orbit.asymptotic ? 'an asymptotically stable' : orbit.stable ? 'a stable' : 'an unstable';
    out.push([`the motion has ${stability} periodic orbit of period ${orbit.period.toPrecision(4)} with ${plural(orbit.impacts.length, 'impact')} per period`]);
  }
  if (f.limitStudy) out.push([`the compliant model approaches the rigid one as `, m(mechanicsSymbol(f.limitStudy.parameter)), ' grows']);
  if (f.paper) {
    const { agree, checked } = agreement(f.paper);
    const paper = REFERENCES[f.paper.source].short;
    const span = equationSpan(f.paper);
    const which = span ? ` ${span}` : '';
    if (checked)
      out.push([
        agree < checked
          ? `${agree} of the ${checked} results of ${paper}${which} checked agree with the derivation`
          : checked === 1
            ? `the result of ${paper}${which} checked agrees with the derivation`
            : `${checked === 2 ? 'both' : `all ${checked}`} results of ${paper}${which} checked agree with the derivation`,
        ...scopeInlines(f.paper),
      ]);
    const claims = f.paper.claims;
    const proved = claims.filter((c) => c.proof.holds).length;
    if (claims.length)
      out.push([
        proved === claims.length
          ? claims.length === 1
            ? 'its inequality is proved'
            : `its ${countWord(claims.length)} inequalities are proved`
          : `${proved} of its ${claims.length} inequalities are proved`,
      ]);
  }
  return out;
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

/** The place in its paper a model's title names after the paper: "Rigid compass (Rubanovich–Formalsky §1)" → "§1". */
function placeInPaper(title: string, key: SourceKey): string {
  const tail = /\(((?:[^()]|\([^()]*\))*)\)\s*$/.exec(title)?.[1]?.trim() ?? '';
  const short = REFERENCES[key].short;
  return tail.startsWith(short) ? tail.slice(short.length).trim() : '';
}

/** The questions the report answers, from what the model declares and the studies computed. */
function questions(f: SummaryFacts): Inline[][] {
  const { system } = f;
  const out: Inline[][] = [];
  const open = (system.unilateral?.impactMaps ?? []).filter((im) => im.modes.length > 1);
  const critical = [...new Set(open.flatMap((im) => (im.critical ? [mechanicsSymbol(im.critical.parameter)] : [])))];
  if (open.length)
    out.push([
      open.length === 1
        ? `which outcome the impact has when ${open[0]!.scenario.name}`
        : `which outcome each impact has (${open.map((im) => im.scenario.name).join('; ')})`,
      ...(critical.length ? [' and at which ', m(critical.join(', ')), ' it changes'] : []),
    ]);
  if (system.unilateral?.coulomb.some((c) => c.painleve?.length)) out.push(['up to which friction coefficient a sliding contact has a consistent motion']);
  if (f.orbit) out.push(['whether its periodic motion is stable']);
  if (f.limitStudy) out.push(['whether the compliant model tends to the rigid one as ', m(mechanicsSymbol(f.limitStudy.parameter)), ' grows']);
  return out;
}

/** The problem (the model's description and the questions asked of it), its source, and the form of the equations. */
export function introductionBlocks(f: SummaryFacts): Block[] {
  const { model } = f.system;
  const papers = f.sources.filter((k): k is SourceKey => k !== 'kugushev2002');
  const blocks: Block[] = [];
  const asked = questions(f);
  blocks.push(paragraph(...(model.description ? [model.description, ' '] : []), ...(asked.length ? ['We ask ', ...series(asked), '.'] : [])));
  if (papers.length) {
    const [first, ...others] = papers;
    const place = placeInPaper(model.title, first!);
    const checked = f.paper ? agreement(f.paper).checked : 0;
    const span = f.paper ? equationSpan(f.paper) : '';
    blocks.push(
      paragraph(
        'The model is taken from ',
        ...(place ? [`${place} of `] : []),
        REFERENCES[first!].short,
        ' ',
        cite(first!),
        ...(others.length ? ['; see also ', ...series(others.map((k) => [REFERENCES[k].short, ' ', cite(k)]))] : []),
        ...(f.paper && (checked || f.paper.claims.length)
          ? [
              '. Section ',
              ref('sec:results'),
              ` sets ${checked ? `the paper’s ${checked === 1 ? 'formula' : `${countWord(checked)} formulas`}${span ? ` ${span}` : ''}, typed from the paper,` : ''}`,
              checked && f.paper.claims.length ? ' and ' : '',
              f.paper.claims.length ? `its ${f.paper.claims.length === 1 ? 'inequality' : `${countWord(f.paper.claims.length)} inequalities`}` : '',
              ' beside the derivation.',
            ]
          : ['.']),
      ),
    );
  } else blocks.push(paragraph('No paper is the source of this model: its results rest on the derivation below alone.'));
  blocks.push(
    paragraph(
      'The equations of motion are written in the measure form of Kugushev–Sorokina ',
      cite('kugushev2002'),
      ', which holds across impacts; Appendix ',
      ref('sec:appendix'),
      ' states it once for this model, with the forms of the equations this model needs no more of.',
    ),
  );
  return blocks.filter((b) => b.kind !== 'paragraph' || b.content.length > 0);
}

/** What the results mean: energy, agreement with the paper, what is approximate. */
export function discussionBlocks(f: SummaryFacts): Block[] {
  const { system } = f;
  const { model } = system;
  const blocks: Block[] = [];
  if (system.energy) {
    const between = model.unilateral.length ? ' between impacts' : '';
    // A realized contact's potential (kozlov1988 (2.1): V_N = V + Nf²) is part of what is conserved, not of the model's V.
    const realized = system.compliant !== undefined;
    const smooth: Inline[] = [
      'The energy ',
      m(realized ? 'E = T + V + V_{\\mathrm{c}}' : 'E = T + V'),
      ...(realized ? [', with ', m('V_{\\mathrm{c}}'), ' the potential of the realized contacts where they act,'] : []),
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
    const how = (kind: PaperCheckRow['how']): number => f.paper!.rows.filter((r) => r.agrees && r.how === kind).length;
    const ways = [
      how('symbolic') && [`${how('symbolic')} exactly (the difference simplifies to 0)`],
      how('numeric') && [`${how('numeric')} numerically only, at random points, where the simplifier does not close the difference`],
      how('measured') && [`${how('measured')} against a number this report measured, to the tolerance stated`],
    ].filter((x): x is string[] => Array.isArray(x));
    if (checked)
      blocks.push(
        paragraph(
          agree === checked
            ? `${checked === 1 ? 'The result' : `The ${countWord(checked)} results`} of ${REFERENCES[f.paper.source].short} checked agree with the derivation: `
            : `${checked - agree} of the paper’s formulas differ from the derivation (${off.join(', ')}); of the others, `,
          ...series(ways),
          ...scopeInlines(f.paper),
          agree === checked ? '.' : ' agree; Table ',
          ...(agree === checked ? [] : [ref('tab:paper-check'), ' gives each.']),
        ),
      );
    // A rest time (paper-results.ts restingTime) is first order in the speed: say so where the results are discussed.
    for (const r of f.paper.rows.filter(resting))
      blocks.push(
        paragraph(m(r.formula.name), ' (Section ', ref('sec:own-results'), ') holds for small amplitudes only: to first order in the speed before the impact.'),
      );
  }
  if (f.simulation && 'error' in f.simulation) blocks.push(paragraph(`The simulation failed: ${f.simulation.error}`));
  return blocks.filter((b) => b.kind !== 'paragraph' || b.content.length > 0);
}

/** The conclusion: the findings for the model, or, without a study, what the derivation gives in closed form. */
export function conclusionBlocks(f: SummaryFacts): Block[] {
  const found = findings(f);
  const what = subject(f.system.model.title);
  if (found.length) return [paragraph(`For ${what}, `, ...series(found, ';'), '.')];
  return [paragraph(`For ${what}, Section `, ref('sec:derivation'), ' gives ', ...series(derivedParts(f.system)), ' in closed form.')];
}
