/** /admin/settings' building blocks: a section card, and a labelled field with its hint or error. */
import { Box, Card, Heading, Text } from "@radix-ui/themes";
import type { ReactNode } from "react";

/** A labelled input with its hint, and its error in place of the hint; the input is told about both. */
export function SettingField({
  name,
  label,
  hint,
  error,
  children,
}: {
  name: string;
  label: string;
  hint?: string;
  error?: string;
  children: (props: { id: string; name: string; "aria-invalid"?: true; "aria-describedby"?: string }) => ReactNode;
}) {
  const id = `settings-${name}`;
  const note = error ?? hint;
  return (
    <Box>
      <Text as="label" htmlFor={id} size="2" weight="medium" mb="1" style={{ display: "block" }}>
        {label}
      </Text>
      {children({
        id,
        name,
        ...(error ? { "aria-invalid": true as const } : {}),
        ...(note ? { "aria-describedby": `${id}-note` } : {}),
      })}
      {note ? (
        <Text as="p" id={`${id}-note`} size="1" mt="1" color={error ? "red" : "gray"}>
          {note}
        </Text>
      ) : null}
    </Box>
  );
}

export function Section({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <Card size={{ initial: "2", sm: "3" }} asChild>
      <section aria-labelledby={`${title.replace(/\W+/g, "-").toLowerCase()}-heading`}>
        <Heading as="h2" size="4" id={`${title.replace(/\W+/g, "-").toLowerCase()}-heading`}>
          {title}
        </Heading>
        <Text as="p" size="2" color="gray" mt="1" mb="4">
          {description}
        </Text>
        {children}
      </section>
    </Card>
  );
}
