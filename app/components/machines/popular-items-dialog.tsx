/** Popular Items: the machine's ten best sellers by units, read when the dialog opens (the table is its own chunk, popular-items-table.tsx). */
import { Button, Dialog, Flex } from "@radix-ui/themes";
import { useFetcher } from "@remix-run/react";
import { useEffect, useState } from "react";
import type { MachineDialogData } from "#app/routes/resources.machines.$id.$view.ts";
import { DialogPart, lazyPart, MountOnOpen, preloadOn } from "../lazy-part.tsx";
import { dialogWidth } from "./dialog-load-state.tsx";

const PopularItemsTable = lazyPart(() => import("./popular-items-table.tsx").then((m) => m.PopularItemsTable));

export function PopularItemsDialog(props: { machine: { id: number; location: string } }) {
  return (
    <MountOnOpen
      label="Popular Items"
      preload={PopularItemsTable.preload}
      dialog={() => <PopularItemsDialogOpen {...props} />}
    />
  );
}

/** Mounted by the first opening, open; read then, and again at each opening after. */
function PopularItemsDialogOpen({ machine }: { machine: { id: number; location: string } }) {
  const [open, setOpen] = useState(true);
  const fetcher = useFetcher<MachineDialogData>({ key: `machine-${machine.id}-popular` });
  const loading = fetcher.state === "loading";
  const error = fetcher.data && "error" in fetcher.data ? fetcher.data.error : null;
  const data = fetcher.data && "popular" in fetcher.data ? fetcher.data.popular : null;
  const url = `/resources/machines/${machine.id}/popular`;
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
      <Dialog.Trigger {...preloadOn(PopularItemsTable.preload)}>
        <Button variant="soft" size="2">
          Popular Items
        </Button>
      </Dialog.Trigger>
      {/* A message's width when the machine has no sales yet or the read failed. */}
      <Dialog.Content maxWidth={dialogWidth(!error && (!data || data.length > 0), "560px")}>
        <Dialog.Title>Popular Items</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="3">
          {machine.location}
        </Dialog.Description>
        <DialogPart>
          <PopularItemsTable data={data} loading={loading} error={error} />
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
