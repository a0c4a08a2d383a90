// The library (`unilateral-mechanics`): write a model, derive its equations,
// generate numeric code and reports, load model files, compile a model once
// (compileModel: derivation, generated source, loaded module), simulate. The runtime
// alone is `unilateral-mechanics/runtime`, the symbolic kernel
// `unilateral-mechanics/core`.
// Tests: test/package/outside-project.test.ts (the package entry point).

export * from './model/index.js';
export { deriveSystem, type DerivedSystem } from './derive/system.js';
export { findEquilibria, impactMapJacobian, linearForms, type Equilibrium, type EquilibriumOptions, type LinearForms } from './derive/linearization/equilibria.js';
export { generateModule, TOOLKIT, type GeneratedModule } from './codegen/module.js';
export { buildReport, reportFiles, type ReportOptions } from './report/report.js';
export { compileModel, type CompiledModel, type ModelSource, type ModuleLoader } from './pipeline/compiled-model.js';
export { loadModelFile, loadModels, type ModelFile } from './pipeline/model-file.js';
export { compileGenerated, loadGenerated } from './pipeline/load-generated.js';
export { buildOutputs } from './pipeline/outputs.js';
export { simulateModel, type ModelSimulateOptions } from './pipeline/simulate-model.js';
export { combineErrors } from './errors.js';
export * from './runtime/index.js';
