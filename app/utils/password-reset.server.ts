/**
 * "Forgot password" off the request path: the request is queued and handled after the answer is
 * sent (setImmediate), so the answer and its timing say nothing about whether an account matched.
 * Failures are logged, never shown. Tests await `settlePasswordResets()`.
 */
import { requestPasswordReset } from "#domain/accounts/reset-service.ts";
import { db } from "./db.server.ts";
import { MAIL_CONFIG } from "./env.server.ts";
import { log } from "./log.server.ts";

const pending = new Set<Promise<void>>();

export function queuePasswordReset(identifier: string, address: string): void {
  const job = new Promise<void>((resolve) => {
    setImmediate(() => {
      requestPasswordReset(db, MAIL_CONFIG, { identifier, address })
        .then((outcome) => {
          if (outcome.limited === "address")
            log().warn({ address }, "Password reset request over the address limit: nothing sent");
          else if (outcome.limited)
            log().warn(
              { address, accounts: outcome.limited },
              "Password reset request over an account's limit: not sent to it",
            );
        })
        .catch((error: unknown) => log().error({ err: error, address }, "Password reset request failed"))
        .finally(() => {
          pending.delete(job);
          resolve();
        });
    });
  });
  pending.add(job);
}

/** Waits for every queued request (tests, and a graceful shutdown if one wants it). */
export async function settlePasswordResets(): Promise<void> {
  while (pending.size) await Promise.all([...pending]);
}
