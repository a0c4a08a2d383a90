// A model file as the user writes it (`import { defineModel } from …;
// export default defineModel({...})`, loops and helper functions allowed),
// turned into its ModelSpec inside the page: sucrase strips the types and
// rewrites the imports to CommonJS, and `require` hands out the toolkit's
// own modules from this bundle, so the model is built with the same kernel
// (one interning table) that derives it — as the pipeline's model-file.ts keeps
// the toolkit's imports external for the same reason.
import { transform } from 'sucrase';
import * as coreExpr from '../src/core/expr.js';
import * as core from '../src/core/index.js';
import { MechanicsError } from '../src/errors.js';
import * as modelApi from '../src/model/index.js';
import type { ModelSpec } from '../src/model/index.js';

/** The modules a model file may import, by the path under src/ or the package entry point. */
const MODULES: Readonly<Record<string, unknown>> = {
  'model/index': modelApi,
  'core/index': core,
  'core/expr': coreExpr,
  'unilateral-mechanics': modelApi,
  'unilateral-mechanics/core': core,
};

/** `../src/model/index.js` → 'model/index'; a package specifier as it is. */
function moduleKey(specifier: string): string {
  const own = /(?:^|\/)src\/(.+?)(?:\.[jt]s)?$/.exec(specifier);
  return own ? own[1]! : specifier;
}

function requireModule(specifier: string): unknown {
  const found = MODULES[moduleKey(specifier)];
  if (found === undefined) {
    const known = Object.keys(MODULES)
      .filter((k) => k.startsWith('unilateral-mechanics'))
      .join(', ');
    throw new MechanicsError(
      'bad-model-file',
      'input',
      `the playground cannot import '${specifier}' (import from ${known}, or from ../src/model/index.js as derivations/ does)`,
      { field: 'import' },
    );
  }
  return found;
}

/** TypeScript or JavaScript module text as CommonJS that runs with `new Function`. */
export function toCommonJs(text: string): string {
  return transform(text, { transforms: ['typescript', 'imports'], production: true }).code;
}

/** Run CommonJS text with the given `require`; returns its exports. */
export function runCommonJs(code: string, require: (specifier: string) => unknown = requireModule): Record<string, unknown> {
  const module = { exports: {} as Record<string, unknown> };
  new Function('exports', 'module', 'require', code)(module.exports, module, require);
  return module.exports;
}

/** The model of a model file's text: its default export, made with defineModel(...). */
export function modelOfSource(text: string): ModelSpec {
  let code: string;
  try {
    code = toCommonJs(text);
  } catch (err) {
    // sucrase's messages end with "(line:column)"; the editor underlines that place.
    throw new MechanicsError('bad-model-file', 'input', `cannot compile the model: ${(err as Error).message}`, { field: 'source' });
  }
  let exported: Record<string, unknown>;
  try {
    exported = runCommonJs(code);
  } catch (err) {
    if (err instanceof MechanicsError) throw err;
    throw new MechanicsError('bad-model-file', 'model', `the model failed while loading: ${(err as Error).message ?? String(err)}`, { field: 'source' });
  }
  const spec = exported.default;
  if (!spec || typeof spec !== 'object' || typeof (spec as { name?: unknown }).name !== 'string') {
    throw new MechanicsError('bad-model-file', 'model', 'the model has no default export made with defineModel(...)', { field: 'default' });
  }
  return spec as ModelSpec;
}
