/** runIntent's success: data with its toast for a post made by the page's scripts, a redirect with the toast flashed without. */
import { describe, expect, it } from "vitest";
import { done, runIntent } from "#app/utils/actions.server.ts";

const post = (body: string) =>
  new Request("http://localhost:3000/partners/7?page=2", {
    method: "POST",
    headers: { origin: "http://localhost:3000", "content-type": "application/x-www-form-urlencoded" },
    body,
  });

describe("a success's answer", () => {
  const seen: string[] = [];
  const handlers = (request: Request) => ({
    save: {
      failure: "Update failed",
      run: (form: FormData) => {
        seen.push([...form.keys()].join(","));
        return done(request, form, { title: "Partner updated" });
      },
    },
    gone: { failure: "Deletion failed", run: (form: FormData) => done(request, form, { title: "Deleted" }, "/admin") },
  });

  it("is data with the toast when the page's scripts posted it, and the handler never sees the mark", async () => {
    const request = post("intent=save&_js=1&name=A");
    const reply = (await runIntent(request, handlers(request))) as { data: unknown };
    expect(reply.data).toEqual({
      intent: "save",
      ok: true,
      id: expect.any(String),
      toast: { title: "Partner updated" },
    });
    expect(seen.at(-1)).toBe("intent,name");
  });

  it("names the page to go to when the page is gone", async () => {
    const request = post("intent=gone&_js=1");
    const reply = (await runIntent(request, handlers(request))) as { data: unknown };
    expect(reply.data).toMatchObject({ ok: true, redirectTo: "/admin" });
  });

  it("is a redirect back with the toast flashed for a form posted without JavaScript", async () => {
    const request = post("intent=save&name=A");
    const reply = (await runIntent(request, handlers(request))) as Response;
    expect(reply.status).toBe(302);
    expect(reply.headers.get("Location")).toBe("/partners/7?page=2");
    expect(reply.headers.get("Set-Cookie")).toContain("__vendboard_toast=");
  });
});

describe("redirectTo: a path on this site only (issue 32)", () => {
  const back = async (redirectTo: string) => {
    const request = post(`intent=save&name=A&redirectTo=${encodeURIComponent(redirectTo)}`);
    const handler = {
      save: { failure: "Update failed", run: (form: FormData) => done(request, form, { title: "Saved" }) },
    };
    const reply = (await runIntent(request, handler)) as Response;
    expect(reply.status).toBe(302);
    return reply.headers.get("Location");
  };

  it.each([
    ["a tab", "/\t/evil.example"],
    ["a newline", "/\n/evil.example"],
    ["a carriage return and newline", "/\r\nSet-Cookie: x=1"],
    ["//evil", "//evil.example"],
    ["/\\evil", "/\\evil.example"],
    ["https://evil", "https://evil.example/"],
    ["an encoded start", "%2F%2Fevil.example"],
    ["a scheme", "javascript:alert(1)"],
  ])("refuses %s: back to the page itself", async (_, redirectTo) => {
    expect(await back(redirectTo)).toBe("/partners/7?page=2");
  });

  it.each([
    ["/admin?tab=overdue", "/admin?tab=overdue"],
    ["/%2F%2Fevil.example", "/%2F%2Fevil.example"],
    ["/%09/evil.example", "/%09/evil.example"],
  ])("keeps the path %j, as parsed", async (redirectTo, location) => {
    expect(await back(redirectTo)).toBe(location);
  });
});
