// The unilateral part of a generated module: gaps, their Jacobian and
// rates, restitution, contact-phase accelerations with multipliers, and the
// impact map with mode selection (contract: src/runtime/contract.ts). Every
// expression comes from the derivation's contact rows (DerivedSystem.unilateral).
// Tests: test/codegen/exports.test.ts, test/unilateral/*.test.ts.
import { ONE } from '../core/expr.js';
import type { DerivedSystem } from '../derive/system.js';
import type { ImpactLawInfo } from '../runtime/contract.js';
import { frictionDecls, slipRows } from './friction.js';
import { impactLawInfo } from './impact-laws.js';
import {
  assign,
  bin,
  call,
  callStmt,
  concat,
  cond,
  fill,
  forRange,
  idx,
  member,
  NAN,
  neg,
  num,
  object,
  plus,
  ref,
  ret,
  str,
  type Decl,
  type JsExpr,
  type KernelOutput,
  type Param,
  type Stmt,
} from './ir.js';
import { compliantMassCall } from './compliant.js';
import { at } from './dynamics.js';
import { rowJacobianExport, rowRatesExport } from './rows.js';
import { into, intoNonZero, kernelBlock, outParam, P, Q, QD, T, type Scope } from './scope.js';

export interface ContactInfo {
  readonly name: string;
  readonly law: ImpactLawInfo;
  readonly slip: number;
  readonly friction?: { kinetic: string; static: string };
  /** The contact's `when` as written, and whether its value must be > 0 rather than ≥ 0. */
  readonly activation?: { when: string; strict: boolean };
}

export function contactInfo(sys: DerivedSystem): ContactInfo[] {
  return sys.model.unilateral.map((u, j) => {
    const slip = sys.unilateral?.contacts[j]?.slip?.length ?? 0;
    return {
      name: u.name,
      law: impactLawInfo(u.law),
      slip,
      ...(u.friction ? { friction: { kinetic: u.friction.kinetic.name, static: u.friction.static.name } } : {}),
      ...(u.when ? { activation: { when: u.when.text, strict: u.when.strict } } : {}),
    };
  });
}

/**
 * Sizes of the unilateral part: contacts m, tangent rows of sticking contacts
 * mt, slip rows ms (mt of them the sticking tangents), retaining rows mr, and
 * K = m + ms + mr rows at most in one constrained solve.
 */
export function contactSizes(sys: DerivedSystem): { m: number; mt: number; ms: number; mr: number; K: number } {
  const contacts = sys.unilateral?.contacts ?? [];
  const m = contacts.length;
  const mt = contacts.filter((c) => c.tangent).length;
  const ms = slipRows(sys).length;
  const mr = sys.constraints?.A.length ?? 0;
  return { m, mt, ms, mr, K: m + Math.max(mt, ms) + mr };
}

const n$ = ref('n$');
const i = ref('i');
const j = ref('j');
const k = ref('k');
const r = ref('r');
const tp = [ref('t'), ref('p')];
const buffer = (name: string, length: number, doc?: string, array: 'Float64Array' | 'Int32Array' | 'Uint8Array' = 'Float64Array'): Decl => ({
  kind: 'buffer',
  name,
  array,
  length,
  ...(doc ? { doc } : {}),
});
const flags = (name: string, length: number, doc: string): Decl => buffer(name, length, doc, 'Uint8Array');
const RESULT = 'ImpactResult$';

/** Declarations of the unilateral part, or none for a model without contacts. */
export function contactDecls(scope: Scope): Decl[] {
  const { sys, n } = scope;
  const u = sys.unilateral;
  if (!u) return [];
  const { m, mt, mr, K } = contactSizes(sys);
  const tangents = u.contacts.flatMap((c, contact) => (c.tangent ? [{ row: c.tangent, contact }] : []));
  // N$ and T$ are written here alone: their structural zeros once, at allocation.
  const rowOutputs: KernelOutput[] = [
    ...intoNonZero(
      'N$',
      u.contacts.flatMap((c) => c.normal.row),
    ),
    ...into(
      'nr$',
      u.contacts.map((c) => c.normal.rate),
    ),
    ...into(
      'nb$',
      u.contacts.map((c) => c.normal.bias),
    ),
    ...intoNonZero(
      'T$',
      tangents.flatMap((t) => t.row.row),
    ),
    ...into(
      'tr$',
      tangents.map((t) => t.row.rate),
    ),
    ...into(
      'tb$',
      tangents.map((t) => t.row.bias),
    ),
  ];
  return [
    { kind: 'comment', text: '---- unilateral constraints (gaps f ≥ 0; reactions +Gᵀσ̇, impulses +GᵀΛ)' },
    { kind: 'const', name: 'm$', value: num(m) },
    { kind: 'const', name: 'mt$', value: num(mt) },
    { kind: 'const', name: 'CONTACTS$', type: 'readonly string[]', value: { kind: 'data', value: u.contacts.map((c) => c.constraint.name) } },
    {
      kind: 'const',
      name: 'TC$',
      value: { kind: 'new', array: 'Int32Array', arg: { kind: 'data', value: tangents.map((t) => t.contact) } },
      doc: 'Contact of each tangent row (sticking contacts).',
    },
    buffer('g$', m),
    buffer('N$', Math.max(1, m * n), 'Normal rows ∂g/∂q, m×n.'),
    buffer('nr$', m, '∂g/∂t per contact.'),
    buffer('nb$', m, 'Acceleration bias of each normal row: g̈ = N q̈ + nb.'),
    buffer('T$', Math.max(1, mt * n), 'Tangent rows of sticking contacts, mt×n, with their ∂/∂t (tr$) and bias (tb$).'),
    buffer('tr$', Math.max(1, mt)),
    buffer('tb$', Math.max(1, mt)),
    buffer('E$', m, 'Restitution per contact.'),
    buffer('ML$', n * n, 'Cholesky factor of M (or of M + ρRᵀR, see schurSolve).'),
    buffer('R$', K * n, 'Rows of one constrained solve, at most m + mt + mr, with right-hand sides C$.'),
    buffer('B$', n),
    buffer('C$', K),
    buffer('Y$', n),
    buffer('SIG$', K),
    buffer('X$', K * n),
    buffer('W$', K * K),
    flags('dep$', K, 'Per row of a constrained solve: 0 independent, 1 dependent, 2 dependent and violated.'),
    ...(mr ? [buffer('rb$', mr, 'Velocity-level retaining bias: A q̇ + rb = 0.')] : [buffer('NONE$', 0, 'No retaining rows.')]),
    buffer('QDM$', n),
    buffer('QDP$', n),
    buffer('IMP$', m),
    buffer('U$', m),
    flags('CL$', m, 'Contacts closed before the impact.'),
    flags('ARR$', m, 'Closed contacts arriving faster than the rest velocity.'),
    flags('CA$', m, 'Contacts closed after the impact.'),
    buffer('ROW$', K, undefined, 'Int32Array'),
    buffer('BIT$', m, undefined, 'Int32Array'),
    {
      kind: 'let',
      name: 'massSpd$',
      value: ref('true'),
      doc: 'Whether M$ was positive definite at the last factorization (else schurSolve regularizes with the rows).',
    },
    {
      kind: 'const',
      name: 'SCHUR$',
      type: { kind: 'alias', name: 'SchurSystem' },
      value: object({
        n: num(n),
        M: ref('M$'),
        L: ref('ML$'),
        R: ref('R$'),
        b: ref('B$'),
        c: ref('C$'),
        y: ref('Y$'),
        sigma: ref('SIG$'),
        X: ref('X$'),
        W: ref('W$'),
        dep: ref('dep$'),
        at: num(-1),
      }),
    },
    {
      kind: 'const',
      name: 'IMPACT$',
      type: { kind: 'alias', name: 'ImpactProblem' },
      value: object({
        n: num(n),
        m: num(m),
        mt: num(mt),
        mr: num(mr),
        qdMinus: ref('QDM$'),
        N: ref('N$'),
        nr: ref('nr$'),
        e: ref('E$'),
        closed: ref('CL$'),
        T: ref('T$'),
        tr: ref('tr$'),
        tangentContact: ref('TC$'),
        A: ref(mr ? 'A$' : 'NONE$'),
        ar: ref(mr ? 'rb$' : 'NONE$'),
        multipleImpacts: str(sys.model.multipleImpacts),
      }),
    },
    {
      kind: 'const',
      name: 'OUTCOME$',
      type: { kind: 'alias', name: 'ImpactOutcome' },
      value: object({ qdPlus: ref('QDP$'), impulses: ref('IMP$'), U: ref('U$'), arriving: ref('ARR$'), closedAfter: ref('CA$') }),
    },
    { kind: 'const', name: 'IMPACT_WORK$', type: { kind: 'alias', name: 'ImpactWorkspace' }, value: object({ row: ref('ROW$'), bit: ref('BIT$') }) },
    {
      kind: 'function',
      name: 'gapValues$',
      params: [T, P, { name: 'out', type: 'Float64Array' }],
      returns: 'void',
      body: [
        kernelBlock(
          scope,
          into(
            'out',
            u.contacts.map((c) => c.constraint.gap),
          ),
        ),
      ],
    },
    {
      kind: 'function',
      name: 'contactRows$',
      doc: 'Normal rows N, ∂f/∂t and acceleration bias; tangent rows of sticking contacts.',
      params: [T, P],
      returns: 'void',
      body: [kernelBlock(scope, rowOutputs)],
    },
    {
      kind: 'function',
      name: 'factorMass$',
      doc: 'M$ → ML$ (Cholesky); false when M is not positive definite (a massless direction).',
      params: [],
      returns: 'boolean',
      body: [{ kind: 'call', call: call(member('ML$', 'set'), ref('M$')) }, ret(bin(call('choleskyFactor', n$, ref('ML$'), ref('envelope$')), '<', num(0)))],
    },
    ...(sys.constraints
      ? [
          {
            kind: 'function',
            name: 'retainingRows$',
            doc: 'Retaining rows A (in A$) and their velocity-level bias rb (A q̇ + rb = 0) at the state in s$.',
            params: [T, P],
            returns: 'void',
            body: [callStmt('constraints$', ...tp, ref('A$'), ref('c$')), kernelBlock(scope, into('rb$', sys.constraints.b))],
          } satisfies Decl,
        ]
      : []),
    {
      kind: 'function',
      name: 'gaps',
      doc: 'One value per unilateral constraint, ≥ 0 admissible.',
      exported: true,
      params: [T, Q, P, outParam(m)],
      returns: 'Float64Array',
      body: [callStmt('load$', ref('q')), callStmt('gapValues$', ...tp, ref('out')), ret(ref('out'))],
    },
    ...activationDecls(scope),
    rowJacobianExport(scope, 'gapJacobian', '∂gap/∂q, row-major m×n.', 'contactRows$', 'N$', m),
    rowRatesExport(
      scope,
      'gapRates',
      'Gap rates ġ = G q̇ + ∂g/∂t, one per unilateral constraint (∂g/∂t from the derivation, not a difference quotient).',
      u.contacts.map((c) => c.normal),
    ),
    {
      kind: 'function',
      name: 'restitution',
      doc: 'Restitution per contact as its impact law gives it (U⁺ = −e U⁻): e (Newton), W² (W-law), 0 (plastic, stick).',
      exported: true,
      params: [T, P, outParam(m)],
      returns: 'Float64Array',
      body: [
        kernelBlock(
          scope,
          into(
            'out',
            u.contacts.map((c) => c.restitution),
          ),
        ),
        ret(ref('out')),
      ],
    },
    {
      kind: 'function',
      name: 'contactAccelerations',
      doc: [
        'Contact phase with the given contacts held (g̈ = 0, and the tangent of a',
        'sticking contact held too): q̈, then σ̇ of the active normals in contact',
        'order, then σ̇ of their tangent rows, then the retaining λ.',
        'M q̈ = forcing + Rᵀσ̇ (− Aᵀλ); σ̇ < 0 on a normal means release.',
      ].join('\n'),
      exported: true,
      params: [T, Q, QD, P, { name: 'active', type: 'ArrayLike<boolean>' }, outParam(n + K)],
      returns: 'Float64Array',
      body: contactAccelerationsBody(mr),
    },
    ...impactDecls(scope),
    ...frictionDecls(scope, K),
  ];
}

/**
 * contactActivation, where some contact declares `when`: the value of each
 * contact's condition (1 for a contact without one), which the runtime
 * compares with 0 (strictly where model.unilateral[j].activation says so)
 * before it treats an arrival as an impact.
 */
function activationDecls(scope: Scope): Decl[] {
  const { model } = scope.sys;
  if (!model.unilateral.some((u) => u.when)) return [];
  return [
    {
      kind: 'function',
      name: 'contactActivation',
      doc: 'Activation value per contact: an arrival is an impact only where it is ≥ 0 (> 0 for a strict condition); 1 for a contact without a condition.',
      exported: true,
      params: [T, Q, QD, P, outParam(model.unilateral.length)],
      returns: 'Float64Array',
      body: [
        callStmt('load$', ref('q'), ref('qd')),
        kernelBlock(
          scope,
          into(
            'out',
            model.unilateral.map((u) => u.when?.value ?? ONE),
          ),
        ),
        ret(ref('out')),
      ],
    },
  ];
}

/** Stack the active normal rows, the tangent rows of active sticking contacts and the retaining rows into R$/C$, then solve. */
function contactAccelerationsBody(mr: number): Stmt[] {
  const row = (src: string, srcRow: JsExpr): Stmt => forRange('i', 0, n$, [assign(idx('R$', at(k, n$, i)), idx(src, at(srcRow, n$, i)))]);
  const pushRow = (src: string, srcRow: JsExpr, c: JsExpr): Stmt[] => [row(src, srcRow), assign(idx('C$', k), c), assign(k, num(1), '+=')];
  return [
    callStmt('load$', ref('q'), ref('qd')),
    callStmt('dynamics$', ...tp, ref('M$'), ref('f$')),
    assign(ref('massSpd$'), call('factorMass$')),
    callStmt('contactRows$', ...tp),
    { kind: 'let', name: 'k', init: num(0) },
    forRange('j', 0, ref('m$'), [{ kind: 'if', test: idx('active', j), then: pushRow('N$', j, neg(idx('nb$', j))) }]),
    forRange('r', 0, ref('mt$'), [{ kind: 'if', test: idx('active', idx('TC$', r)), then: pushRow('T$', r, neg(idx('tb$', r))) }]),
    { kind: 'const', name: 'contactRowsCount', init: k },
    ...(mr ? [callStmt('constraints$', ...tp, ref('A$'), ref('c$')), forRange('r', 0, mr, pushRow('A$', r, neg(idx('c$', r))))] : []),
    forRange('i', 0, n$, [assign(idx('B$', i), idx('f$', i))]),
    {
      kind: 'if',
      test: bin(call('schurSolve', ref('SCHUR$'), k, ref('massSpd$')), '!==', str('ok')),
      then: [fill('Y$', NAN)],
    },
    forRange('i', 0, n$, [assign(idx('out', i), idx('Y$', i))]),
    // The solve's σ of a retaining row is −λ (reaction −Aᵀλ).
    forRange('r', 0, k, [
      assign(idx('out', plus(n$, r)), { kind: 'cond', test: bin(r, '<', ref('contactRowsCount')), then: idx('SIG$', r), else: neg(idx('SIG$', r)) }),
    ]),
    ret(ref('out')),
  ];
}

/**
 * impact(): the state's rows and restitution into the problem of
 * src/numeric/impact-modes.ts (resolveImpact$, shared by every language),
 * its outcome into the contract's result: in TypeScript a record (with a
 * message naming the contacts when there is no single outcome), in C and
 * Python the caller's arrays and the status.
 */
function impactDecls(scope: Scope): Decl[] {
  const { sys } = scope;
  const retaining = sys.constraints !== undefined;
  const opts = ref('opts');
  const status = ref('status');
  const STATUS = { kind: 'alias', name: 'ImpactModeStatus' } as const;
  const names = (set: string, sep: string): JsExpr => call('contactNames$', ref(set), str(sep));
  const message = (when: string, ...parts: JsExpr[]): Stmt => ({ kind: 'if', test: bin(status, '===', str(when)), then: [ret(concat(...parts))] });
  /** After the impact, the contacts closed: those the outcome leaves closed, or on any other status those closed before. */
  const closedAfter = cond(bin(status, '===', str('ok')), idx('CA$', j), idx('CL$', j));
  const doc = ['Velocity jump at an impact (Kugushev–Sorokina (8.13)–(8.14), modes as in', 'Rubanovich–Formalsky §1, enumerated by impactModes).'];
  const resolve = (...args: JsExpr[]): Stmt => ({ kind: 'const', name: 'status', type: STATUS, init: call('resolveImpact$', ...args) });
  const qdMinus: Param = { name: 'qdMinus', type: 'ArrayLike<number>' };
  const shared: Decl = {
    kind: 'function',
    name: 'resolveImpact$',
    doc: 'The impact of the state into OUTCOME$: closed contacts `active`, else those with g ≤ tol.',
    params: [
      T,
      Q,
      qdMinus,
      P,
      { name: 'tol', type: 'number' },
      { name: 'restVelocity', type: 'number' },
      { name: 'active', type: 'ArrayLike<boolean>', optional: true },
    ],
    returns: STATUS,
    body: [
      callStmt('load$', ref('q'), ref('qdMinus')),
      callStmt('mass$', ...tp, ref('M$')),
      ...compliantMassCall(sys, 'M$'),
      assign(ref('massSpd$'), call('factorMass$')),
      callStmt('contactRows$', ...tp),
      callStmt('restitution', ...tp, ref('E$')),
      callStmt('gapValues$', ...tp, ref('g$')),
      ...(retaining ? [callStmt('retainingRows$', ...tp)] : []),
      forRange('j', 0, ref('m$'), [assign(idx('CL$', j), cond(cond(ref('active'), idx('active', j), bin(idx('g$', j), '<=', ref('tol'))), num(1), num(0)))]),
      forRange('i', 0, n$, [assign(idx('QDM$', i), idx('qdMinus', i))]),
      ret(call('impactModes', ref('IMPACT$'), ref('SCHUR$'), ref('OUTCOME$'), ref('IMPACT_WORK$'), ref('massSpd$'), ref('restVelocity'))),
    ],
  };
  if (scope.params === 'array')
    return [
      shared,
      {
        kind: 'function',
        name: 'impact',
        doc: [
          ...doc,
          'Closed contacts: `active` (nonzero: closed), else those with g ≤ tol',
          '(1e-9 in TypeScript). Approach speeds below restVelocity (1e-6) do not',
          'count as arrivals for the multiple-impacts rule. Writes q̇⁺ (q̇⁻ on any',
          "status but 'ok'), the normal impulse per contact and 1 per contact",
          'closed after the impact; returns the status.',
        ].join('\n'),
        exported: true,
        params: [
          T,
          Q,
          qdMinus,
          P,
          { name: 'tol', type: 'number' },
          { name: 'restVelocity', type: 'number' },
          { name: 'qdPlus', type: 'Float64Array' },
          { name: 'impulses', type: 'Float64Array' },
          { name: 'activeAfter', type: 'Int32Array' },
          { name: 'active', type: 'ArrayLike<boolean>', optional: true },
        ],
        returns: STATUS,
        body: [
          resolve(ref('t'), ref('q'), ref('qdMinus'), ref('p'), ref('tol'), ref('restVelocity'), ref('active')),
          forRange('i', 0, n$, [assign(idx('qdPlus', i), idx('QDP$', i))]),
          forRange('j', 0, ref('m$'), [assign(idx('impulses', j), idx('IMP$', j)), assign(idx('activeAfter', j), closedAfter)]),
          ret(status),
        ],
      },
    ];
  return [
    shared,
    {
      kind: 'type',
      name: 'ImpactOptions$',
      type: {
        kind: 'object',
        fields: [
          { name: 'active', type: 'ArrayLike<boolean>', optional: true, readonly: true },
          { name: 'tol', type: 'number', optional: true, readonly: true },
          { name: 'restVelocity', type: 'number', optional: true, readonly: true },
        ],
      },
    },
    {
      kind: 'type',
      name: RESULT,
      type: {
        kind: 'object',
        fields: [
          { name: 'qdPlus', type: 'Float64Array' },
          { name: 'impulses', type: 'Float64Array' },
          { name: 'active', type: 'boolean[]' },
          { name: 'status', type: { kind: 'alias', name: 'ImpactModeStatus' } },
          { name: 'message', type: 'string', optional: true },
        ],
      },
    },
    {
      kind: 'function',
      name: 'contactNames$',
      doc: 'Names of the contacts flagged in `set`, joined by `sep`.',
      params: [
        { name: 'set', type: { kind: 'alias', name: 'Uint8Array' } },
        { name: 'sep', type: 'string' },
      ],
      returns: 'string',
      body: [
        { kind: 'let', name: 'names', type: 'string', init: str('') },
        forRange('j', 0, ref('m$'), [
          {
            kind: 'if',
            test: bin(idx('set', j), '===', num(1)),
            then: [assign(ref('names'), plus({ kind: 'cond', test: ref('names'), then: ref('sep'), else: str('') }, idx('CONTACTS$', j)), '+=')],
          },
        ]),
        ret(ref('names')),
      ],
    },
    {
      kind: 'function',
      name: 'impactMessage$',
      params: [{ name: 'status', type: { kind: 'alias', name: 'ImpactModeStatus' } }],
      returns: 'string',
      body: [
        message(
          'corner-without-rule',
          str('contacts '),
          names('ARR$', ' and '),
          str(" arrive at once (an impact into a corner) and the model declares no rule for multiple impacts (set multipleImpacts: 'lcp')"),
        ),
        message('too-many-contacts', str('closed contacts '), names('CL$', ', '), str(': too many to enumerate the impact modes')),
        message('no-admissible-mode', str('no choice of engaged contacts among '), names('CL$', ', '), str(' gives non-negative impulses without penetration')),
        ret(concat(str('several contact modes among '), names('CL$', ', '), str(' are admissible and give different velocities'))),
      ],
    },
    {
      kind: 'function',
      name: 'impact',
      doc: [
        ...doc,
        'Closed contacts: opts.active, else those with g ≤ opts.tol (1e-9).',
        'Approach speeds below opts.restVelocity (1e-6, absolute) do not count',
        'as arrivals for the multiple-impacts rule (a held contact drifts by',
        'integration error).',
      ].join('\n'),
      exported: true,
      params: [T, Q, qdMinus, P, { name: 'opts', type: { kind: 'alias', name: 'ImpactOptions$' }, optional: true }],
      returns: { kind: 'alias', name: RESULT },
      body: [
        resolve(
          ref('t'),
          ref('q'),
          ref('qdMinus'),
          ref('p'),
          bin({ kind: 'member', object: opts, name: 'tol', optional: true }, '??', { kind: 'num', value: 1e-9 }),
          bin({ kind: 'member', object: opts, name: 'restVelocity', optional: true }, '??', { kind: 'num', value: 1e-6 }),
          { kind: 'member', object: opts, name: 'active', optional: true },
        ),
        {
          kind: 'const',
          name: 'result',
          type: { kind: 'alias', name: RESULT },
          init: object({ qdPlus: call(member('QDP$', 'slice')), impulses: call(member('IMP$', 'slice')), active: { kind: 'data', value: [] }, status }),
        },
        forRange('j', 0, ref('m$'), [{ kind: 'call', call: call(member(member('result', 'active'), 'push'), bin(closedAfter, '===', num(1))) }]),
        { kind: 'if', test: bin(status, '!==', str('ok')), then: [assign(member('result', 'message'), call('impactMessage$', status))] },
        ret(ref('result')),
      ],
    },
  ];
}
