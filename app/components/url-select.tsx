/**
 * A choice that lives in the URL (`?month=`, `?status=`): a GET form, so the view can be bookmarked,
 * shared and reloaded and the back button works. With JavaScript it is a Radix select that
 * navigates on change; before the scripts have loaded it is the browser's select and a Show button.
 * The page's other search parameters are kept.
 */
import { Button, Flex, Select } from "@radix-ui/themes";
import { Form, useLocation, useNavigate } from "@remix-run/react";
import { useHydrated } from "./forms.tsx";

export function UrlSelect({
  name,
  value,
  options,
  label,
  minWidth = 170,
}: {
  name: string;
  value: string;
  options: readonly { value: string; label: string }[];
  /** The accessible name (the select has no visible label). */
  label: string;
  minWidth?: number;
}) {
  const hydrated = useHydrated();
  const location = useLocation();
  const navigate = useNavigate();
  const others = [...new URLSearchParams(location.search)].filter(([key]) => key !== name && key !== "index");

  if (hydrated) {
    return (
      <Select.Root
        value={value}
        onValueChange={(next) => {
          const params = new URLSearchParams(others);
          params.set(name, next);
          navigate({ pathname: location.pathname, search: `?${params}` }, { preventScrollReset: true });
        }}
      >
        <Select.Trigger aria-label={label} style={{ minWidth }} />
        <Select.Content position="popper">
          {options.map((o) => (
            <Select.Item key={o.value} value={o.value}>
              {o.label}
            </Select.Item>
          ))}
        </Select.Content>
      </Select.Root>
    );
  }
  return (
    <Form method="get">
      {others.map(([key, v], i) => (
        <input key={`${key}-${i}`} type="hidden" name={key} value={v} />
      ))}
      <Flex gap="2" align="center">
        <select name={name} defaultValue={value} aria-label={label} className="vb-native-select" style={{ minWidth }}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
        <Button type="submit" variant="soft">
          Show
        </Button>
      </Flex>
    </Form>
  );
}
