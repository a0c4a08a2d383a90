// The bouncing ball (derivations/bouncing-ball.ts): y ≥ 0, Newton restitution e.
//
// Closed form. Dropped from rest at height h it lands at t₁ = √(2h/g) with
// speed v₁ = g t₁. After impact k it leaves with e^k v₁ and flies for
// 2e^k v₁/g = 2e^k t₁, so
//   t_{k+1} = t_k + 2e^k t₁,   t_k = t₁ (1 + 2e(1 − e^{k−1})/(1 − e)),
// and the impacts accumulate at t_∞ = t₁ + 2t₁ e/(1 − e) = t₁(1 + e)/(1 − e),
// after which the ball rests on the floor. Between impacts k and k + 1 the
// energy is T + V = m g h e^{2k}.
import { describe, expect, it } from 'vitest';
import * as ball from '../../generated/bouncing-ball.js';
import { simulate } from '../../src/runtime/hybrid/simulate.js';
import { simulateMoreauJean } from '../../src/runtime/hybrid/moreau-jean.js';

const CASES = [
  { h: 1, m: 1, g: 9.81, e: 0.8 },
  { h: 2.5, m: 0.3, g: 1.62, e: 0.5 },
];

function closedForm({ h, g, e }: { h: number; g: number; e: number }) {
  const t1 = Math.sqrt((2 * h) / g);
  /** Time of impact k = 1, 2, … */
  const impact = (k: number): number => t1 * (1 + (2 * e * (1 - e ** (k - 1))) / (1 - e));
  const rest = (t1 * (1 + e)) / (1 - e);
  /** Impacts before time t (t < rest). */
  const count = (t: number): number => (t < t1 ? 0 : 1 + Math.floor(Math.log(1 - ((t / t1 - 1) * (1 - e)) / (2 * e)) / Math.log(e)));
  /** Height at time t. */
  const y = (t: number): number => {
    if (t < t1) return h - (g * t * t) / 2;
    if (t >= rest) return 0;
    const k = count(t);
    const s = t - impact(k);
    return e ** k * g * t1 * s - (g * s * s) / 2;
  };
  return { t1, impact, rest, count, y };
}

describe.each(CASES)('bouncing ball, event-driven: h = $h, g = $g, e = $e', (c) => {
  const params = { m: c.m, g: c.g, e: c.e };
  const exact = closedForm(c);
  const t1 = 1.5 * exact.rest;
  const run = simulate(ball, { q0: [c.h], qd0: [0], t1, params, samples: 3001 });
  const impacts = run.events.filter((ev) => ev.type === 'impact');

  it('hits the floor at t_k = t₁(1 + 2e(1 − e^{k−1})/(1 − e)) to 1e-12 relative, impact after impact', () => {
    expect(impacts.length).toBeGreaterThanOrEqual(15);
    let worst = 0;
    impacts.forEach((ev, i) => {
      expect(ev.contacts).toEqual([0]);
      const tk = exact.impact(i + 1);
      worst = Math.max(worst, Math.abs(ev.t - tk) / tk);
    });
    expect(worst).toBeLessThan(1e-12);
    // The recursion itself: t_{k+1} − t_k = 2 e^k t₁ (while the flights are long enough to time well).
    for (let k = 1; k < 10; k++) expect(impacts[k]!.t - impacts[k - 1]!.t).toBeCloseTo(2 * c.e ** k * exact.t1, 10);
  });

  it('passes to rest at the accumulation point t₁(1 + e)/(1 − e)', () => {
    const rest = run.events.filter((ev) => ev.type === 'rest');
    expect(rest).toHaveLength(1);
    expect(rest[0]!.contacts).toEqual([0]);
    expect(Math.abs(rest[0]!.accumulation! - exact.rest) / exact.rest).toBeLessThan(1e-10);
    expect(rest[0]!.t).toBe(rest[0]!.accumulation); // recorded at the accumulation point itself
    expect(run.events.at(-1)!.type).toBe('rest');
    run.t.forEach((t, i) => {
      if (t > exact.rest) {
        expect(Math.abs(run.q[i]![0]!)).toBeLessThan(1e-14);
        expect(Math.abs(run.qd[i]![0]!)).toBeLessThan(1e-14);
      }
    });
  });

  it('follows the parabolas between impacts, with energy m g h e^{2k} after impact k', () => {
    let worstY = 0,
      worstE = 0;
    run.t.forEach((t, i) => {
      if (t >= exact.rest - 1e-3) return;
      worstY = Math.max(worstY, Math.abs(run.q[i]![0]! - exact.y(t)) / c.h);
      const energy = c.m * c.g * c.h * c.e ** (2 * exact.count(t));
      worstE = Math.max(worstE, Math.abs(run.energy![i]! - energy) / (c.m * c.g * c.h));
    });
    expect(worstY).toBeLessThan(1e-10);
    expect(worstE).toBeLessThan(1e-10);
    // And after the rest: T + V = 0.
    run.t.forEach((t, i) => {
      if (t > exact.rest) expect(Math.abs(run.energy![i]!)).toBeLessThan(1e-12);
    });
  });
});

describe('bouncing ball: event-driven and Moreau–Jean agree within their tolerances', () => {
  const c = CASES[0]!;
  const params = { m: c.m, g: c.g, e: c.e };
  const exact = closedForm(c);
  const t1 = 6;
  const samples = 1201;
  const ed = simulate(ball, { q0: [c.h], qd0: [0], t1, params, samples });
  const mj = (h: number) => simulateMoreauJean(ball, { q0: [c.h], qd0: [0], t1, h, params, samples });
  const runs = [1e-3, 1e-4].map((h) => ({ h, run: mj(h) }));

  it('heights differ by at most 10 h on the common grid, and the difference shrinks with h (first order)', () => {
    const diffs = runs.map(({ h, run }) => {
      expect(run.t).toEqual(ed.t);
      let d = 0;
      for (let i = 0; i < ed.t.length; i++) d = Math.max(d, Math.abs(ed.q[i]![0]! - run.q[i]![0]!));
      expect(d, `h = ${h}`).toBeLessThan(10 * h);
      return d;
    });
    expect(diffs[1]!).toBeLessThan(diffs[0]! / 5);
  });

  it('Moreau–Jean reports the first impacts within (k + 1) steps of the event-driven ones, and the rest within 20 steps of t₁(1 + e)/(1 − e)', () => {
    const edImpacts = ed.events.filter((ev) => ev.type === 'impact');
    for (const { h, run } of runs) {
      const impacts = run.events.filter((ev) => ev.type === 'impact');
      // Impacts whose flight before is long compared with h. The contact
      // enters the index set when g(q + h/2·v) ≤ 0 and the event is stamped
      // at the end of that step, up to 1.5 steps from the true time, and the
      // O(h) timing errors add up from impact to impact (measured: 1.5h at
      // the first, 5.2h at the eighth for h = 1e-4).
      for (let k = 0; k < 8; k++) {
        expect(Math.abs(impacts[k]!.t - edImpacts[k]!.t), `h = ${h}, impact ${k + 1}`).toBeLessThanOrEqual((k + 2) * h);
      }
      const rest = run.events.filter((ev) => ev.type === 'rest');
      expect(rest).toHaveLength(1);
      expect(Math.abs(rest[0]!.t - exact.rest), `h = ${h}`).toBeLessThan(20 * h);
      // At rest Moreau–Jean sits on the floor within O(g h²) with zero velocity.
      expect(Math.abs(run.q.at(-1)![0]!)).toBeLessThan(c.g * h * h);
      expect(Math.abs(run.qd.at(-1)![0]!)).toBeLessThan(1e-12);
    }
  });

  it('both never exceed the initial energy m g h and end at rest (Moreau–Jean within its O(h²) penetration)', () => {
    for (const [h, run] of [[0, ed], ...runs.map((r) => [r.h, r.run] as const)] as const) {
      for (const E of run.energy!) expect(E).toBeLessThanOrEqual(c.m * c.g * c.h * (1 + 1e-9));
      expect(Math.abs(run.energy!.at(-1)!)).toBeLessThanOrEqual(c.m * c.g * c.g * h * h + 1e-14);
    }
  });
});
