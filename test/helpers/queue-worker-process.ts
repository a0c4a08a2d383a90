// `mechanics worker` as a process of its own, as on another machine: the
// command's module (src/cli/worker.ts) bundled once by esbuild into a
// temporary folder whose node_modules links to the project's (BullMQ and
// ioredis stay packages), each worker a `node` process whose stderr lines
// the test can wait for.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSync } from 'esbuild';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

let script: string | undefined;
function workerScript(): string {
  if (script) return script;
  const dir = mkdtempSync(join(tmpdir(), 'mechanics-queue-worker-'));
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
  const file = join(dir, 'worker.mjs');
  buildSync({
    stdin: {
      contents: `import { parseArgs } from './src/cli/args.ts';
import { runWorker, WORKER } from './src/cli/worker.ts';
try { process.exitCode = await runWorker(parseArgs(WORKER, process.argv.slice(2))); }
catch (err) { process.stderr.write(\`error [\${err.code}]: \${err.message}\\n\`); process.exitCode = 1; }`,
      resolveDir: ROOT,
      loader: 'ts',
    },
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'es2022',
    packages: 'external',
    outfile: file,
    logLevel: 'silent',
  });
  script = file;
  return file;
}

export interface WorkerProcess {
  readonly child: ChildProcess;
  /** Everything it wrote to stderr so far. */
  log(): string;
  /** Resolves once a line of its stderr matches. */
  waitFor(pattern: RegExp): Promise<string>;
  /** SIGTERM (finish the chunk in hand), then its exit. */
  stop(): Promise<number | null>;
}

export function startWorker(args: readonly string[], env: NodeJS.ProcessEnv): WorkerProcess {
  const child = spawn(process.execPath, [workerScript(), ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
  let text = '';
  const waiters: { pattern: RegExp; resolve: (line: string) => void }[] = [];
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    text += chunk;
    for (const w of [...waiters]) {
      const line = text.split('\n').find((l) => w.pattern.test(l));
      if (line !== undefined) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(line);
      }
    }
  });
  return {
    child,
    log: () => text,
    waitFor: (pattern) =>
      new Promise((resolve, reject) => {
        const line = text.split('\n').find((l) => pattern.test(l));
        if (line !== undefined) return resolve(line);
        waiters.push({ pattern, resolve });
        void exited.then((code) => reject(new Error(`worker exited (${code}) before ${pattern}:\n${text}`)));
      }),
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}
