/**
 * The account forms' intents: Add admin, and Disable or Enable
 * sign-in for an admin or a partner. The same domain calls as the API; a disable is confirmed with
 * the admin's own password (attempt-limited like sign-in, as Delete Partner is). Without
 * JavaScript a disable or enable is asked first (ConfirmationCard), with the password field there.
 */
import { data } from "@remix-run/node";
import { z } from "zod";
import { createAdminSchema } from "#domain/accounts/admin-rules.ts";
import { confirmAdminPassword, createAdmin, disableAccount, enableAccount } from "#domain/accounts/admin-service.ts";
import { findUserById, type PublicUser } from "#domain/accounts/user-service.ts";
import { confirmFirst, done, parseForm, type IntentHandler } from "#app/utils/actions.server.ts";
import { attemptGuard } from "#app/utils/auth.server.ts";
import { db } from "#app/utils/db.server.ts";
import { MAIL_CONFIG } from "#app/utils/env.server.ts";
import { sendPasswordLink } from "#domain/accounts/reset-service.ts";
import { RESET_LINK_MINUTES } from "#domain/accounts/reset-rules.ts";

const idForm = z.object({
  id: z.coerce.number({ error: "User not found" }).int("User not found").positive("User not found"),
});
const passwordForm = z.object({ password: z.string({ error: "Enter your password" }).min(1, "Enter your password") });

/** What Add admin answers (no redirect): the new admin and, when none was typed, the password shown this once. */
export interface AdminCreated {
  intent: "admin-create";
  created: {
    username: string;
    name: string | null;
    generatedPassword: string | null;
    setPasswordLinkSentTo: string | null;
  };
}

const who = (user: { name: string | null; username: string }) => user.name ?? user.username;

export function accountIntents(request: Request, admin: PublicUser, context: unknown): Record<string, IntentHandler> {
  return {
    "admin-create": {
      failure: "Could not add admin",
      async run(form) {
        const input = parseForm(form, createAdminSchema);
        const {
          admin: created,
          generatedPassword,
          setPasswordLinkSentTo,
        } = await createAdmin(db, input, admin.id, MAIL_CONFIG);
        return data<AdminCreated>(
          {
            intent: "admin-create",
            created: { username: created.username, name: created.name, generatedPassword, setPasswordLinkSentTo },
          },
          { headers: { "Cache-Control": "no-store" } },
        );
      },
    },
    "account-send-link": {
      failure: "Could not send the link",
      async run(form) {
        const { id } = parseForm(form, idForm);
        const { sentTo } = await sendPasswordLink(db, MAIL_CONFIG, id, { kind: "admin-reset", actorId: admin.id });
        return done(request, form, {
          title: "Reset link sent",
          description: `A link to choose a new password was sent to ${sentTo}. It works once, for ${RESET_LINK_MINUTES} minutes.`,
        });
      },
    },
    "account-disable": {
      failure: "Could not disable sign-in",
      async run(form) {
        const { id } = parseForm(form, idForm);
        const target = await findUserById(db, id);
        const name = target ? who(target) : `User ${id}`;
        const question = confirmFirst("account-disable", form, {
          title: `Disable sign-in for ${name}?`,
          description: `${name} will no longer be able to sign in, and every session of theirs ends now. Their history stays. Confirm with your password.`,
          confirmLabel: "Disable sign-in",
        });
        if (question) return question;
        const { password } = parseForm(form, passwordForm);
        await confirmAdminPassword(db, admin.id, password, await attemptGuard(request, context));
        await disableAccount(db, id, admin.id);
        return done(request, form, { title: "Sign-in disabled", description: `${name} can no longer sign in.` });
      },
    },
    "account-enable": {
      failure: "Could not enable sign-in",
      async run(form) {
        const { id } = parseForm(form, idForm);
        const account = await enableAccount(db, id, admin.id);
        const target = await findUserById(db, account.id);
        return done(request, form, {
          title: "Sign-in enabled",
          description: `${target ? who(target) : account.username} can sign in again.`,
        });
      },
    },
  };
}
