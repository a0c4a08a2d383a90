// rubanovich1981 §2 on the rimless wheel's report run (studies/rolling-speeds.ts, report/rolling-speeds.ts): the
// speed after each impact against the slope's threshold 2g(1 − cos(α − γ))/(l(1 + I*)), and the steady rolling's
// ψ̇⁺², the fixed point of ψ̇⁺² ↦ r²(ψ̇⁺² + c), typed here: r = (I* + cos 2α)/(1 + I*) = 2/3 at I* = ½, α = π/6, and
// c = 4g sin α sin γ/(l(1 + I*)), the energy the slope gives per stride (the hub drops 2l sin α sin γ) over
// T = ml²(1 + I*)ψ̇² of the wheel turning about a foot.
import { describe, expect, it } from 'vitest';
import wheel, { rimlessWheelStance } from '../../derivations/rimless-wheel.js';
import { evaluate } from '../../src/core/evaluate.js';
import { renderLatexBody } from '../../src/report/render-latex.js';
import { rollingSpeedsBrief, rollingSpeedsDiscussion, rollingSpeedsFinding, rollingSpeedsSection } from '../../src/report/rolling-speeds.js';
import { paragraph } from '../../src/report/document.js';
import { reportMotion } from '../../src/studies/motion.js';
import { declaredOrbit } from '../../src/studies/orbit.js';
import { rollingSpeedsStudy } from '../../src/studies/rolling-speeds.js';
import { derived } from '../helpers/examples.js';
import { loadGenerated } from '../helpers/generated-module.js';

const [l, g, Istar, alpha] = [1, 9.81, 0.5, Math.PI / 6];
const r = (Istar + Math.cos(2 * alpha)) / (1 + Istar);
const gain = (gamma: number): number => (4 * g * Math.sin(alpha) * Math.sin(gamma)) / (l * (1 + Istar));
const fixedPoint = (gamma: number): number => (r * r * gain(gamma)) / (1 - r * r);
const threshold = (gamma: number): number => (2 * g * (1 - Math.cos(alpha - gamma))) / (l * (1 + Istar));

describe('the rimless wheel’s speeds against the threshold to roll on', async () => {
  const system = derived(wheel);
  const { simulation } = reportMotion(await loadGenerated(system));
  if (!('trajectory' in simulation)) throw new Error('no trajectory');
  const study = rollingSpeedsStudy(derived(rimlessWheelStance()), system, simulation.trajectory, wheel.orbit!.params);

  it('derives c = 4g sin α sin γ/(l(1 + I*)) and the fixed point r²c/(1 − r²) in closed form, for every α, γ, I*', () => {
    for (const [a, gamma, I] of [
      [0.3, 0.05, 0],
      [Math.PI / 6, 0.2, 0.5],
      [0.7, 0.4, 1],
    ] as const) {
      const at = { alpha: a, gamma, Istar: I, g: 3, l: 0.7, m: 2 };
      const ratio = (I + Math.cos(2 * a)) / (1 + I);
      const c = (4 * 3 * Math.sin(a) * Math.sin(gamma)) / (0.7 * (1 + I));
      expect(evaluate(study.gain, at)).toBeCloseTo(c, 12);
      expect(evaluate(study.rolling, at)).toBeCloseTo((ratio * ratio * c) / (1 - ratio * ratio), 12);
    }
  });

  it('at the run’s γ = 0.1 the fixed point 1.0447 is below the threshold 1.1561 (no rolling orbit); at the orbit’s γ = 0.2, 2.079 above 0.679', () => {
    expect(r).toBeCloseTo(2 / 3, 15);
    expect(study.fixed).toBe('alpha');
    expect(study.parameter).toBe('gamma');
    const [here, orbit] = study.slopes;
    expect(here!.rolling).toBeCloseTo(fixedPoint(0.1), 12);
    expect(here!.rolling).toBeCloseTo(1.0447, 4);
    expect(here!.threshold).toBeCloseTo(threshold(0.1), 12);
    expect(here!.threshold).toBeCloseTo(1.1561, 4);
    expect(orbit!.params).toEqual({ gamma: 0.2 });
    expect(orbit!.rolling).toBeCloseTo(2.079, 3);
    expect(orbit!.threshold).toBeCloseTo(0.679, 3);
  });

  it('takes the run’s ψ̇⁺² after each impact: the third, 1.1365, below the threshold, falls back onto spoke 3', () => {
    expect(study.impacts.slice(0, 3).map((i) => Number(i.speedSquared.toFixed(4)))).toEqual([1.5096, 1.2513, 1.1365]);
    expect(study.fallsBack).toBe(2);
    expect(study.impacts.slice(0, 4).map((i) => [i.contact, i.next])).toEqual([
      [1, 2],
      [2, 3],
      [3, 2],
      [2, 3],
    ]);
  });

  it('prints both slopes’ numbers, the table up to two impacts after the fall and its one plot', () => {
    const section = rollingSpeedsSection(system.model, study);
    const tex = renderLatexBody({ model: 'rimless-wheel', title: '', provenance: '', abstract: [], sections: [section], citations: [] });
    expect(tex).toContain("at the model's $\\gamma = 0.1$ the fixed point is $1.045$, below the threshold $1.156$: no rolling orbit exists there");
    expect(tex).toContain("at the orbit's $\\gamma = 0.2$ the fixed point is $2.079$, above the threshold $0.6789$");
    expect(tex).toContain(
      'after the impact at $t = 3.497$ it is $1.136 < 1.156$, so the wheel does not pass over spoke 4 and falls back: spoke 3 strikes again',
    );
    const table = section.blocks.find((b) => b.kind === 'table');
    expect(table?.kind === 'table' && table.rows.length).toBe(5);
    expect(section.blocks.filter((b) => b.kind === 'figure').length).toBe(1);
    // The speeds after the impacts as one dot each (a line between two impacts would cross the threshold within a
    // swing); the two levels as lines, on the page's layout and the phone's.
    const figure = section.blocks.find((b) => b.kind === 'figure');
    const svg = figure?.kind === 'figure' ? figure.svg : '';
    expect(svg.match(/<circle class="series"/g)).toHaveLength(2 * 29);
    expect(svg.match(/<polyline class="series"/g)).toHaveLength(2 * 2);
    // The legend keys each curve by its own colour: the dots' blue (the first series colour), then the levels' own.
    const legend = figure?.kind === 'figure' ? figure.legend : [];
    expect(legend.map((e) => [e.color, e.dash])).toEqual([
      ['#0072b2', undefined],
      ['#d55e00', '6 3'],
      [expect.any(String), expect.any(String)],
    ]);
  });

  it('ties the orbit’s multiplier to (2.9): r = 2/3, and r¹² = κ² = 0.00770735 over its six impacts, beside the orbit study’s', async () => {
    expect(study.ratio).toBeCloseTo(r, 12);
    const { orbit } = declaredOrbit(await loadGenerated(system), wheel.orbit!);
    expect(orbit!.impacts.length).toBe(6);
    // κ = r^k of (2.9) at k = 6 spokes, squared: the deviation of ψ̇⁺² falls by r² at each impact.
    const kappa = r ** 6;
    expect(Math.max(...orbit!.multipliers.map((z) => Math.hypot(z.re, z.im)))).toBeCloseTo(kappa ** 2, 6);
    const section = rollingSpeedsSection(system.model, study, orbit);
    const tex = renderLatexBody({ model: 'rimless-wheel', title: '', provenance: '', abstract: [], sections: [section], citations: [] });
    expect(tex).toContain('by $r^{12} = 0.00770735$ over a period: one impact per spoke, so the period is one revolution, $r^{6}$ is (2.9)');
    expect(tex).toContain("The orbit's Floquet multiplier of largest modulus is $0.00770735$");
    // Without the orbit study the section says nothing of it.
    const alone = renderLatexBody({
      model: 'rimless-wheel',
      title: '',
      provenance: '',
      abstract: [],
      sections: [rollingSpeedsSection(system.model, study)],
      citations: [],
    });
    expect(alone).not.toContain('Floquet');
  });

  it('gives the rocking’s ratio r² = 4/9 per impact, the run’s beside it, and the time of the final rest', () => {
    const rocking = study.impacts.slice(study.fallsBack! + 1).map((i) => i.speedSquared);
    rocking.slice(1).forEach((x, k) => expect(x / rocking[k]!).toBeCloseTo(r * r, 3));
    expect(r * r).toBeCloseTo(4 / 9, 15);
    expect(study.rest).toBeCloseTo(6.99963, 5);
    const tex = renderLatexBody({
      model: 'rimless-wheel',
      title: '',
      provenance: '',
      abstract: [],
      sections: [rollingSpeedsSection(system.model, study)],
      citations: [],
    });
    expect(tex).toContain("by $r^2 = 0.4444$ (the run's $0.4444$ over its 26 rocking impacts): a geometric series");
    expect(tex).toContain('the run comes to rest at $t = 6.99963$ on both spokes.');
  });

  it('discusses the slope’s choice: rolling for ever at γ = 0.2 (2.079 > 0.6789), stopping at γ = 0.1 (1.045 < 1.156)', () => {
    expect(fixedPoint(0.2)).toBeGreaterThan(threshold(0.2));
    const tex = renderLatexBody({
      model: 'rimless-wheel',
      title: '',
      provenance: '',
      abstract: [],
      sections: [{ id: 'd', title: 'Discussion', blocks: rollingSpeedsDiscussion(study) }],
      citations: [],
    });
    expect(tex).toContain('($\\gamma = 0.2$: $2.079 > 0.6789$), and below it ($\\gamma = 0.1$: $1.045 < 1.156$) it stops after finitely many strides');
    expect(rollingSpeedsDiscussion({ ...study, slopes: study.slopes.slice(0, 1) })).toEqual([]);
  });

  it('states the fall back in the conclusion: the third impact’s 1.136 below the slope’s threshold 1.156, spoke 3 again', () => {
    const finding = rollingSpeedsFinding(system.model, study);
    const section = { id: 'c', title: 'Conclusion', blocks: [paragraph(...finding)] };
    const tex = renderLatexBody({ model: 'rimless-wheel', title: '', provenance: '', abstract: [], sections: [section], citations: [] });
    expect(tex).toContain(
      "the run at the model's $\\gamma = 0.1$ does not roll on: after its impact at $t = 3.497$, $(\\dot{\\psi}^{+})^{2} = 1.136$ is below the threshold $1.156$ to pass over spoke 4, so it falls back: spoke 3 strikes again",
    );
    expect(rollingSpeedsFinding(system.model, { ...study, fallsBack: undefined })).toEqual([]);
  });

  it('states in the abstract the steady rolling 1.045 below 1.156, the fall back at t = 3.497 and the rocking toward rest', () => {
    const section = { id: 'a', title: 'Abstract', blocks: [paragraph(...rollingSpeedsBrief(study))] };
    const tex = renderLatexBody({ model: 'rimless-wheel', title: '', provenance: '', abstract: [], sections: [section], citations: [] });
    expect(fixedPoint(0.1)).toBeLessThan(threshold(0.1));
    expect(tex).toContain(
      "at the model's $\\gamma = 0.1$ the steady rolling's $(\\dot{\\psi}^{+})^{2} = 1.045$ lies below the threshold $1.156$ to roll on, so the run does not roll: after its impact at $t = 3.497$ the wheel falls back and rocks between two spokes, its speed falling at every impact toward rest",
    );
    // The rocking's speeds fall, as an independent integration about the pivots gives them: 0.50511, 0.22449.
    const rocking = study.impacts.slice(study.fallsBack! + 1).map((i) => i.speedSquared);
    expect(rocking.slice(0, 2).map((v) => Number(v.toFixed(4)))).toEqual([0.5051, 0.2245]);
    expect(rollingSpeedsBrief({ ...study, fallsBack: undefined })).toEqual([]);
  });
});
