/** The shared header: logo and name, role-based nav with the active button highlighted, account menu. */
import { Avatar, Box, Button, DropdownMenu, Flex, Text } from "@radix-ui/themes";
import { ExitIcon } from "@radix-ui/react-icons";
import { Link, useFetcher, useLocation } from "@remix-run/react";
import { useEffect } from "react";
import { initials } from "#domain/partners/partner-rules.ts";
import type { PublicUser } from "#domain/accounts/user-service.ts";
import { Logo } from "./logo.tsx";
import { useToast } from "./toaster.tsx";

const ADMIN_NAV = [
  { to: "/admin", label: "Dashboard" },
  { to: "/admin/commissions", label: "Commissions" },
  { to: "/admin/invoices", label: "Invoices" },
];
const PARTNER_NAV = [{ to: "/", label: "Dashboard" }];

export const HEADER_HEIGHT = 60;

export function Header({ user }: { user: PublicUser }) {
  const { pathname } = useLocation();
  const nav = user.isAdmin ? ADMIN_NAV : PARTNER_NAV;
  const logout = useFetcher<{ message?: string }>();
  const toast = useToast();

  useEffect(() => {
    if (logout.state === "idle" && logout.data?.message) {
      toast({ title: "Logout failed", description: "Logout failed", variant: "destructive" });
    }
  }, [logout.state, logout.data, toast]);

  return (
    <Box asChild position="fixed" top="0" left="0" right="0" style={{ zIndex: 50, height: HEADER_HEIGHT }}>
      <header className="vb-header">
        <Flex align="center" justify="between" height="100%" px={{ initial: "4", md: "6" }} gap="4">
          <Link to="/" className="vb-brand" aria-label="Vendboard home">
            <Logo />
            <Text size="4" weight="bold" highContrast>
              Vendboard
            </Text>
          </Link>
          <Flex align="center" gap="4">
            <Flex asChild gap="1" display={{ initial: "none", sm: "flex" }}>
              <nav aria-label="Main">
                {nav.map((item) => {
                  const active = pathname === item.to;
                  return (
                    <Button
                      key={item.to}
                      asChild
                      variant={active ? "soft" : "ghost"}
                      highContrast={active}
                      size="2"
                      style={{ margin: 0 }}
                    >
                      <Link to={item.to} aria-current={active ? "page" : undefined} prefetch="intent">
                        {item.label}
                      </Link>
                    </Button>
                  );
                })}
              </nav>
            </Flex>
            <DropdownMenu.Root>
              <DropdownMenu.Trigger>
                <button type="button" className="vb-avatar-button" aria-label="Account menu">
                  <Avatar size="2" radius="full" fallback={initials(user.name, user.username)} variant="solid" />
                </button>
              </DropdownMenu.Trigger>
              <DropdownMenu.Content align="end" style={{ minWidth: 200 }}>
                <DropdownMenu.Label>My Account</DropdownMenu.Label>
                <DropdownMenu.Item disabled>{user.username}</DropdownMenu.Item>
                <DropdownMenu.Separator />
                <DropdownMenu.Item
                  color="red"
                  onSelect={() => logout.submit(null, { method: "post", action: "/logout" })}
                >
                  <ExitIcon /> Log out
                </DropdownMenu.Item>
              </DropdownMenu.Content>
            </DropdownMenu.Root>
          </Flex>
        </Flex>
      </header>
    </Box>
  );
}
