// The symbolic kernel as a library (`unilateral-mechanics/core`): build
// expressions, parse user strings, simplify, differentiate, print, evaluate.
// Expressions are interned (equal nodes are the same object), so build them
// only through these constructors.
// Tests: test/package/outside-project.test.ts (the ./core entry point), test/pipeline/model-file.test.ts.

export type { Expr, FnName } from './expr.js';
export { num, sym, add, sub, mul, div, neg, pow, sqrt, fn, sin, cos, freeSymbols, dependsOn, numericValue } from './expr.js';
export { parseExpr, type ParseScope } from './parse.js';
export { simplify, simplifyTrig } from './trig.js';
export { expand } from './expand.js';
export { together } from './together.js';
export { cancel, cancelQuotients } from './cancel.js';
export { diff, timeDerivative } from './diff.js';
export { definiteIntegral, antiderivative } from './integrate.js';
export { subs, subsRecord, type Substitution } from './subs.js';
export { evaluate, type Env } from './evaluate.js';
export { toText } from './print.js';
export { cse, type CseResult } from './cse.js';
export { opCount } from './cost.js';
