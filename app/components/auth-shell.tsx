/** The narrow, centred frame of the signed-out pages besides /auth (forgot password, reset password), and the brand and title every signed-out page opens with. */
import { Box, Flex, Heading, Link as RadixLink, Text } from "@radix-ui/themes";
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { Logo } from "./logo.tsx";

/** The logo and name, the page's title and its introduction (/auth and the pages in AuthShell). */
export function AuthHeading({ title, intro }: { title: string; intro?: ReactNode }) {
  return (
    <>
      <Flex align="center" gap="2" mb="6">
        <Logo size={32} />
        <Text size="5" weight="bold">
          Vendboard
        </Text>
      </Flex>
      <Heading as="h1" size="7" mb="2">
        {title}
      </Heading>
      {intro ? (
        <Text as="p" color="gray" size="3" mb="5">
          {intro}
        </Text>
      ) : null}
    </>
  );
}

/** `wide`: room for a QR code beside its instructions (two-factor setup). */
export function AuthShell({
  title,
  intro,
  wide = false,
  children,
}: {
  title: string;
  intro?: ReactNode;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <Flex align="center" justify="center" p={{ initial: "4", sm: "6" }} style={{ minHeight: "100vh" }}>
      <Box width="100%" maxWidth={wide ? "640px" : "420px"}>
        <AuthHeading title={title} intro={intro} />
        {children}
      </Box>
    </Flex>
  );
}

/** The link under a signed-out page's card ("Forgot password?", "Back to sign in"). */
export function AuthFooterLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Text as="p" size="2" mt="4">
      <RadixLink asChild>
        <Link to={to}>{children}</Link>
      </RadixLink>
    </Text>
  );
}
