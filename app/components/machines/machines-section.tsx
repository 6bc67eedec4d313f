/** The partner page's Machines section, split from app/routes/partners.$partnerId.tsx. */
import { Box, Button, Card, Flex, Grid, Heading, Text } from "@radix-ui/themes";
import { PlusIcon } from "@radix-ui/react-icons";
import type { PartnerDetailPage } from "#domain/partners/partner-page.ts";
import { Pager } from "../pager.tsx";
import { MachineCard, MachineCardIcons } from "./machine-card.tsx";
import { MachineFormDialog } from "./machine-form-dialog.tsx";

/**
 * The partner's machines, a page at a time, with Add New Machine above the list; their forms post to
 * this page's action (machineIntents), which answers its toast.
 */
export function MachinesSection({ partner, uploadMaxMb }: { partner: PartnerDetailPage; uploadMaxMb: number }) {
  return (
    <Box>
      <Flex justify="between" align="center" mb="3" gap="3" wrap="wrap">
        <Heading as="h2" size="5">
          Machines
        </Heading>
        <MachineFormDialog
          partnerId={partner.id}
          trigger={
            <Button>
              <PlusIcon /> Add New Machine
            </Button>
          }
        />
      </Flex>
      {partner.machines.length ? (
        <>
          <MachineCardIcons />
          <Grid columns={{ initial: "1", sm: "2", lg: "3" }} gap="4">
            {partner.machines.map((machine) => (
              <MachineCard key={machine.id} machine={machine} partner={partner} admin uploadMaxMb={uploadMaxMb} />
            ))}
          </Grid>
          <Pager info={partner.machinesPage} label="Machines" />
        </>
      ) : (
        <Card size="3">
          <Text as="p" color="gray" align="center">
            This partner has no machines yet. Add the first with Add New Machine.
          </Text>
        </Card>
      )}
    </Box>
  );
}
