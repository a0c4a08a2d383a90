#!/usr/bin/env node
// The `mechanics` executable.
// Tests: test/cli/cli.test.ts (through runCli), test/package/outside-project.test.ts (the installed bin).
import { runCli } from './cli.js';

process.exitCode = await runCli(process.argv.slice(2));
