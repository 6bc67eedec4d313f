/** Demo data: an admin, partners of all four types, machines, 12 months of sales, invoices in every status. */
import type { DB } from "../../db/database.ts";
import { buildExport, seededRandom } from "../../db/sample-export.ts";
import {
  addDaysIso,
  addMonthsRollingIso,
  currentMonth,
  isoDay,
  previousMonth,
  recentMonths,
} from "#domain/shared/dates.ts";
import { markCommissionPaid } from "#domain/commissions/commission-payment-service.ts";
import { sql } from "kysely";
import { generateInvoice } from "#domain/invoices/invoice-generation.ts";
import { updateInvoiceStatus } from "#domain/invoices/invoice-lifecycle.ts";
import { recordPayment } from "#domain/receivables/payment-service.ts";
import type { InvoiceStatus, PaymentPeriod } from "#domain/invoices/invoice-rules.ts";
import type { PartnerType } from "#domain/partners/partner-rules.ts";
import { lastDayOfMonth } from "#domain/month-close/month-close-rules.ts";
import { importUpload } from "#domain/imports/import-service.ts";
import { createUser } from "#domain/accounts/user-service.ts";
import { updateBusinessProfile } from "#domain/business/business-service.ts";
import type { BusinessProfileInput } from "#domain/business/business-schemas.ts";
import { demoLogoPng } from "./demo-logo.ts";

export interface DemoLogin {
  role: string;
  username: string;
  password: string;
}

/** The demo operator's own details (/admin/settings): on every invoice, statement and email. VAT-registered at 20%. */
export const DEMO_BUSINESS: BusinessProfileInput = {
  tradingName: "Vendboard Vending Ltd",
  address: "Unit 4, Aire Street Works\nAire Street\nLeeds LS1 4PR",
  companyNumber: "12345678",
  vatNumber: "GB123456789",
  vatRate: 2000,
  bankAccountName: "Vendboard Vending Ltd",
  bankSortCode: "40-11-62",
  bankAccountNumber: "71234568",
  bankIban: "GB29NWBK60161331926819",
  contactEmail: "accounts@vendboard.example",
  website: "https://vendboard.example",
  // Payout references take the trading name's initials: "VV COMM 2026-10".
  payoutPrefix: null,
};

const PARTNER_PASSWORD = "partner-demo-1";
const ADMIN_PASSWORD = "admin-demo-1";

interface DemoPartner {
  username: string;
  name: string;
  partnerType: PartnerType;
  commissionBp: number;
  monthlyFeePence?: number;
  email: string | null;
  billingAddress: string;
  bankName?: string;
  accountHolderName?: string;
  accountNumber?: string;
  sortCode?: string;
  /** An inactive machine stops selling `stoppedMonthsAgo` months before the current month. */
  machines: { location: string; baseUnits: number; status?: "active" | "inactive"; stoppedMonthsAgo?: number }[];
}

const PARTNERS: DemoPartner[] = [
  {
    username: "leeds-station",
    name: "Leeds Station Retail",
    partnerType: "profit-sharing",
    commissionBp: 1250,
    email: "accounts@leeds-station.example",
    billingAddress: "New Station Street, Leeds LS1 4DY",
    bankName: "Yorkshire Bank",
    accountHolderName: "Leeds Station Retail Ltd",
    accountNumber: "41234567",
    sortCode: "05-01-23",
    machines: [
      { location: "Leeds Station Concourse", baseUnits: 420 },
      { location: "Leeds Station Platform 8", baseUnits: 260 },
    ],
  },
  {
    username: "york-health",
    name: "York Hospital Trust",
    partnerType: "tiered-profit-sharing",
    commissionBp: 1000,
    email: "estates@york-health.example",
    billingAddress: "Wigginton Road, York YO31 8HE",
    bankName: "NatWest",
    accountHolderName: "York Hospital Trust",
    accountNumber: "87654321",
    sortCode: "60-02-14",
    machines: [
      { location: "York Hospital Atrium", baseUnits: 520 },
      { location: "York Hospital Outpatients", baseUnits: 310 },
      { location: "York Hospital Staff Room", baseUnits: 140 },
    ],
  },
  {
    username: "bradford-library",
    name: "Bradford Library",
    partnerType: "non-profit-sharing",
    commissionBp: 0,
    email: null,
    billingAddress: "Centenary Square, Bradford BD1 1HY",
    machines: [{ location: "Bradford Library", baseUnits: 230 }],
  },
  {
    username: "harrogate-gym",
    name: "Harrogate Fitness Club",
    partnerType: "fee-paying",
    commissionBp: 0,
    monthlyFeePence: 7500,
    email: "manager@harrogate-gym.example",
    billingAddress: "12 Station Parade, Harrogate HG1 1UE",
    bankName: "Barclays",
    accountHolderName: "Harrogate Fitness Club",
    accountNumber: "20456789",
    sortCode: "20-45-77",
    machines: [
      { location: "Harrogate Gym Reception", baseUnits: 280 },
      { location: "Harrogate Gym Pool Side", baseUnits: 90, status: "inactive", stoppedMonthsAgo: 4 },
    ],
  },
];

export async function seedDemo(db: DB, dataDir: string, now: Date = new Date()): Promise<DemoLogin[]> {
  const random = seededRandom(20261122);
  let nextTransactionId = 7_000_000_000;
  const logins: DemoLogin[] = [];
  const admin = await createUser(db, {
    username: "admin",
    password: ADMIN_PASSWORD,
    name: "Alex Morgan",
    isAdmin: true,
  });
  logins.push({ role: "admin", username: admin.username, password: ADMIN_PASSWORD });
  // Before any invoice: invoices keep the VAT rate in force when they are raised.
  await updateBusinessProfile(db, DEMO_BUSINESS, { upload: demoLogoPng() }, admin.id);

  // Twelve complete months up to last month, plus the current month so far.
  const months = recentMonths(previousMonth(now), 12).reverse();
  const thisMonth = currentMonth(now);

  for (const demo of PARTNERS) {
    const partner = await createUser(
      db,
      {
        username: demo.username,
        password: PARTNER_PASSWORD,
        name: demo.name,
        partnerType: demo.partnerType,
        commissionBp: demo.commissionBp,
        monthlyFeePence: demo.monthlyFeePence ?? null,
        paymentPeriod: demo.partnerType === "fee-paying" ? "monthly" : null,
        email: demo.email,
        billingAddress: demo.billingAddress,
        bankName: demo.bankName ?? null,
        accountHolderName: demo.accountHolderName ?? null,
        accountNumber: demo.accountNumber ?? null,
        // Kept as its 6 digits, as the forms keep it (bank-rules.ts); shown 05-01-23.
        sortCode: demo.sortCode?.replace(/\D/g, "") ?? null,
      },
      admin.id,
    );
    logins.push({ role: demo.partnerType, username: partner.username, password: PARTNER_PASSWORD });

    // Twelve months of sales per machine, written through the import the product uses.
    for (const spec of demo.machines) {
      const machine = await db
        .insertInto("machines")
        .values({ partnerId: partner.id, location: spec.location, status: spec.status ?? "active" })
        .returning("id")
        .executeTakeFirstOrThrow();
      // A machine made inactive has no sales after it stopped.
      const stoppedAt = spec.stoppedMonthsAgo ? recentMonths(thisMonth, spec.stoppedMonthsAgo + 1).at(-1)! : null;
      for (const [index, month] of [...months, thisMonth].entries()) {
        if (stoppedAt && month >= stoppedAt) continue;
        const season = 1 + 0.18 * Math.sin((index / 12) * 2 * Math.PI);
        const days = month === thisMonth ? Math.max(1, now.getUTCDate() - 1) : undefined;
        const partial = days ? days / 30 : 1;
        const units = Math.max(1, Math.round(spec.baseUnits * season * (0.85 + random() * 0.3) * partial));
        const bytes = buildExport({
          location: spec.location,
          month,
          units,
          firstTransactionId: nextTransactionId,
          random,
          days,
        });
        nextTransactionId += units;
        await importUpload(
          db,
          {
            machineId: machine.id,
            month,
            file: { name: `${spec.location.toLowerCase().replace(/\W+/g, "-")}-${month}.xlsx`, bytes },
          },
          { actorId: admin.id, dataDir },
        );
      }
    }

    // Commissions paid through the product (so the audit trail has them), ten days after each month
    // ended, for every month but the last two: the one before last is pending, last month not yet
    // paid; the month in progress is never paid.
    if (demo.partnerType === "profit-sharing" || demo.partnerType === "tiered-profit-sharing") {
      await db
        .insertInto("commissionPayments")
        .values({ partnerId: partner.id, month: months.at(-2)! })
        .execute();
      for (const month of months.slice(0, -2)) {
        await markCommissionPaid(db, partner.id, month, admin.id, addDaysIso(lastDayOfMonth(month), 10), now);
      }
    }

    // Fee invoices raised and settled through the product, back to back (no two for one period):
    // paid history with payment references, one overdue with a part paid (so the partner shows as
    // Overdue on every screen, and the statement of account has a partial payment and an overdue
    // balance) and one pending.
    if (demo.partnerType === "fee-paying" && demo.monthlyFeePence) {
      const plan: { period: PaymentPeriod; status: InvoiceStatus }[] = [
        { period: "6-months", status: "paid" },
        { period: "monthly", status: "paid" },
        { period: "monthly", status: "overdue" },
        { period: "monthly", status: "pending" },
      ];
      // Eight months of invoiced periods (6 + 1 + 1) end where the pending invoice starts, five days ago.
      let start = addMonthsRollingIso(addDaysIso(isoDay(now), -5), -8);
      let paidCount = 0;
      for (const { period, status } of plan) {
        const invoice = await generateInvoice(db, partner.id, period, admin.id, start);
        // Issued on the first day of its period, as the due check raises it (the statement dates an invoice by its issue).
        await sql`update fee_payments set created_at = ${`${start}T07:00:00.000Z`} where id = ${invoice.id}`.execute(
          db,
        );
        if (status === "paid") {
          const paidDate = addDaysIso(invoice.periodStart, 7);
          await updateInvoiceStatus(db, invoice.id, "paid", admin.id, isoDay(now), {
            paidDate,
            paymentReference: `BACS HFC-${String(++paidCount).padStart(4, "0")}`,
          });
        } else if (status === "overdue") {
          // £50.00 of it paid by card ten days in; the rest is overdue.
          await recordPayment(
            db,
            {
              partnerId: partner.id,
              receivedOn: addDaysIso(invoice.periodStart, 10),
              amountPence: 5000,
              method: "card",
              reference: "CARD 4417",
              allocations: [{ invoiceId: invoice.id, amountPence: 5000 }],
            },
            admin.id,
            isoDay(now),
          );
          await updateInvoiceStatus(db, invoice.id, "overdue", admin.id, isoDay(now));
        }
        start = addDaysIso(invoice.periodEnd, 1);
      }
    }
  }
  return logins;
}
