/**
 * The partner page's list of payments and credit notes (PaymentsCard), and the balance left under
 * an invoice's amount once part of it is paid or credited (BalanceNote).
 */
import { Badge, Card, Heading, IconButton, Table, Text } from "@radix-ui/themes";
import { DownloadIcon, TrashIcon } from "@radix-ui/react-icons";
import { formatCreditNoteId, formatDate, formatPence } from "#domain/shared/format.ts";
import { PAYMENT_METHOD_LABELS } from "#domain/receivables/payment-rules.ts";
import type { PartnerReceivables } from "#domain/receivables/receivables-queries.ts";
import { ConfirmPost } from "../confirm-button.tsx";
import { PhoneLabel, ScrollTable } from "../scroll-table.tsx";
import { deletePaymentQuestion } from "./payment-questions.ts";

/** "£40.00 of £90.00 due" under an invoice's amount when part of it is paid or credited. */
export function BalanceNote({ balance }: { balance: { grossPence: number; balancePence: number } | undefined }) {
  if (!balance || balance.balancePence <= 0 || balance.balancePence >= balance.grossPence) return null;
  return (
    // Wraps between the figures, never inside one, so the column stays narrow.
    <Text as="div" size="1" color="orange" data-testid="invoice-balance">
      <span className="vb-figure">{formatPence(balance.balancePence)}</span> of{" "}
      <span className="vb-figure">{formatPence(balance.grossPence)}</span> due
    </Text>
  );
}

/** The partner's payments (with what each settles, and Delete) and credit notes (with their PDF). */
export function PaymentsCard({ receivables }: { receivables: PartnerReceivables }) {
  if (!receivables.payments.length && !receivables.creditNotes.length) return null;
  return (
    <Card size="1" mt="4">
      <Heading as="h3" size="3" m="2">
        Payments and Credit Notes
      </Heading>
      <ScrollTable label="Payments and credit notes" size="1" minWidth={620} cards>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell>Date</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Kind</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell justify="end">Amount</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Details</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Settles</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Actions</Table.ColumnHeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {[
            ...receivables.payments.map((p) => ({ day: p.receivedOn, key: `p${p.id}`, payment: p, note: null })),
            ...receivables.creditNotes.map((n) => ({ day: n.issuedOn, key: `c${n.id}`, payment: null, note: n })),
          ]
            .sort((a, b) => b.day.localeCompare(a.day) || b.key.localeCompare(a.key))
            .map(({ key, payment, note }) =>
              payment ? (
                <Table.Row key={key} align="center">
                  <Table.RowHeaderCell className="vb-figure">{formatDate(payment.receivedOn)}</Table.RowHeaderCell>
                  <Table.Cell data-label="Kind">
                    <Badge color="green">Payment</Badge>
                  </Table.Cell>
                  <Table.Cell justify="end" className="vb-figure" data-label="Amount">
                    {formatPence(payment.amountPence)}
                  </Table.Cell>
                  <Table.Cell data-label="Details">
                    {PAYMENT_METHOD_LABELS[payment.method]}
                    {payment.reference ? (
                      <Text as="div" size="1" color="gray" style={{ overflowWrap: "anywhere", maxWidth: "22ch" }}>
                        Ref: {payment.reference}
                      </Text>
                    ) : null}
                  </Table.Cell>
                  <Table.Cell data-label="Settles">
                    {payment.allocations.map((a) => `${a.displayId} ${formatPence(a.amountPence)}`).join(", ")}
                  </Table.Cell>
                  <Table.Cell className="vb-card-wide">
                    <ConfirmPost
                      intent="payment-delete"
                      fields={{ id: payment.id }}
                      trigger={
                        <IconButton
                          size="1"
                          variant="ghost"
                          color="red"
                          aria-label={`Delete payment of ${formatPence(payment.amountPence)} on ${formatDate(payment.receivedOn)}`}
                        >
                          <TrashIcon />
                          <PhoneLabel>Delete</PhoneLabel>
                        </IconButton>
                      }
                      {...deletePaymentQuestion(payment)}
                      cancelLabel="Keep"
                    />
                  </Table.Cell>
                </Table.Row>
              ) : note ? (
                <Table.Row key={key} align="center">
                  <Table.RowHeaderCell className="vb-figure">{formatDate(note.issuedOn)}</Table.RowHeaderCell>
                  <Table.Cell data-label="Kind">
                    <Badge color={note.kind === "cancellation" ? "gray" : "indigo"}>
                      {formatCreditNoteId(note.id)}
                    </Badge>
                  </Table.Cell>
                  <Table.Cell justify="end" className="vb-figure" data-label="Amount">
                    -{formatPence(note.amountPence)}
                  </Table.Cell>
                  <Table.Cell data-label="Details">
                    <Text style={{ overflowWrap: "anywhere" }}>{note.reason}</Text>
                  </Table.Cell>
                  <Table.Cell data-label="Settles" className="vb-figure">
                    {note.invoiceDisplayId}
                  </Table.Cell>
                  <Table.Cell className="vb-card-wide">
                    <IconButton size="1" variant="ghost" asChild>
                      <a href={note.pdfUrl} download aria-label={`Download ${formatCreditNoteId(note.id)}`}>
                        <DownloadIcon />
                        <PhoneLabel>Download</PhoneLabel>
                      </a>
                    </IconButton>
                  </Table.Cell>
                </Table.Row>
              ) : null,
            )}
        </Table.Body>
      </ScrollTable>
    </Card>
  );
}
