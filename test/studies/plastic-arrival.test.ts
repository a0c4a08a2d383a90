// The double pendulum against its wall run with e = 0 (src/studies/plastic-arrival.ts): kugushev2002 §9's regime 2,
// the bob sliding along the wall, needs σ̇₁ ≥ 0 after the impact, which needs the lower rod to lean back from the
// wall, sin q₂ < 0; the first impact (at t = 0.8233, as an independent re-simulation of the e = 0.7 run finds: the
// approach does not depend on e) comes with q₂ > 0, so the bob leaves the wall at once (regime 1).
import { describe, expect, it } from 'vitest';
import wall from '../../derivations/pendulum-wall.js';
import { plasticArrival } from '../../src/studies/plastic-arrival.js';
import { derived } from '../helpers/examples.js';
import { loadGenerated } from '../helpers/generated-module.js';

describe('the pendulum striking its wall plastically', () => {
  it('first strikes at t = 0.8233 with q₂ > 0, where σ̇₁ < 0: released at once, no contact phase', async () => {
    const sys = derived(wall);
    const a = plasticArrival(sys, await loadGenerated(sys))!;
    expect(a.parameter).toBe('e');
    expect(a.t).toBeCloseTo(0.8233, 4);
    // On the wall: l₁ sin q₁ + l₂ sin q₂ = d = 0.5, and the normal velocity after a plastic impact is 0.
    expect(Math.sin(a.q[0]!) + Math.sin(a.q[1]!)).toBeCloseTo(0.5, 6);
    expect(Math.cos(a.q[0]!) * a.qd[0]! + Math.cos(a.q[1]!) * a.qd[1]!).toBeCloseTo(0, 6);
    expect(Math.sin(a.q[1]!)).toBeGreaterThan(0);
    expect(a.density).toBeLessThan(0);
    expect(a.contacts).toBe(0);
  });
});
