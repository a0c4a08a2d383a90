// What `npm run derive` makes of each model in derivations/ (its generated
// module, its report as a document and as files), built once per test run
// for every test file that checks it: the staleness tests of generated/ and
// docs/reports/, the report checks, KaTeX, pdflatex and the browser.
//
// Test files run in separate worker processes, so a build is shared on disk,
// in the run's directory (test/helpers/run-dir.ts): the first worker to
// need a model claims it and writes the
// build there; a worker that needs every model builds the ones nobody has
// claimed before it waits for the others, and a worker waiting for a model
// another is building builds one nobody has claimed meanwhile (the two
// workers asking for the models in the same order would otherwise take turns,
// one building and the other idle). A build is keyed by model name
// only: the directory lives for one run, in which the sources do not change.
import { compileModel, type ModelSource } from '../../src/pipeline/compiled-model.js';
import { loadGenerated } from '../../src/pipeline/load-generated.js';
import { buildCode } from '../../src/pipeline/outputs.js';
import { reportInputs } from '../../src/pipeline/report-inputs.js';
import type { ReportDocument } from '../../src/report/document.js';
import { buildReport, documentFiles } from '../../src/report/report.js';
import { claim, read, reclaimAbandoned, RUN_DIR, store, stored, storeFailure } from './run-dir.js';

export interface BuiltModel {
  readonly name: string;
  /** generated/… path → contents, as `npm run derive` writes them. */
  readonly code: ReadonlyMap<string, string>;
  /** The report as data. */
  readonly doc: ReportDocument;
  /** docs/reports/… path → contents, as `npm run derive` writes them. */
  readonly files: ReadonlyMap<string, string>;
}

/** The parts buildOutputs (src/pipeline/outputs.ts) joins, kept apart; test/report/sections.test.ts checks they are its files. */
function build({ spec, source }: ModelSource): BuiltModel {
  const compiled = compileModel({ spec, source }, loadGenerated);
  const doc = buildReport(compiled.system, reportInputs(compiled).options);
  return { name: spec.name, code: buildCode(compiled).files, doc, files: documentFiles(doc, spec.name) };
}

const memo = new Map<string, BuiltModel>();

function buildAndStore(file: ModelSource): BuiltModel {
  let built: BuiltModel;
  try {
    built = build(file);
  } catch (err) {
    storeFailure(file.spec.name, err);
    throw err;
  }
  store(file.spec.name, built);
  return built;
}

const pause = new Int32Array(new SharedArrayBuffer(4));

/**
 * Build one of `spare` that nobody has claimed, if any is left: whether one
 * was built. A build that fails is stored for the file that needs it, which
 * reports it; it is no failure of the file that only waits here.
 */
function buildSpare(spare: readonly ModelSource[]): boolean {
  const file = spare.find((f) => !memo.has(f.spec.name) && !stored(f.spec.name) && claim(f.spec.name));
  if (!file) return false;
  try {
    memo.set(file.spec.name, buildAndStore(file));
  } catch {
    /* stored: read() throws it where the model is needed */
  }
  return true;
}

/**
 * A model another process has claimed, once it is written, or built here if
 * that process is gone. Meanwhile this process builds the models
 * of `spare` nobody has claimed, rather than wait idle.
 */
function awaitBuilt(file: ModelSource, spare: readonly ModelSource[]): BuiltModel {
  const name = file.spec.name;
  for (;;) {
    if (stored(name)) return read<BuiltModel>(name);
    if (reclaimAbandoned(name)) return buildAndStore(file);
    if (!buildSpare(spare)) Atomics.wait(pause, 0, 0, 100);
  }
}

/** Built here, or read from the run's directory (or waited for) when another file got there first. */
function fromRun(file: ModelSource, wait: boolean, spare: readonly ModelSource[] = []): BuiltModel | undefined {
  const name = file.spec.name;
  let built = memo.get(name);
  if (built) return built;
  if (!RUN_DIR) built = build(file);
  else if (stored(name)) built = read<BuiltModel>(name);
  else if (claim(name)) built = buildAndStore(file);
  else if (wait) built = awaitBuilt(file, spare);
  else return undefined;
  memo.set(name, built);
  return built;
}

/**
 * One model's build. `spare`: models the run builds anyway (every model of
 * derivations/, for the report checks), built here while another process
 * builds this one.
 */
export const builtModel = (file: ModelSource, spare: readonly ModelSource[] = []): BuiltModel => fromRun(file, true, spare)!;

/** Every model's build, in the order given: those nobody has claimed are built first, then the others are waited for. */
export function builtModels(files: readonly ModelSource[]): BuiltModel[] {
  for (const f of files) fromRun(f, false);
  return files.map((f) => builtModel(f));
}
