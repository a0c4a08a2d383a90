// Moreau–Jean time-stepping against the event-driven simulation on the
// generated examples: first order in h (positions within O(h)), the same
// impacts, and no spurious kick where a force jumps (Kozlov's g·sgn x).
import { describe, expect, it } from 'vitest';
import { simulate } from '../../src/runtime/hybrid/simulate.js';
import { simulateMoreauJean } from '../../src/runtime/hybrid/moreau-jean.js';
import type { LoadedModule } from '../../src/runtime/contract.js';
import * as kozlov from '../../generated/kozlov-release.js';
import * as pendulumWall from '../../generated/pendulum-wall.js';

function compare(mod: LoadedModule, h: number): { dq: number; edImpacts: number[]; mjImpacts: number[] } {
  const { q0, qd0, t1 } = mod.model.initial;
  const ed = simulate(mod, { q0, qd0, t1, samples: 101 });
  const mj = simulateMoreauJean(mod, { q0, qd0, t1, h, samples: 101 });
  let dq = 0;
  ed.t.forEach((_, k) => ed.q[k]!.forEach((x, i) => (dq = Math.max(dq, Math.abs(x - mj.q[k]![i]!)))));
  const impacts = (events: readonly { type: string; t: number }[]) => events.filter((e) => e.type === 'impact').map((e) => e.t);
  return { dq, edImpacts: impacts(ed.events), mjImpacts: impacts(mj.events) };
}

describe('double pendulum at a wall: Moreau–Jean against event-driven', () => {
  it('has the same impacts, within a few steps, and positions within O(h)', () => {
    for (const h of [1e-3, 1e-4]) {
      const { dq, edImpacts, mjImpacts } = compare(pendulumWall as LoadedModule, h);
      expect(mjImpacts).toHaveLength(edImpacts.length);
      mjImpacts.forEach((t, k) => expect(Math.abs(t - edImpacts[k]!)).toBeLessThan(60 * h));
      expect(dq).toBeLessThan(30 * h);
    }
  });
});

describe('Kozlov’s release: Moreau–Jean against event-driven', () => {
  it('leaves the line at t = 1 with no velocity kick where the force changes sign', () => {
    for (const h of [1e-3, 1e-4]) expect(compare(kozlov as LoadedModule, h).dq).toBeLessThan(5 * h);
  });
});
