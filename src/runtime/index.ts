// What a project that only imports generated modules needs
// (`unilateral-mechanics/runtime`): the generated-module contract, the
// simulation drivers and their errors. Never imports the symbolic core, so a
// bundle of a generated model and this runtime stays small.
// Tests: test/package/outside-project.test.ts (./runtime, without the symbolic core), test/architecture/imports.test.ts.

export type * from './contract.js';
export { simulate, simulateHamilton } from './hybrid/simulate.js';
export { simulateMoreauJean, type MoreauJeanOptions, type MoreauJeanTrajectory } from './hybrid/moreau-jean.js';
export {
  DEFAULT_ATOL,
  DEFAULT_RTOL,
  type ContactOptions,
  type HamiltonOptions,
  type HamiltonTrajectory,
  type LcpStats,
  type RunOptions,
  type SampleSpec,
  type SimulateOptions,
  type SimulationEvent,
  type SimulationEventType,
  type SimulationStats,
  type Trajectory,
} from './hybrid/trajectory.js';
export { integrate, type DenseStep, type IntegrationResult, type IntegrationStatus, type OdeFunction } from './integrators/dopri5.js';
export { integrateStiff, type JacobianFunction, type RadauOptions, type StiffIntegrationResult, type StiffIntegrationStats } from './integrators/radau5.js';
export { lemke, lcpResidual, type LcpResult, type LcpStatus } from './complementarity/lemke.js';
export {
  solveFrictionLcp,
  phaseModes,
  type FrictionCone,
  type FrictionContact,
  type FrictionProblem,
  type FrictionOptions,
  type FrictionSolution,
  type FrictionStatus,
} from './complementarity/friction-lcp.js';
export { frictionalImpact, type FrictionalImpact, type FrictionalImpactOptions } from './contact/friction-impact.js';
export {
  flowSensitivity,
  flowToSection,
  saltationMatrix,
  type FlowEvent,
  type FlowOptions,
  type FlowResult,
  type ImpactJacobian,
  type ImpactJacobianFn,
  type Section,
  type SectionResult,
} from './analysis/variational.js';
export { eigenvalues, type Complex } from '../numeric/eigenvalues.js';
export {
  componentNames,
  periodicOrbit,
  strideMap,
  type OrbitImpact,
  type PeriodicOrbit,
  type PeriodicOrbitOptions,
  type ShiftSpec,
  type StrideOptions,
} from './analysis/periodic.js';
export { continueOrbit, type Bifurcation, type BifurcationKind, type Branch, type BranchPoint, type ContinuationOptions } from './analysis/continuation.js';
export { sweep, sweepSerial, type SerialSweepOptions, type SweepOptions, type SweepResult } from './sweep/sweep.js';
export {
  axisValues,
  type ClassifyFunction,
  type OrbitRun,
  type SimulationRun,
  type SweepAxis,
  type SweepBase,
  type SweepCell,
  type SweepClassifier,
  type SweepRun,
  type SweepValue,
  type SweepValues,
} from './sweep/sweep-cell.js';
export type { ModuleRef } from './sweep/sweep-load.js';
export { simulateCompliant } from './hybrid/compliant.js';
export { rigidLimitStudy, fitOrder, type LimitRow, type LimitStudy, type LimitStudyOptions } from './analysis/rigid-limit.js';
export { SimulationError } from './errors.js';
export { MechanicsError, type ErrorKind, type ErrorWhere } from '../errors.js';
