/**
 * The machines forms' intents, shared by every page that shows them (see app/utils/actions.server.ts):
 * each parses its form with zod, makes the same domain call as the API and answers its toast (done).
 * Add (POST /api/machines), Edit and the status switch (PATCH /api/machines/{id}), Delete
 * (DELETE /api/machines/{id}), the monthly record's Preview and Save (POST
 * /api/machines/{id}/records/preview and /records, multipart: runIntent reads the file within the
 * upload limit) and a record's Delete (DELETE /api/records/{id}). The deletions ask first when the
 * form comes without JavaScript (the dialog asked with it), in the dialogs' words
 * (app/components/machines/machine-questions.ts).
 */
import { data } from "@remix-run/node";
import { z } from "zod";
import { formatMonth } from "#domain/shared/dates.ts";
import { newMachineSchema, machineUpdateSchema } from "#domain/machines/machine-schemas.ts";
import {
  createMachine,
  deleteMachine,
  deleteRecord,
  recordDeleteChanges,
  machineForUser,
  recordForUser,
  recordTotalsOf,
  recordsOfMachine,
  setTelemetryName,
  updateMachine,
} from "#domain/machines/machine-service.ts";
import { DateOrderNeededError } from "#domain/imports/telemetry-export.ts";
import { importUpload } from "#domain/imports/import-service.ts";
import { monthAlreadyHasText } from "#domain/imports/import-words.ts";
import { monthOnMachine } from "#domain/machines/machine-totals-service.ts";
import type { PublicUser } from "#domain/accounts/user-service.ts";
import type { RecordPreviewReply } from "#app/components/machines/add-record-dialog.tsx";
import type { MachineSavedReply } from "#app/components/machines/machine-name-warnings.tsx";
import { deleteMachineQuestion, deleteRecordQuestion } from "#app/components/machines/machine-questions.ts";
import { ActionFailed, confirmFirst, done, parseForm, type IntentHandler } from "#app/utils/actions.server.ts";
import { db } from "#app/utils/db.server.ts";
import { DATA_DIR } from "#app/utils/env.server.ts";
import { acceptField, monthlyUploadFrom } from "#app/utils/upload.server.ts";

const idField = (what: string) =>
  z.coerce
    .number({ error: `${what} not found` })
    .int(`${what} not found`)
    .positive(`${what} not found`);
/** The machine's card and dialogs name it `id`; the upload `machineId`; Performance History's rows `recordId`. */
const machineId = z.object({ id: idField("Machine") });
const uploadMachine = z.object({ machineId: idField("Machine") });
const recordId = z.object({ recordId: idField("Record") });

/** The form's own fields, not the machine's (the update schema is strict: machine fields only). */
const CONTROL_FIELDS = new Set(["intent", "id", "redirectTo", "confirmed"]);
const machineFields = (raw: unknown) =>
  Object.fromEntries(Object.entries(raw as Record<string, unknown>).filter(([key]) => !CONTROL_FIELDS.has(key)));

const createForm = newMachineSchema;
const updateForm = z.preprocess(machineFields, machineUpdateSchema);
const telemetryForm = z.object({ telemetryName: z.string({ error: "A telemetry name is required" }) });
/**
 * A machine saved whose names another machine also answers to: the form stays, with the warnings and
 * the offer of a telemetry name (posted with or without JavaScript); otherwise the toast as usual.
 */
const savedReply = (
  intent: MachineSavedReply["intent"],
  toast: MachineSavedReply["toast"],
  saved: MachineSavedReply["machine"] & { clashes: MachineSavedReply["clashes"] },
) =>
  saved.clashes.length
    ? data<MachineSavedReply>({
        intent,
        saved: true,
        toast,
        machine: { id: saved.id, location: saved.location, telemetryName: saved.telemetryName },
        clashes: saved.clashes,
      })
    : null;
const statusForm = z.object({ status: z.enum(["active", "inactive"], { error: "Status must be active or inactive" }) });

export function machineIntents(request: Request, user: PublicUser): Record<string, IntentHandler> {
  // Every page that shows these forms is an admin's; a partner's dashboard only reads.
  const admin = () => {
    if (!user.isAdmin) throw new ActionFailed(403, "Forbidden");
    return user;
  };
  /** The machine named by the form's `id` and its upload (month and reportFile), as the API reads them. */
  const upload = async (form: FormData) => {
    const actor = admin();
    const { machineId: id } = parseForm(form, uploadMachine);
    const machine = await machineForUser(db, actor, id);
    return { actor, machine, input: await monthlyUploadFrom(form) };
  };
  return {
    "machine-create": {
      failure: "Failed to add machine",
      async run(form) {
        const actor = admin();
        const input = parseForm(form, createForm);
        const machine = await createMachine(db, input, actor.id);
        const toast = { title: "Machine added", description: machine.location };
        return savedReply("machine-create", toast, machine) ?? done(request, form, toast);
      },
    },
    "machine-update": {
      failure: "Failed to update machine",
      async run(form) {
        const actor = admin();
        const { id } = parseForm(form, machineId);
        const input = parseForm(form, updateForm);
        const machine = await updateMachine(db, id, input, actor.id);
        return (
          savedReply("machine-update", { title: "Machine updated" }, machine) ??
          done(request, form, { title: "Machine updated" })
        );
      },
    },
    "machine-telemetry-name": {
      failure: "Failed to update machine",
      async run(form) {
        const actor = admin();
        const { id } = parseForm(form, machineId);
        const { telemetryName } = parseForm(form, telemetryForm);
        const machine = await setTelemetryName(db, id, telemetryName, actor.id);
        return done(request, form, {
          title: "Machine updated",
          description: `${machine.location} now answers to '${machine.telemetryName}' in exports.`,
        });
      },
    },
    "machine-status": {
      failure: "Failed to update status",
      async run(form) {
        const actor = admin();
        const { id } = parseForm(form, machineId);
        const { status } = parseForm(form, statusForm);
        const machine = await updateMachine(db, id, { status }, actor.id);
        return done(request, form, { title: "Status updated", description: `${machine.location} is now ${status}.` });
      },
    },
    "machine-delete": {
      failure: "Failed to delete machine",
      async run(form) {
        const actor = admin();
        const { id } = parseForm(form, machineId);
        const machine = await machineForUser(db, actor, id);
        const question = confirmFirst(
          "machine-delete",
          form,
          deleteMachineQuestion(
            machine.location,
            (await recordTotalsOf(db, [machine.id])).get(machine.id) ?? { count: 0, revenuePence: 0 },
          ),
        );
        if (question) return question;
        await deleteMachine(db, id, actor.id, { dataDir: DATA_DIR });
        return done(request, form, { title: "Machine deleted", description: machine.location });
      },
    },
    "record-preview": {
      failure: "Error processing Excel file",
      async run(form) {
        const { actor, machine, input } = await upload(form);
        const { acceptExclusions, adjustPaidMonths, ...file } = input;
        try {
          const preview = await importUpload(
            db,
            { machineId: machine.id, ...file },
            { actorId: actor.id, dataDir: DATA_DIR, dryRun: true, acceptExclusions, adjustPaidMonths },
          );
          const existing = await monthOnMachine(db, machine.id, preview.month);
          return data<RecordPreviewReply>({
            intent: "record-preview",
            preview,
            monthHas: monthAlreadyHasText(preview.month, existing),
          });
        } catch (error) {
          // Dates that read either way: the dialog asks "Dates in this file are: day/month or month/day".
          if (error instanceof DateOrderNeededError)
            return data<RecordPreviewReply>({
              intent: "record-preview",
              preview: null,
              dateOrderExample: error.example,
            });
          throw error;
        }
      },
    },
    "record-add": {
      failure: "Failed to add monthly record",
      async run(form) {
        const { actor, machine, input } = await upload(form);
        const { acceptExclusions, adjustPaidMonths, ...file } = input;
        const result = await importUpload(
          db,
          { machineId: machine.id, ...file },
          { actorId: actor.id, dataDir: DATA_DIR, acceptExclusions, adjustPaidMonths },
        );
        return done(request, form, {
          title: "Monthly record added",
          description: `${formatMonth(result.month)}: ${result.imported} new ${result.imported === 1 ? "transaction" : "transactions"}, ${result.duplicates} already imported.`,
        });
      },
    },
    "record-delete": {
      failure: "Failed to delete record",
      async run(form) {
        const actor = admin();
        const { recordId: id } = parseForm(form, recordId);
        const record = await recordForUser(db, actor, id);
        const view = (await recordsOfMachine(db, { id: record.machineId, partnerId: record.partnerId })).find(
          (r) => r.id === id,
        );
        // A paid month's record: the question names the difference that becomes an adjustment, and confirming it
        // confirms the adjustment (the dialog sends adjustPaidMonths only when it said the month is paid).
        const changes = await recordDeleteChanges(db, id, actor.id);
        if (changes.length && form.get("confirmed") !== "yes") form.set("adjustPaidMonths", "yes");
        const question = confirmFirst(
          "record-delete",
          form,
          deleteRecordQuestion(
            record.location,
            view ?? { month: record.month, totalSales: 0, revenuePence: 0 },
            changes,
          ),
        );
        if (question) return question;
        await deleteRecord(db, id, actor.id, {
          adjustPaidMonths: acceptField(form, "adjustPaidMonths"),
          dataDir: DATA_DIR,
        });
        return done(request, form, { title: "Record deleted" });
      },
    },
  };
}
