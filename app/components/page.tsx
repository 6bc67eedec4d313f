/** Page frame and shared cards: title row, back button, centred spinner, not-found and unauthorized cards. */
import { Box, Button, Callout, Card, Container, Flex, Heading, Spinner, Text } from "@radix-ui/themes";
import { ArrowLeftIcon, ExclamationTriangleIcon, HomeIcon, LockClosedIcon } from "@radix-ui/react-icons";
import { Link, useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";

export function Page({
  title,
  description,
  actions,
  children,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Container size="4" px={{ initial: "4", md: "6" }} py="6">
      <Flex
        direction={{ initial: "column", sm: "row" }}
        justify="between"
        align={{ initial: "start", sm: "center" }}
        gap="3"
        mb="5"
      >
        <Box>
          <Heading as="h1" size="7">
            {title}
          </Heading>
          {description ? (
            <Text as="p" color="gray" size="2" mt="1">
              {description}
            </Text>
          ) : null}
        </Box>
        {actions ? <div className="vb-toolbar">{actions}</div> : null}
      </Flex>
      {children}
    </Container>
  );
}

export function CenteredSpinner({ label = "Loading" }: { label?: string }) {
  return (
    <Flex className="vb-centered-spinner" align="center" justify="center" role="status" aria-label={label}>
      <Spinner size="3" />
    </Flex>
  );
}

export function MessageCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Flex align="center" justify="center" px="4" style={{ minHeight: "70vh" }}>
      <Card size="4" style={{ maxWidth: 460, width: "100%" }}>
        <Flex direction="column" gap="3">
          <Flex align="center" gap="2">
            {icon}
            <Heading as="h1" size="5">
              {title}
            </Heading>
          </Flex>
          {children}
        </Flex>
      </Card>
    </Flex>
  );
}

/** The spec's 404 text, and a way home: / (which sends an admin on to /admin, and a visitor to sign in). */
export function NotFoundCard() {
  const signedIn = Boolean(useRouteLoaderData<{ user: unknown }>("root")?.user);
  return (
    <MessageCard
      icon={<ExclamationTriangleIcon width={22} height={22} color="var(--red-9)" />}
      title="404 Page Not Found"
    >
      <Text as="p" color="gray" size="2">
        Did you forget to add the page to the router?
      </Text>
      <Flex>
        <Button asChild>
          <Link to="/">
            <HomeIcon /> {signedIn ? "Go to Dashboard" : "Sign in"}
          </Link>
        </Button>
      </Flex>
    </MessageCard>
  );
}

export function UnauthorizedCard() {
  return (
    <MessageCard icon={<LockClosedIcon width={22} height={22} color="var(--red-9)" />} title="Unauthorized">
      <Callout.Root color="red" variant="surface">
        <Callout.Text>You do not have permission to view this page.</Callout.Text>
      </Callout.Root>
    </MessageCard>
  );
}

/** A page's loader failed: the spec's fetch-failure title, the reason, and a way to try again. */
const textOf = (value: unknown) => (typeof value === "string" ? value : "");

export function LoadFailedCard({ title, error }: { title: string; error: unknown }) {
  const detail =
    error && typeof error === "object" && "status" in error
      ? `${(error as { status: number }).status}: ${(error as { statusText?: string }).statusText || textOf((error as { data?: unknown }).data)}`
      : error instanceof Error
        ? error.message
        : "No data received from server";
  return (
    <MessageCard icon={<ExclamationTriangleIcon width={22} height={22} color="var(--red-9)" />} title={title}>
      <Text as="p" color="gray" size="2">
        {detail}
      </Text>
      <Box>
        <a href="" style={{ color: "var(--accent-11)" }}>
          Try again
        </a>
      </Box>
    </MessageCard>
  );
}

/** The admin pages' way back: a grey "Back to Dashboard" button to /admin. */
export function BackToDashboard() {
  return (
    <Button asChild variant="soft" color="gray">
      <Link to="/admin">
        <ArrowLeftIcon /> Back to Dashboard
      </Link>
    </Button>
  );
}
