/** The new password, typed twice: used by the reset link's page and the change-password page. */
import { Text, TextField } from "@radix-ui/themes";

export function NewPasswordFields({ error }: { error?: string | null }) {
  return (
    <>
      <div>
        <label>
          <Text as="div" size="2" weight="medium" mb="1">
            New password
          </Text>
          <TextField.Root
            name="newPassword"
            type="password"
            autoComplete="new-password"
            required
            minLength={8}
            size="3"
            aria-invalid={error ? true : undefined}
            aria-describedby="new-password-hint"
          />
        </label>
        <Text as="p" size="1" color="gray" mt="1" id="new-password-hint">
          At least 8 characters.
        </Text>
      </div>
      <label>
        <Text as="div" size="2" weight="medium" mb="1">
          New password again
        </Text>
        <TextField.Root
          name="repeatPassword"
          type="password"
          autoComplete="new-password"
          required
          minLength={8}
          size="3"
          aria-invalid={error ? true : undefined}
        />
      </label>
      {error ? (
        <Text as="p" size="2" color="red" role="alert">
          {error}
        </Text>
      ) : null}
    </>
  );
}
