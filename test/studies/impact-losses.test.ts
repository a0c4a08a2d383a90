// The kinetic energy the simulated impacts take (src/studies/impact-losses.ts),
// against T typed from each model: Carnot's ½[q̇]ᵀM[q̇] (rubanovich1981 (3.14))
// for the compass walker's plastic, sticking heel strikes; for the bouncing
// ball's Newton law, ½m v⁻²(1 − e²), less than Carnot's ½m(1 + e)²v⁻².
import { describe, expect, it } from 'vitest';
import { simulate } from '../../src/runtime/hybrid/simulate.js';
import { impactLosses } from '../../src/studies/impact-losses.js';
import { committedModule } from '../helpers/examples.js';

describe('the energy the impacts take', () => {
  it('the compass walker loses Carnot’s ½[q̇]ᵀM[q̇] at each heel strike, 5.4 to 6.4 J from its start off the gait', async () => {
    const walker = (await committedModule('compass-walker'))!;
    const { q0, qd0 } = walker.model.initial;
    const run = simulate(walker, { q0, qd0, t1: 4, rtol: 1e-8, atol: 1e-10 });
    const study = impactLosses(walker, run)!;
    const [mH, m, b] = [10, 5, 0.5];
    // T = m_H|v_H|²/2 + Σ m|v_H + b ȧi (cos ai, sin ai)|²/2, typed from the model's geometry.
    const T = (q: readonly number[], v: readonly number[]): number =>
      (mH * (v[0]! ** 2 + v[1]! ** 2)) / 2 +
      [2, 3].reduce((s, i) => s + (m * ((v[0]! + b * Math.cos(q[i]!) * v[i]!) ** 2 + (v[1]! + b * Math.sin(q[i]!) * v[i]!) ** 2)) / 2, 0);
    const impacts = run.events.filter((e) => e.type === 'impact');
    expect(study.impacts).toHaveLength(impacts.length);
    expect(impacts.length).toBe(5);
    impacts.forEach((e, k) => {
      const jump = e.qdPlus!.map((v, i) => v - e.qd[i]!);
      expect(study.impacts[k]!.lost).toBeCloseTo(T(e.q, e.qd) - T(e.q, e.qdPlus!), 10);
      // Carnot: T of the velocity jump (T is a quadratic form in the velocities, the same M).
      expect(study.impacts[k]!.carnot).toBeCloseTo(T(e.q, jump), 10);
      // The start has the swing leg at rest, off the gait's 5.498 J a step: the first strikes take more, approaching it.
      expect(study.impacts[k]!.lost).toBeGreaterThan(5.4);
      expect(study.impacts[k]!.lost).toBeLessThan(6.4);
    });
    expect(study.carnot).toBe(true);
  });

  it('the bouncing ball (Newton, e = 0.8) loses ½m v⁻²(1 − e²), not Carnot’s ½m(1 + e)²v⁻²', async () => {
    const ball = (await committedModule('bouncing-ball'))!;
    const run = simulate(ball, { q0: [1], qd0: [0], t1: 0.5 });
    const study = impactLosses(ball, run)!;
    const v = Math.sqrt(2 * 9.81);
    expect(study.impacts[0]!.lost).toBeCloseTo(0.5 * v * v * (1 - 0.64), 8);
    expect(study.impacts[0]!.carnot).toBeCloseTo(0.5 * 1.8 ** 2 * v * v, 8);
    expect(study.carnot).toBe(false);
  });
});
