// Running the command line in-process, as `mechanics …` would, capturing
// what it prints and its exit code.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, vi } from 'vitest';
import { runCli } from '../../src/cli/cli.js';

export interface CliResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

export async function cli(...argv: string[]): Promise<CliResult> {
  let stdout = '';
  let stderr = '';
  const log = vi.spyOn(console, 'log').mockImplementation((...a: unknown[]) => void (stdout += `${a.join(' ')}\n`));
  const error = vi.spyOn(console, 'error').mockImplementation((...a: unknown[]) => void (stderr += `${a.join(' ')}\n`));
  const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => ((stdout += String(chunk)), true));
  // Progress (--progress) goes to stderr directly.
  const writeError = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => ((stderr += String(chunk)), true));
  try {
    const code = await runCli(argv);
    return { code, stdout, stderr };
  } finally {
    log.mockRestore();
    error.mockRestore();
    write.mockRestore();
    writeError.mockRestore();
  }
}

/** What `simulate --format json` prints (the fields the tests read). */
export interface JsonRun {
  model: string;
  params: Record<string, number>;
  t: number[];
  q: number[][];
  qd: number[][];
  energy: number[];
  events: { t: number; type: string; contacts: string[]; q: number[]; qd: number[]; qdPlus?: number[]; impulses?: number[]; accumulation?: number }[];
}

/** `mechanics simulate … --format json`, expected to succeed silently; its parsed output. */
export async function simulateJson(...argv: string[]): Promise<JsonRun> {
  const r = await cli('simulate', ...argv, '--format', 'json');
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  return JSON.parse(r.stdout) as JsonRun;
}

/** A user's project folder with one model file in it; returns the folder. */
export function projectWith(file: string, text: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'mechanics-cli-'));
  writeFileSync(join(dir, file), text);
  return dir;
}

/** A ball dropped from height h onto a floor with restitution e (first impact at √(2h/g)). */
/** A model file built with the kernel's constructors, imported from the package's entry points. */
export const KERNEL_MODEL = `import { defineModel } from 'unilateral-mechanics';
import { mul, sym, cos } from 'unilateral-mechanics/core';

export default defineModel({
  name: 'kernel-built',
  coordinates: ['th'],
  kinetic: "th'^2/2",
  potential: mul(sym('g'), cos(sym('th'))),
});
`;

export const BALL = `import { defineModel } from 'unilateral-mechanics';

export default defineModel({
  name: 'ball',
  coordinates: [{ name: 'y', unit: 'm' }],
  parameters: {
    m: { default: 1, unit: 'kg' },
    g: { default: 9.81, unit: 'm/s^2' },
    e: { default: 0.5, range: [0, 1] },
  },
  kinetic: "m*y'^2/2",
  potential: 'm*g*y',
  unilateral: [{ name: 'floor', constraint: 'y >= 0', law: { newton: 'e' } }],
  initial: { q: { y: 2 }, t1: 1 },
});
`;
