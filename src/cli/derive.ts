// `mechanics derive` and `report` on the user's model files.
// Tests: test/cli/cli.test.ts (derive --out/--js/--no-report, exit codes), test/cli/models.test.ts, test/pipeline/outputs.test.ts.
import { existsSync, watchFile } from 'node:fs';
import { relative, resolve, sep } from 'node:path';
import { MechanicsError, UsageError } from '../errors.js';
import { compileModel } from '../pipeline/compiled-model.js';
import { loadGenerated } from '../pipeline/load-generated.js';
import { loadModels, type ModelFile } from '../pipeline/model-file.js';
import { buildCode } from '../pipeline/code-outputs.js';
import { TARGETS, type Target } from '../codegen/target.js';
import type { CommandSpec, ParsedArgs } from './args.js';
import { DEFAULT_MODELS_DIR, resolveModels } from './models.js';
import { compilePdf } from './pdf.js';
import { printError } from './print-error.js';
import { checkOutputDir, writeOutputs } from './write-outputs.js';

export const DERIVE: CommandSpec = {
  name: 'derive',
  maxPositionals: Infinity,
  options: {
    '--out': { kind: 'value' },
    '--no-report': { kind: 'flag' },
    '--js': { kind: 'flag' },
    '--target': { kind: 'value' },
    '--driver': { kind: 'flag' },
    '--pdf': { kind: 'flag' },
    '--watch': { kind: 'flag' },
  },
};
export const REPORT: CommandSpec = { name: 'report', maxPositionals: Infinity, options: { '--out': { kind: 'value' } } };

export const DERIVE_HELP = `usage: mechanics derive [file|dir…] [--out DIR] [--no-report] [--js] [--target ts|c|python] [--driver] [--pdf] [--watch]

Derives each model and writes its generated module and its report:
  generated/<model>.ts                       (and generated/<model>.mjs with --js)
  generated/<model>.h, <model>.c             with --target c (and generated/<model>-driver.c with --driver)
  generated/<model_name>.py                  with --target python
  docs/reports/<model>.{tex,body.tex,html}, docs/reports/index.html, docs/reports/katex/
under the current directory, or in the same layout under DIR with --out DIR
(DIR/generated/<model>.ts, DIR/docs/reports/…). Model files are code: each
one is run to read its model.

  file|dir               model files (.ts, .mts, .js, .mjs), folders of them, or names of
                         models in ./derivations/ (default: every model in ./derivations/)
  --out DIR              write the outputs under DIR instead of the current directory (DIR is created)
  --no-report            write only the generated modules
  --js                   also write each generated module compiled to JavaScript: an ES module,
                         .mjs so that it imports from any project, CommonJS ones too
  --target LANG          the language of the generated module: ts (default), c (C99, only <math.h>)
                         or python (NumPy); the header of a C or Python module lists the functions
                         it does not give yet (docs/targets.md)
  --driver               with --target c, also write <model>-driver.c: a C99 program that runs the model
                         from the command line (RK4, the impacts located and resolved by the model's
                         impact map, CSV on stdout; docs/targets.md)
  --pdf                  also compile each report's .tex with pdflatex into the PDF beside it
                         (as many passes as its cross-references need; pdflatex must be installed)
  --watch                derive again whenever a model file changes (Ctrl-C stops)

The output folder is checked before anything is derived (error bad-output).
Exits 1 if any model fails, including the simulation plotted in its report;
2 on a usage error (no model named, an output folder that cannot be written).`;

export const REPORT_HELP = `usage: mechanics report [file|dir…] [--out DIR]

Like derive, but writes only the reports (docs/reports/<model>.{tex,body.tex,html},
docs/reports/index.html, docs/reports/katex/), in the same layout under DIR with --out DIR.`;

interface DeriveSettings {
  readonly outDir?: string;
  readonly report: boolean;
  readonly code: boolean;
  readonly js: boolean;
  readonly target: Target;
  readonly driver: boolean;
  readonly pdf: boolean;
}

export async function runDerive(args: ParsedArgs, reportOnly: boolean): Promise<number> {
  const outDir = args.values.get('--out');
  const settings: DeriveSettings = {
    ...(outDir !== undefined ? { outDir } : {}),
    report: !args.flags.has('--no-report'),
    code: !reportOnly,
    js: args.flags.has('--js'),
    target: targetOf(args.values.get('--target')),
    driver: args.flags.has('--driver'),
    pdf: args.flags.has('--pdf'),
  };
  if (settings.js && settings.target !== 'ts')
    throw new UsageError(`--js compiles the TypeScript module: it cannot go with --target ${settings.target}`, '--js');
  if (settings.driver && settings.target !== 'c')
    throw new UsageError('--driver writes a C program that runs the C module: it goes with --target c', '--driver');
  if (settings.pdf && !settings.report) throw new UsageError('--pdf compiles the report: it cannot go with --no-report', '--pdf');
  checkOutputDir(outDir === undefined ? undefined : '--out', outDir ?? '.');
  // A usage error of the first run (no models to default to) ends the command
  // as it does every other command (exit 2); in --watch, later runs only print.
  const once = async (watching: boolean): Promise<{ ok: boolean; files: readonly string[] }> => {
    try {
      const { models, fromExamples } = await resolveModels(args.positionals);
      // Into the default docs/reports/, the index keeps listing every example of ./derivations/.
      const catalogue =
        settings.report && fromExamples && settings.outDir === undefined && args.positionals.length > 0 ? await loadModels(DEFAULT_MODELS_DIR) : [];
      return { ok: deriveAll(models, catalogue, settings, settings.report ? await reportBuilders() : undefined), files: models.map((m) => m.path) };
    } catch (err) {
      if (!(err instanceof MechanicsError) || (err instanceof UsageError && !watching)) throw err;
      printError(err);
      return { ok: false, files: [] };
    }
  };
  const first = await once(false);
  if (!args.flags.has('--watch')) return first.ok ? 0 : 1;
  return watchModels(args.positionals, first.files, () => once(true));
}

/** The language --target names (ts without it). */
function targetOf(value: string | undefined): Target {
  if (value === undefined) return 'ts';
  if (!(TARGETS as readonly string[]).includes(value)) throw new UsageError(`--target must be one of ${TARGETS.join(', ')}, got '${value}'`, '--target');
  return value as Target;
}

/** What builds the reports and the site's index: imported only when reports are written (KaTeX and the report code are a good part of a start). */
async function reportBuilders() {
  const [{ buildReportOutputs }, { siteOutputs }] = await Promise.all([import('../pipeline/outputs.js'), import('../pipeline/site.js')]);
  return { buildReportOutputs, siteOutputs };
}

/** Derive and write every model (their reports with `reports`); print one line per model and every failure. True when nothing failed. */
function deriveAll(
  models: readonly ModelFile[],
  catalogue: readonly ModelFile[],
  settings: DeriveSettings,
  reports: Awaited<ReturnType<typeof reportBuilders>> | undefined,
): boolean {
  const root = process.cwd();
  let ok = true;
  const derived: ModelFile[] = [];
  let pdf = settings.pdf;
  for (const file of models) {
    const t0 = performance.now();
    try {
      // The code is written before the report is built: a report that fails
      // (or a large model whose report takes long) never holds back the module.
      const compiled = compileModel(file, loadGenerated);
      const code = buildCode(compiled, { js: settings.js, target: settings.target, driver: settings.driver });
      const written = settings.code ? writeOutputs(root, code, settings.outDir) : [];
      if (reports) {
        const report = reports.buildReportOutputs(compiled);
        written.push(...writeOutputs(root, report, settings.outDir));
        for (const problem of report.problems) printError(problem);
        if (report.problems.length) ok = false;
      }
      console.log(`${file.spec.name}: ${written.join(', ')} (${(performance.now() - t0).toFixed(0)} ms)`);
      derived.push(file);
      const tex = written.find((w) => w.endsWith(`/${file.spec.name}.tex`) || w === `${file.spec.name}.tex`);
      if (pdf && tex !== undefined) {
        const { pdf: out, passes } = compilePdf(resolve(root, tex), file.spec.name);
        console.log(`${file.spec.name}: ${relative(root, out).split(sep).join('/')} (pdflatex, ${passes} passes)`);
      }
    } catch (err) {
      // Said once: no other model's PDF would compile either.
      if (err instanceof MechanicsError && err.code === 'no-pdflatex') pdf = false;
      if (!(err instanceof MechanicsError)) throw err;
      printError(err);
      ok = false;
    }
  }
  if (reports && derived.length > 0) {
    // Code-point order, the same on every machine (localeCompare depends on the locale's collation of '-' and '.').
    const listed = [...catalogue.filter((c) => !derived.some((m) => m.spec.name === c.spec.name)), ...derived].sort((a, b) =>
      a.source < b.source ? -1 : a.source > b.source ? 1 : 0,
    );
    const n = writeOutputs(root, reports.siteOutputs(listed), settings.outDir).length;
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
