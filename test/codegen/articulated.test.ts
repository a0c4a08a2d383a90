// The articulated-body route to q̈ against the dense one (M from Lagrange II,
// formed and factored): both must give the same accelerations, to 1e-10, at
// random states and parameters, for every kind of joint and tree.
import { describe, expect, it } from 'vitest';
import { generateModule } from '../../src/codegen/module.js';
import { deriveSystem } from '../../src/derive/system.js';
import { buildModel, type ModelSpec } from '../../src/model/index.js';
import type { LoadedModule } from '../../src/runtime/contract.js';
import { nLinkChain } from '../../derivations/n-link-pendulum.js';
import { loadGenerated } from '../helpers/generated-module.js';
import { rng, uniform } from '../helpers/random.js';
import { handTop } from '../model/geometry/same-equations.js';

/** A planar tree: a rigid root link carrying two branches, one of them two links long, and a slider. */
const branching = {
  name: 'branching-tree',
  coordinates: ['a', 'b', 'c', 'd', 's'],
  parameters: { m1: 2, m2: 1, m3: 0.7, m4: 0.5, m5: 0.3, J1: 0.2, J3: 0.05, l: 1, w: 0.4, k: 3, g: 9.81 },
  geometry: {
    joints: [
      // Listed children first: the joints are read parents first whatever their order.
      { type: 'revolute', parent: 'C', child: 'D', at: ['0.3', '-l/2', 0], axes: 'z', coordinates: ['d'] },
      { type: 'revolute', child: 'A', axes: 'z', coordinates: ['a'] },
      { type: 'revolute', parent: 'A', child: 'B', at: ['w', '-l', 0], axes: 'z', coordinates: ['b'] },
      { type: 'revolute', parent: 'A', child: 'C', at: ['-w', '-l', 0], axes: 'z', coordinates: ['c'] },
      { type: 'prismatic', parent: 'B', child: 'S', at: [0, '-l/4', 0], axes: 'y', coordinates: ['s'] },
    ],
    points: [
      { name: 'GA', from: 'A', frame: 'A', position: ['0.1', '-l/2', 0] },
      { name: 'GB', from: 'B', frame: 'B', position: [0, '-l/2', 0] },
      { name: 'GC', from: 'C', frame: 'C', position: ['0.05', '-l/2', 0] },
      { name: 'GD', from: 'D', frame: 'D', position: [0, '-l/3', 0] },
      { name: 'tip', from: 'S', frame: 'S', position: [0, '-0.1', 0] },
    ],
    bodies: [
      { name: 'root', mass: 'm1', centre: 'GA', frame: 'A', inertia: ['J1', 'J1', 'J1'] },
      { name: 'left', mass: 'm2', centre: 'GB' },
      { name: 'right', mass: 'm3', centre: 'GC', frame: 'C', inertia: ['J3', 'J3', '2*J3'] },
      { name: 'lower', mass: 'm4', centre: 'GD' },
      { name: 'slider', mass: 'm5', centre: 'tip' },
    ],
    gravity: [0, '-g', 0],
    springs: [{ between: ['GD', 'tip'], stiffness: 'k' }],
    forces: [{ at: 'GB', vector: ["-0.3*a'", 0, 0] }],
    torques: [{ on: 'C', vector: [0, 0, '0.5*sin(t)'] }],
  },
} as const satisfies ModelSpec;

/** A 3-D chain: a spherical joint, then a universal joint, rigid bodies off every axis. */
const spatialChain = {
  name: 'spatial-chain',
  coordinates: ['p1', 'p2', 'p3', 'u1', 'u2'],
  parameters: { m1: 1.5, m2: 1, A: 0.3, B: 0.2, C: 0.1, l: 0.8, g: 9.81 },
  geometry: {
    joints: [
      { type: 'spherical', child: 'S', axes: 'zyx', coordinates: ['p1', 'p2', 'p3'] },
      { type: 'universal', parent: 'S', child: 'U', at: ['0.1', '0.2', '-l'], axes: 'xy', coordinates: ['u1', 'u2'] },
    ],
    points: [
      { name: 'G1', from: 'S', frame: 'S', position: ['0.05', '-0.02', '-l/2'] },
      { name: 'G2', from: 'U', frame: 'U', position: ['0.03', 0, '-l/2'] },
    ],
    bodies: [
      { name: 'first', mass: 'm1', centre: 'G1', frame: 'S', inertia: ['A', 'B', 'C'] },
      {
        name: 'second',
        mass: 'm2',
        centre: 'G2',
        frame: 'U',
        inertia: [
          ['A', '0.01', 0],
          ['0.01', 'B', '0.02'],
          [0, '0.02', 'C'],
        ],
      },
    ],
    gravity: [0, '-g/10', '-g'],
  },
} as const satisfies ModelSpec;

/** The heavy top on a spherical joint at its fixed point (test/model/geometry/joints.test.ts), its centre placed from the joint's child. */
const top = {
  ...handTop,
  name: 'jointed-top',
  kinetic: undefined,
  potential: undefined,
  geometry: {
    joints: [{ type: 'spherical', child: 'B', axes: 'zxz', coordinates: ['psi', 'theta', 'phi'] }],
    points: [{ name: 'G', from: 'B', frame: 'B', position: [0, 0, 'l'] }],
    bodies: [{ name: 'top', mass: 'm', centre: 'G', frame: 'B', inertia: ['A - m*l^2', 'A - m*l^2', 'C'] }],
    gravity: [0, 0, '-g'],
  },
} as unknown as ModelSpec;

async function bothRoutes(spec: ModelSpec): Promise<[LoadedModule, LoadedModule]> {
  const sys = deriveSystem(buildModel(spec));
  expect(sys.tree).toBeDefined();
  return [await loadGenerated(sys), await loadGenerated(sys, undefined, { accelerations: 'dense' })];
}

/** Random states (coordinates 0.2 to 1.2 in size, clear of the Euler angles' singular 0 and ±π/2) and parameters (within ±40 % of the defaults); q̈ of both routes agree to 1e-10. */
async function expectSameAccelerations(spec: ModelSpec, seed: number): Promise<void> {
  const [tree, dense] = await bothRoutes(spec);
  const r = rng(seed);
  const n = tree.model.coordinates.length;
  for (let trial = 0; trial < 20; trial++) {
    const q = Array.from({ length: n }, () => (r() < 0.5 ? -1 : 1) * uniform(r, 0.2, 1.2));
    const qd = Array.from({ length: n }, () => uniform(r, -2, 2));
    const p = Object.fromEntries(tree.model.parameters.map((x) => [x.name, x.default * uniform(r, 0.6, 1.4)]));
    const t = uniform(r, 0, 5);
    const a = tree.accelerations(t, q, qd, p);
    const b = dense.accelerations(t, q, qd, p);
    for (let i = 0; i < n; i++) expect(Math.abs(a[i]! - b[i]!)).toBeLessThanOrEqual(1e-10 * (1 + Math.abs(b[i]!)));
  }
}

describe('the articulated-body route gives the dense route’s q̈', () => {
  it.each([1, 3, 8])('the %i-link chain on revolute joints (derivations/n-link-pendulum.ts nLinkChain)', async (n) => {
    await expectSameAccelerations(nLinkChain(n), 100 + n);
  });

  it('a branching planar tree listed children first, with a slider, a spring, a force in q̇ and a torque in t', async () => {
    await expectSameAccelerations(branching, 7);
  });

  it('a 3-D chain: a spherical and a universal joint, bodies with products of inertia', async () => {
    await expectSameAccelerations(spatialChain, 11);
  });

  it('the heavy top on a spherical joint', async () => {
    await expectSameAccelerations(top, 13);
  });
});

describe('which route a module takes', () => {
  it('a tree of joints: qdd$ runs the recursion and never forms M', () => {
    const { source } = generateModule(deriveSystem(buildModel(nLinkChain(3))), 'test/chain.ts');
    const qdd = source.slice(source.indexOf('function qdd$'), source.indexOf('function massMatrix'));
    expect(qdd).toContain('aba$0(');
    expect(qdd).not.toContain('dynamics$(');
  });

  it('a model written by T and V keeps the dense route', () => {
    const { source } = generateModule(deriveSystem(buildModel(handTop)), 'test/top.ts');
    expect(source).not.toContain('aba$');
  });
});
