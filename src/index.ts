// The library (`unilateral-mechanics`): what a user calls, by task (the
// README's "The library" lists the same groups). Solvers, integrators and
// the analysis of flows are in `unilateral-mechanics/runtime`, the symbolic
// kernel in `unilateral-mechanics/core`; validation tables and other
// internals are exported by neither.
// Tests: test/package/outside-project.test.ts (the package entry point), test/architecture/public-api.test.ts.

// Write a model.
export { defineModel, buildModel, type Model, type ModelSpec } from './model/index.js';
/** The parts of a model file (CoordinateSpec, UnilateralSpec, ImpactLawSpec, …), for models built in code. */
export type * as Spec from './model/spec.js';

// Derive its equations.
export { deriveSystem, type DerivedSystem } from './derive/system.js';
export { findEquilibria, impactMapJacobian, linearForms, type Equilibrium, type LinearForms } from './derive/linearization/equilibria.js';

// Generate its module, compile it once, build its outputs.
export { generateModule, TOOLKIT, type GeneratedSource } from './codegen/module.js';
export { compileModel, type CompiledModel, type ModelSource, type ModuleLoader } from './pipeline/compiled-model.js';
export { loadModelFile, loadModels, type ModelFile } from './pipeline/model-file.js';
export { loadGenerated } from './pipeline/load-generated.js';
export { buildOutputs } from './pipeline/outputs.js';
export { buildReport, reportFiles, type ReportOptions } from './report/report.js';

// Simulate.
export { simulateModel, type ModelSimulateOptions } from './pipeline/simulate-model.js';
export { simulate, simulateHamilton } from './runtime/hybrid/simulate.js';
export { simulateMoreauJean, type MoreauJeanOptions, type MoreauJeanTrajectory } from './runtime/hybrid/moreau-jean.js';
export { simulateCompliant } from './runtime/hybrid/compliant.js';
export type { SimulateOptions, SimulationEvent, Trajectory } from './runtime/hybrid/trajectory.js';
export type { LoadedModule } from './runtime/contract.js';

// Study: periodic orbits, continuation, sweeps, the rigid limit, steady motions.
export { periodicOrbit, type PeriodicOrbit, type PeriodicOrbitOptions } from './runtime/analysis/periodic.js';
export { continueOrbit, type Branch, type ContinuationOptions } from './runtime/analysis/continuation.js';
export { sweep, type SweepOptions, type SweepResult } from './runtime/sweep/sweep.js';
export { rigidLimitStudy, type LimitStudy } from './runtime/analysis/rigid-limit.js';
export { steadyMotionsAt, sweepSteadyMotions, type SteadySweep, type SteadySweepResult } from './studies/steady-motion.js';
export type { SteadyRequest } from './derive/linearization/steady.js';

// Errors.
export { MechanicsError, combineErrors, type ErrorKind } from './errors.js';
export { SimulationError } from './runtime/errors.js';
