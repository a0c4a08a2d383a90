// What the falling rod's report states of its impacts (src/report/summary.ts outcomesSection, first-impact.ts,
// unilateral.ts): at impacts 3–5 the closed end never leaves (mode-shares.test.ts, mode-directions.test.ts derive
// the shares by hand: 2 arctan(μ(1 + e))/π = 26.9 % sticking at the closed end's strike), in Results and in the
// Conclusion; the run's first impact, whose friction impulse does positive work (first-impact.test.ts); one line
// for an inequality two contacts share; the contacts' prose names; Hamilton's equations said to hold in flight.
import { describe, expect, it } from 'vitest';
import { renderLatexBody } from '../../src/report/render-latex.js';
import { models, report } from './reports.js';

describe('the falling rod’s report: the outcomes of its impacts', () => {
  const built = report(models.find((m) => m.spec.name === 'falling-rod')!);
  const tex = renderLatexBody(built.doc);
  const section = (id: string): string => {
    const from = tex.indexOf(`\\label{sec:falling-rod:${id}}`);
    return tex.slice(from, tex.indexOf('\\section', from + 1));
  };

  it('Results open with the outcomes: the closed end never leaves, the ends stick or slide together', () => {
    const results = section('results');
    expect(results).toContain('Outcomes of the impacts');
    expect(results).toContain('when end A strikes while end B is closed, end B never leaves and the contacts stick on 26.9 \\% and slide on 73.1 \\%');
    // Both ends together: exact shares, solid angles of the cones (a referee's 4·10⁶ sampled directions: 37.5 %).
    expect(results).toContain(
      'When end A and end B strike together, end A and end B never leave and the contacts stick on 37.5 \\% and slide on 62.5 \\% of the approaching directions of',
    );
    expect(section('conclusion')).toContain('. When end B strikes while end A is closed, end A never leaves and the contacts stick on 26.9 \\%');
    // The edge in closed form: the common tangential impulse −m ẋ⁻ inside μ(ΔΛ₁ + ΔΛ₂).
    expect(results).toContain('at the default parameters; sticking needs $|\\dot{x}^{-}| \\le l \\mu (1 + e) \\dot{\\theta}^{-}$');
    expect(results).toContain('sticking needs $|\\dot{x}^{-}| \\le -\\mu (1 + e) \\dot{y}^{-}$');
  });

  it('an end striking alone: sticking for r₋ ≤ ṡ⁻/|ḟ⁻| ≤ r₊, the slides beyond; the run’s first impact below r₋', () => {
    const results = section('results');
    // By hand at θ = 0.7, μ = 0.3, e = 0.5 (m, l drop out): r± = (1 + e)(±μ(1 + 3 sin²θ) + (3/2) sin 2θ)/(1 + 3(cos θ ± μ sin θ) cos θ),
    // and the run's r = ṡ⁻/|ḟ⁻| = 1/√(2g(1 − sin 0.7)) after the fall from y = 1 with ẋ = 1.
    const [c, s] = [Math.cos(0.7), Math.sin(0.7)];
    const edge = (k: 1 | -1) => (1.5 * (k * 0.3 * (1 + 3 * s * s) + 1.5 * Math.sin(1.4))) / (1 + 3 * (c + k * 0.3 * s) * c);
    expect([edge(-1), edge(1), 1 / Math.sqrt(2 * 9.81 * (1 - s))].map((x) => Number(x.toPrecision(4)))).toEqual([0.5222, 1.009, 0.3785]);
    expect(results).toContain('When end A strikes alone, its outcome is decided by $r = \\dot{s}^{-}/|\\dot{f}^{-}|$ alone');
    expect(results).toContain(
      '$r = 0.3785$ and the sticking interval is $[r_{-}, r_{+}] = [0.5222, 1.009]$; $r$ lies below it: it slides with $\\dot{s}^{+} \\le 0$.',
    );
    // The edges drawn over a half-turn (the study's samples, test/studies/first-impact.test.ts), one unit per axis, the run's impact marked.
    expect(results).toContain('\\caption{The edges of sticking when end A strikes alone, against $\\theta \\in [0, \\pi]$ at the default parameters');
    expect(results).toContain("the dot is the run's first impact, $\\theta = 0.7,\\ r = 0.3785$.}");
    for (const axis of ['$\\theta$ [$\\mathrm{rad}$]', '$r$ [$1$]']) expect(results).toContain(axis);
  });

  it('the first impact under the algebraic, the incremental and Glocker’s law side by side (a referee’s numbers)', () => {
    const discussion = section('discussion');
    expect(discussion).toContain('algebraic (Newton--Coulomb) & $1.715$ & $0.5144$ & $-0.3796$ & $-0.9729$');
    expect(discussion).toContain('incremental (Routh, Darboux--Keller) & $1.536$ & $0.182$ & $-0.8621$');
    expect(discussion).toContain('Glocker & $1.67$ & $0.4314$ & $-0.5$');
  });

  it('Kane’s gain: the derived 56.25 % = 1/0.64 − 1, attained, not a sampled bound below it', () => {
    expect(section('discussion')).toContain('its largest gain is 56.25 \\% of $T^{-}$, attained');
    expect(section('conclusion')).toContain('an end striking alone and sticking gains up to 56.25 \\% of $T^{-}$, attained at $e = 1$');
    expect(tex).not.toContain('at least 55');
    expect(tex).not.toContain('sampled only');
    // Impacts 3–5 proved, not sampled (closed-impact-energy.ts): the samples are of impacts 1 and 2 only.
    expect(section('discussion')).toContain('Impacts at closed contacts never gain (derived).');
    expect(section('discussion')).toContain('Of 1500 random approaching impacts of each of impacts 1 and 2');
  });

  it('impact 5 lists the mirror modes (end B stays, end A leaves) and finds them never admissible', () => {
    const maps = section('impact-maps');
    // Mode 1's ΔΛ₁ = m(1 + e)(lθ̇⁻ − ẏ⁻)/4 with the ends swapped (θ̇⁻ → −θ̇⁻): end B alone takes the impulse.
    expect(maps).toContain('Mode 5 (end B stays and sticks, end A leaves)');
    expect(maps).toContain('Mode 6 (end B stays and slides, end A leaves)');
    expect(maps).toContain(
      '\\Delta\\Lambda_{2} &= -\\frac{1}{4} m (1 + e) (\\dot{y}^{-} + l \\dot{\\theta}^{-}) \\label{eq:falling-rod:impact-5-mode-5-endB.n}',
    );
    expect(maps).toContain(
      'mode 2 (end A slides on, end B leaves), mode 5 (end B stays and sticks, end A leaves) and mode 6 (end B stays and slides, end A leaves) on none. End A and end B leave on none of them.',
    );
  });

  it('the first impact of the run: sticking inadmissible, the reverse slide taken, its friction work positive', () => {
    const discussion = section('discussion');
    expect(discussion).toContain('$|\\Delta\\nu_{1}| = 0.7758$ against $\\mu \\Delta\\Lambda_{1} = 0.5564$');
    expect(discussion).toContain('(\\dot{s}^{-} + \\dot{s}^{+}) = 0.1596$');
    expect(discussion).toContain('The only admissible outcome is sliding in the reverse direction');
    expect(discussion).toContain('change the kinetic energy by $-0.9729$');
  });

  it('mode 4 of impacts 3–5 prints the common sliding condition once; the prose names the contacts as end A and end B', () => {
    for (const k of [3, 4, 5]) {
      expect(tex).toContain(`impact-${k}-mode-4-condition-3}`);
      expect(tex).not.toContain(`impact-${k}-mode-4-condition-4}`);
    }
    expect(tex).toContain('(the same inequality as \\eqref{eq:falling-rod:impact-3-mode-4-condition-2}, printed once)');
    expect(tex).not.toMatch(/[a-z ]endB[ ,]/);
  });

  it('Hamilton’s equations hold while no contact is closed; the rest cone is written in the report’s letters', () => {
    expect(tex).toContain('the canonical equations in flight, every contact open');
    expect(tex).toContain('$|\\dot{\\nu}_{j}| \\le \\mu\\,\\dot{\\sigma}_{j}$');
    expect(tex).not.toContain('\\mu_{s}');
    // kozlov1988 is not among the rod's sources: the f ≥ 0 convention names no author, the References omit the paper.
    expect(tex).not.toContain('kozlov1988');
  });
  it('the figure of the sticking edges keys the run’s first impact by a dot, as it is drawn; the slip velocities, zero wherever a contact is closed, are said, not plotted', () => {
    const figures = built.doc.sections.flatMap((sec) => sec.blocks).filter((b) => b.kind === 'figure');
    const edges = figures.find((f) => f.kind === 'figure' && f.id.startsWith('plot-sticking-edges'));
    if (edges?.kind !== 'figure') throw new Error('no figure of the sticking edges');
    expect(edges.legend.map((l) => [l.label, l.dot ?? false])).toEqual([
      ['r_{+}', false],
      ['r_{-}', false],
      ['\\text{first impact of the run}', true],
    ]);
    expect(edges.svg).toContain('<circle');
    expect(figures.some((f) => f.kind === 'figure' && f.id === 'plot-slip')).toBe(false);
    expect(section('simulation')).toContain(
      'of the contacts with friction are not plotted: wherever a contact is closed in the run, it sticks ($\\dot{s} = 0$)',
    );
  });
});
