/** Renders a server message as sanitised markdown: no raw HTML, safe links only. */
import Markdown from "react-markdown";
import { isSafeHref, toSafeMarkdown } from "./markdown.ts";

/** A server message, rendered safely. */
export function SafeMarkdown({ text, className }: { text: string; className?: string }) {
  return (
    <div className={`markdown ${className ?? ""}`}>
      <Markdown
        skipHtml
        urlTransform={(url) => (isSafeHref(url) ? url : "")}
        components={{
          a: ({ href, children }) => (
            <a href={href} target="_blank" rel="noopener noreferrer">{children}</a>
          ),
        }}
      >
        {toSafeMarkdown(text)}
      </Markdown>
    </div>
  );
}
