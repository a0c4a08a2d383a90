// The impact map with mode selection by enumeration written once, as IR:
// printed into src/numeric/impact-modes.ts (which the tests of the law
// import) and into the generated modules with contacts. What it computes
// and why is the header below.
// Tests: test/numeric/impact-modes.test.ts, test/codegen/solvers/sources.test.ts,
// test/codegen/target-c.test.ts and target-python.test.ts (`impact`).
import {
  assign,
  bin,
  CONTINUE,
  call,
  callStmt,
  comment,
  cond,
  constVar,
  div,
  EPSILON,
  fill,
  forRange,
  idx,
  INFINITY,
  letVar,
  math,
  member,
  minus,
  neg,
  not,
  num,
  plus,
  ref,
  ret,
  str,
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

const [n, m, k, j, r, i, zero, one] = [ref('n'), ref('m'), ref('k'), ref('j'), ref('r'), ref('i'), num(0), num(1)];
const field = (name: string, type: TsType, doc: string): Field => ({ name, type, readonly: true, doc });
const alias = (name: string): TsType => ({ kind: 'alias', name });
/** A local with its type: an integer (C's int) or a flag. */
const typed = (kind: 'let' | 'const', name: string, type: TsType, init: JsExpr): Stmt => ({ kind, name, type, init });
const and = (a: JsExpr, b: JsExpr): JsExpr => bin(a, '&&', b);
const or = (a: JsExpr, b: JsExpr): JsExpr => bin(a, '||', b);
const eq = (a: JsExpr, b: JsExpr): JsExpr => bin(a, '===', b);
const abs = (x: JsExpr): JsExpr => math('abs', x);
const inc = (name: string, by: JsExpr = one): Stmt => assign(ref(name), by, '+=');
/** `v = max(v, x)`. */
const raise = (v: string, x: JsExpr): Stmt => assign(ref(v), math('max', ref(v), x));
/** Whether contact j's bit is set in `mask`. */
const engaged = (mask: string): JsExpr => bin(ref(mask), '&', bin(one, '<<', idx('bit', j)));
const open = bin(idx('bit', j), '<', zero);
/** U_j at velocity `v` and the size ν_j of its terms: `∂g_j/∂t + N_j·v` and `|∂g_j/∂t| + Σ|N_ji v_i|`. */
const normalVelocity = (v: string): Stmt[] => [
  letVar('v', idx('nr', j)),
  letVar('nu', abs(idx('nr', j))),
  forRange('i', 0, n, [assign(ref('v'), times(entry('N', 'j', 'i'), idx(v, i)), '+='), assign(ref('nu'), abs(times(entry('N', 'j', 'i'), idx(v, i))), '+=')]),
];
/** |U| ≤ 4ε·ν: at 0 to the rounding of its own terms. */
const atRest = bin(abs(ref('v')), '<=', times(times(num(4), EPSILON), ref('nu')));
const flag = (test: JsExpr): JsExpr => cond(test, one, zero);
/** ν with both velocities: |∂g_j/∂t| + Σ|N_ji|(|q̇⁻_i| + |y_i|). */
const bothSpeeds = (): Stmt => assign(ref('nu'), times(abs(entry('N', 'j', 'i')), plus(abs(idx('qdMinus', i)), abs(idx('y', i)))), '+=');

export const MultipleImpactRule: Decl = {
  kind: 'type',
  name: 'MultipleImpactRule',
  exported: true,
  doc: "What to do when several contacts arrive at once: report it, or resolve all (the model's `multipleImpacts`).",
  type: { kind: 'literal-union', values: ['error', 'lcp'] },
};

/** A field of the problem: read only. */
const input = (name: string, type: TsType, doc: string): Field => ({
  ...field(name, type, doc),
  ...(type === 'index' || typeof type !== 'string' ? {} : { readsOnly: true as const }),
});

export const ImpactProblem: Decl = {
  kind: 'record',
  name: 'ImpactProblem',
  exported: true,
  doc: 'The impact problem at one state, row-major arrays (all read only).',
  fields: [
    input('n', 'index', 'Coordinates.'),
    input('m', 'index', 'Unilateral contacts.'),
    input('mt', 'index', 'Tangent rows (one per sticking contact).'),
    input('mr', 'index', 'Retaining constraint rows.'),
    input('qdMinus', 'Float64Array', 'q̇⁻, n.'),
    input('N', 'Float64Array', 'Normal rows N = ∂g/∂q, m×n.'),
    input('nr', 'Float64Array', '∂g/∂t, m.'),
    input('e', 'Float64Array', 'Restitution e per contact, m (U⁺ = −e U⁻; W² for a w-law, 0 plastic).'),
    input('closed', 'Uint8Array', '1 for the contacts closed before the impact (g ≤ tolerance), m.'),
    input('T', 'Float64Array', 'Tangent rows of sticking contacts, mt×n.'),
    input('tr', 'Float64Array', '∂/∂t of each tangent constraint, mt.'),
    input('tangentContact', 'Int32Array', 'The contact of each tangent row, mt.'),
    input('A', 'Float64Array', 'Retaining rows A (velocity level A q̇ + a = 0), mr×n.'),
    input('ar', 'Float64Array', 'a, mr.'),
    input('multipleImpacts', alias('MultipleImpactRule'), 'The rule for several contacts arriving at once.'),
  ],
};

export const ImpactOutcome: Decl = {
  kind: 'record',
  name: 'ImpactOutcome',
  exported: true,
  doc: 'Results, allocated once by the caller.',
  fields: [
    field('qdPlus', 'Float64Array', "q̇⁺, n (q̇⁻ on any status but 'ok')."),
    field('impulses', 'Float64Array', 'Normal impulse per contact, m (0 where none).'),
    field('U', 'Float64Array', 'Normal velocities before the impact, U⁻ = N q̇⁻ + ∂g/∂t, m.'),
    field('arriving', 'Uint8Array', '1 for the closed contacts approaching faster than restVelocity (impacts), m.'),
    field(
      'closedAfter',
      'Uint8Array',
      `1 for the contacts closed after the impact, m: engaged in the chosen
mode with a law that ends at U⁺ = 0 (e·min(U⁻, 0) = 0), or not engaged
and ending at U⁺ = 0 to the rounding of its own terms (4ε·ν).`,
    ),
  ],
};

export const ImpactWorkspace: Decl = {
  kind: 'record',
  name: 'ImpactWorkspace',
  exported: true,
  doc: "Scratch arrays: row (kMax = m + mt + mr) the contact of each normal row; bit (m) each closed contact's bit in the mode mask.",
  fields: [
    field('row', 'Int32Array', 'The contact of each normal row, kMax.'),
    field('bit', 'Int32Array', "Each closed contact's bit in the mode mask (−1: open), m."),
  ],
};

export const ImpactModeStatus: Decl = {
  kind: 'type',
  name: 'ImpactModeStatus',
  exported: true,
  doc: "'too-many-contacts': more than 10 closed contacts (2^k trial solves); solve the impact as an LCP instead.",
  type: { kind: 'literal-union', values: ['ok', 'corner-without-rule', 'no-admissible-mode', 'several-admissible-modes', 'too-many-contacts'] },
};

const STATUS = alias('ImpactModeStatus');
const PROBLEM = [
  param('p', alias('ImpactProblem')),
  param('s', alias('SchurSystem')),
  param('out', alias('ImpactOutcome')),
  param('w', alias('ImpactWorkspace')),
  param('massFactored', 'boolean'),
];

export const impactModes: Decl = {
  kind: 'function',
  name: 'impactModes',
  exported: true,
  doc: `Resolve the impact of \`p\` into \`out\`. \`s\` is the constrained solve's
workspace (s.M = M, s.L its Cholesky factor when massFactored; kMax =
m + mt + mr rows); its b, c, R are overwritten.

Every closed contact with U⁻ < 0 is resolved, however slowly it approaches
relative to the others: the enumeration runs unless no closed contact
approaches at all. \`restVelocity\` (≥ 0, absolute, in the problem's units:
the caller's threshold between a touchdown and an impact) only decides
which contacts count as arriving for the multiple-impacts rule (a contact
held at rest drifts by integration error, and counting that drift as an
arrival would report every impact next to a held contact as an impact
into a corner). Which contacts stay closed is decided by the chosen mode
(see ImpactOutcome.closedAfter), not by restVelocity.

Each mode is solved for the velocity jump Δ = q̇⁺ − q̇⁻ (M Δ = R_Sᵀ Λ,
R_S Δ = c_S − R_S q̇⁻), not for q̇⁺ itself: the solve's rounding then
scales with the jump, so a contact the mode leaves alone keeps its U⁻ to
the rounding of a dot product. Rounding tolerances, each from the
problem's own scale: a closed contact j outside the mode may end at
U⁺_j + e·min(U⁻_j, 0) ≥ −(4ε·ν_j + √ε·δ_j), ν_j = |∂g_j/∂t| +
Σ_i |N_ji|(|q̇⁻_i| + |q̇⁺_i|) the size of the terms that make up U_j and
δ_j = Σ_i |N_ji Δ_i| the size of what the jump changes in it; an impulse
Λ_r is judged through W_rr Λ_r, the velocity it produces, against √ε·ν_r.
√ε on the jump because Δ carries the conditioning of M (up to ~1e8): a
contact that the engaged ones bring to exactly U⁺ = 0 must not be
rejected for −1e-12 of rounding (that would make ordinary impacts
'no-admissible-mode'), while a contact that approaches and that the mode
does not touch is rejected at any speed above a few ε of its own terms
(a relative cut-off let a ball arriving at 5e-6 m/s while sliding at
5.1 m/s keep approaching, and a sticking foot arriving at 1e-8 of its
sliding speed pass as untouched).`,
  params: [...PROBLEM, param('restVelocity', 'number')],
  returns: STATUS,
  body: [
    ...unpack('p', ['n', 'm', 'qdMinus', 'N', 'nr', 'closed']),
    ...unpack('out', ['qdPlus', 'impulses', 'U', 'arriving', 'closedAfter']),
    ...unpack('w', ['bit']),
    letVar('vScale', zero),
    forRange('i', 0, n, [assign(idx('qdPlus', i), idx('qdMinus', i)), raise('vScale', abs(idx('qdMinus', i)))]),
    typed('let', 'nClosed', 'index', zero),
    typed('let', 'nArriving', 'index', zero),
    typed('let', 'approaching', 'boolean', ref('false')),
    forRange('j', 0, m, [
      ...normalVelocity('qdMinus'),
      assign(idx('U', j), ref('v')),
      assign(idx('impulses', j), zero),
      typed('const', 'isClosed', 'boolean', eq(idx('closed', j), one)),
      when(ref('isClosed'), [assign(idx('bit', j), ref('nClosed')), inc('nClosed')], [assign(idx('bit', j), num(-1))]),
      assign(idx('arriving', j), flag(and(ref('isClosed'), bin(ref('v'), '<', neg(ref('restVelocity')))))),
      inc('nArriving', idx('arriving', j)),
      assign(idx('closedAfter', j), flag(and(ref('isClosed'), atRest))),
      when(and(ref('isClosed'), bin(ref('v'), '<', zero)), [assign(ref('approaching'), ref('true'))]),
    ]),
    when(not(ref('approaching')), [ret(str('ok'))]),
    when(and(bin(ref('nArriving'), '>', one), eq(member('p', 'multipleImpacts'), str('error'))), [ret(str('corner-without-rule'))]),
    ret(call('enumerateImpactModes', ref('p'), ref('s'), ref('out'), ref('w'), ref('massFactored'), ref('nClosed'), ref('vScale'))),
  ],
};

/** Rows of one mode (the contacts of \`mask\`): the normal rows of the engaged contacts (their count in \`normals\`), the tangent rows of the engaged sticking ones (through \`contactRows\` where \`counted\`), the retaining rows. */
const modeRows = (mask: string, counted = false): Stmt[] => [
  typed('let', 'k', 'index', zero),
  forRange('j', 0, m, [
    when(or(open, not(engaged(mask))), [CONTINUE]),
    forRange('i', 0, n, [assign(entry('R', 'k', 'i'), entry('N', 'j', 'i'))]),
    assign(idx('c', k), minus(times(neg(idx('e', j)), math('min', idx('U', j), zero)), idx('nr', j))),
    assign(idx('row', k), j),
    inc('k'),
  ]),
  typed('const', 'normals', 'index', k),
  forRange('r', 0, ref('mt'), [
    constVar('j', idx('tangentContact', r)),
    when(or(open, not(engaged(mask))), [CONTINUE]),
    forRange('i', 0, n, [assign(entry('R', 'k', 'i'), entry('T', 'r', 'i'))]),
    assign(idx('c', k), neg(idx('tr', r))),
    inc('k'),
  ]),
  ...(counted ? [typed('const', 'contactRows', 'index', k)] : []),
  forRange('r', 0, ref('mr'), [forRange('i', 0, n, [assign(entry('R', 'k', 'i'), entry('A', 'r', 'i'))]), assign(idx('c', k), neg(idx('ar', r))), inc('k')]),
  comment('The jump Δ: M Δ = Rᵀσ, R Δ = c − R q̇⁻; then y = q̇⁻ + Δ.'),
  forRange('r', 0, k, [
    letVar('v', idx('c', r)),
    forRange('i', 0, n, [assign(ref('v'), times(entry('R', 'r', 'i'), idx('qdMinus', i)), '-=')]),
    assign(idx('c', r), ref('v')),
  ]),
  fill('b', zero, [zero, n]),
];

/**
 * The impulses of the contacts some admissible mode engages (\`anyMode\`), split
 * by least norm where their rows are dependent (least-norm.ts): that mode
 * solved (the Schur solve drops a dependent row, taking one split), its
 * contact rows' σ projected, and kept, with that solve's q̇⁺, where every
 * normal impulse stays ≥ 0 to 4ε of the largest (one clamped to 0 moves Nᵀλ
 * off M[q̇] by as much). Each of those contacts ends at U⁺ = −e U⁻ in a mode
 * with the same q̇⁺, so any split ≥ 0 satisfies the law; the retaining rows'
 * multipliers are not impulses of a contact.
 */
const leastNormImpulses: Stmt[] = [
  ...modeRows('anyMode', true),
  when(bin(call('schurSolve', ref('s'), k, ref('massFactored')), '!==', str('ok')), [ret(str('ok'))]),
  typed('let', 'dependent', 'boolean', ref('false')),
  forRange('r', 0, ref('contactRows'), [when(bin(idx('dep', r), '!==', zero), [assign(ref('dependent'), ref('true'))])]),
  when(not(ref('dependent')), [ret(str('ok'))]),
  comment("The solve's scratch is free: X (kMax·n) takes the basis, c and W the vectors."),
  callStmt('leastNormSplit', n, ref('contactRows'), ref('R'), ref('sigma'), ref('X'), ref('c'), ref('W')),
  letVar('largest', zero),
  forRange('r', 0, ref('normals'), [raise('largest', abs(idx('sigma', r)))]),
  forRange('r', 0, ref('normals'), [when(bin(idx('sigma', r), '<', times(neg(times(num(4), EPSILON)), ref('largest'))), [ret(str('ok'))])]),
  comment(
    "q̇⁺ of the same solve: the best mode's differs from it by the modes' tolerance, and with the split would break Appell's balance M[q̇] = Nᵀλ by as much.",
  ),
  forRange('i', 0, n, [assign(idx('qdPlus', i), plus(idx('qdMinus', i), idx('y', i)))]),
  forRange('j', 0, m, [assign(idx('impulses', j), zero)]),
  forRange('r', 0, ref('normals'), [assign(idx('impulses', idx('row', r)), math('max', idx('sigma', r), zero))]),
];

/** `worst` of one mode: the largest violation of its conditions relative to their tolerances. */
const violation: Stmt[] = [
  comment(`Admissible: engaged normal impulses ≥ 0, no other closed contact
penetrating, each to its rounding tolerance; \`worst\` is the largest
violation relative to that tolerance (≤ 1 when admissible). Only a
negative value is divided: a contact with nothing moving along its
normal (ν = 0) holds exactly at 0, and a NaN makes worst NaN (rejected).`),
  letVar('worst', zero),
  forRange('r', 0, ref('normals'), [
    constVar('j', idx('row', r)),
    letVar('wrr', zero),
    letVar('nu', abs(idx('nr', j))),
    forRange('i', 0, n, [assign(ref('wrr'), times(entry('R', 'r', 'i'), entry('X', 'r', 'i')), '+='), bothSpeeds()]),
    constVar('push', times(idx('sigma', r), ref('wrr'))),
    when(not(bin(ref('push'), '>=', zero)), [raise('worst', div(neg(ref('push')), times(ref('rtol'), ref('nu'))))]),
  ]),
  forRange('j', 0, m, [
    when(or(open, engaged('mask')), [CONTINUE]),
    letVar('v', idx('nr', j)),
    letVar('nu', abs(idx('nr', j))),
    letVar('delta', zero),
    forRange('i', 0, n, [
      assign(ref('v'), times(entry('N', 'j', 'i'), idx('y', i)), '+='),
      bothSpeeds(),
      assign(ref('delta'), abs(times(entry('N', 'j', 'i'), minus(idx('y', i), idx('qdMinus', i)))), '+='),
    ]),
    constVar('slack', plus(ref('v'), times(idx('e', j), math('min', idx('U', j), zero)))),
    when(not(bin(ref('slack'), '>=', zero)), [
      raise('worst', div(neg(ref('slack')), plus(times(times(num(4), EPSILON), ref('nu')), times(ref('rtol'), ref('delta'))))),
    ]),
  ]),
];

export const enumerateImpactModes: Decl = {
  kind: 'function',
  name: 'enumerateImpactModes',
  exported: true,
  doc: `The enumeration of \`impactModes\` over the nClosed closed contacts (their
bits in w.bit); writes q̇⁺ and the impulses of the single admissible
outcome, or restores q̇⁻ and reports why there is none.`,
  params: [...PROBLEM, param('nClosed', 'index'), param('vScale', 'number')],
  returns: STATUS,
  body: [
    ...unpack('p', ['n', 'm', 'mt', 'mr', 'qdMinus', 'N', 'nr', 'e', 'T', 'tr', 'tangentContact', 'A', 'ar']),
    ...unpack('out', ['qdPlus', 'impulses', 'U', 'closedAfter']),
    ...unpack('w', ['row', 'bit']),
    constVar('rtol', math('sqrt', EPSILON)),
    when(bin(ref('nClosed'), '>', num(10)), [ret(str('too-many-contacts'))]),
    ...unpack('s', ['R', 'b', 'c', 'y', 'sigma', 'X', 'W', 'dep']),
    typed('let', 'found', 'index', zero),
    typed('let', 'differs', 'boolean', ref('false')),
    letVar('best', INFINITY),
    typed('let', 'bestMask', 'index', zero),
    typed('let', 'anyMode', 'index', zero),
    forRange('mask', 0, bin(one, '<<', ref('nClosed')), [
      ...modeRows('mask'),
      when(bin(call('schurSolve', ref('s'), k, ref('massFactored')), '!==', str('ok')), [CONTINUE]),
      forRange('i', 0, n, [assign(idx('y', i), plus(idx('qdMinus', i), idx('y', i)))]),
      ...violation,
      when(not(bin(ref('worst'), '<=', one)), [CONTINUE]),
      comment(`Two modes that satisfy the law to rounding (1e-6 of the tolerance, i.e.
1.5e-14 ≈ 64ε of the terms) and give different q̇⁺ are a genuine
ambiguity. A mode admitted only by the tolerance is not: it ignores a
contact that arrives slowly but measurably (1e-12 m/s next to 1 m/s),
and counting it would report 'several-admissible-modes' where the mode
that resolves that contact is the answer.`),
      when(and(and(bin(ref('found'), '>', zero), bin(ref('worst'), '<=', num(1e-6))), bin(ref('best'), '<=', num(1e-6))), [
        letVar('scale', ref('vScale')),
        forRange('i', 0, n, [raise('scale', abs(idx('qdPlus', i)))]),
        forRange('i', 0, n, [
          when(bin(abs(minus(idx('y', i), idx('qdPlus', i))), '>', times(ref('rtol'), ref('scale'))), [assign(ref('differs'), ref('true'))]),
        ]),
      ]),
      comment(`Of the admissible modes keep the one that satisfies the law best: the
others pass only by the tolerance and would leave an O(√ε) error in q̇⁺.`),
      when(or(eq(ref('found'), zero), bin(ref('worst'), '<', ref('best'))), [
        assign(ref('best'), ref('worst')),
        assign(ref('bestMask'), ref('mask')),
        forRange('i', 0, n, [assign(idx('qdPlus', i), idx('y', i))]),
        forRange('j', 0, m, [assign(idx('impulses', j), zero)]),
        forRange('r', 0, ref('normals'), [assign(idx('impulses', idx('row', r)), idx('sigma', r))]),
      ]),
      comment('anyMode |= mask, with the operators the IR has.'),
      assign(ref('anyMode'), minus(ref('mask'), bin(ref('mask'), '&', ref('anyMode'))), '+='),
      inc('found'),
    ]),
    when(and(bin(ref('found'), '>', zero), not(ref('differs'))), [
      forRange('j', 0, m, [
        when(open, [CONTINUE]),
        when(engaged('bestMask'), [assign(idx('closedAfter', j), flag(eq(times(idx('e', j), math('min', idx('U', j), zero)), zero))), CONTINUE]),
        ...normalVelocity('qdPlus'),
        assign(idx('closedAfter', j), flag(atRest)),
      ]),
      ...leastNormImpulses,
      ret(str('ok')),
    ]),
    forRange('i', 0, n, [assign(idx('qdPlus', i), idx('qdMinus', i))]),
    forRange('j', 0, m, [assign(idx('impulses', j), zero)]),
    ret(cond(eq(ref('found'), zero), str('no-admissible-mode'), str('several-admissible-modes'))),
  ],
};

/** src/numeric/impact-modes.ts. */
export const IMPACT_MODES: ModuleIR = {
  header: [
    'Impact map with mode selection by enumeration. Kugushev–Sorokina (8.13)–',
    "(8.14) closed by Newton's law per contact; modes as in Rubanovich–Formalsky",
    '§1. With the normal velocities U = N q̇ + ∂g/∂t of the contacts closed',
    'before the impact, for every subset S of them (the engaged contacts):',
    '  M (q̇⁺ − q̇⁻) = R_Sᵀ Λ,   R_S q̇⁺ = c_S,',
    'where R_S holds the normal rows of S (c = −e·min(U⁻, 0) − ∂g/∂t, i.e.',
    'U⁺ = −e U⁻), the tangent rows of the sticking contacts in S (c = −∂/∂t of',
    'the tangent constraint, i.e. tangential velocity 0) and the retaining rows',
    '(A q̇ + a = 0). S is admissible when every engaged normal impulse is ≥ 0 and',
    'every closed contact outside S ends with U⁺ + e·min(U⁻, 0) ≥ 0 (it leaves,',
    'or is resolved by its own law: no penetration). The admissible mode that',
    'satisfies these conditions best is applied; none, or two that satisfy them',
    'to rounding and give different velocities, are reported by status.',
    '',
    'Generated modules carry the same declarations, printed from the same IR,',
    'with the Schur solve (./schur.ts) beside them: no module-level state, no',
    'allocation (every array is passed in).',
  ],
  decls: [MultipleImpactRule, ImpactProblem, ImpactOutcome, ImpactWorkspace, ImpactModeStatus, impactModes, enumerateImpactModes],
};
