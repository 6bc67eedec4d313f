/**
 * The header's account menu (Radix DropdownMenu): a chunk of its own, fetched once the page has
 * hydrated (AccountMenuButton in header.tsx), so Radix's menu and popper code are not part of any
 * page's first load.
 */
import { DropdownMenu, Text } from "@radix-ui/themes";
import { ExitIcon, GlobeIcon, LockClosedIcon, MobileIcon, PersonIcon } from "@radix-ui/react-icons";
import { Link } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { formatSignInTime } from "#domain/shared/format.ts";
import { AvatarFace, type AccountMenuProps } from "./account-menu-face.tsx";

export function AccountMenu({
  user,
  lastSignInAt,
  onLogout,
  defaultOpen,
  focus,
}: AccountMenuProps & { defaultOpen: boolean; focus: boolean }) {
  const trigger = useRef<HTMLButtonElement>(null);
  // The placeholder it replaces had the focus: the menu's own button takes it over.
  useEffect(() => {
    if (focus && !defaultOpen) trigger.current?.focus();
  }, [focus, defaultOpen]);
  return (
    <DropdownMenu.Root defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger>
        <button ref={trigger} type="button" className="vb-avatar-button" aria-label="Account menu">
          <AvatarFace user={user} />
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
        <DropdownMenu.Item color="red" onSelect={() => onLogout("/logout")}>
          <ExitIcon /> Log out
        </DropdownMenu.Item>
        <DropdownMenu.Item color="red" onSelect={() => onLogout("/logout-everywhere")}>
          <GlobeIcon /> Log out everywhere
        </DropdownMenu.Item>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
