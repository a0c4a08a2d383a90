// The solve with M a generated module exports for the runtime (massFactor,
// massSolve: Cholesky within M's envelope, src/codegen/dynamics.ts), and the
// Delassus matrix the runtime builds with it (delassus-cache.ts).
import { describe, expect, it } from 'vitest';
import { generateModule } from '../../src/codegen/module.js';
import type { ModelSpec } from '../../src/model/index.js';
import { DelassusCache, massSolver } from '../../src/runtime/complementarity/delassus-cache.js';
import type { LoadedModule } from '../../src/runtime/contract.js';
import { derived } from '../helpers/examples.js';
import { loadGenerated } from '../helpers/generated-module.js';

// A coupled pair (a, b) beside an independent particle x: M = [[2, c, 0], [c, 1, 0], [0, 0, m]], c = cos(a − b).
const pairAndParticle: ModelSpec = {
  name: 'pair-and-particle',
  coordinates: ['a', 'b', 'x'],
  parameters: { m: 3 },
  kinetic: "(2*a'^2 + 2*cos(a - b)*a'*b' + b'^2)/2 + m*x'^2/2",
  initial: { q: { a: 0.3, b: -0.4 } },
};

// Three balls on a line touching their neighbours (bench/models.ts's chain): M = m I, G bidiagonal.
const chain: ModelSpec = {
  name: 'three-balls',
  coordinates: ['x1', 'x2', 'x3'],
  parameters: { m: 2, d: 0.1, e: 0.9 },
  kinetic: "m*x1'^2/2 + m*x2'^2/2 + m*x3'^2/2",
  unilateral: [
    { name: 'c1', constraint: 'x2 - x1 - d >= 0', law: { newton: 'e' } },
    { name: 'c2', constraint: 'x3 - x2 - d >= 0', law: { newton: 'e' } },
  ],
  initial: { q: { x1: 0, x2: 0.1, x3: 0.2 } },
};

type WithSolve = LoadedModule & Required<Pick<LoadedModule, 'massFactor' | 'massSolve'>>;

describe('massFactor and massSolve', () => {
  it("declare M's envelope: the pair is a 2×2 block, the particle its own", () => {
    const { source } = generateModule(derived(pairAndParticle), 'test/pair-and-particle.ts');
    expect(source).toContain('const envelope$ = new Int32Array([0,0,2]);');
  });

  it('solve M x = y by the inverse of each block (typed by hand), in place at an offset', async () => {
    const mod = (await loadGenerated(derived(pairAndParticle))) as WithSolve;
    const [a, b, m] = [0.3, -0.4, 3];
    const L = mod.massMatrix(0, [a, b, 0], {});
    expect(mod.massFactor(L)).toBe(true);
    const y = [0.7, -1.1, 2.5];
    const x = Float64Array.from([9, ...y]);
    mod.massSolve(L, x, 1);
    const c = Math.cos(a - b);
    // [[2, c], [c, 1]]⁻¹ = [[1, −c], [−c, 2]] / (2 − c²)
    expect(x[0]).toBe(9);
    expect(x[1]).toBeCloseTo((y[0]! - c * y[1]!) / (2 - c * c), 14);
    expect(x[2]).toBeCloseTo((-c * y[0]! + 2 * y[1]!) / (2 - c * c), 14);
    expect(x[3]).toBeCloseTo(y[2]! / m, 14);
  });

  it('refuse a mass matrix that is not positive definite', async () => {
    const mod = (await loadGenerated(derived(pairAndParticle))) as WithSolve;
    expect(mod.massFactor(mod.massMatrix(0, [0, 0, 0], { m: 0 }))).toBe(false);
  });

  it("leave M's structural zeros right in a caller's array that held something else", async () => {
    const mod = (await loadGenerated(derived(pairAndParticle))) as WithSolve;
    const [a, b, m] = [0.3, -0.4, 3];
    const c = Math.cos(a - b);
    const out = new Float64Array(9).fill(Number.NaN);
    expect(Array.from(mod.massMatrix(0, [a, b, 0], {}, out))).toEqual([2, c, 0, c, 1, 0, 0, 0, m]);
  });

  it('write the gap Jacobian of the chain, zeros too, into a used array: G = [[−1, 1, 0], [0, −1, 1]]', async () => {
    const mod = await loadGenerated(derived(chain));
    const out = new Float64Array(6).fill(7);
    expect(Array.from(mod.gapJacobian!(0, [0, 0.1, 0.2], {}, out))).toEqual([-1, 1, 0, 0, -1, 1]);
  });

  it("give the runtime's Delassus matrix W = G M⁻¹ Gᵀ of the chain: 2/m on the diagonal, −1/m beside it", async () => {
    const mod = await loadGenerated(derived(chain));
    const m = 2;
    const cache = new DelassusCache(3, 2, massSolver(mod));
    expect(cache.setMass(mod.massMatrix(0, [0, 0.1, 0.2], {}))).toBe(true);
    cache.setJacobian(mod.gapJacobian!(0, [0, 0.1, 0.2], {}));
    const W = new Float64Array(4);
    cache.delassus([0, 1], 2, W);
    [2 / m, -1 / m, -1 / m, 2 / m].forEach((w, i) => expect(W[i]).toBeCloseTo(w, 15));
    // v += M⁻¹Gᵀz: impulse 1 on c1 pushes ball 1 back and ball 2 on by 1/m each.
    const v = new Float64Array(3);
    cache.addImpulses([0, 1], 2, [1, 0], v);
    [-1 / m, 1 / m, 0].forEach((x, i) => expect(v[i]).toBeCloseTo(x, 15));
  });
});
