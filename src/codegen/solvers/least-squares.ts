// Regularized least squares written once, as IR: printed into
// src/numeric/least-squares.ts, which the runtime's Newton iterations import.
// What it computes and why is the header below.
// Tests: test/numeric/least-squares.test.ts, test/codegen/solvers/sources.test.ts.
import {
  assign,
  bin,
  call,
  callStmt,
  comment,
  constVar,
  forRange,
  idx,
  letVar,
  MIN_POSITIVE,
  math,
  NAN,
  newArray,
  num,
  plus,
  ref,
  ret,
  times,
  when,
  type Decl,
  type ModuleIR,
} from '../ir.js';
import { accumulate, entry, param } from './dense.js';

const [k, rows, zero] = [ref('k'), ref('rows'), num(0)];

/** s = Σᵢ J[i][a]·v(i) over the rows, into `target`. */
const columnDot = (v: (i: string) => ReturnType<typeof entry>, target: ReturnType<typeof entry>) => [
  ...accumulate('s', zero, 'i', rows, '+=', times(entry('J', 'i', 'a', 'k'), v('i'))),
  assign(target, ref('s')),
];

export const leastSquares: Decl = {
  kind: 'function',
  name: 'leastSquares',
  exported: true,
  doc: 'δ (length k) for the rows × k matrix J (row-major) and right side r; NaN when JᵀJ + μI is not positive definite (J not finite).',
  params: [param('rows', 'number'), param('k', 'number'), param('J', 'ArrayLike<number>'), param('r', 'ArrayLike<number>')],
  returns: 'Float64Array',
  body: [
    constVar('N', newArray('Float64Array', times(k, k))),
    constVar('g', newArray('Float64Array', k)),
    constVar('d', newArray('Float64Array', k)),
    letVar('biggest', zero),
    forRange('a', 0, k, [
      forRange(
        'b',
        0,
        k,
        columnDot((i) => entry('J', i, 'b', 'k'), entry('N', 'a', 'b', 'k')),
      ),
      ...columnDot((i) => idx('r', ref(i)), idx('g', ref('a'))),
      assign(ref('biggest'), math('max', ref('biggest'), entry('N', 'a', 'a', 'k'))),
    ]),
    comment('μ > 0 even when J is zero: the smallest double makes N positive definite, and the step 0.'),
    forRange('a', 0, k, [assign(entry('N', 'a', 'a', 'k'), plus(times(num(1e-12), ref('biggest')), MIN_POSITIVE), '+=')]),
    when(bin(call('choleskyFactor', k, ref('N')), '>=', zero), [forRange('a', 0, k, [assign(idx('d', ref('a')), NAN)]), ret(ref('d'))]),
    callStmt('choleskySolve', k, ref('N'), ref('g'), zero, ref('d'), zero),
    ret(ref('d')),
  ],
};

/** src/numeric/least-squares.ts. */
export const LEAST_SQUARES: ModuleIR = {
  header: [
    'Regularized least squares for Newton steps on possibly rank-deficient',
    'systems (equilibria on dependent contact rows, fixed points of return maps',
    'with neutral directions): δ = (JᵀJ + μI)⁻¹ Jᵀ r with μ = 1e-12·max diag(JᵀJ),',
    'the Gauss–Newton step, of least norm along the null directions of J.',
    'Tests: test/numeric/least-squares.test.ts.',
  ],
  decls: [leastSquares],
};
