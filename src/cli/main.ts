#!/usr/bin/env -S node --max-semi-space-size=64
// The `mechanics` executable. A 64 MB young generation (V8's default is
// 16 MB): derivation and codegen allocate short-lived terms fast while the
// model's expressions stay live; the 40-link pendulum's codegen takes about
// 1.0 s instead of 1.6–2.4 s (docs/bench.md). A startup flag only: V8 does
// not resize the young generation at run time.
// Tests: test/cli/cli.test.ts (through runCli), test/package/outside-project.test.ts (the installed bin).
import { runCli } from './cli.js';

process.exitCode = await runCli(process.argv.slice(2));
