// What the tests that run a document's code blocks as written share: the
// blocks by marker, and a project folder where `npx mechanics` is the built
// CLI and the package is installed by name.
import { chmodSync, existsSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './examples.js';

/** Whether `npm run build` has made the CLI the projects run. */
export const BUILT = existsSync(join(ROOT, 'dist', 'src', 'cli', 'main.js'));

/** The fenced block of `lang` in `doc` (named `file` in errors) whose text holds `marker`. */
export function fencedBlock(doc: string, file: string, lang: string, marker: string): string {
  const found = [...doc.matchAll(new RegExp(`^\`\`\`${lang}\\n([\\s\\S]*?)^\`\`\``, 'gm'))].map((m) => m[1]!).find((b) => b.includes(marker));
  if (found === undefined) throw new Error(`${file} has no ${lang} block with '${marker}'`);
  return found;
}

/** A fresh project folder with the package installed: its module by name, its CLI as npx finds it. */
export function cliProject(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  mkdirSync(join(dir, 'node_modules', '.bin'), { recursive: true });
  symlinkSync(ROOT, join(dir, 'node_modules', 'unilateral-mechanics'), 'dir');
  const bin = join(dir, 'node_modules', '.bin', 'mechanics');
  writeFileSync(bin, `#!/bin/sh\nexec node ${JSON.stringify(join(ROOT, 'dist', 'src', 'cli', 'main.js'))} "$@"\n`);
  chmodSync(bin, 0o755);
  return dir;
}
