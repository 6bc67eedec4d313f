import { describe, expect, it } from "vitest";
import {
  distribution,
  distributionChoices,
  formatLongDay,
  monthRange,
  pickerYears,
  searchProducts,
  topBy,
  unitsShare,
  type ProductAnalyticsRecord,
} from "#domain/products/product-rules.ts";

const product = (
  name: string,
  totalSales: number,
  totalRevenuePence = totalSales,
  machines: [number, number][] = [[1, totalSales]],
): ProductAnalyticsRecord => ({
  name,
  totalSales,
  totalRevenuePence,
  machines: machines.map(([id, unitsSold]) => ({ id, location: `Machine ${id}`, unitsSold })),
});

const catalogue = Array.from({ length: 14 }, (_, i) =>
  product(`Product ${String.fromCharCode(65 + i)}`, 100 - i * 5, (i % 3) * 50 + i),
);

describe("search", () => {
  it("is a case-insensitive substring match on the name", () => {
    const records = [product("Coca-Cola Zero 330ml", 3), product("Diet Coke 330ml", 2), product("KitKat", 1)];
    expect(searchProducts(records, "COLA").map((r) => r.name)).toEqual(["Coca-Cola Zero 330ml"]);
    expect(searchProducts(records, "330").map((r) => r.name)).toEqual(["Coca-Cola Zero 330ml", "Diet Coke 330ml"]);
    expect(searchProducts(records, "  ")).toHaveLength(3);
    expect(searchProducts(records, "nothing")).toEqual([]);
  });
});

describe("top lists", () => {
  it("keep 10 rows, best first, ties by name", () => {
    const bySales = topBy(catalogue, (p) => p.totalSales);
    expect(bySales).toHaveLength(10);
    expect(bySales[0].name).toBe("Product A");
    const byRevenue = topBy(catalogue, (p) => p.totalRevenuePence);
    expect(byRevenue[0].totalRevenuePence).toBe(Math.max(...catalogue.map((p) => p.totalRevenuePence)));
    expect(topBy([product("B", 5), product("A", 5)], (p) => p.totalSales).map((p) => p.name)).toEqual(["A", "B"]);
  });

  it("offer at most 9 distribution buttons, best sellers first", () => {
    const choices = distributionChoices(catalogue);
    expect(choices).toHaveLength(9);
    expect(choices.map((c) => c.totalSales)).toEqual([100, 95, 90, 85, 80, 75, 70, 65, 60]);
    expect(distributionChoices([product("Aero", 1, 90), product("Zero", 7, 10)]).map((c) => c.name)).toEqual([
      "Zero",
      "Aero",
    ]);
  });
});

describe("machine distribution", () => {
  it("sorts machines by units and gives each share to one decimal", () => {
    const rows = distribution(
      product("Twix", 3, 3, [
        [1, 1],
        [2, 2],
      ]),
    );
    expect(rows.map((r) => [r.location, r.unitsSold, r.percent])).toEqual([
      ["Machine 2", 2, "66.7"],
      ["Machine 1", 1, "33.3"],
    ]);
    expect(distribution(product("Zero", 0, 0, [[1, 0]]))[0].percent).toBe("0.0");
  });

  it("a machine's share of the product's units, to one decimal; none when the product has no units", () => {
    expect([unitsShare(1, 3), unitsShare(2, 3), unitsShare(3, 3), unitsShare(1, 8), unitsShare(0, 5)]).toEqual([
      "33.3",
      "66.7",
      "100.0",
      "12.5",
      "0.0",
    ]);
    expect(unitsShare(0, 0)).toBe("0.0");
  });
});

describe("the report period", () => {
  it("a month runs from its first to its last day, leap years included", () => {
    expect(monthRange("2028-02")).toEqual({ from: "2028-02-01", to: "2028-02-29" });
    expect(monthRange("2026-10")).toEqual({ from: "2026-10-01", to: "2026-10-31" });
  });
  it("is shown as 'Month day, year'", () => {
    expect(formatLongDay("2026-10-01")).toBe("October 1, 2026");
  });
  it("years run from 2020 to the current year", () => {
    expect(pickerYears(new Date("2026-11-22T00:00:00Z"))).toEqual([2020, 2021, 2022, 2023, 2024, 2025, 2026]);
  });
});
