/** The Edit agreement form's preview: last month under the current and the new terms, line by line. */
import { Box, Callout, Checkbox, Flex, Grid, Heading, Text } from "@radix-ui/themes";
import type { AgreementPreview } from "#domain/agreements/agreement-service.ts";
import { formatMonth } from "#domain/shared/dates.ts";
import { formatSignedPence as signed } from "#domain/shared/format.ts";
import { formatPence } from "#domain/shared/money.ts";

function Lines({ lines, label }: { lines: AgreementPreview["current"]["lines"]; label: string }) {
  if (!lines.length) {
    return (
      <Text as="p" size="1" color="gray">
        No records for the month.
      </Text>
    );
  }
  return (
    // Focusable, so a keyboard can scroll a long list.
    <div className="vb-preview-lines" tabIndex={0}>
      <ul className="vb-working-lines" aria-label={label}>
        {lines.map((line, i) => (
          <li key={i}>{line.text}</li>
        ))}
      </ul>
    </div>
  );
}

/** Last month under the current and the new terms, line by line, and the paid months the change reaches. */
export function PreviewPanel({
  preview,
  adjust,
  onAdjust,
}: {
  preview: AgreementPreview;
  adjust: boolean;
  onAdjust: (checked: boolean) => void;
}) {
  const month = formatMonth(preview.month);
  const difference = preview.proposed.commissionPence - preview.current.commissionPence;
  return (
    <Box asChild p="3" style={{ background: "var(--gray-a2)", borderRadius: "var(--radius-3)" }}>
      <section aria-label="Preview">
        <Heading as="h3" size="3" mb="3">
          {month} under each agreement
        </Heading>
        <Grid columns={{ initial: "1", sm: "2" }} gap="4">
          {(
            [
              ["Current terms", preview.current],
              ["New terms", preview.proposed],
            ] as const
          ).map(([title, side]) => (
            <Box asChild key={title}>
              <section aria-label={title}>
                <Text as="p" size="1" color="gray">
                  {title}
                </Text>
                <Flex align="baseline" gap="2" wrap="wrap">
                  <Text size="5" weight="bold">
                    {formatPence(side.commissionPence)}
                  </Text>
                  {side === preview.proposed && difference ? (
                    <Text size="2" weight="medium" color={difference > 0 ? "green" : "red"} highContrast>
                      {signed(difference)}
                    </Text>
                  ) : null}
                </Flex>
                <Text as="p" size="1" color="gray" mb="2">
                  {side.description.join("; ")}
                </Text>
                <Lines lines={side.lines} label={`${title} lines`} />
              </section>
            </Box>
          ))}
        </Grid>
        {preview.paidMonths.length ? (
          <Callout.Root color="orange" highContrast mt="4">
            <Box>
              <Text as="p" size="2" weight="medium" mb="1">
                Paid months keep what they paid. Under the new terms they differ:
              </Text>
              <ul className="vb-working-lines" aria-label="Paid months the change reaches">
                {preview.paidMonths.map((p) => (
                  <li key={p.month}>
                    {formatMonth(p.month)}: paid {formatPence(p.paidPence)}, new terms {formatPence(p.proposedPence)}
                    {p.adjustedPence ? `, already adjusted ${signed(p.adjustedPence)}` : ""}, difference{" "}
                    {signed(p.differencePence)} to {formatMonth(p.targetMonth)}
                  </li>
                ))}
              </ul>
              <Text as="label" size="2" mt="2" style={{ display: "flex", gap: "var(--space-2)", alignItems: "center" }}>
                <Checkbox checked={adjust} onCheckedChange={(checked) => onAdjust(checked === true)} />
                Add these differences to the next open month
              </Text>
            </Box>
          </Callout.Root>
        ) : null}
      </section>
    </Box>
  );
}
