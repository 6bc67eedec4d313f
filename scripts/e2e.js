// npm run test:e2e: Playwright against the production build, in Debian's Chromium.
import { bin, ensureBuild, preflight, run } from "./lib.js";

preflight();
ensureBuild();
process.exit(run(bin("playwright"), ["test", ...process.argv.slice(2)]));
