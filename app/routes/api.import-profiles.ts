/**
 * GET /api/import-profiles (admin): the saved import profiles, each at its latest version. POST (admin,
 * JSON): saves a profile (docs/import.md#import-profiles); a name saved before gets its next version.
 * 201 with the profile; 400 naming the first problem (a column that is not one of its headers, ...).
 */
import { z } from "zod";
import { createProfile, listProfiles } from "#domain/imports/profile-service.ts";
import { api, methodNotAllowed, parseBody, requireApiAdmin } from "#app/utils/api.server.ts";
import { db } from "#app/utils/db.server.ts";

export const loader = api(async ({ request }) => {
  await requireApiAdmin(request);
  return Response.json(await listProfiles(db));
});

export const action = api(async ({ request }) => {
  if (request.method !== "POST") return methodNotAllowed();
  const admin = await requireApiAdmin(request);
  // The definition is checked by the profile's own schema (domain/imports/import-profile.ts).
  const body = await parseBody(request, z.unknown());
  return Response.json(await createProfile(db, body, admin.id), { status: 201 });
});
