// checkParams(p) of a generated module: the hot-path
// functions read p.name ?? default unchecked, so a string "1" would
// concatenate (M₁₁ = 11 for m1 = "1"). The runtime calls checkParams once at
// entry and turns the problems into a named error.
// Tests: test/codegen/exports.test.ts.
import { freeSymbols } from '../core/expr.js';
import { limitText, valueLimits, type LimitCode, type ValueLimit } from '../model/limits.js';
import { bin, call, concat, idx, member, not, object, ref, ret, str, type Decl, type JsExpr, type Stmt } from './ir.js';
import { kernelBlock, P, T, type Scope } from './scope.js';

/** One problem: the parameter's name, what is wrong (the runtime's error code for it), and a message. */
const push = (problem: 'unknown-parameter' | 'non-finite-input' | LimitCode, message: JsExpr, name: JsExpr = ref('name')): Stmt => ({
  kind: 'call',
  call: call(member('problems', 'push'), object({ name, problem: str(problem), message })),
});
const PROBLEM = 'ParamProblem';

/**
 * The limits of the model's values (src/model/limits.ts), checked once the
 * record's entries are numbers: each value and its ends evaluated into
 * LV$ (3 per limit), then compared, a closed end with ≥ and an open one
 * with >. The model's defaults keep them, so only given values can fail.
 */
function limitChecks(scope: Scope, limits: readonly ValueLimit[]): { decls: Decl[]; check: Stmt[] } {
  if (limits.length === 0) return { decls: [], check: [] };
  const slot = (i: number, k: number): JsExpr => idx('LV$', 3 * i + k);
  const outputs = limits.flatMap((l, i) => [l.value, l.lower, l.upper].flatMap((e, k) => (e ? [{ expr: e, targets: [idx('LV$', 3 * i + k)] }] : [])));
  const check = limits.map((l, i): Stmt => {
    const v = slot(i, 0);
    const tests: JsExpr[] = [call(member('Number', 'isFinite'), v)];
    if (l.lower) tests.push(bin(v, l.lowerOpen ? '>' : '>=', slot(i, 1)));
    if (l.upper) tests.push(bin(v, l.upperOpen ? '<' : '<=', slot(i, 2)));
    const names = [l.value, l.lower, l.upper].flatMap((e) => (e ? [...freeSymbols(e)] : []));
    const bound = limitText(l);
    return {
      kind: 'if',
      test: not(tests.reduce((a, b) => bin(a, '&&', b))),
      then: [push(l.code, concat(str(`${l.what} is `), call('String', v), str(`; it must be ${bound}${l.why}`)), str([...new Set(names)].join(', ')))],
    };
  });
  return {
    decls: [
      { kind: 'buffer', name: 'LV$', array: 'Float64Array', length: 3 * limits.length, doc: 'Each value limit: its value, lower and upper end.' },
      { kind: 'function', name: 'limitValues$', params: [T, P], returns: 'void', body: [kernelBlock(scope, outputs)] },
    ],
    check: [{ kind: 'if', test: bin(member('problems', 'length'), '===', { kind: 'num', value: 0 }), then: [callStmtOf('limitValues$'), ...check] }],
  };
}

const callStmtOf = (name: string): Stmt => ({ kind: 'call', call: call(name, { kind: 'num', value: 0 }, ref('p')) });

export function checkParamsDecls(scope: Scope): Decl[] {
  const model = scope.sys.model;
  const limits = limitChecks(scope, valueLimits(model));
  const known = model.parameters.map((p) => p.name);
  const name = ref('name');
  const value = ref('value');

  return [
    { kind: 'const', name: 'PARAMETERS$', type: 'readonly string[]', value: { kind: 'data', value: known } },
    {
      kind: 'type',
      name: PROBLEM,
      exported: true,
      doc: 'A problem with one entry of a parameter record; `problem` is the error code a driver reports it under.',
      type: {
        kind: 'object',
        fields: [
          { name: 'name', type: 'string', readonly: true },
          {
            name: 'problem',
            type: { kind: 'literal-union', values: ['unknown-parameter', 'non-finite-input', 'bad-range', 'bad-restitution', 'bad-compliant-law', 'bad-mass'] },
            readonly: true,
          },
          { name: 'message', type: 'string', readonly: true },
        ],
      },
    },
    {
      kind: 'function',
      name: 'checkParams',
      doc: [
        'Problems with a parameter record, one per offending entry (empty when',
        'every given name is a parameter of the model and every value a finite',
        'number inside the limits the defaults keep: declared ranges, restitution,',
        'compliant coefficients, masses; an undefined value takes the default).',
        'Call it once before integrating: the other functions do not check their arguments.',
      ].join('\n'),
      exported: true,
      params: [{ name: 'p', type: 'Params' }],
      returns: { kind: 'array', of: { kind: 'alias', name: PROBLEM } },
      body: [
        { kind: 'const', name: 'problems', type: { kind: 'array', of: { kind: 'alias', name: PROBLEM } }, init: { kind: 'data', value: [] } },
        {
          kind: 'for-of',
          name: 'name',
          of: call(member('Object', 'keys'), ref('p')),
          body: [
            { kind: 'const', name: 'value', type: 'unknown', init: { kind: 'index', array: ref('p'), index: name, maybeMissing: true } },
            {
              kind: 'if',
              test: not(call(member('PARAMETERS$', 'includes'), name)),
              then: [
                push(
                  'unknown-parameter',
                  concat(
                    str("parameter '"),
                    name,
                    str("' is not a parameter of the model (its parameters: "),
                    call(member('PARAMETERS$', 'join'), str(', ')),
                    str(')'),
                  ),
                ),
              ],
              else: [
                {
                  kind: 'if',
                  test: bin(
                    bin(value, '!==', { kind: 'undefined' }),
                    '&&',
                    bin(bin({ kind: 'unary', op: 'typeof', arg: value }, '!==', str('number')), '||', not(call(member('Number', 'isFinite'), value))),
                  ),
                  then: [
                    push(
                      'non-finite-input',
                      concat(
                        str("parameter '"),
                        name,
                        str("' is "),
                        call('String', value),
                        str(' (a '),
                        { kind: 'unary', op: 'typeof', arg: value },
                        str('); give a finite number'),
                      ),
                    ),
                  ],
                },
              ],
            },
          ],
        },
        ...limits.check,
        ret(ref('problems')),
      ],
    },
    ...limits.decls,
  ];
}
