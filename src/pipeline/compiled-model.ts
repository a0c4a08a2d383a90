// The pipeline's central value: a model compiled once — the spec validated
// into a model, the derivation, the generated module's source, and that
// module loaded (live functions). Every consumer (the commands, the build
// outputs, the report's computations, the library, the playground) takes a
// CompiledModel instead of running the chain again.
//
// Loading needs TypeScript turned into JavaScript, which differs by place:
// esbuild on Node (load-generated.ts), sucrase in the playground's browser
// bundle. The loader is therefore an argument, and this module imports
// neither, so the browser bundle shares it.
// Tests: test/pipeline/compiled-model.test.ts
import { generateModule, type GeneratedSource } from '../codegen/module.js';
import { deriveSystem, type DerivedSystem } from '../derive/system.js';
import { buildModel, type Model, type ModelSpec } from '../model/index.js';
import type { LoadedModule } from '../runtime/contract.js';

/** A spec and the path its generated header names (a model file is one; the playground's editor text another). */
export interface ModelSource {
  readonly spec: ModelSpec;
  /** Path as written in generated headers and reports, '/'-separated (e.g. derivations/compass.ts). */
  readonly source: string;
}

/** Turns a generated module's source (TypeScript, no imports) into the live module, synchronously. */
export type ModuleLoader = (source: string) => LoadedModule;

export interface CompiledModel extends ModelSource {
  readonly model: Model;
  readonly system: DerivedSystem;
  /** The generated module as source text (what generated/<model>.ts holds). */
  readonly module: GeneratedSource;
  /** The generated module loaded: made on first use, then the same object every time. */
  readonly loaded: LoadedModule;
}

/**
 * Validate, derive and generate a model; its module is loaded by `load` when
 * first asked for (`derive --no-report` never loads it). A bare spec's
 * header names the model. Throws the model's MechanicsError.
 */
export function compileModel(input: ModelSpec | ModelSource, load: ModuleLoader): CompiledModel {
  const { spec, source } = 'spec' in input ? input : { spec: input, source: input.name };
  const model = buildModel(spec);
  const system = deriveSystem(model);
  const module = generateModule(system, source);
  let loaded: LoadedModule | undefined;
  return {
    spec,
    source,
    model,
    system,
    module,
    get loaded() {
      return (loaded ??= load(module.source));
    },
  };
}
