/**
 * A block that names what needs the admin's say before an import is written (rows left out for their
 * date, late sales for a paid month) with a native checkbox beside it: native, so it confirms before
 * the page's JavaScript has loaded too. The import page lists the items; the dialog says them inline.
 */
import { Box, Callout, Flex, Text } from "@radix-ui/themes";
import { ExclamationTriangleIcon } from "@radix-ui/react-icons";

export function ConfirmCallout(props: {
  color: "red" | "amber";
  label: string;
  heading: string;
  items: string[];
  /** The items in one sentence after the heading, rather than a list. */
  inline?: boolean;
  /** The checkbox's form field (the page's form posts it); none in a dialog that sends its own fields. */
  name?: string;
  confirm: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <Callout.Root color={props.color} role="group" aria-label={props.label}>
      <Callout.Icon>
        <ExclamationTriangleIcon />
      </Callout.Icon>
      <Flex direction="column" gap="2">
        {props.inline ? (
          <Callout.Text weight="medium">
            {props.heading} {props.items.join("; ")}.
          </Callout.Text>
        ) : (
          <>
            <Callout.Text weight="medium">{props.heading}</Callout.Text>
            <Box asChild>
              <ul style={{ margin: 0, paddingLeft: "1.2em" }}>
                {props.items.map((item) => (
                  <li key={item}>
                    <Text size="2">{item}</Text>
                  </li>
                ))}
              </ul>
            </Box>
          </>
        )}
        <Text as="label" size="2" weight="medium">
          <Flex gap="2" align="center">
            <input
              type="checkbox"
              name={props.name}
              value="on"
              checked={props.checked}
              onChange={(e) => props.onChange(e.target.checked)}
              style={{ width: 18, height: 18, flex: "none", accentColor: `var(--${props.color}-9)` }}
            />
            {props.confirm}
          </Flex>
        </Text>
      </Flex>
    </Callout.Root>
  );
}
