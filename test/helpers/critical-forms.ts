// Closed forms the critical-value tests compare against, built with the
// kernel's constructors (so comparison is by identity).
import { fn, num, pow, type Expr } from '../../src/core/expr.js';

export const sqrtInverse = (q: number): Expr => pow(num(q), num(-0.5));
export const asinOf = (x: Expr): Expr => fn('asin', x);
