// A run of constant accelerations (src/studies/uniform-motion.ts): found where every velocity is a straight line in
// time and nothing happens, refused where a velocity bends or an event occurs.
import { describe, expect, it } from 'vitest';
import { uniformMotion } from '../../src/studies/uniform-motion.js';

const t = Array.from({ length: 11 }, (_, k) => k / 10);

describe('uniform motion', () => {
  it('x = 0.5t + t²/4, y at rest: the accelerations 0.5 and 0, the end state at t = 1', () => {
    const q = t.map((s) => [0.5 * s + (s * s) / 4, 0.2]);
    const qd = t.map((s) => [0.5 + s / 2, 0]);
    const u = uniformMotion(t, q, qd, []);
    expect(u?.accelerations[0]).toBeCloseTo(0.5, 12);
    expect(u?.accelerations[1]).toBe(0);
    expect(u?.q1).toEqual([0.75, 0.2]);
    expect(u?.qd1).toEqual([1, 0]);
    expect(u?.t1).toBe(1);
  });
  it('a velocity that bends (a pendulum’s sin t), an event, or no acceleration at all is no uniform acceleration', () => {
    expect(
      uniformMotion(
        t,
        t.map((s) => [1 - Math.cos(s)]),
        t.map((s) => [Math.sin(s)]),
        [],
      ),
    ).toBeUndefined();
    const q = t.map((s) => [s]);
    const qd = t.map(() => [1]);
    expect(uniformMotion(t, q, qd, [{ t: 0.5, type: 'impact' }])).toBeUndefined();
    // Constant velocities (a steady motion) are no acceleration to state.
    expect(uniformMotion(t, q, qd, [])).toBeUndefined();
  });
});
