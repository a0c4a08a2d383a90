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
    expect(results).toContain('when tip strikes while tip B is closed, tip B never leaves and the contacts stick on 26.9 \\% and slide on 73.1 \\%');
    expect(results).toContain('When tip and tip B strike together, tip and tip B never leave and the contacts stick on 38.6 \\% and slide on 61.4 \\%');
    expect(section('conclusion')).toContain('when tip B strikes while tip is closed, tip never leaves and the contacts stick on 26.9 \\%');
    // The edge in closed form: the common tangential impulse −m ẋ⁻ inside μ(ΔΛ₁ + ΔΛ₂).
    expect(results).toContain('at the default parameters; sticking needs $|-m \\dot{x}^{-}| \\le ');
  });

  it('impact 5 lists the mirror modes (tip B stays, tip leaves) and finds them never admissible', () => {
    const maps = section('impact-maps');
    // Mode 1's ΔΛ₁ = m(1 + e)(lθ̇⁻ − ẏ⁻)/4 with the ends swapped (θ̇⁻ → −θ̇⁻): tip B alone takes the impulse.
    expect(maps).toContain('Mode 5 (tip B stays and sticks, tip leaves)');
    expect(maps).toContain('Mode 6 (tip B stays and slides, tip leaves)');
    expect(maps).toContain(
      '\\Delta\\Lambda_{2} &= -\\frac{1}{4} m (1 + e) (\\dot{y}^{-} + l \\dot{\\theta}^{-}) \\label{eq:falling-rod:impact-5-mode-5-tipB.n}',
    );
    expect(maps).toContain(
      'mode 2 (tip slides on, tip B leaves), mode 5 (tip B stays and sticks, tip leaves) and mode 6 (tip B stays and slides, tip leaves) on none. Tip and tip B leave on none of them.',
    );
  });

  it('the first impact of the run: sticking inadmissible, the reverse slide taken, its friction work positive', () => {
    const discussion = section('discussion');
    expect(discussion).toContain('$|\\Delta\\nu_{1}| = 0.7758$ against $\\mu \\Delta\\Lambda_{1} = 0.5564$');
    expect(discussion).toContain('(\\dot{s}^{-} + \\dot{s}^{+}) = 0.1596$');
    expect(discussion).toContain('The only admissible outcome is sliding in the reverse direction');
    expect(discussion).toContain('change the kinetic energy by $-0.9729$');
  });

  it('mode 4 of impacts 3–5 prints the common sliding condition once; the prose names the contacts as tip and tip B', () => {
    for (const k of [3, 4, 5]) {
      expect(tex).toContain(`impact-${k}-mode-4-condition-3}`);
      expect(tex).not.toContain(`impact-${k}-mode-4-condition-4}`);
    }
    expect(tex).toContain('(the same inequality as \\eqref{eq:falling-rod:impact-3-mode-4-condition-2}, printed once)');
    expect(tex).not.toMatch(/[a-z ]tipB[ ,]/);
  });

  it('Hamilton’s equations hold while no contact is closed; the rest cone is written in the report’s letters', () => {
    expect(tex).toContain('the canonical equations in flight, every contact open');
    expect(tex).toContain('$|\\dot{\\nu}_{j}| \\le \\mu\\,\\dot{\\sigma}_{j}$');
    expect(tex).not.toContain('\\mu_{s}');
    // kozlov1988 is not among the rod's sources: the f ≥ 0 convention names no author, the References omit the paper.
    expect(tex).not.toContain('kozlov1988');
  });
});
