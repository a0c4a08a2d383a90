// The speed after an impact below which the wheel with legs stops rolling and
// rocks (rubanovich1981 §2), against the energy argument typed by hand and a
// numerical integration of the wheel turning about its foot.
import { describe, expect, it } from 'vitest';
import hingedCompass from '../../../derivations/hinged-compass.js';
import { rimlessWheelStance } from '../../../derivations/rimless-wheel.js';
import { evaluate } from '../../../src/core/evaluate.js';
import { vaultingSpeedSquared } from '../../../src/derive/unilateral/vaulting.js';
import { derived } from '../../helpers/examples.js';

/**
 * The wheel (mass 2m, inertia 2ml²I* about the hub) turning about the foot of spoke 1, θ the spoke's angle from
 * the upward vertical at the foot: 2ml²(1 + I*)θ̈ = 2mgl sin θ. From θ = α at θ̇ = −v: does θ reach 0 (the top)?
 */
function passesOver(v: number, alpha: number, Istar: number, g: number, l: number): boolean {
  const k = g / (l * (1 + Istar));
  let [theta, rate] = [alpha, -v];
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

  it('passes over it iff ψ̇(+0)² > 2g(1 − cos α)/(l(1 + I*)): the rise of the hub, l(1 − cos α), against T = ml²(1 + I*)ψ̇²', () => {
    for (const [alpha, Istar, g, l] of [
      [Math.PI / 6, 0.5, 9.81, 1],
      [0.2, 0, 3, 0.7],
      [Math.PI / 4, 1, 9.81, 2],
    ] as const)
      expect(evaluate(vault, { alpha, Istar, g, l, m: 1 })).toBeCloseTo((2 * g * (1 - Math.cos(alpha))) / (l * (1 + Istar)), 12);
  });

  it('agrees with the wheel integrated about its foot: 1 % above the threshold it rolls on, 1 % below it falls back', () => {
    const [alpha, Istar, g, l] = [Math.PI / 6, 0.5, 9.81, 1];
    const v = Math.sqrt(evaluate(vault, { alpha, Istar, g, l, m: 1 }));
    expect(passesOver(1.01 * v, alpha, Istar, g, l)).toBe(true);
    expect(passesOver(0.99 * v, alpha, Istar, g, l)).toBe(false);
  });

  it('is not defined where two velocities are free (the hinged compass)', () => {
    const hinged = derived(hingedCompass);
    expect(vaultingSpeedSquared(hinged, hinged.unilateral!.impactMaps[0]!)).toBeUndefined();
  });
});
