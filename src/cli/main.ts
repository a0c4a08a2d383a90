#!/usr/bin/env node
// The `mechanics` executable.
import { runCli } from './cli.js';

process.exitCode = await runCli(process.argv.slice(2));
