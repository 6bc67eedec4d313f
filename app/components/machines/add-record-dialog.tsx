/** Add Monthly Record: pick the month and the export, see what it contains, then save. */
import { Badge, Button, Callout, DataList, Dialog, Flex, Spinner, Table, Text, TextField } from "@radix-ui/themes";
import { ExclamationTriangleIcon, UploadIcon } from "@radix-ui/react-icons";
import { useRef, useState, type ChangeEvent } from "react";
import { formatMonth, previousMonth } from "#domain/dates.ts";
import { formatGBP } from "#domain/money.ts";
import type { UploadResult } from "#domain/sales-import.ts";
import { ApiError, apiRequest } from "#app/utils/api-client.ts";
import { useToast } from "../toaster.tsx";

const EXCEL = /\.(xlsx|xls)$/i;

function upload(url: string, month: string, file: File): Promise<UploadResult> {
  const body = new FormData();
  body.set("month", month);
  body.set("reportFile", file);
  return apiRequest<UploadResult>("POST", url, body);
}

export function AddRecordDialog({ machine, onSaved }: { machine: { id: number; location: string }; onSaved: () => void }) {
  const [open, setOpen] = useState(false);
  const [month, setMonth] = useState(previousMonth());
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<UploadResult | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState<"preview" | "save" | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const toast = useToast();

  function reset() {
    setMonth(previousMonth());
    setFile(null);
    setPreview(null);
    setProblem(null);
    if (input.current) input.current.value = "";
  }

  async function check(nextFile: File | null, nextMonth: string) {
    setPreview(null);
    setProblem(null);
    if (!nextFile) return;
    if (!EXCEL.test(nextFile.name)) {
      setProblem("Please select an Excel file to upload");
      return;
    }
    setBusy("preview");
    try {
      setPreview(await upload(`/api/machines/${machine.id}/records/preview`, nextMonth, nextFile));
    } catch (error) {
      const message = error instanceof ApiError ? error.serverMessage : "Error processing Excel file";
      setProblem(message);
      toast({ title: "Error processing Excel file", description: message, variant: "destructive" });
    } finally {
      setBusy(null);
    }
  }

  function onFile(event: ChangeEvent<HTMLInputElement>) {
    const next = event.target.files?.[0] ?? null;
    setFile(next);
    void check(next, month);
  }

  async function save() {
    if (!file) {
      toast({ title: "No file selected", description: "Please select an Excel file to upload", variant: "destructive" });
      return;
    }
    setBusy("save");
    try {
      const result = await upload(`/api/machines/${machine.id}/records`, month, file);
      toast({
        title: "Monthly record added",
        description: `${formatMonth(result.month)}: ${result.imported} new ${result.imported === 1 ? "transaction" : "transactions"}, ${result.duplicates} already imported.`,
      });
      setOpen(false);
      reset();
      onSaved();
    } catch (error) {
      toast({ title: "Failed to add monthly record", description: error instanceof ApiError ? error.serverMessage : undefined, variant: "destructive" });
    } finally {
      setBusy(null);
    }
  }

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) reset();
      }}
    >
      <Dialog.Trigger>
        <Button variant="soft" size="2">
          <UploadIcon /> Add Monthly Record
        </Button>
      </Dialog.Trigger>
      <Dialog.Content maxWidth="620px">
        <Dialog.Title>Add Monthly Record</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="4">
          {machine.location}: upload the month&apos;s telemetry export (.xlsx or .xls). The figures are worked out from the file; you see them before saving.
        </Dialog.Description>
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
                  void check(file, e.target.value);
                }}
              />
            </label>
            <label style={{ flex: "2 1 240px" }}>
              <Text as="div" size="2" weight="medium" mb="1">
                Sales report
              </Text>
              <input
                ref={input}
                type="file"
                accept=".xlsx,.xls,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel"
                onChange={onFile}
                aria-label="Sales report file"
                style={{ width: "100%", fontSize: "var(--font-size-2)" }}
              />
            </label>
          </Flex>
          {busy === "preview" ? (
            <Flex align="center" gap="2">
              <Spinner /> <Text size="2">Reading the file…</Text>
            </Flex>
          ) : null}
          {problem ? (
            <Callout.Root color="red" role="alert">
              <Callout.Icon>
                <ExclamationTriangleIcon />
              </Callout.Icon>
              <Callout.Text>{problem}</Callout.Text>
            </Callout.Root>
          ) : null}
          {preview ? <PreviewSummary preview={preview} /> : null}
          <Flex gap="3" justify="end" mt="2">
            <Dialog.Close>
              <Button type="button" variant="soft" color="gray">
                Cancel
              </Button>
            </Dialog.Close>
            <Button onClick={save} loading={busy === "save"} disabled={busy === "preview" || Boolean(problem) || !preview || preview.imported === 0}>
              Save Record
            </Button>
          </Flex>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}

function PreviewSummary({ preview }: { preview: UploadResult }) {
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
            Not imported: {preview.excluded.join("; ")}.{preview.imported ? "" : " Nothing in this file would be added."}
          </Callout.Text>
        </Callout.Root>
      ) : !preview.imported ? (
        <Callout.Root color="gray" size="1" role="status">
          <Callout.Text>Every transaction in this file is already imported: nothing would be added.</Callout.Text>
        </Callout.Root>
      ) : null}
      <DataList.Root size="2">
        <DataList.Item>
          <DataList.Label minWidth="140px">Units</DataList.Label>
          <DataList.Value>{preview.units}</DataList.Value>
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
              <Badge highContrast color="green">{preview.imported} new</Badge>
              {preview.duplicates ? <Badge highContrast color="gray">{preview.duplicates} already imported</Badge> : null}
              {preview.refunds ? <Badge highContrast color="amber">{preview.refunds} refund(s)</Badge> : null}
              {preview.outsideMonth ? <Badge highContrast color="amber">{preview.outsideMonth} dated outside the month</Badge> : null}
              {preview.alreadyBooked.map((b) => (
                <Badge key={b.reason} highContrast color="red">
                  {b.count} {b.reason}
                </Badge>
              ))}
            </Flex>
          </DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label minWidth="140px">Rows skipped</DataList.Label>
          <DataList.Value>{preview.skipped.length ? preview.skipped.map((s) => `${s.count} ${s.reason}`).join("; ") : "none"}</DataList.Value>
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
                <Table.Cell justify="end">{p.count}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      ) : null}
    </Flex>
  );
}
