/** The sign-in names and passwords every account takes (admins and partners alike). */
import { z } from "zod";
import { MIN_NEW_PASSWORD } from "./reset-rules.ts";

export const MIN_PASSWORD_LENGTH = MIN_NEW_PASSWORD;

export const usernameSchema = z
  .string({ error: "Username is required" })
  .trim()
  .min(1, "Username is required")
  .max(64, "Username is too long");

export const passwordSchema = z
  .string({ error: `Password must be at least ${MIN_PASSWORD_LENGTH} characters` })
  .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(256, "Password is too long");
