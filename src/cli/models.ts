// Which models a command works on: model files, folders of them, or names of
// the models in ./derivations/; and the one model of a single-model command,
// compiled.
// Tests: test/cli/models.test.ts
import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { MechanicsError, UsageError } from '../errors.js';
import type { CompiledModel } from '../pipeline/compiled-model.js';
import { loadModelFile, loadModels, MODEL_EXTENSIONS, type ModelFile } from '../pipeline/model-file.js';
import type { ParsedArgs } from './args.js';

/** The folder a command without file arguments works on (this repository's examples, or a user project's). */
export const DEFAULT_MODELS_DIR = 'derivations';

export interface ResolvedModels {
  /** The models asked for, in order. */
  readonly models: readonly ModelFile[];
  /** Whether a model came from ./derivations/ (no arguments, or a name): the reports' index then lists all of them. */
  readonly fromExamples: boolean;
}

/**
 * The model files named on the command line, in order: a file, every model
 * file in a folder, or the name of a model in ./derivations/. No arguments:
 * every model in ./derivations/.
 */
export async function resolveModels(args: readonly string[], base: string = process.cwd()): Promise<ResolvedModels> {
  const defaultDir = join(base, DEFAULT_MODELS_DIR);
  if (args.length === 0) {
    if (!existsSync(defaultDir)) throw new UsageError(`name model files or folders (there is no ${DEFAULT_MODELS_DIR}/ folder in ${base} to default to)`);
    return { models: await loadModels(defaultDir, base), fromExamples: true };
  }
  const models: ModelFile[] = [];
  let fromExamples = false;
  let catalogue: ModelFile[] | undefined;
  for (const arg of args) {
    const path = resolve(base, arg);
    if (existsSync(path)) models.push(...(statSync(path).isDirectory() ? await loadModels(path, base) : [await loadModelFile(path, base)]));
    else {
      // The file the user probably meant: the path with a model file's extension.
      const sibling = MODEL_EXTENSIONS.map((ext) => `${arg}${ext}`).find((f) => existsSync(resolve(base, f)));
      const hint = sibling === undefined ? '' : `; did you mean ${sibling}?`;
      // A path (it has a folder in it) is never a model's name.
      if (/[/\\]/.test(arg)) throw new MechanicsError('unknown-model', 'input', `no model file or folder '${arg}'${hint}`);
      // The file is usually named after the model: try it before loading the whole folder.
      const named = MODEL_EXTENSIONS.map((ext) => join(defaultDir, `${arg}${ext}`)).find((f) => existsSync(f));
      const candidate = named === undefined ? undefined : await loadModelFile(named, base);
      if (candidate?.spec.name === arg) models.push(candidate);
      else {
        catalogue ??= existsSync(defaultDir) ? await loadModels(defaultDir, base) : [];
        models.push(...selectModels(catalogue, [arg], hint));
      }
      fromExamples = true;
    }
  }
  return { models, fromExamples };
}

/** The models of `all` named `names`, in order; `hint` ends the message of a name not found. */
export function selectModels(all: readonly ModelFile[], names: readonly string[], hint = ''): ModelFile[] {
  if (names.length === 0) return [...all];
  return names.map((name) => {
    const m = all.find((f) => f.spec.name === name);
    if (!m) {
      const known = all.length ? ` (models in ${DEFAULT_MODELS_DIR}/: ${all.map((f) => f.spec.name).join(', ')})` : '';
      throw new MechanicsError('unknown-model', 'input', `no model file or model named '${name}'${known}${hint}`);
    }
    return m;
  });
}

/** The one model file a command works on. */
export async function oneModelFile(args: ParsedArgs, command: string): Promise<ModelFile> {
  const [target] = args.positionals;
  if (target === undefined) throw new UsageError(`${command} needs a model file or a model name (see \`mechanics list\`)`);
  const { models: files } = await resolveModels([target]);
  if (files.length !== 1) throw new UsageError(`'${target}' holds ${files.length} models; ${command} takes one`);
  return files[0]!;
}

/** The one model a command works on, compiled as its file says now (never a stale build; its module cached by content). */
export async function compileOne(args: ParsedArgs, command: string): Promise<CompiledModel> {
  const file = await oneModelFile(args, command);
  // Imported here: `list` resolves models too, and needs none of the pipeline.
  const { compileModelFile } = await import('../pipeline/cached-model.js');
  return compileModelFile(file);
}
