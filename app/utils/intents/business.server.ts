/**
 * The settings page's intent (app/utils/actions.server.ts): saves the business profile. A refused
 * form answers every field's message and the values as sent, so a form posted without JavaScript
 * comes back filled in; a saved one redirects back with a toast.
 */
import { data } from "@remix-run/node";
import { businessProfileSchema } from "#domain/business/business-schemas.ts";
import { updateBusinessProfile, type LogoChange } from "#domain/business/business-service.ts";
import { logoProblem } from "#domain/business/business-rules.ts";
import { DomainError } from "#domain/shared/errors.ts";
import type { PublicUser } from "#domain/accounts/user-service.ts";
import { textField, type ActionFailure } from "#app/utils/action-reply.ts";
import { done, type IntentHandler } from "#app/utils/actions.server.ts";
import { db } from "#app/utils/db.server.ts";

export const SETTINGS_FAILURE = "Failed to save settings";

/** A refused settings form: the failure, and the text fields as they were sent. */
export interface SettingsFailure extends ActionFailure {
  values: Record<string, string>;
}

const TEXT_FIELDS = [
  "tradingName",
  "address",
  "companyNumber",
  "vatNumber",
  "vatRate",
  "bankAccountName",
  "bankSortCode",
  "bankAccountNumber",
  "bankIban",
  "contactEmail",
  "website",
  "payoutPrefix",
] as const;

export function businessIntents(request: Request, user: PublicUser): Record<string, IntentHandler> {
  return {
    "business-update": {
      failure: SETTINGS_FAILURE,
      async run(form) {
        const values = Object.fromEntries(TEXT_FIELDS.map((name) => [name, textField(form, name)]));
        const fieldErrors: Record<string, string> = {};
        const parsed = businessProfileSchema.safeParse(values);
        if (!parsed.success) {
          for (const issue of parsed.error.issues) {
            const field = String(issue.path[0] ?? "");
            if (field && !(field in fieldErrors)) fieldErrors[field] = issue.message;
          }
        }
        const file = form.get("logo");
        const upload = file instanceof Blob && file.size > 0 ? new Uint8Array(await file.arrayBuffer()) : null;
        const problem = upload ? logoProblem(upload) : null;
        if (problem) fieldErrors.logo = problem;
        const refuse = (errors: Record<string, string>) => {
          const count = Object.keys(errors).length;
          const error = count === 1 ? Object.values(errors)[0] : `Correct the ${count} fields marked in red.`;
          return data<SettingsFailure>(
            { intent: "business-update", title: SETTINGS_FAILURE, error, fieldErrors: errors, values },
            { status: 400 },
          );
        };
        if (!parsed.success || problem) return refuse(fieldErrors);
        const logo: LogoChange = upload
          ? { upload }
          : form.get("removeLogo") === "yes"
            ? { remove: true }
            : { keep: true };
        try {
          await updateBusinessProfile(db, parsed.data, logo, user.id);
        } catch (error) {
          // A file that looks like a PNG or JPEG but cannot be drawn.
          if (error instanceof DomainError && upload) return refuse({ logo: error.message });
          throw error;
        }
        return done(request, form, {
          title: "Settings saved",
          description: "Invoices, statements and emails now use these details.",
        });
      },
    },
  };
}
