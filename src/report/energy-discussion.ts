// The discussion's energy: whether E = T + V (with a realized contact's
// potential) is conserved between impacts and what changes it, read off the
// derivation (conservation.ts), and what impacts do to it — never raising it
// where the laws are dissipative, and with Coulomb friction what the
// impact-energy study measured (Kane's paradox) and proved (impacts at
// closed contacts) and the law the simulation falls back on.
// Tests: test/report/framing.test.ts, test/report/energy-and-findings.test.ts.
import type { EnergyChange } from '../derive/lagrange/conservation.js';
import type { DerivedSystem } from '../derive/system.js';
import { postImpactName, preImpactName } from '../model/names.js';
import type { ClosedImpactLoss, ModeLoss } from '../studies/closed-impact-energy.js';
import type { EnergyGain, ImpactEnergyStudy } from '../studies/impact-energy.js';
import { equation, equations, m, paragraph, ref, series, type Block, type Inline } from './document.js';
import type { MotionSimulation } from './motion.js';
import { energyLabel, math, mechanicsSymbol, proseNames, reportSymbols, scientific } from './notation.js';
import { energyDrift } from './motion-plots.js';

/**
 * What impacts with Coulomb friction do to the energy: what the study
 * measured of the derived law (Kane's paradox where it gains), and the law
 * the simulation falls back on where Newton–Coulomb would gain (the
 * runtime's impact law, Glocker's).
 */
function impactEnergyText(study: ImpactEnergyStudy | undefined, measure: string, contacts: readonly string[]): Inline[] {
  const fallback: Inline[] = [
    'Where an outcome would raise the kinetic energy, the simulation resolves the impact with Glocker’s energetically consistent law instead (below).',
  ];
  if (!study)
    return [
      'Newton’s restitution with Coulomb friction can raise the kinetic energy at an impact where the normal and the slip are coupled (Kane’s paradox). ',
      ...fallback,
    ];
  const e = mechanicsSymbol(study.restitution.parameter);
  const [lo, hi] = study.restitution.range;
  const box = Object.entries(study.box).map(([name]) => [m(mechanicsSymbol(name))]);
  const sampled: Inline[] = [
    `Of ${study.impacts} random approaching impacts of each of impact${study.maps.length > 1 ? 's' : ''} `,
    ...series(study.maps.map((k) => [`${k + 1}`])),
    ` (Section `,
    ref('sec:impact-maps'),
    `), with `,
    ...(box.length ? [...series(box), box.length === 1 ? ' over its range, ' : ' over their ranges, '] : []),
    m(`${e} \\in [${lo}, ${hi}]`),
    ' and every contact not in the impact open, ',
  ];
  const w = study.largest;
  if (!w) return [...sampled, 'no admissible outcome raises the kinetic energy. ', ...fallback];
  const percent = (100 * w.gain).toFixed(1);
  const exact = stickBoundText(study, measure);
  // With the sticking end's gain derived, and its attained supremum above every sampled gain, the samples speak only
  // of the outcomes the derivation leaves open: a slide against the slip, an impact at closed contacts.
  if (exact.length && study.stick[0]!.supremum >= w.gain) {
    const at = (g: EnergyGain): Inline[] => [
      `gains ${(100 * g.gain).toFixed(2)} % of `,
      m('T^{-}'),
      ' (at ',
      m(`${e} = ${+g.values[study.restitution.parameter]!.toFixed(2)}`),
      ')',
    ];
    return [
      'Newton’s restitution with Coulomb friction can raise the kinetic energy at an impact (Kane’s paradox). ',
      ...exact,
      ...closedLossText(study),
      'Only the slide of an end striking alone against its slip is left to sampling: the supremum of its gain is not derived (the toolkit has no closed form for it), and the maximum below is numerical evidence only. ',
      ...sampled,
      ...(study.largestSlide
        ? [
            `the best sampled such slides, maximized from there over the configuration, the parameters and the pre-impact velocities (Nelder–Mead, from the ${study.slideStarts} best), `,
            ...(reachesStick(study)
              ? [`gain up to ${(100 * study.largestSlide.gain).toFixed(4)} % of `, m('T^{-}'), ' (at ', m(`${e} = ${top(study)}`), ')']
              : at(study.largestSlide)),
            ', a numerical maximum, not a derived supremum',
            ...(reachesStick(study)
              ? [
                  `, on the edge of the slide’s conditions where “${proseNames(contacts, study.largestSlide.edge![0]!)}” holds with equality (its slip after the impact zero, as sticking’s): the sticking bound (${stickPercent(study)} % at `,
                  m(`${e} = ${top(study)}`),
                  ') to within ',
                  m(`${gapText(study)}\\,T^{-}`),
                  ', so the supremum of the slide is very likely that bound, approached where the slide becomes the sticking outcome and not attained by a slide',
                ]
              : [
                  study.largestSlide.gain <= study.stick[0]!.supremum
                    ? `, within the sticking bound (${+(100 * study.stick[0]!.supremum).toFixed(2)} % at `
                    : `, above the sticking bound (${stickPercent(study)} % at `,
                  m(`${e} = ${top(study)}`),
                  '; the bound is proved for sticking only)',
                ]),
          ]
        : ['the best sampled such slide gains nothing']),
      ', and none of the sampled outcomes gains for ',
      m(`${e} \\le ${study.dissipativeUpTo.toFixed(2)}`),
      '. ',
      ...fallback,
    ];
  }
  return [
    'Newton’s restitution with Coulomb friction can raise the kinetic energy at an impact (Kane’s paradox). ',
    ...sampled,
    `the best sampled admissible outcome gains ${percent} % of `,
    m('T^{-}'),
    ' (at ',
    m(`${e} = ${+w.values[study.restitution.parameter]!.toFixed(2)}`),
    `), so the largest gain is at least ${percent} % (a sampled bound, not a derived supremum), and none of the sampled outcomes gains for `,
    m(`${e} \\le ${study.dissipativeUpTo.toFixed(2)}`),
    '. ',
    ...stickBoundText(study, measure),
    ...closedLossText(study),
    ...fallback,
  ];
}

/**
 * That impacts at closed contacts never gain (closed-impact-energy.ts), where
 * every mode of every such impact is proved; with a diagonal mass matrix, the
 * modes whose every velocity is stopped, reversed with e or made no faster,
 * which read term by term, as the reason.
 */
function closedLossText(study: ImpactEnergyStudy): Inline[] {
  const { closed } = study;
  if (!closed.length || !closed.every((c) => c.proved)) return [];
  const impacts = series(closed.map((c) => [`${c.map + 1}`]));
  const modesOf = (c: ClosedImpactLoss): ModeLoss[][] => [...new Set(c.modes.map((l) => l.mode))].map((k) => c.modes.filter((l) => l.mode === k));
  const all = closed.flatMap(modesOf);
  const everywhere = all.filter((ls) => ls.every((l) => l.via === 'form')).length;
  const first = closed[0]!;
  const e = math(first.restitution);
  return [
    `Impacts at closed contacts never gain (derived). For each mode of impact${closed.length > 1 ? 's' : ''} `,
    ...impacts,
    ', in each direction of sliding it assumes, the loss ',
    m('T^{-} - T^{+}'),
    ' of the map (Section ',
    ref('sec:impact-maps'),
    ') is a quadratic form in the pre-impact velocities, proved ',
    m('\\ge 0'),
    ' with ',
    m(`0 \\le ${e} \\le 1`),
    ' and the parameters’ signs stated there: ',
    everywhere === all.length
      ? 'for every velocity (its Hessian is positive semidefinite). '
      : `for every velocity in ${everywhere} of the ${all.length} modes (its Hessian is positive semidefinite), and in the other ${all.length - everywhere} where the mode’s own conditions hold (written in as many of them as there are velocities, the approach of the arriving contacts among them, it has no negative coefficient). `,
    ...termByTerm(first, modesOf(first), e),
  ];
}

/** The modes of one impact whose loss reads term by term (each velocity stopped, reversed with e or made no faster), in every direction. */
function termByTerm(c: ClosedImpactLoss, modes: readonly ModeLoss[][], e: string): Inline[] {
  const explained = modes.filter((ls) => ls.every((l) => l.termByTerm && l.reversed.length > 0));
  if (!explained.length) return [];
  const list = (names: readonly string[], name: (x: string) => string): string => names.map((x) => mechanicsSymbol(name(x))).join(', ');
  const vector = (names: readonly string[], name: (x: string) => string): string => (names.length > 1 ? `(${list(names, name)})` : list(names, name));
  const clauses = explained.map((ls) => {
    // The directions differ only in the sign of the slide: the same velocities stopped, reversed, slower.
    const l = ls[0]!;
    const parts: Inline[][] = [
      ...(l.stopped.length ? [[m(`${list(l.stopped, postImpactName)} = 0`)]] : []),
      [m(`${vector(l.reversed, postImpactName)} = -${e}\\,${vector(l.reversed, preImpactName)}`)],
      ...(l.slower.length
        ? [[m(l.slower.map((x) => `|${mechanicsSymbol(postImpactName(x))}| \\le |${mechanicsSymbol(preImpactName(x))}|`).join(',\\ ')), ' on its conditions']]
        : []),
    ];
    return [`in mode ${l.mode + 1}, `, ...series(parts)];
  });
  return [
    `With the mass matrix diagonal the loss reads term by term; in impact ${c.map + 1}, for instance, `,
    ...clauses.flatMap((p, i) => [...(i ? ['; '] : []), ...p]),
    '. ',
  ];
}

/**
 * The exact bound of an end striking alone and sticking (stick-gain.ts),
 * stated once where every such map has the same one.
 */
function stickBoundText(study: ImpactEnergyStudy, measure: string): Inline[] {
  const b = study.stick[0];
  if (!b || study.stick.some((o) => Math.abs(o.least - b.least) > 1e-9)) return [];
  const e = mechanicsSymbol(study.restitution.parameter);
  const top = study.restitution.range[1];
  const q = mechanicsSymbol(b.coordinate);
  const degrees = ((((b.at * 180) / Math.PI) % 90) + 90) % 90;
  return [
    'For an end striking alone and sticking the bound is derived: with ',
    m('W'),
    ' the end’s Delassus matrix (its normal and slip rows through ',
    m('M^{-1}'),
    '), the impulse does the work ',
    m('\\tfrac{1}{2}(U^{+\\top}W^{-1}U^{+} - U^{-\\top}W^{-1}U^{-})'),
    ' and ',
    m('2T^{-} \\ge U^{-\\top}W^{-1}U^{-} \\ge (\\dot{f}^{-})^{2}/W_{nn}'),
    ', so ',
    m(`\\Delta T \\le \\tfrac{1}{2}U^{-\\top}W^{-1}U^{-}\\,(${e}^{2}/\\rho - 1)`),
    ': a gain needs ',
    m(`${e}^{2} > \\rho`),
    ' and is at most ',
    m(`${e}^{2}/\\rho - 1`),
    ' of ',
    m('T^{-}'),
    ', with ',
    m(`\\rho = \\det W/(W_{nn}W_{tt}) = ${math(b.ratio)}`),
    ', equality for the slip velocity ',
    m('\\dot{s}^{-} = W_{nt}\\dot{f}^{-}/W_{nn}'),
    ' and no other velocity. Its least value is ',
    m(`\\rho = ${+b.least.toFixed(4)}`),
    ', at ',
    m(`${q} = ${+degrees.toFixed(2)}^\\circ`),
    ' (modulo ',
    m('90^\\circ'),
    '): such an impact never gains for ',
    m(`${e} \\le \\sqrt{\\rho} = ${+b.threshold.toFixed(4)}`),
    `, and at `,
    m(`${e} = ${top}`),
    ` its largest gain is ${+(100 * b.supremum).toFixed(2)} % of `,
    m('T^{-}'),
    ', attained at that configuration and slip velocity with ',
    m(`|\\Delta\\nu| = ${+b.mu.toFixed(4)}\\,\\Delta${measure}`),
    ', inside the cone wherever ',
    m(`\\mu \\ge ${+b.mu.toFixed(4)}`),
    '. Sliding on in the direction of the slip before the impact never gains: its work ',
    m(`\\tfrac{1}{2}\\Delta${measure}\\bigl((1 - ${e})\\dot{f}^{-} - \\mu\\operatorname{sgn}\\dot{s}^{-}\\,(\\dot{s}^{-} + \\dot{s}^{+})\\bigr)`),
    ' has both terms ',
    m('\\le 0'),
    '. ',
  ];
}

/** ΔT/T⁻ by which a maximized slide may fall short of the sticking bound and still be read as reaching it. */
const REACHES = 1e-6;

/**
 * Whether the maximized slide against the slip reaches the sticking bound: at the top of e's range, on an
 * edge of its conditions, within REACHES of the bound and not above it.
 */
export function reachesStick(study: ImpactEnergyStudy): boolean {
  const [s, b] = [study.largestSlide, study.stick[0]];
  if (!s || !b || !s.edge?.length || s.values[study.restitution.parameter] !== top(study)) return false;
  return s.gain <= b.supremum && b.supremum - s.gain <= REACHES;
}

/** How far below the sticking bound the maximized slide stays, as the power of ten it is under (LaTeX). */
export const gapText = (study: ImpactEnergyStudy): string =>
  `10^{${Math.ceil(Math.log10(Math.max(study.stick[0]!.supremum - study.largestSlide!.gain, Number.MIN_VALUE)))}}`;

/** The sticking bound in per cent, two decimals at most (56.25). */
const stickPercent = (study: ImpactEnergyStudy): number => +(100 * study.stick[0]!.supremum).toFixed(2);

/** The top of the scanned range of e. */
const top = (study: ImpactEnergyStudy): number => study.restitution.range[1];

/** What makes T + V change in the smooth motion (conservation.ts), in words. */
const ENERGY_CHANGES: Readonly<Record<EnergyChange, string>> = {
  'potential-forces': 'the applied forces have a potential, but are declared as forces, not through it',
  'discontinuous-potential-forces':
    'the applied forces have a potential on each side of where they switch but none across it (their curl, zero elsewhere, is concentrated where they jump), so they are declared as forces',
  'non-potential-forces': 'non-potential applied forces act',
  time: 'the Lagrangian depends on time',
  'moving-constraints': 'moving constraints do work',
  friction: 'friction dissipates',
  damping: 'the damping of a constraint realized by forces dissipates',
  'added-mass': 'a realization’s added mass is switched off where its contact opens, and its kinetic energy with it',
  patch: 'the viscosity of the contact patch dissipates',
};

/** The discussion's paragraphs on the energy (none where the model has no energy function). */
export function energyBlocks(system: DerivedSystem, impactEnergy: ImpactEnergyStudy | undefined, simulation?: MotionSimulation): Block[] {
  const { model } = system;
  if (!system.energy) return [];
  const between = model.unilateral.length ? ' between impacts' : '';
  // A realization's potential (a stiff floor's) belongs to the energy that is conserved; the one plotted (notation.ts).
  const energy = energyLabel(model);
  const contact = energy.includes('V_{c}');
  // Coulomb friction at the contacts works only while one slides (the run below says whether one did).
  const coulomb = model.unilateral.some((c) => c.friction);
  const changes = system.energyChanges.map((c) => (c === 'friction' && coulomb ? 'friction dissipates it while a contact slides' : ENERGY_CHANGES[c]));
  const smooth: Inline[] = [
    'The energy ',
    m(energy),
    ...(contact ? [', with the potential ', m('V_{c}'), ' of the constraints realized by forces where they act,'] : []),
    system.conservative || changes.length === 0 ? ` is conserved${between}` : ` is not conserved${between}: ${changes.join('; ')}`,
  ];
  const friction = coulomb || system.supports !== undefined || system.hinges.length > 0;
  const impacts = !model.unilateral.length || !system.passive ? '.' : coulomb ? '.' : `; impacts${friction ? ' and friction' : ''} never raise it.`;
  const run = coulomb && system.energyChanges.includes('friction') ? runEnergyText(simulation) : [];
  const blocks: Block[] = [paragraph(...smooth, ...(run.length ? ['. ', ...run] : [impacts]))];
  if (model.unilateral.length && system.passive && coulomb)
    blocks.push(
      paragraph(
        ...impactEnergyText(
          impactEnergy,
          reportSymbols(system).measure,
          model.unilateral.map((c) => c.name),
        ),
      ),
      ...glockerBlocks(simulation),
    );
  return blocks;
}

/** The largest change of E between impacts, relative to E, that is the integrator's error rather than friction's work. */
const FLAT = 1e-6;

/**
 * What friction did to E in the simulated run: its largest change between
 * impacts (energyDrift with the impacts alone as its events). Where that is
 * the integrator's error, friction did no work between impacts and every change
 * of E is at an impact; otherwise a contact slid between them.
 */
function runEnergyText(simulation: MotionSimulation | undefined): Inline[] {
  const tr = simulation && 'trajectory' in simulation ? simulation.trajectory : undefined;
  if (!tr?.energy) return [];
  const impacts = tr.events.filter((e) => e.type === 'impact');
  const drift = Math.max(0, ...energyDrift(tr.t, tr.energy, impacts).map(Math.abs));
  return drift <= FLAT
    ? [
        'In the simulated run (Section ',
        ref('sec:simulation'),
        ') friction does no work between impacts: ',
        m('E'),
        ' stays at its value just after each impact to ',
        m(`|E - E_0|/|E_0| \\le ${scientific(drift, 2)}`),
        ` (the integrator’s error), and every change of it is at an impact (${impacts.length} in the run).`,
      ]
    : ['In the simulated run (Section ', ref('sec:simulation'), ') ', m('E'), ' changes between impacts too: a contact slides there.'];
}

/**
 * The fallback law of the runtime's impacts with Coulomb friction
 * (src/runtime/contact/impact-law.ts, glocker2013), and how many impacts
 * of the simulated run it resolved (each impact event names its law).
 */
function glockerBlocks(simulation: MotionSimulation | undefined): Block[] {
  const all = simulation && 'trajectory' in simulation ? simulation.trajectory.events.filter((e) => e.type === 'impact') : [];
  // A driver that does not name the law of its impacts (Moreau–Jean's steps) leaves the question open.
  const impacts = all.every((e) => e.law !== undefined) ? all : undefined;
  const fallbacks = impacts?.filter((e) => e.law !== 'newton-coulomb').length;
  return [
    paragraph(
      'Glocker’s law ',
      ref('cite:glocker2013'),
      ' keeps the complementarity of the impact (the normal impulses ',
      m('\\Lambda_{N} \\ge 0'),
      ', Coulomb’s cone on the tangential ones) but puts one restitution coefficient ',
      m('e_{*}'),
      ', the least ',
      m('e'),
      ' of the arriving contacts, on the normal and the slip velocities ',
      m('U = (U_{N}, U_{T})'),
      ' of the closed contacts alike:',
    ),
    equations(
      equation(
        'glocker-law',
        '\\xi',
        'U^{+} + e_{*}\\,U^{-},\\qquad \\Lambda_{N} \\ge 0,\\ \\xi_{N} \\ge 0,\\ \\Lambda_{N}\\xi_{N} = 0,\\quad \\Lambda_{T}^{\\top}\\xi_{T} \\le 0',
      ),
    ),
    paragraph(
      'With the impulses’ work ',
      m('\\tfrac{1}{2}(U^{-} + U^{+})^{\\top}\\Lambda'),
      ' and ',
      m('U^{+} = U^{-} + W\\Lambda'),
      ' (',
      m('W'),
      ' the contacts’ inverse mass matrix, positive semidefinite) its change of the kinetic energy is',
    ),
    equations(
      equation(
        'glocker-work',
        'T^{+} - T^{-}',
        '\\frac{\\Lambda^{\\top}\\xi}{1 + e_{*}} - \\frac{1 - e_{*}}{2 (1 + e_{*})}\\,\\Lambda^{\\top} W \\Lambda \\le 0',
      ),
    ),
    paragraph(
      'so it never raises the energy; a sticking contact leaves with ',
      m('U_{T}^{+} = -e_{*}U_{T}^{-}'),
      '. ',
      impacts === undefined || impacts.length === 0
        ? ''
        : fallbacks === 0
          ? `In the simulated run it did not act: Newton–Coulomb resolved every one of its ${impacts.length} impacts.`
          : `In the simulated run it resolved ${fallbacks} of the ${impacts.length} impacts.`,
    ),
  ];
}
