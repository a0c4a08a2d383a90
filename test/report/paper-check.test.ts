// The report's paper sections (src/report/paper-check.ts, paper-claims.ts),
// printed from the compass's paper check: the results and the table among the
// results, one row per compared formula saying how it agrees; the rimless
// wheel's general model derived in the report, its inequalities and Fig. 4.
import katex from 'katex';
import { describe, expect, it } from 'vitest';
import hingedCompass from '../../derivations/hinged-compass.js';
import { katexInputs } from '../../src/report/render-html.js';
import compass from '../../derivations/compass.js';
import rimlessWheel from '../../derivations/rimless-wheel.js';
import pendulumWall from '../../derivations/pendulum-wall.js';
import particleInCorner from '../../derivations/particle-in-corner.js';
import type { ModelSpec } from '../../src/model/index.js';
import prismInGuides from '../../derivations/prism-in-guides.js';
import prismPlanar from '../../derivations/prism-in-guides-planar.js';
import roughHinge from '../../derivations/rough-hinge-pendulum.js';
import { texWidth } from '../../src/report/latex.js';
import { LINE_WIDTH } from '../../src/report/notation.js';
import { renderLatexBody } from '../../src/report/render-latex.js';
import { modelDrawing } from '../../src/report/sketch.js';
import { lineTex, type Inline, type ReportDocument } from '../../src/report/document.js';
import { TOOLKIT } from '../../src/codegen/module.js';
import { buildReport } from '../../src/report/report.js';
import { declaredRange } from '../../src/report/notation.js';
import { buildModel } from '../../src/model/index.js';
import { tooLong } from '../../src/report/large.js';
import { paperCheck } from '../../src/studies/paper-check.js';
import { derived } from '../helpers/examples.js';

describe("a general model's declared ranges, as a paper states them", () => {
  it('print a range of two ends as an interval and one of one end as an inequality: I > m l², k ≤ 0', () => {
    const model = buildModel({
      name: 'hinged-body',
      coordinates: ['phi'],
      parameters: {
        m: 1,
        l: 0.5,
        alpha: { default: 0.3, range: [0, 'pi/2'], open: 'upper' },
        I: { default: 0.3, range: ['m*l^2', null], open: 'lower' },
        k: { default: -1, range: [null, 0] },
      },
      kinetic: "(I - m*l^2)*phi'^2/2",
    });
    expect(model.parameters.slice(2).map(declaredRange)).toEqual(['\\alpha \\in [0, \\frac{1}{2} \\pi)', 'I > m l^{2}', 'k \\leq 0']);
  });
});

/**
 * A model's report with its paper's check (and nothing else computed), built once per spec: the
 * compass's and the rimless wheel's are read by several groups below, each of which built its own.
 */
const paperReports = new Map<ModelSpec, ReportDocument>();
function paperReport(spec: ModelSpec): ReportDocument {
  let doc = paperReports.get(spec);
  if (doc === undefined) {
    const system = derived(spec);
    doc = buildReport(system, { source: `derivations/${spec.name}.ts`, toolkit: TOOLKIT, paper: paperCheck(system, spec.paper!) });
    paperReports.set(spec, doc);
  }
  return doc;
}

describe('the report', () => {
  const system = derived(compass);
  const doc = paperReport(compass);
  it('gives the paper’s results, the report’s own (t∞, in words in the paper), then the table, among the results before the discussion', () => {
    const ids = doc.sections.map((s) => s.id);
    const at = ids.indexOf('paper-results');
    expect(ids.slice(at, at + 3)).toEqual(['paper-results', 'own-results', 'paper-check']);
    expect(ids.indexOf('results')).toBeLessThan(at);
    expect(ids.indexOf('discussion')).toBeGreaterThan(at + 2);
  });
  it('has one table row per compared formula, each saying how it agrees: (1.7)–(1.10) once for each mode', () => {
    const table = doc.sections.find((s) => s.id === 'paper-check')!.blocks.find((b) => b.kind === 'table');
    const rows = table?.kind === 'table' ? table.rows : [];
    const verdicts = rows.map((r) => r[4]![0] as string);
    expect(verdicts).toHaveLength(18);
    for (const v of verdicts) expect(v).toMatch(/^yes, (symbolically|at 16 points)$/);
    const general = rows.filter((r) => ['(1.7)', '(1.8)', '(1.9)', '(1.10)'].includes(r[0]![0] as string)).map((r) => (r[1]![0] as { math: string }).math);
    expect(general.filter((n) => n.endsWith('\\text{(B leaves)}'))).toHaveLength(5);
    expect(general.filter((n) => n.endsWith('\\text{(B stays)}'))).toHaveLength(5);
  });
  it('prints the rest time t∞ apart from the paper’s results, with (1 − 3 sin²α)(1 + 3 sin²α) as factors', () => {
    const own = doc.sections.find((s) => s.id === 'own-results')!;
    const rows = own.blocks.flatMap((b) => (b.kind === 'equations' ? b.rows : []));
    expect(rows).toHaveLength(1);
    const tex = rows[0]!.lines.map((l) => l.after).join(' ');
    expect(tex).toContain('(1 - 3 \\sin^{2}\\alpha)');
    expect(tex).toContain('(1 + 3 \\sin^{2}\\alpha)');
    expect(rows[0]!.lines[0]!.before).toBe('t_{\\infty}');
  });
  it('sets t∞ beside a run’s rest after its first strike: both times and their difference', () => {
    // Foot D (contact 0) strikes at t = 0.1 with ψ̇⁻ = −1.2, B (1) leaves, and the run rests at 0.65.
    const events = [
      { t: 0, type: 'contact', contacts: [1], qd: [0, 0, -1] },
      { t: 0.1, type: 'impact', contacts: [0], qd: [0, 0, -1.2] },
      { t: 0.1, type: 'release', contacts: [1] },
      { t: 0.65, type: 'rest', contacts: [0, 1] },
    ];
    const check = paperCheck(system, compass.paper!, { simulation: { trajectory: { events } } });
    const withRun = buildReport(system, { source: 'derivations/compass.ts', toolkit: TOOLKIT, paper: check });
    // rubanovich1981 (1.16)'s ratio r, the deceleration a = 3g sin α/(l(1 + 3 sin²α)) about D, t∞ = 2|ψ̇⁻| r/(a(1 − r)).
    const s2 = Math.sin(0.3) ** 2;
    const r = (1 - 3 * s2) / (1 + 3 * s2);
    const tInf = (2 * 1.2 * r) / (((3 * 9.81 * Math.sin(0.3)) / (1 + 3 * s2)) * (1 - r));
    const text = withRun.sections
      .find((x) => x.id === 'own-results')!
      .blocks.flatMap((b) => (b.kind === 'paragraph' ? b.content : []))
      .map((x) => (typeof x === 'string' ? x : 'math' in x ? `$${x.math}$` : ''))
      .join('');
    expect(text).toContain('$t = 0.1$');
    expect(text).toContain('$\\dot{\\psi}^{-} = -1.2$');
    expect(text).toContain(`$${Number(tInf.toPrecision(4))}$ against the $0.55$ the run takes`);
    expect(text).toContain(`${Number((((0.55 - tInf) / 0.55) * 100).toPrecision(2))} % less: the small-amplitude approximation`);
  });
  it('sets Carnot’s loss (1.20) at the first strike’s speed beside the loss the run takes there', () => {
    // A strike at ψ = 0 with ψ̇⁻ = −1.2 and the centre at rest, ψ̇ halved: the run loses ½ I_C ψ̇⁻² (1 − ¼), I_C of T's
    // ψ̇² term; (1.20) at that speed, T(−0)(1 − r²) about the standing foot, is 4 m l² ψ̇⁻² sin²α/(1 + 3 sin²α).
    const s2 = Math.sin(0.3) ** 2;
    const q = [0, Math.cos(0.3) / 2, 0];
    const events = [
      { t: 0, type: 'contact', contacts: [1], qd: [0, 0, -1] },
      { t: 0.1, type: 'impact', contacts: [0], q, qd: [0, 0, -1.2], qdPlus: [0, 0, -0.6] },
      { t: 0.1, type: 'release', contacts: [1] },
    ];
    const check = paperCheck(system, compass.paper!, { simulation: { trajectory: { events } } });
    const doc = buildReport(system, { source: 'derivations/compass.ts', toolkit: TOOLKIT, paper: check });
    const items = doc.sections.find((x) => x.id === 'paper-check')!.blocks.flatMap((b) => (b.kind === 'list' ? b.items : []));
    const text = items.map((i) => i.map((x) => (typeof x === 'string' ? x : 'math' in x ? `$${x.math}$` : '')).join('')).find((i) => i.startsWith('(1.20)'))!;
    const run = ((1 + 3 * s2) / 12) * 1.44 * (1 - 0.25);
    const paper = (4 * 1.44 * s2) / (1 + 3 * s2);
    expect(text).toContain('first strikes at $t = 0.1$ with $\\dot{\\psi}^{-} = -1.2$');
    expect(text).toContain(`$T^{-} - T^{+} = ${Number(run.toPrecision(6))}$ J; (1.20) at that speed gives $${Number(paper.toPrecision(6))}$ J`);
  });
});

describe('a paper’s results not derived', () => {
  const system = derived(compass);
  const notDerived = [{ eq: '(1.19)', name: 'T_{\\mathrm{rock}} < \\infty', reason: 'a statement about every motion: $\\sum$ of the swings.' }];
  const doc = buildReport(system, { source: 'derivations/compass.ts', toolkit: TOOLKIT, paper: paperCheck(system, { ...compass.paper!, notDerived }) });
  it('are listed in their own section after the checked ones, each with its equation number, statement and reason', () => {
    const ids = doc.sections.map((s) => s.id);
    expect(ids.indexOf('paper-not-derived')).toBeGreaterThan(ids.indexOf('paper-check'));
    const list = doc.sections.find((s) => s.id === 'paper-not-derived')!.blocks.find((b) => b.kind === 'list');
    expect(list?.kind === 'list' ? list.items : []).toEqual([
      ['(1.19)', ' ', { math: 'T_{\\mathrm{rock}} < \\infty' }, ': ', 'a statement about every motion: ', { math: '\\sum' }, ' of the swings.'],
    ]);
  });
  it('and a paper without any has no such section', () => {
    const none = { ...compass.paper!, notDerived: [] };
    const plain = buildReport(system, { source: 'derivations/compass.ts', toolkit: TOOLKIT, paper: paperCheck(system, none) });
    expect(plain.sections.map((s) => s.id)).not.toContain('paper-not-derived');
  });
});

describe('the Kugushev–Sorokina reports', () => {
  const sections = (spec: ModelSpec) => {
    const system = derived(spec);
    return buildReport(system, { source: `derivations/${spec.name}.ts`, toolkit: TOOLKIT, paper: paperCheck(system, spec.paper!) }).sections;
  };
  const checked = [pendulumWall, particleInCorner].map((spec) => {
    const table = sections(spec)
      .find((s) => s.id === 'paper-check')!
      .blocks.find((b) => b.kind === 'table');
    return table?.kind === 'table' ? table.rows.map((r) => [r[0]![0] as string, r[4]![0] as string]) : [];
  });
  it('state (1.2)–(1.4), (8.11), (8.13), (8.14), (9.5), (10.15) and §9 (the corner, Carnot) as results, every one agreeing', () => {
    const numbers = new Set(checked.flat().map(([eq]) => eq));
    expect([...numbers].sort()).toEqual(['(1.2)', '(1.3)', '(1.4)', '(10.15)', '(8.11)', '(8.13)', '(8.14)', '(9.5)', '§1', '§9']);
    for (const [, verdict] of checked.flat()) expect(verdict).toMatch(/^yes, /);
  });
  it('say how the wall’s two §9 inequalities were proved once, naming both, and Carnot’s note on its own', () => {
    const list = sections(pendulumWall)
      .find((s) => s.id === 'paper-claims')!
      .blocks.find((b) => b.kind === 'list');
    const items = list?.kind === 'list' ? list.items.map((xs) => xs.map((x) => (typeof x === 'string' ? x : 'math' in x ? `$${x.math}$` : '')).join('')) : [];
    expect(items).toHaveLength(2);
    expect(items[0]).toMatch(/^Each of \$\\Delta\\mu \\ge 0\$ §9, \$T\^\{-\} - T\^\{\+\} \\ge 0\$ §9: the arriving contact’s rate/);
    expect(items[1]).toBe('§9: Carnot’s loss for $W \\le 1$, for every velocity before the impact.');
  });
  it('break the wall’s wide formulas with a left side on either side of their "=": §9 and (10.15) ran past the page in one line', () => {
    const displayed = sections(pendulumWall)
      .find((s) => s.id === 'paper-check')!
      .blocks.find((b) => b.kind === 'equations');
    const rows = displayed?.kind === 'equations' ? displayed.rows : [];
    // §9's loss in the velocity jumps [q̇₁], [q̇₂] it binds, in one line; both rows of (10.15), too wide beside their
    // quantities for a table row the page need not shrink; §9's closing relation and (9.5) differentiated set their
    // derived sides beside the paper's 0, which fits its cell.
    expect(rows.map((r) => r.lines.length)).toEqual([1, 2, 2]);
    expect(rows[0]!.lines[0]!.after).toContain('B_{11} [\\dot{q}_{1}]^{2}');
    for (const l of rows.flatMap((r) => r.lines)) expect(texWidth(l.after)).toBeLessThanOrEqual(LINE_WIDTH + 2);
    expect(rows.slice(1).map((r) => r.lines.at(-1)!.after.replace(/.*= /, ''))).toEqual(['-C_{1} l_{1} \\sigma', '-C_{2} l_{2} \\sigma']);
  });
  it('print the wall’s results whole and in the paper’s angle q₁ − q₂: p⁺ (1.3) as p⁻ − Δμ ∂g̃, both rows of (10.15) in cos(q₁ − q₂)', () => {
    const rows = sections(pendulumWall)
      .find((s) => s.id === 'paper-results')!
      .blocks.flatMap((b) => (b.kind === 'equations' ? b.rows : []));
    // Each row within large.ts's limits, so the report prints it (a long name such as (10.15)'s no longer narrows p₁⁺'s lines).
    for (const r of rows) expect(tooLong(r), r.label).toBe(false);
    const text = (label: string) =>
      rows
        .find((r) => r.label === label)!
        .lines.map((l) => l.after)
        .join(' ');
    const first = text('paper-13');
    // kugushev2002 (10.15): m₂l₁l₂ cos(q₁ − q₂) q̈₂ + m₂l₁l₂ sin(q₁ − q₂) q̇₂² on the left, −l₁ cos q₁ σ̇ on the right; the derivation's σ̇ carries cos(q₁ − q₂).
    expect(first).toContain('\\cos(q_{1} - q_{2})');
    expect(first).not.toMatch(/\\cos q_\{1\} \\sin q_\{2\} - \\cos q_\{2\} \\sin q_\{1\}/);
    // The second row is −l₂ cos q₂ σ̇, the first's factor with l₂ sin 2q₂/2 for l₁ cos q₁ sin q₂: no multiple angles left over.
    const second = text('paper-14');
    expect(second).toContain('(g \\cos q_{1} + l_{1} \\dot{q}_{1}^{2}) \\cos(q_{1} - q_{2})');
    expect(second).toContain('\\sin 2 q_{2}');
    expect(second).not.toMatch(/3 q_\{[12]\}/);
    // p⁺ (1.3) as the paper writes it, p⁻ − Δμ ∂g̃: (1 + e) and m₁ + m₂ sin²(q₁ − q₂) pulled out.
    for (const label of ['paper-2', 'paper-3']) {
      const lines = rows.find((r) => r.label === label)!.lines;
      expect(lines.length, label).toBeLessThanOrEqual(3);
      const text = lines.map((l) => l.after).join(' ');
      // p₁⁻ = l₁(l₁(m₁ + m₂)q̇₁⁻ + m₂l₂q̇₂⁻ cos(q₁ − q₂)), then Δμ ∂g̃₁ with Δμ = m₂(1 + e)(m₁ + m₂ sin²(q₁ − q₂))w/D.
      expect(text).toContain('\\frac{(1 + e) (m_{1} + m_{2} \\sin^{2}(q_{1} - q_{2}))}{m_{1} \\cos^{2} q_{2} + m_{2} \\sin^{2}(q_{1} - q_{2})}');
    }
  });
  it('list what the corner’s report does not derive', () => {
    const list = sections(particleInCorner)
      .find((s) => s.id === 'paper-not-derived')!
      .blocks.find((b) => b.kind === 'list');
    expect(list?.kind === 'list' ? list.items.map((i) => i[0]) : []).toEqual(['§9']);
  });
});

describe('the rimless wheel’s report', () => {
  const doc = paperReport(rimlessWheel);
  const ids = doc.sections.map((s) => s.id);
  it('derives the general model (α = π/k symbolic) before the paper’s results: its tables, constraints, impact maps; its energies and equations the model’s', () => {
    const from = ids.indexOf('general-model');
    // Its contact phases too, where the model's six spokes are too many to enumerate: the phase on one spoke, rubanovich1981 §2's
    // turning about a foot, ψ̈ = g sin(ψ − γ)/(l(1 + I*)) (the row typed by hand in test/studies/paper-check.test.ts).
    expect(ids.slice(from, from + 4)).toEqual(['general-model', 'general-constraints', 'general-contact-phases', 'general-impact-maps']);
    // T, V, M and h do not depend on α: said once, with the model's sections named, not printed again.
    const said = doc.sections[from]!.blocks.at(-1)!;
    expect(said.kind === 'paragraph' && said.content).toEqual([
      'Its kinetic and potential energies and Lagrange’s equations of the second kind are the model’s, term for term (Sections ',
      { ref: 'sec:energy' },
      ' and ',
      { ref: 'sec:lagrange2' },
      '), and are not printed again.',
    ]);
    // Among the equations of motion: the Results section opens after it, with the paper's results.
    expect(ids.lastIndexOf('derivation', from)).toBeGreaterThan(ids.lastIndexOf('results', from));
    expect(ids.indexOf('results')).toBeGreaterThan(from + 2);
    expect(ids.indexOf('paper-results')).toBeGreaterThan(ids.indexOf('results'));
  });
  it('resolves every reference, the general model’s to its own equations and tables', () => {
    // The papers the References list resolve cite:<key>.
    const defined: string[] = doc.citations.map((k) => `cite:${k}`);
    const refs: string[] = [];
    const inlines = (xs: readonly Inline[]) => xs.forEach((x) => typeof x === 'object' && 'ref' in x && refs.push(x.ref));
    for (const s of doc.sections) {
      defined.push(`sec:${s.id}`);
      for (const b of s.blocks) {
        if (b.kind === 'equations') for (const r of b.rows) if (r.label) defined.push(r.label);
        if (b.kind === 'table') {
          defined.push(`tab:${b.id}`);
          b.rows.forEach((row) => row.forEach(inlines));
        }
        if (b.kind === 'paragraph') inlines(b.content);
        if (b.kind === 'list') b.items.forEach(inlines);
      }
    }
    const labels = new Set(defined);
    expect(refs.filter((r) => !labels.has(r))).toEqual([]);
    expect(refs.filter((r) => r.startsWith('general-') || r.includes(':general-')).length).toBeGreaterThan(0);
    // No label defined twice.
    expect(labels.size).toBe(defined.length);
  });
  it('prints the inequalities, all proved, and Fig. 4 as a figure', () => {
    const section = doc.sections.find((s) => s.id === 'paper-claims')!;
    const table = section.blocks.find((b) => b.kind === 'table');
    // Every one proved: the count says so, and the table has no verdict column.
    expect(table?.kind === 'table' && table.columns).toEqual(['Paper', 'Statement', 'Positive', 'On']);
    const first = section.blocks[0]!;
    expect(first.kind === 'paragraph' && first.content).toContain('16 of 16 are proved.');
    expect(section.blocks.filter((b) => b.kind === 'figure').map((b) => b.kind === 'figure' && b.id)).toEqual(['paper-figure-Fig-4']);
  });
  it('says once that m, l, taken positive, are, and gives each row only its declared box: the table fits the line', () => {
    const section = doc.sections.find((s) => s.id === 'paper-claims')!;
    const table = section.blocks.find((b) => b.kind === 'table');
    const on = table?.kind === 'table' ? table.rows.map((r) => r[3]![0]) : [];
    // (2.3) on every I* and α; (2.9) for k = 3 on I* > 1/2 alone.
    // Two ranges one a line, so that the column is as wide as one: the table fits the line at the body's size.
    expect(on[0]).toEqual({ math: '\\begin{array}{l}I^{*} \\in [0, 1] \\\\ \\alpha \\in (0, \\frac{1}{2} \\pi)\\end{array}' });
    expect(on[13]).toEqual({ math: 'I^{*} \\in (\\frac{1}{2}, 1]' });
    const first = section.blocks[0]!;
    expect(first.kind === 'paragraph' && first.content.slice(-5)).toEqual([
      ' The parameters without a declared range, ',
      { math: 'm,\\ l' },
      ', are taken in ',
      { math: '(0, \\infty)' },
      ' wherever they enter.',
    ]);
  });
  it('says how the claims through a bound on the logarithm are proved once, naming them, not in each claim’s note', () => {
    const section = doc.sections.find((s) => s.id === 'paper-claims')!;
    const text = (xs: readonly Inline[]) => xs.map((x) => (typeof x === 'string' ? x : 'math' in x ? `$${x.math}$` : '')).join('');
    const paragraphs = section.blocks.flatMap((b) => (b.kind === 'paragraph' ? [text(b.content)] : []));
    const items = section.blocks.flatMap((b) => (b.kind === 'list' ? b.items.map(text) : []));
    expect(paragraphs.filter((p) => p.includes('rate of the logarithm'))).toEqual([
      expect.stringMatching(/^Each of \$d\\kappa\/dk > 0\$ \(2\.9\), \$d\\kappa\/dk > 0,\\ k > 3,\\ I\^\* > 1\/2\$ \(2\.9\) is proved through/),
    ]);
    expect(items.filter((i) => i.includes('rate of the logarithm'))).toEqual([]);
  });
});

describe('the Rubanovich–Formalsky reports typeset in KaTeX’s strict mode', () => {
  it.each([
    ['compass', compass],
    ['rimless-wheel', rimlessWheel],
    ['hinged-compass', hingedCompass],
  ] as const)('%s', (_, spec) => {
    const doc = paperReport(spec);
    const failures = katexInputs(doc).flatMap(({ tex, display }) => {
      try {
        katex.renderToString(tex, { displayMode: display, throwOnError: true, strict: 'error' });
        return [];
      } catch (err) {
        return [`${(err as Error).message} in ${tex}`];
      }
    });
    expect(failures).toEqual([]);
  });
});

describe('the prism’s equilibrium (2.1)', () => {
  const system = derived(prismInGuides);
  const doc = buildReport(system, { source: 'derivations/prism-in-guides.ts', toolkit: TOOLKIT, paper: paperCheck(system, prismInGuides.paper!) });
  const results = doc.sections.find((s) => s.id === 'paper-results')!.blocks.flatMap((b) => (b.kind === 'equations' ? b.rows : []));
  const rhs = results.map((e) => e.lines.map((l) => lineTex(l, false)).join(' '));
  it('prints the five equations in the reactions N_s, not the loads given back (P_y = P_y), M_y as the moment of the reactions, (2.2) as the paper prints it, then the counts', () => {
    expect(rhs).toHaveLength(10);
    // M_y derived from the reactions' points and directions, as typed.
    expect(rhs[5]).toBe('M_y\\ (\\text{moment of the reactions}) = -\\sum_{s=1}^{5} \\bigl(c_{ps} F_{x,s} - a_{ps} F_{z,s}\\bigr)');
    // (2.2), checked typed out over the 32 variants, shown as the paper's one line.
    expect(rhs[6]).toBe('\\Phi = \\sum_{i,j,k,l,m=1}^{2} \\prod_{s=1}^{5} \\tfrac{1 + \\operatorname{sgn} N_{ijklms}}{2} \\sum_{s=1}^{5} f_{ps} N_{ijklms}');
    // §2's generating function, a step of the count, is not a result of its own; §3's counts print their closed forms
    // beside the variants enumerated, S once.
    expect(rhs.slice(7)).toEqual(['\\sum_{r=0}^{5} C_5^r 2^r = 243', 'S = 3^{6\\nu - n} = 243', 's_0 = 2^{6\\nu - n} = 32']);
    // The paper's numbers in the tag column, not beside the names (s₀ §3 = … read as a product).
    expect(results.map((e) => e.tag)).toEqual([...Array(6).fill('\\text{(2.1)}'), '\\text{(2.2)}', '\\text{(\\S 2)}', '\\text{(\\S 3)}', '\\text{(\\S 3)}']);
    expect(rhs[0]).toBe('P_y = N_{1} + N_{2}');
    expect(rhs[1]).toBe('P_z = -N_{3} - N_{4} - N_{5}');
    for (const [i, load] of ['P_{y}', 'P_{z}', 'M_{x}', 'M_{y}', 'M_{z}'].entries()) expect(rhs[i]!.endsWith(`= ${load}`)).toBe(false);
  });
  it('M_y as printed differs, its reading, M_z and the moment of the reactions agree symbolically: typed in their cells, their Derived cells the displays', () => {
    const table = doc.sections.find((s) => s.id === 'paper-check')!.blocks.find((b) => b.kind === 'table');
    const rows = table?.kind === 'table' ? table.rows.filter((r) => JSON.stringify(r[0]).startsWith('["(2.1)')) : [];
    // The a-terms of M_y as printed run over s = 1…5: its row is the toolkit's corrected reading, counted apart, and the
    // moment of the reactions derived from their points and directions, its own row, decides between them.
    expect(rows.map((r) => r[0]![0])).toEqual(['(2.1)', '(2.1)', '(2.1)', '(2.1), corrected', '(2.1)', '(2.1), reduced']);
    expect(rows.map((r) => JSON.stringify(r[3]))).toEqual([1, 2, 3, 4, 5, 6].map((k) => JSON.stringify([{ ref: `paper-${k}` }])));
    expect(rows.map((r) => JSON.stringify(r[4]))).toEqual(
      rows.map((_, i) => (i === 3 ? '["differs","; the reading: yes, symbolically"]' : '["yes, symbolically"]')),
    );
    // The paper's M_y as printed, then as read: the print's extra a-terms of pairs 1, 2, which the reading drops.
    const my = JSON.stringify(rows[3]![2]);
    expect(my).toContain('N_{3} a_{3} - N_{1} a_{1} - N_{2} a_{2} + N_{4} a_{4} + N_{5} a_{5}');
    expect(my).toContain('read');
    expect(my.split('N_{1} a_{1}')).toHaveLength(2);
    const mz = ((c) => (typeof c === 'object' && 'math' in c ? c.math : ''))(rows[4]![2]![0]!);
    // M_x fits its cell on one line.
    expect(rows[2]![2]).toEqual([{ math: '-N_{1} c_{1} - N_{2} c_{2} - N_{3} b_{3} - N_{4} b_{4} - N_{5} b_{5}' }]);
    expect(mz).toMatch(/^\\begin\{aligned\}&N_\{1\} a_\{1\} \+ N_\{2\} a_\{2\} - /);
  });
  it('(2.2), typed over the 32 variants in their derived reactions, agrees symbolically; its cell the paper’s one line', () => {
    const table = doc.sections.find((s) => s.id === 'paper-check')!.blocks.find((b) => b.kind === 'table');
    const row = table?.kind === 'table' ? table.rows.find((r) => JSON.stringify(r[0]) === JSON.stringify(['(2.2)'])) : undefined;
    expect(JSON.stringify(row?.[2])).toContain('\\\\prod_{s=1}^{5}');
    expect(row?.[4]).toEqual(['yes, symbolically']);
  });
  it('names the reactions too long to print once, with no "as derived" placeholders', () => {
    const text = JSON.stringify(doc.sections.find((s) => s.id === 'paper-check')!.blocks);
    expect(text).not.toContain('as derived');
    expect(text).toContain('too long to print');
  });
});

describe('the planar prism’s switched Φ (smirnov1981 §2)', () => {
  const system = derived(prismPlanar);
  const doc = buildReport(system, { source: 'derivations/prism-in-guides-planar.ts', toolkit: TOOLKIT, paper: paperCheck(system, prismPlanar.paper!) });
  const results = doc.sections.find((s) => s.id === 'paper-results')!.blocks.flatMap((b) => (b.kind === 'equations' ? b.rows : []));
  it('prints Φ as the paper does, ¼ Σᵢ Σⱼ (1 + sgn Nᵢⱼ₁)(1 + sgn Nᵢⱼ₂)(fᵢ₁Nᵢⱼ₁ + fⱼ₂Nᵢⱼ₂), against the switched sum Σ_ε χ(ε)Φ^ε', () => {
    const phi = results.find((r) => r.lines[0]!.before === '\\Phi')!;
    const tex = phi.lines.map((l) => lineTex(l, false)).join(' ');
    expect(tex).toBe(
      '\\Phi = \\frac{1}{4}\\sum_{i=1}^{2}\\sum_{j=1}^{2}(1 + \\operatorname{sgn} N_{ij1})(1 + \\operatorname{sgn} N_{ij2})(f_{i1}N_{ij1} + f_{j2}N_{ij2})',
    );
    const table = doc.sections.find((s) => s.id === 'paper-check')!.blocks.find((b) => b.kind === 'table');
    const row = table?.kind === 'table' ? table.rows.find((r) => JSON.stringify(r[1]) === JSON.stringify([{ math: '\\Phi' }])) : undefined;
    // The derived side is the friction section's switched sum, not the paper's display again.
    expect(row?.[3]).toEqual([{ math: '\\sum_\\varepsilon \\chi(\\varepsilon)\\Phi^{\\varepsilon}' }, ' ', { ref: 'supports-switched-friction' }]);
    const text = JSON.stringify(doc.sections.find((s) => s.id === 'paper-check')!.blocks);
    expect(text).not.toContain('too long to print');
    // The N_ij1 set in are the paper's own, of the rows above: said by the note, not printed a second time.
    expect(text).not.toContain('{"math":"N_{111} = ');
    expect(text).toContain('which it does not print on its own, with the paper’s ');
  });
  it('the table’s “Paper’s formula” is §2’s own form, a_{j2} − a_{i1} first, w(f_{i1} − f_{j2}) and Δ_ij as a symbol, one name per pair', () => {
    const table = doc.sections.find((s) => s.id === 'paper-check')!.blocks.find((b) => b.kind === 'table');
    const cell = (name: string) =>
      JSON.stringify(table?.kind === 'table' ? table.rows.find((r) => JSON.stringify(r[1]) === JSON.stringify([{ math: name }]))![2] : []);
    // Δ_11 = a_12 − a_11 + [f_12 b_12 (−1)¹ − f_11 b_11 (−1)¹] sgn ẋ with b_1s = w: w(f_11 − f_12); a_{i1} = a_1 − g_1 x set in
    // the display, and the paper's names a_{ps} given by that rule beside the table, as the row is typed in them.
    // Too wide for its cell, it is displayed under the table.
    const tex = renderLatexBody(doc);
    expect(tex).toContain('\\Delta_{11} &= (a_{2} - g_{2} x) - (a_{1} - g_{1} x) + w (f_{11} - f_{12}) \\operatorname{sgn}\\dot{x}');
    expect(tex).toContain('$a_{11} = a_{1} - g_{1} x$, $a_{12} = a_{2} - g_{2} x$');
    expect(cell('N_{111}')).toBe(JSON.stringify([{ math: '\\frac{P_{y} (a_{12} - f_{12} w \\operatorname{sgn}\\dot{x}) - M_{z}}{\\Delta_{11}}' }]));
    expect(cell('\\Phi_{22}')).toBe(JSON.stringify([{ math: 'f_{21} N_{221} + f_{22} N_{222}' }]));
    expect(cell('\\Delta_{22}')).not.toContain('g_{1} x');
  });
});

describe('the rimless wheel’s results in the paper’s variables', () => {
  const doc = paperReport(rimlessWheel);
  // Rows of long names are displayed apart from the short ones: every display of the section.
  const rows = doc.sections.find((s) => s.id === 'paper-results')!.blocks.flatMap((b) => (b.kind === 'equations' ? b.rows : []));
  const lines = rows.map((e) => e.lines.map((l) => lineTex(l, false)).join(' '));
  it('(2.9) in k, as the paper writes it: κ (the paper’s ν) = [(I* + cos(2π/k))/(1 + I*)]^k, not a power π/α', () => {
    const nu = lines.find((l, i) => l.startsWith('\\kappa = ') && rows[i]!.tag === '\\text{(2.9)}')!;
    expect(nu).toContain('\\cos\\left(\\frac{2 \\pi}{k}\\right)');
    expect(nu).toMatch(/\^\{?k\}?$/);
    expect(nu).not.toContain('\\alpha');
  });
  it('the energy loss is the report’s own, not a formula of the paper compared with itself: beyond the paper, and not in the check', () => {
    const own = doc.sections.find((s) => s.id === 'own-results')!.blocks.flatMap((b) => (b.kind === 'equations' ? b.rows : []));
    expect(own.map((e) => e.lines.map((l) => lineTex(l, false)).join(' ')).some((l) => l.startsWith('T(-0) - T(+0)'))).toBe(true);
    expect(lines.some((l) => l.startsWith('T(-0) - T(+0)'))).toBe(false);
  });
  it('(2.1) when B stays as the paper prints it, −2ml[ψ̇] cos α in the jump of (2.2), not with [ψ̇] = −ψ̇⁻ set in', () => {
    const table = doc.sections.find((s) => s.id === 'paper-check')!.blocks.find((b) => b.kind === 'table');
    const rows = table?.kind === 'table' ? table.rows.map((r) => JSON.stringify(r)) : [];
    const stays = rows.find((r) => r.includes('(2.1)') && r.includes('B stays'))!;
    expect(stays).toContain(JSON.stringify('-2 m l [\\dot{\\psi}] \\cos\\alpha').slice(1, -1));
  });
  it('the speed to roll on over the next spoke on the horizontal line and on the slope: 2g(1 − cos(α − γ))/(l(1 + I*))', () => {
    const own = doc.sections.find((s) => s.id === 'own-results')!.blocks.flatMap((b) => (b.kind === 'equations' ? b.rows : []));
    const printed = own.map((e) => e.lines.map((l) => lineTex(l, false)).join(' '));
    expect(printed).toContain('\\dot{\\psi}(+0)^2\\ \\text{to roll on} = \\frac{2 g (1 - \\cos\\alpha)}{l (1 + I^{*})}');
    expect(printed).toContain('\\dot{\\psi}(+0)^2\\ \\text{to roll on, slope}\\ \\gamma = \\frac{2 g (1 - \\cos(\\alpha - \\gamma))}{l (1 + I^{*})}');
  });
});

describe('the rough-hinge pendulum’s table, readable', () => {
  const system = derived(roughHinge);
  const doc = buildReport(system, { source: 'derivations/rough-hinge-pendulum.ts', toolkit: TOOLKIT, paper: paperCheck(system, roughHinge.paper!) });
  const check = doc.sections.find((s) => s.id === 'paper-check')!;
  const table = check.blocks.find((b) => b.kind === 'table');
  const results = doc.sections.find((s) => s.id === 'paper-results')!.blocks.flatMap((b) => (b.kind === 'equations' ? b.rows : []));
  it('prints the determinant the three (2.4) rows share once, named by the two that agree with it, and every row refers to it', () => {
    // det (2.4), Δ_i as printed and Δ_i corrected are compared with one fact, hinge.journal.Δ; (2.5) is another.
    // Δ_i as printed disagrees: the display must not claim it equal to the determinant. (2.5) as example 4's contraction
    // threshold and (2.6)'s three equations follow.
    expect(results.map((r) => r.label)).toEqual(['paper-1', 'paper-4', 'paper-5', 'paper-6', 'paper-7', 'paper-8']);
    expect(results[0]!.lines[0]!.before).toBe('\\det = \\tilde{\\Delta}_i');
    expect(results[0]!.tag).toBe('\\text{(2.4)}');
    const derivedRefs = table?.kind === 'table' ? table.rows.map((r) => JSON.stringify(r[3])) : [];
    expect(derivedRefs.slice(0, 3).every((d) => d === derivedRefs[0])).toBe(true);
  });
  it('sets the paper’s wide formulas as displays under the table, each cell a reference: no cell prints wider than a column', () => {
    const cells = table?.kind === 'table' ? table.rows.map((r) => r[2]!) : [];
    expect(cells.slice(0, 3).every((c) => c.length === 1 && typeof c[0] === 'object' && 'ref' in c[0]!)).toBe(true);
    const displayed = check.blocks.filter((b) => b.kind === 'equations');
    expect(displayed).toHaveLength(1);
    expect(displayed[0]!.kind === 'equations' ? displayed[0]!.rows.map((r) => r.label) : []).toEqual(['paper-formula-1', 'paper-formula-2', 'paper-formula-3']);
    for (const row of displayed[0]!.kind === 'equations' ? displayed[0]!.rows : []) for (const l of row.lines) expect(texWidth(l.after)).toBeLessThan(80);
  });
  it('draws no axis arrows that would call the page’s right and up x and y: x points down', () => {
    const drawing = modelDrawing(roughHinge, system.model);
    const sketched = buildReport(system, { source: 'derivations/rough-hinge-pendulum.ts', toolkit: TOOLKIT, ...(drawing ? { drawing } : {}) });
    const sketch = renderLatexBody(sketched).split('fig:rough-hinge-pendulum:sketch')[0]!.split('\\begin{figure}').at(-1)!;
    expect(sketch).toContain('\\boldsymbol{g}');
    expect(sketch).not.toMatch(/\{\$[xy]\$\}/);
  });
});
