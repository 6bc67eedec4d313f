/**
 * /admin/import: the business-wide import. Upload exports that cover many machines and months,
 * preview them grouped by machine and month (as `vendboard import` prints them), map Machine Names
 * no machine answers to, then import each file atomically.
 */
import { textField } from "#app/utils/action-reply.ts";
import { machinesForMapping } from "#domain/machines/machine-service.ts";
import { Box, Button, Callout, Card, Flex, Spinner, Text, TextField } from "@radix-ui/themes";
import { ExclamationTriangleIcon } from "@radix-ui/react-icons";
import { FilePicker } from "#app/components/file-picker.tsx";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation, type ShouldRevalidateFunction } from "@remix-run/react";
import { useEffect, useState } from "react";
import { leftOutSentence } from "#domain/imports/import-words.ts";
import { paidMonthChangeText } from "#domain/commissions/correction-words.ts";
import { formatCount } from "#domain/shared/format.ts";
import { BackToDashboard, Page } from "#app/components/page.tsx";
import { ConfirmCallout } from "#app/components/confirm-callout.tsx";
import { useToast } from "#app/components/toaster.tsx";
import { db } from "#app/utils/db.server.ts";
import { env } from "#app/utils/env.server.ts";
import { requireAdmin } from "#app/utils/session.server.ts";
import { importRefused, previewStored, runImportAction, type ImportActionData } from "#app/utils/import.server.ts";
import { STORED_PREFIX } from "#app/utils/import-fields.ts";
import { readMultipart, UploadTooLargeError } from "#app/utils/upload.server.ts";
import { Mappings } from "#app/components/imports/machine-mappings.tsx";
import { ImportResults } from "#app/components/imports/import-results.tsx";
import { announceAnswer } from "#app/components/forms.tsx";

export const meta: MetaFunction = () => [{ title: "Import Exports · Vendboard" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  // Back from Map columns: the kept file previewed through the profile just saved.
  const preview = await previewStored(new URL(request.url), admin.id);
  return { machines: await machinesForMapping(db), uploadMaxMb: env.UPLOAD_MAX_MB, preview };
}

// After a Preview or Import the page shows the action's answer: the kept file's preview in the URL is not read again.
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, currentUrl, defaultShouldRevalidate }) =>
  formMethod?.toUpperCase() === "POST" && currentUrl.searchParams.has("stored") ? false : defaultShouldRevalidate;

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  let form: FormData;
  try {
    form = await readMultipart(request);
  } catch (error) {
    if (error instanceof UploadTooLargeError) return importRefused(error.message);
    throw error;
  }
  return runImportAction(form, admin.id);
}

export default function ImportPage() {
  const { machines, uploadMaxMb, preview } = useLoaderData<typeof loader>();
  const result = (useActionData<typeof action>() ?? preview ?? undefined) as ImportActionData | undefined;
  const navigation = useNavigation();
  const toast = useToast();
  const [chosen, setChosen] = useState<{ name: string; size: number }[]>([]);
  const submitting = navigation.state === "submitting" ? textField(navigation.formData, "intent") || "preview" : null;
  const imported = result?.intent === "import" && !result.error;
  const keptFiles = Object.keys(result?.stored ?? {});
  // The server takes each file up to UPLOAD_MAX_MB and the whole request up to about that much again
  // (server/body-limit.js): say so before uploading rather than after.
  const limit = uploadMaxMb * 1024 * 1024;
  const tooLarge = chosen.filter((f) => f.size > limit).map((f) => f.name);
  const totalTooLarge = !tooLarge.length && chosen.reduce((n, f) => n + f.size, 0) > limit;
  const sizeError = tooLarge.length
    ? `${tooLarge.join(", ")}: The file is too large (at most ${uploadMaxMb} MB)`
    : totalTooLarge
      ? `These files come to more than ${uploadMaxMb} MB together: preview and import them a few at a time`
      : null;

  useEffect(() => {
    if (!result) return;
    if (result.error)
      toast({
        title: result.intent === "import" ? "Import failed" : "Preview failed",
        description: result.error,
        variant: "destructive",
      });
    else if (result.intent === "import") {
      const failed = result.outcomes.filter((o) => !o.ok).length;
      toast({
        title: "Exports imported",
        description: `${formatCount(result.newRows, "new transaction")} booked${failed ? `; ${formatCount(failed, "file")} not imported` : ""}.`,
      });
    }
  }, [result, toast]);

  // The mapping choices: those the last preview applied, then whatever the admin picks (a name → machine id).
  const applied = (data: ImportActionData | undefined) =>
    Object.fromEntries((data?.mappings ?? []).map((m) => [m.name, String(m.machineId)]));
  const [mapped, setMapped] = useState<Record<string, string>>(() => applied(result));
  useEffect(() => setMapped(applied(result)), [result]);
  const mapNames = imported
    ? []
    : [...new Set([...(result?.unmapped ?? []), ...(result?.mappings ?? []).map((m) => m.name)])].sort();
  const allMapped = mapNames.every((name) => mapped[name]);
  const waiting = (result?.outcomes ?? []).reduce(
    (n, o) => n + (o.ok ? o.result.unmapped.reduce((m, u) => m + u.count, 0) : 0),
    0,
  );
  // Files picked since the last preview have not been looked at yet.
  const previewed = (result?.outcomes ?? []).map((o) => o.fileName).join("\n");
  const stale = chosen.length > 0 && chosen.map((f) => f.name).join("\n") !== previewed;
  // Rows with money left out for their date: named beside Import, which waits for the admin's confirmation.
  const toConfirm = imported
    ? []
    : (result?.outcomes ?? []).flatMap((o) =>
        o.ok
          ? o.result.leftOut
              .filter((l) => l.needsConfirmation)
              .map((l) => ({ file: o.fileName, sentence: leftOutSentence(l) }))
          : [],
      );
  const [accepted, setAccepted] = useState(false);
  useEffect(() => setAccepted(Boolean(result?.acceptExclusions) && !imported), [result, imported]);
  const undecided = (result?.outcomes ?? []).some((o) => !o.ok && (o.needsDateOrder || o.profiles));
  // Late sales for paid months: named beside Import too, which waits for the admin's confirmation.
  const late = imported
    ? []
    : (result?.outcomes ?? []).flatMap((o) =>
        o.ok ? o.result.paidMonths.map((c) => ({ file: o.fileName, sentence: paidMonthChangeText(c) })) : [],
      );
  const [adjustPaid, setAdjustPaid] = useState(false);
  useEffect(() => setAdjustPaid(Boolean(result?.adjustPaidMonths) && !imported), [result, imported]);
  // Import follows a preview of these files that found something to add (or names now mapped) and nothing left unmapped.
  const canImport = Boolean(
    result &&
      !imported &&
      !stale &&
      !sizeError &&
      !undecided &&
      (accepted || !toConfirm.length) &&
      (adjustPaid || !late.length) &&
      result.outcomes.some((o) => o.ok) &&
      allMapped &&
      (result.newRows > 0 || result.unmapped.length > 0),
  );

  return (
    <Page
      title="Import Exports"
      description="Upload telemetry exports that cover many machines and months. Each row goes to the machine its Machine Name belongs to, once in the whole business."
      actions={<BackToDashboard />}
    >
      <Form method="post" encType="multipart/form-data" aria-label="Import exports" id="import-form">
        {Object.entries(result?.stored ?? {}).map(([name, key]) => (
          <input key={name} type="hidden" name={`${STORED_PREFIX}${name}`} value={key} />
        ))}
        <Card size={{ initial: "2", sm: "3" }} mb="4">
          <Flex direction="column" gap="4">
            <Flex gap="4" wrap="wrap" align="end">
              <Box style={{ flex: "2 1 260px" }}>
                <Text as="label" htmlFor="import-files" size="2" weight="medium">
                  Exports (.xlsx, .xls or .csv, one or more)
                </Text>
                <Box mt="1">
                  <FilePicker
                    id="import-files"
                    name="files"
                    multiple
                    accept=".xlsx,.xls,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel,text/csv"
                    onChange={(e) =>
                      setChosen([...(e.target.files ?? [])].map((f) => ({ name: f.name, size: f.size })))
                    }
                    button="Choose files"
                    chosen={chosen.length ? chosen.map((f) => f.name).join(", ") : "No file chosen"}
                  />
                </Box>
                {keptFiles.length && !chosen.length ? (
                  <Text as="p" size="1" color="gray" mt="1">
                    Kept from before: {keptFiles.join(", ")}. Preview and Import read it; choose files to replace it.
                  </Text>
                ) : null}
              </Box>
              <Box style={{ flex: "1 1 160px" }}>
                <Text as="label" htmlFor="import-month" size="2" weight="medium">
                  Only rows of month (optional)
                </Text>
                <TextField.Root id="import-month" name="month" type="month" mt="1" />
              </Box>
            </Flex>
            {sizeError ? (
              <Callout.Root color="red" role="alert">
                <Callout.Icon>
                  <ExclamationTriangleIcon />
                </Callout.Icon>
                <Callout.Text>{sizeError}</Callout.Text>
              </Callout.Root>
            ) : null}
            {toConfirm.length && !stale ? (
              <ConfirmCallout
                color="red"
                label="Rows left out"
                heading="These rows carry money and will not be imported:"
                items={byFile(toConfirm)}
                name="acceptExclusions"
                confirm="Leave these rows out and import the rest"
                checked={accepted}
                onChange={setAccepted}
              />
            ) : null}
            {late.length && !stale ? (
              <ConfirmCallout
                color="amber"
                label="Late sales for paid months"
                heading="These are late sales for paid months, which keep what they paid. Each difference becomes an adjustment on the partner's next open month:"
                items={byFile(late)}
                name="adjustPaidMonths"
                confirm="Book the late sales and add the differences"
                checked={adjustPaid}
                onChange={setAdjustPaid}
              />
            ) : null}
            {mapNames.length ? (
              <Mappings
                names={mapNames}
                shared={(result?.shared ?? []).filter((n) => mapNames.includes(n.name))}
                machines={machines}
                value={mapped}
                onChoose={(name, id) => setMapped((m) => ({ ...m, [name]: id }))}
              />
            ) : null}
            <Flex gap="3" wrap="wrap" align="center">
              <Button
                type="submit"
                name="intent"
                value="preview"
                variant="soft"
                disabled={Boolean(submitting) || Boolean(sizeError)}
              >
                Preview
              </Button>
              <Button type="submit" name="intent" value="import" disabled={Boolean(submitting) || !canImport}>
                Import
              </Button>
              {stale && result && !submitting ? (
                <Text size="2" color="gray">
                  Preview the chosen {chosen.length === 1 ? "file" : "files"} before importing.
                </Text>
              ) : result && !imported && !submitting && result.outcomes.some((o) => o.ok) ? (
                <Text size="2" color="gray" role="status">
                  {formatCount(result.newRows, "new row")} would be added
                  {waiting ? `; ${formatCount(waiting, "row")} without a machine yet` : ""}.
                </Text>
              ) : null}
              {submitting ? (
                <Flex align="center" gap="2" role="status">
                  <Spinner />
                  <Text size="2">
                    {submitting === "import" ? "Importing" : "Reading"}{" "}
                    {chosen.length ? formatCount(chosen.length, "file") : "the files"}…
                  </Text>
                </Flex>
              ) : null}
            </Flex>
          </Flex>
        </Card>
      </Form>

      <ImportResults result={result} imported={imported} machines={machines} />
    </Page>
  );
}

/** Each sentence, named by its file when the files are several. */
const byFile = (items: { file: string; sentence: string }[]) =>
  items.map((i) => (items.some((o) => o.file !== i.file) ? `${i.file}: ${i.sentence}` : i.sentence));

export const clientAction = announceAnswer;
