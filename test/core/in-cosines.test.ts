// The printer's sin² → cos² step (src/core/in-cosines.ts): c + k sin²x is
// written (c + k) − k cos²x only where the number shrinks, and keeps its value.
import { describe, expect, it } from 'vitest';
import { evaluate } from '../../src/core/evaluate.js';
import { parseExpr as parse } from '../../src/core/parse.js';
import { inCosines } from '../../src/core/in-cosines.js';

describe('inCosines', () => {
  it('4 − 3 sin²θ becomes 1 + 3 cos²θ, equal at every θ', () => {
    const e = parse('4 - 3*sin(theta)^2');
    const out = inCosines(e);
    expect(out).toBe(parse('1 + 3*cos(theta)^2'));
    for (const th of [0.3, 1.1, -2]) expect(evaluate(out, { theta: th })).toBeCloseTo(evaluate(e, { theta: th }), 12);
  });
  it('leaves 1 + 3 sin²θ, Rubanovich–Formalsky’s 1 − 3 sin²α and longer sums as they are', () => {
    for (const s of ['1 + 3*sin(theta)^2', '1 - 3*sin(alpha)^2', '4 - 3*sin(theta)^2 + x', '4 - 3*sin(theta)^2*x']) expect(inCosines(parse(s))).toBe(parse(s));
  });
});
