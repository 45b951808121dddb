/**
 * A small SMTP client (RFC 5321): EHLO, optional STARTTLS or implicit TLS,
 * AUTH PLAIN, one message. The connection goes to an address checked like
 * every other outgoing call (egress.ts), with the host's name for TLS.
 */
import type { ChannelSettings } from "../../contracts/trigger.ts";
import { type Allow, checkedAddress, EGRESS_TIMEOUT_MS } from "./egress.ts";

type Conn = Deno.Conn | Deno.TlsConn;

class Session {
  #buffer = "";
  #decoder = new TextDecoder();
  constructor(public conn: Conn) {}

  /** Reads one (possibly multi-line) reply; throws unless its code is `expect`. */
  async reply(expect: number): Promise<string> {
    const chunk = new Uint8Array(4096);
    while (true) {
      const lines = this.#buffer.split("\r\n");
      const end = lines.findIndex((l) => /^\d{3} /.test(l));
      if (end >= 0) {
        const text = lines.slice(0, end + 1).join("\n");
        this.#buffer = lines.slice(end + 1).join("\r\n");
        const code = Number(text.split("\n").at(-1)!.slice(0, 3));
        if (code !== expect) throw new Error(`SMTP answered ${text.split("\n").at(-1)}`);
        return text;
      }
      const n = await this.conn.read(chunk);
      if (n === null) throw new Error("SMTP server closed the connection");
      this.#buffer += this.#decoder.decode(chunk.subarray(0, n));
    }
  }

  async command(line: string, expect: number): Promise<string> {
    await this.conn.write(new TextEncoder().encode(`${line}\r\n`));
    return await this.reply(expect);
  }
}

function header(value: string): string {
  return value.replace(/[\r\n]+/g, " ");
}

/** The message text, dot-stuffed. */
function message(email: ChannelSettings["email"], subject: string, text: string): string {
  const body = text.replace(/\r?\n/g, "\r\n").replace(/^\./gm, "..");
  return [
    `From: ${header(email.from)}`,
    `To: ${header(email.to)}`,
    `Subject: ${header(subject)}`,
    `Date: ${new Date().toUTCString()}`,
    "MIME-Version: 1.0",
    "Content-Type: text/plain; charset=utf-8",
    "",
    body,
  ].join("\r\n");
}

/** Sends one e-mail; throws with the server's answer when it refuses. */
export async function sendMail(
  email: ChannelSettings["email"],
  mail: { subject: string; text: string; allow: Allow },
): Promise<void> {
  const hostname = await checkedAddress(email.host, mail.allow);
  const tcp = await Deno.connect({ hostname, port: email.port });
  let conn: Conn = tcp;
  const timer = setTimeout(() => conn.close(), EGRESS_TIMEOUT_MS);
  try {
    if (email.tls === "tls") conn = await Deno.startTls(tcp, { hostname: email.host });
    let session = new Session(conn);
    await session.reply(220);
    const ehlo = await session.command("EHLO rotor", 250);
    if (email.tls === "starttls") {
      if (!/STARTTLS/i.test(ehlo)) throw new Error("SMTP server does not offer STARTTLS");
      await session.command("STARTTLS", 220);
      conn = await Deno.startTls(tcp, { hostname: email.host });
      session = new Session(conn);
      await session.command("EHLO rotor", 250);
    }
    if (email.user) {
      const plain = btoa(String.fromCharCode(...new TextEncoder().encode(
        `\u0000${email.user}\u0000${email.password}`,
      )));
      await session.command(`AUTH PLAIN ${plain}`, 235);
    }
    await session.command(`MAIL FROM:<${email.from}>`, 250);
    for (const to of email.to.split(",").map((s) => s.trim()).filter(Boolean)) {
      await session.command(`RCPT TO:<${to}>`, 250);
    }
    await session.command("DATA", 354);
    await session.command(`${message(email, mail.subject, mail.text)}\r\n.`, 250);
    await session.command("QUIT", 221).catch(() => {});
  } finally {
    clearTimeout(timer);
    try {
      conn.close();
    } catch { /* already closed */ }
  }
}
