/** A summary figure: label, value and an optional note. */
import { Card, Flex, Text } from "@radix-ui/themes";
import type { ReactNode } from "react";

export function StatCard({
  label,
  value,
  note,
  icon,
}: {
  label: string;
  value: ReactNode;
  note?: ReactNode;
  icon?: ReactNode;
}) {
  return (
    <Card size="2">
      <Flex direction="column" gap="1">
        <Flex align="center" justify="between" gap="2">
          <Text size="2" color="gray" weight="medium">
            {label}
          </Text>
          {icon ? <Text color="gray">{icon}</Text> : null}
        </Flex>
        {/* The figure never wraps inside itself: a size smaller on a phone's two-column grid. */}
        <Text size={{ initial: "5", sm: "6" }} weight="bold" className="vb-figure">
          {value}
        </Text>
        {note ? (
          <Text size="1" color="gray">
            {note}
          </Text>
        ) : null}
      </Flex>
    </Card>
  );
}
