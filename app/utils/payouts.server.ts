/** What the payout API routes and the payouts page share: the partnerIds input (the JSON is domain/payouts/payout-json.ts). */
import { z } from "zod";

export const PARTNER_IDS_MESSAGE = "partnerIds must be partner ids (positive whole numbers) separated by commas";

/** Partner ids from `1,2` or repeated fields (a form's checkboxes); undefined when none are given at all. */
export const partnerIdsSchema = z
  .array(z.string())
  .transform((values) =>
    values
      .flatMap((v) => v.split(","))
      .map((v) => v.trim())
      .filter(Boolean),
  )
  .pipe(
    z.array(
      z
        .string()
        .regex(/^\d{1,15}$/, PARTNER_IDS_MESSAGE)
        .transform(Number)
        .refine((id) => id > 0, PARTNER_IDS_MESSAGE),
    ),
  );
