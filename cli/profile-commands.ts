/** The `profiles` and `products` commands as `vendboard --help` shows them; each action loads its command module when it runs. */
import type { Command } from "commander";
import type * as Profiles from "./commands/profiles.ts";
import type * as Products from "./commands/products.ts";
import type { CliIO } from "./context.ts";

export function registerProfileCommands(program: Command, io: CliIO): void {
  const load = () => import("./commands/profiles.ts");
  const profiles = program
    .command("profiles")
    .description("import profiles: how exports of other layouts (other column names, headers on another row) are read");
  profiles
    .command("list")
    .description("the saved import profiles, each at its latest version")
    .option("--json", "print them as JSON")
    .action(async (options: Profiles.ProfileCommandOptions) => (await load()).runProfilesList(io, options));
  profiles
    .command("show")
    .description("one profile: its header row, the column of each field, dates, time zone and sale statuses")
    .argument("<name>", "the profile's name")
    .option("--json", "print it as JSON")
    .action(async (name: string, options: Profiles.ProfileCommandOptions) =>
      (await load()).runProfilesShow(io, name, options),
    );
  profiles
    .command("create")
    .description(
      "save a profile from a JSON file (as POST /api/import-profiles takes it); a saved name gets its next version",
    )
    .requiredOption("--from <file.json>", "the profile's definition")
    .option("--json", "print the saved profile as JSON")
    .action(async (options: Profiles.ProfileCommandOptions) => (await load()).runProfilesCreate(io, options));
  profiles
    .command("delete")
    .description("delete a profile; import receipts keep the version they were read with")
    .argument("<name>", "the profile's name")
    .option("--json", "print the deleted profile as JSON")
    .action(async (name: string, options: Profiles.ProfileCommandOptions) =>
      (await load()).runProfilesDelete(io, name, options),
    );
}

/** The `products costs import` command: the product cost list from a sheet. */
export function registerProductCommands(program: Command, io: CliIO): void {
  const products = program.command("products").description("products and their cost list");
  const costs = products
    .command("costs")
    .description("the product cost list: each product's cost per unit (excluding VAT) from a date on");
  costs
    .command("import")
    .description(
      "set costs from a sheet (.xlsx/.xls/.csv) of product name, cost and an optional from-date (today by default)",
    )
    .argument("<file>", "the sheet")
    .option(
      "--yes",
      "add the names no product has yet as new products (without it they are listed and nothing is saved)",
    )
    .option("--json", "print the outcome as JSON")
    .action(async (file: string, options: Products.CostImportOptions) => {
      io.exitCode = await (await import("./commands/products.ts")).runCostsImport(io, file, options);
    });
}
