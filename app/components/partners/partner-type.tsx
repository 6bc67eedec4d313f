/** Partner type badge and select, listing all four types everywhere (the select shows in dialogs, lazy-select.tsx, and the browser's own on a page without JavaScript). */
import { Badge } from "@radix-ui/themes";
import { FormSelect } from "../route-forms.tsx";
import { PARTNER_TYPES, partnerTypeLabel, type PartnerType } from "#domain/partners/partner-rules.ts";

const COLORS: Record<PartnerType, "teal" | "indigo" | "gray" | "amber"> = {
  "profit-sharing": "teal",
  "tiered-profit-sharing": "indigo",
  "non-profit-sharing": "gray",
  "fee-paying": "amber",
};

export function PartnerTypeBadge({ type }: { type: PartnerType }) {
  return (
    <Badge highContrast color={COLORS[type]} variant="soft" radius="full">
      {partnerTypeLabel(type)}
    </Badge>
  );
}

export function PartnerTypeSelect({
  value,
  onChange,
  id,
  name = "partnerType",
}: {
  value: PartnerType;
  onChange: (type: PartnerType) => void;
  id?: string;
  name?: string;
}) {
  return (
    <FormSelect
      id={id}
      name={name}
      value={value}
      onChange={(v) => onChange(v as PartnerType)}
      label="Partner type"
      options={PARTNER_TYPES.map((type) => ({ value: type, label: partnerTypeLabel(type) }))}
    />
  );
}
