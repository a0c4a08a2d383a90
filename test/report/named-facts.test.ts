// A derived result printed in the names of the facts its formula binds
// (src/report/named-facts.ts): kozlov1988 (4.2)'s flight in the swing's
// duration τ, and nothing changed where a fact is not linear in one function.
import { describe, expect, it } from 'vitest';
import { evaluate } from '../../src/core/evaluate.js';
import { freeSymbols } from '../../src/core/expr.js';
import { parseExpr } from '../../src/core/parse.js';
import { inNamedFacts } from '../../src/report/named-facts.js';
import { math } from '../../src/report/notation.js';

// τ of (4.2), the root of y₀ = 0 after the strike, as the derivation gives it.
const tau = parseExpr('2*arcctg(-g/(v*sqrt(N)))/sqrt(N)');
const env = { g: 1.3, v: 0.7, N: 90, t: 2.1 };

describe('a result in the names of the facts it binds', () => {
  it('the flight after the swing is v(t − τ) − g(t − τ)²/2 in τ: no arctangent left, equal at a point with τ set back', () => {
    const T = '2*arcctg(-g/(v*sqrt(N)))/sqrt(N)';
    const flight = parseExpr(`(t - ${T})*(2*v - g*(t - ${T}))/2`);
    const named = inNamedFacts(flight, new Map([['tau', tau]]));
    expect([...freeSymbols(named)].sort()).toEqual(['g', 't', 'tau', 'v']);
    expect(math(named)).not.toMatch(/arcctg|arctan/);
    expect(evaluate(named, { ...env, tau: evaluate(tau, env) })).toBeCloseTo(evaluate(flight, env), 12);
    // Typed from the paper: v(t − τ) − g(t − τ)²/2.
    const at = evaluate(tau, env);
    expect(evaluate(named, { ...env, tau: at })).toBeCloseTo(0.7 * (2.1 - at) - (1.3 * (2.1 - at) ** 2) / 2, 12);
  });
  it('Lyapunov’s P∫p dt (4.4), 4g(v/g + arcctg(…)/√N)²/a, is gP²/a in the period P = τ + 2v/g', () => {
    const period = parseExpr('2*arcctg(-g/(v*sqrt(N)))/sqrt(N) + 2*v/g');
    const integral = parseExpr('4*g*(arcctg(-g/(v*sqrt(N)))/sqrt(N) + v/g)^2/a');
    expect(inNamedFacts(integral, new Map([['P', period]]))).toBe(parseExpr('g*P^2/a'));
  });
  it('leaves a result alone where the fact holds no function, or two', () => {
    const e = parseExpr('2*v/g + sin(t)');
    expect(inNamedFacts(e, new Map([['T', parseExpr('2*v/g')]]))).toBe(e);
    expect(inNamedFacts(e, new Map([['T', parseExpr('sin(t) + cos(t)')]]))).toBe(e);
  });
});
