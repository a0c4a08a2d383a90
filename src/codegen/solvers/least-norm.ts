// The least-norm split of the reactions or impulses of dependent rows
// written once, as IR: printed into src/numeric/least-norm.ts, which the
// runtime's contact phase and frictional impact call
// (src/runtime/contact/indeterminate-reactions.ts), and into the generated
// modules with contacts, whose impact map (./impact-modes.ts) calls it, in
// TypeScript and in C. What it computes and why is the header below.
// Tests: test/runtime/contact/indeterminate-reactions.test.ts, test/codegen/solvers/sources.test.ts.
import {
  assign,
  bin,
  call,
  comment,
  cond,
  constVar,
  div,
  forRange,
  idx,
  letVar,
  math,
  num,
  ref,
  ret,
  times,
  when,
  type Decl,
  type ModuleIR,
  type Stmt,
} from '../ir.js';
import { entry, param } from './dense.js';

const [n, k, zero, one] = [ref('n'), ref('k'), num(0), num(1)];
const typed = (name: string, init: ReturnType<typeof num>): Stmt => ({ kind: 'let', name, type: 'index', init });
/** Entry a of basis vector v (k entries each). */
const basis = (v: string, a: string) => entry('basis', v, a, 'k');
/** `s = Σ_a basis_v[a]·x[a]`. */
const dotBasis = (x: string): Stmt[] => [letVar('dot', zero), forRange('a', 0, k, [assign(ref('dot'), times(basis('v', 'a'), idx(x, ref('a'))), '+=')])];

export const orthonormalColumns: Decl = {
  kind: 'function',
  name: 'orthonormalColumns',
  exported: true,
  doc: `An orthonormal basis of the columns of the k×n matrix R (row-major), one
vector of k entries per column into basis (n × k): column i's, or zeros
where column i depends on the earlier ones; returns the rank. Modified Gram–Schmidt, each
column orthogonalized twice (once loses orthogonality on nearly dependent
columns); a column whose remainder is not above 1e-8 of its norm, or of the
largest column's, lies in the span of the others: a dependency that holds
exactly, up to the roundoff of the rows (a difference of two equal splits is
roundoff, 1e-16, in a direction of its own, not a column). u: scratch, k.`,
  params: [param('n', 'index'), param('k', 'index'), param('R', 'ArrayLike<number>'), param('basis', 'Float64Array'), param('u', 'Float64Array')],
  returns: 'index',
  body: [
    letVar('largest', zero),
    forRange('i', 0, n, [
      letVar('norm', zero),
      forRange('a', 0, k, [assign(ref('norm'), times(entry('R', 'a', 'i'), entry('R', 'a', 'i')), '+=')]),
      assign(ref('largest'), math('max', ref('largest'), ref('norm'))),
    ]),
    typed('rank', zero),
    forRange('i', 0, n, [
      letVar('norm0', zero),
      forRange('a', 0, k, [assign(idx('u', ref('a')), entry('R', 'a', 'i')), assign(ref('norm0'), times(idx('u', ref('a')), idx('u', ref('a'))), '+=')]),
      assign(ref('norm0'), math('max', ref('norm0'), ref('largest'))),
      forRange('sweep', 0, 2, [
        forRange('v', 0, ref('i'), [...dotBasis('u'), forRange('a', 0, k, [assign(idx('u', ref('a')), times(ref('dot'), basis('v', 'a')), '-=')])]),
      ]),
      letVar('norm', zero),
      forRange('a', 0, k, [assign(ref('norm'), times(idx('u', ref('a')), idx('u', ref('a'))), '+=')]),
      comment('Dependent: a zero vector, which the later columns and the projection pass over.'),
      constVar('independent', bin(ref('norm'), '>', times(num(1e-16), ref('norm0')))),
      constVar('scale', cond(ref('independent'), div(one, math('sqrt', ref('norm'))), zero)),
      forRange('a', 0, k, [assign(basis('i', 'a'), times(idx('u', ref('a')), ref('scale')))]),
      when(ref('independent'), [assign(ref('rank'), one, '+=')]),
    ]),
    ret(ref('rank')),
  ],
};

export const leastNormSplit: Decl = {
  kind: 'function',
  name: 'leastNormSplit',
  exported: true,
  doc: `x (k entries) in place replaced by the x' of least norm with Rᵀx' = Rᵀx, R the
k rows of n in R (row-major): x's orthogonal projection onto R's columns
(x − x' lies in null(Rᵀ), orthogonal to them). Returns R's rank. basis (n·k),
u and p (k): scratch.`,
  params: [
    param('n', 'index'),
    param('k', 'index'),
    param('R', 'ArrayLike<number>'),
    param('x', 'Float64Array'),
    param('basis', 'Float64Array'),
    param('u', 'Float64Array'),
    param('p', 'Float64Array'),
  ],
  returns: 'index',
  body: [
    { kind: 'const', name: 'rank', type: 'index', init: call('orthonormalColumns', n, k, ref('R'), ref('basis'), ref('u')) },
    forRange('a', 0, k, [assign(idx('p', ref('a')), zero)]),
    forRange('v', 0, n, [...dotBasis('x'), forRange('a', 0, k, [assign(idx('p', ref('a')), times(ref('dot'), basis('v', 'a')), '+=')])]),
    forRange('a', 0, k, [assign(idx('x', ref('a')), idx('p', ref('a')))]),
    ret(ref('rank')),
  ],
};

/** src/numeric/least-norm.ts. */
export const LEAST_NORM: ModuleIR = {
  header: [
    'The reactions of a statically indeterminate support: k held rows R (k×n)',
    'that are dependent (a box flat on four corners has g_A + g_C = g_B + g_D',
    'for any pose) leave the motion unique, M q̈ = f + Rᵀσ, but only Rᵀσ fixes',
    'σ; so do the impulses of an impact on them, M Δq̇ = RᵀΛ (rubanovich1981',
    '§1: the horizontal impulses of pinned feet are statically indeterminate).',
    'Of all σ with the same Rᵀσ the split taken is the one of least Euclidean',
    "norm, σ's orthogonal projection onto the column space of R: the symmetric",
    'split where the support is symmetric, and the one equal supports of any',
    'stiffness tend to (least work of the springs, Σσ²/2k, with Rᵀσ given).',
    'No allocation: every array is passed in.',
  ],
  decls: [orthonormalColumns, leastNormSplit],
};
