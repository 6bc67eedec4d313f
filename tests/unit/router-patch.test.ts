// patches/@remix-run+router+*.patch (applied by patch-package after every install): the server's
// route matching flattens and ranks the routes once per routes array and compiles each route's
// pattern once, instead of on every request (docs/performance.md). Matching answers as before.
import fs from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

const require = createRequire(import.meta.url);
const router = require("@remix-run/router") as typeof import("@remix-run/router");

const routes = [
  {
    id: "root",
    path: "",
    children: [
      { id: "index", index: true },
      { id: "partner", path: "partners/:partnerId" },
      { id: "partner-edit", path: "partners/:partnerId/edit" },
      { id: "api-machine", path: "api/machines/:id" },
      { id: "api-stats", path: "api/machines/stats" },
      { id: "splat", path: "*" },
    ],
  },
];
const ids = (pathname: string) => router.matchRoutes(routes, pathname)?.map((m) => m.route.id);

describe("the route-matching patch", () => {
  it("is applied to the installed package the server loads", () => {
    const source = fs.readFileSync(require.resolve("@remix-run/router"), "utf8");
    expect(source).toContain("rankedBranches.get(routes)");
    expect(source).toContain("compiledPaths.get(key)");
  });

  it("matches the same way every time, best-ranked route first", () => {
    for (let i = 0; i < 3; i++) {
      expect(ids("/")).toEqual(["root", "index"]);
      expect(ids("/partners/6")).toEqual(["root", "partner"]);
      expect(ids("/partners/6/edit")).toEqual(["root", "partner-edit"]);
      expect(ids("/api/machines/stats")).toEqual(["root", "api-stats"]);
      expect(ids("/api/machines/12")).toEqual(["root", "api-machine"]);
      expect(ids("/no/such/page")).toEqual(["root", "splat"]);
    }
    expect(router.matchRoutes(routes, "/partners/6")?.[1].params).toEqual({ partnerId: "6" });
  });

  it("compiles a pattern once and answers its params", () => {
    expect(router.matchPath("/partners/:partnerId", "/partners/7")?.params).toEqual({ partnerId: "7" });
    expect(router.matchPath("/partners/:partnerId", "/PARTNERS/8")?.params).toEqual({ partnerId: "8" });
    expect(router.matchPath({ path: "/partners/:partnerId", caseSensitive: true }, "/PARTNERS/8")).toBeNull();
  });
});
