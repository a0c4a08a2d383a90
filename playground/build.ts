// `npm run build:playground`: the playground as static files in
// docs/playground/ — index.html, playground.js (the page, a classic script),
// playground.css and KaTeX's stylesheet and fonts — working from file:// and
// from any static host. The worker is bundled first and enters the page's
// bundle as a string, started from a Blob URL (a page at file:// may not
// load a worker script by URL); the examples of derivations/ enter it as
// their source text. Deterministic: same sources, same bytes.
import { build, type Plugin } from 'esbuild';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { modelFilesIn } from '../src/pipeline/model-file.js';
import { REPORTS_DIR } from '../src/report/report.js';
import { katexAssets } from '../src/report/site.js';

/** The repository (this file is playground/build.ts, or its bundle dist/build-playground.mjs). */
export const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const OUT = 'docs/playground';

const COMMON = { bundle: true, write: false, minify: true, platform: 'browser', target: 'es2022', legalComments: 'none', logLevel: 'silent' } as const;

/** A module made here, by name: `import x from 'playground:<name>'`. */
function virtual(modules: Readonly<Record<string, string>>): Plugin {
  return {
    name: 'playground-virtual',
    setup(b) {
      b.onResolve({ filter: /^playground:/ }, (args) => ({ path: args.path, namespace: 'playground' }));
      b.onLoad({ filter: /.*/, namespace: 'playground' }, (args) => ({ contents: modules[args.path.slice('playground:'.length)]!, loader: 'js' }));
    },
  };
}

/** Every file of docs/playground/, path relative to it → contents. */
export async function playgroundFiles(root = ROOT): Promise<Map<string, string | Uint8Array>> {
  const worker = await build({
    ...COMMON,
    entryPoints: [join(root, 'playground/worker.ts')],
    format: 'iife',
    // An iife has no import.meta: modules that resolve paths from their URL at import time get a file URL.
    define: { 'import.meta.url': '"file:///src/playground/worker.js"' },
  });
  const examples = modelFilesIn(join(root, 'derivations')).map((path) => ({
    name: basename(path).replace(/\.[^.]+$/, ''),
    path: `derivations/${basename(path)}`,
    text: readFileSync(path, 'utf8'),
  }));
  const page = await build({
    ...COMMON,
    entryPoints: [join(root, 'playground/main.ts')],
    format: 'iife',
    plugins: [virtual({ examples: `export default ${JSON.stringify(examples)};`, worker: `export default ${JSON.stringify(worker.outputFiles[0]!.text)};` })],
  });
  const files = new Map<string, string | Uint8Array>([
    ['index.html', readFileSync(join(root, 'playground/index.html'), 'utf8')],
    ['playground.css', readFileSync(join(root, 'playground/playground.css'), 'utf8')],
    ['playground.js', page.outputFiles[0]!.text],
  ]);
  for (const [path, bytes] of katexAssets()) files.set(path.slice(REPORTS_DIR.length + 1), bytes);
  return files;
}

/** Write the playground into `dir` (emptied first, so a removed file does not linger): its files as playgroundFiles makes them. */
export function writePlaygroundFiles(dir: string, files: ReadonlyMap<string, string | Uint8Array>): void {
  rmSync(dir, { recursive: true, force: true });
  for (const [rel, contents] of files) {
    mkdirSync(dirname(join(dir, rel)), { recursive: true });
    writeFileSync(join(dir, rel), contents);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writePlaygroundFiles(join(ROOT, process.argv[2] ?? OUT), await playgroundFiles());
}
