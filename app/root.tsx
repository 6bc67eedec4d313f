import "@radix-ui/themes/styles.css";
import "./styles.css";
import { Callout, Theme } from "@radix-ui/themes";
import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useLocation,
  useNavigation,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { HEADER_HEIGHT, Header } from "./components/header.tsx";
import { CenteredSpinner, MessageCard, NotFoundCard } from "./components/page.tsx";
import { FetcherSuccessToasts, useHydrated } from "./components/forms.tsx";
import { Toaster, useToast } from "./components/toaster.tsx";
import { useNonce } from "./nonce.tsx";
import { getUser, lastSignInOf } from "./utils/session.server.ts";
import { getToast, type FlashToast as FlashToastData } from "./utils/toast.server.ts";

/** The Vendboard mark (public/, made from favicon.svg by scripts/make-icons.js): no page asks for a missing /favicon.ico. */
export const links: LinksFunction = () => [
  { rel: "icon", href: "/favicon.ico", sizes: "48x48" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
];

export const meta: MetaFunction = () => [
  { title: "Vendboard" },
  { name: "description", content: "Manage vending machines, track sales and monitor performance." },
];

export async function loader({ request }: LoaderFunctionArgs) {
  // A toast flashed by the action that redirected here (app/utils/toast.server.ts), read once.
  const { toast, headers } = await getToast(request);
  const user = await getUser(request);
  return data(
    { user, lastSignInAt: user ? await lastSignInOf(request) : null, toast },
    { headers: headers ?? undefined },
  );
}

/**
 * Shows the flashed toast once (a form posted without JavaScript was redirected with it); before
 * the scripts have loaded it is a plain status line instead. A post made by the scripts is answered
 * with its toast as data, which FetcherSuccessToasts shows.
 */
function FlashToast({ toast }: { toast: FlashToastData | null }) {
  const show = useToast();
  const hydrated = useHydrated();
  useEffect(() => {
    if (toast) show({ title: toast.title, description: toast.description, variant: toast.variant });
  }, [toast, show]);
  if (hydrated || !toast) return null;
  return (
    <Callout.Root
      color={toast.variant === "destructive" ? "red" : "green"}
      role="status"
      m="3"
      style={{ position: "relative", zIndex: 2 }}
    >
      <Callout.Text>
        <strong>{toast.title}</strong>
        {toast.description ? ` ${toast.description}` : null}
      </Callout.Text>
    </Callout.Root>
  );
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en-GB">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        <Theme accentColor="indigo" grayColor="slate" radius="medium" scaling="100%">
          <Toaster>{children}</Toaster>
        </Theme>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/** A centred spinner while a navigation to another page is loading. */
function PendingNavigation() {
  const navigation = useNavigation();
  const location = useLocation();
  const pending = navigation.state === "loading" && navigation.location?.pathname !== location.pathname;
  return pending ? <CenteredSpinner /> : null;
}

function Chrome({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const user = data?.user ?? null;
  // Marks the page as interactive (its buttons have their handlers): browser tests wait for it.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <>
      {user ? <Header user={user} lastSignInAt={data?.lastSignInAt ?? null} /> : null}
      <PendingNavigation />
      <main style={{ paddingTop: user ? HEADER_HEIGHT : 0, minHeight: "100vh", boxSizing: "border-box" }}>
        <FlashToast toast={data?.toast ?? null} />
        <FetcherSuccessToasts />
        {children}
      </main>
    </>
  );
}

export default function App() {
  return (
    <Chrome>
      <Outlet />
    </Chrome>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Chrome>
        <NotFoundCard />
      </Chrome>
    );
  }
  const message = isRouteErrorResponse(error)
    ? `${error.status}: ${error.statusText || String(error.data)}`
    : "Something went wrong.";
  return (
    <Chrome>
      <MessageCard icon={null} title="Something went wrong">
        <p>{message}</p>
      </MessageCard>
    </Chrome>
  );
}
