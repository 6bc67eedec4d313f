/**
 * /admin/import's answers for a file of another layout: the spec's refusal with Map columns beside it
 * (no saved profile matches its headers), or the question which profile reads it (several match).
 */
import { Button, Callout, Flex, Text } from "@radix-ui/themes";
import { ExclamationTriangleIcon } from "@radix-ui/react-icons";
import { Link } from "@remix-run/react";
import { PROFILE_PREFIX } from "#app/utils/import-fields.ts";

/** The refusal, word for word, and a link to the mapping page for the file the preview kept. */
export function MapColumnsCallout({ fileName, error, stored }: { fileName: string; error: string; stored?: string }) {
  return (
    <Callout.Root color="red" mb="4" role="alert">
      <Callout.Icon>
        <ExclamationTriangleIcon />
      </Callout.Icon>
      <Flex direction="column" gap="2" align="start">
        <Callout.Text>
          <strong>{fileName}</strong>: {error}
        </Callout.Text>
        {stored ? (
          <Flex gap="3" align="center" wrap="wrap">
            <Button asChild size="2">
              <Link to={`/admin/import/profile?${new URLSearchParams({ file: stored, name: fileName })}`}>
                Map columns
              </Link>
            </Button>
            <Text size="2">
              Say once which column holds each field; the next file with these headers is read alone.
            </Text>
          </Flex>
        ) : null}
      </Flex>
    </Callout.Root>
  );
}

/** Several saved profiles match the file's headers: which one reads it (a native select, in the import form by its id). */
export function ProfileChoice({
  fileName,
  error,
  profiles,
  value,
}: {
  fileName: string;
  error: string;
  profiles: string[];
  value?: string;
}) {
  return (
    <Callout.Root color="amber" mb="4" role="group" aria-label={`${fileName} needs its import profile`}>
      <Callout.Icon>
        <ExclamationTriangleIcon />
      </Callout.Icon>
      <Flex direction="column" gap="2">
        <Callout.Text>
          <strong>{fileName}</strong>: {error}
        </Callout.Text>
        <Flex gap="3" align="center" wrap="wrap">
          <Text as="label" size="2" weight="medium" htmlFor={`profile-${fileName}`}>
            Read it with
          </Text>
          <select
            id={`profile-${fileName}`}
            form="import-form"
            name={`${PROFILE_PREFIX}${fileName}`}
            defaultValue={value ?? ""}
            className="vb-native-select"
          >
            <option value="">Choose a profile</option>
            {profiles.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </select>
          <Text size="1" color="gray">
            Then Preview again.
          </Text>
        </Flex>
      </Flex>
    </Callout.Root>
  );
}
