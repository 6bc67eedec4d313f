/**
 * The data a machine card's dialogs show, read with `useFetcher().load()` when a dialog opens:
 * /resources/machines/{id}/records (Performance History) and /resources/machines/{id}/popular
 * (Popular Items). The same domain reads as GET /api/machines/{id}/records and popular-products;
 * a refusal (unknown machine, another partner's) is answered as `{ error }` for the dialog's
 * failure text rather than thrown, so the page around it stays.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { DomainError } from "#domain/shared/errors.ts";
import {
  machineForUser,
  popularProducts,
  recordsOfMachine,
  type MachineRecord,
  type PopularProduct,
} from "#domain/machines/machine-service.ts";
import { db } from "#app/utils/db.server.ts";
import { requireUser } from "#app/utils/session.server.ts";

export type MachineDialogData = { records: MachineRecord[] } | { popular: PopularProduct[] } | { error: string };

export async function loader({ request, params }: LoaderFunctionArgs): Promise<MachineDialogData> {
  const user = await requireUser(request);
  const id = Number(params.id);
  try {
    if (!/^\d+$/.test(params.id ?? "") || !Number.isSafeInteger(id) || id <= 0)
      throw new DomainError("not_found", "Machine not found");
    const machine = await machineForUser(db, user, id);
    if (params.view === "records") return { records: await recordsOfMachine(db, machine) };
    if (params.view === "popular") return { popular: await popularProducts(db, machine.id) };
    throw new DomainError("not_found", "Not found");
  } catch (error) {
    if (error instanceof DomainError) return { error: error.message };
    throw error;
  }
}
