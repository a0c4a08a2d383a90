// The main job: derive each model and produce its build outputs (generated
// code). Pure apart from the file writes at the end.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildModel } from '../model/index.js';
import { deriveSystem } from '../derive/system.js';
import { generateModule } from '../codegen/module.js';
import type { ModelFile } from './models.js';

export interface BuildOutput {
  /** Path relative to the project root → contents. */
  readonly files: ReadonlyMap<string, string>;
}

/** Everything `derive` writes for one model, in memory (used by the staleness test too). */
export function buildOutputs(file: ModelFile): BuildOutput {
  const system = deriveSystem(buildModel(file.spec));
  const mod = generateModule(system, file.source);
  return { files: new Map([[`generated/${mod.fileName}`, mod.source]]) };
}

export function writeOutputs(root: string, out: BuildOutput): string[] {
  const written: string[] = [];
  for (const [rel, text] of out.files) {
    const path = join(root, rel);
    mkdirSync(join(path, '..'), { recursive: true });
    writeFileSync(path, text);
    written.push(rel);
  }
  return written;
}
