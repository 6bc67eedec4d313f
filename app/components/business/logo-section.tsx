/** /admin/settings' logo: its preview, the file input and Remove. */
import { Flex, Text } from "@radix-ui/themes";
import { FilePicker } from "#app/components/file-picker.tsx";
import { useState } from "react";
import { MAX_LOGO_BYTES } from "#domain/business/business-rules.ts";
import { MAX_LOGO_PIXELS } from "#domain/business/image-size.ts";
import { formatUnits } from "#domain/shared/format.ts";
import { Section } from "./settings-section.tsx";

const LOGO_KB = MAX_LOGO_BYTES / 1024;
const LOGO_PIXELS = formatUnits(MAX_LOGO_PIXELS);

/** The logo: its preview (the stored one, or the chosen file before it is saved), the file input and Remove. */
export function LogoSection({
  logo,
  updatedAt,
  error,
}: {
  /** `problem`: why the stored logo needs replacing (past the pixel bounds); it is left out of documents meanwhile. */
  logo: { type: string; size: number; problem: string | null } | null;
  updatedAt: string | null;
  error?: string;
}) {
  const [chosen, setChosen] = useState<{ name: string; preview: string | null; problem: string | null } | null>(null);
  const [remove, setRemove] = useState(false);
  const logoError = chosen?.problem ?? error;

  function chooseLogo(file: File | undefined) {
    if (!file) return setChosen(null);
    const problem =
      file.type !== "image/png" && file.type !== "image/jpeg"
        ? "The logo must be a PNG or JPEG image"
        : file.size > MAX_LOGO_BYTES
          ? `The logo must be at most ${LOGO_KB} KB`
          : null;
    setChosen({ name: file.name, preview: null, problem });
    if (problem) return;
    // A data: URL (the page's CSP allows data: images, not blob:).
    const reader = new FileReader();
    reader.onload = () =>
      setChosen((c) =>
        c && c.name === file.name ? { ...c, preview: typeof reader.result === "string" ? reader.result : null } : c,
      );
    reader.readAsDataURL(file);
  }

  const previewSrc =
    chosen?.preview ?? (logo && !remove ? `/resources/business-logo?v=${encodeURIComponent(updatedAt ?? "")}` : null);

  return (
    <Section
      title="Logo"
      description={`Shown at the top of invoices and statements. A PNG or JPEG image, at most ${LOGO_KB} KB and ${LOGO_PIXELS} × ${LOGO_PIXELS} pixels.`}
    >
      <Flex gap="4" align="center" wrap="wrap">
        <Flex
          align="center"
          justify="center"
          style={{
            width: 160,
            height: 96,
            border: "1px dashed var(--gray-a7)",
            borderRadius: "var(--radius-3)",
            background: "var(--gray-a2)",
            flexShrink: 0,
          }}
        >
          {previewSrc ? (
            <img
              src={previewSrc}
              alt={chosen ? "The chosen logo" : "The current logo"}
              style={{ maxWidth: 144, maxHeight: 80, objectFit: "contain" }}
            />
          ) : (
            <Text size="2" color="gray">
              No logo
            </Text>
          )}
        </Flex>
        <Flex direction="column" gap="2" style={{ flex: "1 1 220px", minWidth: 0 }}>
          <Text as="label" htmlFor="settings-logo" size="2" weight="medium">
            {logo ? "Replace the logo" : "Upload a logo"}
          </Text>
          <FilePicker
            id="settings-logo"
            name="logo"
            accept="image/png,image/jpeg"
            onChange={(e) => chooseLogo(e.target.files?.[0])}
            aria-invalid={logoError ? true : undefined}
            aria-describedby={logoError ? "settings-logo-note" : undefined}
            button="Choose image"
            chosen={
              chosen?.name ??
              (logo
                ? `Current: ${logo.type === "image/png" ? "PNG" : "JPEG"}, ${Math.ceil(logo.size / 1024)} KB`
                : "No file chosen")
            }
          />
          {logoError ? (
            <Text as="p" id="settings-logo-note" size="1" color="red">
              {logoError}
            </Text>
          ) : null}
          {logo?.problem && !chosen && !remove ? (
            <Text as="p" id="settings-logo-replace" size="1" color="red" role="status">
              This logo needs replacing: {logo.problem}. Invoices and statements leave it out until it is replaced.
            </Text>
          ) : null}
          {logo ? (
            <Text as="label" size="2">
              <Flex gap="2" align="center">
                <input
                  type="checkbox"
                  name="removeLogo"
                  value="yes"
                  checked={remove}
                  onChange={(e) => setRemove(e.target.checked)}
                />
                Remove the logo
              </Flex>
            </Text>
          ) : null}
        </Flex>
      </Flex>
    </Section>
  );
}
