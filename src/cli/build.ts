// The main job: derive each model and produce its build outputs (generated
// code and reports). Pure apart from the file writes at the end.
import { transformSync } from 'esbuild';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import { buildModel, type Model, type ModelSpec } from '../model/index.js';
import { impactMapJacobian } from '../derive/linearization/equilibria.js';
import { deriveSystem, type DerivedSystem } from '../derive/system.js';
import { generateModule, TOOLKIT, type GeneratedModule } from '../codegen/module.js';
import { reportFiles, type ReportOptions } from '../report/report.js';
import { modelDrawing } from '../report/sketch.js';
import { indexHtml, katexAssets } from '../report/site.js';
import type { MotionSimulation } from '../report/motion.js';
import type { GeneratedModel } from '../runtime/contract.js';
import { MechanicsError } from '../errors.js';
import type { LimitStudy } from '../runtime/analysis/rigid-limit.js';
import { simulate } from '../runtime/hybrid/simulate.js';
import type { SimulateOptions, Trajectory } from '../runtime/hybrid/trajectory.js';
import { UsageError, type ParsedArgs } from './args.js';
import type { ModelFile } from './load-model.js';
import { resolveModels } from './models.js';
import { hasReportBasin, reportBasin, type BasinStudy } from '../studies/basin.js';
import { limitStudyOf, rigidSpec } from '../studies/limit.js';
import { linearizationStudy } from '../studies/linearization.js';
import { reportMotion } from '../studies/motion.js';
import { declaredOrbit, type OrbitStudy } from '../studies/orbit.js';
import { paperCheck } from '../studies/paper-check.js';

export interface BuildOptions {
  /** Write the reports (default true). */
  readonly report?: boolean;
  /** Also write the generated module compiled to JavaScript, generated/<model>.js (default false). */
  readonly js?: boolean;
}

export interface BuildOutput {
  /** Path relative to the project root (generated/… or docs/…) → contents. */
  readonly files: ReadonlyMap<string, string>;
  /** What went wrong in a part that still produced a file (the report's simulation); `derive` fails on any. */
  readonly problems: readonly MechanicsError[];
}

/** The derived system and its generated module: what `derive` writes first, before any report. */
export interface CodeOutput extends BuildOutput {
  readonly system: DerivedSystem;
  readonly module: GeneratedModule;
}

/** The generated module of one model (and its JavaScript with `js`), in memory. */
export function buildCode(file: ModelFile, options: BuildOptions = {}): CodeOutput {
  const system = deriveSystem(buildModel(file.spec));
  const module = generateModule(system, file.source);
  const files = new Map([[`generated/${module.fileName}`, module.source]]);
  if (options.js) files.set(`generated/${module.fileName.replace(/\.ts$/, '.js')}`, compileGenerated(module.source, 'esm'));
  return { system, module, files, problems: [] };
}

/**
 * The report files of one model whose code is built. Never throws: a
 * report that cannot be built (a formula KaTeX refuses, a drawing that does
 * not evaluate) is a problem beside the code, which `derive` has already
 * written, so a report failure never loses the generated module.
 */
export function buildReportOutputs(file: ModelFile, code: CodeOutput): BuildOutput {
  try {
    const { options, problems } = reportInputs(file, code);
    return { files: reportFiles(code.system, options), problems };
  } catch (err) {
    const where = { model: file.spec.name };
    const failure = err instanceof MechanicsError ? err.at(where) : new MechanicsError('internal', 'internal', `the report could not be built (${(err as Error).message.split('\n')[0]}); the generated code is not affected`, where);
    return { files: new Map(), problems: [failure] };
  }
}

/**
 * What the report of a built model is made from: its simulation, drawing,
 * sources, declared study, orbit, basin and paper (the computations behind
 * them run here, on the generated module), and the simulation's problem if
 * it failed. Throws where a part cannot be built (buildReportOutputs says so
 * beside the code).
 */
export function reportInputs(file: ModelFile, code: CodeOutput): { readonly options: ReportOptions; readonly problems: readonly MechanicsError[] } {
  const source = code.module.source;
  const { simulation, error } = simulateForReport(source);
  const options: ReportOptions = {
    source: file.source, toolkit: TOOLKIT, simulation, drawing: modelDrawing(file.spec, code.system.model),
    ...(file.spec.sources ? { sources: file.spec.sources } : {}), ...studyOption(file.spec, source), ...orbitOption(file, source, code.system),
    ...basinOption(file.spec.name, source), linearization: linearizationStudy(code.system),
  };
  // The paper's measured facts are the other studies' numbers.
  return { options: file.spec.paper ? { ...options, paper: paperCheck(code.system, file.spec.paper, options) } : options, problems: error ? [error] : [] };
}

/** Everything `derive` writes for one model, in memory (used by the staleness test too). */
export function buildOutputs(file: ModelFile, options: BuildOptions = {}): BuildOutput {
  const code = buildCode(file, options);
  if (!(options.report ?? true)) return code;
  const report = buildReportOutputs(file, code);
  return { files: new Map([...code.files, ...report.files]), problems: report.problems };
}

/** The pages shared by all reports: docs/index.html and KaTeX's stylesheet and fonts in docs/katex/. */
export function siteOutputs(all: readonly ModelFile[]): { readonly files: ReadonlyMap<string, string | Uint8Array> } {
  const entries = all.map((f) => ({ name: f.spec.name, title: f.spec.title ?? f.spec.name, ...(f.spec.description ? { description: f.spec.description } : {}) }));
  return { files: new Map<string, string | Uint8Array>([['docs/index.html', indexHtml(entries, `Generated by ${TOOLKIT}`)], ...katexAssets()]) };
}

/**
 * The motion plotted in the HTML report: the generated module, compiled in
 * memory, simulated from its declared initial state. Deterministic (a fixed
 * grid and tolerances), as the committed reports are checked for staleness.
 */
export function reportSimulation(source: string): MotionSimulation {
  return simulateForReport(source).simulation;
}

/** The report's simulation of a generated module's source (studies/motion.ts, once the module is loaded). */
function simulateForReport(source: string): { readonly simulation: MotionSimulation; readonly error?: MechanicsError } {
  return reportMotion(loadGenerated(source));
}

/** A generated module (TypeScript source) as JavaScript: ES module for files, CommonJS for loading in memory. */
export function compileGenerated(source: string, format: 'esm' | 'cjs'): string {
  return transformSync(source, { loader: 'ts', format, target: 'es2022' }).code;
}

/** A generated module (TypeScript source, no imports) as a live module, synchronously. */
export function loadGenerated(source: string): GeneratedModel {
  const exports: Record<string, unknown> = {};
  const module = { exports };
  new Function('exports', 'module', compileGenerated(source, 'cjs'))(exports, module);
  return module.exports as unknown as GeneratedModel;
}

/**
 * Where a build output goes, relative to the project root: generated/… and
 * docs/… as they are, or everything flat in `outDir`.
 */
export function outputRel(rel: string, outDir?: string): string {
  return outDir === undefined ? rel : join(outDir, rel.replace(/^(generated|docs)\//, '')).split(sep).join('/');
}

/** Write build outputs under `root`; never into node_modules (an installed package is no place for a user's files). */
export function writeOutputs(root: string, out: { readonly files: ReadonlyMap<string, string | Uint8Array> }, outDir?: string): string[] {
  const written: string[] = [];
  for (const [rel, text] of out.files) {
    const target = outputRel(rel, outDir);
    const path = resolve(root, target);
    if (path.split(sep).includes('node_modules')) {
      throw new MechanicsError('bad-argument', 'input', `refusing to write ${path} inside node_modules; run from your project's folder or give --out`, { field: '--out' });
    }
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
    written.push(target);
  }
  return written;
}

/** The one model a command works on, derived as its file says now, with its generated module. */
export async function loadOne(args: ParsedArgs, command: string): Promise<{ model: Model; spec: ModelSpec; system: DerivedSystem; mod: GeneratedModel }> {
  const [target] = args.positionals;
  if (target === undefined) throw new UsageError(`${command} needs a model file or a model name (see \`mechanics list\`)`);
  const { models: files } = await resolveModels([target]);
  if (files.length !== 1) throw new UsageError(`'${target}' holds ${files.length} models; ${command} takes one`);
  const file = files[0]!;
  const model = buildModel(file.spec);
  const system = deriveSystem(model);
  return { model, spec: file.spec, system, mod: loadGenerated(generateModule(system, file.source).source) };
}

/** The loaded module of the model's rigid model (studies/limit.ts rigidSpec, the laws of its limitStudy.rigid); undefined without rigid laws. */
export function rigidModule(spec: ModelSpec): GeneratedModel | undefined {
  const rigid = rigidSpec(spec, spec.limitStudy?.rigid ?? {});
  return rigid && moduleOf(rigid);
}

/** A spec's module, derived, generated and loaded in memory (its source label is the model's name). */
function moduleOf(spec: ModelSpec): GeneratedModel {
  return loadGenerated(generateModule(deriveSystem(buildModel(spec)), spec.name).source);
}

/** simulateModel's options: simulate's, and which laws the model's realized contacts take. */
export interface ModelSimulateOptions extends SimulateOptions {
  /**
   * 'realized' (the default): the model as written, its contacts realized by
   * forces (the stiff driver); 'rigid': its rigid model, the laws of
   * limitStudy.rigid in place of the realized ones (the event-driven
   * driver), the model its rigid-limit study compares with.
   */
  readonly laws?: 'realized' | 'rigid';
}

/**
 * Rigid and compliant versions of one model from one call (issue 13, item
 * 4): the version `laws` selects is derived, generated and loaded in memory,
 * then simulated. Each call derives; for many runs of one version, load its
 * module once (generateModule, loadGenerated) and call simulate.
 */
export function simulateModel(spec: ModelSpec, opts: ModelSimulateOptions): Trajectory {
  const { laws = 'realized', ...run } = opts;
  const where = { model: spec.name, field: 'laws' };
  if (laws !== 'realized' && laws !== 'rigid') throw new MechanicsError('invalid-option', 'input', `laws is 'realized' or 'rigid', got ${String(laws)}`, where);
  if (laws === 'realized') return simulate(moduleOf(spec), run);
  const rigid = rigidModule(spec);
  if (!rigid) throw new MechanicsError('invalid-option', 'input', `${spec.name} declares no rigid laws for its realized contacts: give them in limitStudy.rigid (e.g. { line: { plastic: true } }) to simulate its rigid version`, where);
  return simulate(rigid, run);
}

/** The model's declared rigid-limit study (ModelSpec.limitStudy) for its report, from the generated module; nothing without one. */
export function studyOption(spec: ModelSpec, source: string): { limitStudy?: LimitStudy } {
  return spec.limitStudy ? { limitStudy: limitStudyOf(spec, loadGenerated(source), rigidModule(spec))! } : {};
}

/** The model's declared periodic orbit (ModelSpec.orbit) for its report, from the generated module; nothing without one. */
export function orbitOption(file: ModelFile, source: string, system: DerivedSystem): { orbit?: OrbitStudy } {
  return file.spec.orbit ? { orbit: declaredOrbit(loadGenerated(source), file.spec.orbit, impactMapJacobian(system)) } : {};
}

/** The model's basin (studies/basin.ts) for its report, from the generated module; nothing for a model without one. */
function basinOption(name: string, source: string): { basin?: BasinStudy } {
  return hasReportBasin(name) ? { basin: reportBasin(loadGenerated(source))! } : {};
}
