// Whether T + V is conserved by the smooth motion (src/derive/lagrange/conservation.ts):
// each reason for it to fail, one model each, and every example against the
// flag its committed generated module carries.
import { describe, expect, it } from 'vitest';
import { defineModel, type ModelSpec } from '../../../src/model/index.js';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { LoadedModule } from '../../../src/runtime/contract.js';
import { derived, loadExamples, ROOT } from '../../helpers/examples.js';

const pendulum = {
  name: 'pendulum',
  title: 'Pendulum',
  coordinates: [{ name: 'theta' }],
  parameters: { m: { default: 1 }, l: { default: 1 }, g: { default: 9.81 }, c: { default: 0.1 }, w: { default: 2 } },
  kinetic: "m*l^2*theta'^2/2",
  potential: '-m*g*l*cos(theta)',
  initial: { q: { theta: 1 }, t1: 1 },
} satisfies ModelSpec;

describe('a pendulum', () => {
  it('with a potential and nothing else conserves its energy', () => {
    expect(derived(defineModel(pendulum)).conservative).toBe(true);
  });

  it('with viscous friction Q = −c θ̇ does not', () => {
    expect(derived(defineModel({ ...pendulum, forces: { theta: "-c*theta'" } })).conservative).toBe(false);
  });

  it('whose length is driven in time (L depends on t) does not', () => {
    expect(derived(defineModel({ ...pendulum, kinetic: "m*(l + sin(w*t))^2*theta'^2/2" })).conservative).toBe(false);
  });

  it('in Cartesian coordinates on a rod whose length changes in time (b = ∂φ/∂t ≠ 0) does not', () => {
    // The initial velocity follows the rod's length: ẋ = d(length)/dt at t = 0, x = 1, y = 0 (a model's own initial state must be consistent).
    const rod = (length: string, xd: number) =>
      defineModel({
        name: 'cartesian-pendulum',
        title: 'Cartesian pendulum',
        coordinates: [{ name: 'x' }, { name: 'y' }],
        parameters: { m: { default: 1 }, l: { default: 1 }, g: { default: 9.81 }, a: { default: 0.1 }, w: { default: 2 } },
        particles: [{ mass: 'm', position: ['x', 'y'] }],
        potential: 'm*g*y',
        holonomic: [{ name: 'rod', expr: `x^2 + y^2 - (${length})^2` }],
        initial: { q: { x: 1, y: 0 }, qd: { x: xd }, t1: 1 },
      });
    expect(derived(rod('l', 0)).conservative).toBe(true);
    expect(derived(rod('l + a*sin(w*t)', 0.1 * 2)).conservative).toBe(false);
  });

  it('given only by its kinetic energy (no potential) is not declared conservative', () => {
    const { potential: _, ...free } = pendulum;
    expect(derived(defineModel({ ...free, forces: { theta: '-m*g*l*sin(theta)' } })).conservative).toBe(false);
  });
});

describe('every example', () => {
  it('agrees with the conservative flag of its committed generated module', async () => {
    for (const ex of await loadExamples()) {
      const mod = (await import(/* @vite-ignore */ pathToFileURL(join(ROOT, 'generated', `${ex.spec.name}.ts`)).href)) as LoadedModule;
      expect({ model: ex.spec.name, conservative: derived(ex.spec).conservative }).toEqual({ model: ex.spec.name, conservative: mod.model.conservative });
    }
  });
});

describe('friction and moving surfaces', () => {
  const block = {
    name: 'block',
    coordinates: ['x', 'y'],
    parameters: { m: 1, g: 9.81, mu: 0.3, v: 0.2 },
    kinetic: "m*(x'^2 + y'^2)/2",
    potential: 'm*g*y',
    initial: { q: { y: 1 } },
  };
  const onFloor = (slip: string) =>
    defineModel({ ...block, unilateral: [{ name: 'floor', constraint: 'y >= 0', slip, law: { plastic: true, coulomb: 'mu' } }] });
  it('sliding friction makes T + V no first integral, but on a fixed floor the motion stays passive', () => {
    const sys = derived(onFloor('x'));
    expect(sys.conservative).toBe(false);
    expect(sys.passive).toBe(true);
  });
  it('a moving belt (a slip depending on t) can feed energy in: not passive', () => {
    expect(derived(onFloor('x - v*t')).passive).toBe(false);
  });
  it('a frictionless natural system is both', () => {
    const sys = derived(defineModel({ ...block, unilateral: [{ name: 'floor', constraint: 'y >= 0', law: { plastic: true } }] }));
    expect([sys.conservative, sys.passive]).toEqual([true, true]);
  });
});
