/**
 * The partners forms' intents, shared by every page that shows them (see app/utils/actions.server.ts):
 * each parses its form with zod, makes the same domain call as the API and redirects back with a toast.
 */
import type { PublicUser } from "#domain/users.ts";
import type { IntentHandler } from "#app/utils/actions.server.ts";

export function partnerIntents(_request: Request, _user: PublicUser): Record<string, IntentHandler> {
  return {};
}
