// The basins the examples' reports show (ReportOptions.basin): a small grid
// of starts simulated in the calling thread, with the title and caption of
// the heat map the report draws of it (report/sweep.ts sweepFigure).
// Tests: test/studies/basin.test.ts
import type { LoadedModule } from '../runtime/contract.js';
import { sweepSerial, type SweepResult } from '../runtime/sweep/sweep.js';

/** Running text of a caption: words, or LaTeX ({ math }). */
export type CaptionPiece = string | { readonly math: string };

/** A basin as the report draws it: the sweep, the cell value it is coloured by, and what the figure says. */
export interface BasinStudy {
  readonly id: string;
  readonly title: string;
  readonly sweep: SweepResult;
  readonly value: string;
  readonly caption: readonly CaptionPiece[];
}

/**
 * The basins the examples' reports show, by model name: small (100 cells,
 * a couple of seconds in the calling thread) because reports are rebuilt
 * by the staleness test.
 */
const REPORT_BASINS: Readonly<Record<string, (mod: LoadedModule) => BasinStudy>> = {
  'rimless-wheel': rimlessWheelBasin,
};

/** Whether the model's report shows a basin (the report inputs ask). */
export const hasReportBasin = (name: string): boolean => name in REPORT_BASINS;

/** The report's basin of this model, if it has one. */
export function reportBasin(mod: LoadedModule): BasinStudy | undefined {
  return REPORT_BASINS[mod.model.name]?.(mod);
}

/**
 * The rimless wheel standing on spoke 0 at its declared ψ₀, rolling forward
 * at ψ̇₀ (the tip at rest: ẋ = −l cos ψ₀ ψ̇₀, ẏ = −l sin ψ₀ ψ̇₀), on slopes γ:
 * where the hub is after t1. It clears the first apex (ψ = γ) iff
 * (1 + I*) l ψ̇₀² > 2g(1 − cos(ψ₀ − γ)) (energy about the tip), else it rocks
 * back (x < 0); beyond, each impact multiplies ψ̇ by (I* + cos 2α)/(1 + I*)
 * (Rubanovich–Formalsky (2.6)) and the slope decides whether it keeps rolling.
 */
function rimlessWheelBasin(mod: LoadedModule): BasinStudy {
  const { q0, t1 } = mod.model.initial;
  const psi0 = q0[mod.model.coordinates.indexOf('psi')]!;
  const defaults = Object.fromEntries(mod.model.parameters.map((p) => [p.name, p.default]));
  const result = sweepSerial(mod, {
    grid: [
      { name: "psi'", from: -2, to: -0.2, count: 10 },
      { name: 'gamma', from: 0.02, to: 0.2, count: 10 },
    ],
    run: { kind: 'simulate', t1, classify: 'final' },
    start: (at, params) => {
      const l = params.l ?? defaults.l!,
        w = at["psi'"]!;
      return { q0: [0, l * Math.cos(psi0), psi0], qd0: [-l * Math.cos(psi0) * w, -l * Math.sin(psi0) * w, w] };
    },
  });
  const m = (tex: string): CaptionPiece => ({ math: tex });
  return {
    id: 'plot-basin',
    title: `${mod.model.title}: hub position after ${t1} s over the initial spin and the slope`,
    sweep: result,
    value: 'x(t)',
    caption: [
      'The hub position ',
      m('x'),
      ` at t = ${t1} after starting on spoke 0 at `,
      m(`\\psi = ${psi0}`),
      ' with the spin ',
      m('\\dot{\\psi}'),
      ' (the tip at rest), on slopes ',
      m('\\gamma'),
      ' (10 by 10 simulations): ',
      m('x < 0'),
      ' where the wheel does not clear its first apex, ',
      m('(1 + I^*)\\,l\\,\\dot{\\psi}^2 \\le 2g\\,(1 - \\cos(\\psi - \\gamma))'),
      ', and rocks back to rest; about one unit of ',
      m('x'),
      ' per step where it rolls.',
    ],
  };
}
