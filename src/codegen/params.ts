// checkParams(p) of a generated module: the hot-path
// functions read p.name ?? default unchecked, so a string "1" would
// concatenate (M₁₁ = 11 for m1 = "1"). The runtime calls checkParams once at
// entry and turns the problems into a named error.
// Tests: test/codegen/exports.test.ts.
import type { Model } from '../model/model.js';
import { bin, call, concat, member, not, object, ref, ret, str, type Decl, type JsExpr, type Stmt } from './ir.js';

/** One problem: the parameter's name, what is wrong (the runtime's error code for it), and a message. */
const push = (problem: 'unknown-parameter' | 'non-finite-input', message: JsExpr): Stmt => ({
  kind: 'call',
  call: call(member('problems', 'push'), object({ name: ref('name'), problem: str(problem), message })),
});
const PROBLEM = 'ParamProblem';

export function checkParamsDecls(model: Model): Decl[] {
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
          { name: 'problem', type: { kind: 'literal-union', values: ['unknown-parameter', 'non-finite-input'] }, readonly: true },
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
        'number; an undefined value takes the default). Call it once before',
        'integrating: the other functions do not check their arguments.',
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
        ret(ref('problems')),
      ],
    },
  ];
}
