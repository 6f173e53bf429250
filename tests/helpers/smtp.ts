/**
 * A real SMTP server on 127.0.0.1 for tests: it receives what the app sends, parses each message (mailparser) and
 * keeps it. `refuseWith(code)` makes it answer every message with an SMTP error (421: try later; 550: never).
 * `connections` counts the SMTP connections opened to it; `dropNextConnectionAfter(n)` lets the next connection carry
 * `n` messages, then read the next one's data and close without an answer (a server that goes away mid-message).
 * Like most SMTP servers it greets a new connection only after a pause (100 ms here), to catch clients that talk first.
 */
import type { AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

export type ReceivedMail = {
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
  language?: string;
  kind?: string;
  parsed: ParsedMail;
};

export async function startSmtpServer() {
  const received: ReceivedMail[] = [];
  let refusal: number | undefined;
  let waiters: (() => void)[] = [];
  let connections = 0;
  let dropAfter: number | undefined;
  /** Connections to cut once they have carried so many messages, and what each has carried, by session id. */
  const cutAfter = new Map<string, number>();
  const carried = new Map<string, number>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onConnect(session, callback) {
      connections++;
      if (dropAfter !== undefined) {
        cutAfter.set(session.id, dropAfter);
        dropAfter = undefined;
      }
      callback();
    },
    onData(stream, session, callback) {
      const sent = carried.get(session.id) ?? 0;
      if (sent >= (cutAfter.get(session.id) ?? Infinity)) {
        // Gone mid-message: the data is read, no answer is given, and the connection is cut.
        stream.resume();
        stream.on("end", () => dropConnection(session.id));
        return;
      }
      carried.set(session.id, sent + 1);
      if (refusal) {
        stream.resume();
        stream.on("end", () => {
          const err = Object.assign(new Error(refusal === 421 ? "Service not available, try later" : "Mailbox unavailable"), { responseCode: refusal });
          callback(err);
        });
        return;
      }
      simpleParser(stream)
        .then((parsed) => {
          const address = (a: ParsedMail["to"]) => (Array.isArray(a) ? a.map((x) => x.text).join(", ") : (a?.text ?? ""));
          received.push({
            to: address(parsed.to),
            from: parsed.from?.text ?? "",
            subject: parsed.subject ?? "",
            text: parsed.text ?? "",
            html: typeof parsed.html === "string" ? parsed.html : "",
            replyTo: parsed.replyTo?.text,
            language: parsed.headers.get("content-language") as string | undefined,
            kind: parsed.headers.get("x-meridian-kind") as string | undefined,
            parsed,
          });
          const ready = waiters;
          waiters = [];
          for (const w of ready) w();
          callback();
        })
        .catch(callback);
    },
  });
  type Connection = { id: string; _socket?: { destroy(): void } };
  const dropConnection = (id: string) => {
    const live = (server as unknown as { connections: Set<Connection> }).connections;
    for (const c of live) if (c.id === id) c._socket?.destroy();
  };
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;

  /** Resolves with the first received message matching `match` (waiting up to `timeoutMs`). */
  async function waitFor(match: (m: ReceivedMail) => boolean, timeoutMs = 10_000): Promise<ReceivedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = received.find(match);
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(`no matching e-mail within ${timeoutMs} ms; received: ${received.map((m) => `${m.to} "${m.subject}"`).join("; ") || "none"}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(left, 250));
        waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    received,
    waitFor,
    /** Messages received for `address`. */
    to: (address: string) => received.filter((m) => m.to.toLowerCase().includes(address.toLowerCase())),
    refuseWith(code: number | undefined) {
      refusal = code;
    },
    /** SMTP connections opened so far. */
    get connections() {
      return connections;
    },
    dropNextConnectionAfter(messages: number) {
      dropAfter = messages;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpServer = Awaited<ReturnType<typeof startSmtpServer>>;

/** The first link in a message's text that starts with `prefix`. */
export function linkIn(mail: ReceivedMail, prefix: string): string {
  const url = mail.text.split(/\s+/).find((w) => w.startsWith(prefix));
  if (!url) throw new Error(`no link starting with ${prefix} in: ${mail.text}`);
  return url;
}
