/** The sentences of entries about accounts, machines, monthly records and the business profile. */
import { formatCount } from "../shared/format.ts";
import { leftOutSentence } from "../imports/import-words.ts";
import { count, fallback, fields, monthName, quoted, text, type AuditEntryData } from "./audit-fields.ts";
import { auditChanges, fieldLabel } from "./audit-changes.ts";

export function describeUser(entry: AuditEntryData): string {
  const before = fields(entry.before);
  const after = fields(entry.after);
  const details = fields(entry.details);
  switch (entry.action) {
    case "create": {
      const name = text(after.name) ?? text(details.name) ?? text(after.username) ?? text(details.username) ?? "";
      return (after.isAdmin ?? details.isAdmin) ? `Created admin ${name}`.trim() : `Added partner ${name}`.trim();
    }
    case "update": {
      const changed = Array.isArray(details.changed)
        ? details.changed.filter((c): c is string => typeof c === "string")
        : Object.keys(after);
      if (!changed.length) return "Saved partner details (nothing changed)";
      if (changed.length === 1 && changed[0] === "password") return "Changed password";
      return `Updated partner details: ${changed.map(fieldLabel).join(", ")}`;
    }
    case "delete": {
      const name = text(before.name) ?? text(details.name) ?? text(before.username) ?? text(details.username) ?? "";
      return `Deleted partner ${name}`.trim();
    }
    case "password_reset":
      return "Password reset by link";
    case "password_reset_requested":
      return "Sent a password reset link";
    case "password_reset_limited":
      return "Password reset link not sent: too many requests";
    case "password_change":
      return "Changed own password";
    case "password_link_sent":
      return details.kind === "invite"
        ? `Emailed ${text(details.username) ?? "a new admin"} a link to choose their password`
        : `Emailed ${text(details.username) ?? "an account"} a password reset link`;
    // The avatar menu's "Log out everywhere".
    case "sign-out-everywhere": {
      const ended = count(details.sessionsEnded);
      const who = text(details.username);
      return `Logged out everywhere${who ? `: ${who}` : ""}${ended === null ? "" : ` (${formatCount(ended, "session")} ended)`}`;
    }
    // Account status.
    case "disable":
    case "enable":
    case "sign-in-refused": {
      const who = `${details.isAdmin ? "admin" : "account"} ${text(details.username) ?? ""}`.trim();
      if (entry.action === "sign-in-refused")
        return `Refused sign-in of disabled account ${text(details.username) ?? ""}`.trim();
      return `${entry.action === "disable" ? "Disabled sign-in of" : "Enabled sign-in of"} ${who}`;
    }
    // Two-factor sign-in.
    case "two_factor_on":
      return `Turned on two-factor sign-in for ${text(details.username) ?? "a user"}`;
    case "two_factor_off":
      return `Turned off two-factor sign-in for ${text(details.username) ?? "a user"}`;
    case "two_factor_reset":
      return `Reset two-factor sign-in of ${text(details.username) ?? "a user"} (lost device)`;
    case "recovery_codes_renewed":
      return `New recovery codes for ${text(details.username) ?? "a user"}`;
    case "recovery_code_used": {
      const left = count(details.recoveryCodesLeft);
      return `Signed in with a recovery code${left === null ? "" : ` (${formatCount(left, "code")} left)`}`;
    }
  }
  return fallback(entry);
}

export function describeMachine(entry: AuditEntryData): string {
  const before = fields(entry.before);
  const after = fields(entry.after);
  const details = fields(entry.details);
  const location =
    text(after.location) ??
    text(before.location) ??
    text(details.location) ??
    (entry.entityId ? `#${entry.entityId}` : "");
  switch (entry.action) {
    case "create":
      return `Added machine ${location}`;
    case "update": {
      // Entries written before before/after existed only name the fields sent.
      const changed =
        entry.after !== null && entry.after !== undefined
          ? Object.keys(after)
          : Array.isArray(details.changed)
            ? details.changed.filter((c): c is string => typeof c === "string")
            : [];
      if (!changed.length) return `Saved machine ${location} (nothing changed)`;
      if (changed.length === 1 && changed[0] === "status" && text(after.status))
        return `Made machine ${location} ${text(after.status)}`;
      if (changed.length === 1 && changed[0] === "location" && text(before.location) && text(after.location)) {
        return `Renamed machine ${text(before.location)} to ${text(after.location)}`;
      }
      return `Updated machine ${location}: ${changed.map(fieldLabel).join(", ")}`;
    }
    case "delete": {
      const records = count(before.records);
      return `Deleted machine ${location}${records ? ` and its ${formatCount(records, "monthly record")}` : ""}`;
    }
    case "map_telemetry_name":
      return after.telemetryName
        ? `Mapped telemetry name ${quoted(after.telemetryName)} to ${location}`
        : `Removed telemetry name ${quoted(before.telemetryName)} from ${location}`;
  }
  return fallback(entry);
}

export function describeRecord(entry: AuditEntryData): string {
  const before = fields(entry.before);
  const after = fields(entry.after);
  const details = fields(entry.details);
  const month = monthName(entry.month);
  switch (entry.action) {
    case "import": {
      const rows = count(after.imported) ?? 0;
      const location = text(after.location);
      // A newer entry lists every reason rows were left out, with their revenue; older ones list the booking rules'.
      const leftOut = Array.isArray(details.leftOut)
        ? details.leftOut.flatMap((l) => {
            const item = fields(l);
            const n = count(item.count);
            const reason = text(item.reason);
            return n && reason
              ? [leftOutSentence({ reason, count: n, revenuePence: count(item.revenuePence) ?? undefined })]
              : [];
          })
        : null;
      const left =
        leftOut ??
        [
          count(details.duplicates) ? `${formatCount(count(details.duplicates)!, "duplicate")}` : null,
          ...(Array.isArray(details.alreadyBooked)
            ? details.alreadyBooked.map((b) =>
                count(fields(b).count) && text(fields(b).reason)
                  ? `${count(fields(b).count)} ${text(fields(b).reason)}`
                  : null,
              )
            : []),
          count(details.monthClosed) ? `${count(details.monthClosed)} in a closed month` : null,
        ].filter(Boolean);
      const file = text(details.file);
      const confirmed = details.exclusionsConfirmed === true ? "; confirmed by the importer" : "";
      return `Imported ${formatCount(rows, "row")}${file ? ` from ${file}` : ""}${location ? ` to ${location}` : ""}${left.length ? ` (left out: ${left.join(", ")}${confirmed})` : ""}`;
    }
    case "delete": {
      const location = text(before.location);
      return `Deleted ${location ? `${location}'s` : "a"} record${month ? ` for ${month}` : ""}`;
    }
  }
  return fallback(entry);
}

export function describeRemovedDuplicate(entry: AuditEntryData): string {
  const before = fields(entry.before);
  const details = fields(entry.details);
  const transaction = text(before.transactionId);
  const kind = before.kind === "refund" ? "refund" : "sale";
  const location = text(before.location);
  const reason = text(details.reason);
  return `Removed duplicate booking of ${kind}${transaction ? ` ${transaction}` : ""}${location ? ` from ${location}` : ""}${reason ? ` (${reason})` : ""}`;
}

export function describeBusinessProfile(entry: AuditEntryData): string {
  if (entry.before === null || entry.before === undefined) return "Set up the business profile";
  const changed = auditChanges(entry).map((c) => c.field);
  return changed.length
    ? `Updated the business profile: ${changed.join(", ")}`
    : "Saved the business profile (nothing changed)";
}
