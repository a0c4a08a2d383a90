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
  CONTINUE,
  EPSILON,
  neg,
  not,
  plus,
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
  type JsExpr,
  type ModuleIR,
  type Stmt,
} from '../ir.js';
import { entry, param } from './dense.js';

const [n, k, zero, one] = [ref('n'), ref('k'), num(0), num(1)];
/** \`v = max(v, x)\` without the module's NaN-propagating max, which the C driver's copy has not: NaN only ever loses here. */
const raise = (v: string, x: JsExpr): Stmt => when(bin(x, '>', ref(v)), [assign(ref(v), x)]);
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
      raise('largest', ref('norm')),
    ]),
    typed('rank', zero),
    forRange('i', 0, n, [
      letVar('norm0', zero),
      forRange('a', 0, k, [assign(idx('u', ref('a')), entry('R', 'a', 'i')), assign(ref('norm0'), times(idx('u', ref('a')), idx('u', ref('a'))), '+=')]),
      raise('norm0', ref('largest')),
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

/** Roles of an impact's row in the split (leastNormImpulses): fixed, its own unknown, or its contact's slip row in a fixed ratio. */
const [FIXED, FREE, TIED] = [num(0), num(1), num(2)];
const eq = (a: ReturnType<typeof num>, b: ReturnType<typeof num>) => bin(a, '===', b);
const and = (a: ReturnType<typeof num>, b: ReturnType<typeof num>) => bin(a, '&&', b);
const or = (a: ReturnType<typeof num>, b: ReturnType<typeof num>) => bin(a, '||', b);
const [a_, b_, r] = [ref('a'), ref('b'), ref('r')];
/** Row b is a slip row of row a's contact. */
const slipOf = and(eq(idx('normalRow', b_), a_), bin(b_, '!==', a_));

export const leastNormImpulses: Decl = {
  kind: 'function',
  name: 'leastNormImpulses',
  exported: true,
  doc: `The impulses Λ (r rows of H, r×n: per contact its normal row, then its slip
rows; normalRow[a] the normal row of row a's contact) of an impact split by
least norm where the rows that may carry impulse are dependent (a box landing
flat on four corners). Those are the engaged contacts' and the open ones'
(or ones without normal impulse, whatever their phase) that end at ξ_N = 0 (ξ = U⁺ + ε∘U⁻, to 1e-9 of \`scale\`, the velocities
before). Per row its contact's phase after the impact (0 open, 1 engaged
without friction, 2 sticking, 3 sliding) and μk, μs. The unknowns are a
sticking contact's normal and slip impulses (an open one's, or a sliding
one's, that ends at rest in its tangent too), a sliding one's normal impulse with its slip impulses in
the ratio Λ gives them (an open one's −μk ξ_T/|ξ_T|: the edge of its cone,
against the slip), a frictionless one's normal impulse. Their rows (the
normal row plus the slip rows in that ratio) keep HᵀΛ, so q̇⁺ and every
velocity after it are those of Λ. Λ is replaced, and 1 returned, unless the
rows are independent or the split leaves the law (a normal impulse below −√ε
of the largest, a sticking one outside its cone): then Λ is the one valid
split the caller has. R (r·n), basis (n·r), role (r), ratio, nu, u, p (r): scratch.`,
  params: [
    param('n', 'index'),
    param('r', 'index'),
    param('H', 'ArrayLike<number>'),
    param('normalRow', 'Int32Array'),
    param('phase', 'Int32Array'),
    param('muK', 'ArrayLike<number>'),
    param('muS', 'ArrayLike<number>'),
    param('lambda', 'Float64Array'),
    param('xi', 'ArrayLike<number>'),
    param('scale', 'number'),
    param('R', 'Float64Array'),
    param('basis', 'Float64Array'),
    param('role', 'Int32Array'),
    param('ratio', 'Float64Array'),
    param('nu', 'Float64Array'),
    param('u', 'Float64Array'),
    param('p', 'Float64Array'),
  ],
  returns: 'index',
  body: [
    constVar('rest', times(num(1e-9), ref('scale'))),
    comment("Each contact (at its normal row a) decides its rows' roles and its slip rows' ratios."),
    forRange('a', 0, r, [assign(idx('role', a_), FIXED), assign(idx('ratio', a_), zero)]),
    forRange('a', 0, r, [
      when(bin(idx('normalRow', a_), '!==', a_), [CONTINUE]),
      letVar('slide', zero),
      { kind: 'let', name: 'slips', type: 'index', init: zero },
      forRange('b', 0, r, [when(slipOf, [assign(ref('slide'), times(idx('xi', b_), idx('xi', b_)), '+='), assign(ref('slips'), one, '+=')])]),
      assign(ref('slide'), math('sqrt', ref('slide'))),
      // A contact the solve left without normal impulse counts as open whatever phase it was given (the frictional
      // enumeration may label an idle corner of a flat landing 'sliding' with Λ_N = 0).
      {
        kind: 'const',
        name: 'touching',
        type: 'boolean',
        init: and(or(eq(idx('phase', a_), zero), not(bin(idx('lambda', a_), '>', zero))), bin(math('abs', idx('xi', a_)), '<=', ref('rest'))),
      },
      { kind: 'const', name: 'frictionless', type: 'boolean', init: or(eq(idx('muK', a_), zero), eq(ref('slips'), zero)) },
      when(ref('frictionless'), [when(or(bin(idx('phase', a_), '!==', zero), ref('touching')), [assign(idx('role', a_), FREE)]), CONTINUE]),
      // Sliding that ends at zero slip is sticking: the enumeration may give such a corner the cone's edge in any direction.
      {
        kind: 'const',
        name: 'atRest',
        type: 'boolean',
        init: and(or(ref('touching'), eq(idx('phase', a_), num(3))), bin(ref('slide'), '<=', ref('rest'))),
      },
      when(or(eq(idx('phase', a_), num(2)), ref('atRest')), [
        assign(idx('role', a_), FREE),
        forRange('b', 0, r, [when(slipOf, [assign(idx('role', b_), FREE)])]),
        CONTINUE,
      ]),
      { kind: 'const', name: 'sliding', type: 'boolean', init: and(eq(idx('phase', a_), num(3)), bin(idx('lambda', a_), '>', zero)) },
      when(not(or(ref('sliding'), ref('touching'))), [CONTINUE]),
      assign(idx('role', a_), FREE),
      forRange('b', 0, r, [
        when(slipOf, [
          assign(idx('role', b_), TIED),
          assign(
            idx('ratio', b_),
            cond(ref('sliding'), div(idx('lambda', b_), idx('lambda', a_)), times(neg(idx('muK', a_)), div(idx('xi', b_), ref('slide')))),
          ),
        ]),
      ]),
    ]),
    comment('The columns: a free row, plus its tied slip rows in their ratio.'),
    { kind: 'let', name: 'k', type: 'index', init: zero },
    forRange('a', 0, r, [
      when(bin(idx('role', a_), '!==', FREE), [CONTINUE]),
      forRange('i', 0, n, [
        letVar('v', entry('H', 'a', 'i')),
        forRange('b', 0, r, [when(and(slipOf, eq(idx('role', b_), TIED)), [assign(ref('v'), times(idx('ratio', b_), entry('H', 'b', 'i')), '+=')])]),
        assign(entry('R', 'k', 'i'), ref('v')),
      ]),
      assign(idx('nu', ref('k')), idx('lambda', a_)),
      assign(ref('k'), one, '+='),
    ]),
    when(bin(ref('k'), '<', num(2)), [ret(zero)]),
    when(eq(call('leastNormSplit', n, ref('k'), ref('R'), ref('nu'), ref('basis'), ref('u'), ref('p')), ref('k')), [ret(zero)]),
    comment('The split into p (its scratch is free), then the law checked on it.'),
    { kind: 'let', name: 'c', type: 'index', init: zero },
    letVar('largest', zero),
    forRange('a', 0, r, [
      assign(idx('p', a_), idx('lambda', a_)),
      when(eq(idx('role', a_), FREE), [assign(idx('p', a_), idx('nu', ref('c'))), assign(ref('c'), one, '+=')]),
    ]),
    forRange('a', 0, r, [
      when(eq(idx('role', a_), TIED), [assign(idx('p', a_), times(idx('ratio', a_), idx('p', idx('normalRow', a_))))]),
      raise('largest', math('abs', idx('p', a_))),
    ]),
    constVar('tol', times(math('sqrt', EPSILON), ref('largest'))),
    forRange('a', 0, r, [
      when(bin(idx('normalRow', a_), '!==', a_), [CONTINUE]),
      when(bin(idx('p', a_), '<', neg(ref('tol'))), [ret(zero)]),
      letVar('tangent', zero),
      { kind: 'let', name: 'held', type: 'boolean', init: ref('false') },
      forRange('b', 0, r, [
        when(slipOf, [assign(ref('tangent'), times(idx('p', b_), idx('p', b_)), '+='), assign(ref('held'), or(ref('held'), eq(idx('role', b_), FREE)))]),
      ]),
      when(
        and(
          ref('held'),
          bin(math('sqrt', ref('tangent')), '>', plus(cond(bin(idx('p', a_), '>', zero), times(idx('muS', a_), idx('p', a_)), zero), ref('tol'))),
        ),
        [ret(zero)],
      ),
    ]),
    forRange('a', 0, r, [assign(idx('lambda', a_), idx('p', a_))]),
    ret(one),
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
    'Tests: test/runtime/contact/indeterminate-reactions.test.ts (through the runtime’s wrapper).',
  ],
  decls: [orthonormalColumns, leastNormSplit, leastNormImpulses],
};
