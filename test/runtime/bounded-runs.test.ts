// Every run ends: chattering that makes no progress in time stops at a named
// cap, and singular situations at run time (a singular mass matrix, a
// singular contact system) are SimulationErrors with the time and the state.
import { describe, expect, it } from 'vitest';
import { buildModel } from '../../src/model/index.js';
import { deriveSystem } from '../../src/derive/system.js';
import type { LoadedModule } from '../../src/runtime/contract.js';
import { SimulationError } from '../../src/runtime/errors.js';
import { simulateMoreauJean } from '../../src/runtime/hybrid/moreau-jean.js';
import { simulate } from '../../src/runtime/hybrid/simulate.js';
import { bouncingBall } from '../fixtures/bouncing-ball.js';
import { pendulum } from '../fixtures/pendulum.js';
import { loadGenerated } from '../helpers/generated-module.js';
import { thrown as thrownAs } from '../helpers/thrown.js';

const thrown = (fn: () => unknown): SimulationError => thrownAs(fn, SimulationError);

describe('a ball pushed by −m g sign(y): no force at all on the floor', () => {
  // At rest on the floor sign(0) = 0 leaves no load, so the contact is not
  // held; a roundoff lift of 1e-17 m brings the full weight back and the
  // ball falls again: the gap guard fires every few nanoseconds and no
  // event changes anything. Before the cap, 7.5 M right-hand-side calls per
  // simulated millisecond, without end.
  const spec = {
    name: 'sign-ball',
    title: 'Ball under a sign force',
    coordinates: [{ name: 'y' }],
    parameters: { m: { default: 1 }, g: { default: 9.81 }, e: { default: 0.8 } },
    kinetic: "m*y'^2/2",
    forces: { y: '-m*g*sign(y)' },
    unilateral: [{ name: 'floor', constraint: 'y >= 0', law: { newton: 'e' } }],
    initial: { q: { y: 1 }, t1: 5 },
  };

  it('stops after a bounded number of evaluations with a SimulationError naming the cap on idle guard crossings, with t and the state', async () => {
    const mod = await loadGenerated(deriveSystem(buildModel(spec)));
    let calls = 0;
    const counted: LoadedModule = { ...mod, rhs: (...args) => (calls++, mod.rhs(...args)) };
    const err = thrown(() => simulate(counted, { q0: [1], qd0: [0], t1: 5 }));
    expect(err).toMatchObject({ code: 'too-many-events', kind: 'numeric', where: { model: 'sign-ball', field: 'contact.maxIdleCrossings' } });
    expect(err.message).toContain('contact.maxIdleCrossings');
    // Past the accumulation of the bounces, t₁(1 + e)/(1 − e) with t₁ = √(2/g).
    expect(err.t!).toBeGreaterThan(Math.sqrt(2 / 9.81) * 9 * 0.999);
    expect(Math.abs(err.state!.q[0]!)).toBeLessThan(1e-12);
    expect(calls).toBeLessThan(1e6);
  });
});

describe('singular mass matrix at run time', () => {
  const zeroMass = <T extends LoadedModule>(mod: T): T => ({ ...mod, massMatrix: (_t, _q, _p, out = new Float64Array(1)) => out.fill(0) });

  it('smooth run: the NaN right-hand side it causes is reported as singular-mass-matrix with t and (q, q̇)', () => {
    const singular: LoadedModule = { ...zeroMass(pendulum), rhs: (_t, _x, _p, out = new Float64Array(2)) => out.fill(Number.NaN) };
    const err = thrown(() => simulate(singular, { q0: [0.3], qd0: [-0.2], t1: 1 }));
    expect(err).toMatchObject({ code: 'singular-mass-matrix', kind: 'numeric', where: { field: 'massMatrix' }, t: 0 });
    expect(err.state).toEqual({ q: [0.3], qd: [-0.2] });
  });

  it('event-driven run: a held contact pins the direction M leaves massless, so the projection onto it goes through (M + ρGᵀG)', () => {
    const run = simulate(zeroMass(bouncingBall), { q0: [0], qd0: [0], t1: 0.1 });
    expect(run.events[0]).toMatchObject({ type: 'contact', t: 0 });
    for (const q of run.q) expect(q[0]).toBe(0);
  });

  it('Moreau–Jean: the step stops at t_k with (q_k, v_k)', () => {
    const err = thrown(() => simulateMoreauJean(zeroMass(bouncingBall), { q0: [1], qd0: [0.5], t1: 1, h: 1e-2 }));
    expect(err).toMatchObject({ code: 'singular-mass-matrix', kind: 'numeric', where: { field: 'massMatrix' }, t: 0 });
    expect(err.state).toEqual({ q: [1], qd: [0.5] });
  });
});
