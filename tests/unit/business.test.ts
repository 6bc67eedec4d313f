/** The business profile's rules: VAT in exact pence, logos by their bytes, the form's checks, the email templates. */
import { describe, expect, it } from "vitest";
import {
  DEFAULT_PROFILE,
  MAX_LOGO_BYTES,
  addressLines,
  appLink,
  hasBankDetails,
  logoProblem,
  logoType,
  vatLines,
  type BusinessProfile,
} from "#domain/business/business-rules.ts";
import { VAT_RATE_MESSAGE, businessProfileSchema, validIban } from "#domain/business/business-schemas.ts";
import { demoLogoPng } from "#domain/demo/demo-logo.ts";
import { escapeHtml, mailHtml, mailText, type MailBody } from "#domain/mail/mail-templates.ts";

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46]);

describe("VAT on an invoice (the amount is the net)", () => {
  it("adds VAT at the rate to the net, rounded half-up to the penny", () => {
    expect(vatLines(38_250, 2000)).toEqual({ netPence: 38_250, rateBp: 2000, vatPence: 7_650, grossPence: 45_900 });
    // 7,500 × 17.5% = 1,312.5 → 1,313 (half up)
    expect(vatLines(7_500, 1750)).toEqual({ netPence: 7_500, rateBp: 1750, vatPence: 1_313, grossPence: 8_813 });
    // 333 × 5% = 16.65 → 17; 1 × 20% = 0.2 → 0; 3 × 50% = 1.5 → 2; 12,345 × 12.34% = 1,523.373 → 1,523
    expect(vatLines(333, 500).vatPence).toBe(17);
    expect(vatLines(1, 2000).vatPence).toBe(0);
    expect(vatLines(3, 5000).vatPence).toBe(2);
    expect(vatLines(12_345, 1234).vatPence).toBe(1_523);
  });

  it("a 0% rate is shown as VAT of £0.00; no rate means no VAT at all", () => {
    expect(vatLines(5_000, 0)).toEqual({ netPence: 5_000, rateBp: 0, vatPence: 0, grossPence: 5_000 });
    expect(vatLines(5_000, null)).toEqual({ netPence: 5_000, rateBp: null, vatPence: 0, grossPence: 5_000 });
    expect(vatLines(5_000, 10_000).grossPence).toBe(10_000);
  });

  it("refuses fractions of a penny and rates outside 0–100%", () => {
    expect(() => vatLines(10.5, 2000)).toThrow(RangeError);
    expect(() => vatLines(100, 10_001)).toThrow(RangeError);
    expect(() => vatLines(100, -1)).toThrow(RangeError);
    expect(() => vatLines(100, 20.5)).toThrow(RangeError);
  });
});

describe("VAT's refusals name the value", () => {
  it.each([
    [10.5, 2000, "VAT needs whole pence: 10.5"],
    [100, 10_001, "A VAT rate is 0 to 10000 basis points: 10001"],
    [100, -1, "A VAT rate is 0 to 10000 basis points: -1"],
    [100, 20.5, "A VAT rate is 0 to 10000 basis points: 20.5"],
  ])("vatLines(%d, %d) throws %s", (netPence, rateBp, message) => {
    expect(() => vatLines(netPence, rateBp)).toThrow(new RangeError(message));
  });
});

describe("a logo's type needs its whole signature, and no more", () => {
  it.each([
    [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], "image/png"],
    [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a], null],
    [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0b], null],
    [[0xff, 0xd8, 0xff], "image/jpeg"],
    [[0xff, 0xd8], null],
    [[0xff, 0xd8, 0xfe], null],
  ])("%j is %s", (bytes, type) => {
    expect(logoType(new Uint8Array(bytes))).toBe(type);
  });
});

describe("the profile before it is set up", () => {
  it("shows the product's name and nothing else", () => {
    expect(DEFAULT_PROFILE).toEqual({
      tradingName: "Vendboard",
      address: "",
      companyNumber: null,
      vatNumber: null,
      vatRateBp: null,
      bankAccountName: null,
      bankSortCode: null,
      bankAccountNumber: null,
      bankIban: null,
      contactEmail: null,
      website: null,
      logo: null,
      payoutPrefix: null,
      updatedAt: null,
    });
  });
});

describe("appLink: a path under APP_URL, whatever slashes either has", () => {
  it.each([
    ["https://vend.example", "admin", "https://vend.example/admin"],
    ["https://vend.example", "//admin", "https://vend.example/admin"],
    ["https://example.com/vendboard", "/admin", "https://example.com/vendboard/admin"],
    ["https://example.com/vendboard", "//admin", "https://example.com/vendboard/admin"],
    ["https://example.com/vendboard/", "admin/commission", "https://example.com/vendboard/admin/commission"],
    [
      "https://example.com/vendboard",
      "admin/commission?month=2026-10",
      "https://example.com/vendboard/admin/commission?month=2026-10",
    ],
  ])("%s + %s is %s", (appUrl, path, link) => {
    expect(appLink(appUrl, path)).toBe(link);
  });

  it("links to the app's root when no path is given", () => {
    expect(appLink("https://vend.example")).toBe("https://vend.example/");
    expect(appLink("https://example.com/vendboard")).toBe("https://example.com/vendboard/");
  });
});

describe("logos", () => {
  it("are PNG or JPEG by their first bytes, whatever their name", () => {
    expect(logoType(PNG)).toBe("image/png");
    expect(logoType(JPEG)).toBe("image/jpeg");
    expect(logoType(new TextEncoder().encode("GIF89a"))).toBeNull();
    expect(logoType(new TextEncoder().encode("<svg xmlns="))).toBeNull();
    expect(logoType(PNG.subarray(0, 7))).toBeNull();
    expect(logoType(new Uint8Array())).toBeNull();
  });

  it("say why one is refused: its type, its size over 512 KB, or a header that cannot be read", () => {
    expect(logoProblem(demoLogoPng(64))).toBeNull();
    expect(logoProblem(PNG)).toBe("The logo could not be read as a PNG image");
    expect(logoProblem(new TextEncoder().encode("%PDF-1.7"))).toBe("The logo must be a PNG or JPEG image");
    const big = new Uint8Array(MAX_LOGO_BYTES + 1);
    big.set(JPEG);
    expect(logoProblem(big)).toBe("The logo must be at most 512 KB");
    expect(logoProblem(big.subarray(0, MAX_LOGO_BYTES))).toBe("The logo could not be read as a JPEG image");
  });

  it("the demo's logo is a real PNG", () => {
    const png = demoLogoPng(64);
    expect(logoType(png)).toBe("image/png");
    expect(Buffer.from(png.subarray(12, 16)).toString("latin1")).toBe("IHDR");
    expect(Buffer.from(png).readUInt32BE(16)).toBe(64);
  });
});

describe("the profile's other rules", () => {
  it("address lines, bank details complete, links from APP_URL", () => {
    expect(addressLines("  Unit 4 \r\n\nLeeds LS1 4PR\n ")).toEqual(["Unit 4", "Leeds LS1 4PR"]);
    expect(hasBankDetails(DEFAULT_PROFILE)).toBe(false);
    expect(hasBankDetails({ bankAccountName: "A Ltd", bankSortCode: "12-34-56", bankAccountNumber: "12345678" })).toBe(
      true,
    );
    expect(hasBankDetails({ bankAccountName: "A Ltd", bankSortCode: null, bankAccountNumber: "12345678" })).toBe(false);
    expect(appLink("https://vend.example", "/")).toBe("https://vend.example/");
    expect(appLink("https://vend.example/", "/admin")).toBe("https://vend.example/admin");
    expect(appLink("https://example.com/vendboard", "/")).toBe("https://example.com/vendboard/");
  });
});

const form = (fields: Record<string, string>) =>
  businessProfileSchema.safeParse({ tradingName: "Vendboard Vending Ltd", ...fields });
const errorOf = (fields: Record<string, string>, field: string) => {
  const result = form(fields);
  return result.success ? undefined : result.error.issues.find((i) => i.path[0] === field)?.message;
};

describe("the settings form", () => {
  it("normalises what it keeps: blanks to null, sort code with dashes, numbers upper case without spaces", () => {
    const result = form({
      address: " Unit 4 \n\n Leeds LS1 4PR ",
      companyNumber: "sc 123456",
      vatNumber: "gb 123 4567 89",
      vatRate: "17.5",
      bankAccountName: " Vendboard Vending Ltd ",
      bankSortCode: "40 11 62",
      bankAccountNumber: "7123 4568",
      bankIban: "gb29 nwbk 6016 1331 9268 19",
      contactEmail: " accounts@vendboard.example ",
      website: "",
      payoutPrefix: " vb ",
    });
    expect(result.success && result.data).toEqual({
      tradingName: "Vendboard Vending Ltd",
      address: "Unit 4\nLeeds LS1 4PR",
      companyNumber: "SC123456",
      vatNumber: "GB123456789",
      vatRate: 1750,
      bankAccountName: "Vendboard Vending Ltd",
      bankSortCode: "40-11-62",
      bankAccountNumber: "71234568",
      bankIban: "GB29NWBK60161331926819",
      contactEmail: "accounts@vendboard.example",
      website: null,
      payoutPrefix: "VB",
    });
  });

  it("a blank VAT rate is no VAT; 0, 20, 20%, 12.34 and 100 are rates in basis points", () => {
    const rate = (vatRate: string) => {
      const result = form({ vatRate });
      return result.success ? result.data.vatRate : "refused";
    };
    expect(rate("")).toBeNull();
    expect(rate("0")).toBe(0);
    expect(rate("20")).toBe(2000);
    expect(rate("20%")).toBe(2000);
    expect(rate("12.34")).toBe(1234);
    expect(rate("5.5")).toBe(550);
    expect(rate("100")).toBe(10_000);
    for (const bad of ["100.01", "12.345", "-1", "twenty", "1e2", "20,5"]) expect(rate(bad), bad).toBe("refused");
    expect(errorOf({ vatRate: "12.345" }, "vatRate")).toBe(VAT_RATE_MESSAGE);
  });

  it("says what a right value looks like, field by field", () => {
    expect(errorOf({ tradingName: " " }, "tradingName")).toBe("Trading name is required");
    expect(
      errorOf({ bankSortCode: "12345", bankAccountName: "A", bankAccountNumber: "12345678" }, "bankSortCode"),
    ).toBe("Sort code must be 6 digits, like 12-34-56");
    expect(
      errorOf({ bankSortCode: "12-34-5a", bankAccountName: "A", bankAccountNumber: "12345678" }, "bankSortCode"),
    ).toBe("Sort code must be 6 digits, like 12-34-56");
    expect(
      errorOf({ bankAccountNumber: "1234567", bankAccountName: "A", bankSortCode: "123456" }, "bankAccountNumber"),
    ).toBe("Account number must be 8 digits");
    expect(errorOf({ contactEmail: "accounts@" }, "contactEmail")).toBe("Invalid email address");
    expect(errorOf({ website: "http://vendboard.example" }, "website")).toBe(
      "Website must be an https:// address, or empty",
    );
    expect(errorOf({ website: "https://" }, "website")).toBe("Website must be an https:// address, or empty");
    expect(form({ website: "https://vendboard.example/about" }).success).toBe(true);
    expect(errorOf({ companyNumber: "1234567" }, "companyNumber")).toBe(
      "Company number must be 8 characters, like 01234567 or SC123456",
    );
    expect(errorOf({ vatNumber: "123456789" }, "vatNumber")).toBe(
      "VAT number must be GB and 9 digits, like GB123456789",
    );
    expect(errorOf({ address: "1\n2\n3\n4\n5\n6\n7" }, "address")).toBe("Address must be at most 6 lines");
    expect(
      errorOf(
        {
          bankIban: "GB29NWBK60161331926818",
          bankAccountName: "A",
          bankSortCode: "123456",
          bankAccountNumber: "12345678",
        },
        "bankIban",
      ),
    ).toMatch(/^IBAN is not valid/);
  });

  it("bank details come as a set: a missing part is asked for by name", () => {
    expect(errorOf({ bankAccountName: "Vendboard Vending Ltd", bankSortCode: "401162" }, "bankAccountNumber")).toBe(
      "Enter the account number too: bank details need the account name, sort code and account number",
    );
    expect(errorOf({ bankAccountNumber: "71234568" }, "bankAccountName")).toMatch(/^Enter the account name too/);
    expect(errorOf({ bankAccountNumber: "71234568" }, "bankSortCode")).toMatch(/^Enter the sort code too/);
    expect(errorOf({ bankIban: "GB29NWBK60161331926819" }, "bankAccountName")).toBe(
      "Enter the account name, sort code and account number with the IBAN",
    );
    expect(form({}).success).toBe(true);
  });

  it("IBAN check digits (mod 97)", () => {
    expect(validIban("GB29NWBK60161331926819")).toBe(true);
    expect(validIban("DE89370400440532013000")).toBe(true);
    expect(validIban("GB29NWBK60161331926818")).toBe(false);
    expect(validIban("GB29")).toBe(false);
  });
});

const business: BusinessProfile = {
  ...DEFAULT_PROFILE,
  tradingName: "Vendboard Vending Ltd",
  address: "Unit 4\nLeeds LS1 4PR",
  contactEmail: "accounts@vendboard.example",
  companyNumber: "12345678",
  vatNumber: "GB123456789",
};
const body: MailBody = {
  greeting: "Dear <script>alert(1)</script> & Co,",
  paragraphs: ["First line.\nSecond line.", "Another paragraph."],
  action: { label: "Open your dashboard", path: "/" },
};

describe("email templates", () => {
  it("the text part keeps the words, then the link from APP_URL and the business's signature", () => {
    expect(mailText(body, business, "https://vend.example")).toBe(
      [
        "Dear <script>alert(1)</script> & Co,",
        "",
        "First line.\nSecond line.",
        "",
        "Another paragraph.",
        "",
        "Open your dashboard: https://vend.example/",
        "",
        "--",
        "Vendboard Vending Ltd",
        "Unit 4",
        "Leeds LS1 4PR",
        "accounts@vendboard.example",
        "Company no. 12345678 · VAT no. GB123456789",
      ].join("\n"),
    );
  });

  it("the HTML part escapes what people typed, names the business and links to APP_URL", () => {
    const html = mailHtml(body, business, "https://vend.example", "Invoice INV-00005 from <Vendboard>");
    expect(html).toContain("Dear &lt;script&gt;alert(1)&lt;/script&gt; &amp; Co,");
    expect(html).not.toContain("<script>");
    expect(html).toContain("<title>Invoice INV-00005 from &lt;Vendboard&gt;</title>");
    expect(html).toContain('<a href="https://vend.example/"');
    expect(html).toContain(">Open your dashboard</a>");
    expect(html).toContain("First line.<br>Second line.");
    expect(html.match(/Vendboard Vending Ltd/g)).toHaveLength(2);
    expect(html).toContain("Company no. 12345678 · VAT no. GB123456789");
    expect(escapeHtml(`"'<>&`)).toBe("&quot;&#39;&lt;&gt;&amp;");
  });
});
