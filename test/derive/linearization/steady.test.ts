// Steady motions of the derivation (src/derive/linearization/steady.ts):
// which coordinates are cyclic (the top's precession and spin, the contact
// point and spin of a rolling disk, the knife edge's position), the exact
// state matrix of the constrained equations against differences of their
// accelerations (the disk's non-holonomic rolling included), and a knife
// edge running straight on a level plane: its speed and heading are a
// family of steady motions, and a slight turn drifts into a wide circle.
import { describe, expect, it } from 'vitest';
import heavyTop from '../../../derivations/heavy-top.js';
import knifeEdge from '../../../derivations/knife-edge.js';
import { cyclicCoordinates, SteadyDynamics } from '../../../src/derive/linearization/steady.js';
import { steadySpectrum } from '../../../src/studies/steady-motion.js';
import rollingDisk from '../../fixtures/rolling-disk.js';
import { derived } from '../../helpers/examples.js';

describe('cyclic coordinates', () => {
  it('are the top’s precession and spin, the disk’s contact point and spin, the knife edge’s position', () => {
    expect(cyclicCoordinates(derived(heavyTop))).toEqual([true, false, true]);
    // The disk's heading psi turns its rolling constraints, so it is not cyclic.
    expect(cyclicCoordinates(derived(rollingDisk))).toEqual([true, true, false, false, true]);
    expect(cyclicCoordinates(derived(knifeEdge))).toEqual([true, true, false]);
  });
});

describe('the state matrix of the constrained equations', () => {
  it('is ∂(q̇, q̈)/∂(q, q̇) of the rolling disk’s accelerations, multipliers eliminated', () => {
    const system = derived(rollingDisk);
    const dynamics = new SteadyDynamics(system);
    const params = { m: 1.3, a: 0.4, g: 9.81 };
    const q = [0.1, 0.2, 0.3, 0.4, 0.5];
    const qd = [0.3, -0.2, 0.7, 0.4, 1.1];
    const J = dynamics.jacobian(params, q, qd)!;
    const n = q.length;
    const h = 1e-6;
    for (let col = 0; col < 2 * n; col++) {
      const shifted = (s: number) => {
        const qs = [...q],
          qds = [...qd];
        if (col < n) qs[col]! += s;
        else qds[col - n]! += s;
        return dynamics.accelerations(params, qs, qds)!.qdd;
      };
      const plus = shifted(h),
        minus = shifted(-h);
      for (let i = 0; i < n; i++) expect(J[n + i]![col]).toBeCloseTo((plus[i]! - minus[i]!) / (2 * h), 6);
      for (let i = 0; i < n; i++) expect(J[i]![col]).toBe(col === n + i ? 1 : 0);
    }
  });
});

describe('a knife edge running straight on a level plane', () => {
  it('moves along its blade at any speed and heading, and a slight turn drifts', () => {
    const system = derived(knifeEdge);
    const dynamics = new SteadyDynamics(system);
    const heading = 0.4,
      u = 2;
    // x' given, y' solved for: the blade forbids moving across it, y' = x' tan θ.
    const motion = dynamics.find({ m: 1, J: 0.1, g: 9.81, alpha: 0 }, { q: [0, 0, heading], qd: [u, 0, 0], free: [false, true, false] })!;
    expect(motion.qd[1]).toBeCloseTo(u * Math.tan(heading), 9);
    // Reduced state (θ, x', y', θ') on the blade's constraint: three dimensions.
    expect(motion.J).toHaveLength(3);
    const spectrum = steadySpectrum(motion.J);
    expect(spectrum.family).toBe(2);
    expect(spectrum.eigenvalues.every((z) => Math.hypot(z.re, z.im) < 1e-6)).toBe(true);
    expect(spectrum.verdict).toMatch(/^linear drift along the family/);
    // On the inclined plane the blade accelerates down the slope: no motion is steady at this heading.
    expect(dynamics.find({ m: 1, J: 0.1, g: 9.81, alpha: 0.3 }, { q: [0, 0, heading], qd: [u, 0, 0], free: [false, true, false] })).toBeUndefined();
  });
});
