import { describe, expect, it } from "vitest";
import { clampPage, offsetOf, pageInfo, pageRequest, PAGE_SIZE, rangeLabel } from "#domain/shared/paging.ts";

describe("paging", () => {
  it("reads ?page= leniently", () => {
    expect(pageRequest(new URLSearchParams(""))).toEqual({ page: 1, size: PAGE_SIZE });
    expect(pageRequest(new URLSearchParams("page=3"))).toEqual({ page: 3, size: 24 });
    for (const bad of ["0", "-2", "1.5", "x", ""]) expect(pageRequest(new URLSearchParams(`page=${bad}`)).page).toBe(1);
    expect(pageRequest(new URLSearchParams("p=2"), 10, "p")).toEqual({ page: 2, size: 10 });
  });

  it("skips the rows of the pages before", () => {
    expect(offsetOf({ page: 1, size: 24 })).toBe(0);
    expect(offsetOf({ page: 3, size: 24 })).toBe(48);
  });

  it("counts pages and keeps a page past the end on the last one", () => {
    expect(pageInfo({ page: 1, size: 24 }, 0)).toEqual({ page: 1, size: 24, total: 0, pageCount: 1 });
    expect(pageInfo({ page: 2, size: 24 }, 24)).toEqual({ page: 1, size: 24, total: 24, pageCount: 1 });
    expect(pageInfo({ page: 2, size: 24 }, 25)).toEqual({ page: 2, size: 24, total: 25, pageCount: 2 });
    expect(pageInfo({ page: 99, size: 24 }, 1000)).toEqual({ page: 42, size: 24, total: 1000, pageCount: 42 });
    expect(clampPage({ page: 99, size: 24 }, 1000)).toEqual({ page: 42, size: 24 });
  });

  it("labels the range shown", () => {
    expect(rangeLabel(pageInfo({ page: 1, size: 24 }, 0))).toBe("0 of 0");
    expect(rangeLabel(pageInfo({ page: 1, size: 24 }, 5))).toBe("1–5 of 5");
    expect(rangeLabel(pageInfo({ page: 2, size: 24 }, 1000))).toBe("25–48 of 1,000");
    expect(rangeLabel(pageInfo({ page: 42, size: 24 }, 1000))).toBe("985–1,000 of 1,000");
  });
});
