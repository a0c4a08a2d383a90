// `mechanics playground`: the static server hands out the playground's files
// with their types, never a file outside its folder; a bad port is a usage error.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runCli } from '../../src/cli/cli.js';
import { playgroundDir, servePlayground } from '../../src/cli/playground.js';
import { ROOT } from '../helpers/examples.js';

describe('the playground server', () => {
  const dir = mkdtempSync(join(tmpdir(), 'playground-serve-'));
  const site = join(dir, 'site');
  let server: Server;
  let base: string;

  beforeAll(async () => {
    mkdirSync(join(site, 'katex', 'fonts'), { recursive: true });
    writeFileSync(join(site, 'index.html'), '<!DOCTYPE html><title>p</title>');
    writeFileSync(join(site, 'playground.js'), 'void 0;');
    writeFileSync(join(site, 'katex', 'fonts', 'a.woff2'), new Uint8Array([1, 2, 3]));
    writeFileSync(join(dir, 'secret.txt'), 'outside');
    server = await servePlayground(site, 0);
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => {
    server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves index.html at / and every file with its content type', async () => {
    const index = await fetch(`${base}/`);
    expect(index.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await index.text()).toBe('<!DOCTYPE html><title>p</title>');
    expect((await fetch(`${base}/playground.js`)).headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    const font = await fetch(`${base}/katex/fonts/a.woff2`);
    expect(font.headers.get('content-type')).toBe('font/woff2');
    expect([...new Uint8Array(await font.arrayBuffer())]).toEqual([1, 2, 3]);
  });

  it('answers 404 for a missing file and for a path that leaves the folder', async () => {
    expect((await fetch(`${base}/nothing.js`)).status).toBe(404);
    expect((await fetch(`${base}/%2e%2e/secret.txt`)).status).toBe(404);
    expect((await fetch(`${base}/..%2fsecret.txt`)).status).toBe(404);
  });

  it("finds the repository's built playground from the running source", () => {
    expect(playgroundDir()).toBe(`${join(ROOT, 'docs', 'playground')}/`);
  });

  it('refuses a port that is not one (exit code 2)', async () => {
    const err = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(await runCli(['playground', '--port', 'http'])).toBe(2);
    expect(err.mock.calls[0]![0]).toMatch(/--port must be an integer/);
    err.mockRestore();
  });
});
