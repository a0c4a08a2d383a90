// bisect: the sign change of f in [a, b] with f(a) ≥ 0 > f(b), to round-off.
import { describe, expect, it } from 'vitest';
import { bisect } from '../../src/numeric/bisect.js';

describe('bisect', () => {
  it('finds cos x = 0 at π/2 in [0, 3] and √2 as the root of 2 − x² in [0, 2], to round-off', () => {
    expect(Math.abs(bisect(Math.cos, 0, 3) - Math.PI / 2)).toBeLessThan(1e-14);
    expect(Math.abs(bisect((x) => 2 - x * x, 0, 2) - Math.SQRT2)).toBeLessThan(1e-14);
  });

  it('keeps a zero value on the nonnegative side: a step from 0 to −1 at 0.3 is found at 0.3', () => {
    expect(Math.abs(bisect((x) => (x < 0.3 ? 0 : -1), 0, 1) - 0.3)).toBeLessThan(1e-15);
  });

  it('stops at a bracket round-off wide far from 0: a root near 1e6', () => {
    const root = 1e6 + 0.25;
    expect(Math.abs(bisect((x) => root - x, 1e6, 1e6 + 1) - root)).toBeLessThan(1e-8);
  });
});
