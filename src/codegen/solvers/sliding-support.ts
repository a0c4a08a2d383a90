// A contact phase sliding on dependent held rows, written once, as IR:
// printed into src/numeric/sliding-support.ts, which the runtime's mode
// selection calls (src/runtime/contact/friction-modes.ts, ModeSelector's
// evaluate), and into the C driver (c-driver-reactions.ts), so that both
// embed one algorithm. What it computes and why is the header below.
// Tests: test/runtime/contact/indeterminate-reactions.test.ts (the weights),
// test/codegen/c-driver-flat-landing.test.ts (the box sliding flat, C against
// the runtime), test/codegen/solvers/sources.test.ts.
import {
  assign,
  bin,
  call,
  callStmt,
  comment,
  CONTINUE,
  constVar,
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
  type JsExpr,
  type LValue,
  type ModuleIR,
  type Stmt,
} from '../ir.js';
import { entry, param } from './dense.js';

const [zero, one] = [num(0), num(1)];
const typed = (name: string, init: JsExpr): Stmt => ({ kind: 'let', name, type: 'index', init });
const flag = (name: string, init: JsExpr): Stmt => ({ kind: 'let', name, type: 'boolean', init });
const and = (a: JsExpr, b: JsExpr): JsExpr => bin(a, '&&', b);
/** Point a's entry x: points is count × k. */
const point = (a: JsExpr | string, x: string): JsExpr & LValue => (a === zero ? idx('points', ref(x)) : entry('points', a, x, 'k'));
/** Column `i` of the differences D (k × (count − 1)), row x. */
const diff = (x: string, i: JsExpr): JsExpr & LValue => idx('D', plus(times(ref(x), ref('c1')), i));

export const leastNormWeights: Decl = {
  kind: 'function',
  name: 'leastNormWeights',
  exported: true,
  doc: `Weights λ (count of them, Σλ = 1) of the point of least norm on the affine
hull of the count points of k entries in \`points\` (count × k, row-major):
p₀ + Σ cᵢ(pᵢ − p₀) with c of least squares on the independent differences
(orthonormalColumns' test; normal equations, Cholesky), λ₀ = 1 − Σc; λ = e₀
where the normal equations do not factor. Every quantity affine in the point
(a phase's q̈ with its reactions) takes the same weights. D (k·count),
basis (count·k), u (k), normal (count²), rhs (count), chosen (count): scratch.`,
  params: [
    param('k', 'index'),
    param('count', 'index'),
    param('points', 'ArrayLike<number>'),
    param('weights', 'Float64Array'),
    param('D', 'Float64Array'),
    param('basis', 'Float64Array'),
    param('u', 'Float64Array'),
    param('normal', 'Float64Array'),
    param('rhs', 'Float64Array'),
    param('chosen', 'Int32Array'),
  ],
  returns: 'void',
  body: [
    forRange('a', 0, ref('count'), [assign(idx('weights', ref('a')), zero)]),
    assign(idx('weights', zero), one),
    when(bin(ref('count'), '<', num(2)), [ret()]),
    constVar('c1', minus(ref('count'), one)),
    forRange('x', 0, ref('k'), [forRange('i', 0, ref('c1'), [assign(diff('x', ref('i')), minus(point(plus(ref('i'), one), 'x'), point(zero, 'x')))])]),
    callStmt('orthonormalColumns', ref('c1'), ref('k'), ref('D'), ref('basis'), ref('u')),
    comment('The independent differences: those with a basis vector of their own.'),
    typed('r', zero),
    forRange('i', 0, ref('c1'), [
      flag('independent', ref('false')),
      forRange('x', 0, ref('k'), [when(bin(entry('basis', 'i', 'x', 'k'), '!==', zero), [assign(ref('independent'), ref('true'))])]),
      when(ref('independent'), [assign(idx('chosen', ref('r')), ref('i')), assign(ref('r'), one, '+=')]),
    ]),
    when(bin(ref('r'), '===', zero), [ret()]),
    forRange('x', 0, ref('r'), [
      assign(idx('rhs', ref('x')), zero),
      forRange('a', 0, ref('k'), [assign(idx('rhs', ref('x')), times(diff('a', idx('chosen', ref('x'))), point(zero, 'a')), '-=')]),
      forRange('y', 0, ref('r'), [
        assign(entry('normal', 'x', 'y', 'r'), zero),
        forRange('a', 0, ref('k'), [
          assign(entry('normal', 'x', 'y', 'r'), times(diff('a', idx('chosen', ref('x'))), diff('a', idx('chosen', ref('y')))), '+='),
        ]),
      ]),
    ]),
    when(bin(call('choleskyFactor', ref('r'), ref('normal')), '>=', zero), [ret()]),
    callStmt('choleskySolve', ref('r'), ref('normal'), ref('rhs'), zero, ref('rhs'), zero),
    forRange('x', 0, ref('r'), [
      assign(idx('weights', plus(idx('chosen', ref('x')), one)), idx('rhs', ref('x'))),
      assign(idx('weights', zero), idx('rhs', ref('x')), '-='),
    ]),
  ],
};

/** Member a's entry x: members is m × width, member a that of held contact kept[a]. */
const memberOf = (a: JsExpr, x: JsExpr): JsExpr => idx('members', plus(times(idx('kept', a), ref('width')), x));

export const dependentHeld: Decl = {
  kind: 'function',
  name: 'dependentHeld',
  exported: true,
  doc: `Which held contacts (modes[j] ≠ 0) have a normal row (G, m×n) in the span
of the other held ones': its remainder off their columns not above 1e-8 of
its norm; into dependent (m, 1 or 0), their number returned. span (n·m),
along (n), basis (m·n), u, p (n): scratch.`,
  params: [
    param('n', 'index'),
    param('m', 'index'),
    param('G', 'ArrayLike<number>'),
    param('modes', 'ArrayLike<number>'),
    param('dependent', 'Int32Array'),
    param('span', 'Float64Array'),
    param('along', 'Float64Array'),
    param('basis', 'Float64Array'),
    param('u', 'Float64Array'),
    param('p', 'Float64Array'),
  ],
  returns: 'index',
  body: [
    typed('held', zero),
    forRange('j', 0, ref('m'), [assign(idx('dependent', ref('j')), zero), when(bin(idx('modes', ref('j')), '!==', zero), [assign(ref('held'), one, '+=')])]),
    constVar('o', minus(ref('held'), one)),
    typed('count', zero),
    forRange('j', 0, ref('m'), [
      when(bin(idx('modes', ref('j')), '===', zero), [CONTINUE]),
      comment("The other held rows as the columns of span (n × o, Gᵀ's), G_j projected onto them."),
      typed('c', zero),
      forRange('i', 0, ref('m'), [
        when(bin(bin(ref('i'), '===', ref('j')), '||', bin(idx('modes', ref('i')), '===', zero)), [CONTINUE]),
        forRange('x', 0, ref('n'), [assign(entry('span', 'x', 'c', 'o'), entry('G', 'i', 'x'))]),
        assign(ref('c'), one, '+='),
      ]),
      forRange('x', 0, ref('n'), [assign(idx('along', ref('x')), entry('G', 'j', 'x'))]),
      callStmt('leastNormSplit', ref('o'), ref('n'), ref('span'), ref('along'), ref('basis'), ref('u'), ref('p')),
      letVar('off', zero),
      letVar('norm', zero),
      forRange('x', 0, ref('n'), [
        constVar('d', minus(entry('G', 'j', 'x'), idx('along', ref('x')))),
        assign(ref('off'), times(ref('d'), ref('d')), '+='),
        assign(ref('norm'), times(entry('G', 'j', 'x'), entry('G', 'j', 'x')), '+='),
      ]),
      when(bin(math('sqrt', ref('off')), '<=', times(num(1e-8), math('sqrt', ref('norm')))), [
        assign(idx('dependent', ref('j')), one),
        assign(ref('count'), one, '+='),
      ]),
    ]),
    ret(ref('count')),
  ],
};

export const slidingSupport: Decl = {
  kind: 'function',
  name: 'slidingSupport',
  exported: true,
  doc: `A mode sliding on dependent normal rows, where the phase's solve
(R M⁻¹ Fᵀ, F carrying the friction) is singular: NaN, or a split off by the
roundoff of a pivot (a box's four corners at 3.27 : 1.64 : 1.64 : −6e-16).
Its solutions are a family σ_p + ν, R M⁻¹ Fᵀ ν = 0, and q̈, σ̇, τ are affine
along it; a held contact whose normal row depends on the other held ones'
(dependentHeld), opened, gives the member with its σ̇ = 0. \`out\` (width
entries: q̈ (n), σ̇, τ, then the determinant) becomes the member of
least-norm reactions (leastNormWeights over their k reactions at \`at\`), its
determinant the least of theirs (each that of an independent subsystem).
Where the members' q̈ agree (a box sliding flat without turning) the motion
is unique; where they do not (turning, the split moves the friction's
moment) the mode selection finds the members admissible as modes of their
own with other motions and reports the ambiguity. members (m × width): row j
the phase with contact j opened, read where dependent[j]; one with a
non-finite q̈ or a determinant 0 or non-finite is left out. Returns the
members combined; with fewer than two, out is left as it is. kept (m),
points (m·k), D (k·m), basis (m·k), u (k), normal (m²), rhs, weights,
chosen (m): scratch.`,
  params: [
    param('n', 'index'),
    param('m', 'index'),
    param('width', 'index'),
    param('dependent', 'Int32Array'),
    param('members', 'ArrayLike<number>'),
    param('k', 'index'),
    param('at', 'Int32Array'),
    param('out', 'Float64Array'),
    param('kept', 'Int32Array'),
    param('points', 'Float64Array'),
    param('D', 'Float64Array'),
    param('basis', 'Float64Array'),
    param('u', 'Float64Array'),
    param('normal', 'Float64Array'),
    param('rhs', 'Float64Array'),
    param('weights', 'Float64Array'),
    param('chosen', 'Int32Array'),
  ],
  returns: 'index',
  body: [
    constVar('last', minus(ref('width'), one)),
    typed('count', zero),
    forRange('j', 0, ref('m'), [
      when(bin(idx('dependent', ref('j')), '===', zero), [CONTINUE]),
      constVar('det', entry('members', 'j', ref('last'), 'width')),
      flag('finite', and(bin(ref('det'), '!==', zero), math('isFinite', ref('det')))),
      forRange('x', 0, ref('n'), [when(not(math('isFinite', entry('members', 'j', 'x', 'width'))), [assign(ref('finite'), ref('false'))])]),
      when(ref('finite'), [assign(idx('kept', ref('count')), ref('j')), assign(ref('count'), one, '+=')]),
    ]),
    when(bin(ref('count'), '<', num(2)), [ret(ref('count'))]),
    forRange('a', 0, ref('count'), [forRange('x', 0, ref('k'), [assign(point(ref('a'), 'x'), memberOf(ref('a'), idx('at', ref('x'))))])]),
    callStmt(
      'leastNormWeights',
      ref('k'),
      ref('count'),
      ref('points'),
      ref('weights'),
      ref('D'),
      ref('basis'),
      ref('u'),
      ref('normal'),
      ref('rhs'),
      ref('chosen'),
    ),
    forRange('x', 0, ref('last'), [
      assign(idx('out', ref('x')), zero),
      forRange('a', 0, ref('count'), [assign(idx('out', ref('x')), times(idx('weights', ref('a')), memberOf(ref('a'), ref('x'))), '+=')]),
    ]),
    assign(idx('out', ref('last')), memberOf(zero, ref('last'))),
    forRange('a', 1, ref('count'), [
      when(bin(memberOf(ref('a'), ref('last')), '<', idx('out', ref('last'))), [assign(idx('out', ref('last')), memberOf(ref('a'), ref('last')))]),
    ]),
    ret(ref('count')),
  ],
};

/** src/numeric/sliding-support.ts. */
export const SLIDING_SUPPORT: ModuleIR = {
  header: [
    'A contact phase sliding on a statically indeterminate support (a box on',
    'two or four corners): its reactions, and so its motion where friction',
    'turns the support, are a family; the member of least-norm reactions is',
    'the one the mode selection and its guards read (slidingSupport), weighted',
    'as the point of least norm on the members’ affine hull (leastNormWeights);',
    'the members are the phases with one dependent held contact opened',
    '(dependentHeld), which the caller computes between the two calls.',
  ],
  decls: [leastNormWeights, dependentHeld, slidingSupport],
};
