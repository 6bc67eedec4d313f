/** GET /api/products/report?month=YYYY-MM: the product sales report of a month as .xlsx (admin). */
import { productSalesWorkbook } from "#domain/products/product-service.ts";
import { api, requireApiAdmin } from "#app/utils/api.server.ts";
import { db } from "#app/utils/db.server.ts";
import { monthParam } from "#app/utils/params.server.ts";

export const loader = api(async ({ request }) => {
  await requireApiAdmin(request);
  const month = monthParam(new URL(request.url).searchParams.get("month"));
  const bytes = await productSalesWorkbook(db, month);
  return new Response(Buffer.from(bytes), {
    headers: {
      "Content-Type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      "Content-Disposition": `attachment; filename="product-sales-${month}.xlsx"`,
    },
  });
});
