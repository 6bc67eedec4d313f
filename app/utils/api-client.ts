import { useCallback, useEffect, useState } from "react";

/** Browser calls to the JSON API, with credentials; a non-OK answer throws an ApiError. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    /** The server's own message ({message}), or the status text. */
    readonly serverMessage: string,
  ) {
    // The spec's generic form: status code, a colon, then the response text.
    super(`${status}: ${serverMessage}`);
  }
}

/** The ApiError of a non-OK answer: the server's {message}, else its text or status text. */
export async function responseError(response: Response): Promise<ApiError> {
  const text = await response.text();
  let message = text || response.statusText;
  try {
    message = (JSON.parse(text) as { message?: string }).message ?? message;
  } catch {
    // Not JSON: keep the text.
  }
  return new ApiError(response.status, message);
}

/** A JSON call; `body` as JSON, or FormData sent as multipart. */
export async function apiRequest<T>(method: string, url: string, body?: unknown): Promise<T> {
  const form = typeof FormData !== "undefined" && body instanceof FormData;
  const response = await fetch(url, {
    method,
    credentials: "include",
    headers: body === undefined || form ? undefined : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : form ? (body as FormData) : JSON.stringify(body),
  });
  if (!response.ok) throw await responseError(response);
  const text = await response.text();
  return (text ? JSON.parse(text) : null) as T;
}

/** Fetches a file and hands it to the browser as a download. */
export async function downloadFile(url: string, filename: string): Promise<void> {
  const response = await fetch(url, { credentials: "include" });
  if (!response.ok) throw await responseError(response);
  const link = document.createElement("a");
  link.href = URL.createObjectURL(await response.blob());
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}

export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.serverMessage || fallback;
  return fallback;
}

/** Loads a JSON API answer while `enabled` (a dialog is open): no retries, no refetch on focus. */
export function useApiData<T>(url: string, enabled: boolean) {
  const [state, setState] = useState<{ data: T | null; error: string | null; loading: boolean }>({ data: null, error: null, loading: false });
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  useEffect(() => {
    if (!enabled) return;
    let cancelled = false;
    setState((s) => ({ ...s, loading: true, error: null }));
    apiRequest<T>("GET", url)
      .then((data) => !cancelled && setState({ data, error: null, loading: false }))
      .catch((error: unknown) => !cancelled && setState({ data: null, error: error instanceof Error ? error.message : String(error), loading: false }));
    return () => {
      cancelled = true;
    };
  }, [url, enabled, version]);
  return { ...state, reload };
}
