// Continuation of periodic orbits against closed forms: the ball on a
// vibrating table s = A sin ωt (its period-one orbit is born in a fold at
// Aω² = πg(1 − e)/(1 + e), doubles its period where (Aω²)² = K₁² + K₂²,
// K₂ = 2g(1 + e²)/(1 + e)², and grazes a ceiling at height H where its apex
// A sin φ + gT²/8 reaches H), and Kozlov's point over a parabola, whose
// vertical bouncing doubles its period at κ = g/v² (000 (4.1)).
import { describe, expect, it } from 'vitest';
import { deriveSystem } from '../../../src/derive/system.js';
import { buildModel, defineModel } from '../../../src/model/index.js';
import { continueOrbit } from '../../../src/runtime/analysis/continuation.js';
import { branchFigure } from '../../../src/report/periodic.js';
import { loadGenerated } from '../../helpers/generated-module.js';

const G = 9.81;

describe('the ball on a vibrating table under a ceiling, continued in the amplitude A', () => {
  const e = 0.5,
    w = 10,
    H = 0.6,
    T = (2 * Math.PI) / w;
  const spec = defineModel({
    name: 'ball-table-ceiling',
    coordinates: ['y'],
    parameters: { g: G, e, A: 0.12, w, H },
    kinetic: "y'^2/2",
    potential: 'g*y',
    unilateral: [
      { name: 'table', constraint: 'y - A*sin(w*t) >= 0', law: { newton: 'e' } },
      { name: 'ceiling', constraint: 'H - y >= 0', law: { newton: 'e' } },
    ],
  });
  const K1 = (Math.PI * G * (1 - e)) / (1 + e),
    K2 = (2 * G * (1 + e * e)) / (1 + e) ** 2;
  const start = async () => {
    const mod = await loadGenerated(deriveSystem(buildModel(spec)));
    const phi = Math.acos(K1 / (0.12 * w * w));
    return {
      mod,
      opts: {
        q0: [0.12 * Math.sin(phi)],
        qd0: [(G * T) / 2],
        t0: phi / w,
        section: { contact: 'table' } as const,
        period: T,
        parameter: 'A',
        range: [0.09, 0.16] as const,
      },
    };
  };

  it('growing A: period doubling at √(K₁² + K₂²)/ω², then the apex grazes the ceiling at √((H − gT²/8)² + (K₁/ω²)²)', async () => {
    const { mod, opts } = await start();
    const branch = continueOrbit(mod, { ...opts, direction: 1 });
    expect(branch.status).toBe('grazing');
    expect(branch.bifurcations.map((b) => b.kind)).toEqual(['period-doubling', 'grazing']);
    const [flip, graze] = branch.bifurcations;
    expect(flip!.parameter).toBeCloseTo(Math.hypot(K1, K2) / w ** 2, 8);
    expect(Math.min(...flip!.point.multipliers.map((z) => z.re))).toBeCloseTo(-1, 7);
    expect(graze!.contact).toBe('ceiling');
    expect(graze!.parameter).toBeCloseTo(Math.hypot(H - (G * T * T) / 8, K1 / w ** 2), 9);
    // Stable up to the flip, unstable after.
    for (const p of branch.points) expect(p.stable).toBe(p.parameter < flip!.parameter);
    const figure = branchFigure('branch-A', 'ball on a table', branch);
    expect(figure.svg).toContain('<polyline');
    expect(figure.caption.join('')).toContain(`period-doubling at A = ${flip!.parameter.toPrecision(8)}`);
  });

  it('shrinking A: the branch turns back at the fold Aω² = πg(1 − e)/(1 + e), onto the unstable orbit (a multiplier above 1)', async () => {
    const { mod, opts } = await start();
    const branch = continueOrbit(mod, { ...opts, direction: -1 });
    expect(branch.bifurcations.map((b) => b.kind)).toEqual(['fold']);
    const fold = branch.bifurcations[0]!;
    expect(fold.parameter).toBeCloseTo(K1 / w ** 2, 10);
    expect(Math.max(...fold.point.multipliers.map((z) => z.re))).toBeCloseTo(1, 7);
    const last = branch.points.at(-1)!;
    expect(last.stable).toBe(false);
    expect(Math.max(...last.multipliers.map((z) => Math.hypot(z.re, z.im)))).toBeGreaterThan(1);
    const figure = branchFigure('branch-fold', 'fold', branch);
    // Two pieces (before and after the fold) and the unit line.
    expect(figure.legend.length).toBe(3);
  });
});

describe('Kozlov’s point over y = κx²/2 continued in κ', () => {
  it('the vertical bouncing doubles its period at κ = g/v² (4.1), the pair of multipliers meeting at −1', async () => {
    const spec = defineModel({
      name: 'point-over-parabola',
      coordinates: ['x', 'y'],
      parameters: { g: G, e: 1, k: 0.5 },
      kinetic: "(x'^2 + y'^2)/2",
      potential: 'g*y',
      unilateral: [{ name: 'floor', constraint: 'y - k*x^2/2 >= 0', law: { newton: 'e' } }],
    });
    const mod = await loadGenerated(deriveSystem(buildModel(spec)));
    const v = 3,
      critical = G / v ** 2;
    const branch = continueOrbit(mod, {
      q0: [0, 0],
      qd0: [0, v],
      params: { k: 0.8 * critical },
      section: { contact: 'floor' },
      fix: ["y'"],
      parameter: 'k',
      range: [0.5 * critical, 1.3 * critical],
    });
    expect(branch.status).toBe('range');
    expect(branch.bifurcations.map((b) => b.kind)).toEqual(['period-doubling']);
    expect(branch.bifurcations[0]!.parameter / critical).toBeCloseTo(1, 6);
    for (const p of branch.points) expect(p.stable).toBe(p.parameter <= critical * (1 + 1e-6));
  });
});
