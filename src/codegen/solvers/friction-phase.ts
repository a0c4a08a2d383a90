// The force-row solve of sliding contacts written once, as IR: printed into
// src/numeric/friction-phase.ts (which the runtime imports) and into the
// generated modules with friction. What it computes and why is the header
// below.
// Tests: test/numeric/friction-phase.test.ts, test/codegen/solvers/sources.test.ts.
import { assign, bin, call, callStmt, EPSILON, forRange, idx, letVar, NAN, neg, num, ref, ret, cond, times, when, type Decl, type ModuleIR } from '../ir.js';
import { accumulate, entry, param, unpack } from './dense.js';

const [n, k, zero] = [ref('n'), ref('k'), num(0)];
const someRows = bin(k, '>', zero);

export const forceRowSolve: Decl = {
  kind: 'function',
  name: 'forceRowSolve',
  exported: true,
  doc: `Solve M y = b + Fᵀσ, R y = c for the first k rows of s.R (constraint rows)
and of F (the rows the reactions act along, k×n, same layout), with the
Cholesky factor of M already in s.L. Returns det(R M⁻¹ Fᵀ) (1 for k = 0);
0 when that matrix is singular to working precision (k·ε relative pivot,
src/numeric/lu.ts), and then y and σ are NaN. s.W holds the LU factors.`,
  params: [param('s', { kind: 'alias', name: 'SchurSystem' }), param('k', 'number'), param('F', 'Float64Array'), param('piv', 'Int32Array')],
  returns: 'number',
  body: [
    ...unpack('s', ['n', 'L', 'R', 'b', 'c', 'y', 'sigma', 'X', 'W']),
    forRange('i', 0, n, [assign(idx('y', ref('i')), idx('b', ref('i')))]),
    callStmt('choleskySolve', n, ref('L'), ref('y'), zero, ref('y'), zero),
    forRange('r', 0, k, [callStmt('choleskySolve', n, ref('L'), ref('F'), times(ref('r'), n), ref('X'), times(ref('r'), n))]),
    forRange('r', 0, k, [
      forRange('q', 0, k, [
        ...accumulate('w', zero, 'i', n, '+=', times(entry('R', 'r', 'i'), entry('X', 'q', 'i'))),
        assign(entry('W', 'r', 'q', 'k'), ref('w')),
      ]),
      ...accumulate('v', idx('c', ref('r')), 'i', n, '-=', times(entry('R', 'r', 'i'), idx('y', ref('i')))),
      assign(idx('sigma', ref('r')), ref('v')),
    ]),
    when(bin(someRows, '&&', bin(call('luFactor', k, ref('W'), ref('piv'), times(k, EPSILON)), '>=', zero)), [
      forRange('i', 0, n, [assign(idx('y', ref('i')), NAN)]),
      forRange('r', 0, k, [assign(idx('sigma', ref('r')), NAN)]),
      ret(zero),
    ]),
    letVar('det', num(1)),
    forRange('r', 0, k, [
      assign(ref('det'), cond(bin(idx('piv', ref('r')), '===', ref('r')), entry('W', 'r', 'r', 'k'), neg(entry('W', 'r', 'r', 'k'))), '*='),
    ]),
    when(someRows, [callStmt('luSolve', k, ref('W'), ref('piv'), ref('sigma'), zero, ref('sigma'), zero)]),
    forRange('i', 0, n, [
      ...accumulate('v', idx('y', ref('i')), 'r', k, '+=', times(entry('X', 'r', 'i'), idx('sigma', ref('r')))),
      assign(idx('y', ref('i')), ref('v')),
    ]),
    ret(ref('det')),
  ],
};

/** src/numeric/friction-phase.ts. */
export const FRICTION_PHASE: ModuleIR = {
  header: [
    'The constrained solve of a contact phase whose reactions do not act along',
    "the constraint rows: a sliding contact's normal reaction σ̇ comes with the",
    'friction force −μ σ̇ d along its slip rows S, so it acts along F = N − μ d S',
    'while the constraint keeps N q̈ + bias = 0:',
    '  M y = b + Fᵀσ,   R y = c.',
    'Then y = M⁻¹(b + Fᵀσ) and (R M⁻¹ Fᵀ) σ = c − R M⁻¹ b, a non-symmetric k×k',
    'system (the Delassus matrix of the frictionless case, which is symmetric',
    'positive definite, made non-symmetric by friction). Its determinant is the',
    "one of Smirnov's reaction system (1.1) (smirnov1981 §1): positive for every",
    "frictionless mode, and zero or negative in Painlevé's situations, where the",
    "contact's normal acceleration decreases as the reaction grows.",
    '',
    'Generated modules carry the same function, printed from the same IR, with',
    'choleskySolve, luFactor and luSolve beside it: no allocation, no module',
    'state.',
  ],
  decls: [forceRowSolve],
};
