// kozlov1988 Fig. 3 as the study runs it (src/studies/confocal.ts): the
// parabolic billiard's two motions keep their energy and the integral I at
// every sample, so the roots c₁, c₂ of F taken at the start hold all along;
// each path stays in the quadrilateral the paper bounds it by ((5.4) for
// Fig. 3a, (5.5) for Fig. 3b) and reaches each of its sides; the roots fall
// on the side of a the panel says; F(a) = 0 on the vertical bouncing. The
// starts are the model file's (paper.studyFigures), declared by it alone.
import { describe, expect, it } from 'vitest';
import parabolic from '../../derivations/parabolic-billiard.js';
import { buildModel } from '../../src/model/model.js';
import { checkStudyFigures } from '../../src/model/validate/paper-study-figures.js';
import type { LoadedModule } from '../../src/runtime/contract.js';
import { confocalRoots, confocalStudy } from '../../src/studies/confocal.js';
import { loadExamples } from '../helpers/examples.js';

const billiard = (await import('../../generated/parabolic-billiard.js')) as unknown as LoadedModule;
const study = confocalStudy(billiard, checkStudyFigures(parabolic.paper!.studyFigures, buildModel(parabolic), true).confocal!);
const { a, g } = study;

/** The confocal parabola of parameter c at x: 2y = c + x²/(a − c). */
const side = (c: number, x: number): number => (c + (x * x) / (a - c)) / 2;
const wall = (x: number): number => (x * x) / (2 * a);

describe('kozlov1988 Fig. 3: the parabolic billiard in its confocal quadrilaterals', () => {
  it('runs the two panels at a = 1, g = 9.81, their roots on the sides of a the paper gives', () => {
    expect([a, g]).toEqual([1, 9.81]);
    const [A, B] = study.runs;
    expect(A!.panel).toBe('a');
    expect(A!.c1).toBeLessThan(a);
    expect(A!.c2).toBeGreaterThan(a);
    expect(B!.panel).toBe('b');
    expect(B!.c1).toBeGreaterThan(a);
    expect(B!.c2).toBeGreaterThan(B!.c1);
  });

  it('keeps the energy h and the integral I at every sample, impacts included, so c₁ and c₂ hold all along', () => {
    for (const r of study.runs) {
      const [c1, c2] = [r.c1, r.c2];
      // The wall's gap rate ẏ − xẋ/a changes sign at every impact and at every flight's farthest point.
      let turns = 0;
      r.t.forEach((_, i) => {
        const [d1, d2] = confocalRoots(a, g, [r.x[i]!, r.y[i]!], [r.xd[i]!, r.yd[i]!]);
        expect(d1).toBeCloseTo(c1, 6);
        expect(d2).toBeCloseTo(c2, 6);
        if (i && Math.sign(r.yd[i]! - r.xd[i]! * (r.x[i]! / a)) !== Math.sign(r.yd[i - 1]! - r.xd[i - 1]! * (r.x[i - 1]! / a))) turns++;
      });
      expect(turns).toBeGreaterThan(40);
    }
  });

  it('Fig. 3a: the path stays in (5.4) about the axis, x²/a ≤ 2y ≤ c₁ + x²/(a − c₁), 2y ≤ c₂ + x²/(a − c₂), and reaches all three sides', () => {
    const r = study.runs[0]!;
    const slack = { wall: Infinity, lower: Infinity, upper: Infinity };
    r.x.forEach((x, i) => {
      const y = r.y[i]!;
      const gaps = { wall: y - wall(x), lower: side(r.c1, x) - y, upper: side(r.c2, x) - y };
      for (const k of ['wall', 'lower', 'upper'] as const) {
        expect(gaps[k]).toBeGreaterThan(-1e-6);
        slack[k] = Math.min(slack[k], gaps[k]);
      }
    });
    // Sampled every 5 ms, the path comes within a few millimetres of each side.
    for (const k of ['wall', 'lower', 'upper'] as const) expect(slack[k]).toBeLessThan(5e-3);
  });

  it('Fig. 3b: the path stays in (5.5), c₁ + x²/(a − c₁) ≤ 2y ≤ c₂ + x²/(a − c₂) above the wall, and reaches all three sides', () => {
    const r = study.runs[1]!;
    const slack = { wall: Infinity, lower: Infinity, upper: Infinity };
    r.x.forEach((x, i) => {
      const y = r.y[i]!;
      const gaps = { wall: y - wall(x), lower: y - side(r.c1, x), upper: side(r.c2, x) - y };
      for (const k of ['wall', 'lower', 'upper'] as const) {
        expect(gaps[k]).toBeGreaterThan(-1e-6);
        slack[k] = Math.min(slack[k], gaps[k]);
      }
    });
    for (const k of ['wall', 'lower', 'upper'] as const) expect(slack[k]).toBeLessThan(5e-3);
  });

  it('puts a root at a on the vertical bouncing (F(a) = 0, §5), the other at twice its height 2v²/(2g)', () => {
    const [c1, c2] = confocalRoots(a, g, [0, 0], [0, 2.5]);
    expect(c1).toBeCloseTo((2 * 2.5 ** 2) / (2 * g), 12);
    expect(c2).toBeCloseTo(a, 12);
  });

  it('is declared by the parabolic billiard only', async () => {
    const declaring = (await loadExamples()).filter((e) => e.spec.paper?.studyFigures?.some((f) => f.kind === 'confocal-motions'));
    expect(declaring.map((e) => e.spec.name)).toEqual(['parabolic-billiard']);
  });
});

describe('kozlov1988 §4–§5 run: the family (5.7) and the bouncing above the focus', () => {
  it('(5.7): leaving the wall at x₀ = 0.3 along its normal, it strikes at −x₀ and is back after 4√(a/g)', () => {
    const { x0, first, period } = study.family;
    expect(x0).toBe(0.3);
    expect(first).toBeCloseTo(-0.3, 9);
    expect(period).toBeCloseTo(4 * Math.sqrt(a / g), 9);
  });

  it('(4.1) violated, v²/g = 1.25a: the strikes leave the axis, alternating sides, by |cos θ| + √(cos²θ − 1) a strike', () => {
    const { v, strikes, growth } = study.unstable;
    expect((v * v) / g).toBeCloseTo(1.25 * a, 12);
    const cos = 1 - (2 * v * v) / (a * g);
    expect(cos).toBeCloseTo(-1.5, 12);
    expect(growth).toBeCloseTo(-cos + Math.sqrt(cos * cos - 1), 3);
    for (let k = 1; k < strikes.length; k++) {
      expect(Math.sign(strikes[k]!)).toBe(-Math.sign(strikes[k - 1]!));
      expect(Math.abs(strikes[k]!)).toBeGreaterThan(Math.abs(strikes[k - 1]!));
    }
    expect(Math.abs(strikes[8]!)).toBeLessThan(0.01);
  });
});
