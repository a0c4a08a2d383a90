import { describe, expect, it } from 'vitest';
import { parseExpr } from '../../src/core/parse.js';
import { simplify } from '../../src/core/trig.js';
import { toText } from '../../src/core/print.js';
import { expand } from '../../src/core/expand.js';

const s = (src: string): string => toText(simplify(parseExpr(src)));

describe('trig simplification', () => {
  it('reduces sin² + cos² to 1', () => {
    expect(s('sin(x)^2 + cos(x)^2')).toBe('1');
  });
  it('reduces sin² + cos² inside a larger context', () => {
    expect(s('a*b*sin(x+y)^2 + a*b*cos(x+y)^2 + c')).toBe(toText(parseExpr('a*b + c')));
  });
  it('reduces 1 - cos² to sin²', () => {
    expect(s('m1 + m2 - m2*cos(q1-q2)^2')).toBe(toText(parseExpr('m1 + m2*sin(q1-q2)^2')));
  });
  it('folds cos a cos b + sin a sin b into cos(a - b)', () => {
    expect(s('l1*l2*(cos(q1)*cos(q2) + sin(q1)*sin(q2))')).toBe(toText(parseExpr('l1*l2*cos(q1-q2)')));
  });
  it('folds sin a cos b - cos a sin b into sin(a - b)', () => {
    expect(s('sin(q1)*cos(q2) - cos(q1)*sin(q2)')).toBe(toText(parseExpr('sin(q1-q2)')));
  });
  it('leaves a lone product alone', () => {
    expect(s('cos(a)*cos(b)')).toBe(toText(parseExpr('cos(a)*cos(b)')));
  });
  it('keeps sin² when the linear form is longer', () => {
    expect(s('sin(t)^2*sin(p)^2 + sin(t)^2*cos(p)^2')).toBe(toText(parseExpr('sin(t)^2')));
  });
  it('expansion multiplies out sums', () => {
    expect(toText(expand(parseExpr('(a+b)^2 - a^2 - b^2')))).toBe(toText(parseExpr('2*a*b')));
  });
});
