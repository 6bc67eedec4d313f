/**
 * /admin/import's choice of a machine for each Machine Name no machine answers to yet, or that several
 * machines answer to (each of them named, issue 33).
 */
import { Callout, Flex, Select, Text } from "@radix-ui/themes";
import { ExclamationTriangleIcon } from "@radix-ui/react-icons";
import { Fragment } from "react";
import { listWords, machineLabel, type SharedName } from "#domain/imports/machine-names.ts";

/** Machines under their partner, in the loader's order (partner, then location). */
function byPartner<M extends { partnerName: string }>(machines: M[]): [string, M[]][] {
  const groups = new Map<string, M[]>();
  for (const m of machines) groups.set(m.partnerName, [...(groups.get(m.partnerName) ?? []), m]);
  return [...groups];
}

export function Mappings({
  names,
  shared = [],
  machines,
  value,
  onChoose,
}: {
  names: string[];
  /** The names several machines answer to, with those machines. */
  shared?: SharedName[];
  machines: { id: number; location: string; partnerName: string }[];
  value: Record<string, string>;
  onChoose: (name: string, machineId: string) => void;
}) {
  const sharedBy = new Map(shared.map((s) => [s.name, s.machines]));
  const unknown = names.filter((name) => !sharedBy.has(name));
  return (
    <Callout.Root color="amber" role="group" aria-label="Unmapped machine names">
      <Callout.Icon>
        <ExclamationTriangleIcon />
      </Callout.Icon>
      <Flex direction="column" gap="2">
        {unknown.length ? (
          <Callout.Text>
            No machine answers to {unknown.length === 1 ? "this Machine Name" : "these Machine Names"} yet:{" "}
            {listWords(unknown.map((n) => `'${n}'`))}.
          </Callout.Text>
        ) : null}
        {shared.map((s) => (
          <Callout.Text key={s.name}>
            &apos;{s.name}&apos; answers to {s.machines.length} machines: {listWords(s.machines.map(machineLabel))}.
          </Callout.Text>
        ))}
        <Callout.Text>
          Choose the machine for each: Preview shows where the rows go, and Import remembers the choice as the
          machine&apos;s telemetry name, for the web and the CLI.
        </Callout.Text>
        {names.map((name) => (
          <Flex key={name} gap="3" align="center" wrap="wrap">
            <Text size="2" weight="medium" style={{ minWidth: 160 }}>
              {name}
            </Text>
            <Select.Root name={`map:${name}`} value={value[name] ?? ""} onValueChange={(id) => onChoose(name, id)}>
              <Select.Trigger
                placeholder="Choose a machine"
                aria-label={`Machine for ${name}`}
                style={{ minWidth: 240 }}
              />
              <Select.Content position="popper" style={{ maxWidth: "calc(100vw - 24px)" }}>
                {byPartner(machines).map(([partnerName, list], i) => (
                  <Fragment key={partnerName}>
                    {i ? <Select.Separator /> : null}
                    <Select.Group>
                      <Select.Label>{partnerName}</Select.Label>
                      {list.map((m) => (
                        <Select.Item key={m.id} value={String(m.id)}>
                          {m.location}
                        </Select.Item>
                      ))}
                    </Select.Group>
                  </Fragment>
                ))}
              </Select.Content>
            </Select.Root>
          </Flex>
        ))}
      </Flex>
    </Callout.Root>
  );
}
