// First-load JavaScript per page: the entry module and every <link rel="modulepreload"> a
// page's HTML names, fetched from a running server and summed raw and gzipped (zlib's default level,
// the figure Vite's build report prints). Builds and starts nothing.
//
//   node scripts/first-load-js.js [base-url] [--cookie <login>=<cookie>]… [--budget-kb 180] [--json]
//   node scripts/first-load-js.js --from-build [build-dir] [--budget-kb 180] [--json]
//
// --from-build reads the same list from the build's Remix manifest (build/client/assets/manifest-*.js)
// with no server: the entry module and its imports, then root's and the page's route module and
// theirs, as Remix's <Scripts> preloads them (the same figures as from a server, to the byte).
// Without a --cookie for a login, it signs in with the demo's password (POST /api/login). Exits 1
// when a page is over --budget-kb (KB of 1024 bytes, gzipped). scripts/bench-scale.js imports
// firstLoadJs.
import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { pathToFileURL } from "node:url";

export const DEMO_ADMIN = { username: "admin", password: "admin-demo-1" };
export const DEMO_PARTNERS = ["leeds-station", "york-health", "bradford-library", "harrogate-gym"].map((username) => ({
  username,
  password: "partner-demo-1",
}));
const ADMIN_PAGES = [
  "/admin",
  "/admin/commissions",
  "/admin/invoices",
  "/admin/products",
  "/admin/import",
  "/admin/audit",
];

/** Attribute name → value of one start tag. */
function attributes(tag) {
  const found = {};
  for (const match of tag.matchAll(/([a-zA-Z:-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g)) {
    found[match[1].toLowerCase()] = match[2] ?? match[3] ?? match[4] ?? "";
  }
  return found;
}

/** The scripts a page loads before it is interactive: module scripts (src and static or dynamic imports of inline ones) and modulepreloads, in page order, once each. */
export function firstLoadScripts(html, pageUrl) {
  const urls = [];
  const add = (href) => {
    const url = new URL(href, pageUrl).href;
    if (!urls.includes(url)) urls.push(url);
  };
  for (const match of html.matchAll(/<(link|script)\b([^>]*)>/gi)) {
    const attrs = attributes(match[2]);
    if (match[1].toLowerCase() === "link") {
      if (attrs.rel?.split(/\s+/).includes("modulepreload") && attrs.href) add(attrs.href);
      continue;
    }
    if (attrs.type !== "module") continue;
    if (attrs.src) add(attrs.src);
    const end = html.indexOf("</script>", match.index + match[0].length);
    const body = html.slice(match.index + match[0].length, end < 0 ? undefined : end);
    for (const m of body.matchAll(/^\s*import\s+(?:[\w*{}\s,$]+\s+from\s+)?["']([^"']+)["']/gm)) add(m[1]);
    for (const m of body.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)) add(m[1]);
  }
  return urls;
}

const sizeCache = new Map();

/** Raw and gzipped size of one asset (cached per URL: built assets are content-hashed). */
async function assetSize(url) {
  if (!sizeCache.has(url)) {
    sizeCache.set(
      url,
      (async () => {
        const response = await fetch(url);
        if (!response.ok) throw new Error(`GET ${url}: ${response.status}`);
        const body = Buffer.from(await response.arrayBuffer());
        return { url, bytes: body.length, gzipBytes: gzipSync(body).length };
      })(),
    );
  }
  return sizeCache.get(url);
}

/** First-load JavaScript of one page: {bytes, gzipBytes, assets: [{url, bytes, gzipBytes}]}. */
export async function firstLoadJs(baseUrl, path, cookie) {
  const pageUrl = new URL(path, baseUrl).href;
  const response = await fetch(pageUrl, { headers: cookie ? { cookie } : {}, redirect: "manual" });
  if (response.status !== 200) throw new Error(`GET ${path}: ${response.status} (signed in?)`);
  const assets = await Promise.all(firstLoadScripts(await response.text(), pageUrl).map(assetSize));
  return {
    bytes: assets.reduce((sum, a) => sum + a.bytes, 0),
    gzipBytes: assets.reduce((sum, a) => sum + a.gzipBytes, 0),
    assets,
  };
}

/** Signs in through POST /api/login; the session cookie and the user's id. */
export async function login(baseUrl, { username, password }) {
  const response = await fetch(new URL("/api/login", baseUrl), {
    method: "POST",
    headers: { "content-type": "application/json", origin: new URL(baseUrl).origin },
    body: JSON.stringify({ username, password }),
  });
  if (!response.ok) throw new Error(`Sign-in as ${username}: ${response.status} ${await response.text()}`);
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const user = await response.json();
  return { cookie, id: user.id };
}

/** Who the user is behind a given cookie (for a partner's id when the cookie was passed in). */
async function whoAmI(baseUrl, cookie) {
  const response = await fetch(new URL("/api/user", baseUrl), { headers: { cookie } });
  if (!response.ok) throw new Error(`GET /api/user: ${response.status}`);
  return (await response.json()).id;
}

/** Every page of the list: [{path, who, cookie}]. */
export async function pagesToMeasure(baseUrl, cookies = {}) {
  const session = async (account) => {
    const cookie = cookies[account.username];
    if (cookie) return { cookie, id: await whoAmI(baseUrl, cookie) };
    return login(baseUrl, account);
  };
  const admin = await session(DEMO_ADMIN);
  const partners = [];
  for (const account of DEMO_PARTNERS) partners.push({ username: account.username, ...(await session(account)) });
  return [
    { path: "/auth", who: "signed out", cookie: undefined },
    ...partners.map((p) => ({ path: "/", who: p.username, cookie: p.cookie })),
    ...ADMIN_PAGES.map((path) => ({ path, who: "admin", cookie: admin.cookie })),
    ...partners.map((p) => ({ path: `/partners/${p.id}`, who: `admin (${p.username})`, cookie: admin.cookie })),
  ];
}

/** Each page of bench:scale's list with its route (routes are flat: root, then the page's own). */
const PAGE_ROUTES = [
  ["/auth", "routes/auth"],
  ["/", "routes/_index"],
  ...["", ".commissions", ".invoices", ".products", ".import", ".audit", ".payouts", ".settings", ".users"].map(
    (page) => [`/admin${page.replace(".", "/")}`, page ? `routes/admin${page}` : "routes/admin._index"],
  ),
  ["/account/password", "routes/account.password"],
  ["/partners/:id", "routes/partners.$partnerId"],
];

/** First-load JavaScript of every page from a build's manifest, no server: [{path, who, bytes, gzipBytes, assets}]. */
export function firstLoadFromBuild(buildDir = "build") {
  const client = path.resolve(buildDir, "client");
  const name = fs.readdirSync(path.join(client, "assets")).find((file) => /^manifest-.*\.js$/.test(file));
  if (!name) throw new Error(`${client}/assets has no Remix manifest: build first (npx remix vite:build)`);
  const text = fs.readFileSync(path.join(client, "assets", name), "utf8");
  const manifest = JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1));
  const size = (url) => {
    const body = fs.readFileSync(path.join(client, url));
    return { url, bytes: body.length, gzipBytes: gzipSync(body).length };
  };
  return PAGE_ROUTES.map(([page, routeId]) => {
    const urls = new Set([manifest.entry.module, ...manifest.entry.imports]);
    for (const id of ["root", routeId]) {
      const route = manifest.routes[id];
      if (!route) throw new Error(`the manifest has no route ${id}`);
      for (const url of [route.module, ...route.imports]) urls.add(url);
    }
    const assets = [...urls].map(size);
    const sum = (key) => assets.reduce((total, a) => total + a[key], 0);
    return { path: page, who: "(build)", bytes: sum("bytes"), gzipBytes: sum("gzipBytes"), assets };
  });
}

const kb = (bytes) => (bytes / 1024).toFixed(1);

async function main(argv) {
  let baseUrl = "http://localhost:3000";
  let budgetKb;
  let json = false;
  let fromBuild = null;
  const cookies = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--json") json = true;
    else if (arg === "--from-build") fromBuild = argv[i + 1] && !argv[i + 1].startsWith("--") ? argv[++i] : "build";
    else if (arg === "--budget-kb") budgetKb = Number(argv[++i]);
    else if (arg === "--cookie") {
      const value = argv[++i] ?? "";
      const at = value.indexOf("=");
      if (at < 1) throw new Error("--cookie takes <login>=<cookie>, e.g. admin='__session=…'");
      cookies[value.slice(0, at)] = value.slice(at + 1);
    } else if (!arg.startsWith("--")) baseUrl = arg;
    else throw new Error(`Unknown option ${arg}`);
  }

  const rows = fromBuild ? firstLoadFromBuild(fromBuild) : [];
  if (!fromBuild)
    for (const page of await pagesToMeasure(baseUrl, cookies)) {
      const result = await firstLoadJs(baseUrl, page.path, page.cookie);
      rows.push({ path: page.path, who: page.who, ...result });
    }

  if (json) {
    console.log(
      JSON.stringify(
        rows.map(({ assets, ...row }) => ({
          ...row,
          assets: assets.map((a) => ({ ...a, url: new URL(a.url, "http://build").pathname })),
        })),
        null,
        2,
      ),
    );
  } else {
    const pathWidth = Math.max(4, ...rows.map((r) => r.path.length));
    const whoWidth = Math.max(2, ...rows.map((r) => r.who.length));
    console.log(`${"Page".padEnd(pathWidth)}  ${"As".padEnd(whoWidth)}  Files   Raw KB  Gzip KB`);
    for (const r of rows) {
      console.log(
        `${r.path.padEnd(pathWidth)}  ${r.who.padEnd(whoWidth)}  ${String(r.assets.length).padStart(5)}  ${kb(r.bytes).padStart(7)}  ${kb(r.gzipBytes).padStart(7)}`,
      );
    }
  }

  if (budgetKb !== undefined) {
    const over = rows.filter((r) => r.gzipBytes > budgetKb * 1024);
    for (const r of over) console.error(`${r.path} (${r.who}): ${kb(r.gzipBytes)} KB gzipped, over ${budgetKb} KB`);
    if (over.length) process.exitCode = 1;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  main(process.argv.slice(2)).catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
