// Painlevé's rod at run time (derivations/falling-rod.ts): a uniform rod
// (m = 1, half length l = 1) whose end A slides backwards (ṡ < 0, d = −1)
// at θ = π/6, end B high above the floor (y + l sin θ = 1) and open: every
// mode is [A's, B's], B's 0. The sliding reaction matrix of A alone is
//   det = (1 + 3cos²θ + 3μ d sin θ cos θ)/m,
// negative above μc = (1 + 3cos²θ)/(3 sin θ cos θ) ≈ 2.5019. The free normal
// acceleration of the end is g̈₀ = −g + l sin θ θ̇²; held, g̈ = g̈₀ + det·σ̇ = 0.
// So, on both sides of μc:
//   compressive g̈₀ < 0: below μc the end slides (σ̇ = −g̈₀/det > 0); above it
//     no mode is admissible (Painlevé's inconsistency) → contact-inconsistent;
//   separating g̈₀ > 0: below μc only opening is admissible; above it both
//     opening and sliding (σ̇ > 0 with det < 0) are → 'indeterminate', and the
//     rod opens, the mode whose det (= 1) keeps its sign as friction → 0.
import { describe, expect, it } from 'vitest';
import * as rod from '../../generated/falling-rod.js';
import { SimulationError } from '../../src/runtime/errors.js';
import { simulate } from '../../src/runtime/hybrid/simulate.js';
import { thrown } from '../helpers/thrown.js';

const tight = { rtol: 1e-10, atol: 1e-12 };
const g = 9.81,
  l = 1,
  m = 1;
const theta = Math.PI / 6;
const muCritical = (1 + 3 * Math.cos(theta) ** 2) / (3 * Math.sin(theta) * Math.cos(theta));
const det = (mu: number, d: number): number => (1 + 3 * Math.cos(theta) ** 2 + 3 * mu * d * Math.sin(theta) * Math.cos(theta)) / m;
/** frictionPhase's det: the last entry of its output (after q̈, σ̇ per end, τ per end). */
const phaseDet = (out: Float64Array): number => out.at(-1)!;

/** End A on the floor at θ = π/6, turning at θ̇, sliding at ṡ (ẏ = l cos θ θ̇ keeps ġ = 0). */
function state(thetaDot: number, slip: number): { q0: number[]; qd0: number[] } {
  return {
    q0: [0, l * Math.sin(theta), theta],
    qd0: [slip - l * Math.sin(theta) * thetaDot, l * Math.cos(theta) * thetaDot, thetaDot],
  };
}
const compressive = state(0, -1); // g̈₀ = −g
const separating = state(5, -1); // g̈₀ = −g + 25 sin(π/6) = 2.69

describe("Painlevé's rod sliding backwards at θ = π/6 (μc = 2.5019)", () => {
  it('the generated phase agrees with the closed forms the cases rest on', () => {
    expect(muCritical).toBeCloseTo(2.5019, 4);
    for (const mu of [0.99 * muCritical, 1.01 * muCritical]) {
      const out = rod.frictionPhase(0, compressive.q0, compressive.qd0, { mu }, [-1, 0]);
      expect(Math.abs(phaseDet(out) - det(mu, -1))).toBeLessThan(1e-13);
      expect(Math.abs(out[3]! - g / det(mu, -1))).toBeLessThan(1e-12 * Math.abs(g / det(mu, -1)));
    }
    expect(phaseDet(rod.frictionPhase(0, separating.q0, separating.qd0, {}, [0, 0]))).toBe(1);
    // B stays clear of the floor in these states.
    expect(rod.gaps(0, compressive.q0, {})[1]).toBeCloseTo(2 * l * Math.sin(theta), 15);
  });

  it('compressive, μ = 1.01 μc: no admissible mode ends the run with contact-inconsistent, naming the contact, at t = 0 with the state', () => {
    const err = thrown(() => simulate(rod, { ...compressive, t1: 1, params: { mu: 1.01 * muCritical }, ...tight }), SimulationError);
    expect(err.code).toBe('contact-inconsistent');
    expect(err.kind).toBe('model');
    expect(err.where).toMatchObject({ model: 'falling-rod', field: 'frictionPhase' });
    expect(err.message).toContain("'endA'");
    expect(err.t).toBe(0);
    expect(err.state).toEqual({ q: compressive.q0, qd: compressive.qd0 });
  });

  it('compressive, μ = 0.99 μc: slides under the large reaction σ̇ = m g/det ≈ 302 m g until the slip stops and the end sticks; no diagnostic', () => {
    const run = simulate(rod, { ...compressive, t1: 0.1, params: { mu: 0.99 * muCritical }, ...tight });
    expect(run.events.map((e) => [e.type, e.contacts, e.modes])).toEqual([
      ['contact', [0], [-1, 0]],
      ['slip', [0], [-1, 0]],
      ['stick', [0], [2, 0]],
    ]);
    expect(g / det(0.99 * muCritical, -1)).toBeCloseTo(301.8, 1);
  });

  it("separating, μ = 1.01 μc: an 'indeterminate' event with the chosen mode (open, det = 1) and the alternative (sliding, det < 0); the rod flies", () => {
    const mu = 1.01 * muCritical;
    const run = simulate(rod, { ...separating, t1: 0.05, samples: 51, params: { mu }, ...tight });
    expect(run.events).toHaveLength(1);
    const e = run.events[0]!;
    expect(e).toMatchObject({ t: 0, type: 'indeterminate', contacts: [0], modes: [0, 0], alternatives: [[-1, 0]], q: separating.q0, qd: separating.qd0 });
    expect(phaseDet(rod.frictionPhase(0, e.q, e.qd, { mu }, e.modes!))).toBe(1);
    expect(phaseDet(rod.frictionPhase(0, e.q, e.qd, { mu }, e.alternatives![0]!))).toBeCloseTo(det(mu, -1), 12);
    expect(det(mu, -1)).toBeLessThan(0);
    // Free flight: x and θ linear, y a parabola.
    run.t.forEach((t, k) => {
      const [x0, y0, th0] = separating.q0,
        [xd, yd, thd] = separating.qd0;
      expect(Math.abs(run.q[k]![0]! - (x0! + xd! * t))).toBeLessThan(1e-10);
      expect(Math.abs(run.q[k]![1]! - (y0! + yd! * t - (g * t * t) / 2))).toBeLessThan(1e-10);
      expect(Math.abs(run.q[k]![2]! - (th0! + thd! * t))).toBeLessThan(1e-10);
    });
  });

  it('separating, μ = 0.99 μc: only opening is admissible, no diagnostic', () => {
    const run = simulate(rod, { ...separating, t1: 0.05, params: { mu: 0.99 * muCritical }, ...tight });
    expect(run.events).toEqual([]);
  });

  it('small friction (μ = 0.3): the end slides, stays on the floor, and T + V falls by exactly the friction work ∫ μ σ̇ |ṡ| dt', () => {
    const mu = 0.3;
    const run = simulate(rod, { ...compressive, t1: 0.3, samples: 601, params: { mu }, ...tight });
    expect(run.events.map((e) => [e.type, e.contacts, e.modes])).toEqual([
      ['contact', [0], [-1, 0]],
      ['slip', [0], [-1, 0]],
    ]);
    const power = run.t.map((t, k) => {
      const out = rod.frictionPhase(t, run.q[k]!, run.qd[k]!, { mu }, [-1, 0]);
      return mu * out[3]! * Math.abs(rod.slipRates(t, run.q[k]!, run.qd[k]!, { mu })[0]!);
    });
    let work = 0;
    for (let k = 1; k < run.t.length; k++) work += ((power[k]! + power[k - 1]!) / 2) * (run.t[k]! - run.t[k - 1]!);
    const E = run.energy!;
    expect(work).toBeGreaterThan(0.1);
    expect(Math.abs(E[0]! - E.at(-1)! - work) / work).toBeLessThan(1e-5);
    for (let k = 1; k < E.length; k++) expect(E[k]!).toBeLessThanOrEqual(E[k - 1]! + 1e-12);
    // g̈ = 0 is held at the acceleration level: g drifts by the integration error only.
    for (let k = 0; k < run.t.length; k++) expect(Math.abs(rod.gaps(run.t[k]!, run.q[k]!, {})[0]!)).toBeLessThan(1e-9);
    // B stays above the floor (lowest 0.498), open: the slide is A's alone.
    for (let k = 0; k < run.t.length; k++) expect(rod.gaps(run.t[k]!, run.q[k]!, {})[1]!).toBeGreaterThan(0.4);
  });
});
