// `mechanics playground [--port N]`: the playground (docs/playground/, built
// by `npm run build:playground`) served on localhost by a tiny static file
// server — the page also works from file:// and any static host; this is
// for people who prefer a URL. The npm package ships the built page (some
// 0.95 MB of its 1.6 MB tarball), so the command works where it is installed.
// Tests: test/playground/serve.test.ts.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MechanicsError, UsageError } from '../errors.js';
import type { CommandSpec, ParsedArgs } from './args.js';

export const PLAYGROUND: CommandSpec = { name: 'playground', maxPositionals: 0, options: { '--port': { kind: 'value' } } };

export const PLAYGROUND_HELP = `usage: mechanics playground [--port N]

Serves the playground (write a model, see its derivation and its motion,
download the generated module) at http://localhost:N/ until interrupted.
The same page opens from docs/playground/index.html without a server.

  --port <N>   the port (default 8173; 0 picks a free one)

Exit codes: 0 success, 1 the playground is not built, 2 a usage error.`;

const DEFAULT_PORT = 8173;

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.woff2': 'font/woff2',
  '.png': 'image/png',
  '.json': 'application/json',
};

/** docs/playground/ of the running toolkit: from src/cli/ (source) or dist/src/cli/ (compiled, installed). */
export function playgroundDir(): string {
  const candidates = ['../../docs/playground/', '../../../docs/playground/'].map((rel) => fileURLToPath(new URL(rel, import.meta.url)));
  const found = candidates.find((dir) => existsSync(join(dir, 'index.html')));
  if (!found)
    throw new MechanicsError(
      'bad-argument',
      'input',
      `the playground is not built (no ${candidates[0]}index.html); in a clone of the repository, run \`npm run build:playground\``,
      {
        field: 'playground',
      },
    );
  return found;
}

/** A static server of `dir` on localhost; resolves once it listens. */
export function servePlayground(dir: string, port: number): Promise<Server> {
  const root = normalize(dir + sep);
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
    const file = normalize(join(root, path.endsWith('/') ? `${path}index.html` : path));
    if (!file.startsWith(root) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file));
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

export async function runPlayground(args: ParsedArgs): Promise<number> {
  const text = args.values.get('--port');
  const port = text === undefined ? DEFAULT_PORT : Number(text);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--port must be an integer in 0…65535, got '${text}'`, '--port');
  const server = await servePlayground(playgroundDir(), port);
  const address = server.address();
  console.log(`playground at http://localhost:${typeof address === 'object' && address ? address.port : port}/ (Ctrl-C stops it)`);
  await new Promise<void>((resolve) => server.once('close', resolve));
  return 0;
}
