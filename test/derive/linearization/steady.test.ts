// Steady motions of the derivation (src/derive/linearization/steady.ts):
// which coordinates are cyclic (the top's precession and spin, the contact
// point and spin of a rolling disk, the knife edge's position), the exact
// state matrix of the constrained equations against differences of their
// accelerations (the disk's non-holonomic rolling included), a knife
// edge running straight on a level plane (its speed and heading are a
// family of steady motions, and a slight turn drifts into a wide circle),
// the conical pendulum held at its length by a holonomic constraint:
// φ̇² = g/(l cos θ₀) and small oscillations at Ω² = φ̇²(1 + 3 cos²θ₀)
// (θ from the downward vertical; by hand from Routh's reduction: with
// p = m l² sin²θ φ̇ held, V_R = −m g l cos θ + p²/(2 m l² sin²θ) and
// Ω² = V_R''(θ₀)/(m l²)); a time-dependent model is refused by name.
import { describe, expect, it } from 'vitest';
import heavyTop from '../../../derivations/heavy-top.js';
import knifeEdge from '../../../derivations/knife-edge.js';
import { cyclicCoordinates, SteadyDynamics } from '../../../src/derive/linearization/steady.js';
import { steadySpectrum } from '../../../src/studies/steady-motion.js';
import rollingDisk from '../../fixtures/rolling-disk.js';
import { defineModel } from '../../../src/model/index.js';
import { derived } from '../../helpers/examples.js';

// A spherical pendulum in spherical coordinates whose length is a holonomic constraint r = l.
const sphericalPendulum = defineModel({
  name: 'held-spherical-pendulum',
  coordinates: [{ name: 'r' }, { name: 'theta', unit: 'rad' }, { name: 'phi', unit: 'rad' }],
  parameters: { m: { default: 1 }, l: { default: 1 }, g: { default: 9.81 } },
  kinetic: "m*(r'^2 + r^2*theta'^2 + r^2*sin(theta)^2*phi'^2)/2",
  potential: '-m*g*r*cos(theta)',
  holonomic: [{ name: 'rod', expr: 'r - l' }],
  initial: { q: { r: 1, theta: 0.5 }, qd: { phi: 3 }, t1: 1 },
});

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

describe('the conical pendulum, its length held by a holonomic constraint', () => {
  it('turns at φ̇² = g/(l cos θ₀) and oscillates about it at Ω² = φ̇²(1 + 3 cos²θ₀)', () => {
    const system = derived(sphericalPendulum);
    const dynamics = new SteadyDynamics(system);
    expect(dynamics.cyclic).toEqual([false, false, true]);
    const params = { m: 0.8, l: 1.3, g: 9.81 },
      theta0 = 0.6;
    const motion = dynamics.find(params, { q: [params.l, theta0, 0], qd: [0, 0, 3], free: [false, false, true] })!;
    const rate = Math.sqrt(params.g / (params.l * Math.cos(theta0)));
    expect(motion.qd[2]).toBeCloseTo(rate, 9);
    // Reduced state (r, θ, ṙ, θ̇, φ̇) less r − l and ṙ: three dimensions, the rate's family and the oscillation.
    expect(motion.J).toHaveLength(3);
    const spectrum = steadySpectrum(motion.J);
    expect(spectrum.family).toBe(1);
    const frequency = rate * Math.sqrt(1 + 3 * Math.cos(theta0) ** 2);
    expect(spectrum.eigenvalues.map((z) => [z.re, Math.abs(z.im)])).toEqual([
      [expect.closeTo(0, 9), expect.closeTo(frequency, 9)],
      [expect.closeTo(0, 9), expect.closeTo(frequency, 9)],
    ]);
  });
});

describe('what is not sought', () => {
  it('a model whose equations depend on time has no steady motion: a named error', () => {
    const shaken = defineModel({
      name: 'shaken-particle',
      coordinates: [{ name: 'x' }, { name: 'y' }],
      parameters: { m: { default: 1 }, g: { default: 9.81 } },
      kinetic: "m*(x'^2 + y'^2)/2",
      potential: 'm*g*y*(1 + cos(t))',
      initial: { qd: { x: 1 }, t1: 1 },
    });
    expect(() => new SteadyDynamics(derived(shaken))).toThrow(
      expect.objectContaining({ code: 'steady-unsupported', message: expect.stringContaining('depend on time') }),
    );
  });
});
