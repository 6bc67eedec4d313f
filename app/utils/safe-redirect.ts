/**
 * Where a form may send the browser back to (its `redirectTo`), pure: only a path on this site. The
 * text is refused outright when it holds a control character or a backslash (browsers drop a tab or
 * a newline and read `/\t/evil.example` as `//evil.example`; a newline cannot go in a header), then
 * parsed as a URL against this origin and kept only when it stays on it and its path does not begin
 * with `//`. The answer is the parsed path, query and fragment, never the text as sent.
 */
const UNSAFE = /[\u0000-\u001f\u007f\\]/;

export function sameOriginPath(asked: unknown, origin: string): string | null {
  if (typeof asked !== "string" || !asked.startsWith("/") || asked.length > 2048 || UNSAFE.test(asked)) return null;
  let url: URL;
  try {
    url = new URL(asked, origin);
  } catch {
    return null;
  }
  if (url.origin !== new URL(origin).origin || url.pathname.startsWith("//")) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
