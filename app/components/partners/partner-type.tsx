/** Partner type badge and select, listing all four types everywhere (the select shows only in dialogs: lazy-select.tsx). */
import { Badge } from "@radix-ui/themes";
import { Select } from "../lazy-select.tsx";
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
  name,
}: {
  value: PartnerType;
  onChange: (type: PartnerType) => void;
  id?: string;
  name?: string;
}) {
  return (
    <Select.Root name={name} value={value} onValueChange={(v) => onChange(v as PartnerType)}>
      <Select.Trigger id={id} style={{ width: "100%" }} aria-label="Partner type" />
      <Select.Content position="popper">
        {PARTNER_TYPES.map((type) => (
          <Select.Item key={type} value={type}>
            {partnerTypeLabel(type)}
          </Select.Item>
        ))}
      </Select.Content>
    </Select.Root>
  );
}
