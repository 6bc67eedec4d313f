/**
 * Which machines a Machine Name answers to, and the words for a name several answer to (issue 33),
 * pure. Routing (booking-rules.ts) takes a telemetry name first, then the location; a name two
 * machines answer to routes nowhere until one of them is given a telemetry name (or the admin maps
 * it on /admin/import). The machine forms warn when a location or telemetry name would do that.
 */
import { normaliseMachineName } from "./booking-rules.ts";

export interface NamedMachine {
  id: number;
  location: string;
  telemetryName: string | null;
  partnerName?: string;
}

/** A Machine Name several machines answer to, with those machines. */
export interface SharedName {
  name: string;
  machines: { id: number; location: string; partnerName: string }[];
}

/** The machines a name answers to: its telemetry name's machine, else every machine with it as location. */
export function machinesAnswering<M extends NamedMachine>(name: string, machines: readonly M[]): M[] {
  const key = normaliseMachineName(name);
  if (!key) return [];
  const byTelemetry = machines.filter((m) => normaliseMachineName(m.telemetryName) === key);
  if (byTelemetry.length) return byTelemetry;
  return machines.filter((m) => normaliseMachineName(m.location) === key);
}

/** "Leeds Station Concourse (Leeds Station Retail)": a machine named with its partner. */
export function machineLabel(machine: { location: string; partnerName?: string }): string {
  return machine.partnerName ? `${machine.location} (${machine.partnerName})` : machine.location;
}

/** "A, B and C". */
export function listWords(items: readonly string[]): string {
  return items.length < 2 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

/** "2 machines answer to 'X': A (P) and B (Q)". */
export function sharedNameText(shared: SharedName): string {
  return `${shared.machines.length} machines answer to '${shared.name}': ${listWords(shared.machines.map(machineLabel))}`;
}

/** The names of `names` that several machines answer to, each with them (for the import's answers). */
export function sharedNames(
  names: readonly string[],
  machines: readonly (NamedMachine & { partnerName: string })[],
): SharedName[] {
  return names.flatMap((name) => {
    const answering = machinesAnswering(name, machines);
    return answering.length > 1
      ? [{ name, machines: answering.map(({ id, location, partnerName }) => ({ id, location, partnerName })) }]
      : [];
  });
}

/** A clash of names between a machine and another one: the name, the other machine and the warning. */
export interface NameClash {
  name: string;
  other: { id: number; location: string; partnerName: string };
  message: string;
}

/**
 * Every other machine that answers to a name this machine answers to (its location, or its
 * telemetry name), so that exports naming it would not route to this one machine: a warning each,
 * naming the other machine and where the rows would go.
 */
export function nameClashes(
  machine: NamedMachine,
  others: readonly (NamedMachine & { partnerName: string })[],
): NameClash[] {
  const same = (a: string | null, b: string | null) =>
    !!normaliseMachineName(a) && normaliseMachineName(a) === normaliseMachineName(b);
  const own = [
    machine.location,
    ...(machine.telemetryName && !same(machine.telemetryName, machine.location) ? [machine.telemetryName] : []),
  ];
  return own.flatMap((name) =>
    others
      .filter((o) => o.id !== machine.id && (same(o.location, name) || same(o.telemetryName, name)))
      .map((o) => {
        const other = { id: o.id, location: o.location, partnerName: o.partnerName };
        const label = machineLabel(other);
        const message = same(o.telemetryName, name)
          ? `'${name}' is the telemetry name of ${label}: exports naming it go to that machine, not this one`
          : same(machine.telemetryName, name)
            ? `'${name}' is also the location of ${label}: exports naming it come to this machine, not that one`
            : `'${name}' is also the location of ${label}: exports naming it go to neither machine until one of them has it as its telemetry name`;
        return { name, other, message };
      }),
  );
}
