// The many-contact models of bench/models.ts under Moreau–Jean: the frictionless LCP of every step by warm-started pivoting
// (normal-contacts.ts), checked against a Moreau–Jean loop written here with
// Lemke's method, and its statistics.
import { beforeAll, describe, expect, it } from 'vitest';
import { ballChain, blockStack } from '../../bench/models.js';
import { deriveSystem } from '../../src/derive/system.js';
import { buildModel } from '../../src/model/index.js';
import type { LoadedModule } from '../../src/runtime/contract.js';
import { lemke } from '../../src/runtime/complementarity/lemke.js';
import { simulateMoreauJean } from '../../src/runtime/hybrid/moreau-jean.js';
import { loadGenerated } from '../helpers/generated-module.js';

const LTI = { massMatrix: true, forcing: true, gapJacobian: true } as const;
const h = 1e-3;

/**
 * Moreau–Jean (θ = ½) for the chain of unit masses, written out: no force,
 * M = I, gaps x_{j+1} − x_j − d with G constant; the index set
 * {j : g_j(q + h/2 v) ≤ 8ε max(1, |q|∞)} and Newton's law
 * 0 ≤ W z + G_I v + e G_I v ⊥ z ≥ 0, W = G_I G_Iᵀ, by Lemke; v⁺ = v + G_Iᵀz,
 * q⁺ = q + h(v + v⁺)/2. Returns the state after each step.
 */
function referenceChain(q0: readonly number[], v0: readonly number[], d: number, e: number, steps: number): { q: number[]; v: number[] }[] {
  const n = q0.length;
  let q = [...q0],
    v = [...v0];
  const out: { q: number[]; v: number[] }[] = [];
  for (let k = 0; k < steps; k++) {
    const pred = q.map((x, i) => x + 0.5 * h * v[i]!);
    const scale = Math.max(1, ...pred.map(Math.abs));
    const I = Array.from({ length: n - 1 }, (_, j) => j).filter((j) => pred[j + 1]! - pred[j]! - d <= 8 * Number.EPSILON * scale);
    const vNext = [...v];
    if (I.length > 0) {
      const k2 = I.length;
      // G_j = e_{j+1} − e_j, so (G Gᵀ)_{ab} = 2 on the diagonal, −1 for neighbouring contacts.
      const W = new Float64Array(k2 * k2);
      I.forEach((i, a) => I.forEach((j, c) => (W[a * k2 + c] = i === j ? 2 : Math.abs(i - j) === 1 ? -1 : 0)));
      const b = I.map((j) => (1 + e) * (v[j + 1]! - v[j]!));
      const sol = lemke(W, b);
      expect(sol.status).toBe('ok');
      I.forEach((j, a) => {
        vNext[j + 1] += sol.z[a]!;
        vNext[j] -= sol.z[a]!;
      });
    }
    q = q.map((x, i) => x + h * 0.5 * (v[i]! + vNext[i]!));
    v = vNext;
    out.push({ q, v });
  }
  return out;
}

describe('a chain of 20 balls (Newton’s cradle, e = 0.9, 1 mm apart, the first at 1 m/s)', () => {
  let chain: LoadedModule;
  beforeAll(async () => {
    chain = await loadGenerated(deriveSystem(buildModel(ballChain(20))));
  });

  it('solves every step’s LCP to complementarity ≤ 1e-12 with no Lemke fallback, and conserves momentum m Σ v = 1 to 1e-13', () => {
    const { q0, qd0 } = chain.model.initial;
    const run = simulateMoreauJean(chain, { q0, qd0, t1: 1, h, samples: 101, constant: LTI });
    const { lcp } = run.stats;
    // The wave crosses every contact (19 arrivals) and the chain keeps colliding as it spreads.
    expect(lcp.solves).toBeGreaterThan(100);
    expect(lcp.fallbacks).toBe(0);
    expect(lcp.worstResidual).toBeLessThanOrEqual(1e-12);
    for (const v of run.qd) expect(Math.abs(v.reduce((s, x) => s + x, 0) - 1)).toBeLessThanOrEqual(1e-13);
    // e < 1 only dissipates: ½Σv² never above its initial ½.
    for (const v of run.qd) expect(v.reduce((s, x) => s + x * x, 0) / 2).toBeLessThanOrEqual(0.5 + 1e-13);
    expect(run.events.filter((ev) => ev.type === 'impact').length).toBeGreaterThanOrEqual(19);
  });

  it('gives the states of a Lemke Moreau–Jean loop to 1e-12 over the first 200 steps, declared constant or not', () => {
    const { q0, qd0 } = chain.model.initial;
    const ref = referenceChain(q0, qd0, 0.05, 0.9, 200);
    for (const constant of [LTI, undefined]) {
      const run = simulateMoreauJean(chain, { q0, qd0, t1: 200 * h, h, samples: 201, ...(constant ? { constant } : {}) });
      let worst = 0;
      ref.forEach(({ q, v }, k) => {
        q.forEach((x, i) => (worst = Math.max(worst, Math.abs(x - run.q[k + 1]![i]!))));
        v.forEach((x, i) => (worst = Math.max(worst, Math.abs(x - run.qd[k + 1]![i]!))));
      });
      expect(worst).toBeLessThanOrEqual(1e-12);
      // The pulse reaches the 20th ball within 200 steps: 19 contacts have closed.
      expect(run.events.filter((ev) => ev.type === 'impact').flatMap((ev) => ev.contacts).length).toBeGreaterThanOrEqual(19);
    }
  });

  it('refuses a constant declaration that the module contradicts (the forcing of a pendulum at a wall, −m g l sin θ)', async () => {
    const { default: pendulum } = await import('../../derivations/pendulum-wall.js');
    const mod = await loadGenerated(deriveSystem(buildModel(pendulum)));
    const { q0, qd0 } = mod.model.initial;
    expect(() => simulateMoreauJean(mod, { q0, qd0, t1: 0.01, h, constant: { forcing: true } })).toThrow(/constant\.forcing/);
  });
});

describe('a stack of 10 blocks released 1 mm apart (e = 0.9)', () => {
  let stack: LoadedModule;
  beforeAll(async () => {
    stack = await loadGenerated(deriveSystem(buildModel(blockStack(10))));
  });

  it('starts each LCP from the previous step’s impulses: fewer supports tried than from the approaching contacts, most solves hit at once, same motion', () => {
    const { q0, qd0 } = stack.model.initial;
    const warm = simulateMoreauJean(stack, { q0, qd0, t1: 1, h, samples: 11, constant: LTI });
    const cold = simulateMoreauJean(stack, { q0, qd0, t1: 1, h, samples: 11, constant: LTI, warmStart: false });
    expect(warm.stats.lcp.solves).toBe(cold.stats.lcp.solves);
    expect(warm.stats.lcp.iterations).toBeLessThan(0.8 * cold.stats.lcp.iterations);
    expect(warm.stats.lcp.warmStartHits).toBeGreaterThan(0.5 * warm.stats.lcp.solves);
    expect(cold.stats.lcp.warmStartHits).toBe(0);
    // W is positive definite (G square and invertible): Lemke is never needed, though the index set changes under a warm-started support.
    for (const run of [warm, cold]) expect(run.stats.lcp).toMatchObject({ fallbacks: 0, pivots: 0 });
    for (const run of [warm, cold]) expect(run.stats.lcp.worstResidual).toBeLessThanOrEqual(1e-12);
    warm.q.at(-1)!.forEach((y, i) => expect(Math.abs(y - cold.q.at(-1)![i]!)).toBeLessThanOrEqual(1e-9));
    // Settled: every block at rest on the one below, the bottom one on the
    // floor; the velocity-level law leaves each gap where its contact closed,
    // within half a step of the fastest arrival (a fall of 1 m: h·√(2g)/2).
    const y = warm.q.at(-1)!;
    const within = (h * Math.sqrt(2 * 9.81)) / 2;
    expect(Math.abs(y[0]!)).toBeLessThan(within);
    for (let i = 1; i < 10; i++) expect(Math.abs(y[i]! - y[i - 1]! - 0.1)).toBeLessThan(within);
    for (const v of warm.qd.at(-1)!) expect(Math.abs(v)).toBeLessThan(1e-9);
  });
});

// The module's factor and solve with M work within M's envelope (here M is
// diagonal: each ball or block its own block), and the Delassus matrix is
// assembled from M⁻¹Gᵀ's non-zero blocks; without them delassus-cache.ts
// takes the dense Cholesky of the whole M. Both routes must give one motion.
describe.each([
  ['a chain of 50 balls', ballChain(50)],
  ['a stack of 20 blocks', blockStack(20)],
])("%s: M's pattern and the dense Cholesky", (_, spec) => {
  let mod: LoadedModule;
  beforeAll(async () => {
    mod = await loadGenerated(deriveSystem(buildModel(spec)));
  });

  it('give the same states (every step) and impulses to 1e-12 over 1 s', () => {
    expect(typeof mod.massFactor).toBe('function');
    const dense: LoadedModule = { ...mod, massFactor: undefined, massSolve: undefined };
    const { q0, qd0 } = mod.model.initial;
    const opts = { q0, qd0, t1: 1, h, samples: 1001, constant: LTI };
    const a = simulateMoreauJean(mod, opts);
    const b = simulateMoreauJean(dense, opts);
    expect(a.events.map((e) => [e.type, e.t])).toEqual(b.events.map((e) => [e.type, e.t]));
    expect(a.events.filter((e) => e.type === 'impact').length).toBeGreaterThan(0);
    const gap = (x: readonly (readonly number[])[], y: readonly (readonly number[])[]) =>
      Math.max(...x.flatMap((row, k) => row.map((v, i) => Math.abs(v - y[k]![i]!))));
    expect(gap(a.q, b.q)).toBeLessThanOrEqual(1e-12);
    expect(gap(a.qd, b.qd)).toBeLessThanOrEqual(1e-12);
    const impulses = (t: typeof a) => t.events.flatMap((e) => (e.type === 'impact' && e.impulses ? [e.impulses] : []));
    expect(gap(impulses(a), impulses(b))).toBeLessThanOrEqual(1e-12);
  });
});
