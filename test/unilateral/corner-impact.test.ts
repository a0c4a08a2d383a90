// An impact into a corner (kugushev2002 §9, left open there): the particle
// sliding on the floor into the wall that leans over it
// (derivations/particle-in-corner.ts). The runtime resolves it by Newton's
// law in complementarity form (multipleImpacts: 'lcp'); its outcome is the
// one the paper check derives in closed form: the floor stays, ẋ⁺ = −eẋ⁻.
import { describe, expect, it } from 'vitest';
import corner from '../../derivations/particle-in-corner.js';
import { simulate } from '../../src/runtime/hybrid/simulate.js';
import { derived } from '../helpers/examples.js';
import { loadGenerated } from '../helpers/generated-module.js';

describe('a particle sliding into a leaning wall', async () => {
  const module = await loadGenerated(derived(corner));
  const params = { m: 2, g: 9.81, d: 1, k: 0.5, e: 0.4 };
  const run = simulate(module, { q0: [0, 0], qd0: [1.5, 0], t1: 1.5, params });
  const last = run.q.length - 1;
  it('rebounds along the floor with ẋ⁺ = −eẋ⁻ and ẏ⁺ = 0, never leaving it', () => {
    expect(run.qd[last]![0]).toBeCloseTo(-0.4 * 1.5, 8);
    expect(run.qd[last]![1]).toBeCloseTo(0, 8);
    expect(Math.max(...run.q.map((q) => Math.abs(q[1]!)))).toBeLessThan(1e-8);
  });
  it('loses ½m(1 − e²)ẋ⁻², Carnot’s loss of the corner', () => {
    expect(run.energy![0]! - run.energy![last]!).toBeCloseTo(0.5 * 2 * (1 - 0.4 ** 2) * 1.5 ** 2, 8);
  });
});
