/**
 * Server messages made safe to show (SPEC §5): HTML line breaks and links become markdown,
 * every other tag is dropped, markdown syntax in the text is escaped, bare web addresses
 * become links. The result is rendered by react-markdown with raw HTML skipped.
 */

const LINK = /<a\b[^>]*\bhref\s*=\s*(["'])(.*?)\1[^>]*>([\s\S]*?)<\/a\s*>/gi;
const BREAK = /<br\s*\/?>/gi;
const TAG = /<\/?[a-z][^>]*>/gi;
const URL_TEXT = /\bhttps?:\/\/[^\s<>()[\]"']+[^\s<>()[\]"'.,;:!?]/gi;
/** Marks a link kept aside while the rest is escaped (a private-use character). */
const MARK = "\uE000";
const TOKEN = new RegExp(`${MARK}(\\d+)${MARK}`);
const SPECIAL = /[\\`*_{}[\]()#+\-!|<>~]/g;

/** Whether an address may be linked (web and mail only). */
export function isSafeHref(href: string): boolean {
  return /^(https?:\/\/|mailto:)/i.test(href.trim());
}

function escapeMarkdown(text: string): string {
  return text.replace(SPECIAL, (char) => `\\${char}`);
}

const ENTITIES: Record<string, string> = {
  "&amp;": "&",
  "&lt;": "<",
  "&gt;": ">",
  "&quot;": '"',
  "&#39;": "'",
};

function decodeEntities(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity]);
}

function linkify(text: string): string {
  let out = "";
  let last = 0;
  for (const match of text.matchAll(URL_TEXT)) {
    out += escapeMarkdown(text.slice(last, match.index));
    out += `[${escapeMarkdown(match[0])}](<${match[0]}>)`;
    last = match.index + match[0].length;
  }
  return out + escapeMarkdown(text.slice(last));
}

/** Turns a server message into safe markdown. */
export function toSafeMarkdown(message: string): string {
  const links: string[] = [];
  const withLinks = message.replace(BREAK, "\n").replace(
    LINK,
    (_all, _q, href: string, label: string) => {
      const text = decodeEntities(label.replace(TAG, "")).trim() || href;
      const token = `${MARK}${links.length}${MARK}`;
      links.push(
        isSafeHref(href) ? `[${escapeMarkdown(text)}](<${href.trim()}>)` : escapeMarkdown(text),
      );
      return token;
    },
  );
  const text = decodeEntities(withLinks.replace(TAG, ""));
  const escaped = text.split(TOKEN).map((part, index) =>
    index % 2 === 1 ? links[Number(part)] : linkify(part)
  ).join("");
  return escaped.replace(/\r\n?/g, "\n").split("\n").map((line) => line.trimEnd()).join("  \n");
}
