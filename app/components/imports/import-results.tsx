/** What /admin/import answered: an error, the Machine Names it remembered, and each file's result. */
import { Callout } from "@radix-ui/themes";
import { CheckCircledIcon, ExclamationTriangleIcon } from "@radix-ui/react-icons";
import type { ImportActionData } from "#app/utils/import.server.ts";
import { FileResult } from "./file-result.tsx";

export function ImportResults({
  result,
  imported,
  machines,
}: {
  result: ImportActionData | undefined;
  imported: boolean;
  machines: { id: number; location: string }[];
}) {
  return (
    <>
      {result?.error ? (
        <Callout.Root color="red" role="alert" mb="4">
          <Callout.Icon>
            <ExclamationTriangleIcon />
          </Callout.Icon>
          <Callout.Text>{result.error}</Callout.Text>
        </Callout.Root>
      ) : null}
      {result && imported && result.mappings.length ? (
        <Callout.Root color="green" mb="4">
          <Callout.Icon>
            <CheckCircledIcon />
          </Callout.Icon>
          <Callout.Text>
            Remembered for the web and the CLI:{" "}
            {result.mappings.map((m, i) => (
              <span key={m.name}>
                {i ? "; " : ""}&lsquo;{m.name}&rsquo; is{" "}
                {machines.find((machine) => machine.id === m.machineId)?.location ?? `machine ${m.machineId}`}
              </span>
            ))}
            .
          </Callout.Text>
        </Callout.Root>
      ) : null}
      {result?.outcomes.map((outcome) => (
        <FileResult
          key={outcome.fileName}
          outcome={outcome}
          imported={imported}
          dateOrder={result.dateOrders[outcome.fileName]}
          stored={result.stored?.[outcome.fileName]}
          profile={result.profiles?.[outcome.fileName]}
        />
      ))}
    </>
  );
}
