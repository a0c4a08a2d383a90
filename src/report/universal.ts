// The report's section on a contact patch's universal impact problem
// (kuleshov2011 §6): the depth and time scales and the parameter-free
// equations (6.1)–(6.2) as derived (src/derive/compliant/universal.ts), the
// restitution H(v)/v, the separation speed H(v) and the contact duration over
// Fig. 2's, Fig. 3's and Fig. 4's range as the study computed them (src/studies/restitution.ts), and
// Proposition 11 beside what the computation shows. It prints; nothing is
// computed here.
// Tests: test/report/universal.test.ts.
import { sym } from '../core/expr.js';
import type { PatchCondition } from '../derive/compliant/patch.js';
import type { DerivedSystem } from '../derive/system.js';
import { REFERENCES } from '../model/sources.js';
import type { RestitutionStudy } from '../studies/restitution.js';
import { equation, equations, list, m, paragraph, type Block, type Inline, type Section, type Table } from './document.js';
import { math, mathLines } from './notation.js';
import { conditionTex } from './patch.js';
import { seriesStyle, plotScene, type AxisLabel, type PlotSpec } from './plot.js';
import { sceneFigure } from './scene-figure.js';

const WORDS: Readonly<Record<string, string>> = { whole: 'compression', 'both-inner': 'restitution' };

/** kuleshov2011 Figs. 2–4 as the papers page lists them: in this section. */
export const UNIVERSAL_FIGURES = { eq: 'Figs. 2–4', id: 'universal-impact' } as const;

/** One section for the patches' studies (one in the disk's report); undefined where no patch has a universal problem. */
export function universalSection(system: DerivedSystem, studies: readonly RestitutionStudy[]): Section | undefined {
  const blocks = studies.flatMap((s) => studyBlocks(system, s));
  return blocks.length ? { id: UNIVERSAL_FIGURES.id, title: 'The universal impact problem', blocks } : undefined;
}

function studyBlocks(system: DerivedSystem, study: RestitutionStudy): Block[] {
  const term = system.patches?.terms.find((t) => t.name === study.patch);
  const u = term?.universal;
  if (!term || !u) return [];
  const depth = math(sym(term.contact.depth));
  const label = (what: string): string => `universal-${what}-${term.name}`;
  const yes = (b: boolean): string => (b ? 'yes' : 'no');
  const fixed = (x: number): string => `${Number(x.toPrecision(4))}`;
  const sci = (x: number): string => `10^{${Math.round(Math.log10(x))}}`;
  const grid = study.grid;
  const paper = REFERENCES.kuleshov2011.short;
  const blocks: Block[] = [
    paragraph(
      `Patch ${term.name}: along the normal alone the depth obeys `,
      m(`\\ddot{${depth}} = c\\,F`),
      ', with ',
      m(`c = ${math(u.normalCoefficient)}`),
      ` from the mass matrix and the generalized forces (the load, of lower order during an impact, dropped as in ${paper} (5.3)). In the depth `,
      m(`${depth} = a h`),
      ' and the time ',
      m('t = b \\tau'),
      ' with the powers of the parameters that make every term of the compression regime a pure number,',
    ),
    equations(equation(label('depth-scale'), 'a', mathLines(u.depthScale)), equation(label('time-scale'), 'b', mathLines(u.timeScale))),
    paragraph(`the impact is one problem for all parameters (${paper} (6.1)–(6.3)), `, m("h' = dh/d\\tau"), ':'),
    equations(
      ...u.regimes.map((r) =>
        equation(label(r.name), "h''", [
          ...mathLines(r.acceleration).slice(0, -1),
          `${mathLines(r.acceleration).at(-1)}\\quad (${conditionsTex(r.conditions)})`,
        ]),
      ),
    ),
    paragraph(
      'from ',
      m("h(0) = 0,\\ h'(0) = h'_- > 0"),
      ' (6.3), ',
      ...u.regimes.flatMap((r, i): Inline[] => [i ? ' then ' : '', `${WORDS[r.name] ?? r.name}`]),
      ', until the patch shrinks to a point where ',
      m(`${math(u.separation ?? sym('0'))} = 0`),
      '; there ',
      m("H(h'_-) = -h'"),
      ', the universal restitution law, and ',
      m('\\tau_+'),
      ' is the contact’s duration. Integrated numerically (DOPRI5, rtol ',
      m('10^{-11}'),
      ', the regime’s end located) for ',
      m(`h'_- = ${grid[0]!.v}, ${grid[1]!.v}, \\dots, ${grid.at(-1)!.v}`),
      ':',
    ),
    ...speedPlots(term.name, study).map((p) => sceneFigure(plotScene(p.plot), 0.8, [{ label: p.label, ...seriesStyle(0) }], [p.caption])),
  ];
  const table: Table = {
    kind: 'table',
    id: label('proposition-11'),
    caption: `${paper} Proposition 11 and Fig. 4 against the computed restitution`,
    columns: ['Paper', 'Statement', 'Computed'],
    align: 'lll',
    rows: [
      [['Prop. 11.1'], ['H strictly increasing'], [`${yes(study.monotone.H)}, on the grid`]],
      [['Prop. 11.2'], [m("H(h'_-)/h'_-"), ' strictly decreasing'], [`${yes(study.monotone.ratio)}, on the grid`]],
      [
        ['Prop. 11.3'],
        [m("H = h'_-(1 + O(h'^{1/5}_-)),\\ h'_- \\to 0")],
        [
          m(`H/h'_- = ${fixed(study.ratioAtSmallest)}`),
          ' at ',
          m(`h'_- = ${sci(study.lossExponent.speeds[0])}`),
          '; the slope of ',
          m("\\log(1 - H/h'_-)"),
          ' between ',
          m(sci(study.lossExponent.speeds[0])),
          ' and ',
          m(sci(study.lossExponent.speeds[1])),
          ': ',
          m(fixed(study.lossExponent.value)),
        ],
      ],
      [
        ['Prop. 11.4'],
        [m("H \\sim h'^{2/3}_-,\\ h'_- \\to \\infty")],
        [
          'the slope of ',
          m('\\log H'),
          ' between ',
          m(sci(study.growthExponent.speeds[0])),
          ' and ',
          m(sci(study.growthExponent.speeds[1])),
          ': ',
          m(fixed(study.growthExponent.value)),
          '; ',
          m(`H/h'_- = ${fixed(study.ratioAtLargest)}`),
          ' at the larger',
        ],
      ],
      [['Fig. 4'], [m('\\tau_+'), ' decreasing in ', m("h'_-")], [`${yes(study.monotone.duration)}, on the grid`]],
    ],
  };
  blocks.push(
    paragraph(
      'Proposition 11 of the paper (its proof only sketched there) beside the computed law; the exponents are also checked against the paper’s in the closing table:',
    ),
    table,
    paragraph('Not derived here:'),
    list(
      [
        'the paper’s own line for ',
        m('\\kappa'),
        ' of §6 and (2.1), illegible in the source text: ',
        m('\\kappa'),
        ' is read off ',
        m('\\delta_2 = (\\varepsilon^6\\kappa)^{1/5}'),
        ', and the derived ',
        m('a, b'),
        ' are compared with ',
        m('\\delta_1^2'),
        ' and ',
        m('\\delta_2'),
        ' in that reading in the closing table;',
      ],
      ['the proofs of Proposition 11: its four properties are measured on the computed law above, not proved.'],
    ),
  );
  return blocks;
}

/** One of the paper's figures over the impact speed: the plot, its legend's label and its caption. */
export interface SpeedPlot {
  readonly plot: PlotSpec;
  readonly label: string;
  readonly caption: string;
}

/** kuleshov2011 Figs. 2, 3 and 4 from the study's grid: H(v)/v, H(v) and the contact duration τ₊ against the impact speed. */
export function speedPlots(patch: string, study: RestitutionStudy): SpeedPlot[] {
  const paper = REFERENCES.kuleshov2011.short;
  const v = study.grid.map((s) => s.v);
  const plot = (id: string, title: string, label: string, yLabel: AxisLabel, values: number[], caption: string): SpeedPlot => ({
    plot: { id: `plot-${id}-${patch}`, title, t: v, series: [{ label, values }], events: [], xLabel: { text: "h'₋", tex: "$h'_-$" }, yLabel },
    label,
    caption,
  });
  return [
    plot(
      'restitution',
      `The universal restitution H(v)/v (${paper} Fig. 2)`,
      "H(h'_-)/h'_-",
      { text: 'H/v', tex: "$H/h'_-$" },
      study.grid.map((s) => s.H / s.v),
      `The universal coefficient of restitution against the impact speed (${paper} Fig. 2).`,
    ),
    plot(
      'scattering',
      `The solution of the universal scattering problem H(v) (${paper} Fig. 3)`,
      "H(h'_-)",
      { text: 'H', tex: "$H(h'_-)$" },
      study.grid.map((s) => s.H),
      `The speed of separation H against the impact speed, the solution of the universal scattering problem (${paper} Fig. 3).`,
    ),
    plot(
      'duration',
      `The contact duration (${paper} Fig. 4)`,
      '\\tau_+',
      { text: 'τ₊', tex: '$\\tau_+$' },
      study.grid.map((s) => s.duration),
      `The duration of the impact against the impact speed, in the scaled time (${paper} Fig. 4).`,
    ),
  ];
}

const conditionsTex = (cs: readonly PatchCondition[]): string => cs.map(conditionTex).join(',\\ ');
