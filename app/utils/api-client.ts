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
