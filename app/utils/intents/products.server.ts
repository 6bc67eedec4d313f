/**
 * Products Analytics' intents (app/utils/actions.server.ts): the product cost list, set one product
 * at a time (`cost-set`) or from a sheet (`cost-upload`). Names no product has are never added
 * unasked: the answer lists them with the costs read (`CostQuestion`), and the page's second post
 * (`cost-confirm`, the costs sent back as JSON in a hidden field, so the sheet is not sent again and
 * it works without JavaScript) adds them and saves. A success redirects back with a toast.
 */
import { data } from "@remix-run/node";
import { isoDay } from "#domain/shared/dates.ts";
import { formatCount } from "#domain/shared/format.ts";
import { badInput } from "#domain/shared/errors.ts";
import { importCostSheet, saveCosts, type CostSaveResult } from "#domain/products/cost-list-service.ts";
import { costLineOf, type CostLine } from "#domain/products/cost-sheet-rules.ts";
import { costLineJson } from "#domain/products/cost-list-json.ts";
import type { PublicUser } from "#domain/accounts/user-service.ts";
import { textField } from "#app/utils/action-reply.ts";
import { done, type IntentHandler } from "#app/utils/actions.server.ts";
import { db } from "#app/utils/db.server.ts";

export const COST_FAILURE = "Failed to save product costs";

/** Names no product has: listed, with the costs read, for the user to confirm adding them. */
export interface CostQuestion {
  intent: string;
  unknown: string[];
  /** The costs as read (pounds), sent back with the confirmation. */
  costs: ReturnType<typeof costLineJson>[];
  /** The sheet they were read from, for the audit trail. */
  fileName?: string;
}

export const isCostQuestion = (reply: unknown): reply is CostQuestion =>
  typeof reply === "object" && reply !== null && Array.isArray((reply as CostQuestion).unknown);

function lineOf(input: unknown, today: string): CostLine {
  const line = costLineOf(input, today);
  if (typeof line === "string") throw badInput(line);
  return line;
}

export function productIntents(request: Request, user: PublicUser): Record<string, IntentHandler> {
  const answer = async (form: FormData, intent: string, result: CostSaveResult, fileName?: string) => {
    if (!result.written)
      return data<CostQuestion>({
        intent,
        unknown: result.unknown,
        costs: result.lines.map(costLineJson),
        ...(fileName ? { fileName } : {}),
      });
    const added = result.added.length ? `; added ${formatCount(result.added.length, "product")}` : "";
    return done(request, form, {
      title: "Product costs saved",
      description: `${formatCount(result.lines.length, "product cost")} saved${added}`,
    });
  };
  return {
    "cost-set": {
      failure: COST_FAILURE,
      async run(form) {
        const input = { name: textField(form, "name"), cost: textField(form, "cost"), from: textField(form, "from") };
        const result = await saveCosts(db, [lineOf(input, isoDay(new Date()))], { actorId: user.id });
        return answer(form, "cost-set", result);
      },
    },
    "cost-upload": {
      failure: COST_FAILURE,
      async run(form) {
        const file = form.get("costSheet");
        if (!(file instanceof File) || !file.size || !/\.(xlsx|xls|csv)$/i.test(file.name))
          throw badInput("Choose a cost sheet: an .xlsx, .xls or .csv file of product name, cost and from-date");
        const bytes = new Uint8Array(await file.arrayBuffer());
        const result = await importCostSheet(db, { name: file.name, bytes }, { actorId: user.id });
        return answer(form, "cost-upload", result, file.name);
      },
    },
    "cost-confirm": {
      failure: COST_FAILURE,
      async run(form) {
        let sent: unknown;
        try {
          sent = JSON.parse(textField(form, "costs"));
        } catch {
          throw badInput("The costs to confirm were not sent: set them again");
        }
        if (!Array.isArray(sent) || !sent.length) throw badInput("The costs to confirm were not sent: set them again");
        const today = isoDay(new Date());
        const lines = sent.map((input: unknown) => lineOf(input, today));
        const fileName = textField(form, "fileName") || undefined;
        const result = await saveCosts(db, lines, { actorId: user.id, addUnknown: true, fileName });
        return answer(form, "cost-confirm", result);
      },
    },
  };
}
