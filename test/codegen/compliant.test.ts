// The compliant part of generated modules (src/codegen/compliant.ts): the
// forces and added mass of a compliant contact only where f ≤ 0, the clamp
// at F_n = 0 without adhesion, the energy with V_c + T_a, the switching
// functions of compliantContacts, rhsJacobian against central differences in
// every region, and Theorem 1 realizations of a retaining constraint.
import { describe, expect, it } from 'vitest';
import type { ModelSpec } from '../../src/model/index.js';
import { buildModel } from '../../src/model/index.js';
import { deriveSystem } from '../../src/derive/system.js';
import type { LoadedModule } from '../../src/runtime/contract.js';
import { loadGenerated } from '../helpers/generated-module.js';
import { expectClose, solve } from '../helpers/numeric.js';
import { rng, uniform } from '../helpers/random.js';

type Compliant = LoadedModule & Required<Pick<LoadedModule, 'compliantContacts' | 'rhsJacobian' | 'energy'>>;

// A point of mass m over the slope y ≥ s·x (G = (−s, 1), f̈ = G q̈), gravity along −y.
const slope = (law: Record<string, unknown>): ModelSpec => ({
  name: 'slope',
  coordinates: ['x', 'y'],
  parameters: { m: 2, g: 9.81, s: 0.3, k: 500, c: 4, a: 1.5 },
  kinetic: "m*(x'^2 + y'^2)/2",
  potential: 'm*g*y',
  unilateral: [{ name: 'ground', constraint: 'y - s*x >= 0', law: { compliant: law } }],
  initial: { q: { y: 1 } },
});
const load = async (spec: ModelSpec): Promise<Compliant> => (await loadGenerated(deriveSystem(buildModel(spec)))) as Compliant;
const P = { m: 2, g: 9.81, s: 0.3, k: 500, c: 4, a: 1.5 };

/** q̈ by hand: (M + a GᵀG) q̈ = −m g e_y + F Gᵀ, with F the clamped force. */
function byHand(q: number[], qd: number[], law: { p: number; hc: boolean; adhesion: boolean; a: number }): number[] {
  const G = [-P.s, 1];
  const f = q[1]! - P.s * q[0]!;
  const fd = G[0]! * qd[0]! + G[1]! * qd[1]!;
  const M = [
    [P.m, 0],
    [0, P.m],
  ];
  const rhs = [0, -P.m * P.g];
  if (f <= 0) {
    const delta = -f;
    const Fn = P.k * delta ** law.p - (law.hc ? P.c * delta ** law.p : P.c) * fd;
    const F = law.adhesion ? Fn : Math.max(Fn, 0);
    for (let i = 0; i < 2; i++) {
      rhs[i]! += F * G[i]!;
      for (let j = 0; j < 2; j++) M[i]![j]! += law.a * G[i]! * G[j]!;
    }
  }
  return solve(M, rhs);
}

const laws = [
  {
    name: 'Hertz, Hunt–Crossley, added mass, no adhesion',
    spec: { stiffness: 'k', damping: 'c', exponent: '3/2', dampingModel: 'hunt-crossley', addedMass: 'a' },
    law: { p: 1.5, hc: true, adhesion: false, a: 1.5 },
  },
  { name: 'linear Kelvin–Voigt with adhesion', spec: { stiffness: 'k', damping: 'c', adhesion: true }, law: { p: 1, hc: false, adhesion: true, a: 0 } },
  { name: 'linear Kelvin–Voigt without adhesion', spec: { stiffness: 'k', damping: 'c' }, law: { p: 1, hc: false, adhesion: false, a: 0 } },
];

describe.each(laws)('$name', ({ spec, law }) => {
  it('accelerations equal the hand-written equations inside, penetrating and pulling (clamped), at 60 random states', async () => {
    const mod = await load(slope(spec));
    expect(mod.model.unilateral).toEqual([]);
    expect(mod.model.compliant).toEqual([{ name: 'ground', kind: 'compliant', adhesion: law.adhesion }]);
    expect(mod.gaps).toBeUndefined();
    const r = rng(3);
    for (let s = 0; s < 60; s++) {
      const x = uniform(r, -1, 1);
      const y = P.s * x + uniform(r, -0.05, 0.05);
      const qd = [uniform(r, -2, 2), uniform(r, -2, 2)];
      const got = mod.accelerations(0, [x, y], qd, P);
      const want = byHand([x, y], qd, law);
      expectClose(got[0]!, want[0]!, 1e-12, 1);
      expectClose(got[1]!, want[1]!, 1e-12, 10);
      // The switching functions: f and F_n (unclamped, at max(−f, 0)), and ḟ.
      const [f, fd, Fn] = mod.compliantContacts(0, [x, y], qd, P);
      const delta = Math.max(0, -(y - P.s * x));
      expectClose(f!, y - P.s * x, 1e-14, 1);
      expectClose(fd!, qd[1]! - P.s * qd[0]!, 1e-14, 1);
      expectClose(Fn!, P.k * delta ** law.p - (law.hc ? P.c * delta ** law.p : P.c) * (qd[1]! - P.s * qd[0]!), 1e-12, 10);
    }
  });

  it('rhsJacobian equals central differences of rhs away from the switching surfaces', async () => {
    const mod = await load(slope(spec));
    const r = rng(11);
    const h = 1e-7;
    let checked = 0;
    while (checked < 30) {
      const x = uniform(r, -1, 1);
      const xs = [x, P.s * x + uniform(r, -0.05, 0.05), uniform(r, -2, 2), uniform(r, -2, 2)];
      const [f, , Fn] = mod.compliantContacts(0, xs.slice(0, 2), xs.slice(2), P);
      if (Math.abs(f!) < 1e-3 || Math.abs(Fn!) < 1) continue;
      checked++;
      const J = mod.rhsJacobian(0, xs, P);
      for (let col = 0; col < 4; col++) {
        const up = [...xs],
          down = [...xs];
        up[col]! += h;
        down[col]! -= h;
        const a = mod.rhs(0, up, P),
          b = mod.rhs(0, down, P);
        for (let row = 0; row < 4; row++) expectClose(J[row * 4 + col]!, (a[row]! - b[row]!) / (2 * h), 1e-5, 10, `∂rhs${row}/∂x${col}`);
      }
    }
  });
});

describe('energy and realizations', () => {
  it('energy is T + V outside and T + V + kδ^{p+1}/(p+1) + aḟ²/2 inside', async () => {
    const mod = await load(slope({ stiffness: 'k', exponent: '3/2', addedMass: 'a' }));
    const q = [0.2, 0.2 * P.s - 0.01],
      qd = [0.5, -0.4];
    const T = (P.m * (0.25 + 0.16)) / 2,
      V = P.m * P.g * q[1]!;
    const fd = -P.s * 0.5 - 0.4;
    expectClose(mod.energy(0, q, qd, P), T + V + (P.k * 0.01 ** 2.5) / 2.5 + (P.a * fd * fd) / 2, 1e-13);
    expectClose(mod.energy(0, [0.2, 1], qd, P), T + P.m * P.g, 1e-14);
    expect(mod.model.conservative).toBe(false);
  });

  it('a rod realized by Theorem 1 terms: (I + αΦᵀΦ) q̈ = −αβ_φ Φᵀ − (βφ + γφ̇) Φᵀ, not held', async () => {
    const spec: ModelSpec = {
      name: 'soft-rod',
      coordinates: ['x', 'y'],
      parameters: { l: 2, al: 3, be: 50, ga: 7 },
      kinetic: "(x'^2 + y'^2)/2",
      holonomic: [{ name: 'rod', expr: 'x^2 + y^2 - l^2', realization: { addedMass: 'al', stiffness: 'be', viscosity: 'ga' } }],
      initial: { q: { x: 2 }, qd: { y: 1 } },
    };
    const mod = await load(spec);
    expect(mod.model.constraintCount).toBe(0);
    expect(mod.model.realized).toEqual(['rod']);
    const [x, y, xd, yd] = [1.7, 1.2, 0.4, -0.9];
    const Phi = [2 * x, 2 * y];
    const phi = x * x + y * y - 4,
      phid = 2 * x * xd + 2 * y * yd,
      bias = 2 * xd * xd + 2 * yd * yd;
    const M = [
      [1 + 3 * Phi[0]! * Phi[0]!, 3 * Phi[0]! * Phi[1]!],
      [3 * Phi[0]! * Phi[1]!, 1 + 3 * Phi[1]! * Phi[1]!],
    ];
    const F = -(50 * phi + 7 * phid);
    const want = solve(
      M,
      Phi.map((g) => F * g - 3 * bias * g),
    );
    const got = mod.accelerations(0, [x, y], [xd, yd], { l: 2, al: 3, be: 50, ga: 7 });
    expectClose(got[0]!, want[0]!, 1e-13, 1);
    expectClose(got[1]!, want[1]!, 1e-13, 1);
  });
});
