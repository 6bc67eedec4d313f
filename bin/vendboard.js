#!/usr/bin/env node
// The vendboard command: runs the TypeScript CLI through tsx's loader (no npx, no build step).
import { register } from "tsx/esm/api";

register();
const { main } = await import("../cli/index.ts");
process.exitCode = await main(process.argv);
