/** POST /api/fee-payments/{id}/status {status} (admin); the same as /update-status. */
import { api, methodNotAllowed } from "#app/utils/api.server.ts";
import { invoiceStatusAction } from "#app/utils/invoice-status.server.ts";

export const action = invoiceStatusAction;
export const loader = api(async () => methodNotAllowed());
