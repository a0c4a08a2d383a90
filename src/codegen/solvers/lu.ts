// The LU solver written once, as IR: printed into src/numeric/lu.ts (which
// the runtime imports) and into the generated modules with retaining
// constraints or friction. What it computes and why is the header below.
// Tests: test/numeric/lu.test.ts, test/codegen/solvers/sources.test.ts.
import {
  assign,
  bin,
  comment,
  constVar,
  div,
  forDown,
  forRange,
  idx,
  letVar,
  math,
  minus,
  not,
  num,
  plus,
  ref,
  ret,
  times,
  when,
  type Decl,
  type ModuleIR,
} from '../ir.js';
import { at, entry, param } from './dense.js';

const [n, one] = [ref('n'), num(1)];
const after = (i: string) => plus(ref(i), one);

/** Swap entries a and b through `tmp`. */
const swap = (a: ReturnType<typeof entry>, b: ReturnType<typeof entry>) => [constVar('tmp', a), assign(a, b), assign(b, ref('tmp'))];

export const luFactor: Decl = {
  kind: 'function',
  name: 'luFactor',
  exported: true,
  doc: `Factor PA = LU in place: A is n×n row-major; on return its strict lower
triangle holds L (unit diagonal implied) and its upper triangle U. piv (n
entries) records the row interchanges: at step k rows k and piv[k] were
swapped.

Returns −1 on success, else the first column k where every candidate pivot
|a_ik|, i ≥ k, is not above tol·max_ij |a_ij| (max over the matrix as
given): A is singular to that relative threshold (GVL §3.3: the backward
error of elimination is n·u·max|a_ij| in size, so a smaller pivot cannot
be told from zero). Pass tol = n·Number.EPSILON for "singular to working
precision"; a larger tol also rejects nearly singular systems whose
solution would be noise. Without a threshold two copies of one contact
row yield a "solution" of size 1e16 that passes for a finite answer. NaN
entries fail too. On failure A and piv hold the partial factorization.`,
  params: [param('n', 'number'), param('A', 'Float64Array'), param('piv', 'Int32Array'), param('tol', 'number')],
  returns: 'number',
  body: [
    letVar('maxAbs', num(0)),
    forRange('i', 0, times(n, n), [
      comment('skips NaN, which then fails at its own column'),
      when(bin(math('abs', idx('A', ref('i'))), '>', ref('maxAbs')), [assign(ref('maxAbs'), math('abs', idx('A', ref('i'))))]),
    ]),
    constVar('threshold', times(ref('tol'), ref('maxAbs'))),
    forRange('k', 0, n, [
      letVar('p', ref('k')),
      letVar('best', math('abs', entry('A', 'k', 'k'))),
      forRange('i', after('k'), n, [
        constVar('v', math('abs', entry('A', 'i', 'k'))),
        when(bin(ref('v'), '>', ref('best')), [assign(ref('best'), ref('v')), assign(ref('p'), ref('i'))]),
      ]),
      assign(idx('piv', ref('k')), ref('p')),
      when(not(bin(ref('best'), '>', ref('threshold'))), [ret(ref('k'))]),
      when(bin(ref('p'), '!==', ref('k')), [forRange('j', 0, n, swap(entry('A', 'k', 'j'), entry('A', 'p', 'j')))]),
      constVar('pivot', entry('A', 'k', 'k')),
      forRange('i', after('k'), n, [
        constVar('l', div(entry('A', 'i', 'k'), ref('pivot'))),
        assign(entry('A', 'i', 'k'), ref('l')),
        when(bin(ref('l'), '!==', num(0)), [
          forRange('j', after('k'), n, [assign(entry('A', 'i', 'j'), minus(entry('A', 'i', 'j'), times(ref('l'), entry('A', 'k', 'j'))))]),
        ]),
      ]),
    ]),
    ret(num(-1)),
  ],
};

export const luSolve: Decl = {
  kind: 'function',
  name: 'luSolve',
  exported: true,
  doc: `x[xOff…xOff+n) = A⁻¹ b[bOff…bOff+n) with the factors of a successful
\`luFactor\` (permute, forward substitution with the unit L, back
substitution with U). b is only read; x may be the same array at the same
offset (solve in place).`,
  params: [
    param('n', 'number'),
    param('LU', 'Float64Array'),
    param('piv', 'Int32Array'),
    param('b', 'Float64Array'),
    param('bOff', 'number'),
    param('x', 'Float64Array'),
    param('xOff', 'number'),
  ],
  returns: 'void',
  body: [
    when(bin(bin(ref('x'), '!==', ref('b')), '||', bin(ref('xOff'), '!==', ref('bOff'))), [
      forRange('i', 0, n, [assign(at('x', 'xOff', 'i'), at('b', 'bOff', 'i'))]),
    ]),
    forRange('k', 0, n, [constVar('p', idx('piv', ref('k'))), when(bin(ref('p'), '!==', ref('k')), swap(at('x', 'xOff', 'k'), at('x', 'xOff', 'p')))]),
    forRange('i', 1, n, [
      letVar('s', at('x', 'xOff', 'i')),
      forRange('j', 0, ref('i'), [assign(ref('s'), times(entry('LU', 'i', 'j'), at('x', 'xOff', 'j')), '-=')]),
      assign(at('x', 'xOff', 'i'), ref('s')),
    ]),
    forDown('i', minus(n, one), 0, [
      letVar('s', at('x', 'xOff', 'i')),
      forRange('j', after('i'), n, [assign(ref('s'), times(entry('LU', 'i', 'j'), at('x', 'xOff', 'j')), '-=')]),
      assign(at('x', 'xOff', 'i'), div(ref('s'), entry('LU', 'i', 'i'))),
    ]),
  ],
};

/** src/numeric/lu.ts. */
export const LU: ModuleIR = {
  header: [
    'LU factorization with partial pivoting, PA = LU, and the solve with it,',
    'for the indefinite square systems (the KKT matrix [M Aᵀ; A 0] of retaining',
    "constraints, the bases of Lemke's algorithm, Moreau–Jean's iteration",
    'matrix). Golub & Van Loan, "Matrix Computations", 4th ed., §3.4',
    '(Algorithm 3.4.1, Gaussian elimination with partial pivoting) and §3.3',
    '(its backward error: the computed factors are those of A + H with',
    '|H| = O(n·u)(|A| + |L||U|)).',
    '',
    'Generated modules carry the same functions, printed from the same IR: no',
    'imports, no module-level state, no allocation (every array is passed in).',
  ],
  decls: [luFactor, luSolve],
};
