// Smirnov's example 1 under an alternating normal load F_z = F cos t
// (derivations/point-between-planes-switching.ts): the bearing plane switches
// at t = π/2 and 3π/2, and with it the friction, Φ = f2 F_z while F_z > 0 and
// Φ = −f1 F_z while F_z < 0 (smirnov1981 §2). With m = 1 the point slides
// forward throughout (F_x = 3 > Φ ≤ 1), so ẋ(t) = 1 + F_x t − ∫₀ᵗ Φ, whose
// integral, piece by piece, is typed here from the paper's Φ (to 1e-4: the
// integrator steps across the kinks of ẍ at the switches):
//   t ≤ π/2:          F f2 sin t
//   π/2 ≤ t ≤ 3π/2:   F f2 + F f1 (1 − sin t)
//   3π/2 ≤ t ≤ 5π/2:  F f2 + 2 F f1 + F f2 (1 + sin t).
import { describe, expect, it } from 'vitest';
import switching from '../../../derivations/point-between-planes-switching.js';
import { simulate } from '../../../src/runtime/hybrid/simulate.js';
import { derived } from '../../helpers/examples.js';
import { loadGenerated } from '../../helpers/generated-module.js';

const [F, f1, f2, Fx] = [2, 0.2, 0.5, 3];
function frictionImpulse(t: number): number {
  if (t <= Math.PI / 2) return F * f2 * Math.sin(t);
  if (t <= (3 * Math.PI) / 2) return F * f2 + F * f1 * (1 - Math.sin(t));
  return F * f2 + 2 * F * f1 + F * f2 * (1 + Math.sin(t));
}

describe('point between planes under F_z = 2 cos t: the bearing plane switches', () => {
  it('ẋ follows 1 + 3t − ∫Φ with Φ switching between f2 F_z and −f1 F_z (ẋ(6) = 16.479)', async () => {
    const mod = await loadGenerated(derived(switching));
    const tr = simulate(mod, { q0: [0, 0], qd0: [1, 0], t1: 6, samples: 61 });
    for (const t of [1, 2, 3, 4, 5, 6]) {
      const k = tr.t.findIndex((s) => Math.abs(s - t) < 1e-9);
      expect(tr.qd[k]![0]).toBeCloseTo(1 + Fx * t - frictionImpulse(t), 4);
      expect(tr.q[k]![1]).toBeCloseTo(0, 9);
    }
    expect(1 + Fx * 6 - frictionImpulse(6)).toBeCloseTo(16.479, 3);
    // Against the constant load's friction f2 F = 1 all along, ẋ(6) would be 13: the switch matters.
    expect(1 + Fx * 6 - frictionImpulse(6)).toBeGreaterThan(13 + 3);
  });
});
