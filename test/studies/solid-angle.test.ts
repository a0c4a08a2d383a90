// Solid angles known in closed form: an octant π/2, a half-space 2π, a wedge of opening α 2α, a square pyramid of
// half-angle β 4 arcsin(sin² β) (about its axis, a right circular cone's bound), and a rod's two ends approaching
// (ẏ < −|θ̇|) cut by |ẋ| ≤ k(−ẏ).
import { describe, expect, it } from 'vitest';
import { coneSolidAngle } from '../../src/studies/solid-angle.js';

describe('the solid angle of a polyhedral cone', () => {
  it('an octant, a half-space, a wedge', () => {
    expect(
      coneSolidAngle([
        [1, 0, 0],
        [0, 1, 0],
        [0, 0, 1],
      ]),
    ).toBeCloseTo(Math.PI / 2, 12);
    expect(coneSolidAngle([[0, 0, 1]])).toBeCloseTo(2 * Math.PI, 12);
    // Between the planes y = 0 and y = x tan α about the z axis: opening α.
    const a = 0.7;
    expect(
      coneSolidAngle([
        [0, 1, 0],
        [Math.sin(a), -Math.cos(a), 0],
      ]),
    ).toBeCloseTo(2 * a, 12);
  });
  it('a square pyramid |x|, |y| ≤ z tan β: 4 arcsin(sin² β)', () => {
    const t = Math.tan(0.4);
    const faces: [number, number, number][] = [
      [-1, 0, t],
      [1, 0, t],
      [0, -1, t],
      [0, 1, t],
    ];
    expect(coneSolidAngle(faces)).toBeCloseTo(4 * Math.asin(Math.sin(0.4) ** 2), 12);
  });
  it('a rod’s two ends approaching, ẏ < −|θ̇|, and |ẋ| ≤ 0.45(−ẏ): the share a count of uniform directions gives', () => {
    // NumPy, 4·10⁶ normal directions: 0.22288 of the sphere (standard error 2·10⁻⁴).
    const faces: [number, number, number][] = [
      [0.45, -1, 0],
      [-0.45, -1, 0],
      [0, -1, 1],
      [0, -1, -1],
    ];
    expect(Math.abs(coneSolidAngle(faces) / (4 * Math.PI) - 0.22288)).toBeLessThan(8e-4);
  });
});
