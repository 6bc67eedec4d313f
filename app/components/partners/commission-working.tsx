/**
 * How a month's commission is worked out, folded behind a disclosure (a <details>, so it opens before
 * the scripts load): the month's revenue, COGS, 2.99% card fee and net profit, the agreement in words,
 * each line's arithmetic and the adjustments added. The admin's Commission Due card and the partner's
 * dashboard show the same (monthWorking in domain/commissions/month-working.ts).
 */
import { Text } from "@radix-ui/themes";
import type { CommissionWorking } from "#domain/commissions/month-working.ts";
import { CARD_FEE_BP, formatRate } from "#domain/shared/commission-rules.ts";
import { formatPence } from "#domain/shared/money.ts";
import { adjustmentText } from "#domain/agreements/agreement-words.ts";
import { MoneyText } from "../money-text.tsx";
import "./agreement.css";

export type { CommissionWorking };

/** `month` is the month's label ("October 2026"). */
export function Working({ working, month }: { working: CommissionWorking; month: string }) {
  const f = working.figures;
  return (
    <details className="vb-working">
      <summary>How it&apos;s worked out</summary>
      {/* Focusable, so a keyboard can scroll a long list. */}
      <div className="vb-working-body" tabIndex={0}>
        <ul className="vb-working-lines" aria-label={`Net profit for ${month}`}>
          <li>Revenue: {formatPence(f.revenuePence)}</li>
          <li>COGS: − {formatPence(f.cogsPence)}</li>
          <li>
            Card fee ({formatRate(CARD_FEE_BP)} of revenue): − {formatPence(f.cardFeePence)}
          </li>
          <li>
            <strong>Net profit: {formatPence(f.netProfitPence)}</strong>
          </li>
        </ul>
        <Text as="p" size="1" color="gray">
          Agreement: {working.terms.join("; ")}
        </Text>
        {working.lines.length ? (
          <ul className="vb-working-lines" aria-label={`Commission lines for ${month}`}>
            {working.lines.map((line, i) => (
              <li key={i}>{line}</li>
            ))}
          </ul>
        ) : (
          <Text as="p" size="1" color="gray">
            No records for {month} yet.
          </Text>
        )}
        {working.adjustments.length ? (
          <ul className="vb-working-lines" aria-label={`Adjustments added to ${month}`}>
            <li>Under the agreement: {formatPence(working.agreementPence)}</li>
            {working.adjustments.map((a, i) => (
              <li key={i}>
                <MoneyText text={adjustmentText(a)} />
              </li>
            ))}
          </ul>
        ) : null}
        {working.vat ? (
          <Text as="p" size="1">
            VAT at {formatRate(working.vat.rateBp)} on top of {formatPence(working.vat.exVatPence)} (self-billed):{" "}
            {formatPence(working.vat.vatPence)}
          </Text>
        ) : null}
      </div>
    </details>
  );
}
