// Limits at infinity of expressions rational in the growing symbol (Kozlov
// (2.5) → (2.6)) or bounded oscillations damped by its powers (the elastic
// strip of §2), and undefined wherever the pass cannot say.
import { describe, expect, it } from 'vitest';
import { limitAtInfinity } from '../../src/core/limit.js';
import { parseExpr } from '../../src/core/parse.js';
import { simplify } from '../../src/core/trig.js';
import { sub, ZERO } from '../../src/core/expr.js';

const lim = (text: string) => limitAtInfinity(parseExpr(text), 'N');
const same = (a: ReturnType<typeof lim>, b: string) => a !== undefined && simplify(sub(a, parseExpr(b))) === ZERO;

describe('limits as N → ∞', () => {
  it.each([
    ['-g*t^2/(2*(N + 1))', '0'],
    ['(3*N^2 + N)/(2*N^2 - 5)', '3/2'],
    ['(N + 1)/(N - 1)', '1'],
    ['g*sqrt(2)*(t - 3)/(N + 1) + g*(t - 3)^2/2', 'g*(t - 3)^2/2'],
    ['a*N/(b*N + 1)', 'a/b'],
    ['x^2 + 1', 'x^2 + 1'],
    ['sqrt(N)/(N + 1)', '0'],
    ['2*pi/sqrt(N) + 2*l/v', '2*l/v'],
    ['(N + sqrt(N))/(2*N - 1)', '1/2'],
    ['g*(cos(sqrt(N)*t) - 1)/N', '0'],
    ['-g*sin(sqrt(N)*t)/sqrt(N) + t', 't'],
    ['cos(sqrt(N)*t)^2*sin(N)/(N + 1)', '0'],
    // |atan| < π/2: bounded, as sin and cos are.
    ['atan(N*t)/sqrt(N) + v', 'v'],
  ])('%s → %s', (e, expected) => {
    expect(same(lim(e), expected)).toBe(true);
  });
  it('keeps the terms free of N as written (the parabola of (2.6) not multiplied out)', () => {
    expect(lim('g*(t - 3)^2/2 + 1/N')).toBe(parseExpr('g*(t - 3)^2/2'));
  });
  it.each([
    ['infinite', 'N^2/(N + 1)'],
    ['N inside a function', 'exp(-N*t)'],
    ['oscillating', 'cos(sqrt(N)*t)'],
    ['oscillating, its amplitude not vanishing', 'cos(sqrt(N)*t)*(N + 1)/N'],
    ['oscillating, its amplitude growing', 'sqrt(N)*sin(sqrt(N)*t)'],
    ['N under a third power', 'N^(1/3)/(N + 1)'],
    ['infinite in √N', 'N/(sqrt(N) + 1)'],
    ['bounded, not vanishing', 'atan(N*t)*(N + 1)/N'],
  ])('is undefined when %s: %s', (_, e) => {
    expect(lim(e)).toBeUndefined();
  });
});
