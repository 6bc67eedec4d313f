import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { readCsvTable } from "#domain/imports/csv-table.js";

const LIMITS = { maxRows: 1_000, maxLineChars: 2_000, maxFields: 50 };
const TITLE = "Dynamic Transactions Monitor - 01/10/2026 - 31/10/2026";

const utf8 = (text: string) => new TextEncoder().encode(text);

/** The file read, asserting it was. */
function read(input: string | Uint8Array, limits: Parameters<typeof readCsvTable>[1] = LIMITS) {
  const result = readCsvTable(typeof input === "string" ? utf8(input) : input, limits);
  if (!result.ok) throw new Error(`expected the file to be read, got: ${result.error}`);
  return result;
}

/** The file's refusal, asserting it was refused. */
function refusal(input: string | Uint8Array, limits: Parameters<typeof readCsvTable>[1] = LIMITS) {
  const result = readCsvTable(typeof input === "string" ? utf8(input) : input, limits);
  if (result.ok) throw new Error(`expected the file to be refused, got ${JSON.stringify(result.table)}`);
  return result.error;
}

describe("readCsvTable: encoding", () => {
  it("reads UTF-8 with and without its BOM, the BOM dropped", () => {
    const text = `${TITLE}\nProduct,Price\nCafé crème,£1.50\n`;
    const plain = read(text);
    const withBom = read(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8(text)]));
    expect(plain.encoding).toBe("utf-8");
    expect(withBom.encoding).toBe("utf-8");
    expect(plain.table).toEqual([[TITLE], ["Product", "Price"], ["Café crème", "£1.50"]]);
    expect(withBom.table).toEqual(plain.table);
  });

  it("reads bytes that are not UTF-8 as Windows-1252: 0xA3 is £, 0x80 €, 0x92 ’", () => {
    const bytes = new Uint8Array([
      ...utf8("Title\r\nProduct,Price,Note\r\nWater,"),
      0xa3,
      ...utf8("1.50,"),
      0x80,
      0x92,
      0xe9,
      ...utf8("\r\n"),
    ]);
    const result = read(bytes);
    expect(result.encoding).toBe("windows-1252");
    expect(result.table[2]).toEqual(["Water", "£1.50", "€’é"]);
  });

  it("drops a UTF-8 BOM before bytes that are not UTF-8, and says a UTF-16 file is not what it reads", () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...utf8("T\nA;B\n"), 0xa3, ...utf8("1,50;x\n")]);
    expect(read(bytes).table).toEqual([["T"], ["A", "B"], ["£1.50", "x"]]);
    expect(refusal(new Uint8Array([0xff, 0xfe, 0x54, 0x00, 0x0a, 0x00]))).toMatch(/UTF-16/);
  });
});

describe("readCsvTable: a comma-separated file", () => {
  it("keeps fields as written: quoted separators, doubled quotes and line breaks inside quotes, decimal points", () => {
    const file = [
      `"${TITLE}, Vendboard"`,
      "Machine Name,Product Name,Cost Price,Settlement Value (Vend Price),Authorization Date and Time (GMT),Transaction ID",
      'Station,"Coke, 330ml",0.75,"1,234.56",10/1/2026 7:40:26 AM,7000000000123',
      'Station,"The ""big""\r\nbar",  0.50 ,-1.50,2026-10-01,7000000000124',
    ].join("\r\n");
    const result = read(file);
    expect(result.separator).toBe(",");
    expect(result.decimalComma).toBe(false);
    expect(result.table).toEqual([
      [`${TITLE}, Vendboard`],
      [
        "Machine Name",
        "Product Name",
        "Cost Price",
        "Settlement Value (Vend Price)",
        "Authorization Date and Time (GMT)",
        "Transaction ID",
      ],
      ["Station", "Coke, 330ml", "0.75", "1,234.56", "10/1/2026 7:40:26 AM", "7000000000123"],
      ["Station", 'The "big"\r\nbar', "  0.50 ", "-1.50", "2026-10-01", "7000000000124"],
    ]);
  });

  it("gives an empty field as null, and rows their own lengths", () => {
    expect(read('T\nA,B,C\n1,,""\n2\n,3,\n').table).toEqual([
      ["T"],
      ["A", "B", "C"],
      ["1", null, null],
      ["2"],
      [null, "3", null],
    ]);
  });

  it("drops blank rows: empty lines, spaces only, separators only, empty quotes", () => {
    const file = 'T\n\nA,B\n   \n1,2\n,,,\n\t, ,\n""," "\n3,4\n\n';
    expect(read(file).table).toEqual([["T"], ["A", "B"], ["1", "2"], ["3", "4"]]);
  });

  it("reads LF, CRLF and a last line without its line ending alike", () => {
    const lf = read("T\nA,B\n1,2\n3,4");
    expect(read("T\r\nA,B\r\n1,2\r\n3,4\r\n").table).toEqual(lf.table);
    expect(lf.table).toEqual([["T"], ["A", "B"], ["1", "2"], ["3", "4"]]);
  });
});

describe("readCsvTable: the separator", () => {
  it("is decided by the header line, not the title, which may hold commas", () => {
    const result = read(
      "Dynamic Transactions Monitor, Vendboard, 01/10/2026\r\nProduct Name;Cost Price;Machine Price\r\nWater;0.50;1.00\r\n",
    );
    expect(result.separator).toBe(";");
    expect(result.table).toEqual([
      ["Dynamic Transactions Monitor, Vendboard, 01/10/2026"],
      ["Product Name", "Cost Price", "Machine Price"],
      ["Water", "0.50", "1.00"],
    ]);
  });

  it("counts only separators outside quotes, the header being the second non-blank line", () => {
    expect(read('T\n\n;;;\n"a,b,c";"d,e"\n1;2\n').separator).toBe(";");
    expect(read('T\n"a;b;c","d"\n1,2\n').separator).toBe(",");
  });

  it("refuses headers separated by neither", () => {
    expect(refusal("Title, with a comma\nProduct Name\tCost Price\n1\t2\n")).toBe(
      "The CSV file's headers (line 2) are not separated by commas or semicolons",
    );
    expect(refusal("Title\n\nProduct Name Cost Price\n")).toBe(
      "The CSV file's headers (line 3) are not separated by commas or semicolons",
    );
  });

  it("reads a file too short to have headers without refusing it (the caller says it is too short)", () => {
    expect(read("")).toMatchObject({ table: [], separator: ",", decimalComma: false });
    expect(read("Just a title\n\n").table).toEqual([["Just a title"]]);
  });
});

describe("readCsvTable: decimal commas in a semicolon file", () => {
  const header =
    "Machine Name;Product Name;Cost Price;Machine Price;Settlement Value (Vend Price);Authorization Date and Time (GMT);Transaction ID";

  it("rewrites amounts with a decimal point, leaving dates, times, ids and names alone", () => {
    const file = [
      `${TITLE};;;;;;`,
      header,
      "Station;Coke, 330ml;0,75;1,50;£1.234,56;01.10.2026 07:40;7000000000123",
      "Station;Crisps;(0,50);-0,75;£ -1,50;10/1/2026 7:40:26 AM;7000000000124",
      "Station;1,5 litre water;1.000,00;1 234,56;2,5;2026-10-01;07:40",
      "Total;;1.000,5;;£1.234,56;;",
    ].join("\r\n");
    const result = read(file);
    expect(result.separator).toBe(";");
    expect(result.decimalComma).toBe(true);
    expect(result.table.slice(2)).toEqual([
      ["Station", "Coke, 330ml", "0.75", "1.50", "£1234.56", "01.10.2026 07:40", "7000000000123"],
      ["Station", "Crisps", "(0.50)", "-0.75", "£ -1.50", "10/1/2026 7:40:26 AM", "7000000000124"],
      ["Station", "1,5 litre water", "1000.00", "1234.56", "2.5", "2026-10-01", "07:40"],
      ["Total", null, "1000.5", null, "£1234.56", null, null],
    ]);
  });

  it("leaves amounts with a decimal point as they are", () => {
    const result = read(
      `${TITLE}\n${header}\nStation;Coke, 330ml;0.75;1.50;"1,234.50";01.10.2026 07:40;7000000000123\n`,
    );
    expect(result.decimalComma).toBe(false);
    expect(result.table[2]).toEqual([
      "Station",
      "Coke, 330ml",
      "0.75",
      "1.50",
      "1,234.50",
      "01.10.2026 07:40",
      "7000000000123",
    ]);
  });

  it("refuses a file that mixes decimal commas and points, naming a line of each", () => {
    const error = refusal(
      `${TITLE}\n${header}\nStation;Water;0,50;1,00;1,00;01.10.2026;1\nStation;Water;0.50;1.00;1.00;01.10.2026;2\n`,
    );
    expect(error).toBe(
      'The CSV file mixes decimal commas (line 3: "0,50") and decimal points (line 4: "0.50"): export it again with one decimal separator',
    );
  });

  it("refuses amounts whose comma or point could be either separator, naming the line", () => {
    const error = refusal(
      `${TITLE}\n${header}\nStation;Water;1;2;3;01.10.2026;1\nStation;Water;1,500;2;3;01.10.2026;2\n`,
    );
    expect(error).toBe(
      'The CSV file\'s amounts do not show whether the comma or point is a decimal or a thousands separator (line 4: "1,500"): export it again with two decimal places',
    );
    expect(refusal(`T\n${header}\nStation;Water;1.000;2;3;01.10.2026;1\n`)).toMatch(/line 3: "1.000"/);
  });

  it("takes a comma followed by one digit as decimal (a thousands group has three): Excel writes 1.10 as 1,1", () => {
    const result = read(
      `${TITLE}\n${header}\nStation;Twix;0,5;1,1;1,1;02.10.2026;1\nStation;Coke;0,6;1,5;1,5;02.10.2026;2\n`,
    );
    expect(result.decimalComma).toBe(true);
    expect(result.table[2].slice(2, 5)).toEqual(["0.5", "1.1", "1.1"]);
  });

  it("takes whole numbers only as written with a decimal point", () => {
    const result = read(`${TITLE}\n${header}\nStation;Water, still;1;2;3;01.10.2026 07:40;7000000000123\n`);
    expect(result.decimalComma).toBe(false);
    expect(result.table[2]).toEqual(["Station", "Water, still", "1", "2", "3", "01.10.2026 07:40", "7000000000123"]);
  });

  it("reads amounts with spaces around their parts, and a field of spaces in linear time", () => {
    const spaces = " ".repeat(5_000);
    const result = read(`T\nA;B;C;D;E\n £ 1,50 ;( £0,50 );1,50 £;${spaces},5;${spaces}1${spaces}\n`, {
      ...LIMITS,
      maxLineChars: 100_000,
    });
    expect(result.table[2]).toEqual([" £ 1.50 ", "( £0.50 )", "1.50 £", `${spaces},5`, `${spaces}1${spaces}`]);
  });

  it("decides quoted amounts of a comma-separated file the same way: never read 100 times too large", () => {
    const result = read('T\nA,B\n"1,50","1,5"\n');
    expect(result.decimalComma).toBe(true);
    expect(result.table[2]).toEqual(["1.50", "1.5"]);
    expect(read('T\nA,B\n"1,234.50",2.10\n').table[2]).toEqual(["1,234.50", "2.10"]);
    expect(refusal('T\nA,B\n"1,50",2.10\n')).toMatch(
      /mixes decimal commas \(line 3: "1,50"\) and decimal points \(line 3: "2.10"\)/,
    );
  });
});

describe("readCsvTable: bounds", () => {
  it("refuses a line longer than maxLineChars, naming it", () => {
    const limits = { ...LIMITS, maxLineChars: 40 };
    expect(refusal(`T\nA,B\n1,2\n${"x".repeat(41)},3\n`, limits)).toBe(
      "Line 4 of the CSV file is longer than 40 characters",
    );
    expect(read(`T\nA,B\n${"x".repeat(38)},3\n`, limits).table).toHaveLength(3);
    expect(refusal(`T\nA,B\n"${"a\n".repeat(30)}",1\n`, limits)).toBe(
      "The record on lines 3-33 of the CSV file is longer than 40 characters",
    );
    expect(refusal(`${"t".repeat(20_001)}\nA,B\n`)).toBe("Line 1 of the CSV file is longer than 2,000 characters");
  });

  it("refuses a line with more than maxFields fields, naming it", () => {
    const limits = { ...LIMITS, maxFields: 5 };
    expect(read("T\nA;B;C;D;E\n1;2;3;4;5\n", limits).table).toHaveLength(3);
    expect(refusal("T\nA;B;C;D;E\n1;2;3;4;5;6\n", limits)).toBe("Line 3 of the CSV file has more than 5 fields");
    expect(refusal("T\n;;;;;;;;\nA;B\n", limits)).toBe("Line 2 of the CSV file has more than 5 fields");
    // Commas in a semicolon file are text, not fields.
    expect(read("T\nA;B\n1,2,3,4,5,6,7;2\n", limits).table[2]).toEqual(["1,2,3,4,5,6,7", "2"]);
  });

  it("stops after maxRows + 4 non-blank records, never reading the rest", () => {
    const rows = Array.from({ length: 50 }, (_, i) => `${i};x`);
    const file = `T\n\nA;B\n${rows.slice(0, 8).join("\n")}\n\n;;\n${rows.slice(8).join("\n")}\n${"y".repeat(5_000)};z\n"never closed\n`;
    const result = read(file, { ...LIMITS, maxRows: 10, raw: true });
    expect(result.table).toHaveLength(14);
    expect(result.table.at(-1)).toEqual(["11", "x"]);
    expect(result.lines).toHaveLength(14);
    // Without the cap the same file is refused.
    expect(refusal(file)).toMatch(/^Line 56 of the CSV file is longer than/);
  });
});

describe("readCsvTable: malformed files", () => {
  it("refuses an unclosed quote", () => {
    expect(refusal('T\nA,B\n1,2\n"3,4\n5,6\n')).toBe(
      "The file could not be read as a CSV file: a quote opened on line 4 is never closed",
    );
  });

  it('reads a stray quote as text, as Excel does (12" Pizza), rather than refusing the file', () => {
    expect(read('T\nA,B\n"x\r\ny",1\n\nab"c,2\n').table.slice(2)).toEqual([
      ["x\r\ny", "1"],
      ['ab"c', "2"],
    ]);
    expect(read('T\nA;B\n"ab"c;2\n').table[2]).toEqual(['"ab"c', "2"]);
    expect(read('T\nA,B\nM1,12" Pizza\n').table[2]).toEqual(["M1", '12" Pizza']);
  });

  it("never throws", () => {
    const noise = new Uint8Array(4_096).map((_, i) => (i * 7919 + 13) % 256);
    expect(() => readCsvTable(noise, LIMITS)).not.toThrow();
    expect(readCsvTable(utf8("a,b"), { maxRows: 0, maxLineChars: 10, maxFields: 10 }).ok).toBe(false);
    expect(readCsvTable(null as unknown as Uint8Array, LIMITS).ok).toBe(false);
  });
});

describe("readCsvTable: raw lines", () => {
  it("gives each row's original text, without its line ending and before any rewriting", () => {
    const file = `${TITLE}\r\n\r\nProduct;Price;Note\r\n"Coke, 330ml";1,50;"two\r\nlines"\r\n;;\r\nWater;£1.234,56;\r\n`;
    const result = read(file, { ...LIMITS, raw: true });
    expect(result.table).toEqual([
      [TITLE],
      ["Product", "Price", "Note"],
      ["Coke, 330ml", "1.50", "two\r\nlines"],
      ["Water", "£1234.56", null],
    ]);
    expect(result.lines).toEqual([
      TITLE,
      "Product;Price;Note",
      '"Coke, 330ml";1,50;"two\r\nlines"',
      "Water;£1.234,56;",
    ]);
    expect(read(file).lines).toBeUndefined();
  });
});

describe("readCsvTable: agrees with csv-parse reading the whole file", () => {
  it("on random files of quoted and plain fields", () => {
    const fields = ["a", " ", "", '"x,y"', '"p;q"', '"a""b"', '"l\nm"', '"r\r\nn"', '" "', '""', "bb", '"é"'];
    let seed = 42;
    const random = (n: number) => {
      seed = (seed * 16807) % 2147483647;
      return seed % n;
    };
    for (let file = 0; file < 300; file++) {
      const end = ["\n", "\r\n"][random(2)];
      let text = `Title${end}A,B,C${end}`;
      for (let row = random(8); row > 0; row--) {
        const cells = Array.from({ length: 1 + random(4) }, () => fields[random(fields.length)]);
        text += cells.join(",") + end.repeat(1 + random(2));
      }
      const expected = parse(text, { relax_column_count: true, skip_empty_lines: true })
        .filter((row) => row.some((field) => field.trim() !== ""))
        .map((row) => row.map((field) => (field === "" ? null : field)));
      expect(read(text).table, JSON.stringify(text)).toEqual(expected);
    }
  });
});
