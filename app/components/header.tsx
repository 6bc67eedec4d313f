/**
 * The shared header: logo and name, role-based nav with the active button highlighted, account menu.
 * On small screens, where the spec hides the nav buttons, a Menu sheet lists every page of the role.
 */
import "./header.css";
import { Box, Button, Flex, Text } from "@radix-ui/themes";
import {
  BarChartIcon,
  CardStackIcon,
  CounterClockwiseClockIcon,
  DashboardIcon,
  FileTextIcon,
  GearIcon,
  HamburgerMenuIcon,
  PersonIcon,
  ReaderIcon,
  UploadIcon,
} from "@radix-ui/react-icons";
import { Link, useFetcher, useLocation } from "@remix-run/react";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import type { PublicUser } from "#domain/accounts/user-service.ts";
import { AvatarFace, type AccountMenuProps } from "./account-menu-face.tsx";
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
            <AccountMenuButton
              user={user}
              lastSignInAt={lastSignInAt}
              onLogout={(action) => logout.submit(null, { method: "post", action })}
            />
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

const AccountMenu = lazy(() => import("./account-menu.tsx").then((m) => ({ default: m.AccountMenu })));

/**
 * The account menu's button. The menu itself (account-menu.tsx) is fetched when the browser is
 * idle after hydration, or at once when the button is pressed first; a press before it has
 * arrived opens it when it does, and a focused button hands its focus over.
 */
function AccountMenuButton(props: AccountMenuProps) {
  const [load, setLoad] = useState(false);
  const [openOnLoad, setOpenOnLoad] = useState(false);
  const [focused, setFocused] = useState(false);
  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 200));
    const cancel = window.cancelIdleCallback ?? window.clearTimeout;
    const id = idle(() => setLoad(true));
    return () => cancel(id);
  }, []);
  const placeholder = (
    <button
      type="button"
      className="vb-avatar-button"
      aria-label="Account menu"
      aria-haspopup="menu"
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
      onClick={() => {
        setOpenOnLoad(true);
        setLoad(true);
      }}
    >
      <AvatarFace user={props.user} />
    </button>
  );
  if (!load) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <AccountMenu {...props} defaultOpen={openOnLoad} focus={focused} />
    </Suspense>
  );
}
