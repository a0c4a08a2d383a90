// Smirnov's variants with free pairs (src/derive/friction/support-partial.ts),
// checked against the full variants independently: on the surface where a
// one-support variant's residual vanishes, the full variants on either side
// of the free pair have that pair's reaction 0 and the bearing pair's reaction
// equal to the one-support variant's (the boundary where F(s) = 1/2 each,
// smirnov1981 (1.2)); the no-support variant's residuals are the loads; the
// spatial prism's 211 variants with free pairs are not derived.
import { describe, expect, it } from 'vitest';
import planar from '../../../derivations/prism-in-guides-planar.js';
import spatial from '../../../derivations/prism-in-guides.js';
import { evaluate, type Env } from '../../../src/core/evaluate.js';
import { ZERO } from '../../../src/core/expr.js';
import { derived } from '../../helpers/examples.js';

describe('planar prism: the variants on one support and on none', () => {
  const s = derived(planar).supports!;
  const env: Env = { a1: -0.45, a2: 0.6, w: 0.2, f11: 0.3, f21: 0.25, f12: 0.2, f22: 0.35, Py: 1.7, Mz: 0, g1: 0, g2: 0, x: 0, "x'": 1 };
  const at = (e: Parameters<typeof evaluate>[0], extra: Env = {}): number => evaluate(e, { ...env, ...extra });
  const full = (v: readonly number[]) => s.variants!.find((x) => x.variant.every((side, i) => side === v[i]))!;

  it('5 of the 9 variants have free pairs, each with the free reactions 0', () => {
    expect(s.partial!.map((p) => p.variant.join(','))).toEqual(['1,0', '-1,0', '0,1', '0,-1', '0,0']);
    for (const p of s.partial!) p.variant.forEach((side, i) => side === 0 && expect(p.reactions[i]).toBe(ZERO));
  });

  it.each([
    [[1, 0], 0],
    [[-1, 0], 0],
    [[0, 1], 1],
    [[0, -1], 1],
  ] as const)('%j: on its residual surface both neighbouring full variants free the pair and agree on the other reaction', (v, bearing) => {
    const p = s.partial!.find((x) => x.variant.join(',') === v.join(','))!;
    expect(p.residuals.map((r) => r.row)).toEqual([1]);
    // The residual is affine in M_z: its root is the moment at which the variant is realized.
    const [r0, r1] = [at(p.residuals[0]!.value, { Mz: 0 }), at(p.residuals[0]!.value, { Mz: 1 })];
    const Mz = -r0 / (r1 - r0);
    const free = 1 - bearing;
    for (const side of [1, -1]) {
      const neighbour = full(v.map((x, i) => (i === free ? side : x)));
      expect(at(neighbour.reactions[free]!, { Mz })).toBeCloseTo(0, 12);
      expect(at(neighbour.reactions[bearing]!, { Mz })).toBeCloseTo(at(p.reactions[bearing]!, { Mz }), 12);
      expect(at(neighbour.friction, { Mz })).toBeCloseTo(at(p.friction, { Mz }), 12);
    }
  });

  it('no support: the residuals are the loads, realized only without P_y and M_z, and Φ = 0', () => {
    const p = s.partial!.find((x) => x.variant.every((side) => side === 0))!;
    expect(p.residuals.map((r) => at(r.value, { Mz: 0.4 }))).toEqual([-1.7, -0.4]);
    expect(at(p.friction)).toBe(0);
  });
});

describe('spatial prism', () => {
  it('5 pairs: the 211 variants with free pairs are not derived', () => {
    expect(derived(spatial).supports!.partial).toBeUndefined();
  });
});
