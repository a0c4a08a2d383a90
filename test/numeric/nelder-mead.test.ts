import { describe, expect, it } from 'vitest';
import { nelderMead } from '../../src/numeric/nelder-mead.js';

describe('nelderMead', () => {
  it('finds the peak of the negated Rosenbrock function at (1, 1)', () => {
    const { at, value } = nelderMead(([x, y]) => -((1 - x!) ** 2 + 100 * (y! - x! * x!) ** 2), [-1.2, 1]);
    expect(at[0]).toBeCloseTo(1, 4);
    expect(at[1]).toBeCloseTo(1, 4);
    expect(value).toBeCloseTo(0, 8);
  });
  it('reaches the edge of an admissible set: x + y on the unit disc peaks at √2', () => {
    const { at, value } = nelderMead(([x, y]) => (x! * x! + y! * y! <= 1 ? x! + y! : -Infinity), [0, 0]);
    expect(value).toBeCloseTo(Math.SQRT2, 5);
    expect(at[0]).toBeCloseTo(Math.SQRT1_2, 2);
  });
});
