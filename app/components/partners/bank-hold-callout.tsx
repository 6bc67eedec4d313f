/**
 * The partner page's word on the bank details: "Bank details need checking" for stored details a bank
 * file cannot take, and while a change holds payments, "Bank details changed on …; payable from …"
 * with another admin's Confirm bank details form ("How were they verified?"). A plain form: it
 * works the same with and without JavaScript (the action redirects back with the toast).
 */
import { Box, Button, Callout, Flex, Text, TextArea } from "@radix-ui/themes";
import { Form } from "@remix-run/react";
import { ExclamationTriangleIcon } from "@radix-ui/react-icons";

export interface BankStatusData {
  hold: { message: string; canConfirm: boolean } | null;
  needsChecking: string | null;
}

export function BankHoldCallout({
  partnerId,
  status,
  error,
}: {
  partnerId: number;
  status: BankStatusData;
  /** The confirmation's field error, from a form posted without JavaScript. */
  error?: string;
}) {
  if (!status.hold && !status.needsChecking) return null;
  return (
    <Flex direction="column" gap="3" mb="4">
      {status.needsChecking ? (
        <Callout.Root color="amber" highContrast role="status">
          <Callout.Icon>
            <ExclamationTriangleIcon />
          </Callout.Icon>
          <Callout.Text>{status.needsChecking}. Payouts leave this partner out until they are fixed.</Callout.Text>
        </Callout.Root>
      ) : null}
      {status.hold ? (
        <Callout.Root color="amber" highContrast role="status">
          <Callout.Icon>
            <ExclamationTriangleIcon />
          </Callout.Icon>
          <Box width="100%">
            <Callout.Text weight="medium">{status.hold.message}</Callout.Text>
            {status.hold.canConfirm ? (
              <Form method="post" aria-label="Confirm bank details">
                <input type="hidden" name="intent" value="bank-confirm" />
                <input type="hidden" name="id" value={partnerId} />
                <Flex direction="column" gap="2" mt="2">
                  <Text as="label" size="2" htmlFor="bank-verified-by">
                    How were they verified?
                  </Text>
                  <TextArea
                    id="bank-verified-by"
                    name="verifiedBy"
                    required
                    maxLength={500}
                    placeholder="For example: called the site on its known number"
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? "bank-verified-by-error" : undefined}
                  />
                  {error ? (
                    <Text id="bank-verified-by-error" color="red" size="1">
                      {error}
                    </Text>
                  ) : null}
                  <Box>
                    <Button type="submit">Confirm bank details</Button>
                  </Box>
                </Flex>
              </Form>
            ) : (
              <Text as="p" size="2" mt="1">
                You made this change: another admin confirms it, or paying waits until then.
              </Text>
            )}
          </Box>
        </Callout.Root>
      ) : null}
    </Flex>
  );
}
