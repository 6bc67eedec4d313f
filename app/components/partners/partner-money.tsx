/**
 * The partner dashboard's commission (profit-sharing types): the spec's three cards for last month
 * (Latest Profit Share, Revenue, Commission Due) saying where the money is, then the months before it
 * (12 in all, last month first), each with its status, adjustments, consolidated report, remittances
 * and how its figure is worked out (folded in a <details>, so everything works without JavaScript).
 */
import { Card, Flex, Grid, Heading, Link, Text } from "@radix-ui/themes";
import { CheckCircledIcon, ClockIcon, DownloadIcon } from "@radix-ui/react-icons";
import type { MoneyMonthView } from "#domain/payouts/partner-money-service.ts";
import { CARD_FEE_BP, formatRate } from "#domain/shared/commission-rules.ts";
import { formatDate, formatMonth } from "#domain/shared/dates.ts";
import { formatPence } from "#domain/shared/money.ts";
import { formatRemittanceId } from "#domain/shared/format.ts";
import { MoneyText } from "../money-text.tsx";
import { StatCard } from "../stat-card.tsx";
import { iconSprite } from "../icon-sprite.tsx";
import { LazyWorking, Working, type CommissionWorking } from "./commission-working.tsx";
import "./partner-money.css";

/** The download icon of every month's documents, drawn once (about 0.9 KB of path a link otherwise). */
const moneyIcons = iconSprite("money", { download: DownloadIcon });
const Download = () => <moneyIcons.Icon name="download" />;
/** The dashboard renders this once, with the money cards. */
export const MoneyIcons = moneyIcons.Sprite;

/** The consolidated report of a month (the partner's own; a refusal comes back as a toast). */
export const reportUrl = (partnerId: number, month: string) => `/resources/partners/${partnerId}/report?month=${month}`;

function Notes({ notes, month }: { notes: string[]; month: string }) {
  if (!notes.length) return null;
  return (
    <ul className="vb-money-notes" aria-label={`What ${month} includes and what was paid`}>
      {notes.map((note, i) => (
        <li key={i}>
          <Text size="1">
            <MoneyText text={note} />
          </Text>
        </li>
      ))}
    </ul>
  );
}

/** The month's documents: its consolidated report once it can be made, and a PDF per remittance. */
function Documents({
  partnerId,
  m,
}: {
  partnerId: number;
  m: Pick<MoneyMonthView, "month" | "reportAvailable" | "remittances">;
}) {
  const month = formatMonth(m.month);
  if (!m.reportAvailable && !m.remittances.length) return null;
  return (
    <Flex gap="3" wrap="wrap" className="vb-money-documents">
      {m.reportAvailable ? (
        <Link size="2" href={reportUrl(partnerId, m.month)} download="consolidated-report.pdf">
          <Download /> Report for {month} (PDF)
        </Link>
      ) : null}
      {m.remittances.map((r) => (
        <Link
          key={r.id}
          size="2"
          href={`/api/remittances/${r.id}`}
          title={`${formatPence(r.amountPence)}${r.paidDate ? ` paid on ${formatDate(r.paidDate)}` : ""}, reference ${r.reference}`}
          download={`remittance-${formatRemittanceId(r.id)}-${r.month}.pdf`}
        >
          <Download /> Remittance {formatRemittanceId(r.id)} (PDF)
        </Link>
      ))}
    </Flex>
  );
}

function StatusLines({ m }: { m: Pick<MoneyMonthView, "state" | "lines"> }) {
  const color = m.state === "waiting" ? "red" : m.state === "month_to_date" ? "gray" : "green";
  return (
    <>
      {m.lines.map((line) => {
        // The payment reference stays on one line, like each amount.
        const [words, reference] = line.split(/(?<=, reference )/);
        return (
          <Text key={line} as="p" size="2" weight="medium" color={color}>
            <MoneyText text={words} />
            {reference ? <span style={{ whiteSpace: "nowrap" }}>{reference}</span> : null}
          </Text>
        );
      })}
    </>
  );
}

/** Last month's three cards: the spec's Latest Profit Share, Revenue and Commission Due, each saying what it is made of. */
export function LastMonthCards({
  partnerId,
  m,
  revenuePence,
}: {
  partnerId: number;
  m: MoneyMonthView;
  revenuePence: number;
}) {
  const month = formatMonth(m.month);
  const f = m.working.figures;
  return (
    // Each card as tall as its content: the Commission Due card grows when its working opens.
    <Grid columns={{ initial: "1", sm: "3" }} gap="3" mb="4" align="start">
      <StatCard
        label="Latest Profit Share"
        value={formatPence(m.working.agreementPence)}
        note={`${month}: ${m.shareOf}`}
      />
      <StatCard
        label="Revenue"
        value={formatPence(revenuePence)}
        note={`${month}: less ${formatPence(f.cogsPence)} COGS and ${formatPence(f.cardFeePence)} card fee (${formatRate(CARD_FEE_BP)})`}
      />
      <Card
        size="2"
        style={{ boxShadow: `inset 0 0 0 2px var(--${m.complete ? "green" : "red"}-8)` }}
        aria-label="Commission Due"
      >
        <Flex direction="column" gap="1">
          <Flex justify="between" align="center">
            <Text size="2" color="gray" weight="medium">
              Commission Due
            </Text>
            {m.complete ? (
              <CheckCircledIcon color="var(--green-9)" width={20} height={20} aria-label="All machine reports are in" />
            ) : (
              <ClockIcon color="var(--red-9)" width={20} height={20} aria-hidden />
            )}
          </Flex>
          <Text size="6" weight="bold" className="vb-figure">
            {formatPence(m.amountPence)}
          </Text>
          <StatusLines m={m} />
          {m.complete ? null : (
            <Text size="1" color="red">
              Waiting for all machine reports
            </Text>
          )}
          <Notes notes={m.notes} month={month} />
          <Documents partnerId={partnerId} m={m} />
          <Working working={m.working} month={month} />
        </Flex>
      </Card>
    </Grid>
  );
}

/** A month of the list: its working is in the page only for last month and the month opened with `?working=`. */
export type MoneyListMonth = Omit<MoneyMonthView, "working"> & { working: CommissionWorking | null };

/** The ended months, last month first (12 in all): where each month's money is. */
export function MoneyMonths({
  partnerId,
  months,
  monthToDate,
  openMonth,
}: {
  partnerId: number;
  months: MoneyListMonth[];
  monthToDate: MoneyMonthView;
  /** The month whose working a browser without the scripts asked for (`?working=`): shown open. */
  openMonth?: string | null;
}) {
  return (
    <Card size="3" mb="5">
      <Heading as="h2" size="4" mb="1">
        Your commission, month by month
      </Heading>
      <Text as="p" size="2" color="gray" mb="3">
        The last {months.length === 1 ? "month" : `${months.length} months`}: what was paid and when, what is due, and
        what is still waiting for machine reports.
      </Text>
      <Text as="p" size="2" mb="3">
        <strong>{formatMonth(monthToDate.month)}</strong>: {monthToDate.lines.join(", ")},{" "}
        <MoneyText text={`${formatPence(monthToDate.amountPence)} so far`} />. It is paid once the month has ended and
        every machine has reported.
      </Text>
      <ol className="vb-money-months" aria-label="Commission by month">
        {months.map((m) => {
          const month = formatMonth(m.month);
          return (
            <li key={m.month} aria-label={month}>
              <Flex justify="between" align="baseline" gap="3" wrap="wrap">
                <Text size="3" weight="bold">
                  {month}
                </Text>
                <Text size="3" weight="bold" className="vb-figure">
                  {formatPence(m.amountPence)}
                </Text>
              </Flex>
              <StatusLines m={m} />
              <Notes notes={m.notes} month={month} />
              <Documents partnerId={partnerId} m={m} />
              <LazyWorking partnerId={partnerId} month={m.month} working={m.working} open={m.month === openMonth} />
            </li>
          );
        })}
      </ol>
    </Card>
  );
}
