// A model whose exact coefficients outgrow 2^53 when an expression is
// expanded (the Hamiltonian's denominators multiply 1370 sin²x₁ + 1000 by
// itself) is derived with that expression kept as written, not refused:
// its mass matrix is the one typed by hand and its energy is conserved.
import { describe, expect, it } from 'vitest';
import { deriveSystem } from '../../src/derive/system.js';
import { buildModel, defineModel } from '../../src/model/index.js';
import { simulate } from '../../src/runtime/hybrid/simulate.js';
import { loadGenerated } from '../helpers/generated-module.js';

describe('coefficients past 2^53 in an expansion', () => {
  const spec = defineModel({
    name: 'wide-coefficients',
    coordinates: ['x1', 'x2', 'x3'],
    kinetic: "x1'^2*(1370*sin(x1)^2 + 1000) + x2'^2*(1370*sin(x1)^2 + 1001) + x3'^2*(1370*sin(x1)^2 + 1001)",
    potential: '0',
  });

  it('derive; M = 2 diag(1370 sin²x₁ + 1000, … + 1001, … + 1001) and T is conserved along a run', async () => {
    const mod = await loadGenerated(deriveSystem(buildModel(spec)));
    const q = [0.7, 0.1, -0.2];
    const s = 1370 * Math.sin(0.7) ** 2;
    expect(Array.from(mod.massMatrix(0, q, {}))).toEqual([2 * (s + 1000), 0, 0, 0, 2 * (s + 1001), 0, 0, 0, 2 * (s + 1001)].map((v) => expect.closeTo(v, 9)));
    const run = simulate(mod, { q0: q, qd0: [1, -0.5, 0.3], t1: 2, params: {}, samples: 101 });
    const e0 = run.energy![0]!;
    for (const e of run.energy!) expect(Math.abs(e - e0)).toBeLessThan(1e-7 * e0);
  });
});
