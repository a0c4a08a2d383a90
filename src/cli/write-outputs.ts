// The file writes of `derive` and `report`: the pipeline's outputs (path →
// contents, in memory) written under the project, or flat into --out.
// Tests: test/cli/write-outputs.test.ts, test/cli/cli.test.ts (derive --out).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import { MechanicsError } from '../errors.js';
import { REPORTS_DIR } from '../report/report.js';

/**
 * Where a build output goes, relative to the project root: generated/… and
 * docs/reports/… as they are, or everything flat in `outDir`.
 */
export function outputRel(rel: string, outDir?: string): string {
  const flat = rel.startsWith(`${REPORTS_DIR}/`) ? rel.slice(REPORTS_DIR.length + 1) : rel.replace(/^generated\//, '');
  return outDir === undefined ? rel : join(outDir, flat).split(sep).join('/');
}

/** Write build outputs under `root`; never into node_modules (an installed package is no place for a user's files). */
export function writeOutputs(root: string, out: { readonly files: ReadonlyMap<string, string | Uint8Array> }, outDir?: string): string[] {
  const written: string[] = [];
  for (const [rel, text] of out.files) {
    const target = outputRel(rel, outDir);
    const path = resolve(root, target);
    if (path.split(sep).includes('node_modules')) {
      throw new MechanicsError('bad-argument', 'input', `refusing to write ${path} inside node_modules; run from your project's folder or give --out`, {
        field: '--out',
      });
    }
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
    written.push(target);
  }
  return written;
}
