// kozlov1988 §3 shown (src/studies/averaged-speed.ts, run by the report inputs
// on circle-billiard at R = 1, e = 0.9, v0 = 1, α0 = 0.5): the simulated
// speeds at the impacts against Newton's law typed here (the tangential speed
// u = v0 cos α0 kept, the normal one w = −v0 sin α0 times −e at each impact,
// the first impact after half a chord, R sin α0 / v0), and the averaged law
// u / cos(α0 − u(1 − e)t/(2R)) with t* = 2Rα0/[u(1 − e)], which the
// accumulation point of the impacts precedes by about (1 − e)/2 of it.
import { describe, expect, it } from 'vitest';
import billiard from '../../derivations/circle-billiard.js';
import { compileModel } from '../../src/pipeline/compiled-model.js';
import { loadGenerated } from '../../src/pipeline/load-generated.js';
import { reportInputs } from '../../src/pipeline/report-inputs.js';
import { averagedSpeedSection } from '../../src/report/averaged-speed.js';

describe('kozlov1988 §3: the speed at the impacts against the averaged law', () => {
  const study = reportInputs(compileModel({ spec: billiard, source: 'derivations/circle-billiard.ts' }, loadGenerated)).options.averagedSpeed!;
  const [R, e, v0, a0] = [1, 0.9, 1, 0.5];
  const [u, w] = [v0 * Math.cos(a0), -v0 * Math.sin(a0)];
  const tStar = (2 * R * a0) / (u * (1 - e));

  it('starts the law from the first impact’s speeds u = v0 cos α0, w = −v0 sin α0', () => {
    expect(study.u).toBeCloseTo(u, 9);
    expect(study.w).toBeCloseTo(w, 9);
    expect(study.v0).toBeCloseTo(v0, 9);
  });

  it('the simulated impacts keep u and multiply w by −e; the first comes after half a chord', () => {
    expect(study.impacts[0]!.t).toBeCloseTo((R * Math.sin(a0)) / v0, 6);
    expect(study.impacts[0]!.v).toBeCloseTo(Math.hypot(u, e * w), 8);
    expect(study.impacts[1]!.v).toBeCloseTo(Math.hypot(u, e * e * w), 8);
    expect(study.impacts[1]!.t - study.impacts[0]!.t).toBeCloseTo((2 * R * e * Math.abs(w)) / Math.hypot(u, e * w) ** 2, 6);
  });

  it('the law runs from v0 at t = 0 to u at t* = 2Rα0/[u(1 − e)], as u / cos(α0 − u(1 − e)t/(2R)) between', () => {
    expect(study.tStar).toBeCloseTo(tStar, 9);
    expect(study.law[0]).toBeCloseTo(v0, 9);
    expect(study.law.at(-1)).toBeCloseTo(u, 9);
    const k = 50;
    expect(study.law[k]).toBeCloseTo(u / Math.cos(a0 - (u * (1 - e) * study.t[k]!) / (2 * R)), 9);
  });

  it('the impacts accumulate before t*, by about (1 − e)/2 of it', () => {
    expect(study.accumulation).toBeCloseTo(10.8197, 3);
    const gap = (tStar - study.accumulation) / tStar;
    expect(gap).toBeGreaterThan(0.4 * (1 - e));
    expect(gap).toBeLessThan(0.6 * (1 - e));
    expect(study.impacts.at(-1)!.t).toBeLessThanOrEqual(study.accumulation);
  });

  it('at e = 0.9, 0.95, 0.99 the accumulation precedes t* = 2Rα0/[u(1 − e)] by (1 − e)/2 of it, to 1 %', () => {
    expect(study.convergence.map((c) => c.e)).toEqual([0.9, 0.95, 0.99]);
    for (const c of study.convergence) {
      const law = (2 * R * a0) / (u * (1 - c.e));
      expect(c.tStar).toBeCloseTo(law, 6);
      expect((law - c.accumulation) / law / ((1 - c.e) / 2)).toBeCloseTo(1, 1);
    }
    // The gaps in the ratios of 1 − e (2, then 5): first order in 1 − e.
    const gaps = study.convergence.map((c) => (c.tStar - c.accumulation) / c.tStar);
    expect(gaps[0]! / gaps[1]!).toBeCloseTo(2, 1);
    expect(gaps[1]! / gaps[2]!).toBeCloseTo(5, 0);
  });

  it('the report draws one figure with both marks', () => {
    const section = averagedSpeedSection(study);
    const figure = section.blocks.find((b) => b.kind === 'figure');
    expect(figure && 'legend' in figure ? figure.legend!.map((l) => l.label) : []).toEqual([
      '\\text{simulation}',
      'u / \\cos\\alpha(t)',
      't_{*} = 11.3949',
      't_{*}^{\\mathrm{sim}} = 10.8197',
    ]);
    const table = section.blocks.find((b) => b.kind === 'table');
    expect(table?.kind === 'table' ? table.rows.map((r) => r[0]) : []).toEqual([[{ math: '0.9' }], [{ math: '0.95' }], [{ math: '0.99' }]]);
  });
});
