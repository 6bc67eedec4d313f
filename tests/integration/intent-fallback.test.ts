/** runIntent: a refusal without words shows the intent's fallback text (the spec's 'Registration failed'). */
import { describe, expect, it } from "vitest";
import { ActionFailed, runIntent } from "#app/utils/actions.server.ts";
import { DomainError } from "#domain/shared/errors.ts";

const post = (intent: string) =>
  new Request("http://localhost:3000/admin", {
    method: "POST",
    headers: { origin: "http://localhost:3000", "content-type": "application/x-www-form-urlencoded" },
    body: `intent=${intent}`,
  });

describe("an intent's fallback text", () => {
  const handlers = {
    create: {
      failure: "Error creating partner",
      fallback: "Registration failed",
      run: () => Promise.reject(new DomainError("conflict", "")),
    },
    worded: {
      failure: "Error creating partner",
      fallback: "Registration failed",
      run: () => Promise.reject(new ActionFailed(409, "Username already exists")),
    },
    bare: { failure: "Update failed", run: () => Promise.reject(new ActionFailed(400, "")) },
  };

  it("stands in for an empty message, and only then", async () => {
    const body = async (intent: string) => ((await runIntent(post(intent), handlers)) as { data: unknown }).data;
    expect(await body("create")).toMatchObject({ title: "Error creating partner", error: "Registration failed" });
    expect(await body("worded")).toMatchObject({ title: "Error creating partner", error: "Username already exists" });
    expect(await body("bare")).toMatchObject({ title: "Update failed", error: "" });
  });
});
