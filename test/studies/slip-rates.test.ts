// The slip velocities of the falling rod's ends along a trajectory, against
// the ends' horizontal velocities by hand: A = (x − l cos θ, …) moves at
// ẋ + l θ̇ sin θ, B = (x + l cos θ, …) at ẋ − l θ̇ sin θ.
import { describe, expect, it } from 'vitest';
import fallingRod from '../../derivations/falling-rod.js';
import blockOnIncline from '../../derivations/block-on-incline.js';
import circleBilliard from '../../derivations/circle-billiard.js';
import { slipRates } from '../../src/studies/slip-rates.js';
import { derived } from '../helpers/examples.js';

describe('slip velocities along a run', () => {
  it('the rod’s ends: ṡ_A = ẋ + l θ̇ sin θ, ṡ_B = ẋ − l θ̇ sin θ at every sample, in m', () => {
    const system = derived(fallingRod);
    const l = system.model.parameters.find((p) => p.name === 'l')!.default;
    const tr = {
      t: [0, 0.1, 0.2],
      q: [
        [0, 1, 0.7],
        [0.3, 0.8, -0.4],
        [-1, 0.2, 2.5],
      ],
      qd: [
        [1, 0, 0],
        [0.5, -2, 1.5],
        [-0.2, 0.3, -3],
      ],
    };
    const rates = slipRates(system, tr)!;
    expect(rates.contacts).toEqual([0, 1]);
    expect(rates.unit).toBe('m');
    tr.q.forEach(([, , theta], k) => {
      const [xd, , td] = tr.qd[k]! as [number, number, number];
      expect(rates.rates[0]![k]).toBeCloseTo(xd + l * td * Math.sin(theta!), 12);
      expect(rates.rates[1]![k]).toBeCloseTo(xd - l * td * Math.sin(theta!), 12);
    });
  });

  it('none for a model without friction, nor where the slip is a coordinate (the block’s s = x: ṡ is ẋ, plotted already)', () => {
    expect(slipRates(derived(circleBilliard), { t: [0], q: [[1, 0]], qd: [[0, 1]] })).toBeUndefined();
    expect(slipRates(derived(blockOnIncline), { t: [0], q: [[0, 0]], qd: [[1, 0]] })).toBeUndefined();
  });
});
