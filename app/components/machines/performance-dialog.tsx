/**
 * View Performance History: a 12-month chart and a table per month, with each month's documents.
 * The records are read with a fetcher (/resources/machines/{id}/records) when the dialog opens;
 * the chart and table are their own chunk (performance-history.tsx), fetched with them.
 */
import { Button, Dialog, Flex } from "@radix-ui/themes";
import { useFetcher } from "@remix-run/react";
import { useEffect, useState } from "react";
import type { MachineDialogData } from "#app/routes/resources.machines.$id.$view.ts";
import { DialogPart, lazyPart, MountOnOpen, preloadOn } from "../lazy-part.tsx";
import { dialogWidth } from "./dialog-load-state.tsx";
import type { PerformanceProps } from "./performance-history.tsx";

const PerformanceHistory = lazyPart(() => import("./performance-history.tsx").then((m) => m.PerformanceHistory));

export function PerformanceDialog(props: PerformanceProps) {
  return (
    <MountOnOpen
      label="View Performance History"
      preload={PerformanceHistory.preload}
      dialog={() => <PerformanceDialogOpen {...props} />}
    />
  );
}

/** Mounted by the first opening, open; read then, and again at each opening after. */
function PerformanceDialogOpen({ machine, partnerType, commissionPercentage, canDelete }: PerformanceProps) {
  const [open, setOpen] = useState(true);
  // Read when the dialog opens; Remix reads it again after any change the page makes (a deleted record).
  const fetcher = useFetcher<MachineDialogData>({ key: `machine-${machine.id}-records` });
  const loading = fetcher.state === "loading";
  const error = fetcher.data && "error" in fetcher.data ? fetcher.data.error : null;
  const data = fetcher.data && "records" in fetcher.data ? fetcher.data.records : null;

  const url = `/resources/machines/${machine.id}/records`;
  // The first opening mounted this dialog: read now (Remix's fetcher.load is not stable enough to be a dependency).
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => void fetcher.load(url), []);
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) fetcher.load(url);
      }}
    >
      <Dialog.Trigger {...preloadOn(PerformanceHistory.preload)}>
        <Button variant="soft" size="2">
          View Performance History
        </Button>
      </Dialog.Trigger>
      {/* Wide for the chart and table (and while they load); a message's width when there are none or the read failed. */}
      <Dialog.Content maxWidth={dialogWidth(!error && (!data || data.length > 0), "min(1000px, calc(100vw - 24px))")}>
        <Dialog.Title>Performance History</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="3">
          {machine.location}: monthly sales from the imported telemetry reports.
        </Dialog.Description>
        <DialogPart>
          <PerformanceHistory
            machine={machine}
            partnerType={partnerType}
            commissionPercentage={commissionPercentage}
            canDelete={canDelete}
            data={data}
            loading={loading}
            error={error}
          />
        </DialogPart>
        <Flex justify="end" mt="3">
          <Dialog.Close>
            <Button variant="soft" color="gray">
              Close
            </Button>
          </Dialog.Close>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}
