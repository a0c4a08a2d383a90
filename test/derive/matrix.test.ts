// Small symbolic matrices (src/derive/matrix.ts): cofactor determinant,
// adjugate with adj(M)·M = det(M)·I, and the adjugate solve the impact maps
// and contact phases use — checked on a general 3×3 matrix of symbols.
import { describe, expect, it } from 'vitest';
import { add, neg, num, sym, ZERO, type Expr } from '../../src/core/expr.js';
import { evaluate } from '../../src/core/evaluate.js';
import { simplify } from '../../src/core/trig.js';
import { adjugate, det, matMul, matVec, solveSmall, transpose } from '../../src/derive/matrix.js';
import { canonical } from '../helpers/hand.js';
import { rng, uniform } from '../helpers/random.js';

const general = (n: number): Expr[][] => Array.from({ length: n }, (_, i) => Array.from({ length: n }, (__, j) => sym(`a${i}${j}`)));

describe('a general 3×3 matrix', () => {
  const A = general(3);
  it('has the cofactor determinant (rule of Sarrus)', () => {
    expect(simplify(det(A))).toBe(canonical('a00*a11*a22 + a01*a12*a20 + a02*a10*a21 - a02*a11*a20 - a00*a12*a21 - a01*a10*a22'));
  });
  it('satisfies adj(A)·A = det(A)·I', () => {
    const d = simplify(det(A));
    const P = matMul(adjugate(A), A);
    P.forEach((row, i) => row.forEach((x, j) => expect(simplify(add(x, neg(i === j ? d : ZERO)))).toBe(ZERO)));
  });
  it('is solved by the adjugate: A·x = b at random entries', () => {
    const b = [sym('b0'), sym('b1'), sym('b2')];
    const sol = solveSmall(A, b)!;
    const residual = matVec(A, sol.x).map((r, i) => add(r, neg(b[i]!)));
    const r = rng(5);
    for (let k = 0; k < 20; k++) {
      const env: Record<string, number> = {};
      for (const name of ['b0', 'b1', 'b2', ...A.flat().map((x) => (x as { name: string }).name)]) env[name] = uniform(r, -1, 1);
      for (const e of residual) expect(Math.abs(evaluate(e, env))).toBeLessThan(1e-9 * Math.max(1, 1 / Math.abs(evaluate(sol.det, env))));
    }
  });
});

describe('a singular matrix', () => {
  it('has no solution from solveSmall (det simplifies to 0: rows (sin q, cos q) and (2 sin q, 2 cos q))', () => {
    const S = [
      [canonical('sin(q)'), canonical('cos(q)')],
      [canonical('2*sin(q)'), canonical('2*cos(q)')],
    ];
    expect(solveSmall(S, [num(1), num(0)])).toBeUndefined();
  });
});

describe('transpose', () => {
  it('swaps rows and columns of a 2×3 matrix', () => {
    const M = [
      [num(1), num(2), num(3)],
      [num(4), num(5), num(6)],
    ];
    expect(transpose(M)).toEqual([
      [num(1), num(4)],
      [num(2), num(5)],
      [num(3), num(6)],
    ]);
  });
});
