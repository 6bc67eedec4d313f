/**
 * The body of Add Monthly Record (add-record-dialog.tsx), a chunk of its own fetched when the
 * dialog opens: the month and the export, what it contains (Preview), then Save. Both post the
 * file as a multipart form to the page's action through fetchers: intent record-preview answers
 * the figures (nothing saved), record-add imports and redirects back with the toast.
 */
import { Badge, Button, Callout, DataList, Dialog, Flex, Spinner, Table, Text, TextField } from "@radix-ui/themes";
import { ExclamationTriangleIcon } from "@radix-ui/react-icons";
import { useFetcher } from "@remix-run/react";
import { useState, type ChangeEvent } from "react";
import { formatMonth, previousMonth } from "#domain/shared/dates.ts";
import { formatGBP } from "#domain/shared/money.ts";
import { formatCount, formatUnits } from "#domain/shared/format.ts";
import type { UploadResult } from "#domain/imports/import-service.ts";
import { leftOutSentence } from "#domain/imports/import-words.ts";
import { footerSentence } from "#domain/imports/telemetry-export.ts";
import { paidMonthChangeText } from "#domain/commissions/correction-words.ts";
import { readExportDate, type DateOrder } from "#domain/imports/export-dates.ts";
import type { ActionFailure, ActionReply } from "#app/utils/action-reply.ts";
import { FilePicker } from "../file-picker.tsx";
import { ConfirmCallout } from "../confirm-callout.tsx";
import { isFailure, useActionReply, useFailureToast, withScript } from "../forms.tsx";
import type { RecordPreviewReply } from "./add-record-dialog.tsx";

/** The names the upload takes: .xlsx and .xls as the spec says, and .csv exports. */
const EXPORT_NAME = /\.(xlsx|xls|csv)$/i;

export function AddRecordForm({
  machine,
  uploadMaxMb,
  onSaved,
}: {
  machine: { id: number };
  uploadMaxMb: number;
  onSaved: () => void;
}) {
  // The dialog mounts this afresh each time it opens: month, file and answers start over.
  const [month, setMonth] = useState(previousMonth());
  const [file, setFile] = useState<File | null>(null);
  // The browser's own check of the file's name, before anything is sent.
  const [problem, setProblem] = useState<string | null>(null);
  // "Dates in this file are: day/month or month/day", asked only when the file's dates read either way.
  const [dateOrder, setDateOrder] = useState<"dmy" | "mdy" | null>(null);
  // The admin's confirmation that rows left out for their date are left out.
  const [accepted, setAccepted] = useState(false);
  // The admin's confirmation that late sales for a paid month are booked, the difference added to the next open month.
  const [adjustPaid, setAdjustPaid] = useState(false);
  const preview = useFetcher<RecordPreviewReply | ActionFailure>();
  const save = useFetcher<ActionReply>();
  const reading = preview.state !== "idle";
  const saving = save.state !== "idle";
  // The answer for the file chosen now: none while it is read.
  const answer = file && !problem && !reading ? preview.data : undefined;
  const refused = isFailure(answer) ? answer.error : null;
  const shown = answer && "preview" in answer ? answer.preview : null;
  const askDateOrder = answer && "preview" in answer && !answer.preview ? (answer.dateOrderExample ?? null) : null;
  const toConfirm = shown?.leftOut.filter((l) => l.needsConfirmation) ?? [];
  const paidMonths = shown?.paidMonths ?? [];
  // A refused file: the toast names the failure, the message beside the file says why (once).
  useFailureToast(preview.data, { describe: false });
  useFailureToast(save.data);
  useActionReply(save.data, onSaved);

  function send(
    fetcher: typeof preview | typeof save,
    intent: "record-preview" | "record-add",
    chosen: File,
    chosenMonth: string,
    order = dateOrder,
  ) {
    const body = new FormData();
    body.set("intent", intent);
    body.set("machineId", String(machine.id));
    body.set("month", chosenMonth);
    body.set("reportFile", chosen);
    if (order) body.set("dateOrder", order);
    if (intent === "record-add" && accepted) body.set("acceptExclusions", "true");
    if (intent === "record-add" && adjustPaid) body.set("adjustPaidMonths", "true");
    fetcher.submit(withScript(body), { method: "post", encType: "multipart/form-data", preventScrollReset: true });
  }

  function check(nextFile: File | null, nextMonth: string, order = dateOrder) {
    setProblem(null);
    setAccepted(false);
    setAdjustPaid(false);
    if (!nextFile) return;
    if (!EXPORT_NAME.test(nextFile.name)) {
      setProblem("Please select an Excel file to upload");
      return;
    }
    // The server refuses a larger body before the action reads it: say so here, as it would.
    if (nextFile.size > uploadMaxMb * 1024 * 1024) {
      setProblem(`The file is too large (at most ${uploadMaxMb} MB)`);
      return;
    }
    send(preview, "record-preview", nextFile, nextMonth, order);
  }

  function onFile(event: ChangeEvent<HTMLInputElement>) {
    const next = event.target.files?.[0] ?? null;
    setFile(next);
    // A new file is asked about afresh.
    setDateOrder(null);
    check(next, month, null);
  }

  const message = problem ?? refused;
  return (
    <Flex direction="column" gap="3">
      <Flex gap="3" wrap="wrap">
        <label style={{ flex: "1 1 160px" }}>
          <Text as="div" size="2" weight="medium" mb="1">
            Month
          </Text>
          <TextField.Root
            type="month"
            value={month}
            max={new Date().toISOString().slice(0, 7)}
            onChange={(e) => {
              setMonth(e.target.value);
              check(file, e.target.value);
            }}
          />
        </label>
        <div style={{ flex: "2 1 240px" }}>
          <Text
            as="label"
            htmlFor={`record-file-${machine.id}`}
            size="2"
            weight="medium"
            mb="1"
            style={{ display: "block" }}
          >
            Sales report
          </Text>
          <FilePicker
            id={`record-file-${machine.id}`}
            accept=".xlsx,.xls,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel,text/csv"
            onChange={onFile}
            aria-label="Sales report file"
            button="Choose file"
            chosen={file?.name ?? "No file chosen"}
          />
        </div>
      </Flex>
      {reading ? (
        <Flex align="center" gap="2">
          <Spinner /> <Text size="2">Reading the file…</Text>
        </Flex>
      ) : null}
      {message && !reading ? (
        <Callout.Root color="red" role="alert">
          <Callout.Icon>
            <ExclamationTriangleIcon />
          </Callout.Icon>
          <Callout.Text>{message}</Callout.Text>
        </Callout.Root>
      ) : null}
      {askDateOrder && !reading ? (
        <DateOrderQuestion
          example={askDateOrder}
          onChoose={(order) => {
            setDateOrder(order);
            if (file) check(file, month, order);
          }}
        />
      ) : null}
      {shown ? <PreviewSummary preview={shown} /> : null}
      {paidMonths.length && !reading ? (
        <ConfirmCallout
          color="amber"
          label="Late sales for a paid month"
          heading="These are late sales for a paid month, which keeps what it paid. The difference becomes an adjustment:"
          items={paidMonths.map(paidMonthChangeText)}
          inline
          confirm={`Book the late sales and add the difference to ${formatMonth(paidMonths[0].targetMonth)}`}
          checked={adjustPaid}
          onChange={setAdjustPaid}
        />
      ) : null}
      {toConfirm.length && !reading ? (
        <ConfirmCallout
          color="red"
          label="Rows left out"
          heading="These rows carry money and will not be imported:"
          items={toConfirm.map(leftOutSentence)}
          inline
          confirm="Leave these rows out and save the rest"
          checked={accepted}
          onChange={setAccepted}
        />
      ) : null}
      <Flex gap="3" justify="end" mt="2">
        <Dialog.Close>
          <Button type="button" variant="soft" color="gray">
            Cancel
          </Button>
        </Dialog.Close>
        <Button
          onClick={() => {
            if (file) send(save, "record-add", file, month);
          }}
          loading={saving}
          disabled={
            reading ||
            !file ||
            !shown ||
            shown.imported === 0 ||
            (toConfirm.length > 0 && !accepted) ||
            (paidMonths.length > 0 && !adjustPaid)
          }
        >
          Save Record
        </Button>
      </Flex>
    </Flex>
  );
}

function PreviewSummary({ preview }: { preview: UploadResult }) {
  // Every row the file leaves out, with its revenue, but those the badges above already count.
  const leftOut = preview.leftOut.filter((l) => l.kind !== "duplicate" && l.kind !== "booked");
  return (
    <Flex direction="column" gap="3" aria-label="File contents">
      {preview.warnings.map((warning) => (
        <Callout.Root key={warning} color="amber" size="1">
          <Callout.Icon>
            <ExclamationTriangleIcon />
          </Callout.Icon>
          <Callout.Text>{warning}</Callout.Text>
        </Callout.Root>
      ))}
      {preview.excluded.length ? (
        <Callout.Root color={preview.imported ? "amber" : "red"} size="1" role="status">
          <Callout.Icon>
            <ExclamationTriangleIcon />
          </Callout.Icon>
          <Callout.Text>
            Not imported: {preview.excluded.join("; ")}.
            {preview.imported ? "" : " Nothing in this file would be added."}
          </Callout.Text>
        </Callout.Root>
      ) : !preview.imported ? (
        <Callout.Root color="gray" size="1" role="status">
          <Callout.Text>Every transaction in this file is already imported: nothing would be added.</Callout.Text>
        </Callout.Root>
      ) : null}
      {preview.footer ? (
        <Text size="2" color={preview.footer.agrees ? "gray" : "amber"}>
          {footerSentence(preview.footer).replace(/^the/, "The")}.
        </Text>
      ) : null}
      <DataList.Root size="2">
        <DataList.Item>
          <DataList.Label minWidth="140px">Units</DataList.Label>
          <DataList.Value>{formatUnits(preview.units)}</DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label minWidth="140px">Revenue</DataList.Label>
          <DataList.Value>{formatGBP(preview.revenuePence)}</DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label minWidth="140px">COGS</DataList.Label>
          <DataList.Value>{formatGBP(preview.cogsPence)}</DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label minWidth="140px">Transactions</DataList.Label>
          <DataList.Value>
            <Flex gap="2" wrap="wrap">
              <Badge highContrast color="green">
                {preview.imported} new
              </Badge>
              {preview.duplicates ? (
                <Badge highContrast color="gray">
                  {preview.duplicates} already imported
                </Badge>
              ) : null}
              {preview.refunds ? (
                <Badge highContrast color="amber">
                  {formatCount(preview.refunds, "refund")}
                </Badge>
              ) : null}
              {preview.outsideMonth ? (
                <Badge highContrast color="amber">
                  {preview.outsideMonth} dated outside the month
                </Badge>
              ) : null}
              {preview.alreadyBooked.map((b) => (
                <Badge key={b.reason} highContrast color="red">
                  {b.count} {b.reason}
                </Badge>
              ))}
            </Flex>
          </DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label minWidth="140px">Rows left out</DataList.Label>
          <DataList.Value>{leftOut.length ? leftOut.map(leftOutSentence).join("; ") : "none"}</DataList.Value>
        </DataList.Item>
      </DataList.Root>
      {preview.topProducts.length ? (
        <Table.Root size="1" variant="surface">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>Top products</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell justify="end">Sold</Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {preview.topProducts.map((p) => (
              <Table.Row key={p.name}>
                <Table.Cell>{p.name}</Table.Cell>
                <Table.Cell justify="end" className="vb-figure">
                  {formatUnits(p.count)}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      ) : null}
    </Flex>
  );
}

/** "Dates in this file are: day/month or month/day", each choice showing what the file's example becomes. */
function DateOrderQuestion({ example, onChoose }: { example: string; onChoose: (order: DateOrder) => void }) {
  const reading = (order: DateOrder) => {
    const iso = readExportDate(example, { order });
    // In words ("5 October 2026"): a date written in numbers would ask the same question again.
    return iso ? `${Number(iso.slice(8, 10))} ${formatMonth(iso.slice(0, 7))}` : null;
  };
  return (
    <Callout.Root color="amber" role="group" aria-label="Date order">
      <Callout.Icon>
        <ExclamationTriangleIcon />
      </Callout.Icon>
      <Flex direction="column" gap="2">
        <Callout.Text>
          The dates in this file{example ? ` (such as ${example})` : ""} can be read either way, and nothing in the file
          says which. Nothing is guessed:
        </Callout.Text>
        <Text size="2" weight="medium">
          Dates in this file are:
        </Text>
        <Flex gap="2" wrap="wrap">
          {(
            [
              ["dmy", "day/month"],
              ["mdy", "month/day"],
            ] as const
          ).map(([order, label]) => (
            <Button key={order} type="button" variant="soft" onClick={() => onChoose(order)}>
              {label}
              {reading(order) ? ` (${reading(order)})` : ""}
            </Button>
          ))}
        </Flex>
      </Flex>
    </Callout.Root>
  );
}
