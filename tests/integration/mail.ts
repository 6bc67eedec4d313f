/** Mail for tests: a real SMTP server on 127.0.0.1, and readers for the messages and PDFs it receives. */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/** Listens on a free port of 127.0.0.1 and hands every message to `onMessage`. */
export async function startMailServer(
  onMessage: (mail: ReceivedMail) => void,
): Promise<{ server: SMTPServer; port: number }> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        onMessage({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, port: (server.server.address() as net.AddressInfo).port };
}

export function stopMailServer(server: SMTPServer): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()));
}

/** The MIME part whose Content-Type is application/pdf: its headers and its body. */
export function pdfAttachment(raw: string): { headers: string; bytes: Buffer; base64: string } {
  const text = raw.replace(/\r\n/g, "\n");
  const part = text.split(/\n--[^\n]+\n/).find((p) => /^Content-Type:\s*application\/pdf/im.test(p.split("\n\n")[0]));
  if (!part) throw new Error(`no application/pdf part in:\n${raw.slice(0, 2000)}`);
  const [headers, ...rest] = part.split("\n\n");
  const base64 = rest.join("\n\n").split(/\n--/)[0].replace(/\s+/g, "");
  return { headers: headers.replace(/\n[ \t]+/g, " "), bytes: Buffer.from(base64, "base64"), base64 };
}

/** The text/plain part of a message, decoded. */
export function textBody(raw: string): string {
  const text = raw.replace(/\r\n/g, "\n");
  const part = text.split(/\n--[^\n]+\n/).find((p) => /^Content-Type:\s*text\/plain/im.test(p.split("\n\n")[0]))!;
  const [headers, ...rest] = part.split("\n\n");
  const body = rest.join("\n\n");
  if (/base64/i.test(headers)) return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (/quoted-printable/i.test(headers)) {
    const bytes = body
      .replace(/=\n/g, "")
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, "latin1").toString("utf8");
  }
  return body;
}

export const subjectOf = (raw: string) => /^Subject: (.*?)\r?$/m.exec(raw)?.[1] ?? "";

const PDF_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "vendboard-pdf-"));

/** A PDF's text as poppler's pdftotext lays it out. */
export function pdfText(bytes: Buffer): string {
  if (bytes.subarray(0, 5).toString("latin1") !== "%PDF-") throw new Error("not a PDF");
  const file = path.join(PDF_DIR, `${Math.random().toString(36).slice(2)}.pdf`);
  fs.writeFileSync(file, bytes);
  return execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
}
