/** Renders a server message as sanitised markdown: no raw HTML, safe links only. */
import Markdown, { type Components, type Options } from "react-markdown";
import { isSafeHref, toSafeMarkdown } from "./markdown.ts";

/** Links open in a new tab, without the opener. */
const SAFE_LINK: Components = {
  a: ({ href, children }) => <a href={href} target="_blank" rel="noopener noreferrer">{children}
  </a>,
};

/** The markdown rules every panel text shares: raw HTML skipped, unsafe URLs blanked. */
export const SAFE_MARKDOWN = {
  skipHtml: true,
  urlTransform: (url) => (isSafeHref(url) ? url : ""),
  components: SAFE_LINK,
} satisfies Options;

/** A server message, rendered safely. */
export function SafeMarkdown({ text, className }: { text: string; className?: string }) {
  return (
    <div className={`markdown ${className ?? ""}`}>
      <Markdown {...SAFE_MARKDOWN}>{toSafeMarkdown(text)}</Markdown>
    </div>
  );
}
