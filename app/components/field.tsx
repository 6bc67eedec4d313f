/** A labelled form field with its error message underneath. */
import { Text } from "@radix-ui/themes";
import type { ReactNode } from "react";

export function Field({
  label,
  error,
  hint,
  children,
  htmlFor,
}: {
  label: string;
  error?: string;
  hint?: string;
  children: ReactNode;
  htmlFor?: string;
}) {
  return (
    <div>
      <Text as="label" htmlFor={htmlFor} size="2" weight="medium" mb="1" style={{ display: "block" }}>
        {label}
      </Text>
      {children}
      {hint && !error ? (
        <Text as="p" size="1" color="gray" mt="1">
          {hint}
        </Text>
      ) : null}
      {error ? (
        <Text as="p" size="1" color="red" mt="1" role="alert">
          {error}
        </Text>
      ) : null}
    </div>
  );
}

/** Zod issues keyed by their first path element: the message under each field. */
export function fieldErrors(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? "form");
    errors[key] ??= issue.message;
  }
  return errors;
}
