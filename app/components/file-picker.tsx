/**
 * A file input that looks like the rest of the product: the browser's own input until
 * the page is hydrated (so a form works without JavaScript), then a Radix soft button — a <label>
 * for the input, which stays focusable and shows its focus on the button — beside the name of the
 * file chosen (or `none`).
 */
import { UploadIcon } from "@radix-ui/react-icons";
import { Button, Flex, Text } from "@radix-ui/themes";
import type { InputHTMLAttributes, ReactNode } from "react";
import { useHydrated } from "./forms.tsx";

export function FilePicker({
  id,
  button,
  chosen,
  ...input
}: {
  id: string;
  /** The button's words: "Choose files", "Choose image". */
  button: ReactNode;
  /** What is chosen now, in words ("No file chosen" when nothing is). */
  chosen: ReactNode;
} & Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "type" | "className">) {
  const hydrated = useHydrated();
  return (
    <Flex align="center" gap="3" wrap="wrap" style={{ position: "relative" }}>
      <input id={id} type="file" {...input} className={hydrated ? "vb-file-input" : undefined} />
      {hydrated ? (
        <>
          <Button asChild variant="soft">
            <label htmlFor={id} className="vb-file-button">
              <UploadIcon /> {button}
            </label>
          </Button>
          <Text size="2" color="gray" style={{ overflowWrap: "anywhere", minWidth: 0 }}>
            {chosen}
          </Text>
        </>
      ) : null}
    </Flex>
  );
}
