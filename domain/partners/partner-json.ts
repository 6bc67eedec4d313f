/**
 * Partners and the business-wide stats as the JSON API answers them (GET /api/partners,
 * /api/partners/{id}, /api/stats): the views' pence as pounds (pence inside, pounds in every
 * answer). Pure: the services' types are imported as types only.
 */
import { penceToPounds } from "../shared/money.ts";
import { partnerWithInvoicesJson } from "../invoices/invoice-json.ts";
import { machineJson } from "../machines/machine-json.ts";
import type { ListedPartner } from "./partner-list-service.ts";
import type { PartnerDetail, Stats } from "./partner-detail-service.ts";

/** A partner as listed: the user fields (the monthly fee in pounds), the machine count, all-time revenue and net profit in pounds, the invoices as the API answers them. */
export function listedPartnerJson({ totalRevenuePence, totalNetProfitPence, ...partner }: ListedPartner) {
  return {
    ...partnerWithInvoicesJson(partner),
    totalRevenue: penceToPounds(totalRevenuePence),
    totalNetProfit: penceToPounds(totalNetProfitPence),
  };
}

/** A partner's detail: the listed fields, every machine with its records, this month's revenue and last month's profit in pounds. */
export function partnerDetailJson({
  machines,
  currentMonthRevenuePence,
  latestMonthProfitPence,
  ...partner
}: PartnerDetail) {
  return {
    ...listedPartnerJson(partner),
    machines: machines.map(machineJson),
    currentMonthRevenue: penceToPounds(currentMonthRevenuePence),
    latestMonthProfit: penceToPounds(latestMonthProfitPence),
  };
}

export function statsJson(s: Stats) {
  return {
    totalPartners: s.totalPartners,
    currentMonth: s.currentMonth,
    currentMonthRevenue: penceToPounds(s.currentMonthRevenuePence),
    currentMonthNetProfit: penceToPounds(s.currentMonthNetProfitPence),
    currentMonthCommission: penceToPounds(s.currentMonthCommissionPence),
    allTimeRevenue: penceToPounds(s.allTimeRevenuePence),
    allTimeNetProfit: penceToPounds(s.allTimeNetProfitPence),
  };
}
