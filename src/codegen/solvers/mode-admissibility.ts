// The admissibility of a contact's mode with Coulomb friction written once,
// as IR: printed into src/numeric/mode-admissibility.ts, which the runtime's
// mode selection imports (src/runtime/contact/friction-modes.ts), and into
// the C driver's choice of the modes (src/codegen/c-driver-friction.ts).
// What it decides and why is the header below.
// Tests: test/numeric/mode-admissibility.test.ts, test/codegen/solvers/sources.test.ts,
// test/codegen/c-driver-friction.test.ts (the driver's text).
import { OPEN, STICK } from '../../runtime/contact/friction-modes.js';
import {
  assign,
  bin,
  call,
  callStmt,
  comment,
  cond,
  constVar,
  div,
  forRange,
  idx,
  letVar,
  math,
  minus,
  neg,
  not,
  num,
  plus,
  ref,
  ret,
  times,
  when,
  type Decl,
  type JsExpr,
  type ModuleIR,
} from '../ir.js';
import { param } from './dense.js';

const [n, m, j, row, rows, zero] = [ref('n'), ref('m'), ref('j'), ref('row'), ref('rows'), num(0)];
const and = (a: JsExpr, b: JsExpr): JsExpr => bin(a, '&&', b);
const or = (a: JsExpr, b: JsExpr): JsExpr => bin(a, '||', b);
const eq = (a: JsExpr, b: JsExpr): JsExpr => bin(a, '===', b);
/** Entry r of contact j's slip rows in a phase output (after q̈ and σ̇): τ_r. */
const tau = (out: string, r: JsExpr): JsExpr => idx(out, plus(plus(plus(n, m), row), r));
/** σ̇_j in a phase output. */
const sigma = (out: string): JsExpr => idx(out, plus(n, j));
/** Relative roundoff of an acceleration-level test: at a release σ̇ = 0 and g̈ = 0 at once. */
const ROUNDOFF = 1e-9;

export const accelerationChange: Decl = {
  kind: 'function',
  name: 'accelerationChange',
  exported: true,
  doc: `Add to acc[0] w J_row (q̈ − q̈_alone), the change of a row's acceleration from
the mode with the contact held alone (its drift terms cancel), and to acc[1]
the size of its terms, Σ |J_row,i| (|q̈_i| + |q̈_alone,i|), for a tolerance
relative to it. J has n columns; q̈ is qdd's first n entries.`,
  params: [
    param('n', 'index'),
    param('J', 'ArrayLike<number>'),
    param('row', 'index'),
    param('w', 'number'),
    param('qdd', 'ArrayLike<number>'),
    param('alone', 'ArrayLike<number>'),
    param('acc', 'Float64Array'),
  ],
  returns: 'void',
  body: [
    letVar('value', idx('acc', 0)),
    letVar('scale', idx('acc', 1)),
    forRange('i', 0, n, [
      constVar('x', idx('J', plus(times(row, n), ref('i')))),
      assign(ref('value'), times(times(ref('w'), ref('x')), minus(idx('qdd', ref('i')), idx('alone', ref('i')))), '+='),
      assign(ref('scale'), times(math('abs', ref('x')), plus(math('abs', idx('qdd', ref('i'))), math('abs', idx('alone', ref('i'))))), '+='),
    ]),
    assign(idx('acc', 0), ref('value')),
    assign(idx('acc', 1), ref('scale')),
  ],
};

export const gapAdmissible: Decl = {
  kind: 'function',
  name: 'gapAdmissible',
  exported: true,
  doc: `Whether contact j left open does not penetrate: g̈_j = G_j (q̈ − q̈_alone) ≥ 0,
within roundoff (at a release σ̇ = 0 and g̈ = 0 at once, and without the
tolerance neither mode would pass). G has n columns; acc is scratch (2).`,
  params: [
    param('n', 'index'),
    param('G', 'ArrayLike<number>'),
    param('j', 'index'),
    param('qdd', 'ArrayLike<number>'),
    param('alone', 'ArrayLike<number>'),
    param('acc', 'Float64Array'),
  ],
  returns: 'boolean',
  body: [
    assign(idx('acc', 0), zero),
    assign(idx('acc', 1), zero),
    callStmt('accelerationChange', n, ref('G'), j, num(1), ref('qdd'), ref('alone'), ref('acc')),
    ret(bin(idx('acc', 0), '>=', times(num(-ROUNDOFF), idx('acc', 1)))),
  ],
};

export const motionsDiffer: Decl = {
  kind: 'function',
  name: 'motionsDiffer',
  exported: true,
  doc: `Whether two admissible modes are different motions: their q̈ (the first n
entries of a and b) apart by more than 1e-8 relative to b, far above the
roundoff of one solve, far below a real difference. Holding a contact with
σ̇ = 0 or not is the same motion.`,
  params: [param('n', 'index'), param('a', 'ArrayLike<number>'), param('b', 'ArrayLike<number>')],
  returns: 'boolean',
  body: [
    forRange('i', 0, n, [
      when(bin(math('abs', minus(idx('a', ref('i')), idx('b', ref('i')))), '>', times(num(1e-8), plus(num(1), math('abs', idx('b', ref('i')))))), [
        ret(ref('true')),
      ]),
    ]),
    ret(ref('false')),
  ],
};

export const stickForce: Decl = {
  kind: 'function',
  name: 'stickForce',
  exported: true,
  doc: "|τ_j| in a phase output, the Euclidean norm of the force along contact j's slip rows (`rows` of them from `row`).",
  params: [param('n', 'index'), param('m', 'index'), param('row', 'index'), param('rows', 'index'), param('out', 'ArrayLike<number>')],
  returns: 'number',
  body: [letVar('s', zero), forRange('r', 0, rows, [assign(ref('s'), times(tau('out', ref('r')), tau('out', ref('r'))), '+=')]), ret(math('sqrt', ref('s')))],
};

export const slideFromRest: Decl = {
  kind: 'function',
  name: 'slideFromRest',
  exported: true,
  doc: `Whether Coulomb contact j at rest in its tangent (ṡ_j = 0) may slide in the
mode with code \`code\`, from \`stick\`, the phase output of the same mode with
j sticking; into d (\`rows\` entries) the slide's direction −τ/|τ|. Sticking
inside the cone (|τ| ≤ μs σ̇) excludes the slide, except at the cone's edge
just crossed (\`leaving\`), where roundoff decides the side; there the slide
goes opposite to τ, so τ must give a direction and, planar, the code's.`,
  params: [
    param('n', 'index'),
    param('m', 'index'),
    param('j', 'index'),
    param('row', 'index'),
    param('rows', 'index'),
    param('muS', 'number'),
    param('code', 'number'),
    param('leaving', 'boolean'),
    param('stick', 'ArrayLike<number>'),
    param('d', 'Float64Array'),
  ],
  returns: 'boolean',
  body: [
    constVar('t', call('stickForce', n, m, row, rows, ref('stick'))),
    when(and(not(ref('leaving')), bin(ref('t'), '<=', times(ref('muS'), sigma('stick')))), [ret(ref('false'))]),
    { kind: 'let', name: 'finite', type: 'boolean', init: ref('true') },
    forRange('r', 0, rows, [
      assign(idx('d', ref('r')), div(neg(tau('stick', ref('r'))), ref('t'))),
      assign(ref('finite'), and(ref('finite'), math('isFinite', idx('d', ref('r'))))),
    ]),
    when(and(not(ref('finite')), or(ref('leaving'), bin(rows, '>', num(1)))), [ret(ref('false'))]),
    comment('A planar direction is ±1, or NaN where τ gives none.'),
    ret(not(and(and(eq(rows, num(1)), ref('leaving')), not(eq(idx('d', 0), ref('code')))))),
  ],
};

export const contactAdmissible: Decl = {
  kind: 'function',
  name: 'contactAdmissible',
  exported: true,
  doc: `Whether contact j's code in a mode is admissible at the acceleration level,
from the mode's phase output \`out\`, the gap Jacobian G and slip Jacobian S
(n columns) and q̈ with j held alone (\`alone\`): open, g̈_j ≥ 0; held,
σ̇_j > 0; and where its law is Coulomb's (\`coulomb\`), sticking, |τ_j| ≤ μs σ̇_j;
sliding from rest (\`fromRest\`, along d, \`rows\` entries from slip row \`row\`),
s̈_j·d > 0, or ≥ 0 within roundoff and \`skew\` (how far the friction's
direction turned off d) at the cone's edge just crossed (\`leaving\`). A slide
going on has its direction from ṡ and needs no test. acc is scratch (2).`,
  params: [
    param('n', 'index'),
    param('m', 'index'),
    param('j', 'index'),
    param('code', 'number'),
    param('coulomb', 'boolean'),
    param('muS', 'number'),
    param('row', 'index'),
    param('rows', 'index'),
    param('out', 'ArrayLike<number>'),
    param('G', 'ArrayLike<number>'),
    param('S', 'ArrayLike<number>'),
    param('d', 'ArrayLike<number>'),
    param('fromRest', 'boolean'),
    param('leaving', 'boolean'),
    param('skew', 'number'),
    param('alone', 'ArrayLike<number>'),
    param('acc', 'Float64Array'),
  ],
  returns: 'boolean',
  body: [
    when(eq(ref('code'), num(OPEN)), [ret(call('gapAdmissible', n, ref('G'), j, ref('out'), ref('alone'), ref('acc')))]),
    when(not(bin(sigma('out'), '>', zero)), [ret(ref('false'))]),
    when(not(ref('coulomb')), [ret(ref('true'))]),
    when(eq(ref('code'), num(STICK)), [ret(bin(call('stickForce', n, m, row, rows, ref('out')), '<=', times(ref('muS'), sigma('out'))))]),
    when(not(ref('fromRest')), [ret(ref('true'))]),
    assign(idx('acc', 0), zero),
    assign(idx('acc', 1), zero),
    forRange('r', 0, rows, [callStmt('accelerationChange', n, ref('S'), plus(row, ref('r')), idx('d', ref('r')), ref('out'), ref('alone'), ref('acc'))]),
    constVar('tol', times(plus(num(ROUNDOFF), ref('skew')), idx('acc', 1))),
    ret(cond(ref('leaving'), bin(idx('acc', 0), '>=', neg(ref('tol'))), bin(idx('acc', 0), '>', zero))),
  ],
};

/** src/numeric/mode-admissibility.ts. */
export const MODE_ADMISSIBILITY: ModuleIR = {
  header: [
    "The tests of one contact's mode at an event, at the acceleration level",
    "(rubanovich1981 §1, with Coulomb's cone where the contact has friction): a",
    'contact held pushes (σ̇ > 0), one left open does not penetrate (g̈ ≥ 0), one',
    'sticking stays inside its cone (|τ| ≤ μs σ̇), and one sliding from rest does',
    'so only where sticking would leave the cone, opposite to the sticking force,',
    'with a slip acceleration along its direction; of the admissible modes, only',
    'different motions are an ambiguity (motionsDiffer). The runtime enumerates',
    'the modes (src/runtime/hybrid/hybrid.ts without friction,',
    'src/runtime/contact/friction-modes.ts with it) and so does the C driver; both',
    'test each contact by these functions, printed from the same IR.',
    '',
    'A phase output is what frictionPhase returns for n coordinates and m',
    'contacts: q̈, σ̇ per contact, τ per slip row, the determinant. Mode codes:',
    '0 open, 2 held sticking, otherwise held (±1 sliding, planar).',
  ],
  decls: [accelerationChange, gapAdmissible, motionsDiffer, stickForce, slideFromRest, contactAdmissible],
};

/** The functions a driver without friction calls (the held set's tests). */
export const FRICTIONLESS_TESTS = [accelerationChange, gapAdmissible, motionsDiffer] as (Decl & { kind: 'function' })[];
/** The functions a driver with Coulomb friction calls. */
export const FRICTION_TESTS = MODE_ADMISSIBILITY.decls as (Decl & { kind: 'function' })[];
