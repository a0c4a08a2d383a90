// Rigid and compliant versions of one model from one call (simulateModel in src/cli/build.ts, exported by the library): Kozlov's point
// of §2 with the line realized by the spring (0, −Ny), simulated as written
// and as its rigid model (the plastic law its limitStudy declares), by the
// library entry a user imports.
import { describe, expect, it } from 'vitest';
import rigidSpec from '../../derivations/kozlov-release.js';
import elasticSpec from '../../derivations/kozlov-release-elastic.js';
import { MechanicsError, simulate, simulateModel } from '../../src/index.js';
import { derived } from '../helpers/examples.js';
import { loadGenerated } from '../helpers/generated-module.js';
import { thrown } from '../helpers/thrown.js';

const start = { q0: [-1, 0], qd0: [1, 0], t1: 2.5 } as const;
const release = (events: readonly { type: string; t: number }[]): number => events.filter((e) => e.type === 'release').at(-1)!.t;

describe('simulateModel: one model, its realized or its rigid laws', () => {
  it("laws: 'rigid' runs the rigid model event-driven: the release at t = 1 (Kozlov (2.3)), the motion of the hand-written rigid model", async () => {
    const run = simulateModel(elasticSpec, { ...start, params: { g: 1, N: 1e4 }, laws: 'rigid' });
    expect(run.model).toBe('kozlov-release-elastic-rigid');
    expect(run.events.map((e) => e.type)).toEqual(['contact', 'release']);
    expect(release(run.events)).toBeCloseTo(1, 10);
    const written = simulate(await loadGenerated(derived(rigidSpec)), { ...start, params: { g: 1 } });
    run.q.forEach((q, k) => q.forEach((v, i) => expect(Math.abs(v - written.q[k]![i]!)).toBeLessThan(1e-12)));
  });

  it('as written (the default): the spring, pressed within the strip −2g/N ≤ y ≤ 0 and released at 1 + O(N^{−1/2})', () => {
    const N = 1e4;
    const run = simulateModel(elasticSpec, { ...start, params: { g: 1, N }, rtol: 1e-10, atol: 1e-13 });
    expect(run.model).toBe('kozlov-release-elastic');
    expect(run.events[0]!.type).toBe('contact');
    const tau = release(run.events);
    // Later than the rigid release, by O(N^{−1/2}) (Kozlov's Theorem 2: the classical motion in the limit).
    expect(tau).toBeGreaterThan(1);
    expect(tau).toBeLessThan(1 + 1 / Math.sqrt(N));
    run.t.forEach((t, k) => {
      if (t < 1) expect(run.q[k]![1]!).toBeGreaterThanOrEqual(-2 / N - 1e-12);
    });
    // The rigid and realized versions end close: the distance after release is the delay's, O(N^{−1/2}).
    const rigid = simulateModel(elasticSpec, { ...start, params: { g: 1, N }, laws: 'rigid' });
    expect(Math.abs(run.q.at(-1)![1]! - rigid.q.at(-1)![1]!)).toBeLessThan(2 / Math.sqrt(N));
  });

  it("a model that declares no rigid laws has no rigid version; laws is 'realized' or 'rigid'", () => {
    const none = thrown(() => simulateModel(rigidSpec, { ...start, laws: 'rigid' }), MechanicsError);
    expect([none.code, none.where.model, none.where.field]).toEqual(['invalid-option', 'kozlov-release', 'laws']);
    expect(none.message).toContain('limitStudy.rigid');
    const bad = thrown(() => simulateModel(elasticSpec, { ...start, laws: 'stiff' as 'rigid' }), MechanicsError);
    expect(bad.code).toBe('invalid-option');
  });
});
