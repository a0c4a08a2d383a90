// kozlov1988 Fig. 1 computed (src/studies/realizations.ts, run by the
// report inputs on kozlov-release-elastic): the elastic, added-mass and
// viscous realizations of the line y ≥ 0 and the rigid line, each from
// (2.3) at N = 100, against the paper's closed forms: the rigid release at
// t = 1 (2.4), the added mass's at 2 + √2 and its depth g/(N + 1) (2.5),
// the elastic strip −2g/N ≤ y ≤ 0 and its release solved here from the
// motion in the spring, the viscous release 2 + O(1/N) solved likewise (2.7).
import { describe, expect, it } from 'vitest';
import elastic from '../../derivations/kozlov-release-elastic.js';
import { compileModel } from '../../src/pipeline/compiled-model.js';
import { loadGenerated } from '../../src/pipeline/load-generated.js';
import { reportInputs } from '../../src/pipeline/report-inputs.js';

/** The first upward root of f in (a, b], by a scan and bisection. */
function upwardRoot(f: (t: number) => number, a: number, b: number): number {
  const step = 1e-4;
  let t = a;
  while (t < b && !(f(t) <= 0 && f(t + step) > 0)) t += step;
  let [lo, hi] = [t, t + step];
  for (let k = 0; k < 60; k++) [lo, hi] = f((lo + hi) / 2) > 0 ? [lo, (lo + hi) / 2] : [(lo + hi) / 2, hi];
  return (lo + hi) / 2;
}

describe('kozlov1988 Fig. 1: the realizations of y ≥ 0 compared at N = 100', () => {
  const study = reportInputs(compileModel({ spec: elastic, source: 'derivations/kozlov-release-elastic.ts' }, loadGenerated)).options.realizations!;
  const [g, N] = [1, 100];
  const run = (label: string) => study.runs.find((r) => r.label === label)!;
  const depth = (label: string): number => Math.min(...run(label).gap.filter(Number.isFinite));

  it('runs the model’s own law, the two declared ones and the rigid line on common samples to t = 4', () => {
    expect(study.runs.map((r) => r.label)).toEqual(['elastic', 'added mass', 'viscous', 'rigid']);
    expect([study.t[0], study.t.at(-1)]).toEqual([0, 4]);
    for (const r of study.runs) expect(r.gap).toHaveLength(study.t.length);
  });

  it('the rigid line releases at t = 1 (2.4); the added mass at 2 + √2 for every N, after sinking to g/(N + 1) at t = 2 (2.5)', () => {
    expect(run('rigid').leaves).toBeCloseTo(1, 9);
    expect(depth('rigid')).toBe(0);
    expect(run('added mass').leaves).toBeCloseTo(2 + Math.SQRT2, 6);
    expect(depth('added mass')).toBeCloseTo(-g / (N + 1), 8);
  });

  it('the elastic realization swings in −2g/N ≤ y ≤ 0 and leaves at 1 + O(N^{−1/2}), where the spring’s motion after x = 0 reaches y = 0', () => {
    expect(depth('elastic')).toBeCloseTo((-2 * g) / N, 5);
    // y = g(cos √N t − 1)/N until t = 1 (§2); then ÿ = g − Ny: y = g/N + A cos θ + B sin θ, θ = √N(t − 1).
    const w = Math.sqrt(N);
    const [A, B] = [(g * (Math.cos(w) - 2)) / N, (-g * Math.sin(w)) / N];
    const tau = upwardRoot((t) => g / N + A * Math.cos(w * (t - 1)) + B * Math.sin(w * (t - 1)), 1, 2);
    expect(run('elastic').leaves).toBeCloseTo(tau, 7);
    expect(tau - 1).toBeGreaterThan(0.05);
    expect(tau - 1).toBeLessThan(2 / w);
  });

  it('the viscous realization leaves at 2 + O(1/N) (2.7): ÿ = ∓g − Nẏ solved on either side of x = 0', () => {
    const [v1, y1] = [(-g / N) * (1 - Math.exp(-N)), (-g / N) * (1 - (1 - Math.exp(-N)) / N)];
    const y = (t: number): number => y1 + (g / N) * (t - 1) + ((v1 - g / N) * (1 - Math.exp(-N * (t - 1)))) / N;
    const tau = upwardRoot(y, 1, 3);
    expect(run('viscous').leaves).toBeCloseTo(tau, 7);
    expect(Math.abs(tau - 2)).toBeLessThan(2 / N);
  });

  it('cuts every curve above f = 0.03, the band the figure shows: the flights leave it', () => {
    for (const r of study.runs) {
      expect(r.gap.filter(Number.isFinite).every((f) => f <= study.cut)).toBe(true);
      expect(Number.isNaN(r.gap.at(-1)!)).toBe(true);
    }
  });
});
