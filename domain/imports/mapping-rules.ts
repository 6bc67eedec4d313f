/**
 * Which mappings of Machine Names to machines an import may use. A mapping is remembered as the
 * machine's telemetry name once the import goes ahead, so it must name a machine that exists, and a
 * name another machine already answers to by its telemetry name cannot be given to a second one.
 */
import { DomainError, notFound } from "../shared/errors.ts";
import { normaliseMachineName, type BookingMachine } from "./booking-rules.ts";

type MappedMachine = Pick<BookingMachine, "id" | "location" | "telemetryName">;

/** The first mapping that cannot be used, as the error to answer with; null when every one can. */
export function mappingProblem(
  machines: readonly MappedMachine[],
  mappings: ReadonlyMap<string, number>,
): DomainError | null {
  for (const [name, machineId] of mappings) {
    const target = machines.find((m) => m.id === machineId);
    if (!target) return notFound(`Machine ${machineId} does not exist: '${name}' cannot be mapped to it`);
    const owner = machines.find(
      (m) =>
        m.id !== machineId && m.telemetryName && normaliseMachineName(m.telemetryName) === normaliseMachineName(name),
    );
    if (owner)
      return new DomainError(
        "conflict",
        `'${name}' already names ${owner.location}: it cannot be mapped to ${target.location} as well`,
      );
  }
  return null;
}
