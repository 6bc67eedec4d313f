/** Products Analytics' search box: typed text shows at once and the URL follows; without JavaScript a GET form. */
import { TextField } from "@radix-ui/themes";
import { MagnifyingGlassIcon } from "@radix-ui/react-icons";
import { Form, useSearchParams } from "@remix-run/react";
import { useState } from "react";
import { START_OVER, withParams } from "./product-params.ts";

export function Search({ q }: { q: string }) {
  const [, setSearchParams] = useSearchParams();
  // Typed text shows at once; the URL follows (replacing the entry, so Back leaves the page).
  const [query, setQuery] = useState(q);
  const [seen, setSeen] = useState(q);
  if (q !== seen) {
    setSeen(q);
    setQuery(q);
  }
  return (
    <Form method="get" role="search" preventScrollReset replace>
      <TextField.Root
        name="q"
        placeholder="Search products..."
        aria-label="Search products"
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          // Changing the search clears the chosen product.
          setSearchParams((current) => withParams(current, { q: e.target.value, ...START_OVER }), {
            replace: true,
            preventScrollReset: true,
          });
        }}
      >
        <TextField.Slot>
          <MagnifyingGlassIcon />
        </TextField.Slot>
      </TextField.Root>
      <SearchKeeps />
    </Form>
  );
}

/** The search form without JavaScript keeps the month and the tab. */
function SearchKeeps() {
  const [params] = useSearchParams();
  return (
    <>
      {["month", "tab"].map((name) =>
        params.get(name) ? <input key={name} type="hidden" name={name} value={params.get(name)!} /> : null,
      )}
    </>
  );
}
