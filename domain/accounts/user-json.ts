/** A user as the JSON API and the CLI's --json answer them: the monthly fee in pounds at this edge, every other field as it is. */
import { penceToPounds } from "../shared/money.ts";
import type { PublicUser } from "./user-service.ts";

/** A user (or a view built on one) with `monthlyFeePence` answered as the spec's `monthlyFee` in pounds. */
export type PublicUserJson<T extends PublicUser = PublicUser> = Omit<T, "monthlyFeePence"> & {
  monthlyFee: number | null;
};

/** The user with its monthly fee in pounds, in the place the field has in the view (the answer's key order stays). */
export function publicUserJson<T extends PublicUser>(user: T): PublicUserJson<T> {
  const entries = Object.entries(user).map(([key, value]): [string, unknown] =>
    key === "monthlyFeePence"
      ? ["monthlyFee", user.monthlyFeePence === null ? null : penceToPounds(user.monthlyFeePence)]
      : [key, value],
  );
  return Object.fromEntries(entries) as PublicUserJson<T>;
}
