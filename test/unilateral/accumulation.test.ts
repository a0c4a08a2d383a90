// Accumulations of impacts (Zeno behaviour) in the event-driven simulation:
// the rest is decided by the impact sequence itself, at its accumulation
// point, whatever the length of the run.
import { describe, expect, it } from 'vitest';
import * as ball from '../../generated/bouncing-ball.js';
import * as pendulumWall from '../../generated/pendulum-wall.js';
import type { GeneratedModel } from '../../src/runtime/contract.js';
import { simulate } from '../../src/runtime/simulate.js';

describe('bouncing ball (e = 0.9, dropped from 1 m): rest at t₁(1 + e)/(1 − e) for any t1', () => {
  // Dropped from rest at height h the ball lands at t₁ = √(2h/g) with speed
  // g t₁; after impact k it leaves with e^k g t₁ and flies 2e^k t₁, so the
  // impacts accumulate at t₁ + 2t₁ Σ_{k≥1} e^k = t₁(1 + e)/(1 − e).
  const g = 9.81, h = 1, e = 0.9;
  const t1Impact = Math.sqrt((2 * h) / g);
  const accumulation = (t1Impact * (1 + e)) / (1 - e);

  it.each([10, 1e3, 1e5, 1e6])('t1 = %d: one rest event, at the accumulation point to 1e-9 relative, and at rest after it', (t1) => {
    const run = simulate(ball as GeneratedModel, { q0: [h], qd0: [0], t1, params: { g, e }, samples: 101 });
    const rest = run.events.filter((ev) => ev.type === 'rest');
    expect(rest).toHaveLength(1);
    expect(rest[0]!.contacts).toEqual([0]);
    expect(Math.abs(rest[0]!.t - accumulation) / accumulation).toBeLessThan(1e-9);
    expect(rest[0]!.accumulation).toBe(rest[0]!.t);
    expect(run.events.at(-1)).toBe(rest[0]);
    run.t.forEach((t, i) => {
      if (t < rest[0]!.t) return;
      expect(Math.abs(run.q[i]![0]!)).toBeLessThan(1e-15);
      expect(Math.abs(run.qd[i]![0]!)).toBeLessThan(1e-15);
    });
  });
});

describe('double pendulum resting against a wall it hangs beyond (d = −0.3, e = 0.7)', () => {
  // The hanging equilibrium x = 0 lies behind the wall x ≤ d, so the lower bob
  // beats on the wall with shrinking bounces and comes to rest on it.
  const restOf = (t1: number) => {
    const run = simulate(pendulumWall as GeneratedModel, { q0: [-0.6, -0.9], qd0: [0, 0], t1, params: { d: -0.3 }, samples: 11 });
    return run.events.filter((ev) => ev.type === 'rest');
  };

  it('rests once, at the same time for t1 = 10, 100 and 1000 (to the last bit)', () => {
    const rests = [10, 100, 1000].map(restOf);
    for (const rest of rests) expect(rest).toHaveLength(1);
    expect(rests[0]![0]!.t).toBeGreaterThan(1);
    expect(rests[0]![0]!.t).toBeLessThan(10);
    for (const rest of rests.slice(1)) expect(rest[0]!.t).toBe(rests[0]![0]!.t);
  });
});
