// kozlov1988 §3 shown (src/studies/averaged-speed.ts, run by the report inputs
// on circle-billiard at R = 1, e = 0.9, v0 = 1, α0 = 0.5): the simulated
// speeds at the impacts against Newton's law typed here (the tangential speed
// u = v0 cos α0 kept, the normal one w = −v0 sin α0 times −e at each impact,
// the first impact after half a chord, t0 = R sin α0 / v0), and the averaged
// law from that impact, u / cos(α1 − u(1 − e)(t − t0)/(2R)) with
// tan α1 = e tan α0 and t* = t0 + 2Rα1/[u(1 − e)]; the accumulation point is
// the sum of the chords' times 2R|w_k|/(u² + w_k²), w_k = eᵏ w.
import { describe, expect, it } from 'vitest';
import billiard from '../../derivations/circle-billiard.js';
import { compileModel } from '../../src/pipeline/compiled-model.js';
import { loadGenerated } from '../../src/pipeline/load-generated.js';
import { reportInputs } from '../../src/pipeline/report-inputs.js';
import { averagedSpeedDiscussion, averagedSpeedSection } from '../../src/report/averaged-speed.js';
import { averagedSpeedStudy } from '../../src/studies/averaged-speed.js';
import { reportMotion } from '../../src/studies/motion.js';
import { parseExpr } from '../../src/core/parse.js';

describe('kozlov1988 §3: the speed at the impacts against the averaged law', () => {
  const study = reportInputs(compileModel({ spec: billiard, source: 'derivations/circle-billiard.ts' }, loadGenerated)).options.averagedSpeed!;
  const [R, e, v0, a0] = [1, 0.9, 1, 0.5];
  const [u, w] = [v0 * Math.cos(a0), -v0 * Math.sin(a0)];
  const t0 = (R * Math.sin(a0)) / v0;
  const law = (r: number): number => t0 + (2 * R * Math.atan(r * Math.tan(a0))) / (u * (1 - r));
  /** The impacts' accumulation point by Newton's law: t0 plus the times of the chords after each impact. */
  const accumulation = (r: number): number => {
    let [t, wk] = [t0, Math.abs(w)];
    for (wk *= r; wk > 1e-13; wk *= r) t += (2 * R * wk) / (u * u + wk * wk);
    return t;
  };
  const tStar = law(e);

  it('starts the law at the first impact t0 = R sin α0/v0, struck with u = v0 cos α0 and the normal velocity w = −v0 sin α0', () => {
    expect(study.t0).toBeCloseTo(t0, 6);
    expect(study.u).toBeCloseTo(u, 9);
    expect(study.w).toBeCloseTo(w, 8);
    expect(study.v0).toBeCloseTo(v0, 9);
  });

  it('the simulated impacts keep u and multiply w by −e; the first comes after half a chord', () => {
    expect(study.impacts[0]!.t).toBeCloseTo(t0, 6);
    expect(study.impacts[0]!.v).toBeCloseTo(Math.hypot(u, e * w), 8);
    expect(study.impacts[1]!.v).toBeCloseTo(Math.hypot(u, e * e * w), 8);
    expect(study.impacts[1]!.t - study.impacts[0]!.t).toBeCloseTo((2 * R * e * Math.abs(w)) / Math.hypot(u, e * w) ** 2, 6);
  });

  it('the law runs from the speed after the first impact at t0 to u at t* = t0 + 2Rα1/[u(1 − e)], as u / cos(α1 − u(1 − e)(t − t0)/(2R)) between', () => {
    const a1 = Math.atan(e * Math.tan(a0));
    expect(study.tStar).toBeCloseTo(tStar, 6);
    expect(study.t[0]).toBeCloseTo(t0, 6);
    expect(study.law[0]).toBeCloseTo(Math.hypot(u, e * w), 8);
    expect(study.law.at(-1)).toBeCloseTo(u, 8);
    const k = 50;
    expect(study.law[k]).toBeCloseTo(u / Math.cos(a1 - (u * (1 - e) * (study.t[k]! - t0)) / (2 * R)), 8);
  });

  it('Kozlov’s sufficient time 2R/[u(1 − e)], typed from the paper, is t* − t0 at α1 = 1: 22.79 against 10.41 at α1 = 0.457, loose', () => {
    const a1 = Math.atan(e * Math.tan(a0));
    const bound = study.paperBound!;
    expect(bound.atUnitAngle).toBe(true);
    expect(bound.value).toBeCloseTo((2 * R) / (u * (1 - e)), 9);
    expect(study.tStar - study.t0).toBeCloseTo(bound.value * a1, 6);
    const said = JSON.stringify(averagedSpeedSection(study).blocks);
    expect(said).toContain('{"math":"22.79"},", against ",{"math":"t_{*} - t_0 = 10.41"}');
    expect(said).toContain('it holds, loosely.');
    expect(said).toContain('(their difference simplifies to 0): a sufficient time iff ');
  });

  it('a sufficient time typed wrong, R/2 for 2R, is not called the law’s t* at α1 = 1, and t* − t0 passes it', () => {
    const compiled = compileModel({ spec: billiard, source: 'derivations/circle-billiard.ts' }, loadGenerated);
    const { simulation } = reportMotion(compiled.loaded);
    if (!simulation || !('trajectory' in simulation)) throw new Error('circle-billiard: no simulation');
    const wrong = averagedSpeedStudy(compiled.system, compiled.loaded, simulation.trajectory, parseExpr('R/(2*u*(1 - e))'));
    expect(wrong.paperBound!.atUnitAngle).toBe(false);
    expect(wrong.paperBound!.value).toBeCloseTo(R / (2 * u * (1 - e)), 9);
    const said = JSON.stringify(averagedSpeedSection(wrong).blocks);
    expect(said).toContain('which the derivation does not show to be the law’s ');
    expect(said).toContain('it does not hold.');
  });

  it('the impacts accumulate at the sum of the chords’ times, 0.0738 before t*', () => {
    expect(study.accumulation).toBeCloseTo(accumulation(e), 4);
    expect(study.accumulation).toBeCloseTo(10.8197, 3);
    expect(tStar - study.accumulation).toBeCloseTo(0.0738, 3);
    expect(study.impacts.at(-1)!.t).toBeLessThanOrEqual(study.accumulation);
  });

  it('at e = 0.9, 0.95, 0.99 the gap to t* stays near 0.08 while t* − t0 grows like 1/(1 − e): the relative gap falls with 1 − e', () => {
    expect(study.convergence.map((c) => c.e)).toEqual([0.9, 0.95, 0.99]);
    for (const c of study.convergence) {
      expect(c.tStar).toBeCloseTo(law(c.e), 5);
      expect(c.accumulation).toBeCloseTo(accumulation(c.e), 3);
      expect(c.gap).toBeCloseTo(law(c.e) - accumulation(c.e), 3);
      expect(c.gap).toBeGreaterThan(0.07);
      expect(c.gap).toBeLessThan(0.09);
    }
    // The relative gaps in about the ratios of 1 − e (2, then 5): first order in 1 − e.
    const gaps = study.convergence.map((c) => c.relativeGap);
    expect(gaps[0]! / gaps[1]!).toBeCloseTo(1.9, 1);
    expect(gaps[1]! / gaps[2]!).toBeCloseTo(4.8, 1);
  });

  it('the gap the discrete impacts predict, (t* − t0)[1 − (1 − e)/ln(1/e)] − τ1/2, meets the exact sum of the chords ever closer as e → 1', () => {
    // Against the gap by Newton's law chord by chord: off by the next Euler–Maclaurin term, O(1 − e) of a chord.
    const off = study.convergence.map((c) => Math.abs(c.predicted - (law(c.e) - accumulation(c.e))) / (law(c.e) - accumulation(c.e)));
    expect(off[0]!).toBeLessThan(0.08);
    expect(off[1]!).toBeLessThan(off[0]!);
    expect(off[2]!).toBeLessThan(off[1]!);
    expect(off[2]!).toBeLessThan(0.01);
    // Said in the Discussion with the measured gap beside it.
    const said = JSON.stringify(averagedSpeedDiscussion(study));
    expect(said).toContain('this gives ');
    expect(said).toContain(`${Number(study.convergence[2]!.predicted.toPrecision(3))}`);
    expect(said).toContain(`${Number(study.convergence[2]!.gap.toPrecision(3))}`);
  });

  it('the report draws one figure with both marks', () => {
    const section = averagedSpeedSection(study);
    const figure = section.blocks.find((b) => b.kind === 'figure');
    expect(figure && 'legend' in figure ? figure.legend!.map((l) => l.label) : []).toEqual([
      '\\text{simulation}',
      'u / \\cos\\alpha(t)',
      't_{*} = 10.8936',
      't_{*}^{\\mathrm{sim}} = 10.8197',
    ]);
    const table = section.blocks.find((b) => b.kind === 'table');
    expect(table?.kind === 'table' ? table.rows.map((r) => r[0]) : []).toEqual([[{ math: '0.9' }], [{ math: '0.95' }], [{ math: '0.99' }]]);
  });

  it('derives the law in one display: ΔT = (1 − e²)w²/2, τ = 2Re|w|/(u² + e²w²), v v̇ = −ΔT/τ ≈ (1 − e)w(u² + w²)/(2R)', () => {
    const text = JSON.stringify(averagedSpeedSection(study).blocks.find((b) => b.kind === 'equations'));
    expect(text).toContain('\\\\Delta T","after":"= \\\\frac{1}{2} w^{2} (1 - e^{2})');
    expect(text).toContain('\\\\tau","after":"= -\\\\frac{2 R e w}{u^{2} + e^{2} w^{2}}');
    expect(text).toContain('-\\\\frac{\\\\Delta T}{\\\\tau} \\\\approx \\\\frac{w (1 - e) (u^{2} + w^{2})}{2 R}');
    // α₁ after the first impact, the point leaving it with the normal speed e|w|: tan α₁ = e|w|/u, and α₁ = α₀ at e = 1.
    expect(study.alpha1).toBeCloseTo(Math.atan((e * v0 * Math.sin(a0)) / u), 12);
    expect(study.w).toBeLessThan(0);
    // One meaning of w in the caption: the velocity struck with, and α₁ with its formula.
    const caption = JSON.stringify(averagedSpeedSection(study).blocks.find((b) => b.kind === 'figure'));
    expect(caption).toContain('w = -0.479426');
    expect(caption).toContain('\\\\tan\\\\alpha_1 = e|w|/u');
  });
});
