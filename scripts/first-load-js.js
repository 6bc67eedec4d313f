// First-load JavaScript per page: the entry module and every <link rel="modulepreload"> a
// page's HTML names, fetched from a running server and summed raw and gzipped (zlib's default level,
// the figure Vite's build report prints). Builds and starts nothing.
//
//   node scripts/first-load-js.js [base-url] [--cookie <login>=<cookie>]… [--budget-kb 180] [--json]
//
// Without a --cookie for a login, it signs in with the demo's password (POST /api/login). Exits 1
// when a page is over --budget-kb (KB of 1024 bytes, gzipped). scripts/bench-scale.js imports
// firstLoadJs.
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

const kb = (bytes) => (bytes / 1024).toFixed(1);

async function main(argv) {
  let baseUrl = "http://localhost:3000";
  let budgetKb;
  let json = false;
  const cookies = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--json") json = true;
    else if (arg === "--budget-kb") budgetKb = Number(argv[++i]);
    else if (arg === "--cookie") {
      const value = argv[++i] ?? "";
      const at = value.indexOf("=");
      if (at < 1) throw new Error("--cookie takes <login>=<cookie>, e.g. admin='__session=…'");
      cookies[value.slice(0, at)] = value.slice(at + 1);
    } else if (!arg.startsWith("--")) baseUrl = arg;
    else throw new Error(`Unknown option ${arg}`);
  }

  const rows = [];
  for (const page of await pagesToMeasure(baseUrl, cookies)) {
    const result = await firstLoadJs(baseUrl, page.path, page.cookie);
    rows.push({ path: page.path, who: page.who, ...result });
  }

  if (json) {
    console.log(
      JSON.stringify(
        rows.map(({ assets, ...row }) => ({
          ...row,
          assets: assets.map((a) => ({ ...a, url: new URL(a.url).pathname })),
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
