#!/usr/bin/env -S node --max-semi-space-size=64
// The `mechanics` executable. A 64 MB young generation (V8's default is
// 16 MB): derivation and codegen allocate short-lived terms fast while the
// model's expressions stay live; the 40-link pendulum's codegen takes about
// 1.0 s instead of 1.6–2.4 s (npm run bench). A startup flag only: V8 does
// not resize the young generation at run time.
// Tests: test/cli/cli.test.ts (through runCli), test/package/outside-project.test.ts (the installed bin).
import { unsettledLoadError } from '../pipeline/model-loads.js';
import { runCli } from './cli.js';

// A model file whose top-level await never settles leaves runCli pending
// forever: Node then ends the process with exit code 13 and no message.
process.on('exit', () => {
  const err = unsettledLoadError();
  if (err === undefined) return;
  console.error(`error [${err.code}]: ${err.message}`);
  process.exitCode = 1;
});

process.exitCode = await runCli(process.argv.slice(2));
