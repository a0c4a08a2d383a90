// checkParams(p) of a generated module: the hot-path
// functions read p.name ?? default unchecked, so a string "1" would
// concatenate (M₁₁ = 11 for m1 = "1"). The runtime calls checkParams once at
// entry and turns the problems into a named error. C and Python modules take
// the parameters as an array of numbers (checkParamArrayDecls): each entry
// finite, then the same limits.
// Tests: test/codegen/exports.test.ts, test/codegen/target-c.test.ts, test/codegen/target-python.test.ts.
import { freeSymbols } from '../core/expr.js';
import { limitText, valueLimits, type LimitCode, type ValueLimit } from '../model/limits.js';
import { assign, bin, call, concat, idx, math, member, not, num, object, ref, ret, str, type Decl, type JsExpr, type Stmt } from './ir.js';
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
 * `report` gives the statements that record a broken limit (each form of
 * checkParams records its own way).
 */
function limitChecks(scope: Scope, limits: readonly ValueLimit[], report: (l: ValueLimit, value: JsExpr) => Stmt[]): { decls: Decl[]; check: Stmt[] } {
  if (limits.length === 0) return { decls: [], check: [] };
  const slot = (i: number, k: number): JsExpr => idx('LV$', 3 * i + k);
  const outputs = limits.flatMap((l, i) => [l.value, l.lower, l.upper].flatMap((e, k) => (e ? [{ expr: e, targets: [idx('LV$', 3 * i + k)] }] : [])));
  const check = limits.map((l, i): Stmt => {
    const v = slot(i, 0);
    const tests: JsExpr[] = [math('isFinite', v)];
    if (l.lower) tests.push(bin(v, l.lowerOpen ? '>' : '>=', slot(i, 1)));
    if (l.upper) tests.push(bin(v, l.upperOpen ? '<' : '<=', slot(i, 2)));
    return { kind: 'if', test: not(tests.reduce((a, b) => bin(a, '&&', b))), then: report(l, v) };
  });
  return {
    decls: [
      { kind: 'buffer', name: 'LV$', array: 'Float64Array', length: 3 * limits.length, doc: 'Each value limit: its value, lower and upper end.' },
      { kind: 'function', name: 'limitValues$', params: [T, P], returns: 'void', body: [kernelBlock(scope, outputs)] },
    ],
    check: [callStmtOf('limitValues$'), ...check],
  };
}

/** The parameters a limit reads, for the problem's `name`. */
const limitNames = (l: ValueLimit): string => [...new Set([l.value, l.lower, l.upper].flatMap((e) => (e ? [...freeSymbols(e)] : [])))].join(', ');

const callStmtOf = (name: string): Stmt => ({ kind: 'call', call: call(name, { kind: 'num', value: 0 }, ref('p')) });

export function checkParamsDecls(scope: Scope): Decl[] {
  const model = scope.sys.model;
  const limits = limitChecks(scope, valueLimits(model), (l, v) => [
    push(l.code, concat(str(`${l.what} is `), call('String', v), str(`; it must be ${limitText(l)}${l.why}`)), str(limitNames(l))),
  ]);
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
                    bin(bin({ kind: 'unary', op: 'typeof', arg: value }, '!==', str('number')), '||', not(math('isFinite', value))),
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
        ...(limits.check.length
          ? [{ kind: 'if', test: bin(member('problems', 'length'), '===', { kind: 'num', value: 0 }), then: limits.check } satisfies Stmt]
          : []),
        ret(ref('problems')),
      ],
    },
    ...limits.decls,
  ];
}

/**
 * checkParams of a module that takes the parameters as an array in the order
 * of model.parameters: every entry a finite number, then (when they all are)
 * the limits. `messages`: each problem's text written into the caller's
 * messages[0…cap), the count returned (C: nothing allocated); `list`: the
 * texts returned as a new list (Python).
 */
export function checkParamArrayDecls(scope: Scope, form: 'messages' | 'list'): Decl[] {
  const model = scope.sys.model;
  const count = ref('count');
  const report = (text: string): Stmt[] =>
    form === 'list'
      ? [{ kind: 'call', call: call(member('problems', 'push'), str(text)) }]
      : [{ kind: 'if', test: bin(count, '<', ref('cap')), then: [assign(idx('messages', count), str(text))] }, assign(count, num(1), '+=')];
  const limits = limitChecks(scope, valueLimits(model), (l) => report(`${l.what} must be ${limitText(l)}${l.why}`));
  const finite = model.parameters.map(
    (p, k): Stmt => ({ kind: 'if', test: not(math('isFinite', idx('p', k))), then: report(`parameter '${p.name}' is not a finite number`) }),
  );
  const none = form === 'list' ? bin(member('problems', 'length'), '===', num(0)) : bin(count, '===', num(0));
  return [
    {
      kind: 'function',
      name: 'checkParams',
      doc: [
        'Problems with a parameter array (one value per parameter, in the order of the parameters): every value',
        'a finite number inside the limits the defaults keep (declared ranges, restitution, compliant',
        'coefficients, masses). Call it once before integrating: the other functions do not check their arguments.',
        form === 'list'
          ? 'Returns the problems, one text each (empty when there is none).'
          : 'Writes the first cap problems into messages and returns how many there are.',
      ].join('\n'),
      exported: true,
      params:
        form === 'list'
          ? [{ name: 'p', type: 'Params' }]
          : [
              { name: 'p', type: 'Params' },
              { name: 'messages', type: 'string[]' },
              { name: 'cap', type: 'index' },
            ],
      returns: form === 'list' ? 'string[]' : 'index',
      body: [
        form === 'list' ? { kind: 'const', name: 'problems', init: { kind: 'data', value: [] } } : { kind: 'let', name: 'count', init: num(0) },
        ...finite,
        ...(limits.check.length ? [{ kind: 'if', test: none, then: limits.check } satisfies Stmt] : []),
        ret(form === 'list' ? ref('problems') : count),
      ],
    },
    ...limits.decls,
  ];
}
