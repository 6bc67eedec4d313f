/**
 * What a partner owes: a negative commission balance with no later month to take it
 * (domain/commissions/balance-rules.ts). On the admin's partner page with Write off (intent
 * write-off, commissionIntents); on the partner's dashboard addressed to them, without the button.
 */
import { Button, Callout, Flex } from "@radix-ui/themes";
import { ExclamationTriangleIcon } from "@radix-ui/react-icons";
import { MoneyText } from "../money-text.tsx";
import { owingText, writeOffQuestion, type Owing } from "#domain/commissions/balance-rules.ts";
import { ConfirmPost } from "../confirm-button.tsx";

export function OwingCallout({
  owing,
  to,
  partnerId,
  partnerName,
}: {
  owing: Owing | null;
  to: "admin" | "partner";
  partnerId?: number;
  partnerName?: string;
}) {
  if (!owing) return null;
  return (
    <Callout.Root color="red" mb="4" role="status">
      <Callout.Icon>
        <ExclamationTriangleIcon />
      </Callout.Icon>
      <Callout.Text>
        <MoneyText text={owingText(owing, to)} />
      </Callout.Text>
      {to === "admin" && partnerId !== undefined ? (
        <Flex>
          <ConfirmPost
            intent="write-off"
            fields={{ partnerId }}
            trigger={
              <Button variant="soft" color="red">
                Write off
              </Button>
            }
            {...writeOffQuestion(partnerName ?? "the partner", owing)}
            color="red"
          />
        </Flex>
      ) : null}
    </Callout.Root>
  );
}
