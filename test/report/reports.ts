// Shared by the report checks: every model in derivations/, its report as
// data and as the files `npm run derive` writes, built once per test run
// (test/helpers/built-models.ts).
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadModels, type ModelFile } from '../../src/pipeline/model-file.js';
import type { Section, Table } from '../../src/report/document.js';
import { builtModel, builtModels, type BuiltModel } from '../helpers/built-models.js';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const ARTIFACTS = join(ROOT, 'test-artifacts');

export const models: readonly ModelFile[] = await loadModels(join(ROOT, 'derivations'));

export interface BuiltReport extends BuiltModel {
  readonly file: ModelFile;
}

/**
 * The report of one model: the document and the docs/reports/ files, built as
 * buildOutputs builds them (once per test run; while another worker builds it,
 * this one builds others the run needs).
 */
export const report = (file: ModelFile): BuiltReport => ({ ...builtModel(file, models), file });

export const allReports = (): BuiltReport[] => builtModels(models).map((built, i) => ({ ...built, file: models[i]! }));

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
