// The mode enumeration of the impact law with Coulomb friction written once,
// as IR: printed into src/numeric/frictional-impact.ts, which the runtime's
// frictional impact calls (src/runtime/contact/friction-impact.ts), and into
// the C driver's (src/codegen/c-driver-impact.ts). Both assemble the rows,
// their Delassus matrix W and the bias b of the law's rung (impact-law.ts:
// Newton–Coulomb, Glocker's fallback) and ask this for the impulses. What
// it computes and why is the header below.
// Tests: test/numeric/frictional-impact.test.ts, test/codegen/solvers/sources.test.ts,
// test/codegen/c-driver-impact.test.ts (planar), test/codegen/c-driver-flat-landing.test.ts (spatial).
import {
  assign,
  bin,
  call,
  CONTINUE,
  comment,
  cond,
  constVar,
  div,
  forRange,
  idx,
  INFINITY,
  letVar,
  math,
  member,
  minus,
  NAN,
  neg,
  not,
  num,
  plus,
  ref,
  ret,
  times,
  when,
  type Decl,
  type Field,
  type JsExpr,
  type ModuleIR,
  type Stmt,
  type TsType,
} from '../ir.js';
import { entry, param, unpack } from './dense.js';

const [zero, one] = [num(0), num(1)];
const and = (a: JsExpr, b: JsExpr): JsExpr => bin(a, '&&', b);
const or = (a: JsExpr, b: JsExpr): JsExpr => bin(a, '||', b);
const eq = (a: JsExpr, b: JsExpr): JsExpr => bin(a, '===', b);
const abs = (x: JsExpr): JsExpr => math('abs', x);
const inc = (name: string, by: JsExpr = one): Stmt => assign(ref(name), by, '+=');
/** An integer (C's int) or a flag, with its type. */
const typed = (kind: 'let' | 'const', name: string, type: TsType, init: JsExpr): Stmt => ({ kind, name, type, init });
/** `v = x` where x > v: NaN never wins, and no module helper (the C driver prints this alone). */
const raise = (v: string, x: JsExpr): Stmt => when(bin(x, '>', ref(v)), [assign(ref(v), x)]);
const alias = (name: string): TsType => ({ kind: 'alias', name });
const field = (name: string, type: TsType, doc: string, readsOnly = false): Field => ({
  name,
  type,
  readonly: true,
  doc,
  ...(readsOnly ? { readsOnly: true as const } : {}),
});

/** The phase codes of a contact at an impact. */
export const IMPACT_PHASE = { open: 0, engaged: 1, stuck: 2, slideUp: 3, slideDown: 4, slide: 5 } as const;
/** The contact kinds of the problem. */
export const IMPACT_KIND = { frictionless: 0, coulomb: 1, stick: 2 } as const;
const PH = Object.fromEntries(Object.entries(IMPACT_PHASE).map(([k, v]) => [k, num(v)])) as Record<keyof typeof IMPACT_PHASE, JsExpr>;
const KIND = Object.fromEntries(Object.entries(IMPACT_KIND).map(([k, v]) => [k, num(v)])) as Record<keyof typeof IMPACT_KIND, JsExpr>;

export const FrictionalImpactProblem: Decl = {
  kind: 'record',
  name: 'FrictionalImpactProblem',
  exported: true,
  doc: 'One rung of the frictional impact law: the closed contacts, their rows and the bias (all read only).',
  fields: [
    field('r', 'index', 'Rows: per contact its normal row, then its slip rows.'),
    field('k', 'index', 'Closed contacts.'),
    field('W', 'Float64Array', 'W = H M⁻¹ Hᵀ, r×r.', true),
    field('U', 'Float64Array', 'The rows’ velocities before the impact, r.', true),
    field('b', 'Float64Array', 'ξ = W Λ + b at Λ = 0: U⁻ + ε∘U⁻ of the rung, r.', true),
    field('size', 'number', 'The size of the terms of b, the scale of a dependent row’s rounding.'),
    field('restVelocity', 'number', 'Slip speed below which a contact did not slide before (static μ).'),
    field('start', 'Int32Array', 'The normal row of each contact, k.', true),
    field('slips', 'Int32Array', 'Slip rows of each contact (0, 1 planar, 2 spatial), k.', true),
    field('kind', 'Int32Array', 'Per contact 0 frictionless (or μ = 0), 1 Coulomb with μ > 0, 2 stick, k.', true),
    field('muK', 'Float64Array', 'Kinetic μ per contact, k.', true),
    field('muS', 'Float64Array', 'Static μ per contact, k.', true),
    field('separating', 'Uint8Array', '1 for the contacts separating before the impact (engaged only where they must be), k.', true),
  ],
};

export const FrictionalImpactWorkspace: Decl = {
  kind: 'record',
  name: 'FrictionalImpactWorkspace',
  exported: true,
  doc: 'The outcome and the scratch, allocated once by the caller (r rows, k contacts).',
  fields: [
    field('best', 'Float64Array', 'Λ of the chosen phases, r.'),
    field('bestPhase', 'Int32Array', 'The chosen phase per contact (0 open, 1 engaged, 2 stuck, 3/4 sliding up/down, 5 sliding on two rows), k.'),
    field('phase', 'Int32Array', 'The phases tried, k.'),
    field('dirX', 'Float64Array', 'A spatial slide’s first direction (the slip before), k.'),
    field('dirY', 'Float64Array', 'Its second component, k.'),
    field('angle', 'Float64Array', 'Its turn from there, k.'),
    field('bestAngle', 'Float64Array', 'The least violated turns, k.'),
    field('lambda', 'Float64Array', 'Λ of the phases tried, r.'),
    field('xi', 'Float64Array', 'ξ = W Λ + b, r.'),
    field('nu', 'Float64Array', 'The size of each ξ’s terms, r.'),
    field('F', 'Float64Array', 'Λ = F z: the unknowns’ columns, r×r.'),
    field('A', 'Float64Array', 'The phases’ equations, r×r.'),
    field('rhs', 'Float64Array', 'Their right side, r.'),
    field('z', 'Float64Array', 'Their unknowns, r.'),
    field('eq', 'Int32Array', 'The row of each equation, r.'),
    field('col', 'Int32Array', 'The pivoted solve’s columns, r.'),
    field('slider', 'Int32Array', 'The contacts sliding on two rows, k.'),
    field('turns', 'Int32Array', 'The quarter turns each one starts from, k.'),
    field('g', 'Float64Array', 'Their residuals d × ξ_T, k.'),
    field('gh', 'Float64Array', 'The same at a turned angle, k.'),
    field('J', 'Float64Array', 'Their Jacobian, k×k.'),
    field('step', 'Float64Array', 'Newton’s step in the angles, k.'),
  ],
};

export const pivotedSolve: Decl = {
  kind: 'function',
  name: 'pivotedSolve',
  exported: true,
  doc: `A z = r for k×k A (row-major; A and r are overwritten) by elimination with
complete pivoting, where rows may depend on each other (two feet of one
body sharing a tangent): a pivot ≤ 1e-10 of A's largest entry ends the
elimination, and each row left must hold by itself to 1e-8 of \`size\`, the
size of the terms of r; its unknown is 0. false when one does not. col:
scratch, k.`,
  params: [
    param('k', 'index'),
    param('A', 'Float64Array'),
    param('r', 'Float64Array'),
    param('z', 'Float64Array'),
    param('size', 'number'),
    param('col', 'Int32Array'),
  ],
  returns: 'boolean',
  body: [
    letVar('scale', zero),
    forRange('i', 0, times(ref('k'), ref('k')), [raise('scale', abs(idx('A', ref('i'))))]),
    forRange('c', 0, ref('k'), [assign(idx('col', ref('c')), ref('c'))]),
    typed('let', 'rank', 'index', zero),
    typed('let', 'full', 'boolean', ref('true')),
    forRange('step', 0, ref('k'), [
      when(not(ref('full')), [CONTINUE]),
      typed('let', 'pr', 'index', ref('step')),
      typed('let', 'pc', 'index', ref('step')),
      forRange('i', ref('step'), ref('k'), [
        forRange('j', ref('step'), ref('k'), [
          when(bin(abs(entry('A', 'i', 'j', 'k')), '>', abs(entry('A', 'pr', 'pc', 'k'))), [assign(ref('pr'), ref('i')), assign(ref('pc'), ref('j'))]),
        ]),
      ]),
      when(not(bin(abs(entry('A', 'pr', 'pc', 'k')), '>', times(num(1e-10), ref('scale')))), [assign(ref('full'), ref('false')), CONTINUE]),
      forRange('j', 0, ref('k'), [
        constVar('a', entry('A', 'step', 'j', 'k')),
        assign(entry('A', 'step', 'j', 'k'), entry('A', 'pr', 'j', 'k')),
        assign(entry('A', 'pr', 'j', 'k'), ref('a')),
      ]),
      constVar('swap', idx('r', ref('step'))),
      assign(idx('r', ref('step')), idx('r', ref('pr'))),
      assign(idx('r', ref('pr')), ref('swap')),
      forRange('i', 0, ref('k'), [
        constVar('a', entry('A', 'i', 'step', 'k')),
        assign(entry('A', 'i', 'step', 'k'), entry('A', 'i', 'pc', 'k')),
        assign(entry('A', 'i', 'pc', 'k'), ref('a')),
      ]),
      typed('const', 'c', 'index', idx('col', ref('step'))),
      assign(idx('col', ref('step')), idx('col', ref('pc'))),
      assign(idx('col', ref('pc')), ref('c')),
      forRange('i', plus(ref('step'), one), ref('k'), [
        constVar('f', div(entry('A', 'i', 'step', 'k'), entry('A', 'step', 'step', 'k'))),
        forRange('j', ref('step'), ref('k'), [assign(entry('A', 'i', 'j', 'k'), times(ref('f'), entry('A', 'step', 'j', 'k')), '-=')]),
        assign(idx('r', ref('i')), times(ref('f'), idx('r', ref('step'))), '-='),
      ]),
      inc('rank'),
    ]),
    forRange('i', ref('rank'), ref('k'), [when(not(bin(abs(idx('r', ref('i'))), '<=', times(num(1e-8), ref('size')))), [ret(ref('false'))])]),
    forRange('up', 0, ref('k'), [
      typed('const', 'c', 'index', minus(minus(ref('k'), one), ref('up'))),
      letVar('v', zero),
      when(bin(ref('c'), '<', ref('rank')), [
        assign(ref('v'), idx('r', ref('c'))),
        forRange('j', plus(ref('c'), one), ref('k'), [assign(ref('v'), times(entry('A', 'c', 'j', 'k'), idx('z', idx('col', ref('j')))), '-=')]),
        assign(ref('v'), div(ref('v'), entry('A', 'c', 'c', 'k'))),
      ]),
      assign(idx('z', idx('col', ref('c'))), ref('v')),
    ]),
    ret(ref('true')),
  ],
};

const PROBLEM = [param('p', alias('FrictionalImpactProblem')), param('w', alias('FrictionalImpactWorkspace'))];
const ROWS = ['r', 'k', 'W', 'U', 'b', 'start', 'slips', 'kind', 'muK', 'muS'];
const a = ref('a');
const row = ref('row');
/** Row `row + s` of contact a. */
const rowAt = (s: JsExpr | number): JsExpr => plus(row, typeof s === 'number' ? num(s) : s);
/** A spatial slide's direction: (dirX, dirY) of contact a turned by its angle. */
const direction: Stmt[] = [
  constVar('cosTurn', math('cos', idx('angle', a))),
  constVar('sinTurn', math('sin', idx('angle', a))),
  constVar('dx', minus(times(idx('dirX', a), ref('cosTurn')), times(idx('dirY', a), ref('sinTurn')))),
  constVar('dy', plus(times(idx('dirY', a), ref('cosTurn')), times(idx('dirX', a), ref('sinTurn')))),
];
/** Column u of F: the unit vector of row `target`. */
const unitColumn = (target: JsExpr): Stmt[] => [
  forRange('c', 0, ref('r'), [assign(entry('F', 'count', 'c', 'r'), cond(eq(ref('c'), target), one, zero))]),
  assign(idx('eq', ref('count')), target),
];

export const phaseImpulses: Decl = {
  kind: 'function',
  name: 'phaseImpulses',
  exported: true,
  doc: `Λ of the phases w.phase into w.lambda, ξ = W Λ + b into w.xi, and how far
the law is violated relative to its rounding (≤ 1: admissible; NaN where
the phases' equations have no solution). Each engaged contact's normal row
has ξ_N = 0, and so have a stuck one's slip rows; a planar sliding one's
Λ_T is −μk d Λ_N (d = ±1), a spatial one's −μk d Λ_N along its direction d
(w.dirX, w.dirY turned by w.angle), admissible where ξ_T is along d
(d·ξ_T ≥ 0, d × ξ_T = 0). A stuck Coulomb contact holds |Λ_T| ≤ μ Λ_N,
μs where it did not slide before (every slip rate within restVelocity).
Each condition is judged to 1e-9 of the size ν of its terms.`,
  params: PROBLEM,
  returns: 'number',
  body: [
    ...unpack('p', ROWS),
    ...unpack('w', ['phase', 'dirX', 'dirY', 'angle', 'lambda', 'xi', 'nu', 'F', 'A', 'rhs', 'z', 'eq', 'col']),
    typed('let', 'count', 'index', zero),
    forRange('i', 0, ref('r'), [assign(idx('lambda', ref('i')), zero)]),
    forRange('a', 0, ref('k'), [
      typed('const', 'ph', 'index', idx('phase', a)),
      typed('const', 'row', 'index', idx('start', a)),
      when(eq(ref('ph'), PH.open), [CONTINUE]),
      ...unitColumn(row),
      when(or(eq(ref('ph'), PH.slideUp), eq(ref('ph'), PH.slideDown)), [
        assign(entry('F', 'count', rowAt(1), 'r'), times(neg(idx('muK', a)), cond(eq(ref('ph'), PH.slideUp), one, num(-1)))),
      ]),
      when(eq(ref('ph'), PH.slide), [
        ...direction,
        assign(entry('F', 'count', rowAt(1), 'r'), times(neg(idx('muK', a)), ref('dx'))),
        assign(entry('F', 'count', rowAt(2), 'r'), times(neg(idx('muK', a)), ref('dy'))),
      ]),
      inc('count'),
      when(eq(ref('ph'), PH.stuck), [forRange('s', 1, plus(idx('slips', a), one), [...unitColumn(rowAt(ref('s'))), inc('count')])]),
    ]),
    comment('The equations ξ = 0 of the rows in eq, in the unknowns z of Λ = F z.'),
    forRange('e', 0, ref('count'), [
      forRange('u', 0, ref('count'), [
        letVar('v', zero),
        forRange('c', 0, ref('r'), [assign(ref('v'), times(entry('W', idx('eq', ref('e')), 'c', 'r'), entry('F', 'u', 'c', 'r')), '+=')]),
        assign(entry('A', 'e', 'u', 'count'), ref('v')),
      ]),
      assign(idx('rhs', ref('e')), neg(idx('b', idx('eq', ref('e'))))),
    ]),
    when(not(call('pivotedSolve', ref('count'), ref('A'), ref('rhs'), ref('z'), member('p', 'size'), ref('col'))), [ret(NAN)]),
    forRange('u', 0, ref('count'), [forRange('c', 0, ref('r'), [assign(idx('lambda', ref('c')), times(entry('F', 'u', 'c', 'r'), idx('z', ref('u'))), '+=')])]),
    forRange('i', 0, ref('r'), [
      letVar('v', idx('b', ref('i'))),
      letVar('size', plus(abs(idx('U', ref('i'))), abs(idx('b', ref('i'))))),
      forRange('c', 0, ref('r'), [
        constVar('term', times(entry('W', 'i', 'c', 'r'), idx('lambda', ref('c')))),
        assign(ref('v'), ref('term'), '+='),
        assign(ref('size'), abs(ref('term')), '+='),
      ]),
      when(not(math('isFinite', ref('v'))), [ret(NAN)]),
      assign(idx('xi', ref('i')), ref('v')),
      assign(idx('nu', ref('i')), ref('size')),
    ]),
    letVar('worst', zero),
    forRange('a', 0, ref('k'), [
      typed('const', 'ph', 'index', idx('phase', a)),
      typed('const', 'row', 'index', idx('start', a)),
      typed('const', 'tangents', 'index', idx('slips', a)),
      constVar('normal', cond(eq(ref('ph'), PH.open), neg(idx('xi', row)), times(neg(idx('lambda', row)), entry('W', 'row', 'row', 'r')))),
      when(bin(ref('normal'), '>', zero), [
        constVar('tol', times(num(1e-9), idx('nu', row))),
        raise('worst', cond(bin(ref('tol'), '>', zero), div(ref('normal'), ref('tol')), INFINITY)),
      ]),
      when(eq(ref('tangents'), zero), [CONTINUE]),
      letVar('tol', zero),
      letVar('wtt', zero),
      letVar('tangent', zero),
      typed('let', 'slid', 'boolean', ref('false')),
      forRange('s', 1, plus(ref('tangents'), one), [
        raise('tol', times(num(1e-9), idx('nu', rowAt(ref('s'))))),
        raise('wtt', entry('W', rowAt(ref('s')), rowAt(ref('s')), 'r')),
        assign(ref('tangent'), times(idx('lambda', rowAt(ref('s'))), idx('lambda', rowAt(ref('s')))), '+='),
        when(bin(abs(idx('U', rowAt(ref('s')))), '>', member('p', 'restVelocity')), [assign(ref('slid'), ref('true'))]),
      ]),
      letVar('v', zero),
      when(and(eq(ref('ph'), PH.stuck), eq(idx('kind', a), KIND.coulomb)), [
        assign(ref('v'), times(minus(math('sqrt', ref('tangent')), times(cond(ref('slid'), idx('muK', a), idx('muS', a)), idx('lambda', row))), ref('wtt'))),
      ]),
      when(or(eq(ref('ph'), PH.slideUp), eq(ref('ph'), PH.slideDown)), [
        assign(ref('v'), times(neg(cond(eq(ref('ph'), PH.slideUp), one, num(-1))), idx('xi', rowAt(1)))),
      ]),
      when(eq(ref('ph'), PH.slide), [
        ...direction,
        constVar('along', neg(plus(times(ref('dx'), idx('xi', rowAt(1))), times(ref('dy'), idx('xi', rowAt(2)))))),
        constVar('across', abs(minus(times(ref('dx'), idx('xi', rowAt(2))), times(ref('dy'), idx('xi', rowAt(1)))))),
        assign(ref('v'), ref('along')),
        raise('v', ref('across')),
      ]),
      when(bin(ref('v'), '>', zero), [raise('worst', cond(bin(ref('tol'), '>', zero), div(ref('v'), ref('tol')), INFINITY))]),
    ]),
    ret(ref('worst')),
  ],
};

/** The sliders' residuals d × ξ_T (after phaseImpulses) into `out`. */
const crossProducts = (out: string): Stmt[] => [
  forRange('u', 0, ref('ns'), [
    typed('const', 'a', 'index', idx('slider', ref('u'))),
    typed('const', 'row', 'index', idx('start', a)),
    ...direction,
    assign(idx(out, ref('u')), minus(times(ref('dx'), idx('xi', rowAt(2))), times(ref('dy'), idx('xi', rowAt(1))))),
  ]),
];

export const slideImpulses: Decl = {
  kind: 'function',
  name: 'slideImpulses',
  exported: true,
  doc: `phaseImpulses where contacts slide on two slip rows: their directions solve
d × ξ_T = 0, by Newton's method in the angles turning each one's
direction from that of its b_T (the slip before the impact; (1, 0) where
there is none), from each one's turns 0, π/2, π, 3π/2 (a start from which
Newton finds the slide against ξ_T, d × ξ_T = 0 too, is not the answer), the Jacobian by
differences of 1e-7 rad, each step halved until the residuals shrink; the
first solution that is admissible, else the least violated.`,
  params: PROBLEM,
  returns: 'number',
  body: [
    ...unpack('p', ['k', 'b', 'start']),
    ...unpack('w', ['phase', 'dirX', 'dirY', 'angle', 'bestAngle', 'xi', 'slider', 'turns', 'g', 'gh', 'J', 'step', 'col']),
    typed('let', 'ns', 'index', zero),
    forRange('a', 0, ref('k'), [
      when(eq(idx('phase', a), PH.slide), [
        assign(idx('slider', ref('ns')), a),
        inc('ns'),
        typed('const', 'row', 'index', idx('start', a)),
        constVar('length', math('sqrt', plus(times(idx('b', rowAt(1)), idx('b', rowAt(1))), times(idx('b', rowAt(2)), idx('b', rowAt(2)))))),
        assign(idx('dirX', a), cond(bin(ref('length'), '>', zero), div(idx('b', rowAt(1)), ref('length')), one)),
        assign(idx('dirY', a), cond(bin(ref('length'), '>', zero), div(idx('b', rowAt(2)), ref('length')), zero)),
      ]),
    ]),
    when(eq(ref('ns'), zero), [ret(call('phaseImpulses', ref('p'), ref('w')))]),
    letVar('best', NAN),
    comment('Starts: every slider turned by its own quarter turns, as odometer digits, at most 256 of them.'),
    typed('let', 'starts', 'index', one),
    forRange('u', 0, ref('ns'), [assign(idx('turns', ref('u')), zero), when(bin(ref('starts'), '<', num(256)), [assign(ref('starts'), num(4), '*=')])]),
    forRange('attempt', 0, ref('starts'), [
      when(bin(ref('attempt'), '>', zero), [
        typed('let', 'carry', 'boolean', ref('true')),
        forRange('u', 0, ref('ns'), [
          when(not(ref('carry')), [CONTINUE]),
          assign(idx('turns', ref('u')), plus(idx('turns', ref('u')), one)),
          when(bin(idx('turns', ref('u')), '<', num(4)), [assign(ref('carry'), ref('false'))], [assign(idx('turns', ref('u')), zero)]),
        ]),
      ]),
      forRange('u', 0, ref('ns'), [assign(idx('angle', idx('slider', ref('u'))), times(idx('turns', ref('u')), num(Math.PI / 2)))]),
      typed('let', 'going', 'boolean', ref('true')),
      forRange('iteration', 0, 50, [
        when(not(ref('going')), [CONTINUE]),
        when(not(math('isFinite', call('phaseImpulses', ref('p'), ref('w')))), [assign(ref('going'), ref('false')), CONTINUE]),
        ...crossProducts('g'),
        comment('Column s of the Jacobian: the residuals at angle s turned by 1e-7.'),
        forRange('s', 0, ref('ns'), [
          when(not(ref('going')), [CONTINUE]),
          typed('const', 'turned', 'index', idx('slider', ref('s'))),
          assign(idx('angle', ref('turned')), num(1e-7), '+='),
          when(not(math('isFinite', call('phaseImpulses', ref('p'), ref('w')))), [assign(ref('going'), ref('false'))]),
          ...crossProducts('gh'),
          assign(idx('angle', ref('turned')), num(1e-7), '-='),
          forRange('u', 0, ref('ns'), [assign(entry('J', 'u', 's', 'ns'), div(minus(idx('gh', ref('u')), idx('g', ref('u'))), num(1e-7)))]),
        ]),
        when(not(ref('going')), [CONTINUE]),
        letVar('before', zero),
        forRange('u', 0, ref('ns'), [
          assign(ref('before'), times(idx('g', ref('u')), idx('g', ref('u'))), '+='),
          assign(idx('g', ref('u')), neg(idx('g', ref('u')))),
        ]),
        when(not(call('pivotedSolve', ref('ns'), ref('J'), ref('g'), ref('step'), member('p', 'size'), ref('col'))), [
          assign(ref('going'), ref('false')),
          CONTINUE,
        ]),
        comment('The step halved until the residuals shrink (a full step may overshoot a turn far from the answer).'),
        letVar('fraction', one),
        typed('let', 'accepted', 'boolean', ref('false')),
        forRange('halving', 0, 30, [
          when(ref('accepted'), [CONTINUE]),
          forRange('u', 0, ref('ns'), [assign(idx('angle', idx('slider', ref('u'))), times(ref('fraction'), idx('step', ref('u'))), '+=')]),
          when(math('isFinite', call('phaseImpulses', ref('p'), ref('w'))), [
            ...crossProducts('gh'),
            letVar('after', zero),
            forRange('u', 0, ref('ns'), [assign(ref('after'), times(idx('gh', ref('u')), idx('gh', ref('u'))), '+=')]),
            when(bin(ref('after'), '<', ref('before')), [assign(ref('accepted'), ref('true')), CONTINUE]),
          ]),
          forRange('u', 0, ref('ns'), [assign(idx('angle', idx('slider', ref('u'))), times(ref('fraction'), idx('step', ref('u'))), '-=')]),
          assign(ref('fraction'), num(0.5), '*='),
        ]),
        letVar('largest', zero),
        forRange('u', 0, ref('ns'), [raise('largest', abs(times(ref('fraction'), idx('step', ref('u')))))]),
        when(or(not(ref('accepted')), not(bin(ref('largest'), '>', num(1e-14)))), [assign(ref('going'), ref('false'))]),
      ]),
      constVar('worst', call('phaseImpulses', ref('p'), ref('w'))),
      when(bin(ref('worst'), '<=', one), [ret(ref('worst'))]),
      when(not(bin(ref('worst'), '>=', ref('best'))), [
        assign(ref('best'), ref('worst')),
        forRange('u', 0, ref('ns'), [assign(idx('bestAngle', ref('u')), idx('angle', idx('slider', ref('u'))))]),
      ]),
    ]),
    when(math('isNaN', ref('best')), [ret(NAN)]),
    forRange('u', 0, ref('ns'), [assign(idx('angle', idx('slider', ref('u'))), idx('bestAngle', ref('u')))]),
    ret(call('phaseImpulses', ref('p'), ref('w'))),
  ],
};

/** The phases contact a may take: open or engaged; a Coulomb one open, stuck or sliding (up or down on one slip row: 4, on two: 3). */
const options = cond(eq(idx('kind', a), KIND.coulomb), minus(num(5), idx('slips', a)), num(2));

export const frictionalModeCount: Decl = {
  kind: 'function',
  name: 'frictionalModeCount',
  exported: true,
  doc: 'The phase combinations frictionalImpactModes tries, or cap + 1 where there are more.',
  params: [param('p', alias('FrictionalImpactProblem')), param('cap', 'index')],
  returns: 'index',
  body: [
    ...unpack('p', ['k', 'kind', 'slips']),
    typed('let', 'count', 'index', one),
    forRange('a', 0, ref('k'), [
      when(bin(ref('count'), '<=', ref('cap')), [assign(ref('count'), options, '*=')]),
      when(bin(ref('count'), '>', ref('cap')), [assign(ref('count'), plus(ref('cap'), one))]),
    ]),
    ret(ref('count')),
  ],
};

export const frictionalImpactModes: Decl = {
  kind: 'function',
  name: 'frictionalImpactModes',
  exported: true,
  doc: `Every combination of the contacts' phases (combinations of them, as
frictionalModeCount counts) solved by slideImpulses; of the admissible
ones, fewest contacts engaged that separate before the impact, then the one
that satisfies the law best (the others pass by the tolerance). Its Λ into
w.best and phases into w.bestPhase; false where none is admissible.`,
  params: [...PROBLEM, param('combinations', 'index')],
  returns: 'boolean',
  body: [
    ...unpack('p', ['r', 'k', 'kind', 'slips', 'separating']),
    ...unpack('w', ['phase', 'lambda', 'best', 'bestPhase']),
    typed('let', 'bestSeparating', 'index', plus(ref('k'), one)),
    letVar('bestWorst', INFINITY),
    comment('The combination as digits, one per contact (its choice of phase), counted up like an odometer.'),
    forRange('a', 0, ref('k'), [assign(idx('phase', a), zero)]),
    forRange('combination', 0, ref('combinations'), [
      when(bin(ref('combination'), '>', zero), [
        typed('let', 'carry', 'boolean', ref('true')),
        forRange('a', 0, ref('k'), [
          when(not(ref('carry')), [CONTINUE]),
          assign(idx('phase', a), plus(idx('phase', a), one)),
          when(bin(idx('phase', a), '<', options), [assign(ref('carry'), ref('false'))], [assign(idx('phase', a), zero)]),
        ]),
      ]),
      typed('let', 'separatingEngaged', 'index', zero),
      comment('Digits to phases, back after the solve.'),
      forRange('a', 0, ref('k'), [
        typed('const', 'choice', 'index', idx('phase', a)),
        assign(idx('phase', a), cond(eq(idx('kind', a), KIND.stick), PH.stuck, PH.engaged)),
        when(eq(idx('kind', a), KIND.coulomb), [
          assign(idx('phase', a), cond(eq(idx('slips', a), one), plus(ref('choice'), one), PH.slide)),
          when(eq(ref('choice'), one), [assign(idx('phase', a), PH.stuck)]),
        ]),
        when(eq(ref('choice'), zero), [assign(idx('phase', a), PH.open)]),
        when(and(bin(ref('choice'), '>', zero), eq(idx('separating', a), one)), [inc('separatingEngaged')]),
      ]),
      constVar('worst', call('slideImpulses', ref('p'), ref('w'))),
      typed('const', 'fewer', 'boolean', bin(ref('separatingEngaged'), '<', ref('bestSeparating'))),
      typed('const', 'closer', 'boolean', and(eq(ref('separatingEngaged'), ref('bestSeparating')), bin(ref('worst'), '<', ref('bestWorst')))),
      typed('const', 'better', 'boolean', and(bin(ref('worst'), '<=', one), or(ref('fewer'), ref('closer')))),
      when(ref('better'), [
        assign(ref('bestSeparating'), ref('separatingEngaged')),
        assign(ref('bestWorst'), ref('worst')),
        forRange('i', 0, ref('r'), [assign(idx('best', ref('i')), idx('lambda', ref('i')))]),
        forRange('a', 0, ref('k'), [assign(idx('bestPhase', a), idx('phase', a))]),
      ]),
      forRange('a', 0, ref('k'), [
        typed('const', 'ph', 'index', idx('phase', a)),
        when(eq(ref('ph'), PH.open), [CONTINUE]),
        comment('Engaged or stuck without a choice, stuck, sliding up, down, on two rows: the digits 1, 1, 2, 3, 2.'),
        assign(idx('phase', a), one),
        when(and(eq(idx('kind', a), KIND.coulomb), bin(ref('ph'), '>', PH.stuck)), [
          assign(idx('phase', a), cond(eq(ref('ph'), PH.slide), num(2), minus(ref('ph'), one))),
        ]),
      ]),
    ]),
    ret(bin(ref('bestSeparating'), '<=', ref('k'))),
  ],
};

/** src/numeric/frictional-impact.ts. */
export const FRICTIONAL_IMPACT: ModuleIR = {
  header: [
    'The impact law with Coulomb friction by enumeration of the contacts’ phases',
    '(kugushev2002 (8.13)–(8.14), rubanovich1981 §1 with Coulomb’s cone). Over the',
    'rows H of the closed contacts (each one’s normal row, then its slip rows)',
    'with W = H M⁻¹ Hᵀ and the bias b of the law’s rung, the impulses Λ with',
    'ξ = W Λ + b such that 0 ≤ Λ_N ⊥ ξ_N ≥ 0 per contact, and on a Coulomb',
    'contact’s slip rows ξ_T = 0 with |Λ_T| ≤ μ Λ_N (sticking), or',
    'Λ_T = −μk Λ_N ξ_T/|ξ_T| (sliding: on one slip row either way, on two along',
    'the direction ξ_T takes, the exact cone); a stick contact has ξ_T = 0. Each',
    'combination of phases is a linear system but for the directions of the',
    'spatial slides, found by Newton’s method; every combination is tried, so',
    'that the chosen one is the admissible one that satisfies the law best.',
    '',
    'The runtime’s frictional impact and the C driver’s print the same',
    'declarations from the same IR: no module-level state, no allocation.',
  ],
  decls: [FrictionalImpactProblem, FrictionalImpactWorkspace, pivotedSolve, phaseImpulses, slideImpulses, frictionalModeCount, frictionalImpactModes],
};
