/** What a machine dialog shows while its data loads or when it failed; its children once the data is in. */
import { Callout, Flex, Spinner } from "@radix-ui/themes";
import type { ReactNode } from "react";

export function DialogLoadState({ loading, error, failure, children }: { loading: boolean; error: string | null; /** "Failed to fetch machine records" */ failure: string; children: ReactNode }) {
  if (loading) {
    return (
      <Flex justify="center" p="6">
        <Spinner size="3" />
      </Flex>
    );
  }
  if (error) {
    return (
      <Callout.Root color="red">
        <Callout.Text>
          {failure}: {error}
        </Callout.Text>
      </Callout.Root>
    );
  }
  return children;
}
