// The motion a report plots: a generated module, already loaded, simulated
// from its declared initial state on a fixed grid with fixed tolerances
// (deterministic, as the committed reports are checked for staleness).
// Pure: the pipeline's report inputs call it with the module esbuild
// loaded, the playground (playground/pipeline.ts) with the one sucrase
// loaded in the page.
// Tests: test/playground/pipeline.test.ts, test/report/committed.test.ts (through src/pipeline/report-inputs.ts),
// test/runtime/hybrid/hinges.test.ts.
import { MechanicsError } from '../errors.js';
import type { LoadedModule } from '../runtime/contract.js';
import { simulate, simulationMethod } from '../runtime/hybrid/simulate.js';
import { unintegrated, type Trajectory } from '../runtime/hybrid/trajectory.js';

/** The motion a report plots, or why there is none: the simulation failed, or the runtime does not integrate the model (skipped). */
export type MotionStudy = { readonly trajectory: Trajectory; readonly method: string } | { readonly error: string } | { readonly skipped: string };

/** Samples of the trajectory plotted in a report. */
export const REPORT_SAMPLES = 401;

/** The report's simulation and, when it failed, the error (which `derive` reports as a failure). */
export function reportMotion(mod: LoadedModule): { readonly simulation: MotionStudy; readonly error?: MechanicsError } {
  const { q0, qd0, t1 } = mod.model.initial;
  // Non-ideal constraints the runtime does not integrate (a hinge beside other constraints, support pairs beside contacts)
  // are derived only: said in the report, not a failure of derive.
  const unsupported = unintegrated(mod);
  if (unsupported.length)
    return {
      simulation: {
        skipped: `the friction of ${unsupported.join(', ')} is not integrated by the runtime beside the model's other constraints (the equations are above)`,
      },
    };
  try {
    const tr = simulate(mod, { q0, qd0, t1, samples: REPORT_SAMPLES, rtol: 1e-8, atol: 1e-10 });
    return { simulation: { trajectory: tr, method: `${simulationMethod(mod)}, rtol 1e-8, atol 1e-10, ${REPORT_SAMPLES} samples` } };
  } catch (err) {
    if (!(err instanceof MechanicsError)) throw err;
    return { simulation: { error: err.message }, error: err };
  }
}
