/** Calls route modules the way Remix does: a Request in, a Response out. */
type RouteFn = (args: {
  request: Request;
  params: Record<string, string | undefined>;
  context: any;
}) => Promise<unknown>;

export interface CallOptions {
  method?: string;
  json?: unknown;
  /** Form fields; pairs for a field repeated (a form's rows). */
  form?: Record<string, string> | [string, string][];
  cookie?: string | null;
  origin?: string;
  headers?: Record<string, string>;
  params?: Record<string, string>;
  address?: string;
}

export const BASE = "http://localhost:3000";

export function makeRequest(path: string, options: CallOptions = {}): Request {
  const headers = new Headers(options.headers);
  let body: BodyInit | undefined;
  if (options.json !== undefined) {
    headers.set("content-type", "application/json");
    body = JSON.stringify(options.json);
  } else if (options.form) {
    headers.set("content-type", "application/x-www-form-urlencoded");
    body = new URLSearchParams(options.form);
  }
  if (options.cookie) headers.set("cookie", options.cookie);
  if (options.origin) headers.set("origin", options.origin);
  return new Request(`${BASE}${path}`, { method: options.method ?? (body ? "POST" : "GET"), headers, body });
}

/** Runs a loader or action; a thrown Response (redirects, guards) is returned like Remix does. */
export async function call(fn: RouteFn, path: string, options: CallOptions = {}): Promise<Response> {
  const request = makeRequest(path, options);
  try {
    const result = await fn({
      request,
      params: options.params ?? {},
      context: { clientAddress: options.address ?? "127.0.0.1" },
    });
    if (result instanceof Response) return result;
    // data(value, init) from a loader or action carries its status and headers.
    if (result && typeof result === "object" && (result as { type?: string }).type === "DataWithResponseInit") {
      const { data, init } = result as { data: unknown; init?: ResponseInit };
      return Response.json(data ?? null, init ?? undefined);
    }
    return Response.json(result ?? null);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

/** The cookie pair from a Set-Cookie header, ready to send back. */
export function cookieFrom(response: Response): string {
  const header = response.headers.get("set-cookie");
  if (!header) throw new Error("no Set-Cookie on the response");
  return header.split(";")[0];
}

/** The toast a page action flashed for the next page (app/utils/toast.server.ts), read as the root loader reads it. */
export async function flashedToast(
  response: Response,
): Promise<{ title: string; description?: string; variant: string } | null> {
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith("__vendboard_toast="));
  if (!cookie) return null;
  const { getToast } = await import("#app/utils/toast.server.ts");
  const { toast } = await getToast(new Request(BASE, { headers: { cookie: cookie.split(";")[0] } }));
  return toast;
}
