/**
 * Products Analytics' cost list (app/routes/admin.products.tsx): the cost per unit (excluding VAT)
 * in force today for each product on the list, a form to set one product's cost from a day, and a
 * sheet upload. Names no product has come back as a question (CostQuestion) whose form posts the
 * costs read back with `cost-confirm`. Plain forms posting to the page's action, so every change
 * works the same with and without the scripts.
 */
import { Box, Button, Callout, Card, Flex, Grid, Heading, Table, Text, TextField } from "@radix-ui/themes";
import { Form, Link, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { formatPence } from "#domain/shared/money.ts";
import { formatCount, formatDate } from "#domain/shared/format.ts";
import type { ProductCostRow } from "#domain/products/cost-list-service.ts";
import type { ActionFailure } from "#app/utils/action-reply.ts";
import type { CostQuestion } from "#app/utils/intents/products.server.ts";
import { Field } from "../field.tsx";
import { FilePicker } from "../file-picker.tsx";
import { ScrollTable } from "../scroll-table.tsx";

const dayText = (day: string) => formatDate(`${day}T00:00:00.000Z`);

/** The names no product has, and the button that adds them and saves the costs read. */
function ConfirmUnknown({ question }: { question: CostQuestion }) {
  const names = question.unknown.map((n) => `'${n}'`).join(", ");
  return (
    <Callout.Root color="amber" mb="3" role="alert">
      <Flex direction="column" gap="2">
        <Callout.Text>
          No product is named {names}. Nothing was saved: add{" "}
          {question.unknown.length === 1 ? "it as a new product" : "them as new products"} and save the{" "}
          {formatCount(question.costs.length, "cost")}?
        </Callout.Text>
        <Form method="post" encType="multipart/form-data" preventScrollReset>
          <input type="hidden" name="intent" value="cost-confirm" />
          <input type="hidden" name="costs" value={JSON.stringify(question.costs)} />
          {question.fileName ? <input type="hidden" name="fileName" value={question.fileName} /> : null}
          <Flex gap="2" wrap="wrap">
            <Button type="submit">Add {formatCount(question.unknown.length, "product")} and save</Button>
            <Button asChild variant="soft" color="gray">
              <Link to="/admin/products" preventScrollReset>
                Cancel
              </Link>
            </Button>
          </Flex>
        </Form>
      </Flex>
    </Callout.Root>
  );
}

export function CostListSection({
  costs,
  total,
  reply,
  today,
}: {
  costs: ProductCostRow[];
  total: number;
  reply: ActionFailure | CostQuestion | undefined;
  today: string;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction?.startsWith("/admin/products");
  const [chosen, setChosen] = useState<string | null>(null);
  const failure = reply && "error" in reply ? reply : null;
  const question = reply && "unknown" in reply ? reply : null;
  const values = failure?.intent === "cost-set" ? failure.values : undefined;
  // With the scripts a saved cost comes back to the same page: its form is emptied for the next one.
  const setForm = useRef<HTMLFormElement>(null);
  const sent = useRef(false);
  useEffect(() => {
    if (navigation.state === "submitting" && navigation.formData?.get("intent") === "cost-confirm") sent.current = true;
    if (navigation.formData?.get("intent") === "cost-set") sent.current = true;
    if (navigation.state === "idle" && sent.current && !reply) {
      sent.current = false;
      setForm.current?.reset();
    }
  }, [navigation.state, navigation.formData, reply]);
  return (
    <Card size="2" mt="5" asChild>
      <section aria-labelledby="cost-list-title">
        <Heading as="h2" size="4" mb="1" id="cost-list-title">
          Cost list
        </Heading>
        <Text as="p" size="2" color="gray" mb="3">
          Each product&apos;s cost per unit, excluding VAT, from a date on. An export with no cost column takes the cost
          in force on each sale&apos;s date; imported sales keep the cost they were imported with.
        </Text>
        {failure ? (
          <Callout.Root color="red" mb="3" role="alert">
            <Callout.Text>{failure.error}</Callout.Text>
          </Callout.Root>
        ) : null}
        {question ? <ConfirmUnknown question={question} /> : null}
        <Grid columns={{ initial: "1", md: "2" }} gap="5" mb="4">
          <Form ref={setForm} method="post" preventScrollReset aria-label="Set one product's cost">
            <input type="hidden" name="intent" value="cost-set" />
            <Heading as="h3" size="3" mb="2">
              Set one product&apos;s cost
            </Heading>
            <Flex direction="column" gap="3">
              <Field label="Product name" htmlFor="cost-name">
                <TextField.Root id="cost-name" name="name" required maxLength={200} defaultValue={values?.name} />
              </Field>
              <Grid columns={{ initial: "1", xs: "2" }} gap="3">
                <Field label="Cost per unit, ex VAT (£)" htmlFor="cost-amount">
                  <TextField.Root
                    id="cost-amount"
                    name="cost"
                    required
                    inputMode="decimal"
                    placeholder="0.43"
                    defaultValue={values?.cost}
                  />
                </Field>
                <Field label="From" htmlFor="cost-from">
                  <TextField.Root
                    id="cost-from"
                    name="from"
                    type="date"
                    required
                    defaultValue={values?.from || today}
                  />
                </Field>
              </Grid>
              <Box>
                <Button type="submit" disabled={busy}>
                  Save cost
                </Button>
              </Box>
            </Flex>
          </Form>
          <Form method="post" encType="multipart/form-data" preventScrollReset aria-label="Upload a cost sheet">
            <input type="hidden" name="intent" value="cost-upload" />
            <Heading as="h3" size="3" mb="2">
              Upload a cost sheet
            </Heading>
            <Text as="p" size="2" color="gray" mb="3">
              An .xlsx, .xls or .csv file with the columns Product Name, Cost and, optionally, From (the upload date
              when blank). Names are matched ignoring case; new names are listed for you to confirm.
            </Text>
            <Flex direction="column" gap="3" align="start">
              <Field label="Cost sheet (.xlsx, .xls or .csv)" htmlFor="cost-sheet">
                <FilePicker
                  id="cost-sheet"
                  name="costSheet"
                  accept=".xlsx,.xls,.csv"
                  required
                  button="Choose sheet"
                  chosen={chosen ?? "No file chosen"}
                  onChange={(e) => setChosen(e.currentTarget.files?.[0]?.name ?? null)}
                />
              </Field>
              <Button type="submit" disabled={busy}>
                Upload costs
              </Button>
            </Flex>
          </Form>
        </Grid>
        {costs.length ? (
          <ScrollTable label="Products on the cost list" size="1">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeaderCell>Product Name</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell justify="end">Cost</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>From</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Next change</Table.ColumnHeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {costs.map((c) => (
                <Table.Row key={c.name}>
                  <Table.RowHeaderCell>{c.name}</Table.RowHeaderCell>
                  <Table.Cell justify="end" className="vb-figure">
                    {c.costPence === null ? "–" : formatPence(c.costPence)}
                  </Table.Cell>
                  <Table.Cell style={{ whiteSpace: "nowrap" }}>
                    {c.effectiveFrom ? dayText(c.effectiveFrom) : "not yet"}
                  </Table.Cell>
                  <Table.Cell style={{ whiteSpace: "nowrap" }}>
                    {c.next ? `${formatPence(c.next.costPence)} from ${dayText(c.next.effectiveFrom)}` : "–"}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </ScrollTable>
        ) : (
          <Text as="p" size="2" color="gray">
            No product has a cost on the list yet.
          </Text>
        )}
        {total > costs.length ? (
          <Text as="p" size="1" color="gray" mt="2">
            The first {costs.length} of {formatCount(total, "product")} by name.
          </Text>
        ) : null}
      </section>
    </Card>
  );
}
