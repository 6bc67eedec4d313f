/**
 * What a machine dialog shows while its data loads, when it failed, or when there is nothing to
 * show; its children once the data is in. A dialog showing one of these states narrows to it
 * (`dialogWidth`), rather than leaving the message in a wide blank box.
 */
import { Callout, Flex, Spinner, Text } from "@radix-ui/themes";
import type { ReactNode } from "react";

/** A machine dialog's width: its full width once it has something to show, else the width of a message. */
export function dialogWidth(hasContent: boolean, full: string): string {
  return hasContent ? full : "min(440px, calc(100vw - 24px))";
}

export function DialogLoadState({
  loading,
  error,
  failure,
  children,
}: {
  loading: boolean;
  error: string | null;
  /** "Failed to fetch machine records" */ failure: string;
  children: ReactNode;
}) {
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

/** Nothing to show yet: what is missing, and where it comes from. */
export function DialogEmptyState({ title, detail }: { title: string; detail: string }) {
  return (
    <Flex direction="column" gap="1" py="4" align="center" style={{ textAlign: "center" }}>
      <Text weight="medium">{title}</Text>
      <Text size="2" color="gray">
        {detail}
      </Text>
    </Flex>
  );
}
