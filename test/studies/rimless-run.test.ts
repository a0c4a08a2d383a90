// The rimless wheel's report run (derivations/rimless-wheel.ts, γ = 0.1, t ≤ 7) reaches rubanovich1981 §2's
// transition, "below a threshold rolling stops and rocking begins": after the third impact ψ̇⁺² is below
// 2g(1 − cos(α − γ))/(l(1 + I*)), typed here for the slope (α = π/6, the energy to lift the hub over the next spoke's
// vertical against the slope), and the wheel falls back onto the spoke it left.
import { describe, expect, it } from 'vitest';
import wheel from '../../derivations/rimless-wheel.js';
import { reportMotion } from '../../src/studies/motion.js';
import { derived } from '../helpers/examples.js';
import { loadGenerated } from '../helpers/generated-module.js';

describe('the rimless wheel’s run stops rolling and rocks', () => {
  it('after the third impact ψ̇⁺² = 1.1365 is below the slope’s threshold 1.1561; the fourth strike, at t ≈ 5.64, falls back', async () => {
    const { simulation } = reportMotion(await loadGenerated(derived(wheel)));
    if (!('trajectory' in simulation)) throw new Error('no trajectory');
    const impacts = simulation.trajectory.events.filter((e) => e.type === 'impact');
    const [l, g, Istar, gamma, alpha] = [1, 9.81, 0.5, 0.1, Math.PI / 6];
    const threshold = (2 * g * (1 - Math.cos(alpha - gamma))) / (l * (1 + Istar));
    expect(threshold).toBeCloseTo(1.1561, 4);
    const after = impacts.slice(0, 3).map((e) => e.qdPlus![2]! ** 2);
    expect(after.map((v) => Number(v.toFixed(4)))).toEqual([1.5096, 1.2513, 1.1365]);
    expect(after.slice(0, 2).every((v) => v > threshold)).toBe(true);
    expect(after[2]!).toBeLessThan(threshold);
    // Spokes 2, 3, 4 (contacts 1, 2, 3) strike rolling forward; then spoke 3 again, the wheel rocking back.
    expect(impacts.slice(0, 4).map((e) => e.contacts)).toEqual([[1], [2], [3], [2]]);
    expect(impacts[3]!.t).toBeCloseTo(5.64, 2);
  });
});
