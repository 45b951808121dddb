/**
 * Notifications of a firing: the in-panel centre, a signed webhook, Telegram
 * and e-mail. Each channel's failure is reported back (the action record
 * keeps it) and never stops the others.
 */
import type { Channel, ChannelSettings, ChannelTestAnswer } from "../../contracts/trigger.ts";
import type { Db } from "../db/connection.ts";
import { allowlist, sendJson } from "./egress.ts";
import { sendMail } from "./smtp.ts";
import { insertNotification, readChannels } from "./store.ts";

/** What a notification says. */
export type Message = {
  ts: number;
  triggerId: number;
  trigger: string;
  subject: string;
  label: string;
  why: string;
  figures: Record<string, number>;
  /** The figures include profit (hidden from hide-profit users in the panel). */
  profit: boolean;
  actions: string[];
  /** The webhook's `event` ("trigger.fired" unless set). */
  event?: string;
};

/** The header a webhook's signature travels in: `sha256=<hex HMAC of the body>`. */
export const SIGNATURE_HEADER = "x-rotor-signature";

/** HMAC-SHA256 of `body` with `secret`, hex. */
export async function sign(secret: string, body: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const mac = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(body));
  return [...new Uint8Array(mac)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

function text(m: Message): string {
  const done = m.actions.length ? `\nDone: ${m.actions.join("; ")}` : "";
  return `${m.trigger}: ${m.label}\n${m.why}${done}`;
}

async function send(channel: Channel, m: Message, s: ChannelSettings, db: Db): Promise<void> {
  const allow = allowlist(s.allowlist);
  const outcome = (r: { ok: boolean; error: string | null }) => {
    if (!r.ok) throw new Error(r.error ?? "failed");
  };
  switch (channel) {
    case "panel":
      insertNotification(db, {
        ts: m.ts,
        triggerId: m.triggerId,
        title: `${m.trigger}: ${m.label}`,
        body: text(m).split("\n").slice(1).join("\n"),
        profit: m.profit,
      });
      return;
    case "webhook": {
      if (!s.webhook.url) throw new Error("no webhook URL is set");
      const body = JSON.stringify({ event: "trigger.fired", ...m });
      const headers = s.webhook.secret
        ? { [SIGNATURE_HEADER]: `sha256=${await sign(s.webhook.secret, body)}` }
        : undefined;
      return outcome(await sendJson(s.webhook.url, body, { allow, headers }));
    }
    case "telegram": {
      const t = s.telegram;
      if (!t.botToken || !t.chatId) throw new Error("no Telegram bot token or chat id is set");
      const url = `${t.apiBase.replace(/\/+$/, "")}/bot${t.botToken}/sendMessage`;
      const body = JSON.stringify({ chat_id: t.chatId, text: text(m) });
      return outcome(await sendJson(url, body, { allow }));
    }
    case "email": {
      if (!s.email.host || !s.email.to) throw new Error("no SMTP host or recipient is set");
      await sendMail(s.email, { subject: `Rotor: ${m.trigger}: ${m.label}`, text: text(m), allow });
    }
  }
}

/** Sends `m` to each channel; the failures, as "channel: why". */
export async function deliver(db: Db, channels: readonly Channel[], m: Message): Promise<string[]> {
  const settings = readChannels(db);
  const failures: string[] = [];
  for (const channel of new Set(channels)) {
    try {
      await send(channel, m, settings, db);
    } catch (e) {
      failures.push(`${channel}: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  return failures;
}

/**
 * Sends a test message to `channel` with `settings` (not necessarily saved):
 * whether it went out, and why not. Nothing is recorded.
 */
export async function sendTest(
  db: Db,
  channel: Exclude<Channel, "panel">,
  settings: ChannelSettings,
  now: number,
): Promise<ChannelTestAnswer> {
  const message: Message = {
    event: "channel.test",
    ts: now,
    triggerId: 0,
    trigger: "Test",
    subject: "",
    label: "notification channel",
    why: "Rotor can reach this channel: alerts from triggers will arrive here.",
    figures: {},
    profit: false,
    actions: [],
  };
  try {
    await send(channel, message, settings, db);
    return { ok: true, error: null };
  } catch (e) {
    return { ok: false, error: e instanceof Error ? e.message : String(e) };
  }
}
