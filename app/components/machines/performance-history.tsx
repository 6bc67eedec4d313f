/**
 * The body of View Performance History (performance-dialog.tsx), a chunk of its own fetched when
 * the dialog opens: the 12-month chart and a table per month, with each month's documents; an
 * admin's Delete posts intent record-delete to the page's action (a partner's page only reads).
 */
import { DialogEmptyState, DialogLoadState } from "./dialog-load-state.tsx";
import { Box, Flex, ScrollArea } from "@radix-ui/themes";
import { previousMonth } from "#domain/shared/dates.ts";
import type { MachineRecord } from "#domain/machines/machine-service.ts";
import { isProfitSharingType, type PartnerType } from "#domain/partners/partner-rules.ts";
import { SalesChart, twelveMonths } from "./sales-chart.tsx";
import { PerformanceTable } from "./performance-table.tsx";

export interface PerformanceProps {
  machine: { id: number; location: string };
  partnerType: PartnerType;
  commissionPercentage: string;
  canDelete: boolean;
}

export interface PerformanceHistoryProps extends PerformanceProps {
  /** The records once read (null before, or after a failure). */
  data: MachineRecord[] | null;
  loading: boolean;
  error: string | null;
}

export function PerformanceHistory({
  machine,
  partnerType,
  commissionPercentage,
  canDelete,
  data,
  loading,
  error,
}: PerformanceHistoryProps) {
  const records = data ?? [];
  const profitSharing = isProfitSharingType(partnerType);
  // Nothing to chart or list: the message alone, in a dialog sized to it (performance-dialog.tsx).
  if (!records.length) {
    return (
      <DialogLoadState loading={loading && !data} error={error} failure="Failed to fetch machine records">
        <DialogEmptyState
          title="No monthly records yet."
          detail="A month appears here once its sales report has been imported."
        />
      </DialogLoadState>
    );
  }
  return (
    <>
      <Box mb="3">
        <SalesChart
          title={`${machine.location}: units and revenue over 12 months`}
          data={twelveMonths(
            records.map((r) => ({ month: r.month, units: r.totalSales, revenuePence: r.revenuePence })),
            records[0].month > previousMonth() ? records[0].month : previousMonth(),
          )}
        />
      </Box>
      {/* At most the spec's 600px high; the table scrolls sideways inside itself (ScrollTable). */}
      <ScrollArea type="auto" scrollbars="vertical" style={{ maxHeight: 600 }}>
        <Flex direction="column" gap="4" pr="3">
          <PerformanceTable
            machine={machine}
            partnerType={partnerType}
            commissionPercentage={commissionPercentage}
            canDelete={canDelete}
            profitSharing={profitSharing}
            records={records}
          />
        </Flex>
      </ScrollArea>
    </>
  );
}
