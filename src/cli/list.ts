// `mechanics list`: the models in files or folders, one line each. Its own
// module, so that listing loads neither the reports nor the derivation.
// Tests: test/cli/list.test.ts
import type { CommandSpec, ParsedArgs } from './args.js';
import { DEFAULT_MODELS_DIR, resolveModels } from './models.js';

export const LIST: CommandSpec = { name: 'list', maxPositionals: Infinity, options: {} };

export const LIST_HELP = `usage: mechanics list [file|dir…]

Lists the models in the given files or folders (default: ./derivations/).
Model files are code: list runs each file (as derive and simulate do) to
read its model, so list only files you trust.`;

export async function runList(args: ParsedArgs): Promise<number> {
  const { models } = await resolveModels(args.positionals);
  const where = args.positionals.length ? args.positionals.join(', ') : `${DEFAULT_MODELS_DIR}/`;
  console.log(`${models.length} model${models.length === 1 ? '' : 's'} in ${where} (model files are code: each file was run to read its model)`);
  for (const f of models) console.log(`${f.spec.name.padEnd(24)} ${(f.spec.title ?? '').padEnd(48)} ${f.source}`);
  return 0;
}
