// Every kernel function in every target: its name there, and (JavaScript) its value. atan came for
// kozlov1988 (4.2)'s τ = 2N^{−1/2} arcctg(−gv⁻¹N^{−1/2}); a target without it would refuse that model.
import { describe, expect, it } from 'vitest';
import { fn, FN_NAMES, mul, pow, sym, type Expr, type FnName } from '../../src/core/expr.js';
import { FN_VALUES } from '../../src/core/evaluate.js';
import { JS, printJs, type Dialect } from '../../src/codegen/js-expr.js';
import { DIALECT as C } from '../../src/codegen/print-c.js';
import { DIALECT as PYTHON } from '../../src/codegen/print-python.js';

const x = sym('x');
const y = sym('y');
/** Symbols print as their names, as a generated function's locals do. */
const names = (e: Expr): string | undefined => (e.kind === 'sym' ? e.name : undefined);
const printed = (name: FnName, dialect: Dialect): string => printJs(fn(name, mul(x, pow(y, -1))), names, undefined, dialect).code;

describe('kernel functions in each target', () => {
  it.each([
    ['TypeScript', JS, 'Math.atan(x / y)'],
    ['C', C, 'atan(x / y)'],
    ['Python', PYTHON, 'np.arctan(x / y)'],
  ])('%s prints atan(x/y) as %s', (_, dialect, expected) => {
    expect(printed('atan', dialect)).toBe(expected);
  });

  it('every function prints in every target, and in JavaScript evaluates as evaluate does', () => {
    for (const name of FN_NAMES) {
      for (const dialect of [JS, C, PYTHON]) expect(printed(name, dialect)).toContain(`${dialect.fn[name]}(`);
      const code = printed(name, JS);
      expect(new Function('x', 'y', `return ${code};`)(0.3, 0.7)).toBe(FN_VALUES[name](0.3 / 0.7));
    }
  });
});
