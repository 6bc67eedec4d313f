/**
 * Map columns' form: a name, the header row, the file's header that holds each field, the date order,
 * the time zone and the status values that count as a sale. Plain form controls (the browser's
 * selects), so it is answered the same with or without the page's scripts.
 */
import { Box, Button, Card, Flex, Grid, Heading, Text, TextField } from "@radix-ui/themes";
import { Form, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { OPTIONAL_FIELDS, PROFILE_FIELDS, type ProfileField } from "#domain/imports/import-profile.ts";
import { Field } from "#app/components/field.tsx";
import { COLUMN_PREFIX } from "#app/utils/import-fields.ts";

const FIELDS = Object.keys(PROFILE_FIELDS) as ProfileField[];

/** A file without cost: its sales take the product cost list's cost in force on their date. */
const NO_COST_COLUMN = "(none: use the product cost list)";
const NO_COST_COLUMN_HINT = "No cost column: each sale takes the cost list's cost on its date (Products Analytics).";

function NativeSelect({
  id,
  name,
  value,
  options,
}: {
  id: string;
  name: string;
  value: string;
  options: [string, string][];
}) {
  return (
    <select id={id} name={name} defaultValue={value} className="vb-native-select" style={{ width: "100%" }}>
      {options.map(([v, label]) => (
        <option key={v} value={v}>
          {label}
        </option>
      ))}
    </select>
  );
}

export function ProfileMappingForm({
  file,
  fileName,
  headerRow,
  headers,
  statusValues,
  values,
  errors = {},
  rowChooser,
}: {
  file: string;
  fileName: string;
  headerRow: number;
  headers: string[];
  statusValues: string[];
  values: Record<string, string>;
  errors?: Record<string, string>;
  /** The header row's own form (a GET of this page), shown above the columns. */
  rowChooser: ReactNode;
}) {
  const saving = useNavigation().state === "submitting";
  return (
    <Card size={{ initial: "2", sm: "3" }}>
      <Heading as="h2" size="3" mb="3">
        Which column holds each field
      </Heading>
      {rowChooser}
      <Form method="post" aria-label="Map columns">
        <input type="hidden" name="file" value={file} />
        <input type="hidden" name="fileName" value={fileName} />
        <input type="hidden" name="headerRow" value={String(headerRow)} />
        {errors.headerRow ? (
          <Text as="p" size="2" color="red" role="alert" mb="3">
            {errors.headerRow}
          </Text>
        ) : null}
        <Grid columns={{ initial: "1", sm: "2" }} gap="4" mt="3">
          {FIELDS.map((field) => {
            const optional = OPTIONAL_FIELDS.includes(field);
            const name = `${COLUMN_PREFIX}${field}`;
            return (
              <Field
                key={field}
                label={`${PROFILE_FIELDS[field]}${optional ? " (optional)" : ""}`}
                htmlFor={`map-${field}`}
                error={errors[name]}
                hint={field === "costPrice" ? NO_COST_COLUMN_HINT : undefined}
              >
                <NativeSelect
                  id={`map-${field}`}
                  name={name}
                  value={values[name] ?? ""}
                  options={[
                    ["", optional ? "(none)" : field === "costPrice" ? NO_COST_COLUMN : "Choose a column"],
                    ...headers.map((h): [string, string] => [h, h]),
                  ]}
                />
              </Field>
            );
          })}
          <Field label="Dates are written" htmlFor="map-dateOrder" error={errors.dateOrder}>
            <NativeSelect
              id="map-dateOrder"
              name="dateOrder"
              value={values.dateOrder ?? "dmy"}
              options={[
                ["dmy", "day/month"],
                ["mdy", "month/day"],
              ]}
            />
          </Field>
          <Field label="Time zone" htmlFor="map-timeZone" error={errors.timeZone} hint="Month boundaries follow it.">
            <NativeSelect
              id="map-timeZone"
              name="timeZone"
              value={values.timeZone ?? "Europe/London"}
              options={[
                ["Europe/London", "Europe/London"],
                ["UTC", "UTC"],
              ]}
            />
          </Field>
        </Grid>
        <Box mt="4">
          <Field
            label="Status values that count as a sale (comma-separated)"
            htmlFor="map-saleStatuses"
            error={errors.saleStatuses}
            hint={
              statusValues.length
                ? `Values in the status column: ${statusValues.join(", ")}. With no status column every row is a sale.`
                : "With no status column every row is a sale."
            }
          >
            <TextField.Root id="map-saleStatuses" name="saleStatuses" defaultValue={values.saleStatuses ?? ""} />
          </Field>
        </Box>
        <Box mt="4">
          <Field
            label="Profile name"
            htmlFor="map-name"
            error={errors.name}
            hint="The next file with these headers is read with it. Saving a name again makes its next version."
          >
            <TextField.Root id="map-name" name="name" defaultValue={values.name ?? ""} placeholder="Cantaloupe Seed" />
          </Field>
        </Box>
        <Flex gap="3" mt="4" align="center" wrap="wrap">
          <Button type="submit" disabled={saving}>
            Save profile and preview
          </Button>
          <Text size="2" color="gray">
            Then {fileName} is previewed through it on Import Exports.
          </Text>
        </Flex>
      </Form>
    </Card>
  );
}
