// Operation count of an expression tree: the measure simplification
// minimizes and benchmarks report (before CSE; codegen counts after CSE).
import * as Q from './rational.js';
import { unreachable, type Expr } from './expr.js';

/**
 * Arithmetic operations and function calls needed to evaluate e as a tree:
 * each node's own operations, summed over the tree with an explicit stack
 * (expressions may be deeper than the call stack). `printed`: those a
 * reader sees, a positive integer power being a superscript, no operation.
 */
export function opCount(e: Expr, printed = false): number {
  let n = 0;
  const stack: Expr[] = [e];
  while (stack.length > 0) {
    const u = stack.pop()!;
    switch (u.kind) {
      case 'num':
      case 'sym':
        break;
      case 'add':
        n += u.terms.length - (Q.isZero(u.constant) ? 1 : 0);
        for (const t of u.terms) {
          if (!Q.isOne(Q.abs(t.coeff))) n++;
          stack.push(t.expr);
        }
        break;
      case 'mul':
        n += u.factors.length - 1 + (Q.isOne(Q.abs(u.coeff)) ? 0 : 1);
        for (const f of u.factors) {
          n += powCost(f.exp, stack, printed);
          stack.push(f.base);
        }
        break;
      case 'pow':
        n += powCost(u.exp, stack, printed);
        stack.push(u.base);
        break;
      case 'fn':
        n += 1;
        for (const a of u.args) stack.push(a);
        break;
      default:
        return unreachable(u);
    }
  }
  return n;
}

/** The operations of raising to exp (a symbolic exponent goes on the stack to be counted). */
function powCost(exp: Expr, stack: Expr[], printed: boolean): number {
  if (exp.kind !== 'num') {
    stack.push(exp);
    return 1;
  }
  const k = Math.abs(exp.value.n);
  if (exp.value.d !== 1) return 1;
  if (printed && exp.value.n > 0) return 0;
  return k === 1 ? (exp.value.n < 0 ? 1 : 0) : Math.min(k - 1, 2);
}
