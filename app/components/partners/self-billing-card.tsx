/**
 * Partner detail, profit-sharing types: the Self-billing (VAT) card. Where the agreement stands
 * (lapsed said so in amber), its terms, the form that sets it (a plain form: the same with and
 * without JavaScript), ending it (asked first), and the self-billed invoices with their PDFs.
 * The form is drawn when asked (`?self-billing=edit`, a plain link) or when a save came back refused:
 * most partners have no agreement, and its four fields on every partner page cost every page view.
 */
import {
  Box,
  Button,
  Callout,
  Card,
  Flex,
  Grid,
  Heading,
  Link as RadixLink,
  Table,
  Text,
  TextField,
} from "@radix-ui/themes";
import { Form, Link, useLocation } from "@remix-run/react";
import { ExclamationTriangleIcon, InfoCircledIcon } from "@radix-ui/react-icons";
import type { SelfBillingView } from "#domain/self-billing/self-billing-service.ts";
import { formatRate } from "#domain/shared/commission-rules.ts";
import { formatDate, formatMonth } from "#domain/shared/dates.ts";
import { formatPence } from "#domain/shared/money.ts";
import type { ActionReply } from "#app/utils/action-reply.ts";
import { DetailsList } from "../details-list.tsx";
import { ConfirmPost } from "../confirm-button.tsx";
import { endSelfBillingQuestion } from "./self-billing-words.ts";

function Field({
  name,
  label,
  hint,
  error,
  defaultValue,
  type = "text",
  required,
}: {
  name: string;
  label: string;
  hint?: string;
  error?: string;
  defaultValue: string;
  type?: "text" | "date";
  required?: boolean;
}) {
  const id = `self-billing-${name}`;
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ");
  return (
    <Flex direction="column" gap="1">
      <Text as="label" size="2" weight="medium" htmlFor={id}>
        {label}
      </Text>
      <TextField.Root
        id={id}
        name={name}
        type={type}
        defaultValue={defaultValue}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
      />
      {hint ? (
        <Text id={`${id}-hint`} size="1" color="gray">
          {hint}
        </Text>
      ) : null}
      {error ? (
        <Text id={`${id}-error`} size="1" color="red">
          {error}
        </Text>
      ) : null}
    </Flex>
  );
}

/** The partner page's search parameter that draws the form. */
const EDIT_PARAM = "self-billing";

export function SelfBillingCard({
  partnerId,
  data,
  reply,
}: {
  partnerId: number;
  data: SelfBillingView;
  /** A save posted without JavaScript that failed: its field errors and what was sent. */
  reply?: ActionReply;
}) {
  const { agreement } = data;
  const failed = reply && "error" in reply && reply.intent === "self-billing-save" ? reply : undefined;
  const errors = failed?.fieldErrors ?? {};
  const sent = failed?.values;
  const value = (name: string, saved: string) => sent?.[name] ?? saved;
  const lapsed = data.state === "lapsed";
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const editing = params.get(EDIT_PARAM) === "edit" || Boolean(failed);
  params.delete(EDIT_PARAM);
  const rest = params.toString();
  const closed = `${location.pathname}${rest ? `?${rest}` : ""}`;
  params.set(EDIT_PARAM, "edit");
  const open = `${location.pathname}?${params}#self-billing-heading`;
  const formTitle = agreement ? "Change or renew" : "Start self-billing";
  return (
    <Card size="3" mb="6" asChild>
      <section aria-labelledby="self-billing-heading">
        <Heading as="h2" size="4" mb="1" id="self-billing-heading">
          Self-billing (VAT)
        </Heading>
        <Text as="p" size="2" color="gray" mb="3">
          For a VAT-registered partner who agrees that you raise their invoices (HMRC VAT Notice 700/62).
        </Text>
        <Callout.Root
          color={lapsed ? "amber" : data.state === "in_force" ? "green" : "gray"}
          mb="4"
          data-testid="self-billing-state"
        >
          <Callout.Icon>{lapsed ? <ExclamationTriangleIcon /> : <InfoCircledIcon />}</Callout.Icon>
          <Callout.Text>{data.stateText}</Callout.Text>
        </Callout.Root>
        {agreement ? (
          <Box mb="4">
            <DetailsList
              labelWidth="140px"
              rows={[
                ["Start date", formatDate(agreement.startDate)],
                ["Review date", formatDate(agreement.reviewDate)],
                ["Partner's VAT number", agreement.vatNumber],
                ["VAT rate", formatRate(agreement.vatRateBp)],
              ]}
            />
          </Box>
        ) : null}
        {editing ? (
          <>
            <Heading as="h3" size="3" mb="2">
              {formTitle}
            </Heading>
            <Form method="post" preventScrollReset aria-label="Self-billing agreement">
              <input type="hidden" name="intent" value="self-billing-save" />
              <input type="hidden" name="partnerId" value={partnerId} />
              {/* Saved, the page goes back to the card without its form. */}
              <input type="hidden" name="redirectTo" value={closed} />
              <Grid columns={{ initial: "1", sm: "2" }} gap="3" mb="3">
                <Field
                  name="startDate"
                  label="Start date"
                  type="date"
                  required
                  error={errors.startDate}
                  defaultValue={value("startDate", agreement?.startDate ?? "")}
                />
                <Field
                  name="reviewDate"
                  label="Review date"
                  type="date"
                  error={errors.reviewDate}
                  hint="Blank: 12 months after the start. A later date renews it."
                  defaultValue={value("reviewDate", agreement?.reviewDate ?? "")}
                />
                <Field
                  name="vatNumber"
                  label="Partner's VAT number"
                  required
                  error={errors.vatNumber}
                  defaultValue={value("vatNumber", agreement?.vatNumber ?? "")}
                />
                <Field
                  name="vatRate"
                  label="VAT rate (%)"
                  required
                  error={errors.vatRate}
                  hint="The rate the partner's accountant gives: never assumed."
                  defaultValue={value("vatRate", agreement ? String(agreement.vatRateBp / 100) : "")}
                />
              </Grid>
              <Flex gap="3" align="center" wrap="wrap">
                <Button type="submit">{agreement ? "Save self-billing" : "Start self-billing"}</Button>
                <Button asChild variant="ghost" color="gray">
                  <Link to={closed} preventScrollReset>
                    Cancel
                  </Link>
                </Button>
              </Flex>
            </Form>
          </>
        ) : (
          <Button asChild variant="soft">
            <Link to={open} preventScrollReset>
              {formTitle}
            </Link>
          </Button>
        )}
        {agreement ? (
          // Its own form (a form may not hold another), under the save button.
          <Box mt="3">
            <ConfirmPost
              intent="self-billing-remove"
              fields={{ partnerId }}
              {...endSelfBillingQuestion}
              trigger={
                <Button variant="soft" color="red">
                  End self-billing
                </Button>
              }
            />
          </Box>
        ) : null}
        {data.invoices.length ? (
          <Box mt="5">
            <Heading as="h3" size="3" mb="2">
              Self-billed invoices
            </Heading>
            <Table.Root size="1" variant="surface">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeaderCell>Invoice</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>Month</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell justify="end">Before VAT</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell justify="end">VAT</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell justify="end">Total</Table.ColumnHeaderCell>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {data.invoices.map((i) => (
                  <Table.Row key={i.number}>
                    <Table.RowHeaderCell>
                      <RadixLink href={`/api/partners/${partnerId}/self-billed-invoices/${i.month}`} download>
                        {i.number}
                      </RadixLink>
                    </Table.RowHeaderCell>
                    <Table.Cell>{formatMonth(i.month)}</Table.Cell>
                    <Table.Cell justify="end" className="vb-figure">
                      {formatPence(i.exVatPence)}
                    </Table.Cell>
                    <Table.Cell justify="end" className="vb-figure">
                      {formatPence(i.vatPence)} ({formatRate(i.vatRateBp)})
                    </Table.Cell>
                    <Table.Cell justify="end" className="vb-figure">
                      {formatPence(i.totalPence)}
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Box>
        ) : null}
      </section>
    </Card>
  );
}
