/**
 * The body of Add Monthly Record (add-record-dialog.tsx), a chunk of its own fetched when the
 * dialog opens: the month and the export, what it contains (Preview), then Save. Both post the
 * file as a multipart form to the page's action through fetchers: intent record-preview answers
 * the figures (nothing saved), record-add imports and answers its toast. Before the scripts have
 * loaded (its page without JavaScript) it is a plain multipart form (no-script-record-form.tsx).
 */
import { Button, Callout, Flex, Spinner, Text, TextField } from "@radix-ui/themes";
import { ExclamationTriangleIcon } from "@radix-ui/react-icons";
import { useFetcher } from "@remix-run/react";
import { useState, type ChangeEvent } from "react";
import { formatMonth, previousMonth } from "#domain/shared/dates.ts";
import { leftOutSentence } from "#domain/imports/import-words.ts";
import { paidMonthChangeText } from "#domain/commissions/correction-words.ts";
import type { ActionFailure, ActionReply } from "#app/utils/action-reply.ts";
import { FilePicker } from "../file-picker.tsx";
import { ConfirmCallout } from "../confirm-callout.tsx";
import { isFailure, useActionReply, useFailureToast, useHydrated, withScript } from "../forms.tsx";
import { CancelButton } from "../route-forms.tsx";
import type { RecordPreviewReply } from "./add-record-dialog.tsx";
import { NoScriptRecordForm } from "./no-script-record-form.tsx";
import { DateOrderQuestion, PreviewSummary } from "./record-preview.tsx";

/** The names the upload takes: .xlsx and .xls as the spec says, and .csv exports. */
const EXPORT_NAME = /\.(xlsx|xls|csv)$/i;

export function AddRecordForm({
  machine,
  uploadMaxMb,
  onSaved,
  backTo,
}: {
  machine: { id: number };
  uploadMaxMb: number;
  onSaved: () => void;
  /** On the form's own page: where Cancel and a success go back to. */
  backTo?: string;
}) {
  const hydrated = useHydrated();
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
  if (!hydrated) return <NoScriptRecordForm machineId={machine.id} backTo={backTo} />;
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
      {shown ? (
        <PreviewSummary preview={shown} monthHas={answer && "preview" in answer ? answer.monthHas : null} />
      ) : null}
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
        <CancelButton to={backTo} />
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
