// What the playground's worker computes, without the worker: a model file's
// text compiled by the toolkit's own pipeline (compileModel, with sucrase as
// the loader where the CLI has esbuild), its report made by buildReport and
// renderHtml, and the generated module, loaded once per derivation,
// simulated for any parameter values
// (sliders re-run the module, never the derivation). The page shows the
// report's sections as soon as they are typeset, before any run: its own
// plots show the motion; the .tex download (reportFiles, as `mechanics
// derive` writes it, with the motion at the defaults) is made on request.
// Pure: no DOM, no worker API, so the tests run it in Node as well.
import { TOOLKIT } from '../src/codegen/module.js';
import { MechanicsError } from '../src/errors.js';
import type { Model, ModelSpec } from '../src/model/index.js';
import { compileModel, type CompiledModel } from '../src/pipeline/compiled-model.js';
import { buildReport, REPORTS_DIR, reportFiles } from '../src/report/report.js';
import { renderHtml } from '../src/report/render-html.js';
import { animationHtml } from '../src/report/animation.js';
import { modelDrawing } from '../src/report/sketch.js';
import type { LoadedModule } from '../src/runtime/contract.js';
import { simulate } from '../src/runtime/hybrid/simulate.js';
import { methodText } from '../src/studies/motion.js';
import type { Trajectory } from '../src/runtime/hybrid/trajectory.js';
import { contactNames, render } from '../src/pipeline/run-text.js';
import { parameterValues, runStart } from '../src/pipeline/run-values.js';
import { rangeText, rangeValues } from '../src/model/validate/parameters.js';
import { linearizationStudy } from '../src/studies/linearization.js';
import { reportMotion, REPORT_SAMPLES } from '../src/studies/motion.js';
import { modelOfSource, runCommonJs, toCommonJs } from './model-source.js';

/** A parameter with a declared range: one slider. */
export interface Slider {
  readonly name: string;
  readonly default: number;
  /** The open range (lo, hi), evaluated at the defaults. */
  readonly lo: number;
  readonly hi: number;
  readonly range: string;
  readonly unit?: string;
  readonly description?: string;
}

export interface Derivation {
  /** The model compiled: spec, model, derivation, generated source, the module loaded (once, by sucrase). */
  readonly compiled: CompiledModel;
  readonly sliders: readonly Slider[];
  /** The report as a web page, without the motion (the playground plots its own runs). */
  readonly html: string;
  /** Milliseconds spent: model, derivation and code generation ('compile'), loading the module ('load'), report. */
  readonly phases: Readonly<Record<string, number>>;
}

/** Tolerances and grid of the playground's runs: the report's (src/studies/motion.ts). */
const RUN = { rtol: 1e-8, atol: 1e-10, samples: REPORT_SAMPLES } as const;

/** A generated module (TypeScript, no imports) as a live module: sucrase here, esbuild in the CLI's loadGenerated. */
export function loadGeneratedText(source: string): LoadedModule {
  return runCommonJs(toCommonJs(source)) as unknown as LoadedModule;
}

/** The open ranges of the parameters that declare one, at the parameters' defaults. */
export function slidersOf(model: Model): Slider[] {
  return model.parameters.flatMap((p) => {
    const [lo, hi] = rangeValues(p, model.parameters) ?? [];
    if (lo === undefined || hi === undefined) return [];
    // An unbounded side gets an explicit end a few times the default away, which the slider's title states.
    const top = Number.isFinite(hi) ? hi : Math.max(4 * Math.abs(p.default), lo + 1);
    const bottom = Number.isFinite(lo) ? lo : Math.min(-4 * Math.abs(p.default), top - 1);
    const shown = Number.isFinite(lo) && Number.isFinite(hi) ? '' : `, the slider from ${bottom} to ${top}`;
    return [
      {
        name: p.name,
        default: p.default,
        lo: bottom,
        hi: top,
        range: `${rangeText(p)}${shown}`,
        ...(p.unit ? { unit: p.unit } : {}),
        ...(p.description ? { description: p.description } : {}),
      },
    ];
  });
}

/**
 * Derive a model file's text. `source` is the path written in the generated
 * header (derivations/compass.ts for an example as shipped, so the module
 * equals the CLI's byte for byte). Throws the model's MechanicsError.
 */
export function deriveText(text: string, source: string): Derivation {
  const clock = stopwatch();
  const compiled = compileModel({ spec: modelOfSource(text), source }, loadGeneratedText);
  clock.lap('compile');
  // Loaded now rather than by the first run, so that 'load' times it.
  void compiled.loaded;
  clock.lap('load');
  const html = renderHtml(buildReport(compiled.system, { source, toolkit: TOOLKIT, linearization: linearizationStudy(compiled.system) }));
  clock.lap('report');
  return { compiled, sliders: slidersOf(compiled.model), html, phases: clock.laps };
}

/** The run from the declared initial state at the defaults (the report's motion), or why it failed. */
export function firstRun(d: Derivation): Run | MechanicsError {
  try {
    return runModel(d.compiled, {});
  } catch (err) {
    if (err instanceof MechanicsError) return err;
    throw err;
  }
}

/** docs/reports/<model>.tex with the report's motion (report-motion.ts, as `mechanics derive` computes it). */
export function texReport({ compiled }: Derivation): string {
  return reportFiles(compiled.system, {
    source: compiled.source,
    toolkit: TOOLKIT,
    simulation: reportMotion(compiled.loaded).simulation,
    linearization: linearizationStudy(compiled.system),
  }).get(`${REPORTS_DIR}/${compiled.model.name}.tex`)!;
}

/** Milliseconds per named phase, for the bench's breakdown of a derivation. */
function stopwatch(): { lap(name: string): void; readonly laps: Record<string, number> } {
  let last = performance.now();
  const laps: Record<string, number> = {};
  return {
    laps,
    lap(name) {
      const now = performance.now();
      laps[name] = now - last;
      last = now;
    },
  };
}

/** One event as the event list shows it. */
export interface EventRow {
  readonly t: number;
  readonly type: string;
  /** The contacts concerned; for an impact, those with a non-zero impulse: its mode. */
  readonly contacts: readonly string[];
  readonly text: string;
}

export interface Run {
  readonly params: Readonly<Record<string, number>>;
  readonly trajectory: Trajectory;
  readonly events: readonly EventRow[];
  /**
   * The report's animated sketch of this run (markup with its player script),
   * or why there is none (no drawing, or one that does not evaluate).
   */
  readonly animation: { readonly html: string } | { readonly problem: string };
}

/**
 * Simulate the compiled model at the given parameter values (the others at
 * their defaults) from its declared initial state recomputed for them, as
 * `mechanics simulate --param` does.
 */
export function runModel({ spec, model, loaded }: CompiledModel, values: Readonly<Record<string, number>>): Run {
  // As --param text: 12 significant digits (a slider's resolution is far
  // coarser) keep the exact rational reading of the number within range.
  const params = parameterValues(
    model,
    Object.entries(values).map(([name, v]) => ({ name, value: String(Number(v.toPrecision(12))) })),
  );
  const start = runStart(model, params, { q0: [], qd0: [] });
  const trajectory = simulate(loaded, { q0: start.q0, qd0: start.qd0, t1: start.t1, params, ...RUN });
  const events = trajectory.events.map((e) => {
    const contacts = contactNames(model, e);
    const text = e.type === 'impact' ? `impact, impulsive: ${contacts.join(' + ')}` : `${e.type}: ${contacts.join(' + ')}`;
    return { t: e.t, type: e.type, contacts, text };
  });
  return { params, trajectory, events, animation: animation(spec, model, params, trajectory) };
}

/**
 * The report's animation (src/report/animation.ts) of a run, drawn with the
 * run's parameter values: the model is handed to the sketch with those as
 * its defaults, so a slider that changes the compass's α changes its legs.
 */
function animation(spec: ModelSpec, model: Model, params: Readonly<Record<string, number>>, tr: Trajectory): Run['animation'] {
  const at: Model = { ...model, parameters: model.parameters.map((p) => ({ ...p, default: params[p.name] ?? p.default })) };
  try {
    const drawing = modelDrawing(spec, at);
    if (!drawing) return { problem: 'The model declares no drawing (and has no geometry or particles to draw).' };
    return { html: animationHtml({ id: 'playground-animation', title: `${model.title}: the motion`, drawing, model: at, t: tr.t, q: tr.q }) };
  } catch (err) {
    if (!(err instanceof MechanicsError)) throw err;
    return { problem: err.message };
  }
}

/** The run as `mechanics simulate --format csv|json` prints it. */
export function runText({ model, loaded }: CompiledModel, run: Run, format: 'csv' | 'json'): string {
  return render(format, { model, params: run.params, trajectory: run.trajectory, method: methodText(loaded) });
}
