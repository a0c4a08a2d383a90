// The factored quotient form (src/core/factored.ts): multiple angles expanded,
// the circle's normal form, common factors cancelled and pulled out, each
// remaining sum in its shortest trig form — the forms rubanovich1981 prints.
import { describe, expect, it } from 'vitest';
import { evaluate } from '../../src/core/evaluate.js';
import { factored, shortestOf } from '../../src/core/factored.js';
import { toText } from '../../src/core/print.js';
import { together } from '../../src/core/together.js';
import { canonical, hand } from '../helpers/hand.js';

describe('the factored form', () => {
  it('gives the rimless wheel’s Carnot loss 4ml²w² sin²α (I* + cos²α)/(1 + I*) (rubanovich1981 §2)', () => {
    const derived = canonical('l^2*m*w^2*(4*Istar + sin(2*alpha)^2 - 4*Istar*cos(alpha)^4 + 4*Istar^2*sin(alpha)^2)/(1 + Istar)^2');
    expect(factored(derived)).toBe(hand('4*m*l^2*w^2*sin(alpha)^2*(Istar + cos(alpha)^2)/(1 + Istar)'));
  });
  it('gives the compass’s loss 4ml²w² sin²α/(1 + 3 sin²α) from T(1 − r²) with r of (1.16)', () => {
    const loss = canonical('m*l^2*w^2*(1 + 3*sin(alpha)^2)/3*(1 - ((1 - 3*sin(alpha)^2)/(1 + 3*sin(alpha)^2))^2)');
    expect(factored(loss)).toBe(hand('4*m*l^2*w^2*sin(alpha)^2/(1 + 3*sin(alpha)^2)'));
  });
  it('expands sin 3x and cos 2x in sin x, cos x and keeps the value', () => {
    const e = canonical('(sin(3*x) + cos(2*y))/(1 + sin(x)^2)');
    const f = factored(e);
    for (const [x, y] of [
      [0.3, 1.1],
      [-2, 0.4],
    ])
      expect(evaluate(f, { x, y })).toBeCloseTo(evaluate(e, { x, y }), 13);
  });
});

describe('the shortest of several forms', () => {
  it('keeps the expression where no form prints shorter, else the shortest', () => {
    const short = canonical('a + b');
    expect(shortestOf(short, [together, factored])).toBe(short);
    const split = canonical('a/(1 + b) + c/(1 + b)');
    const best = shortestOf(split, [together, factored]);
    expect(toText(best).length).toBeLessThan(toText(split).length);
    expect(best).toBe(hand('(a + c)/(1 + b)'));
  });
});
