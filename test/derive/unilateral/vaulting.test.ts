// The speed after an impact below which the wheel with legs stops rolling and
// rocks (rubanovich1981 §2), against the energy argument typed by hand and a
// numerical integration of the wheel turning about its foot, on the horizontal
// line and on the slope γ.
import { describe, expect, it } from 'vitest';
import hingedCompass from '../../../derivations/hinged-compass.js';
import { rimlessWheelStance } from '../../../derivations/rimless-wheel.js';
import { evaluate } from '../../../src/core/evaluate.js';
import { vaultingSpeedSquared } from '../../../src/derive/unilateral/vaulting.js';
import { derived } from '../../helpers/examples.js';

/**
 * The wheel (mass 2m, inertia 2ml²I* about the hub) turning about the foot of spoke 1, θ the spoke's angle from
 * the upward vertical at the foot: 2ml²(1 + I*)θ̈ = 2mgl sin θ. On the line inclined at γ the spoke arrives at
 * θ = α − γ. From there at θ̇ = −v: does θ reach 0 (the top)?
 */
function passesOver(v: number, alpha: number, gamma: number, Istar: number, g: number, l: number): boolean {
  const k = g / (l * (1 + Istar));
  let [theta, rate] = [alpha - gamma, -v];
  const h = 1e-4;
  const f = (th: number, w: number): [number, number] => [w, k * Math.sin(th)];
  for (let i = 0; i < 200000; i++) {
    if (theta <= 0) return true;
    if (rate >= 0) return false;
    const k1 = f(theta, rate);
    const k2 = f(theta + (h / 2) * k1[0], rate + (h / 2) * k1[1]);
    const k3 = f(theta + (h / 2) * k2[0], rate + (h / 2) * k2[1]);
    const k4 = f(theta + h * k3[0], rate + h * k3[1]);
    theta += (h / 6) * (k1[0] + 2 * k2[0] + 2 * k3[0] + k4[0]);
    rate += (h / 6) * (k1[1] + 2 * k2[1] + 2 * k3[1] + k4[1]);
  }
  throw new Error('no decision');
}

describe('the wheel with legs, turning on the arriving spoke after the impact', () => {
  const system = derived(rimlessWheelStance());
  const vault = vaultingSpeedSquared(system, system.unilateral!.impactMaps[0]!)!;

  it('passes over it iff ψ̇(+0)² > 2g(1 − cos(α − γ))/(l(1 + I*)): the rise of the hub, l(1 − cos(α − γ)), against T = ml²(1 + I*)ψ̇²', () => {
    for (const [alpha, gamma, Istar, g, l] of [
      [Math.PI / 6, 0, 0.5, 9.81, 1],
      [Math.PI / 6, 0.1, 0.5, 9.81, 1],
      [0.2, 0.05, 0, 3, 0.7],
      [Math.PI / 4, 0.3, 1, 9.81, 2],
    ] as const)
      expect(evaluate(vault, { alpha, gamma, Istar, g, l, m: 1 })).toBeCloseTo((2 * g * (1 - Math.cos(alpha - gamma))) / (l * (1 + Istar)), 12);
    // The rimless wheel's report run (γ = 0.1, α = π/6): 1.1561, above its third impact's ψ̇⁺² = 1.1365 (test/studies/rimless-run.test.ts).
    expect(evaluate(vault, { alpha: Math.PI / 6, gamma: 0.1, Istar: 0.5, g: 9.81, l: 1, m: 1 })).toBeCloseTo(1.1561, 4);
  });

  it('agrees with the wheel integrated about its foot: 1 % above the threshold it rolls on, 1 % below it falls back', () => {
    const [alpha, Istar, g, l] = [Math.PI / 6, 0.5, 9.81, 1];
    for (const gamma of [0, 0.1]) {
      const v = Math.sqrt(evaluate(vault, { alpha, gamma, Istar, g, l, m: 1 }));
      expect(passesOver(1.01 * v, alpha, gamma, Istar, g, l)).toBe(true);
      expect(passesOver(0.99 * v, alpha, gamma, Istar, g, l)).toBe(false);
    }
  });

  it('is not defined where two velocities are free (the hinged compass)', () => {
    const hinged = derived(hingedCompass);
    expect(vaultingSpeedSquared(hinged, hinged.unilateral!.impactMaps[0]!)).toBeUndefined();
  });
});
