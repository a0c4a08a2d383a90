// The motion a report plots: a generated module, already loaded, simulated
// from its declared initial state on a fixed grid with fixed tolerances
// (deterministic, as the committed reports are checked for staleness).
// Pure: the pipeline's report inputs call it with the module esbuild
// loaded, the playground (playground/pipeline.ts) with the one sucrase
// loaded in the page.
// Tests: test/playground/pipeline.test.ts, test/report/committed.test.ts (through src/pipeline/report-inputs.ts),
// test/runtime/hybrid/hinges.test.ts, test/report/figures.test.ts (the points passing through surfaces).
import { impactLosses, type ImpactLosses } from './impact-losses.js';
import { runImpactModes, type RunImpactMode } from './run-modes.js';
import { MechanicsError } from '../errors.js';
import type { LoadedModule } from '../runtime/contract.js';
import { REFERENCES, type SourceKey } from '../model/sources.js';
import { simulate, simulationMethod, type SimulationMethod } from '../runtime/hybrid/simulate.js';
import { unintegrated, type Trajectory } from '../runtime/hybrid/trajectory.js';

/**
 * A contact whose point the motion carries through its surface: its gap's
 * deepest value and when. Where a contact's `when` does not hold, an
 * arrival is no impact and the point passes on (a compass walker's swing
 * foot scuffs through the slope behind the hip).
 */

/** The paper section whose law of friction a run integrates. */
export interface MethodSource {
  readonly source: SourceKey;
  readonly section: string;
}

/** Where the runtime's friction laws come from: the variants of support smirnov1981 §3, the journal's friction §2. */
const LAW_SOURCES: Readonly<Record<NonNullable<SimulationMethod['law']>, MethodSource>> = {
  supports: { source: 'smirnov1981', section: '§3' },
  hinge: { source: 'smirnov1981', section: '§2' },
};

/** How `simulate` integrates a module in plain words, its paper by short name (the CLI's and the playground's description). */
export function methodText(mod: LoadedModule): string {
  const { name, law } = simulationMethod(mod);
  return law ? `${name} (${REFERENCES[LAW_SOURCES[law].source].short} ${LAW_SOURCES[law].section})` : name;
}

export interface PassThrough {
  /** Index into the module's unilateral contacts. */
  readonly contact: number;
  /** The deepest gap, and when. */
  readonly gap: number;
  readonly t: number;
  /** How many separate times it goes below (a walker's swing foot: once a step). */
  readonly count: number;
}

/** The motion a report plots, or why there is none: the simulation failed, or the runtime does not integrate the model (skipped). */
export type MotionStudy =
  | {
      readonly trajectory: Trajectory;
      readonly method: string;
      /** The paper whose law of friction the run integrates (the report cites it after the method). */
      readonly after?: MethodSource;
      readonly passes: readonly PassThrough[];
      readonly losses?: ImpactLosses;
      readonly modes?: readonly RunImpactMode[];
    }
  | { readonly error: string }
  | { readonly skipped: string };

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
    const losses = impactLosses(mod, tr);
    const modes = runImpactModes(tr.events);
    const { name, law } = simulationMethod(mod);
    const after = law && LAW_SOURCES[law];
    return {
      simulation: {
        trajectory: tr,
        method: `${name}, rtol 1e-8, atol 1e-10, ${REPORT_SAMPLES} samples`,
        ...(after ? { after } : {}),
        passes: passesThrough(mod, tr),
        ...(losses ? { losses } : {}),
        ...(modes.length ? { modes } : {}),
      },
    };
  } catch (err) {
    if (!(err instanceof MechanicsError)) throw err;
    return { simulation: { error: err.message }, error: err };
  }
}

/**
 * The contacts whose gap goes below −10⁻⁶ of the largest gap along the run:
 * a held contact only drifts off its surface by the integrator's error
 * (10⁻¹⁰ of the legs' sweep for the compass walker's standing foot).
 */
function passesThrough(mod: LoadedModule, tr: Trajectory): PassThrough[] {
  const gaps = mod.gaps;
  if (!gaps) return [];
  const values = tr.t.map((t, k) => Array.from(gaps(t, tr.q[k]!, {})));
  const tol = 1e-6 * Math.max(0, ...values.flat().map(Math.abs));
  return mod.model.unilateral.flatMap((_, j): PassThrough[] => {
    const deepest = values.reduce((best, g, k) => (g[j]! < values[best]![j]! ? k : best), 0);
    const gap = values[deepest]![j]!;
    const count = values.filter((g, k) => g[j]! < -tol && (k === 0 || values[k - 1]![j]! >= -tol)).length;
    return gap < -tol ? [{ contact: j, gap, t: tr.t[deepest]!, count }] : [];
  });
}
