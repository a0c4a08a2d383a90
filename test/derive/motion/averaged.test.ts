// kozlov1988 §3's circle billiard averaged: the derived law in the normal
// speed against the paper's v̇ = (e − 1)(2R)⁻¹v√(v² − u²), its closed-form
// solution against a numeric integration of the paper's law and a numeric
// quadrature of the time to the sliding, and against the billiard itself
// (each chord flown by hand, and simulated by the generated module): the
// averaged speed is followed to first order in 1 − e.
import { describe, expect, it } from 'vitest';
import circleBilliard from '../../../derivations/circle-billiard.js';
import bouncingBall from '../../../derivations/bouncing-ball.js';
import parabolic from '../../../derivations/parabolic-billiard.js';
import { evaluate } from '../../../src/core/evaluate.js';
import { derivedFacts } from '../../../src/derive/paper-results.js';
import { simulateModel } from '../../../src/pipeline/simulate-model.js';
import { derived } from '../../helpers/examples.js';

const facts = derivedFacts(derived(circleBilliard));
const get = (name: string) => facts.get(`impact1.single.averaged.${name}`)!;
const [R, u, w] = [1.3, 0.8, -0.6];
// α₁, the angle of the velocity to the tangent at t = 0: tan α₁ = −w/u.
const alpha1 = Math.atan(-w / u);
const at = (e: number, t = 0) => ({ R, e, u, w, alpha1, t });

/** The paper's law: v̇ = (e − 1)(2R)⁻¹ v √(v² − u²). */
const paperRate = (e: number, v: number): number => ((e - 1) / (2 * R)) * v * Math.sqrt(Math.max(v * v - u * u, 0));

/** The paper's law integrated by RK4 from v(0) = √(u² + w²) to t. */
function integrated(e: number, t: number, steps = 4000): number {
  let v = Math.hypot(u, w);
  const h = t / steps;
  for (let i = 0; i < steps; i++) {
    const k1 = paperRate(e, v);
    const k2 = paperRate(e, v + (h / 2) * k1);
    const k3 = paperRate(e, v + (h / 2) * k2);
    const k4 = paperRate(e, v + h * k3);
    v += (h / 6) * (k1 + 2 * k2 + 2 * k3 + k4);
  }
  return v;
}

describe('kozlov1988 §3: the circle billiard averaged', () => {
  it('the law ẇ is the paper’s v̇ with v² = u² + w², w ẇ = v v̇ (u held)', () => {
    for (const e of [0.9, 0.99, 0.5]) {
      const v = Math.hypot(u, w);
      expect(evaluate(get('law'), at(e))).toBeCloseTo((v * paperRate(e, v)) / w, 12);
    }
  });

  it('ΔT = (1 − e²)w²/2, the chord after the impact 2R sin α⁺ flown at v⁺ (sin α⁺ = e|w|/v⁺), and −ΔT/τ ≈ (1 − e)w(u² + w²)/(2R)', () => {
    for (const e of [0.9, 0.5]) {
      const after = Math.hypot(u, e * w);
      expect(evaluate(get('loss'), at(e))).toBeCloseTo(((1 - e * e) * w * w) / 2, 12);
      expect(evaluate(get('chord'), at(e))).toBeCloseTo((2 * R * (e * -w)) / after / after, 12);
      expect(evaluate(get('mean'), at(e))).toBeCloseTo(((1 - e) * w * (u * u + w * w)) / (2 * R), 12);
    }
  });

  it('v(t) = u/cos α(t) agrees with the paper’s law integrated numerically, to 1e-9', () => {
    const e = 0.9;
    const end = evaluate(get('sliding'), at(e));
    for (const f of [0.1, 0.5, 0.9, 0.99]) expect(evaluate(get('speed'), at(e, f * end))).toBeCloseTo(integrated(e, f * end), 9);
    // The angle after an impact struck with the normal velocity w: Newton's law leaves e|w|, tan α₁ = e|w|/u.
    expect(evaluate(get('start.value'), at(e))).toBeCloseTo(Math.atan((e * -w) / u), 12);
    expect(evaluate(get('angle'), at(e))).toBeCloseTo(alpha1, 12);
    expect(evaluate(get('speed'), at(e, end))).toBeCloseTo(u, 12);
  });

  it('the sliding starts at t* = ∫ dv/|v̇| from u to v(0) (quadrature), below the paper’s 2R/[u(1 − e)] only while α₀ < 1', () => {
    const e = 0.9;
    // v = u + s²: the integrand 2s/|v̇| is smooth at s = 0; Simpson's rule.
    const v0 = Math.hypot(u, w);
    const S = Math.sqrt(v0 - u);
    const n = 2000;
    const g = (s: number): number => (s === 0 ? (2 * 2 * R) / ((1 - e) * u * Math.sqrt(2 * u)) : (2 * s) / -paperRate(e, u + s * s));
    let sum = g(0) + g(S);
    for (let i = 1; i < n; i++) sum += (i % 2 ? 4 : 2) * g((i * S) / n);
    expect(evaluate(get('sliding'), at(e))).toBeCloseTo((sum * S) / (3 * n), 6);
    const bound = (2 * R) / (u * (1 - e));
    const tAt = (alpha0: number) => evaluate(get('sliding'), { R, e, u, alpha1: alpha0 });
    expect(tAt(0.9)).toBeLessThan(bound);
    expect(tAt(1.2)).toBeGreaterThan(bound);
    expect(tAt(Math.PI / 2 - 1e-9)).toBeCloseTo((Math.PI * R) / (u * (1 - e)), 6);
  });

  it('the billiard, chord by chord, follows the averaged v(t) to first order in 1 − e until 0.8 t*', () => {
    // At an impact the normal speed w < 0 becomes −ew and u is kept; the chord at the angle
    // α⁺ to the tangent is 2R sin α⁺ long, flown at v⁺, and ends with the normal speed ew < 0.
    const worst = (e: number): number => {
      const end = evaluate(get('sliding'), at(e));
      let [t, W, err] = [0, w, 0];
      while (t < 0.8 * end) {
        const v = Math.hypot(u, W);
        err = Math.max(err, Math.abs(v - evaluate(get('speed'), at(e, t))) / v);
        const out = -e * W;
        t += (2 * R * out) / (u * u + out * out);
        W = -out;
      }
      return err;
    };
    const [coarse, fine] = [worst(0.98), worst(0.99)];
    expect(coarse).toBeLessThan(0.1 * 0.02);
    expect(fine / coarse).toBeGreaterThan(0.45);
    expect(fine / coarse).toBeLessThan(0.55);
  });

  it('the simulated billiard (the generated module, event-driven) follows v(t) from its first impact to first order in 1 − e', () => {
    // From (cos α₀, 0) at the speed 1 along y: the chord at α₀ = 0.6435 (cos α₀ = 0.8) to the tangent, R = 1.
    const worst = (e: number): number => {
      const run = simulateModel(circleBilliard, { params: { R: 1, e }, q0: [0.8, 0], qd0: [0, 1], t1: 0.8 * ((2 * Math.acos(0.8)) / (0.8 * (1 - e))) });
      const impacts = run.events.filter((ev) => ev.type === 'impact');
      const [first] = impacts;
      const [x, y] = first!.q as [number, number];
      const [vx, vy] = first!.qd as [number, number];
      const [tangential, normal] = [Math.abs(x * vy - y * vx), Math.abs(x * vx + y * vy)];
      const start = { R: 1, e, u: tangential, alpha1: Math.atan2(normal, tangential) };
      expect(impacts.length).toBeGreaterThan(50);
      return Math.max(
        ...impacts.map((ev) => {
          const v = Math.hypot(ev.qd[0]!, ev.qd[1]!);
          return Math.abs(v - evaluate(get('speed'), { ...start, t: ev.t - first!.t })) / v;
        }),
      );
    };
    const [coarse, fine] = [worst(0.98), worst(0.99)];
    expect(coarse).toBeLessThan(0.1 * 0.02);
    expect(fine / coarse).toBeGreaterThan(0.45);
    expect(fine / coarse).toBeLessThan(0.55);
  });

  it('a bouncing ball (one coordinate) and the parabolic billiard (the mean rate depends on the point struck) have no averaged motion', () => {
    expect(derivedFacts(derived(bouncingBall)).has('impact1.single.averaged.law')).toBe(false);
    const parabolicFacts = derivedFacts(derived(parabolic));
    expect(parabolicFacts.has('impact1.single.averaged')).toBe(true);
    expect(parabolicFacts.has('impact1.single.averaged.law')).toBe(false);
  });
});
