import { Button, Callout, Flex, Text, TextField } from "@radix-ui/themes";
import { ExclamationTriangleIcon } from "@radix-ui/react-icons";
import { Form } from "@remix-run/react";
import { previousMonth } from "#domain/shared/dates.ts";
import type { ActionFailure } from "#app/utils/action-reply.ts";
import { FilePicker } from "../file-picker.tsx";
import { isFailure } from "../forms.tsx";
import { CancelButton, RedirectField, useFormReply } from "../route-forms.tsx";
import type { RecordPreviewReply } from "./add-record-dialog.tsx";
import { PreviewSummary } from "./record-preview.tsx";

/**
 * The form before the scripts have loaded (its page without JavaScript): month, export, how its
 * dates read and the two confirmations, posted as a multipart form. Preview answers what the file
 * contains on the page (choose the file again to save it); Save Record imports it, and a file that
 * needs a confirmation is refused with the reason until its box is ticked.
 */
export function NoScriptRecordForm({ machineId, backTo }: { machineId: number; backTo?: string }) {
  const reply = useFormReply<RecordPreviewReply | ActionFailure>(undefined, "record-preview");
  const failed = useFormReply<ActionFailure>(undefined, "record-add");
  const shown = reply && "preview" in reply ? reply.preview : null;
  const failure = isFailure(reply) ? reply : isFailure(failed) ? failed : undefined;
  return (
    <Form method="post" encType="multipart/form-data" noValidate>
      <input type="hidden" name="machineId" value={machineId} />
      <RedirectField to={backTo} />
      <Flex direction="column" gap="3">
        <Flex gap="3" wrap="wrap">
          <label style={{ flex: "1 1 160px" }}>
            <Text as="div" size="2" weight="medium" mb="1">
              Month
            </Text>
            <TextField.Root type="month" name="month" defaultValue={failure?.values?.month ?? previousMonth()} />
          </label>
          <div style={{ flex: "2 1 240px" }}>
            <Text
              as="label"
              htmlFor={`record-file-${machineId}`}
              size="2"
              weight="medium"
              mb="1"
              style={{ display: "block" }}
            >
              Sales report
            </Text>
            <FilePicker
              id={`record-file-${machineId}`}
              name="reportFile"
              accept=".xlsx,.xls,.csv"
              aria-label="Sales report file"
              button="Choose file"
              chosen="No file chosen"
            />
          </div>
        </Flex>
        <label>
          <Text as="div" size="2" weight="medium" mb="1">
            Dates in this file are
          </Text>
          <select name="dateOrder" defaultValue={failure?.values?.dateOrder ?? ""} className="vb-native-select">
            <option value="">As the file says</option>
            <option value="dmy">day/month</option>
            <option value="mdy">month/day</option>
          </select>
        </label>
        <Text as="label" size="2">
          <input type="checkbox" name="acceptExclusions" value="true" /> Leave rows left out for their date out and save
          the rest
        </Text>
        <Text as="label" size="2">
          <input type="checkbox" name="adjustPaidMonths" value="true" /> Book late sales for a paid month and add the
          difference to the next open month
        </Text>
        {failure ? (
          <Callout.Root color="red" role="alert">
            <Callout.Icon>
              <ExclamationTriangleIcon />
            </Callout.Icon>
            <Callout.Text>{failure.error}</Callout.Text>
          </Callout.Root>
        ) : null}
        {reply && "preview" in reply && !reply.preview ? (
          <Callout.Root color="amber" role="alert">
            <Callout.Text>
              The dates in this file{reply.dateOrderExample ? ` (such as ${reply.dateOrderExample})` : ""} can be read
              either way: choose day/month or month/day.
            </Callout.Text>
          </Callout.Root>
        ) : null}
        {shown ? (
          <PreviewSummary preview={shown} monthHas={reply && "preview" in reply ? reply.monthHas : null} />
        ) : null}
        <Flex gap="3" justify="end" mt="2">
          <CancelButton to={backTo} />
          <Button type="submit" name="intent" value="record-preview" variant="soft">
            Preview
          </Button>
          <Button type="submit" name="intent" value="record-add">
            Save Record
          </Button>
        </Flex>
      </Flex>
    </Form>
  );
}
