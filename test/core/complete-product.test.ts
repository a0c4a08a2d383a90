// A product completed for printing: Lyapunov's constant of Birkhoff's
// 2-periodic orbit, 2 − 4l/R₁ − 4l/R₂ + 4l²/(R₁R₂), is 4(1 − l/R₁)(1 − l/R₂) − 2
// (kozlov1988 §4), equal at every point and shorter.
import { describe, expect, it } from 'vitest';
import { completeProduct } from '../../src/core/complete-product.js';
import { opCount } from '../../src/core/cost.js';
import { evaluate } from '../../src/core/evaluate.js';
import { collectFactors } from '../../src/core/factor.js';
import type { Expr } from '../../src/core/expr.js';
import { parseExpr } from '../../src/core/parse.js';
import { toText } from '../../src/core/print.js';
import { rng } from './random-expr.js';

const p = (s: string): Expr => parseExpr(s);

/** Whether a and b agree at random positive points of the named symbols. */
function agree(a: Expr, b: Expr, names: readonly string[]): boolean {
  const next = rng(11);
  for (let k = 0; k < 20; k++) {
    const env = Object.fromEntries(names.map((n) => [n, 0.2 + 2 * next()]));
    const [x, y] = [evaluate(a, env), evaluate(b, env)];
    if (Math.abs(x - y) > 1e-12 * (1 + Math.abs(x))) return false;
  }
  return true;
}

describe('a product completed', () => {
  it('writes Lyapunov’s constant of the 2-periodic orbit as 4(1 − l/R₁)(1 − l/R₂) − 2, equal and shorter', () => {
    const a = p('2 - 4*l/R1 - 4*l/R2 + 4*l^2/(R1*R2)');
    const out = completeProduct(a)!;
    expect(out).toBe(p('4*(1 - l/R1)*(1 - l/R2) - 2'));
    expect(agree(out, a, ['l', 'R1', 'R2'])).toBe(true);
    expect(opCount(out)).toBeLessThan(opCount(collectFactors(a)));
    // Also from a form with factors taken out, multiplied out first.
    expect(completeProduct(p('2 - 4*l*(1/R1 + 1/R2) + 4*l^2/(R1*R2)'))).toBe(out);
  });

  it('keeps a constant left over and the other terms: xy + 2x + 3y + 7 + z² = (x + 3)(y + 2) + 1 + z²', () => {
    const e = p('x*y + 2*x + 3*y + 7 + z^2');
    const out = completeProduct(e)!;
    expect(toText(out)).toBe(toText(p('(x + 3)*(y + 2) + 1 + z^2')));
    expect(agree(out, e, ['x', 'y', 'z'])).toBe(true);
  });

  it('leaves a sum without the shape, or one no shorter completed: x + y + z + w, xy + x + y', () => {
    expect(completeProduct(p('x + y + z + w'))).toBeUndefined();
    expect(completeProduct(p('x*y + x + y'))).toBeUndefined();
  });
});
