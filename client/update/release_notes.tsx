/**
 * Release notes are markdown written by the release (headings, lists, emphasis),
 * unlike server error messages: rendered as markdown, raw HTML skipped, web links only.
 */
import Markdown from "react-markdown";
import { isSafeHref } from "../ui/markdown.ts";

/** The notes of a release. */
export function ReleaseNotes({ text }: { text: string }) {
  return (
    <div className="markdown release-notes">
      <Markdown
        skipHtml
        urlTransform={(url) => (isSafeHref(url) ? url : "")}
        components={{
          a: ({ href, children }) => (
            <a href={href} target="_blank" rel="noopener noreferrer">{children}</a>
          ),
          img: () => null,
        }}
      >
        {text}
      </Markdown>
    </div>
  );
}
