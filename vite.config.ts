import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig } from "vite";
import { onBuildWarning } from "./scripts/vite-build-warnings.ts";
import { radixFastExtractProps } from "./scripts/vite-radix-extract-props.ts";
import { radixIconsPerModule } from "./scripts/vite-radix-icons.ts";
import { radixPatches } from "./scripts/vite-radix-patches.ts";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig({
  server: { port: 3000 },
  // The empty client chunks of resource routes and dependencies' misplaced comments stay quiet; every other warning shows.
  build: { target: "es2022", rollupOptions: { onwarn: onBuildWarning } },
  // Bundled into the server build so that radixFastExtractProps replaces its extractProps there too.
  ssr: { noExternal: ["@radix-ui/themes"] },
  plugins: [
    radixFastExtractProps(),
    radixIconsPerModule(),
    radixPatches(),
    remix({
      // VENDBOARD_BUILD_DIR lets a second checkout-free build live elsewhere (server.js reads the same variable).
      buildDirectory: process.env.VENDBOARD_BUILD_DIR ?? "build",
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_lazyRouteDiscovery: true,
        v3_singleFetch: true,
      },
    }),
  ],
});
