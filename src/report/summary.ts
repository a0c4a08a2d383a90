// The parts of a report that speak of the model as a whole, written from
// its facts: the abstract (what system, which constraints and contact laws,
// what is derived and what is found), the introduction (the problem and its
// papers), the discussion (what holds, what is approximate) and the
// conclusion. Nothing here computes: every statement prints a fact the
// derivation or a study already holds.
// Tests: test/report/paper-shape.test.ts.
import { div, freeSymbols, mul, num, numericValue, pow, sym, ZERO, type Expr, type Sym } from '../core/expr.js';
import * as Q from '../core/rational.js';
import { simplify } from '../core/trig.js';
import { subs } from '../core/subs.js';
import type { DerivedSystem } from '../derive/system.js';
import type { ImpactMode } from '../derive/unilateral/unilateral-types.js';
import type { EnergyChange } from '../derive/lagrange/conservation.js';
import { preImpactName, TIME, velocitySymbol } from '../model/names.js';
import { isSourceKey, REFERENCES, type SourceKey } from '../model/sources.js';
import type { ImpactEnergyStudy } from '../studies/impact-energy.js';
import type { LinearizationStudy } from '../studies/linearization.js';
import type { ModeDirections } from '../studies/mode-directions.js';
import type { ModeShares } from '../studies/mode-shares.js';
import type { FirstImpact } from '../studies/first-impact.js';
import { firstImpactBlocks, loneOutcomeBlocks } from './first-impact.js';
import type { OrbitStudy } from '../studies/orbit.js';
import type { BifurcationKind } from '../runtime/analysis/continuation.js';
import type { PaperCheck, PaperCheckRow, PaperClaimRow } from '../studies/paper-check.js';
import type { SupportHistory } from '../studies/support-history.js';
import type { SupportStarts } from '../studies/support-starts.js';
import type { PlasticArrival } from '../studies/plastic-arrival.js';
import type { PlasticSlide } from '../studies/plastic-slide.js';
import { plasticArrivalBlocks } from './plastic-arrival.js';
import { realizedVariant, supportHistoryDiscussion, supportHistoryFinding, supportStartFinding } from './support-history.js';
import { supportRestFinding } from './support-rest-finding.js';
import { lockingFinding } from './support-locking.js';
import { countWord, m, paragraph, ref, series, textInlines, type Block, type Inline, type Section } from './document.js';
import { energyBlocks, gapText, reachesStick } from './energy-discussion.js';
import { briefNumber, convergenceClause, hasDistances, statedRate, type LimitMotionWords, type ReportLimitStudy } from './limit.js';
import { lossValues, type MotionSimulation } from './motion.js';
import { impactLawSummaries } from './impact-laws.js';
import { modeTitle, slipConditionInlines } from './unilateral.js';
import { complexLatex } from './periodic.js';
import { correctedReading, noteInlines, remainderLatex, resting, runRestShort, scaledQuantity } from './paper-check.js';
import { averagedSpeedConsequence, averagedSpeedDiscussion, averagedSpeedFinding } from './averaged-speed.js';
import type { AveragedSpeedStudy } from '../studies/averaged-speed.js';
import type { RollingSpeedsStudy } from '../studies/rolling-speeds.js';
import type { RealizationsStudy } from '../studies/realizations.js';
import { rollingSpeedsBrief, rollingSpeedsDiscussion, rollingSpeedsFinding } from './rolling-speeds.js';
import type { InclineRunsStudy } from '../studies/incline-runs.js';
import { inclineRunsFinding } from './incline-runs.js';
import { distinctResults, own, resultLabel, rowLhs, rowName } from './paper-displays.js';
import { equationOrder } from './equation-order.js';
import { math, MECHANICS, mechanicsSymbol, proseName, proseNames, sweptValue } from './notation.js';
import { toLatex } from './latex.js';
import { inlineFractions } from './inline-fractions.js';
import { leavingContacts } from '../studies/mode-directions.js';

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
  /** Whether the impact law's Coulomb outcomes raise the kinetic energy (studies/impact-energy.ts). */
  readonly impactEnergy?: ImpactEnergyStudy;
  /** The impacts whose mode the direction of two free velocities decides (studies/mode-directions.ts). */
  readonly modeDirections?: readonly ModeDirections[];
  /** The impacts whose mode is sampled over the approach cone of more than two free velocities (studies/mode-shares.ts). */
  readonly modeShares?: readonly ModeShares[];
  /** The run's first impact of a Coulomb contact striking alone (studies/first-impact.ts). */
  readonly firstImpact?: FirstImpact;
  /** The realized support variant along the run, and the starts from rest (studies/support-history.ts, support-starts.ts). */
  readonly supportHistory?: SupportHistory;
  readonly supportStarts?: SupportStarts;
  readonly plasticArrival?: PlasticArrival;
  readonly plasticSlide?: PlasticSlide;
  /** kozlov1988 §3's averaged law against the run (studies/averaged-speed.ts). */
  readonly averagedSpeed?: AveragedSpeedStudy;
  /** rubanovich1981 §2's threshold to roll on against the run (studies/rolling-speeds.ts). */
  readonly rollingSpeeds?: RollingSpeedsStudy;
  /** The realizations of a constraint compared, and the limits of the others as N grows (studies/realizations.ts). */
  readonly realizations?: RealizationsStudy;
  /** The runs on the incline (studies/incline-runs.ts, kuleshov2011 §2's stages). */
  readonly inclineRuns?: InclineRunsStudy;
}

const plural = (n: number, one: string, many = `${one}s`): string => `${countWord(n)} ${n === 1 ? one : many}`;
const cite = (key: string): Inline => ref(`cite:${key}`);
/** The title as a noun phrase in a sentence, without its trailing citation: "Rigid compass (Rubanovich–Formalsky §1)" → "the rigid compass". */
function subject(title: string): string {
  // A trailing parenthesis, one level of parentheses inside it: "(Kozlov (2.5))".
  const bare = title.replace(/\s*\((?:[^()]|\([^()]*\))*\)\s*$/, '');
  // A name's possessive ("Birkhoff’s 2-periodic orbit") is a noun phrase as it stands.
  if (/^[A-Z]\w*[’']s\s/.test(bare)) return bare;
  // Lower-case the first word unless it is an abbreviation (its second letter a capital or digit too).
  const lowered = /^[A-Z](?![A-Z0-9])/.test(bare) ? bare.charAt(0).toLowerCase() + bare.slice(1) : bare;
  return /^(an?|the) /.test(lowered) ? lowered : `the ${lowered}`;
}

/** Up to five coordinates one by one (a line may break between them), a longer chain as its first and last. */
const coordinateList = (symbols: readonly string[]): Inline[] =>
  symbols.length > 5 ? [m(`${symbols[0]}, \\dots, ${symbols.at(-1)}`)] : symbols.flatMap((s, i) => (i ? [', ', m(s)] : [m(s)]));

/** The applied forces declared as forces, named by what the derivation found of them (conservation.ts): constant loads have a potential. */
const APPLIED: Partial<Record<EnergyChange, string>> = {
  'potential-forces': 'applied forces with a potential, declared as forces',
  'discontinuous-potential-forces': 'applied forces with a potential on each side of where they switch',
  'non-potential-forces': 'non-potential applied forces',
};

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
  if (model.Q.some((x) => x !== ZERO)) out.push([APPLIED[system.energyChanges.find((c) => c in APPLIED) ?? 'non-potential-forces']!]);
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
        `when ${proseNames(
          system.model.unilateral.map((c) => c.name),
          im.scenario.name,
        )}, the outcome changes at `,
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
      const name = proseName(system.model.unilateral[c.contact]!.name);
      if (!names.includes(name)) seen.set(key, [...names, name]);
    }
  return [...seen].map(([key, names]) => [
    `a sliding contact (${names.join(', ')}) has a consistent motion at every angle below Painlevé’s threshold `,
    m(key),
  ]);
}

/** ", in the case checked: …" where the model is narrower than the paper (kozlov1988 §3: a constant metric without potential); else nothing. */
const scopeInlines = (p: PaperCheck): Inline[] => (p.scope ? [', in the case checked: ', ...noteInlines(p.scope)] : []);

/**
 * "(1.7)–(1.20)": the equation numbers the rows cite (by default the paper's printed formulas' and its inequalities'),
 * first to last, or the one; '' where none is numbered. Where some formulas cite a section instead (smirnov1981's counts
 * of §3), the span would pass for theirs too: each group is then named with its count of the formulas checked,
 * "(five of (2.1), two of §2 and two of §3)", past two such places by their kind, "(twenty of (2.3)–(12.3), five of its
 * propositions and two of its figures)".
 */
function equationSpan(p: PaperCheck, rows?: readonly PaperCheckRow[]): string {
  const numbered = (e: string): boolean => /^\(\d/.test(e);
  // A general theory's rows are all relations (kugushev2002), its equations of motion among them.
  const motion = generalTheory(p.source) ? undefined : motionSpan(rows ?? printed(p).filter((r) => r.agrees !== undefined), numbered);
  if (motion) return motion;
  const cited = rows ? rows.map((r) => r.formula.eq) : [...printed(p).map((r) => r.formula.eq), ...p.claims.map((c) => c.claim.eq)];
  const eqs = [...new Set(cited)].filter(numbered).sort(equationOrder);
  if (eqs.length === 0) return '';
  const span = spanText(eqs);
  const counted = (rows ?? printed(p).filter((r) => r.agrees !== undefined)).map((r) => r.formula.eq);
  const sections = [...new Set(counted.filter((e) => !numbered(e)))];
  if (!sections.length) return span;
  // Past two such places a list would outgrow the sentence: they are counted by kind, "twenty of its propositions".
  const kinds = [...new Set(sections.map(citationKind))];
  const rest =
    sections.length > 2
      ? kinds.map((k) => [`${countWord(counted.filter((c) => !numbered(c) && citationKind(c) === k).length)} ${k}`])
      : sections.map((e) => [`${countWord(counted.filter((c) => c === e).length)} of ${e}`]);
  const inSpan = counted.filter(numbered).length;
  return `(${series([...(inSpan ? [[`${countWord(inSpan)} of ${span}`]] : []), ...rest]).join('')})`;
}

/**
 * Equation numbers first to last, "(1.7)–(1.20)"; up to three that skip numbers of their section listed instead,
 * "(2.4) and (2.7)": the span would take in (2.5) and (2.6), which the rows do not check (kozlov1988 §2's viscous line).
 */
function spanText(eqs: readonly string[]): string {
  const parts = eqs.map((e) => /^\((\d+)\.(\d+)\)$/.exec(e));
  const skips = parts.some((p, i) => {
    const q = parts[i - 1];
    return i > 0 && (!p || !q || p[1] !== q[1] || Number(p[2]) !== Number(q[2]) + 1);
  });
  return eqs.length === 1 || (skips && eqs.length <= 3) ? series(eqs.map((e) => [e])).join('') : `${eqs[0]}–${eqs.at(-1)}`;
}

/** A fact that is an acceleration q̈, or q″ in a fast time (kozlov1988 (3.3), (3.4)): the row checks an equation of motion. */
const ACCELERATION = /^[^@]*''(@τ=[^@]*)?$/;
const motionRow = (r: PaperCheckRow): boolean => r.formula.derived.length > 0 && r.formula.derived.every((d) => ACCELERATION.test(d.fact));

/**
 * Where the rows check equations of motion beside results, each counted as what it is, "(four equations of motion
 * (3.3)–(3.4); six results of (3.2), (3.6) and three of Th. 3)", not "ten of (3.2)–(3.6)": the span of the results
 * would pass for the equations' numbers inside it. Undefined where the rows are all of one kind, or cite more than two places
 * that are no equation numbers.
 */
function motionSpan(rows: readonly PaperCheckRow[], numbered: (e: string) => boolean): string | undefined {
  const motion = rows.filter(motionRow);
  const results = rows.filter((r) => !motionRow(r));
  if (!motion.length || !results.length) return undefined;
  const numbers = (rs: readonly PaperCheckRow[]): string[] => [...new Set(rs.map((r) => r.formula.eq).filter(numbered))].sort(equationOrder);
  const [ofMotion, ofResults] = [numbers(motion), numbers(results)];
  // A span first to last where it holds no number of the other kind, else the numbers listed.
  const named = (eqs: readonly string[], other: readonly string[]): string =>
    eqs.length === 1 || other.some((e) => equationOrder(e, eqs[0]!) > 0 && equationOrder(e, eqs.at(-1)!) < 0) ? eqs.join(', ') : `${eqs[0]}–${eqs.at(-1)}`;
  const inNumbered = results.filter((r) => numbered(r.formula.eq)).length;
  const sections = [...new Set(results.map((r) => r.formula.eq).filter((e) => !numbered(e)))];
  // Past two such places the results are counted by kind (equationSpan), and the equations with them.
  if (sections.length > 2) return undefined;
  const equations = `${countWord(motion.length)} ${motion.length === 1 ? 'equation' : 'equations'} of motion${ofMotion.length ? ` ${named(ofMotion, ofResults)}` : ''}`;
  const others = [
    ...(inNumbered ? [[`${countWord(inNumbered)} ${inNumbered === 1 ? 'result' : 'results'} of ${named(ofResults, ofMotion)}`]] : []),
    ...sections.map((e) => [`${countWord(results.filter((r) => r.formula.eq === e).length)} of ${e}`]),
  ];
  return `(${equations}; ${series(others).join('')})`;
}

/** The kind of place a citation that is no equation number names, by its first word ("Prop. 12, (8.2)": its propositions). */
const CITATION_KINDS: readonly (readonly [RegExp, string])[] = [
  [/^Prop/, 'of its propositions'],
  [/^Cor/, 'of its corollaries'],
  [/^(Th|Theorem)\b/, 'of its theorems'],
  [/^Lemma/, 'of its lemmas'],
  [/^§/, 'in the text of its sections'],
  [/^Fig/, 'of its figures'],
];
const citationKind = (eq: string): string => CITATION_KINDS.find(([re]) => re.test(eq))?.[1] ?? 'elsewhere in the paper';

/** A general theory (Kugushev–Sorokina): the models instance its relations, none is taken from it. */
const generalTheory = (key: SourceKey): boolean => 'general' in REFERENCES[key];

/** The paper's results checked and agreeing; the toolkit's own formulas (paper-displays.ts own) are not the paper's. */
const agreement = (p: PaperCheck): { agree: number; checked: number } => ({
  agree: printed(p).filter((r) => r.agrees).length,
  checked: printed(p).filter((r) => r.agrees !== undefined).length,
});

/**
 * The abstract's word on the paper's rows where all agree: what holds, not how many rows say so (the Discussion
 * counts them): the quantities where one or two, "Smirnov’s Φ (§2) agrees with the derivation"; else the formulas
 * by the places they stand at, their equation numbers spanned and up to two other places (a section, a theorem),
 * "the formulas of Kozlov (2.4), §2 and Th. 2 agree", or by the paper alone where more places would outgrow it.
 */
function agreedBrief(p: PaperCheck, [many, verb]: readonly [string, string]): Inline[] {
  const rows = printed(p).filter((r) => r.agrees);
  const paper = REFERENCES[p.source].short;
  if (rows.length <= 2) return [`${paper}’s `, ...series(rows.map((r) => [m(rowLhs(r))])), ` ${verb}`];
  const places = [...new Set(rows.map((r) => r.formula.eq))].sort(equationOrder);
  const numbered = places.filter((e) => /^\(\d/.test(e));
  // A place that names a listed number ("from (4.9)") is said by it.
  const others = places.filter((e) => !numbered.includes(e) && !numbered.some((n) => e.includes(n)));
  const where = others.length <= 2 ? series([...(numbered.length ? [[spanText(numbered)]] : []), ...others.map((e) => [e])]).join('') : '';
  return [`the ${many} of ${paper}${where ? ` ${where}` : ''} ${verb}`];
}

/**
 * The distinct results among the paper's formulas checked, where rows repeat results (rubanovich1981 (3.18) is
 * (3.11)'s E_{R₂ₓ}, g′₁₁ = g′₂₂): the displays of the results section that print one of them, each result once.
 */
const distinctCount = (p: PaperCheck, checked: number): number =>
  checked
    ? distinctResults(
        p.rows,
        printed(p).filter((r) => r.agrees !== undefined),
      )
    : 0;

/** The most inequalities the conclusion names; more are counted. */
const NAMED_CLAIMS = 8;

/**
 * ": ΔT > 0 (3.14), that is, ż₁(−0)·E₁ < 0, …": the conclusion's proved claims named, each restatement beside the claim
 * it restates, and the quadratic forms said (rubanovich1981 §3: each sign from G positive definite).
 */
function provedClaims(claims: readonly PaperClaimRow[]): Inline[] {
  const named = claims.flatMap((c, i): Inline[][] =>
    c.restates === undefined
      ? [
          [
            m(c.claim.name),
            ` ${c.claim.eq}`,
            ...claims.flatMap((d): Inline[] =>
              d.restates === i ? [', that is, ', m(d.claim.name), ...(d.claim.eq === c.claim.eq ? [] : [` ${d.claim.eq}`])] : [],
            ),
          ],
        ]
      : [],
  );
  const forms = claims.filter((c) => c.proof.via === 'quadratic form').length;
  return [
    ': ',
    ...named.flatMap((x, i) => [i ? '; ' : '', ...x]),
    ...(forms
      ? [
          forms === claims.length ? '; each a quadratic form' : `; ${countWord(forms)} of them quadratic forms`,
          ' in the velocities before the impact, positive definite',
        ]
      : []),
  ];
}

/**
 * "five distinct inequalities (seven as stated)" where a claim restates another (rubanovich1981 (3.14): the obtuse
 * angle ż₁(−0)·E₁ < 0 is the loss ΔT > 0), else "seven inequalities"; "inequality" for one.
 */
function inequalitiesWord(claims: readonly PaperClaimRow[]): string {
  const distinct = claims.filter((c) => c.restates === undefined).length;
  if (distinct < claims.length)
    return `${countWord(distinct)} distinct ${distinct === 1 ? 'inequality' : 'inequalities'} (${countWord(claims.length)} as stated)`;
  return claims.length === 1 ? 'inequality' : `${countWord(claims.length)} inequalities`;
}

/** The rows of the paper's own formulas: the report's own results (paper-displays.ts own), and the toolkit's reductions and corrected readings (`origin`, counted apart by ownFindings), are not. */
const printed = (p: PaperCheck): readonly PaperCheckRow[] => p.rows.filter((r) => !own(r) && !r.formula.origin);

/** "a, b and c" of the rows' quantities, each its own math. */
const quantities = (rows: readonly PaperCheckRow[]): Inline[] => series(rows.map((r) => [m(rowName(r))]));

/** The most agreeing formulas named beside a corrected one; more are counted. */
const NAMED_AGREEING = 6;

/**
 * The paper's formulas counted with the prints the derivation corrects (`fixed`, correctedReading) among them, the
 * paper’s rows that differ: "of the four formulas of Kozlov §3 checked, v cos α = u and v̇ agree with the derivation; v(t) and t*
 * are corrected".
 */
function correctedCountFirst(p: PaperCheck): Inline[] | undefined {
  const fixed = p.rows.filter((r) => correctedReading(r));
  const { agree, checked } = agreement(p);
  if (!fixed.length || !checked || agree < checked) return undefined;
  const agreeing = printed(p).filter((r) => r.agrees);
  const rows = [...agreeing, ...fixed];
  return [
    `of the ${countWord(rows.length)} formulas of ${REFERENCES[p.source].short}${checkedPlace(p, rows)} checked, `,
    // Named where they are few (kozlov1988 §3's two), counted where a list would fill the abstract (kuleshov2011's 46).
    ...(agreeing.length <= NAMED_AGREEING ? quantities(agreeing) : [countWord(agreeing.length)]),
    agreeing.length === 1 ? ' agrees with the derivation; ' : ' agree with the derivation; ',
    ...quantities(fixed),
    fixed.length === 1 ? ' is corrected' : ' are corrected',
    ...scopeInlines(p),
  ];
}

/** " §3": one section cited (kozlov1988 §3) is named; else the equation numbers, as the count elsewhere names them. */
function checkedPlace(p: PaperCheck, rows: readonly PaperCheckRow[]): string {
  const places = [...new Set(rows.map((r) => r.formula.eq))];
  // The groups of the rows counted, the corrected prints among them (smirnov1981 (2.1)'s M_y: six of (2.1)–(2.2)).
  const span = equationSpan(p, rows);
  return places.length === 1 && !places[0]!.startsWith('(') ? ` ${places[0]}` : span ? ` ${span}` : '';
}

/** What follows from the count of correctedCountFirst: the agreeing prints may be used as printed, the corrected ones only as read. */
function correctedCountConsequence(p: PaperCheck): Inline[] {
  const agreeing = printed(p).filter((r) => r.agrees);
  const fixed = p.rows.filter((r) => correctedReading(r));
  return [
    ...quantities(agreeing),
    ` may be used as ${REFERENCES[p.source].short}${checkedPlace(p, [...agreeing, ...fixed])} prints ${agreeing.length === 1 ? 'it' : 'them'}, `,
    ...quantities(fixed),
    ' only as corrected in Table ',
    ref('tab:paper-check'),
  ];
}

/**
 * The impacts whose law has no admissible outcome on some directions of their two free velocities (studies/mode-directions.ts).
 * Brief (the abstract): each share its own clause, without the slip on a smooth line, admissible wherever the contact arrives.
 */
function directionFindings(f: SummaryFacts, brief: boolean): Inline[][] {
  const maps = f.system.unilateral?.impactMaps ?? [];
  return (f.modeDirections ?? [])
    .filter((d) => d.withoutOutcome > 0)
    .flatMap((d) => {
      const im = maps[d.map]!;
      const percent = (x: number): string => `${(100 * x).toFixed(1)} %`;
      const name = (j: number): string => proseName(f.system.model.unilateral[j]!.name);
      const closed = im.scenario.closed.map(name).join(' and ');
      const arriving = name(im.scenario.arriving);
      const where = Object.entries(d.configuration).map(([name, value]) => `${mechanicsSymbol(name)} = ${Number(value.toPrecision(6))}`);
      // What each outcome's share is, where the map has closed contacts to stay or leave.
      const modes = im.scenario.closed.length
        ? d.modeShares.map((s, n) => `${modeTitle(f.system.unilateral!, im.scenario, im.modes[n]!)} on ${percent(s)}`).join(', ')
        : '';
      const main: Inline[] = [
        `when ${proseNames(
          f.system.model.unilateral.map((c) => c.name),
          im.scenario.name,
        )}`,
        ...(where.length ? [' at ', m(where.join(',\\ '))] : []),
        `, ${modes ? `${modes}, and ` : ''}no outcome of the impact law is admissible on ${percent(d.withoutOutcome)} of the approaching directions of `,
        m(`(${d.velocities.map(mechanicsSymbol).join(', ')})`),
        ' at the default parameters',
      ];
      // The hypothetical smooth slide and the arriving contact repelled in every mode (studies/mode-directions.ts).
      const all = d.smoothAdmissible;
      const smooth =
        all?.share && d.smoothShare !== undefined
          ? `${closed} sliding on a smooth line (Rubanovich–Formalsky (3.15), (3.16)) is admissible on ${percent(all.share)} of these directions, on ${percent(d.smoothShare)} where no mode is`
          : '';
      const repel = d.repelShare ? `on ${percent(d.repelShare)} of them ${arriving}’s normal impulse is negative in every mode` : '';
      if (brief) return [main, ...[smooth, repel].filter(Boolean).map((x) => [x])];
      // The conclusion states what was shown: the outcome's shares and, in closed form, where the arriving contact can
      // slip; the smooth slide's and the repelled directions' shares are stated with the impact maps (unilateral.ts).
      return [
        [
          ...main,
          // Where it cannot stick, the arriving contact slips on a smooth line, the closed ones leaving (studies/mode-directions.ts).
          // Admissible on every approaching direction at the defaults it says nothing of this impact (one frictionless contact arriving
          // alone): left out, unless its condition on the parameters is known in closed form.
          ...(d.slipShare && (d.slip?.conditions?.length || d.slipShare < 1 - 1e-9)
            ? [
                `; ${arriving} slipping on a smooth line while ${closed} ${im.scenario.closed.length > 1 ? 'leave' : 'leaves'} is admissible on `,
                // In closed form where the slip's forms are the approach speed times factors of the parameters (studies/mode-directions.ts).
                ...(d.slip?.conditions?.length
                  ? ['every approaching direction exactly where ', ...slipConditionInlines(d.slip.conditions, d.slip.bounds)]
                  : [`${percent(d.slipShare)} of them`]),
              ]
            : []),
        ],
      ];
    });
}

/**
 * The impacts at closed contacts that always have an outcome, where some
 * closed contact never leaves (studies/mode-directions.ts, mode-shares.ts):
 * which contacts stay, and the shares of the modes left.
 */
function outcomeFindings(f: SummaryFacts): Inline[][] {
  const u = f.system.unilateral;
  if (!u) return [];
  const percent = (x: number): string => `${(100 * x).toFixed(1)} %`;
  const found = [...(f.modeDirections ?? []).filter((d) => d.withoutOutcome === 0), ...(f.modeShares ?? []).filter((s) => s.withoutOutcome === 0)];
  return found
    .filter((d) => d.neverLeave.length)
    .sort((a, b) => a.map - b.map)
    .map((d) => {
      const im = u.impactMaps[d.map]!;
      const name = (j: number): string => proseName(f.system.model.unilateral[j]!.name);
      // Where every engaged contact of each mode left sticks or slides alike (a rod's two ends on the floor), the mode is that word.
      const left = d.modeShares.flatMap((x, n) => (x > 0 ? [{ share: x, mode: im.modes[n]! }] : []));
      const together = (mode: ImpactMode): 'stick' | 'slide' | undefined => {
        const states = [...new Set([mode.friction, ...(mode.slips?.values() ?? [])].filter((x) => x !== undefined))];
        return states.length === 1 ? states[0] : undefined;
      };
      const alike = left.every(({ mode }) => together(mode) && leavingContacts(im.scenario, mode).length === 0);
      const shares = left.map(({ share, mode }): Inline[] => [
        alike ? `${together(mode)} on ${percent(share)}` : `${modeTitle(u, im.scenario, mode)} on ${percent(share)}`,
      ]);
      const sampled = 'samples' in d && !d.exact ? ` (${d.samples} sampled)` : '';
      const scenario = proseNames(
        f.system.model.unilateral.map((c) => c.name),
        im.scenario.name,
      );
      return [
        `when ${scenario}, ${d.neverLeave.map(name).join(' and ')} never ${d.neverLeave.length > 1 ? 'leave' : 'leaves'}`,
        alike ? ' and the contacts ' : ': ',
        ...series(shares),
        ` of the approaching directions${sampled} of `,
        m(`(${d.velocities.map(mechanicsSymbol).join(', ')})`),
        ' at the default parameters',
        // The sticking mode's cone in the velocities before (mode-directions.ts stickCone): the share's edge in closed form.
        ...(d.stick ? [`; ${alike ? 'sticking' : `mode ${d.stick.mode + 1}`} needs `, m(coneLatex(f.system, d.stick.tangential, d.stick.bound))] : []),
      ];
    });
}

/**
 * |t| ≤ b with t one velocity times a monomial in parameters assumed > 0 (−m ẋ⁻), printed over that factor's
 * magnitude: |ẋ⁻| ≤ μ(1 + e)(−ẏ⁻), not |−m ẋ⁻| ≤ −m μ(1 + e) ẏ⁻.
 */
function coneLatex(system: DerivedSystem, t: Expr, b: Expr): string {
  const [v, ...more] = [...freeSymbols(t)].filter((n) => system.model.coordinates.some((c) => n === preImpactName(c.name)));
  const factor = v && !more.length ? simplify(div(t, sym(v))) : undefined;
  const sign = factor ? signOfPositiveMonomial(factor, system.positive) : 0;
  if (!sign) return `|${math(t)}| \\le ${math(b)}`;
  return `|${math(sym(v!))}| \\le ${math(simplify(div(b, mul(num(sign), factor!))))}`;
}

/** ±1 for a number times powers of parameters assumed > 0 (−m, 2l²), 0 for anything else. */
function signOfPositiveMonomial(e: Expr, positive: ReadonlySet<string>): number {
  if (e.kind === 'num') return Math.sign(numericValue(e)!);
  if (e.kind === 'sym') return positive.has(e.name) ? 1 : 0;
  if (e.kind !== 'mul' || !e.factors.every((f) => f.base.kind === 'sym' && positive.has(f.base.name))) return 0;
  return Q.isNegative(e.coeff) ? -1 : 1;
}

/** The outcomes of the impacts at closed contacts (outcomeFindings) as a results subsection, beside the impact maps they read. */
export function outcomesSection(f: SummaryFacts): Section | undefined {
  const found = outcomeFindings(f);
  if (!found.length) return undefined;
  const capital = ([head, ...tail]: Inline[]): Inline[] =>
    typeof head === 'string' ? [head.charAt(0).toUpperCase() + head.slice(1), ...tail] : [head!, ...tail];
  return {
    id: 'impact-outcomes',
    title: 'Outcomes of the impacts',
    blocks: [
      paragraph(
        'Read from the conditions of the impact maps (Section ',
        ref('sec:impact-maps'),
        '): ',
        ...found.flatMap((x, i) => [i ? ' ' : '', ...(i ? capital(x) : x), '.']),
      ),
      // An end striking alone, the run's first impact among them: its outcome by the ratio of its slip to its approach.
      ...(f.firstImpact ? loneOutcomeBlocks(f.system, f.firstImpact) : []),
    ],
  };
}

/** The kinetic energy the simulated impacts take, where it is Carnot's (studies/impact-losses.ts): a walker's loss per step. */
function lossFindings(simulation: MotionSimulation | undefined): Inline[][] {
  const l = simulation && 'trajectory' in simulation ? simulation.losses : undefined;
  if (!l?.carnot) return [];
  const lost = l.impacts.map((i) => i.lost);
  const [lo, hi] = lossValues(lost);
  // Two impacts' losses given as they are, in their order (the hinged compass's 0.2204 and 0.2803 J); more as their range.
  const two = lost.length === 2 && hi !== undefined;
  return [
    [
      l.impacts.length === 1
        ? 'the impact of the simulation takes '
        : two
          ? 'the 2 impacts of the simulation take '
          : `each of the ${l.impacts.length} impacts of the simulation takes `,
      ...(two ? [m(lost.map((x) => `${Number(x.toPrecision(4))}`).join('\\ \\text{and}\\ '))] : hi === undefined ? [m(lo!)] : ['from ', m(lo!), ' to ', m(hi)]),
      ' J of kinetic energy, Carnot’s loss ',
      m('\\tfrac{1}{2}[\\dot{q}]^{\\top} M [\\dot{q}]'),
    ],
  ];
}

/** Kane's paradox where the impact-energy study found it: the largest gain, and the range of e where none was found. */
function energyFindings(study: ImpactEnergyStudy | undefined): Inline[][] {
  const w = study?.largest;
  if (!w) return [];
  const e = mechanicsSymbol(study.restitution.parameter);
  const b = study.stick[0];
  const same = b && study.stick.every((o) => Math.abs(o.least - b.least) < 1e-9);
  // The derived gain of a sticking end, attained and above every sampled gain, is the finding; the samples are not.
  if (same && b.supremum >= w.gain)
    return [
      [
        'Newton’s restitution with Coulomb friction raises the kinetic energy of some admissible impacts (Kane’s paradox): an end striking alone and sticking gains up to ',
        `${+(100 * b.supremum).toFixed(2)} % of `,
        m('T^{-}'),
        ', attained at ',
        m(`${e} = ${study.restitution.range[1]}`),
        ', and never for ',
        m(`${e} \\le ${+b.threshold.toFixed(4)}`),
        ' (derived)',
        ...(reachesStick(study)
          ? [
              `; the supremum of its slide against the slip is not derived: maximized numerically, the slide gains up to ${(100 * study.largestSlide!.gain).toFixed(4)} % at `,
              m(`${e} = ${study.restitution.range[1]}`),
              ', that bound to within ',
              m(`${gapText(study)}\\,T^{-}`),
              ', on the edge where the slide becomes the sticking outcome: very likely its supremum, approached but not attained',
            ]
          : study.largestSlide && study.largestSlide.gain <= b.supremum
            ? [
                `; the supremum of its slide against the slip is not derived: maximized numerically, the slide gains ${(100 * study.largestSlide.gain).toFixed(2)} % at `,
                m(`${e} = ${+study.largestSlide.values[study.restitution.parameter]!.toFixed(2)}`),
                ', within that bound, which is proved for sticking only',
              ]
            : []),
        ...closedFinding(study),
      ],
    ];
  const exact: Inline[] =
    b && study.stick.every((o) => Math.abs(o.least - b.least) < 1e-9)
      ? [
          `; an end striking alone and sticking gains at most ${+(100 * b.supremum).toFixed(2)} % of `,
          m('T^{-}'),
          ` (the derived supremum, at `,
          m(`${e} = ${study.restitution.range[1]}`),
          ') and never for ',
          m(`${e} \\le ${+b.threshold.toFixed(4)}`),
          ' (derived)',
        ]
      : [];
  return [
    [
      `Newton’s restitution with Coulomb friction raises the kinetic energy of some admissible impacts (Kane’s paradox), by at least ${(100 * w.gain).toFixed(1)} % (the best of the sampled impacts) at `,
      m(`${e} = ${+w.values[study.restitution.parameter]!.toFixed(2)}`),
      ' (no sampled impact gains for ',
      m(`${e} \\le ${study.dissipativeUpTo.toFixed(2)}`),
      ')',
      ...exact,
    ],
  ];
}

/** That impacts at closed contacts never gain, where every one is proved (closed-impact-energy.ts). */
function closedFinding(study: ImpactEnergyStudy): Inline[] {
  const { closed } = study;
  if (!closed.length || !closed.every((c) => c.proved)) return [];
  const numbers = closed.map((c) => c.map + 1);
  const which = numbers.length === 1 ? `impact ${numbers[0]}` : `impacts ${numbers.slice(0, -1).join(', ')} and ${numbers.at(-1)}`;
  return [`; impacts at closed contacts (${which}) never gain (derived)`];
}

/** A release of the limit motion (trajectory{k}.end@N→∞), or its time for large N in closed form (@N≫1). */
const LIMIT_RELEASE = /^trajectory\d+\.end@\w+→∞$/;
const LARGE_RELEASE = /^trajectory\d+\.end@\w+≫1$/;
const EXACT_RELEASE = /^trajectory(\d+)\.end$/;
/** A velocity at the start of a piece (trajectory{k}.y'@t=trajectory{k}.start): the speed it leaves with. */
const START_SPEED = /^trajectory(\d+)\.[^@]+'@t=trajectory\1\.start$/;

/**
 * The paper's limit motion whose distance to the rigid one, or whose release, agrees with the derivation (kozlov1988
 * (2.6), (2.7)), as "Kozlov (2.7), its release at t = 2", and the release for large N in closed form where the report
 * derives it: "τ = 2 + 1/N + O(e^{−N}/N)", the finite runs' release, not the limit's.
 */
function limitMotion(p: PaperCheck, parameter: string): LimitMotionWords {
  const row = p.rows.find((r) => r.agrees && (r.formula.derivedText === 'limit.distance' || LIMIT_RELEASE.test(r.formula.derivedText)));
  if (!row) return { to: [] };
  const limit = p.rows.find((r) => r.agrees && r.formula.formula && LIMIT_RELEASE.test(r.formula.derivedText));
  const large = p.rows.find((r) => r.agrees && r.formula.formula && LARGE_RELEASE.test(r.formula.derivedText));
  // A release the same for every N (kozlov1988 (2.5): 2 + √2), exact at each run, not only in the limit.
  const every = p.rows.find(
    (r) => r.agrees && r.formula.formula && EXACT_RELEASE.test(r.formula.derivedText) && !freeSymbols(r.formula.formula).has(parameter),
  );
  // A release that depends on N, in closed form with the speed it leaves at (kozlov1988 §2's elastic τ and ẏ(τ),
  // which the paper bounds only in order): both, the speed's piece the one after the release's.
  const exact = p.rows.find((r) => r.agrees && r.formula.formula && EXACT_RELEASE.test(r.formula.derivedText) && r !== every);
  const piece = exact && Number(EXACT_RELEASE.exec(exact.formula.derivedText)![1]) + 1;
  const speed = p.rows.find((r) => r.agrees && r.formula.formula && Number(START_SPEED.exec(r.formula.derivedText)?.[1]) === piece);
  const leaves = large ?? every;
  // Referred to, not written out: the closed forms are too long for a line of running text on a phone.
  const exactly: Inline[] =
    !leaves && exact && speed
      ? [
          'in closed form for every ',
          m(mechanicsSymbol(parameter)),
          ', ',
          m(exact.formula.name),
          ' of ',
          ref(resultLabel(p.rows.indexOf(exact))),
          ' at the speed ',
          m(speed.formula.name),
          ' of ',
          ref(resultLabel(p.rows.indexOf(speed))),
        ]
      : [];
  return {
    to: [
      `${REFERENCES[p.source].short} ${row.formula.eq}`,
      ...(limit && limit !== leaves ? [', its release at ', m(`${mechanicsSymbol(TIME)} = ${toLatex(limit.formula.formula!, MECHANICS)}`)] : []),
    ],
    ...(leaves
      ? {
          leaves: [
            m(`${leaves.formula.name} = ${toLatex(leaves.formula.formula!, MECHANICS)}${remainderLatex(leaves)}`),
            ...(leaves === every ? [' for every ', m(mechanicsSymbol(parameter))] : []),
          ],
        }
      : exactly.length
        ? { leaves: exactly }
        : {}),
  };
}

/**
 * The limit of each other realization the study runs as N grows, where it vanishes at a rate whose closed form a
 * paper row checks (kozlov1988 (2.4): without adhesion the viscous line tends to the classical motion, at distance
 * g(1 + 2 ln 2)/N): "the no-adhesion realization tends to the rigid motion, Kozlov (2.4), at distance g(1 + 2 ln 2)/N".
 */
function realizationLimits(p: PaperCheck, realizations: RealizationsStudy | undefined): Inline[][] {
  return (realizations?.limits ?? []).flatMap(({ label, study }) => {
    const row = (fact: string): PaperCheckRow | undefined => p.rows.find((r) => r.agrees && r.formula.formula && r.formula.derivedText === fact);
    const limit = row(`realizations.${label}.distance`);
    const rate = row(`realizations.${label}.distance.leading`);
    if (study.convergence !== 'vanishes' || !study.leading || !limit || !rate) return [];
    const scale = toLatex(pow(sym(study.parameter), num(study.leading.order)), MECHANICS);
    return [
      [
        `the ${label} realization tends to the rigid motion, ${REFERENCES[p.source].short} ${limit.formula.eq}, at distance `,
        m(`${toLatex(rate.formula.formula!, MECHANICS)}/${scale}`),
        ' to leading order',
      ],
    ];
  });
}

const ORIGINS = [
  ['correction', 'corrected reading', 'corrected readings of the paper’s formulas'],
  ['reduction', 'reduction of the paper’s equations', 'reductions of the paper’s equations'],
] as const;

/**
 * The printed formulas the derivation corrects, each a clause: "Kozlov §3 prints v(t) = u cos(…); the derivation
 * gives v(t) = u/cos(…)", with the row's reading where it states what the correction means.
 */
function correctionFindings(p: PaperCheck, follows = false): Inline[][] {
  return p.rows.flatMap((r) => {
    if (!statedCorrection(r)) return [];
    if (follows && r.formula.consequence) return [noteInlines(r.formula.consequence)];
    const read = correctedReading(r);
    // A correction with no print to set beside it (smirnov1981 (2.1)'s M_y, the range of a sum): its reading in words.
    if (!read) return [[`${REFERENCES[p.source].short} ${r.formula.eq} `, ...noteInlines(r.formula.reading!)]];
    // A bound the paper prints for the quantity (kozlov1988 §3's sliding for t > 2R/[u(1 − e)]): where it holds, and the exact value.
    if (r.formula.display && r.formula.reading)
      return [
        [
          `${REFERENCES[p.source].short} ${r.formula.eq} prints `,
          m(read.printed),
          ', which ',
          ...noteInlines(r.formula.reading),
          '; exactly, ',
          m(inlineFractions(read.reading)),
        ],
      ];
    return [
      [
        `${REFERENCES[p.source].short} ${r.formula.eq} prints `,
        m(inlineFractions(read.printed)),
        ', which the derivation does not give: it gives ',
        m(inlineFractions(read.reading)),
        ...(r.formula.reading ? ['; ', ...noteInlines(r.formula.reading)] : []),
      ],
    ];
  });
}

/** A corrected row the abstract states: a print the derivation does not give, or a correction said in words (its reading). */
const statedCorrection = (r: PaperCheckRow): boolean =>
  correctedReading(r) !== undefined || (r.formula.origin === 'correction' && r.agrees === true && r.formula.reading !== undefined);

/** The toolkit's own rows, each kind a clause: "the 15 reductions of the paper’s equations (2.1)–(2.2) agree". */
function ownFindings(p: PaperCheck): Inline[][] {
  return ORIGINS.flatMap(([origin, one, many]) => {
    // A correction stated as a finding of its own (correctionFindings) is not counted here.
    const rows = p.rows.filter((r) => r.formula.origin === origin && r.agrees !== undefined && !statedCorrection(r));
    if (rows.length === 0) return [];
    const agree = rows.filter((r) => r.agrees).length;
    const span = equationSpan(p, rows);
    const what: Inline[] = rows.length === 1 ? [`the ${one} `, m(rowLhs(rows[0]!))] : [`the ${rows.length} ${many}${span ? ` ${span}` : ''}`];
    return [[...(agree < rows.length ? [`${agree} of `] : []), ...what, agree === 1 ? ' agrees' : ' agree']];
  });
}

/** A fact of the orbit's state on its section (orbit.y'): the velocity ẏ it is. */
const ORBIT_VELOCITY = /^orbit\.([A-Za-z][\w[\]]*)'$/;

/**
 * ", linearly stable while a > ẏ²/g (Kozlov (4.1), in closed form), …": the
 * paper's closed form of the continued branch's first bifurcation, where a
 * paper row agrees with it, on the side of it the orbit was found stable at.
 */
function stabilityBound(f: SummaryFacts): Inline[] {
  const study = f.orbit!;
  const p = study.declaration.continuation?.parameter;
  const row = f.paper?.rows.find((r) => r.agrees && r.measured && r.formula.formula && r.formula.derived.some((d) => d.fact === 'orbit.bifurcation1'));
  const kind = study.branch?.bifurcations[0]?.kind;
  if (!p || !row || !kind || !study.orbit?.stable || study.params[p] === undefined) return [];
  const velocities = [...row.formula.where].flatMap(([s, b]): [string, Sym][] => {
    const q = 'fact' in b ? ORBIT_VELOCITY.exec(b.fact)?.[1] : undefined;
    return q ? [[s, velocitySymbol(sym(q))]] : [];
  });
  const bound = math(subs(row.formula.formula!, new Map(velocities)));
  const side = study.params[p]! > row.measured!.value ? '>' : '<';
  const speeds = velocities.flatMap(([s, v]) => {
    const value = row.measured!.bindings.get(s);
    return value === undefined ? [] : [`${mechanicsSymbol(v.name)} = ${Number(value.toPrecision(6))}`];
  });
  return [
    '; it is linearly stable while ',
    m(`${mechanicsSymbol(p)} ${side} ${bound}`),
    ...(row.formula.reading ? [', ', ...noteInlines(row.formula.reading)] : []),
    ` (${REFERENCES[f.paper!.source].short} ${row.formula.eq}, in closed form), met at `,
    m(`${mechanicsSymbol(p)} = ${Number(row.measured!.value.toPrecision(4))}`),
    ...(speeds.length ? [' for ', m(speeds.join(',\\ '))] : []),
    `, ${BIFURCATION_WORDS[kind]}`,
    ...laterBifurcations(study, p),
  ];
}

/**
 * The branch's bifurcations after the first, each with the orbit's stability
 * just past it (Birkhoff's billiard regains it at l = R₂, kozlov1988 (4.8)):
 * "; further along the branch, at l = 0.9 (…), stable beyond".
 */
function laterBifurcations(study: OrbitStudy, p: string): Inline[] {
  const { branch } = study;
  const later = branch?.bifurcations.slice(1) ?? [];
  if (!branch || later.length === 0) return [];
  const { from, to } = study.declaration.continuation!;
  const ahead = Math.sign(to - from);
  const clauses = later.flatMap((b, k): Inline[] => {
    const past = branch.points.find((x) => (x.parameter - b.parameter) * ahead > 0);
    return [
      k === 0 ? '' : '; ',
      'at ',
      m(`${mechanicsSymbol(p)} = ${Number(b.parameter.toPrecision(4))}`),
      ` ${BIFURCATION_WORDS[b.kind].replace(/^where /, '')}`,
      ...(past ? [past.stable ? ', stable beyond' : ', unstable beyond'] : []),
    ];
  });
  return ['; further along the branch, ', ...clauses];
}

/** What the continuation found at the bound, by its multipliers (runtime/analysis/continuation.ts). */
const BIFURCATION_WORDS: Readonly<Record<BifurcationKind, string>> = {
  'period-doubling': 'where a multiplier passes through −1 (a period doubling)',
  'branch-point': 'where the multipliers meet at +1 and the orbit goes on (a pitchfork)',
  fold: 'where the multipliers meet at +1 and the branch turns back (a saddle-node)',
  grazing: 'where the orbit grazes a contact',
};

/**
 * The supports' findings: the variants' switches along the run, or, for a run that realizes one variant, its friction
 * bound and the start from rest in closed form where the derivation gives it (support-rest-finding.ts).
 */
function supportFindings(f: SummaryFacts): { switching: Inline[]; rest: Inline[] } {
  const switching = (f.supportHistory && supportHistoryFinding(f.system, f.supportHistory)) || [];
  return { switching, rest: switching.length ? [] : supportRestFinding(f.system, f.supportStarts) };
}

/**
 * Findings of the derivation and the studies, each a clause: the critical values and thresholds found, the results checked.
 * Brief (the abstract's): the impact outcomes' shares apart, and the periodic orbit by its period, advance and stability only.
 */
/**
 * The findings, a clause each. `follows` (the conclusion): a finding that has a consequence is concluded by it, not
 * repeated from the abstract (kozlov1988 §3: the corrected prints as what may be used, the averaged law's trend).
 */
function findings(f: SummaryFacts, brief = false, follows = false): Inline[][] {
  const out: Inline[][] = [
    ...criticalFindings(f.system),
    ...painleveFindings(f.system),
    // Where the paper leaves the impact's outcome to later work, the outcome by direction is the report's own, not summed up here.
    ...(f.paper?.defers ? [] : directionFindings(f, brief)),
    ...(brief ? [] : outcomeFindings(f)),
    ...energyFindings(f.impactEnergy),
    ...lossFindings(f.simulation),
  ];
  const { switching, rest } = supportFindings(f);
  if (switching.length) out.push(switching);
  // After the variant realized where there are more than one pair's two.
  const realized = rest.length && f.supportHistory && (f.system.supports?.variants?.length ?? 0) > 2 ? realizedVariant(f.system, f.supportHistory) : [];
  const start = rest.length ? [] : f.supportHistory && f.supportStarts && supportStartFinding(f.system, f.supportHistory, f.supportStarts);
  if (rest.length) out.push([...realized, ...(realized.length ? ['; '] : []), ...rest]);
  else if (start?.length) out.push(start);
  const locking = f.system.supports ? lockingFinding(f.system.supports) : [];
  if (locking.length) out.push(locking);
  const orbit = f.orbit?.orbit;
  if (orbit) {
    // Multipliers on the unit circle decide linear stability only (KAM or an integral would decide the rest).
    const stability = orbit.asymptotic ? 'an asymptotically stable' : orbit.stable ? 'a linearly (elliptically) stable' : 'an unstable';
    const open = orbit.stable && !orbit.asymptotic ? ', no multiplier outside the unit circle and some on it: its nonlinear stability is not shown' : '';
    // The orbit's own parameters where they are not the model's defaults (the rimless wheel's γ = 0.2).
    const defaults = new Map(f.system.model.parameters.map((p) => [p.name, p.default]));
    const shifted = Object.entries(f.orbit!.params).filter(([name, value]) => defaults.has(name) && defaults.get(name) !== value);
    out.push([
      // A model without rigid contacts (its walls realized by forces) has no impacts to count.
      `the motion has ${stability} periodic orbit of period ${orbit.period.toPrecision(4)}${f.system.model.unilateral.length ? ` with ${plural(orbit.impacts.length, 'impact')} per period` : ''}`,
      // A gait (a mirror step) by its step and multipliers: its state on the section is the Results' to quote.
      ...(brief || f.orbit!.step ? briefOrbitFacts(f.orbit!) : orbitFacts(f.system, f.orbit!)),
      ...sweepVerdicts(f.orbit!, f.paper),
      ...(shifted.length
        ? [
            ' at ',
            m(shifted.map(([name, value]) => `${mechanicsSymbol(name)} = ${Number(value.toPrecision(6))}`).join(',\\ ')),
            ' (the model’s default ',
            m(shifted.map(([name]) => `${mechanicsSymbol(name)} = ${Number(defaults.get(name)!.toPrecision(6))}`).join(',\\ ')),
            ')',
          ]
        : []),
      ...(open ? [open] : []),
      ...stabilityBound(f),
    ]);
  }
  if (f.limitStudy) out.push(convergenceClause(f.limitStudy, f.paper && limitMotion(f.paper, f.limitStudy.parameter)));
  if (f.paper) out.push(...realizationLimits(f.paper, f.realizations));
  // The count first where the paper's prints are corrected, then each correction: what agrees and what does not.
  const counted = f.paper && correctedCountFirst(f.paper);
  if (counted) out.push(follows ? correctedCountConsequence(f.paper!) : counted);
  if (f.paper) out.push(...correctionFindings(f.paper, follows));
  const run = f.averagedSpeed && (follows ? averagedSpeedConsequence(f.averagedSpeed) : averagedSpeedFinding(f.averagedSpeed));
  if (run?.length) out.push(run);
  const fallsBack = !f.rollingSpeeds ? [] : brief ? rollingSpeedsBrief(f.rollingSpeeds) : rollingSpeedsFinding(f.system.model, f.rollingSpeeds);
  if (fallsBack.length) out.push(fallsBack);
  if (f.inclineRuns) out.push(inclineRunsFinding(f.inclineRuns));
  if (f.paper) {
    const { agree, checked } = agreement(f.paper);
    const paper = REFERENCES[f.paper.source].short;
    const span = equationSpan(f.paper);
    const which = span ? ` ${span}` : '';
    // A general theory's formulas are relations the derivation satisfies, not results about this model.
    const [one, many, hold, holds] = generalTheory(f.paper.source)
      ? ['relation', 'relations', 'hold for the derivation', 'holds for the derivation']
      : // "formulas": the rows count the equations of motion a paper prints (kozlov1988 (3.3), (3.4)) beside its results.
        ['formula', 'formulas', 'agree with the derivation', 'agrees with the derivation'];
    // The formulas that disagree named (smirnov1981's Δᵢ (2.4) as printed), so that the count does not read as agreement.
    const off = printed(f.paper).filter((r) => r.agrees === false);
    const distinct = distinctCount(f.paper, checked);
    if (checked && !counted)
      out.push(
        agree < checked
          ? [
              `${agree} of the ${checked} ${many} of ${paper}${which} checked ${agree === 1 ? holds : hold}; `,
              m(off.map(rowLhs).join(',\\ ')),
              ` as the paper prints ${off.length === 1 ? 'it does' : 'them do'} not`,
              ...scopeInlines(f.paper),
            ]
          : brief
            ? [
                ...agreedBrief(f.paper, [many, checked === 1 ? holds : hold]),
                ...measuredValues(printed(f.paper), f.limitStudy && statedRate(f.limitStudy)),
                ...scopeInlines(f.paper),
              ]
            : [
                checked === 1
                  ? `the ${one} of ${paper}${which} checked ${holds}`
                  : distinct < checked
                    ? `the ${countWord(distinct)} distinct results of ${paper}${which}, typed in ${countWord(checked)} ${many}, ${hold}`
                    : `${checked === 2 ? 'both' : `all ${checked}`} ${many} of ${paper}${which} checked ${hold}`,
                ...measuredValues(printed(f.paper), f.limitStudy && statedRate(f.limitStudy)),
                ...scopeInlines(f.paper),
              ],
      );
    // The rows the paper does not print are the Discussion's (ownFindings), not findings about the model.
    const claims = f.paper.claims;
    const proved = claims.filter((c) => c.proof.holds).length;
    if (claims.length)
      out.push(
        proved === claims.length
          ? [
              claims.length === 1 ? 'its inequality is proved' : `its ${inequalitiesWord(claims)} are proved`,
              ...(follows && claims.length <= NAMED_CLAIMS ? provedClaims(claims) : []),
            ]
          : [`${proved} of its ${claims.length} inequalities are proved`],
      );
  }
  return out;
}

/**
 * The orbit's numbers a reader would quote (goswami1998 gives a gait by
 * them): the impacts' times, the advance per period, the state on the
 * section without the components outside the periodicity, the contacts
 * the section's impact opens, and the multipliers other than the
 * trivial zeros, each as the periodic-orbit section prints it.
 */
function orbitFacts(system: DerivedSystem, study: OrbitStudy): Inline[] {
  const orbit = study.orbit!;
  const cs = system.model.coordinates;
  const digits = (v: number): string => `${Math.abs(v) < 1e-9 ? 0 : Number(v.toPrecision(4))}`;
  const times = orbit.impacts.map((i) => digits(i.t));
  const shift = Object.entries(orbit.shift);
  const periodic = cs.flatMap((c, i) => (c.name in orbit.periodicity ? [] : [{ name: c.name, v: orbit.q[i]! }]));
  const rates = cs.flatMap((c, i) => (`${c.name}'` in orbit.periodicity ? [] : [{ name: c.qd.name, v: orbit.qd[i]! }]));
  const state = [...periodic, ...rates];
  const contact = 'contact' in study.declaration.section ? study.declaration.section.contact : undefined;
  const open = contact ? (study.leaving ?? []).map((j) => system.model.unilateral[j]!.name) : [];
  const multipliers = orbit.multipliers.filter((z) => Math.hypot(z.re, z.im) > 1e-9);
  const largest = Math.max(...multipliers.map((z) => Math.hypot(z.re, z.im)));
  const step = (study.step?.multipliers ?? []).filter((z) => Math.hypot(z.re, z.im) > 1e-9);
  // Impacts that cut the period into equal steps (a walker's two mirror-image steps): the step's duration too.
  const n = orbit.impacts.length;
  const even = n > 1 && orbit.impacts.every((i, k) => Math.abs(i.t - ((k + 1) * orbit.period) / n) <= 1e-6 * orbit.period);
  return [
    ...(times.length ? [', at ', m(`t = ${times.join(',\\ ')}`), ' after the section'] : []),
    ...(even ? [`, so ${countWord(n)} equal steps of `, m(digits(orbit.period / n)), ' each'] : []),
    // The mirror step's own map (studies/orbit-step.ts): its multipliers square to the period's.
    ...(study.step
      ? [
          ' (one step, the legs then exchanged, has the multipliers ',
          ...step.flatMap((z, i): Inline[] => [i ? ', ' : '', m(complexLatex(z))]),
          `, largest modulus ${digits(Math.max(...step.map((z) => Math.hypot(z.re, z.im))))})`,
        ]
      : []),
    ...(shift.length ? [', advancing ', m(shift.map(([k, v]) => `${mechanicsSymbol(k)}\\ \\text{by}\\ ${digits(v)}`).join(',\\ '))] : []),
    ...(contact
      ? [
          `, through `,
          // One formula per coordinate, so that a narrow page breaks the list between them.
          ...state.flatMap((x, i): Inline[] => [i ? ', ' : '', m(`${mechanicsSymbol(x.name)} = ${digits(x.v)}`)]),
          ` just after each impact of ${proseName(contact)}`,
          ...(open.length ? [`, at which ${open.map(proseName).join(' and ')} ${open.length === 1 ? 'leaves' : 'leave'}`] : []),
        ]
      : []),
    ...(multipliers.length
      ? [
          ', with Floquet multipliers ',
          ...multipliers.flatMap((z, i): Inline[] => [i ? ', ' : '', m(complexLatex(z))]),
          ` (largest modulus ${digits(largest)})`,
        ]
      : []),
  ];
}

/**
 * The orbit sought again over its sweep, its verdicts in runs from the declared parameters on: "; sought
 * again, it is unstable at N = 100 and stable from N = 1000 to 10⁵, its stability changing between N = 100
 * and N = 1000" (kozlov1988 §4: stiff walls destabilize the rigid-stable orbit), or "it stays stable".
 */
function sweepVerdicts(study: OrbitStudy, paper: SummaryFacts['paper']): Inline[] {
  const sweep = study.declaration.sweep;
  const swept = (study.sweep ?? []).filter((s) => s.orbit);
  if (!sweep || !swept.length || study.params[sweep.parameter] === undefined) return [];
  const verdict = (stable: boolean): string => (stable ? 'stable' : 'unstable');
  const at = [{ value: study.params[sweep.parameter]!, stable: study.orbit!.stable }, ...swept.map((s) => ({ value: s.value, stable: s.orbit!.stable }))].sort(
    (a, b) => a.value - b.value,
  );
  const p = mechanicsSymbol(sweep.parameter);
  const runs: { stable: boolean; values: number[] }[] = [];
  for (const x of at) {
    const last = runs[runs.length - 1];
    if (last && last.stable === x.stable) last.values.push(x.value);
    else runs.push({ stable: x.stable, values: [x.value] });
  }
  if (runs.length === 1)
    return [`; sought again at `, m(`${p} = ${swept.map((s) => sweptValue(s.value)).join(',\\ ')}`), `, it stays ${verdict(runs[0]!.stable)}`];
  const span = ({ values }: { values: number[] }): string =>
    values.length === 1 ? `${p} = ${sweptValue(values[0]!)}` : `${p} = ${sweptValue(values[0]!)}\\ \\text{to}\\ ${sweptValue(values[values.length - 1]!)}`;
  const first = runs[0]!.values;
  return [
    '; sought again, it is ',
    ...runs.flatMap((r, i): Inline[] => [
      i ? (i === runs.length - 1 ? ' and ' : ', ') : '',
      `${verdict(r.stable)} ${r.values.length === 1 ? 'at' : 'from'} `,
      m(span(r)),
    ]),
    ', its stability changing between ',
    m(`${p} = ${sweptValue(first[first.length - 1]!)}`),
    ' and ',
    m(`${p} = ${sweptValue(runs[1]!.values[0]!)}`),
    ...sweepReading(paper),
  ];
}

/** A swept orbit's fact (orbit.sweep3.multiplier2.re). */
const SWEEP_FACT = /^orbit\.sweep\d/;

/** ", while the rigid bounce is stable …": the reading of an agreeing paper row on the swept orbit (kozlov1988 (4.1)). */
function sweepReading(paper: SummaryFacts['paper']): Inline[] {
  const row = paper?.rows.find((r) => r.agrees && r.formula.reading && r.formula.derived.some((d) => SWEEP_FACT.test(d.fact)));
  return row ? [', ', ...noteInlines(row.formula.reading!)] : [];
}

/** The orbit in the abstract: how far a period advances and the largest modulus of its nontrivial multipliers. */
function briefOrbitFacts({ orbit, step }: OrbitStudy): Inline[] {
  const shift = Object.entries(orbit!.shift);
  const moduli = orbit!.multipliers.map((z) => Math.hypot(z.re, z.im)).filter((r) => r > 1e-9);
  return [
    // The mirror step (studies/orbit-step.ts): the gait as the reader quotes it, one step's time.
    ...(step ? [`, two mirror steps of ${Number(step.period.toPrecision(4))} each`] : []),
    ...(shift.length ? [', advancing ', m(shift.map(([k, v]) => `${mechanicsSymbol(k)}\\ \\text{by}\\ ${Number(v.toPrecision(4))}`).join(',\\ '))] : []),
    ...(moduli.length ? [`, its Floquet multipliers of modulus at most ${Number(Math.max(...moduli).toPrecision(4))}`] : []),
  ];
}

/** A clause as a sentence's start: its first letter capitalized. */
const capital = ([head, ...tail]: Inline[]): Inline[] =>
  typeof head === 'string' ? [head.charAt(0).toUpperCase() + head.slice(1), ...tail] : [head!, ...tail];

/** Clauses as sentences: the first after "We find that", each other capitalized. */
function sentences([first, ...rest]: Inline[][]): Inline[] {
  return first ? [' We find that ', ...first, '.', ...rest.flatMap((x) => [' ', ...capital(x), '.'])] : [];
}

/** The abstract: the system, its constraints and contact laws, what is derived and what is found, a sentence a finding. */
export function abstractText(f: SummaryFacts): Inline[] {
  const { system } = f;
  const { model } = system;
  const n = model.coordinates.length;
  const clauses = constraintClauses(system);
  const found = findings(f, true);
  return [
    `We study ${subject(model.title)}, a system with ${plural(n, 'generalized coordinate')} `,
    ...coordinateList(model.coordinates.map((c) => mechanicsSymbol(c.name))),
    ...(clauses.length ? ['. It is subject to ', ...series(clauses)] : []),
    '. We derive ',
    ...series(derivedParts(system)),
    '.',
    ...sentences(found),
  ];
}

/** The place in its paper a model's title names after the paper: "Rigid compass (Rubanovich–Formalsky §1)" → "§1"; a year alone ("Goswami et al. 1998") names none. */
function placeInPaper(title: string, key: SourceKey): string {
  const tail = /\(((?:[^()]|\([^()]*\))*)\)\s*$/.exec(title)?.[1]?.trim() ?? '';
  const short = REFERENCES[key].short;
  const place = tail.startsWith(short) ? tail.slice(short.length).trim() : '';
  return /^(?:1[89]|20)\d\d$/.test(place) ? '' : place;
}

/** The questions the report answers, from what the model declares and the studies computed. */
function questions(f: SummaryFacts): Inline[][] {
  const { system } = f;
  const out: Inline[][] = [];
  const open = (system.unilateral?.impactMaps ?? []).filter((im) => im.modes.length > 1);
  const scenario = (im: { readonly scenario: { readonly name: string } }): string =>
    proseNames(
      system.model.unilateral.map((c) => c.name),
      im.scenario.name,
    );
  const critical = [...new Set(open.flatMap((im) => (im.critical ? [mechanicsSymbol(im.critical.parameter)] : [])))];
  if (open.length)
    out.push([
      open.length === 1 ? `which outcome the impact has when ${scenario(open[0]!)}` : `which outcome each impact has (${open.map(scenario).join('; ')})`,
      ...(critical.length ? [' and at which ', m(critical.join(', ')), ' it changes'] : []),
    ]);
  if (system.unilateral?.coulomb.some((c) => c.painleve?.length)) out.push(['up to which friction coefficient a sliding contact has a consistent motion']);
  if (f.orbit) out.push(['whether its periodic motion is stable']);
  if (f.limitStudy)
    out.push([
      hasDistances(f.limitStudy) ? 'whether the compliant model tends to the rigid one as ' : 'how its contact changes as ',
      m(mechanicsSymbol(f.limitStudy.parameter)),
      ' grows',
    ]);
  return out;
}

/**
 * Where the model comes from, from its declared sources: a paper it is
 * taken from (at the place its title names), a work outside the
 * bibliography its title names, a general theory whose relations it
 * instances, or none, each said as such.
 */
function sourceSentence(f: SummaryFacts, papers: readonly SourceKey[], theories: readonly SourceKey[]): Inline[] {
  const { title } = f.system.model;
  const named = (keys: readonly SourceKey[]): Inline[] => series(keys.map((k) => [REFERENCES[k].short, ' ', cite(k)]));
  // A work the title cites by its year, none of the declared papers: "(Goswami et al. 1998)".
  const tail = /\(((?:[^()]|\([^()]*\))*)\)\s*$/.exec(title)?.[1]?.trim();
  const outside = tail && /\b(?:1[89]|20)\d\d\b/.test(tail) && !papers.some((k) => tail.startsWith(REFERENCES[k].short)) ? tail : undefined;
  const [first, ...others] = papers;
  const instance: Inline[] = theories.length ? ['it instances the general relations of ', ...named(theories)] : [];
  if (first && !outside)
    return [
      'The model is taken from ',
      ...(placeInPaper(title, first) ? [`${placeInPaper(title, first)} of `] : []),
      REFERENCES[first].short,
      ' ',
      cite(first),
      ...(others.length ? ['; see also ', ...named(others)] : []),
      ...(instance.length ? ['; ', ...instance] : []),
    ];
  if (outside)
    return [
      `The model is that of ${outside}, outside this report’s bibliography`,
      ...(papers.length ? ['; see also ', ...named(papers)] : []),
      ...(instance.length ? ['; ', ...instance] : []),
    ];
  if (instance.length) return ['The model is not taken from a paper: ', ...instance];
  return ['No paper is the source of this model: its results rest on the derivation below alone'];
}

/** The paper's formulas and inequalities the results section sets beside the derivation, if any. */
function checkedSentence(f: SummaryFacts): Inline[] {
  // The prints the derivation corrects are the paper's formulas too (kozlov1988 §3's v(t) and its sliding time).
  const fixed = f.paper ? f.paper.rows.filter((r) => correctedReading(r)) : [];
  const checked = f.paper ? agreement(f.paper).checked + fixed.length : 0;
  if (!f.paper || !(checked || f.paper.claims.length)) return ['.'];
  // The corrected prints counted in their groups too, as in the count (smirnov1981 (2.1)'s M_y: six of (2.1)–(2.2)).
  const span = equationSpan(
    f.paper,
    fixed.length && !f.paper.claims.length ? [...printed(f.paper).filter((r) => r.agrees !== undefined), ...fixed] : undefined,
  );
  const general = generalTheory(f.paper.source);
  // Counted as results, not as typed rows, where rows repeat one (rubanovich1981 (3.4)'s g_ij is g_ji, (3.18) is (3.11)'s E_{R₂ₓ}).
  const distinct = fixed.length ? checked : distinctCount(f.paper, checked);
  const formulas =
    distinct < checked
      ? `the paper’s ${countWord(distinct)} distinct results${span ? ` ${span}` : ''}, typed from the paper in ${countWord(checked)} formulas`
      : `the paper’s ${checked === 1 ? 'formula' : `${countWord(checked)} formulas`}${span ? ` ${span}` : ''}, typed from the paper`;
  return [
    '. Section ',
    ref('sec:results'),
    ` sets ${checked ? `${formulas}${general ? ' and filled in with this model’s derived quantities' : ''},` : ''}`,
    checked && f.paper.claims.length ? ' and ' : '',
    f.paper.claims.length ? `its ${inequalitiesWord(f.paper.claims)}` : '',
    ' beside the derivation',
    ...ownRowsApart(f.paper.rows.filter((r) => !own(r) && r.formula.origin && !fixed.includes(r))),
    '.',
  ];
}

/** ", with the toolkit’s own reductions and corrected readings of them counted apart", naming the kinds there are. */
function ownRowsApart(rows: readonly PaperCheckRow[]): Inline[] {
  const kinds = ORIGINS.filter(([origin]) => rows.some((r) => r.formula.origin === origin)).map(([origin]) =>
    origin === 'correction' ? 'corrected readings' : 'reductions',
  );
  return kinds.length ? [`, with the toolkit’s own ${kinds.reverse().join(' and ')} of them counted apart`] : [];
}

/** The problem (the model's description and the questions asked of it), its source, and the form of the equations. */
export function introductionBlocks(f: SummaryFacts): Block[] {
  const { model } = f.system;
  const declared = f.sources.filter(isSourceKey);
  const papers = declared.filter((k) => !generalTheory(k));
  const blocks: Block[] = [];
  const asked = questions(f);
  blocks.push(paragraph(...(model.description ? [...textInlines(model.description), ' '] : []), ...(asked.length ? ['We ask ', ...series(asked), '.'] : [])));
  blocks.push(paragraph(...sourceSentence(f, papers, declared.filter(generalTheory)), ...checkedSentence(f)));
  blocks.push(
    paragraph(
      'The equations of motion are written in the measure form of Kugushev–Sorokina ',
      cite('kugushev2002'),
      ', which holds across impacts; Appendix ',
      ref('sec:appendix'),
      ' states it once for this model, together with the forms of the equations that the rest of the report does not use.',
    ),
  );
  return blocks.filter((b) => b.kind !== 'paragraph' || b.content.length > 0);
}

/**
 * Where a rest time applies: on the side of its impact's critical value
 * where the outcome it follows (every closed contact leaving) is the
 * admissible one — the compass's t∞ for α < α₀ only (rubanovich1981 §1).
 */
function restingRange(system: DerivedSystem, r: PaperCheckRow): Inline[] {
  const u = system.unilateral;
  const index = Number(/^impact(\d+)\./.exec(r.formula.derived.find((d) => d.fact.endsWith('.rest'))?.fact ?? '')?.[1]);
  const im = u?.impactMaps[index - 1];
  const c = im?.critical;
  if (!u || !im || !c) return [];
  const k = im.modes.findIndex((mode) => mode.stays.length === 0 && !mode.friction);
  const [below, above] = [c.below.includes(k), c.above.includes(k)];
  if (below === above) return [];
  const p = mechanicsSymbol(c.parameter);
  const [here, there] = below ? ['<', '>'] : ['>', '<'];
  const other = (below ? c.above : c.below).map((n) => modeTitle(u, im.scenario, im.modes[n]!)).filter(Boolean);
  return [
    ', and only for ',
    m(`${p} ${here} ${p}_0`),
    `, where ${modeTitle(u, im.scenario, im.modes[k]!)}; for `,
    m(`${p} ${there} ${p}_0`),
    other.length ? `, where ${other.join(' or ')},` : '',
    ' it does not apply',
  ];
}

/**
 * A paper whose rows are all numbers the report measured (goswami1998's fixed point): the numbers themselves,
 * five digits beside the paper's, so that the agreement reads as values and not as a count.
 */
function measuredValues(rows: readonly PaperCheckRow[], stated?: ReportLimitStudy['leading']): Inline[] {
  if (rows.length === 0 || rows.length > 4 || !rows.every((r) => r.measured)) return [];
  const digits = (v: number): string => `${Number(v.toPrecision(5))}`;
  // A limit 0 shown by its rate (kozlov1988 Th. 1): the rate's range is the evidence, not an extrapolated 0 beside the paper's 0.
  // The distance's rate the convergence clause has just given (kozlov1988 Th. 1: N times it 0.76–0.79) is not said again:
  // the other rows' limits are named by their numbers.
  const rates = rows.filter((r) => r.measured!.rate);
  const rated = rates.filter((r) => !(stated && sameRate(r.measured!.rate!, stated)));
  const valued = rows.filter((r) => !r.measured!.rate);
  const limits =
    rated.length === rates.length
      ? rated.length === 1
        ? 'its limit'
        : 'their limits'
      : `the limit${rated.length === 1 ? '' : 's'} of ${rated.map((r) => r.formula.eq).join(' and ')}`;
  return [
    ...(valued.length
      ? [
          ', ',
          ...valued.flatMap((r, i): Inline[] => [i ? ', ' : '', m(`${r.formula.name} = ${digits(r.measured!.value)}`)]),
          ' against the paper’s ',
          ...valued.flatMap((r, i): Inline[] => [i ? ', ' : '', m(digits(r.measured!.paper))]),
        ]
      : []),
    ...(rated.length
      ? [
          `${valued.length ? ';' : ':'} the study’s runs approach ${limits} at the rate${rated.length === 1 ? '' : 's'} `,
          ...series(
            rated.map((r) => {
              const { rate } = r.measured!;
              return [m(scaledQuantity(r, rate!)), ' between ', ...briefNumber(Math.min(...rate!.scaled)), ' and ', ...briefNumber(Math.max(...rate!.scaled))];
            }),
          ),
        ]
      : []),
  ];
}

/** Whether a row's rate is the limit study's own: the same order and the same scaled distance at each run. */
function sameRate(rate: { readonly order: number; readonly scaled: readonly number[] }, leading: NonNullable<ReportLimitStudy['leading']>): boolean {
  const [a, b] = [rate.scaled.filter(Number.isFinite), leading.scaled.filter(Number.isFinite)];
  return rate.order === leading.order && a.length === b.length && a.every((x, i) => Math.abs(x - b[i]!) <= 1e-12 * Math.max(1, Math.abs(x)));
}

/**
 * What the orbit's mirror step says of its stability (studies/orbit-step.ts): the rate at which a deviation dies out
 * per step and per period, and whether it oscillates (a complex pair leads).
 */
function stepDiscussion(study: OrbitStudy): Block {
  const orbit = study.orbit!,
    step = study.step!;
  const digits = (v: number): string => `${Number(v.toPrecision(4))}`;
  const modulus = (z: { re: number; im: number }): number => Math.hypot(z.re, z.im);
  const lead = step.multipliers.reduce((a, z) => (modulus(z) > modulus(a) ? z : a));
  const periodLead = Math.max(...orbit.multipliers.map(modulus));
  return paragraph(
    `The orbit is ${countWord(Math.round(orbit.period / step.period))} mirror steps of `,
    m(digits(step.period)),
    ` each (Section `,
    ref('sec:periodic-orbit'),
    `): a small deviation from it shrinks by the factor ${digits(modulus(lead))} a step, ${digits(periodLead)} a period`,
    Math.abs(lead.im) > 1e-9 ? ', turning as it shrinks (the leading multipliers are a complex pair)' : '',
    `, and falls to 1 % of itself in ${Math.ceil(Math.log(0.01) / Math.log(modulus(lead)))} steps.`,
    ...(study.held ? [' The zero multipliers are no dynamics: they are the conditions the contact held on the section sets just after each impact.'] : []),
  );
}

/**
 * What the directions' shares mean (studies/mode-directions.ts): where the impact law has no outcome the arriving
 * contact cannot stick and must slip; where the smooth slide is admissible beside a mode, the outcome is not unique.
 */
function directionDiscussion(f: SummaryFacts): Block[] {
  const maps = f.system.unilateral?.impactMaps ?? [];
  const percent = (x: number): string => `${(100 * x).toFixed(1)} %`;
  const name = (j: number): string => proseName(f.system.model.unilateral[j]!.name);
  return (f.modeDirections ?? [])
    .filter((d) => d.withoutOutcome > 0)
    .map((d) => {
      const im = maps[d.map]!;
      const all = d.smoothAdmissible;
      const both = all && d.smoothShare !== undefined ? all.share - d.smoothShare : 0;
      const beside = all?.modes.map((n) => modeTitle(f.system.unilateral!, im.scenario, im.modes[n]!)).join(' or ');
      return paragraph(
        `On ${percent(d.withoutOutcome)} of the approaching directions the impact law has no outcome: there ${name(im.scenario.arriving)} cannot stick, and it must slip.`,
        ...(both > 1e-9 && beside
          ? [
              ` On ${percent(both)} of the approaching directions ${im.scenario.closed.map(name).join(' and ')} sliding on a smooth line is admissible where ${beside} is as well: there the outcome is not unique.`,
            ]
          : []),
      );
    });
}

/** What the results mean: energy, agreement with the paper, what is approximate. */
export function discussionBlocks(f: SummaryFacts): Block[] {
  const { rest } = supportFindings(f);
  const locking = f.system.supports ? lockingFinding(f.system.supports) : [];
  const blocks: Block[] = [
    ...(f.supportHistory ? supportHistoryDiscussion(f.system, f.supportHistory, f.supportStarts) : []),
    ...(rest.length ? [paragraph(...capital(rest), '.')] : []),
    ...(locking.length ? [paragraph(...capital(locking), '.')] : []),
    ...energyBlocks(f.system, f.impactEnergy, f.simulation),
    ...directionDiscussion(f),
    ...(f.firstImpact ? firstImpactBlocks(f.system, f.firstImpact) : []),
    ...(f.plasticArrival ? plasticArrivalBlocks(f.system, f.plasticArrival, f.plasticSlide) : []),
    ...(f.orbit?.orbit && f.orbit.step ? [stepDiscussion(f.orbit)] : []),
  ];
  if (f.paper) {
    const { agree, checked } = agreement(f.paper);
    const off = printed(f.paper)
      .filter((r) => r.agrees === false)
      .map((r) => r.formula.eq)
      // Rows of one equation named once (goswami1998's two rates of its fixed point).
      .filter((eq, i, all) => all.indexOf(eq) === i);
    // "formulas", as the abstract counts them: the rows check equations of motion beside results (kozlov1988 (3.3)).
    const word = generalTheory(f.paper.source) ? 'relation' : 'formula';
    const how = (kind: PaperCheckRow['how']): number => printed(f.paper!).filter((r) => r.agrees && r.how === kind).length;
    const kinds = (
      [
        ['symbolic', 'exactly (the difference simplifies to 0)'],
        ['numeric', 'numerically only, at random points, where the simplifier does not close the difference'],
        ['measured', 'against a number this report measured, to the tolerance stated'],
      ] as const
    ).filter(([kind]) => how(kind));
    // Every row agreeing one way is said without a count: "each exactly", not "41 … : 41 exactly".
    const alike = agree === checked && kinds.length === 1;
    const ways = kinds.map(([kind, words]) => [`${alike ? (checked === 1 ? '' : 'each ') : `${how(kind)} `}${words}`]);
    const fixed = f.paper.rows.filter((r) => correctedReading(r));
    if (checked && fixed.length && agree === checked)
      blocks.push(
        paragraph(
          'Of the paper’s formulas checked, ',
          ...quantities(printed(f.paper).filter((r) => r.agrees)),
          ` ${agree === 1 ? 'agrees' : 'agree'} with the derivation: `,
          ...series(ways),
          '; ',
          ...quantities(fixed),
          fixed.length === 1
            ? ' as printed does not, and its reading, marked corrected in Table '
            : ' as printed do not, and their readings, marked corrected in Table ',
          ref('tab:paper-check'),
          fixed.length === 1 ? ', agrees' : ', agree',
          ...scopeInlines(f.paper),
          '.',
        ),
      );
    else if (checked)
      blocks.push(
        paragraph(
          agree === checked
            ? `${checked === 1 ? `The ${word}` : alike ? `The ${word}s` : `The ${countWord(checked)} ${word}s`} of ${REFERENCES[f.paper.source].short} checked ${generalTheory(f.paper.source) ? (checked === 1 ? 'holds for' : 'hold for') : checked === 1 ? 'agrees with' : 'agree with'} the derivation${alike ? ', ' : ': '}`
            : `${checked - agree} of the paper’s formulas ${checked - agree === 1 ? 'differs' : 'differ'} from the derivation (${off.join(', ')}); the other ${agree} ${agree === 1 ? 'agrees' : 'agree'}, `,
          ...series(ways),
          ...scopeInlines(f.paper),
          agree === checked ? '.' : '; Table ',
          ...(agree === checked ? [] : [ref('tab:paper-check'), ' gives each.']),
        ),
      );
    // A statement in the paper's words the derivation corrects (kozlov1988 §2: 'potential but discontinuous').
    if (f.paper.corrects) blocks.push(paragraph(...capital(noteInlines(f.paper.corrects))));
    const apart = ownFindings(f.paper);
    if (apart.length) blocks.push(paragraph('Of the rows the paper does not print, marked in Table ', ref('tab:paper-check'), ', ', ...series(apart), '.'));
    // The corrections are the abstract's and the conclusion's findings and the table's notes, not repeated here; the
    // averaged law against the run is discussed: why its gap stays bounded.
    if (f.averagedSpeed) blocks.push(...averagedSpeedDiscussion(f.averagedSpeed));
    if (f.rollingSpeeds) blocks.push(...rollingSpeedsDiscussion(f.rollingSpeeds));
    // A rest time (paper-results.ts restingTime) is first order in the speed: say so where the results are discussed.
    for (const r of f.paper.rows.filter(resting))
      blocks.push(
        paragraph(
          m(r.formula.name),
          ' (Section ',
          ref('sec:own-results'),
          ') holds for small amplitudes only: to first order in the speed before the impact',
          ...restingRange(f.system, r),
          ...(r.run ? ['; at the run’s first strike it gives ', ...runRestShort(r)] : []),
          '.',
        ),
      );
  }
  if (f.simulation && 'error' in f.simulation) blocks.push(paragraph(`The simulation failed: ${f.simulation.error}`));
  return blocks.filter((b) => b.kind !== 'paragraph' || b.content.length > 0);
}

/** The conclusion: the findings for the model, or, without a study, what the derivation gives in closed form. */
export function conclusionBlocks(f: SummaryFacts): Block[] {
  const found = findings(f, false, true);
  const what = subject(f.system.model.title);
  // A finding a sentence: a run of them joined by semicolons reads as one sentence a page long.
  if (found.length) return [paragraph(`For ${what}, `, ...found[0]!, '.', ...found.slice(1).flatMap((x) => [' ', ...capital(x), '.']))];
  return [paragraph(`For ${what}, Section `, ref('sec:derivation'), ' gives ', ...series(derivedParts(f.system)), ' in closed form.')];
}
