// Shared by the report checks: every model in derivations/, its report as
// data and as the files `npm run derive` writes, built once per test file.
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileModel } from '../../src/pipeline/compiled-model.js';
import { loadGenerated } from '../../src/pipeline/load-generated.js';
import { loadModels, type ModelFile } from '../../src/pipeline/model-file.js';
import { reportInputs } from '../../src/pipeline/report-inputs.js';
import type { ReportDocument, Section, Table } from '../../src/report/document.js';
import { buildReport, documentFiles } from '../../src/report/report.js';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const ARTIFACTS = join(ROOT, 'test-artifacts');

export const models: readonly ModelFile[] = await loadModels(join(ROOT, 'derivations'));

export interface BuiltReport {
  readonly name: string;
  readonly file: ModelFile;
  readonly doc: ReportDocument;
  /** docs/reports/… path → contents, as `npm run derive` writes them. */
  readonly files: ReadonlyMap<string, string>;
}

const cache = new Map<string, BuiltReport>();

/** The report of one model: the document and the docs/reports/ files, built as buildOutputs builds them (derived once). */
export function report(file: ModelFile): BuiltReport {
  const hit = cache.get(file.spec.name);
  if (hit) return hit;
  const compiled = compileModel(file, loadGenerated);
  const doc = buildReport(compiled.system, reportInputs(compiled).options);
  const built = { name: file.spec.name, file, doc, files: documentFiles(doc, file.spec.name) };
  cache.set(file.spec.name, built);
  return built;
}

export const allReports = (): BuiltReport[] => models.map(report);

/** The first table of a section. */
export function tableOf(s: Section): Table {
  const t = s.blocks.find((b) => b.kind === 'table');
  if (t?.kind !== 'table') throw new Error(`no table in section ${s.id}`);
  return t;
}

/** A table cell as text: its math, or its words. */
export const cellText = (cell: Table['rows'][number][number]): string => cell.map((x) => (typeof x === 'string' ? x : 'math' in x ? x.math : '')).join('');

/** The model whose report is screenshotted: the compass once it exists. */
export const SHOWCASE = models.some((m) => m.spec.name === 'compass') ? 'compass' : 'double-pendulum';

/** In CI a missing system tool fails the check instead of skipping it. */
export const IN_CI = process.env.CI === 'true';
