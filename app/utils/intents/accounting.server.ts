/**
 * The settings page's accounting intent: saves each package's account codes, tax types and tracking
 * (domain/accounting/accounting-settings.ts). A refused form answers each field's message and the
 * values as sent, so a form posted without JavaScript comes back filled in.
 */
import { data } from "@remix-run/node";
import { accountingSettingsSchema, FORMATS, SETTING_FIELDS } from "#domain/accounting/accounting-settings.ts";
import { saveAccountingSettings } from "#domain/accounting/accounting-settings-service.ts";
import type { PublicUser } from "#domain/accounts/user-service.ts";
import { textField } from "#app/utils/action-reply.ts";
import { done, type IntentHandler } from "#app/utils/actions.server.ts";
import { db } from "#app/utils/db.server.ts";
import type { SettingsFailure } from "./business.server.ts";

export const ACCOUNTING_INTENT = "accounting-update";
const FAILURE = "Failed to save the accounting settings";

export function accountingIntents(request: Request, user: PublicUser): Record<string, IntentHandler> {
  return {
    [ACCOUNTING_INTENT]: {
      failure: FAILURE,
      async run(form) {
        const values: Record<string, string> = {};
        for (const format of FORMATS)
          for (const field of SETTING_FIELDS) values[`${format}.${field}`] = textField(form, `${format}.${field}`);
        const shaped = Object.fromEntries(
          FORMATS.map((format) => [
            format,
            Object.fromEntries(SETTING_FIELDS.map((field) => [field, values[`${format}.${field}`]])),
          ]),
        );
        const parsed = accountingSettingsSchema.safeParse(shaped);
        if (!parsed.success) {
          const fieldErrors: Record<string, string> = {};
          for (const issue of parsed.error.issues) {
            const name = issue.path.slice(0, 2).join(".");
            if (!(name in fieldErrors)) fieldErrors[name] = issue.message;
          }
          const count = Object.keys(fieldErrors).length;
          return data<SettingsFailure>(
            {
              intent: ACCOUNTING_INTENT,
              title: FAILURE,
              error: count === 1 ? Object.values(fieldErrors)[0] : `Correct the ${count} fields marked in red.`,
              fieldErrors,
              values,
            },
            { status: 400 },
          );
        }
        await saveAccountingSettings(db, parsed.data, user.id);
        return done(request, form, {
          title: "Accounting settings saved",
          description: "Exports from now on use these accounts and tax types.",
        });
      },
    },
  };
}
