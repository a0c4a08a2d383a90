// The realized variant's reaction and friction along a run
// (src/studies/support-history.ts), for Smirnov's example 1 under
// F_z = 2 cos t (derivations/point-between-planes-switching.ts): the bearing
// plane takes N = |F_z| = 2|cos t|, and Φ = f2 F_z = 2 f2 cos t while F_z > 0,
// Φ = −f1 F_z while F_z < 0 (smirnov1981 §2); it switches at π/2 and 3π/2.
import { describe, expect, it } from 'vitest';
import switching from '../../derivations/point-between-planes-switching.js';
import planes from '../../derivations/point-between-planes.js';
import { simulate } from '../../src/runtime/hybrid/simulate.js';
import { supportHistory } from '../../src/studies/support-history.js';
import { derived } from '../helpers/examples.js';
import { loadGenerated } from '../helpers/generated-module.js';

describe('N and Φ along the run under F_z = 2 cos t', () => {
  it('N = 2|cos t|, Φ = 2 f2 cos t or −2 f1 cos t, and two switches', async () => {
    const sys = derived(switching);
    const tr = simulate(await loadGenerated(sys), { q0: [0, 0], qd0: [1, 0], t1: 6, samples: 61 });
    const h = supportHistory(sys, tr)!;
    expect(h.switches).toBe(2);
    h.t.forEach((t, k) => {
      const Fz = 2 * Math.cos(t);
      expect(h.reactions[0]![k]).toBeCloseTo(Math.abs(Fz), 9);
      expect(h.friction[k]).toBeCloseTo(Fz > 0 ? 0.5 * Fz : -0.2 * Fz, 9);
    });
  });
  it('the constant load F_z = 2 never switches: N = 2, Φ = f2 F_z = 1', () => {
    const t = [0, 1, 2];
    const h = supportHistory(derived(planes), { t, q: t.map((s) => [1 + s, 0]), qd: t.map(() => [1, 0]) })!;
    expect(h.switches).toBe(0);
    expect(h.reactions[0]).toEqual([2, 2, 2]);
    expect(h.friction).toEqual([1, 1, 1]);
  });
});
