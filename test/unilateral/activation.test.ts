// Activation conditions (a contact's `when`): a ball over a floor that is
// there only for x > 0. Where the condition holds the ball bounces (Newton,
// e), where it fails it falls through, and a contact that has passed through
// stays inactive while its gap is negative, even where the condition holds
// again; a closed contact is not re-checked (it stays closed until it
// releases). Every figure is free fall y = y₀ − g t²/2 or Newton's law
// ẏ⁺ = −e ẏ⁻ at t* = √(2y₀/g), for the event-driven run, the variational
// flow (no saltation where the ball passes) and Moreau–Jean.
import { beforeAll, describe, expect, it } from 'vitest';
import { deriveSystem } from '../../src/derive/system.js';
import { buildModel, defineModel } from '../../src/model/index.js';
import type { LoadedModule } from '../../src/runtime/contract.js';
import type { UnilateralSpec } from '../../src/model/spec.js';
import { simulateMoreauJean } from '../../src/runtime/hybrid/moreau-jean.js';
import { simulate } from '../../src/runtime/hybrid/simulate.js';
import { flowSensitivity } from '../../src/runtime/analysis/variational.js';
import { loadGenerated } from '../helpers/generated-module.js';
import { problems } from '../model/spec-cases.js';

const G = 9.81,
  E = 0.5;

const ball = (law: UnilateralSpec['law']) =>
  defineModel({
    name: 'ball-over-half-floor',
    coordinates: ['x', 'y'],
    parameters: { g: G, e: { default: E, range: [0, 1] } },
    kinetic: "(x'^2 + y'^2)/2",
    potential: 'g*y',
    unilateral: [{ name: 'floor', constraint: 'y >= 0', law, when: 'x > 0' }],
    initial: { q: { x: 0.5, y: 1 }, t1: 1 },
  });

let bouncing: LoadedModule;
let sticking: LoadedModule;
beforeAll(async () => {
  bouncing = await loadGenerated(deriveSystem(buildModel(ball({ newton: 'e' }))));
  sticking = await loadGenerated(deriveSystem(buildModel(ball({ plastic: true }))));
});

/** Time and speed of the first arrival from height y0 at rest. */
const arrival = (y0: number) => ({ t: Math.sqrt((2 * y0) / G), v: -Math.sqrt(2 * G * y0) });

describe('a ball over a floor with when: x > 0', () => {
  it('exports the condition: contactActivation = x, strict, and the model record says so', () => {
    expect(bouncing.model.unilateral[0]!.activation).toEqual({ when: 'x > 0', strict: true });
    expect(Array.from(bouncing.contactActivation!(0, [0.25, 3], [1, 2], {}))).toEqual([0.25]);
    expect(Array.from(bouncing.contactActivation!(0, [-0.75, 3], [1, 2], {}))).toEqual([-0.75]);
  });

  it('bounces where x > 0: one impact at t* = √(2/g) with ẏ⁺ = −e ẏ⁻', () => {
    const run = simulate(bouncing, { q0: [0.5, 1], qd0: [0, 0], t1: 0.6 });
    const impacts = run.events.filter((e) => e.type === 'impact');
    const { t, v } = arrival(1);
    expect(impacts).toHaveLength(1);
    expect(impacts[0]!.t).toBeCloseTo(t, 10);
    expect(impacts[0]!.qd[1]).toBeCloseTo(v, 8);
    expect(impacts[0]!.qdPlus![1]).toBeCloseTo(-E * v, 8);
  });

  it('passes through where x ≤ 0: no event, and y(1) = 1 − g/2 (free fall)', () => {
    const run = simulate(bouncing, { q0: [-0.5, 1], qd0: [0, 0], t1: 1 });
    expect(run.events).toEqual([]);
    expect(run.q.at(-1)![1]).toBeCloseTo(1 - G / 2, 9);
  });

  it('stays inactive below the floor after passing: crossing y = 0 at x = −0.3 + 0.4515 > 0 is too late, it keeps falling', () => {
    // Arrival at t* = 0.4515 with x = −0.5 + t* < 0; at t = 1, x = 0.5 > 0 with y < 0: still no impact.
    const { t } = arrival(1);
    expect(-0.5 + t).toBeLessThan(0);
    const run = simulate(bouncing, { q0: [-0.5, 1], qd0: [1, 0], t1: 1 });
    expect(run.events).toEqual([]);
    expect(run.q.at(-1)![0]).toBeCloseTo(0.5, 10);
    expect(run.q.at(-1)![1]).toBeCloseTo(1 - G / 2, 9);
  });

  it('may start below the floor where inactive; it wakes once above it and then bounces where x > 0', () => {
    // From y = −0.2 thrown up at 3 m/s, x = −0.1 + t: it passes the floor going up
    // at t = 0.0709 and comes down on it at t = 0.5407, x = 0.4407 > 0.
    const down = (3 + Math.sqrt(9 - 2 * G * 0.2)) / G;
    const run = simulate(bouncing, { q0: [-0.1, -0.2], qd0: [1, 3], t1: 0.6 });
    const impacts = run.events.filter((e) => e.type === 'impact');
    expect(impacts).toHaveLength(1);
    expect(impacts[0]!.t).toBeCloseTo(down, 9);
    expect(impacts[0]!.q[0]).toBeCloseTo(-0.1 + down, 9);
  });

  it('a closed contact stays closed where its condition fails: the plastic ball lands at x = 0.5 and slides on across x = 0', () => {
    const run = simulate(sticking, { q0: [0.5, 1], qd0: [-1, 0], t1: 1.5 });
    const { t } = arrival(1);
    expect(run.events.map((e) => e.type)).toEqual(['impact', 'contact']);
    expect(run.events[0]!.q[0]).toBeCloseTo(0.5 - t, 9);
    expect(run.q.at(-1)![0]).toBeCloseTo(0.5 - 1.5, 9);
    expect(run.q.at(-1)![1]).toBeCloseTo(0, 12);
  });

  it('the variational flow: no saltation where the ball passes (Φ(1) is free flight’s [I tI; 0 I]), Newton’s saltation where it bounces', () => {
    const passing = flowSensitivity(bouncing, { q0: [-0.5, 1], qd0: [0, 0], t1: 1 });
    expect(passing.events).toEqual([]);
    const N = 5;
    const free = [
      [1, 0, 1, 0, 0],
      [0, 1, 0, 1, G],
      [0, 0, 1, 0, 0],
      [0, 0, 0, 1, 0],
      [0, 0, 0, 0, 1],
    ];
    // Column t: starting later at the same state ends earlier on the motion, −F(X(1)) = −(ẋ, ẏ, ẍ, ÿ, ·) with ẏ(1) = −g.
    for (let i = 0; i < N; i++) for (let k = 0; k < N - 1; k++) expect(passing.phi[i * N + k]).toBeCloseTo(free[i]![k]!, 7);
    const bounce = flowSensitivity(bouncing, { q0: [0.5, 1], qd0: [0, 0], t1: 0.6 });
    expect(bounce.events.map((e) => e.type)).toEqual(['impact']);
    // After a Newton impact on a flat floor ∂ẏ/∂y₀ = −e ∂ẏ⁻/∂y₀ − (1 + e) g ∂t*/∂y₀ ≠ the free-flight 0: the saltation acted.
    expect(Math.abs(bounce.phi[3 * N + 1]!)).toBeGreaterThan(1);
  });

  it('Moreau–Jean respects it too: it falls through at x = −0.5 and bounces at x = 0.5 (h = 1e-3)', () => {
    const through = simulateMoreauJean(bouncing, { q0: [-0.5, 1], qd0: [0, 0], t1: 1, h: 1e-3 });
    expect(through.q.at(-1)![1]).toBeCloseTo(1 - G / 2, 6);
    const bounce = simulateMoreauJean(bouncing, { q0: [0.5, 1], qd0: [0, 0], t1: 0.6, h: 1e-3 });
    const { t, v } = arrival(1);
    // After the bounce ẏ = −e v − g (0.6 − t*), to O(h).
    expect(Math.abs(bounce.qd.at(-1)![1]! - (-E * v - G * (0.6 - t)))).toBeLessThan(0.05);
  });
});

describe('a compliant contact with when', () => {
  it('is refused (bad-activation at unilateral[0].when): its force acts wherever it penetrates, with no arrival to admit', () => {
    expect(problems(ball({ compliant: { stiffness: '1e4' } }))).toEqual([['bad-activation', 'unilateral[0].when']]);
    expect(() => buildModel(ball({ compliant: { stiffness: '1e4' } }))).toThrow(
      /'floor' is realized by forces.*drop when, or give the contact a rigid impact law/,
    );
  });
});
