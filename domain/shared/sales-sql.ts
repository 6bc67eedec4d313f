/**
 * A stored sales line's units and cost of goods as SQL expressions, to sum: every count of units and
 * every cost over stored sales (records, the rollup, imports, product rules) uses them, so they all
 * count alike.
 */
import { sql, type Expression, type RawBuilder } from "kysely";

/**
 * A sales line's units, to sum: its quantity when it is a sale, 0 for a refund (refunds are never
 * units). Every count of units over stored sales uses it (records, the rollup, record deletes,
 * product ranges, product rules), so they all count alike.
 */
export function unitsOf(
  kind: Expression<unknown> | RawBuilder<unknown>,
  quantity: Expression<unknown> | RawBuilder<unknown>,
): RawBuilder<number> {
  return sql<number>`(case when ${kind} = 'sale' then ${quantity} else 0 end)`;
}

/** A sales line's cost of goods, to sum: cost of one unit × quantity for a sale, 0 for a refund (refunds add no cost). */
export function cogsOf(
  kind: Expression<unknown> | RawBuilder<unknown>,
  costPence: Expression<unknown> | RawBuilder<unknown>,
  quantity: Expression<unknown> | RawBuilder<unknown>,
): RawBuilder<number> {
  return sql<number>`(case when ${kind} = 'sale' then ${costPence} * ${quantity} else 0 end)`;
}
