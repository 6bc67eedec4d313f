/** Machine form and API bodies, shared by the browser and the server. */
import { z } from "zod";

const location = z
  .string({ error: "Location is required" })
  .trim()
  .min(1, "Location is required")
  .max(200, "Location is too long");
const isHttps = (value: string) => {
  try {
    return new URL(value).protocol === "https:";
  } catch {
    return false;
  }
};
/** Optional; blank means no image. The pages' content security policy loads images over https only. */
const imageUrl = z
  .union([
    z
      .string()
      .trim()
      .max(2000, "Image URL is too long")
      .url("Image URL must be a web address")
      .refine(isHttps, "Image URL must be an https:// address")
      .or(z.literal("")),
    z.null(),
  ])
  .transform((v) => v || null);
const status = z.enum(["active", "inactive"], { error: "Status must be active or inactive" });

export const machineSchema = z.object({
  location,
  imageUrl: imageUrl.optional().transform((v) => v ?? null),
  status: status.default("active"),
});

export const newMachineSchema = machineSchema.extend({
  partnerId: z.coerce.number({ error: "partnerId is required" }).int().positive("partnerId is required"),
});

/** Only the fields sent change: no defaults here. */
export const machineUpdateSchema = z
  .object({ location, imageUrl, status })
  .partial()
  .strict()
  .refine((fields) => Object.values(fields).some((v) => v !== undefined), { message: "Nothing to update" });
