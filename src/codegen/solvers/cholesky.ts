// The Cholesky solver written once, as IR: printed into src/numeric/cholesky.ts
// (which the runtime and the derivation's checks import) and into every
// generated module. What it computes and why is the header below.
// Tests: test/numeric/cholesky.test.ts, test/codegen/solvers/sources.test.ts.
import {
  assign,
  bin,
  CONTINUE,
  comment,
  cond,
  constVar,
  div,
  EPSILON,
  forDown,
  forRange,
  idx,
  letVar,
  math,
  minus,
  not,
  num,
  ref,
  ret,
  times,
  when,
  type Decl,
  type ModuleIR,
} from '../ir.js';
import { at, entry, param } from './dense.js';

const [n, first] = [ref('n'), ref('first')];
/** first[i] when the envelope is given, else 0 (a dense matrix). */
const start = (i: string): ReturnType<typeof cond> => cond(first, idx(first, ref(i)), num(0));

export const choleskyFactor: Decl = {
  kind: 'function',
  name: 'choleskyFactor',
  exported: true,
  doc: `Factor A = L Lᵀ in place. A is n×n row-major and symmetric; only its lower
triangle is read, L overwrites it (the strict upper triangle is left as it
was).

\`first\`, when given, is A's envelope: row i's entries left of column
first[i] are zero (block-diagonal or banded mass matrices of independent
bodies). The factor has no fill outside the envelope (George & Liu,
"Computer Solution of Large Sparse Positive Definite Systems", §4.1), so
those entries are neither read nor written and the cost is that of the
envelope, O(n·b²) for bandwidth b instead of O(n³). The terms skipped are
exact zeros: the factor is the dense one's, bit for bit.

Returns −1 when A is positive definite, else the first column j whose pivot
d_j = a_jj − Σ_{k<j} l_jk² is not above n·ε·max_i a_ii (then L is valid in
columns < j only and A is "not positive definite at column j": a massless
direction, or an indefinite matrix). The threshold is relative because
the rounding error of d_j is of order n·ε·a_jj (Higham, Theorem 10.3):
below it a pivot is noise, and without the test an exactly singular M
(massless spokes) gives a pivot of 1e-17 and a "solution" of size 1e16
instead of a failure. NaN entries fail the test too.`,
  params: [param('n', 'number'), param('A', 'Float64Array'), param('first', 'Int32Array', true)],
  returns: 'number',
  body: [
    letVar('maxDiag', num(0)),
    forRange('i', 0, n, [
      comment('skips NaN, which then fails at its own column'),
      when(bin(math('abs', entry('A', 'i', 'i')), '>', ref('maxDiag')), [assign(ref('maxDiag'), math('abs', entry('A', 'i', 'i')))]),
    ]),
    constVar('threshold', times(times(n, EPSILON), ref('maxDiag'))),
    forRange('j', 0, n, [
      constVar('fj', start('j')),
      letVar('d', entry('A', 'j', 'j')),
      forRange('k', ref('fj'), ref('j'), [assign(ref('d'), times(entry('A', 'j', 'k'), entry('A', 'j', 'k')), '-=')]),
      when(not(bin(ref('d'), '>', ref('threshold'))), [ret(ref('j'))]),
      constVar('root', math('sqrt', ref('d'))),
      assign(entry('A', 'j', 'j'), ref('root')),
      forRange('i', bin(ref('j'), '+', num(1)), n, [
        constVar('fi', start('i')),
        when(bin(ref('fi'), '>', ref('j')), [CONTINUE]),
        letVar('s', entry('A', 'i', 'j')),
        // From the later start of the two rows' envelopes (not the module's NaN-aware max: a C driver prints this too).
        { kind: 'let', name: 'lo', type: 'index', init: ref('fi') },
        when(bin(ref('fj'), '>', ref('lo')), [assign(ref('lo'), ref('fj'))]),
        forRange('k', ref('lo'), ref('j'), [assign(ref('s'), times(entry('A', 'i', 'k'), entry('A', 'j', 'k')), '-=')]),
        assign(entry('A', 'i', 'j'), div(ref('s'), ref('root'))),
      ]),
    ]),
    ret(num(-1)),
  ],
};

export const choleskySolve: Decl = {
  kind: 'function',
  name: 'choleskySolve',
  exported: true,
  doc: `y[yOff…yOff+n) = A⁻¹ b[bOff…bOff+n) with the factor L of \`choleskyFactor\`
and the same envelope \`first\` (forward substitution L z = b by rows, then
back substitution Lᵀ y = z by columns of Lᵀ, i.e. rows of L, so that both
touch the envelope only). b is only read; y may be the same array at the
same offset (solve in place).`,
  params: [
    param('n', 'number'),
    param('L', 'Float64Array'),
    param('b', 'Float64Array'),
    param('bOff', 'number'),
    param('y', 'Float64Array'),
    param('yOff', 'number'),
    param('first', 'Int32Array', true),
  ],
  returns: 'void',
  body: [
    forRange('i', 0, n, [
      letVar('s', at('b', 'bOff', 'i')),
      forRange('k', start('i'), ref('i'), [assign(ref('s'), times(entry('L', 'i', 'k'), at('y', 'yOff', 'k')), '-=')]),
      assign(at('y', 'yOff', 'i'), div(ref('s'), entry('L', 'i', 'i'))),
    ]),
    forDown('i', minus(n, num(1)), 0, [
      constVar('yi', div(at('y', 'yOff', 'i'), entry('L', 'i', 'i'))),
      assign(at('y', 'yOff', 'i'), ref('yi')),
      forRange('k', start('i'), ref('i'), [assign(at('y', 'yOff', 'k'), minus(at('y', 'yOff', 'k'), times(entry('L', 'i', 'k'), ref('yi'))))]),
    ]),
  ],
};

/** src/numeric/cholesky.ts. */
export const CHOLESKY: ModuleIR = {
  header: [
    'Cholesky factorization A = L Lᵀ of a symmetric positive definite matrix',
    '(a mass matrix, a Delassus matrix) and the two triangular solves with it.',
    'Golub & Van Loan, "Matrix Computations", 4th ed., §4.2 (Algorithm 4.2.1,',
    'gaxpy Cholesky); backward stability without pivoting: Higham, "Accuracy and',
    'Stability of Numerical Algorithms", 2nd ed., Theorem 10.3.',
    '',
    'Generated modules carry the same functions, printed from the same IR: no',
    'imports, no module-level state, no allocation (every array is passed in).',
  ],
  decls: [choleskyFactor, choleskySolve],
};
