/** What the header's account button and its menu (account-menu.tsx, loaded later) share. */
import { initials } from "#domain/partners/partner-rules.ts";
import type { PublicUser } from "#domain/accounts/user-service.ts";

export interface AccountMenuProps {
  user: PublicUser;
  lastSignInAt: string | null;
  onLogout: (action: "/logout" | "/logout-everywhere") => void;
}

/**
 * The user's initials in Radix Themes' avatar look (size 2, solid, round). Written as the markup
 * its Avatar renders without an image, so Radix's image-loading Avatar is not part of every page's
 * first load, and the initials are in the server's HTML too.
 */
export function AvatarFace({ user }: { user: PublicUser }) {
  const letters = initials(user.name, user.username);
  const fit = letters.length === 1 ? " rt-one-letter" : letters.length === 2 ? " rt-two-letters" : "";
  return (
    <span className="rt-reset rt-AvatarRoot rt-r-size-2 rt-variant-solid" data-radius="full">
      <span className={`rt-AvatarFallback${fit}`}>{letters}</span>
    </span>
  );
}
