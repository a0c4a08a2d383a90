// `mechanics derive` and `report` on the user's model files.
// Tests: test/cli/cli.test.ts (derive --out/--js/--no-report, exit codes), test/cli/models.test.ts, test/pipeline/outputs.test.ts.
import { existsSync, watchFile } from 'node:fs';
import { resolve } from 'node:path';
import { MechanicsError } from '../errors.js';
import { compileModel } from '../pipeline/compiled-model.js';
import { loadGenerated } from '../pipeline/load-generated.js';
import { loadModels, type ModelFile } from '../pipeline/model-file.js';
import { buildCode, buildReportOutputs } from '../pipeline/outputs.js';
import { siteOutputs } from '../pipeline/site.js';
import type { CommandSpec, ParsedArgs } from './args.js';
import { DEFAULT_MODELS_DIR, resolveModels } from './models.js';
import { printError } from './print-error.js';
import { writeOutputs } from './write-outputs.js';

export const DERIVE: CommandSpec = {
  name: 'derive',
  maxPositionals: Infinity,
  options: { '--out': { kind: 'value' }, '--no-report': { kind: 'flag' }, '--js': { kind: 'flag' }, '--watch': { kind: 'flag' } },
};
export const REPORT: CommandSpec = { name: 'report', maxPositionals: Infinity, options: { '--out': { kind: 'value' } } };

export const DERIVE_HELP = `usage: mechanics derive [file|dir…] [--out DIR] [--no-report] [--js] [--watch]

Derives each model and writes its generated module and its report:
  generated/<model>.ts                       (and generated/<model>.js with --js)
  docs/reports/<model>.{tex,body.tex,html}, docs/reports/index.html, docs/reports/katex/
under the current directory, or all of them in DIR with --out DIR.

  file|dir               model files (.ts, .mts, .js, .mjs), folders of them, or names of
                         models in ./derivations/ (default: every model in ./derivations/)
  --out DIR              write every output into DIR
  --no-report            write only the generated modules
  --js                   also write each generated module compiled to JavaScript
  --watch                derive again whenever a model file changes (Ctrl-C stops)

Exits 1 if any model fails, including the simulation plotted in its report.`;

export const REPORT_HELP = `usage: mechanics report [file|dir…] [--out DIR]

Like derive, but writes only the reports (docs/reports/<model>.{tex,body.tex,html},
docs/reports/index.html, docs/reports/katex/), or all of them in DIR with --out DIR.`;

interface DeriveSettings {
  readonly outDir?: string;
  readonly report: boolean;
  readonly code: boolean;
  readonly js: boolean;
}

export async function runDerive(args: ParsedArgs, reportOnly: boolean): Promise<number> {
  const outDir = args.values.get('--out');
  const settings: DeriveSettings = {
    ...(outDir !== undefined ? { outDir } : {}),
    report: !args.flags.has('--no-report'),
    code: !reportOnly,
    js: args.flags.has('--js'),
  };
  const once = async (): Promise<{ ok: boolean; files: readonly string[] }> => {
    try {
      const { models, fromExamples } = await resolveModels(args.positionals);
      // Into the default docs/reports/, the index keeps listing every example of ./derivations/.
      const catalogue =
        settings.report && fromExamples && settings.outDir === undefined && args.positionals.length > 0 ? await loadModels(DEFAULT_MODELS_DIR) : [];
      return { ok: deriveAll(models, catalogue, settings), files: models.map((m) => m.path) };
    } catch (err) {
      if (!(err instanceof MechanicsError)) throw err;
      printError(err);
      return { ok: false, files: [] };
    }
  };
  const first = await once();
  if (!args.flags.has('--watch')) return first.ok ? 0 : 1;
  return watchModels(args.positionals, first.files, once);
}

/** Derive and write every model; print one line per model and every failure. True when nothing failed. */
function deriveAll(models: readonly ModelFile[], catalogue: readonly ModelFile[], settings: DeriveSettings): boolean {
  const root = process.cwd();
  let ok = true;
  const derived: ModelFile[] = [];
  for (const file of models) {
    const t0 = performance.now();
    try {
      // The code is written before the report is built: a report that fails
      // (or a large model whose report takes long) never holds back the module.
      const compiled = compileModel(file, loadGenerated);
      const code = buildCode(compiled, { js: settings.js });
      const written = settings.code ? writeOutputs(root, code, settings.outDir) : [];
      if (settings.report) {
        const report = buildReportOutputs(compiled);
        written.push(...writeOutputs(root, report, settings.outDir));
        for (const problem of report.problems) printError(problem);
        if (report.problems.length) ok = false;
      }
      console.log(`${file.spec.name}: ${written.join(', ')} (${(performance.now() - t0).toFixed(0)} ms)`);
      derived.push(file);
    } catch (err) {
      if (!(err instanceof MechanicsError)) throw err;
      printError(err);
      ok = false;
    }
  }
  if (settings.report && derived.length > 0) {
    // Code-point order, the same on every machine (localeCompare depends on the locale's collation of '-' and '.').
    const listed = [...catalogue.filter((c) => !derived.some((m) => m.spec.name === c.spec.name)), ...derived].sort((a, b) =>
      a.source < b.source ? -1 : a.source > b.source ? 1 : 0,
    );
    const n = writeOutputs(root, siteOutputs(listed), settings.outDir).length;
    console.log(`index: ${n} files (index.html, katex/)`);
  }
  return ok;
}

/**
 * Derive again whenever a model file changes; runs until interrupted. Polls
 * the files (fs.watchFile), which survives editors that save by replacing
 * the file, and never sees the outputs, even when --out is next to them.
 */
function watchModels(args: readonly string[], files: readonly string[], once: () => Promise<unknown>): Promise<number> {
  const targets = files.length ? files : args.map((a) => resolve(a)).filter((p) => existsSync(p));
  let running = Promise.resolve();
  const again = (): void => {
    running = running.then(async () => {
      console.log(`\n${new Date().toLocaleTimeString()}: a model file changed, deriving again`);
      await once();
    });
  };
  for (const t of targets) watchFile(t, { interval: 300 }, (now, before) => now.mtimeMs !== before.mtimeMs && again());
  console.log(`watching ${targets.join(', ')} (Ctrl-C stops)`);
  return new Promise(() => {});
}
