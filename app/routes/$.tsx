/** Any other path: the 404 card. */
import { data } from "@remix-run/node";
import { NotFoundCard } from "#app/components/page.tsx";

export async function loader() {
  return data(null, { status: 404 });
}

export const meta = () => [{ title: "404 Page Not Found · Vendboard" }];

export default function NotFound() {
  return <NotFoundCard />;
}
