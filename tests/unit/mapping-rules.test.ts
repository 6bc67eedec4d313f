/** Which mappings of Machine Names to machines an import may use (domain/imports/mapping-rules.ts). */
import { describe, expect, it } from "vitest";
import { DomainError } from "#domain/shared/errors.ts";
import { mappingProblem } from "#domain/imports/mapping-rules.ts";

const machines = [
  { id: 1, location: "Leeds Station Concourse", telemetryName: null },
  { id: 2, location: "York Hospital Atrium", telemetryName: "YORK  atrium 01" },
  { id: 3, location: "Bradford Library", telemetryName: "" },
];

const problemOf = (mappings: [string, number][]) => {
  const problem = mappingProblem(machines, new Map(mappings));
  return problem && { code: problem.code, message: problem.message, isDomainError: problem instanceof DomainError };
};

describe("mappingProblem", () => {
  it("no mappings, or each to a machine that exists under a name no other machine has: none", () => {
    expect(problemOf([])).toBeNull();
    expect(problemOf([["Platform 2", 1]])).toBeNull();
    // The machine's own telemetry name, in other spacing and case, is no conflict.
    expect(problemOf([[" york atrium 01 ", 2]])).toBeNull();
    // A machine without a telemetry name (null or empty) takes no name from anyone.
    expect(
      problemOf([
        ["Platform 2", 3],
        ["Bradford", 1],
      ]),
    ).toBeNull();
  });

  it("a machine that does not exist: not found, naming the id and the name", () => {
    expect(problemOf([["Platform 2", 9]])).toEqual({
      code: "not_found",
      message: "Machine 9 does not exist: 'Platform 2' cannot be mapped to it",
      isDomainError: true,
    });
  });

  it("a name another machine answers to by its telemetry name (spacing and case aside): a conflict", () => {
    expect(problemOf([["york atrium 01", 1]])).toEqual({
      code: "conflict",
      message:
        "'york atrium 01' already names York Hospital Atrium: it cannot be mapped to Leeds Station Concourse as well",
      isDomainError: true,
    });
  });

  it("answers the first mapping that cannot be used, in the order given", () => {
    expect(
      problemOf([
        ["Platform 2", 1],
        ["Gone", 7],
        ["YORK ATRIUM 01", 3],
      ])?.message,
    ).toBe("Machine 7 does not exist: 'Gone' cannot be mapped to it");
    expect(
      problemOf([
        ["YORK ATRIUM 01", 3],
        ["Gone", 7],
      ])?.code,
    ).toBe("conflict");
  });
});
