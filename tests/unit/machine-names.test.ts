/** domain/imports/machine-names.ts: which machines a name answers to, and the forms' warnings (issue 33). */
import { describe, expect, it } from "vitest";
import { machinesAnswering, nameClashes, sharedNames, sharedNameText } from "#domain/imports/machine-names.ts";

const m = (id: number, location: string, telemetryName: string | null = null, partnerName = "P") => ({
  id,
  location,
  telemetryName,
  partnerName,
});

describe("machine names", () => {
  const machines = [m(1, "Leeds", null, "North"), m(2, " leeds ", null, "South"), m(3, "Pier", "WHITBY-01")];

  it("a telemetry name wins over locations; a location may answer for several", () => {
    expect(machinesAnswering("whitby-01", machines).map((x) => x.id)).toEqual([3]);
    expect(machinesAnswering("LEEDS", machines).map((x) => x.id)).toEqual([1, 2]);
    expect(machinesAnswering("  ", machines)).toEqual([]);
  });

  it("shared names name every machine", () => {
    const shared = sharedNames(["Leeds", "Pier"], machines);
    expect(shared).toHaveLength(1);
    expect(sharedNameText(shared[0])).toBe("2 machines answer to 'Leeds': Leeds (North) and  leeds  (South)");
  });

  it("clashes: a shared location, another's telemetry name, this telemetry name as another's location", () => {
    expect(nameClashes(m(9, "Leeds"), machines).map((c) => [c.other.id, c.message])).toEqual([
      [
        1,
        "'Leeds' is also the location of Leeds (North): exports naming it go to neither machine until one of them has it as its telemetry name",
      ],
      [
        2,
        "'Leeds' is also the location of  leeds  (South): exports naming it go to neither machine until one of them has it as its telemetry name",
      ],
    ]);
    expect(nameClashes(m(9, "Whitby-01"), machines)[0].message).toBe(
      "'Whitby-01' is the telemetry name of Pier (P): exports naming it go to that machine, not this one",
    );
    expect(nameClashes(m(9, "Quay", "Pier"), machines)[0].message).toBe(
      "'Pier' is also the location of Pier (P): exports naming it come to this machine, not that one",
    );
    expect(nameClashes(m(3, "Pier", "WHITBY-01"), machines)).toEqual([]);
  });
});
