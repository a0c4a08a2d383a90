// The sums of the normal reactions of the full variants at the defaults
// (src/studies/support-loads.ts) against smirnov1981 §2's planar forms typed
// from the paper: Δᵢⱼ = a2 − a1 + [fⱼ₂bⱼ(−1)ʲ − fᵢ₁bᵢ(−1)ⁱ] sgn ẋ,
// Nᵢⱼ₁ = (−1)ⁱ{M_z − P_y[a2 + (−1)ʲfⱼ₂bⱼ sgn ẋ]}/Δᵢⱼ,
// Nᵢⱼ₂ = (−1)ʲ{−M_z + P_y[a1 + (−1)ⁱfᵢ₁bᵢ sgn ẋ]}/Δᵢⱼ, b₁ = w, b₂ = −w;
// and §1's observation that the realized variant has the largest sum.
import { describe, expect, it } from 'vitest';
import planes from '../../derivations/point-between-planes.js';
import planar from '../../derivations/prism-in-guides-planar.js';
import { supportLoads } from '../../src/studies/support-loads.js';
import { derived } from '../helpers/examples.js';

const p = { Py: 2, Mz: 0.5, a1: -0.5, a2: 0.5, w: 0.2, f11: 0.3, f21: 0.25, f12: 0.2, f22: 0.35 };
const f = (ps: string): number => p[`f${ps}` as keyof typeof p];
const b = (i: number): number => (i === 1 ? p.w : -p.w);
/** The paper's Nᵢⱼ₁, Nᵢⱼ₂ at sgn ẋ = 1 (the initial ẋ = 1). */
function paperReactions(i: number, j: number): [number, number] {
  const delta = p.a2 - p.a1 + f(`${j}2`) * b(j) * (-1) ** j - f(`${i}1`) * b(i) * (-1) ** i;
  return [
    ((-1) ** i * (p.Mz - p.Py * (p.a2 + (-1) ** j * f(`${j}2`) * b(j)))) / delta,
    ((-1) ** j * (-p.Mz + p.Py * (p.a1 + (-1) ** i * f(`${i}1`) * b(i)))) / delta,
  ];
}
/** Face 1 (normal +y, reaction −y) is the engine's side −. */
const side = (face: number): number => (face === 1 ? -1 : 1);

describe('planar prism: N₁ + N₂ of the four full variants at the defaults', () => {
  const loads = supportLoads(derived(planar))!;
  it('are the paper’s Nᵢⱼ₁ + Nᵢⱼ₂: 2, 1.168, −1.273, −2 for 11, 21, 12, 22', () => {
    for (const [i, j] of [
      [1, 1],
      [1, 2],
      [2, 1],
      [2, 2],
    ]) {
      const v = loads.variants.find((x) => x.variant[0] === side(i!) && x.variant[1] === side(j!))!;
      const [N1, N2] = paperReactions(i!, j!);
      expect(v.reactions[0]).toBeCloseTo(N1, 12);
      expect(v.reactions[1]).toBeCloseTo(N2, 12);
      expect(v.sum).toBeCloseTo(N1 + N2, 12);
    }
    expect(loads.variants.map((v) => Number(v.sum.toFixed(3)))).toEqual([-2, 1.168, -1.273, 2]);
  });
  it('the realized variant, 11 alone (0.412, 1.588), has the largest sum', () => {
    expect(loads.variants.filter((v) => v.realized).map((v) => v.variant)).toEqual([[-1, -1]]);
    expect(loads.realizedIsLargest).toBe(true);
    expect(Math.max(...loads.variants.map((v) => v.sum))).toBeCloseTo(2, 12);
  });
});

describe('point between planes: N = −F_z on the lower plane, F_z on the upper', () => {
  it('the upper plane bears under F_z = 2 and has the larger sum', () => {
    const loads = supportLoads(derived(planes))!;
    expect(loads.variants.map((v) => [v.variant, v.sum])).toEqual([
      [[1], -2],
      [[-1], 2],
    ]);
    expect(loads.realizedIsLargest).toBe(true);
  });
});
