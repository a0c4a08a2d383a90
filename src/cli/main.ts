#!/usr/bin/env node
// Command line: derive models (code and reports), simulate them.
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MechanicsError } from '../errors.js';
import { buildOutputs, siteOutputs, writeOutputs } from './build.js';
import { loadModels, selectModels } from './models.js';
import { runSimulate } from './simulate.js';

const USAGE = `usage: mechanics <command> [options]

commands:
  derive [model…]      derive models (all by default) and write generated/<model>.ts
                       and their reports docs/<model>.{tex,body.tex,html}
  report [model…]      write only the reports (and docs/index.html)
  simulate <model>     simulate a model from its default initial state
      --t1 <s>           end time (default: the model's)
      --param name=value override a parameter (repeatable)
      --samples <k>      output samples (default 200)
      --csv              print the trajectory as CSV instead of a summary
  list                 list the models in derivations/
  help                 this text`;

/** The project root: dist/src/cli/main.js → three levels up. */
const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..', '..', '..');
const derivationsDir = join(here, '..', '..', 'derivations');

async function main(argv: string[]): Promise<number> {
  const [command = 'help', ...rest] = argv;
  switch (command) {
    case 'derive':
    case 'report': {
      const all = await loadModels(derivationsDir);
      const models = selectModels(all, rest.filter((a) => !a.startsWith('--')));
      for (const file of models) {
        const t0 = performance.now();
        const out = buildOutputs(file);
        const files = command === 'report' ? new Map([...out.files].filter(([rel]) => rel.startsWith('docs/'))) : out.files;
        const written = writeOutputs(root, { files });
        console.log(`${file.spec.name}: ${written.join(', ')} (${(performance.now() - t0).toFixed(0)} ms)`);
      }
      console.log(`index: ${writeOutputs(root, siteOutputs(all)).length} files (docs/index.html, docs/katex/)`);
      return 0;
    }
    case 'simulate':
      return runSimulate(rest, root);
    case 'list': {
      for (const f of await loadModels(derivationsDir)) console.log(`${f.spec.name.padEnd(24)} ${f.spec.title ?? ''}`);
      return 0;
    }
    case 'help':
    case '--help':
      console.log(USAGE);
      return 0;
    default:
      console.error(`unknown command '${command}'\n\n${USAGE}`);
      return 2;
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    if (err instanceof MechanicsError) {
      console.error(`error [${err.code}]: ${err.message}`);
      process.exit(1);
    }
    throw err;
  },
);
