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

export async function apiRequest<T>(method: string, url: string, body?: unknown): Promise<T> {
  const response = await fetch(url, {
    method,
    credentials: "include",
    headers: body === undefined ? undefined : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) {
    let message = text || response.statusText;
    try {
      message = (JSON.parse(text) as { message?: string }).message ?? message;
    } catch {
      // Not JSON: keep the text.
    }
    throw new ApiError(response.status, message);
  }
  return (text ? JSON.parse(text) : null) as T;
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
