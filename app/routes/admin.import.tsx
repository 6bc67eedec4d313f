/**
 * /admin/import: the business-wide import. Upload exports that cover many machines and months,
 * preview them grouped by machine and month (as `vendboard import` prints them), map Machine Names
 * no machine answers to, then import each file atomically.
 */
import { textField } from "#app/utils/action-reply.ts";
import { machinesForMapping } from "#domain/machines/machine-service.ts";
import {
  Badge,
  Box,
  Button,
  Callout,
  Card,
  Flex,
  Heading,
  Select,
  Spinner,
  Table,
  Text,
  TextField,
} from "@radix-ui/themes";
import { CheckCircledIcon, ExclamationTriangleIcon } from "@radix-ui/react-icons";
import { FilePicker } from "#app/components/file-picker.tsx";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Fragment, useEffect, useState } from "react";
import { leftOutSentence } from "#domain/imports/import-words.ts";
import { footerSentence } from "#domain/imports/telemetry-export.ts";
import { paidMonthChangeText } from "#domain/commissions/correction-words.ts";
import { formatMonth } from "#domain/shared/dates.ts";
import { formatGBP } from "#domain/shared/money.ts";
import { formatCount, formatUnits } from "#domain/shared/format.ts";
import type { FileOutcome } from "#domain/imports/import-service.ts";
import { BackToDashboard, Page } from "#app/components/page.tsx";
import { ConfirmCallout } from "#app/components/confirm-callout.tsx";
import { useToast } from "#app/components/toaster.tsx";
import { db } from "#app/utils/db.server.ts";
import { env } from "#app/utils/env.server.ts";
import { requireAdmin } from "#app/utils/session.server.ts";
import { importRefused, runImportAction, type ImportActionData } from "#app/utils/import.server.ts";
import { DATE_ORDER_PREFIX } from "#app/utils/import-fields.ts";
import { readMultipart, UploadTooLargeError } from "#app/utils/upload.server.ts";
import { ScrollTable } from "#app/components/scroll-table.tsx";

export const meta: MetaFunction = () => [{ title: "Import Exports · Vendboard" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return { machines: await machinesForMapping(db), uploadMaxMb: env.UPLOAD_MAX_MB };
}

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
  const { machines, uploadMaxMb } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as ImportActionData | undefined;
  const navigation = useNavigation();
  const toast = useToast();
  const [chosen, setChosen] = useState<{ name: string; size: number }[]>([]);
  const submitting = navigation.state === "submitting" ? textField(navigation.formData, "intent") || "preview" : null;
  const imported = result?.intent === "import" && !result.error;
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
  const undecided = (result?.outcomes ?? []).some((o) => !o.ok && o.needsDateOrder);
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

      {result?.error ? (
        <Callout.Root color="red" role="alert" mb="4">
          <Callout.Icon>
            <ExclamationTriangleIcon />
          </Callout.Icon>
          <Callout.Text>{result.error}</Callout.Text>
        </Callout.Root>
      ) : null}
      {imported && result.mappings.length ? (
        <Callout.Root color="green" mb="4">
          <Callout.Icon>
            <CheckCircledIcon />
          </Callout.Icon>
          <Callout.Text>
            Remembered for the web and the CLI:{" "}
            {result.mappings.map((m, i) => (
              <span key={m.name}>
                {i ? "; " : ""}&lsquo;{m.name}&rsquo; is{" "}
                {machines.find((machine) => machine.id === m.machineId)?.location ?? `machine ${m.machineId}`}
              </span>
            ))}
            .
          </Callout.Text>
        </Callout.Root>
      ) : null}
      {result?.outcomes.map((outcome) => (
        <FileResult
          key={outcome.fileName}
          outcome={outcome}
          imported={imported}
          dateOrder={result.dateOrders[outcome.fileName]}
        />
      ))}
    </Page>
  );
}

/** Machines under their partner, in the loader's order (partner, then location). */
function byPartner<M extends { partnerName: string }>(machines: M[]): [string, M[]][] {
  const groups = new Map<string, M[]>();
  for (const m of machines) groups.set(m.partnerName, [...(groups.get(m.partnerName) ?? []), m]);
  return [...groups];
}

function Mappings({
  names,
  machines,
  value,
  onChoose,
}: {
  names: string[];
  machines: { id: number; location: string; partnerName: string }[];
  value: Record<string, string>;
  onChoose: (name: string, machineId: string) => void;
}) {
  return (
    <Callout.Root color="amber" role="group" aria-label="Unmapped machine names">
      <Callout.Icon>
        <ExclamationTriangleIcon />
      </Callout.Icon>
      <Flex direction="column" gap="2">
        <Callout.Text>
          No machine answers to {names.length === 1 ? "this Machine Name" : "these Machine Names"} yet. Choose the
          machine for each: Preview shows where the rows go, and Import remembers the choice as the machine&apos;s
          telemetry name, for the web and the CLI.
        </Callout.Text>
        {names.map((name) => (
          <Flex key={name} gap="3" align="center" wrap="wrap">
            <Text size="2" weight="medium" style={{ minWidth: 160 }}>
              {name}
            </Text>
            <Select.Root name={`map:${name}`} value={value[name] ?? ""} onValueChange={(id) => onChoose(name, id)}>
              <Select.Trigger
                placeholder="Choose a machine"
                aria-label={`Machine for ${name}`}
                style={{ minWidth: 240 }}
              />
              <Select.Content position="popper" style={{ maxWidth: "calc(100vw - 24px)" }}>
                {byPartner(machines).map(([partnerName, list], i) => (
                  <Fragment key={partnerName}>
                    {i ? <Select.Separator /> : null}
                    <Select.Group>
                      <Select.Label>{partnerName}</Select.Label>
                      {list.map((m) => (
                        <Select.Item key={m.id} value={String(m.id)}>
                          {m.location}
                        </Select.Item>
                      ))}
                    </Select.Group>
                  </Fragment>
                ))}
              </Select.Content>
            </Select.Root>
          </Flex>
        ))}
      </Flex>
    </Callout.Root>
  );
}

/** "Dates in this file are: day/month or month/day": the answer goes with the next Preview or Import (native radios, in the form by its id). */
function DateOrderQuestion({ fileName, value }: { fileName: string; value?: string }) {
  return (
    <Flex direction="column" gap="2" mt="2" asChild>
      <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
        <Text as="div" size="2" weight="medium" asChild>
          <legend>Dates in this file are:</legend>
        </Text>
        <Flex gap="4" wrap="wrap">
          {[
            ["dmy", "day/month"],
            ["mdy", "month/day"],
          ].map(([order, label]) => (
            <Text as="label" size="2" key={order}>
              <Flex gap="2" align="center">
                <input
                  type="radio"
                  form="import-form"
                  name={`${DATE_ORDER_PREFIX}${fileName}`}
                  value={order}
                  defaultChecked={value === order}
                  style={{ width: 16, height: 16 }}
                />
                {label}
              </Flex>
            </Text>
          ))}
        </Flex>
        <Text size="1" color="gray">
          Then Preview again.
        </Text>
      </fieldset>
    </Flex>
  );
}

/** Each sentence, named by its file when the files are several. */
const byFile = (items: { file: string; sentence: string }[]) =>
  items.map((i) => (items.some((o) => o.file !== i.file) ? `${i.file}: ${i.sentence}` : i.sentence));

const DECIDED_BY: Record<string, string> = {
  title: "the date range in its title",
  "unambiguous date": "a date that reads only one way",
  "AM/PM": "its AM/PM times",
  given: "your answer",
};

function FileResult({ outcome, imported, dateOrder }: { outcome: FileOutcome; imported: boolean; dateOrder?: string }) {
  if (!outcome.ok && outcome.needsDateOrder) {
    return (
      <Callout.Root color="amber" mb="4" role="group" aria-label={`${outcome.fileName} needs its date order`}>
        <Callout.Icon>
          <ExclamationTriangleIcon />
        </Callout.Icon>
        <Flex direction="column">
          <Callout.Text>
            <strong>{outcome.fileName}</strong>: {outcome.error}
          </Callout.Text>
          <DateOrderQuestion fileName={outcome.fileName} value={dateOrder} />
        </Flex>
      </Callout.Root>
    );
  }
  if (!outcome.ok) {
    return (
      <Callout.Root color="red" mb="4" role="alert">
        <Callout.Icon>
          <ExclamationTriangleIcon />
        </Callout.Icon>
        <Callout.Text>
          <strong>{outcome.fileName}</strong>: {outcome.error}
        </Callout.Text>
      </Callout.Root>
    );
  }
  const { result } = outcome;
  // Every reason rows were left out, with the revenue they carry; those needing confirmation are named beside Import too.
  const notes = result.leftOut
    .filter((l) => l.kind !== "booked" && l.kind !== "closed" && l.kind !== "duplicate")
    .map(leftOutSentence);
  const decided = result.dateOrderDecidedBy ? DECIDED_BY[result.dateOrderDecidedBy] : undefined;
  return (
    <Card size="2" mb="4" asChild>
      <section aria-label={`${result.fileName} ${imported ? "imported" : "preview"}`}>
        <Flex justify="between" align="center" wrap="wrap" gap="2" mb="2">
          <Heading as="h2" size="3">
            {result.fileName}
          </Heading>
          <Badge highContrast color={imported ? "green" : "indigo"}>
            {imported ? "Imported" : "Preview"}
          </Badge>
        </Flex>
        <Text as="p" size="2" color="gray" mb="2">
          {formatCount(result.rowsRead, "row")} read.
          {decided ? ` Dates read ${result.dateOrder === "mdy" ? "month/day" : "day/month"} (from ${decided}).` : ""}
        </Text>
        {result.footer ? (
          <Text as="p" size="2" color={result.footer.agrees ? "gray" : "amber"} mb="2">
            {footerSentence(result.footer).replace(/^the/, "The")}.
          </Text>
        ) : null}
        <ScrollTable label={`Rows of ${result.fileName} by machine`} size="1" variant="surface" minWidth={720}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell style={{ whiteSpace: "nowrap" }}>Machine</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell style={{ whiteSpace: "nowrap" }}>Month</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell justify="end" style={{ whiteSpace: "nowrap" }}>
                Units
              </Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell justify="end" style={{ whiteSpace: "nowrap" }}>
                Revenue
              </Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell justify="end" style={{ whiteSpace: "nowrap" }}>
                {imported ? "New" : "New (would add)"}
              </Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell justify="end" style={{ whiteSpace: "nowrap" }}>
                Duplicate
              </Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell style={{ whiteSpace: "nowrap" }}>Already booked</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell justify="end" style={{ whiteSpace: "nowrap" }}>
                Late (paid month)
              </Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {result.groups.map((g) => (
              <Table.Row key={`${g.machineId}:${g.month}`}>
                <Table.RowHeaderCell style={{ minWidth: 180 }}>
                  <Text as="div" weight="medium">
                    {g.location}
                  </Text>
                  <Text as="div" size="1" color="gray">
                    {g.partnerName}
                  </Text>
                </Table.RowHeaderCell>
                <Table.Cell style={{ whiteSpace: "nowrap" }}>{formatMonth(g.month)}</Table.Cell>
                <Table.Cell justify="end" className="vb-figure">
                  {formatUnits(g.units)}
                </Table.Cell>
                <Table.Cell justify="end" style={{ whiteSpace: "nowrap" }}>
                  {formatGBP(g.revenuePence)}
                </Table.Cell>
                <Table.Cell justify="end">{g.imported}</Table.Cell>
                <Table.Cell justify="end">{g.duplicates}</Table.Cell>
                <Table.Cell>
                  {g.alreadyBooked.length ? g.alreadyBooked.map((b) => leftOutSentence(b)).join("; ") : "0"}
                </Table.Cell>
                <Table.Cell justify="end">{g.monthClosed}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </ScrollTable>
        {!result.groups.length ? (
          <Text as="p" size="2" color="gray" mt="2">
            No row of this file goes to a machine yet.
          </Text>
        ) : null}
        {notes.length ? (
          <Text as="p" size="2" weight="medium" mt="2">
            Left out:
          </Text>
        ) : null}
        {notes.length ? (
          <Box asChild mt="1">
            <ul style={{ margin: 0, paddingLeft: "1.2em" }}>
              {notes.map((n) => (
                <li key={n}>
                  <Text size="2">{n}</Text>
                </li>
              ))}
            </ul>
          </Box>
        ) : null}
      </section>
    </Card>
  );
}
