/**
 * The shared header: logo and name, role-based nav with the active button highlighted, account menu.
 * On small screens, where the spec hides the nav buttons, a Menu sheet lists every page of the role.
 */
import "./header.css";
import { Avatar, Box, Button, DropdownMenu, Flex, Text } from "@radix-ui/themes";
import {
  BarChartIcon,
  CardStackIcon,
  CounterClockwiseClockIcon,
  DashboardIcon,
  ExitIcon,
  FileTextIcon,
  GearIcon,
  GlobeIcon,
  HamburgerMenuIcon,
  LockClosedIcon,
  MobileIcon,
  PersonIcon,
  ReaderIcon,
  UploadIcon,
} from "@radix-ui/react-icons";
import { Link, useFetcher, useLocation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { initials } from "#domain/partners/partner-rules.ts";
import { formatSignInTime } from "#domain/shared/format.ts";
import type { PublicUser } from "#domain/accounts/user-service.ts";
import { Logo } from "./logo.tsx";
import { useToast } from "./toaster.tsx";

export interface NavItem {
  to: string;
  label: string;
  /** Whose page it is. */
  role: "admin" | "partner";
  /** One of the spec's nav buttons, shown in the header bar on wide screens (the phone menu shows every item). */
  bar?: boolean;
  icon?: typeof DashboardIcon;
}

/** Every page a role reaches from the header, in order: the bar's buttons and the phone menu are both made from it. */
export const NAV: NavItem[] = [
  { to: "/admin", label: "Dashboard", role: "admin", bar: true, icon: DashboardIcon },
  { to: "/admin/commissions", label: "Commissions", role: "admin", bar: true, icon: ReaderIcon },
  { to: "/admin/invoices", label: "Invoices", role: "admin", bar: true, icon: FileTextIcon },
  { to: "/admin/payouts", label: "Payouts", role: "admin", icon: CardStackIcon },
  { to: "/admin/products", label: "Product Analytics", role: "admin", icon: BarChartIcon },
  { to: "/admin/import", label: "Import Exports", role: "admin", icon: UploadIcon },
  { to: "/admin/audit", label: "Audit Trail", role: "admin", icon: CounterClockwiseClockIcon },
  { to: "/admin/users", label: "Admins", role: "admin", icon: PersonIcon },
  { to: "/admin/settings", label: "Settings", role: "admin", icon: GearIcon },
  { to: "/", label: "Dashboard", role: "partner", bar: true, icon: DashboardIcon },
];

export const HEADER_HEIGHT = 60;

export function Header({ user, lastSignInAt = null }: { user: PublicUser; lastSignInAt?: string | null }) {
  const { pathname } = useLocation();
  const nav = NAV.filter((item) => item.role === (user.isAdmin ? "admin" : "partner"));
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
          <Flex align="center" gap={{ initial: "3", sm: "4" }}>
            <Flex asChild gap="1" display={{ initial: "none", sm: "flex" }}>
              <nav aria-label="Main">
                {nav
                  .filter((item) => item.bar)
                  .map((item) => {
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
            <PhoneMenu items={nav} pathname={pathname} />
            <DropdownMenu.Root>
              <DropdownMenu.Trigger>
                <button type="button" className="vb-avatar-button" aria-label="Account menu">
                  <Avatar size="2" radius="full" fallback={initials(user.name, user.username)} variant="solid" />
                </button>
              </DropdownMenu.Trigger>
              <DropdownMenu.Content align="end" style={{ minWidth: 200 }}>
                <DropdownMenu.Label>My Account</DropdownMenu.Label>
                <DropdownMenu.Item disabled>{user.username}</DropdownMenu.Item>
                <DropdownMenu.Label>
                  <Text size="1" color="gray">
                    {/* The sign-in before this session's: the current one is no news to its user. */}
                    {lastSignInAt ? `Last signed in ${formatSignInTime(lastSignInAt)} UTC` : "First sign-in"}
                  </Text>
                </DropdownMenu.Label>
                {user.isAdmin ? (
                  <DropdownMenu.Item asChild>
                    <Link to="/admin/users">
                      <PersonIcon /> Admins
                    </Link>
                  </DropdownMenu.Item>
                ) : null}
                <DropdownMenu.Separator />
                <DropdownMenu.Item asChild>
                  <Link to="/account/password">
                    <LockClosedIcon /> Change password
                  </Link>
                </DropdownMenu.Item>
                {user.isAdmin ? (
                  <DropdownMenu.Item asChild>
                    <Link to="/account/two-factor">
                      <MobileIcon /> Two-factor sign-in
                    </Link>
                  </DropdownMenu.Item>
                ) : null}
                <DropdownMenu.Item
                  color="red"
                  onSelect={() => logout.submit(null, { method: "post", action: "/logout" })}
                >
                  <ExitIcon /> Log out
                </DropdownMenu.Item>
                <DropdownMenu.Item
                  color="red"
                  onSelect={() => logout.submit(null, { method: "post", action: "/logout-everywhere" })}
                >
                  <GlobeIcon /> Log out everywhere
                </DropdownMenu.Item>
              </DropdownMenu.Content>
            </DropdownMenu.Root>
          </Flex>
        </Flex>
      </header>
    </Box>
  );
}

/**
 * Below the bar's breakpoint (header.css): a Menu button opening a sheet with every page of the role,
 * the current one marked. A <details> element, so it opens and its links work before the scripts
 * have loaded; with them it also closes on navigation, on Escape (focus back on the button) and on a
 * click outside it.
 */
function PhoneMenu({ items, pathname }: { items: NavItem[]; pathname: string }) {
  const sheet = useRef<HTMLDetailsElement>(null);
  const [open, setOpen] = useState(false);
  const close = (focusButton = false) => {
    if (!sheet.current?.open) return;
    sheet.current.open = false;
    if (focusButton) sheet.current.querySelector("summary")?.focus();
  };

  useEffect(() => {
    if (sheet.current) sheet.current.open = false;
  }, [pathname]);

  useEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent) => {
      if (sheet.current && !sheet.current.contains(event.target as Node)) sheet.current.open = false;
    };
    document.addEventListener("pointerdown", outside);
    return () => document.removeEventListener("pointerdown", outside);
  }, [open]);

  return (
    <details
      ref={sheet}
      className="vb-phone-menu"
      onToggle={(event) => setOpen(event.currentTarget.open)}
      onKeyDown={(event) => {
        if (event.key === "Escape") close(true);
      }}
    >
      <summary className="vb-phone-menu-button">
        <HamburgerMenuIcon width={18} height={18} aria-hidden />
        <span>Menu</span>
      </summary>
      <nav aria-label="Site menu" className="vb-phone-menu-sheet">
        <ul>
          {items.map((item) => {
            const active = pathname === item.to;
            const Icon = item.icon;
            return (
              <li key={item.to}>
                <Link
                  to={item.to}
                  aria-current={active ? "page" : undefined}
                  className="vb-phone-menu-link"
                  onClick={() => close()}
                >
                  {Icon ? <Icon aria-hidden /> : null}
                  <span>{item.label}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="vb-phone-menu-backdrop" aria-hidden="true" onClick={() => close()} />
    </details>
  );
}
