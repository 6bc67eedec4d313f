/**
 * How a month's commission is worked out, folded behind a disclosure (a <details>, so it opens before
 * the scripts load): the month's revenue, COGS, 2.99% card fee and net profit, the agreement in words,
 * each line's arithmetic and the adjustments added. The admin's Commission Due card and the partner's
 * dashboard show the same (monthWorking in domain/commissions/month-working.ts).
 */
import { Link, Text } from "@radix-ui/themes";
import { useFetcher, useLocation } from "@remix-run/react";
import type { CommissionWorking } from "#domain/commissions/month-working.ts";
import { CARD_FEE_BP, formatRate } from "#domain/shared/commission-rules.ts";
import { formatPence } from "#domain/shared/money.ts";
import { adjustmentText } from "#domain/agreements/agreement-words.ts";
import { formatMonth } from "#domain/shared/dates.ts";
import { MoneyText } from "../money-text.tsx";
import { useHydrated } from "../forms.tsx";
import "./agreement.css";

export type { CommissionWorking };

/** `month` is the month's label ("October 2026"). */
export function Working({ working, month }: { working: CommissionWorking; month: string }) {
  return (
    <details className="vb-working">
      <summary>How it&apos;s worked out</summary>
      <WorkingBody working={working} month={month} />
    </details>
  );
}

function WorkingBody({ working, month }: { working: CommissionWorking; month: string }) {
  const f = working.figures;
  return (
    // Focusable, so a keyboard can scroll a long list.
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
  );
}

/** Where a month's working is fetched from (`resources.partners.$id.working.ts`). */
export const workingUrl = (partnerId: number, month: string) =>
  `/resources/partners/${partnerId}/working?month=${month}`;

/**
 * A month's working fetched when it is opened: the dashboard lists twelve months, and drawing each
 * month's lines in the page made it two and a half times the markup. `working` is given when the
 * page has it (last month, or the month asked for with `?working=` by a browser without the
 * scripts, which then opens it); else the disclosure holds a link that asks the page again with it.
 */
export function LazyWorking({
  partnerId,
  month,
  working,
  open = false,
}: {
  partnerId: number;
  /** YYYY-MM */
  month: string;
  working: CommissionWorking | null;
  open?: boolean;
}) {
  const label = formatMonth(month);
  const fetcher = useFetcher<{ month: string; working?: CommissionWorking }>();
  const hydrated = useHydrated();
  const { search } = useLocation();
  const shown = working ?? fetcher.data?.working ?? null;
  const params = new URLSearchParams(search);
  params.set("working", month);
  const fallback = (
    <Link size="1" href={`?${params}#working-${month}`}>
      Show how {label} is worked out
    </Link>
  );
  return (
    <details
      id={`working-${month}`}
      className="vb-working"
      open={open || undefined}
      onToggle={(event) => {
        if (event.currentTarget.open && !shown && fetcher.state === "idle" && !fetcher.data)
          fetcher.load(workingUrl(partnerId, month));
      }}
    >
      <summary>How it&apos;s worked out</summary>
      {shown ? (
        <WorkingBody working={shown} month={label} />
      ) : hydrated && !fetcher.data ? (
        <Text as="p" size="1" color="gray" role="status">
          Loading how {label} is worked out…
        </Text>
      ) : (
        // Without the scripts, or when the fetch failed: the page itself, with this month's working.
        fallback
      )}
    </details>
  );
}
