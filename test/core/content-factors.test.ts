// A polynomial split by its contents (src/core/content-factors.ts): the
// prism's frictionless determinant (smirnov1981 §2) has the factor a₁ − a₂.
import { describe, expect, it } from 'vitest';
import { contentFactored } from '../../src/core/content-factors.js';
import { evaluate } from '../../src/core/evaluate.js';
import { parseExpr } from '../../src/core/parse.js';
import { toText } from '../../src/core/print.js';

describe('a polynomial split by its contents', () => {
  it('Δ₀ = a₁X + a₂(−X) is (a₁ − a₂)X, X = a₃(b₄ − b₅) + a₄(b₅ − b₃) + a₅(b₃ − b₄), equal at a point', () => {
    const delta0 = parseExpr('a1*(a3*(b4 - b5) + a4*(b5 - b3) + a5*(b3 - b4)) + a2*(a3*(b5 - b4) + a4*(b3 - b5) + a5*(b4 - b3))');
    const split = contentFactored(delta0);
    expect(split.kind).toBe('mul');
    const env = { a1: -0.3, a2: 0.3, a3: -0.25, a4: -0.2, a5: 0.35, b3: -0.06, b4: 0.07, b5: 0.01 };
    // Typed: (a₁ − a₂)(a₃(b₄ − b₅) + a₄(b₅ − b₃) + a₅(b₃ − b₄)).
    const typed = (env.a1 - env.a2) * (env.a3 * (env.b4 - env.b5) + env.a4 * (env.b5 - env.b3) + env.a5 * (env.b3 - env.b4));
    expect(evaluate(split, env)).toBeCloseTo(typed, 14);
    expect(toText(split).length).toBeLessThan(toText(delta0).length);
  });
  it('leaves a polynomial with no content alone', () => {
    const e = parseExpr('a1*b2 - a2*b1 + 1');
    expect(contentFactored(e)).toBe(e);
  });
});
