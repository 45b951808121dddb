/**
 * Release notes are markdown written by the release (headings, lists, emphasis),
 * unlike server error messages: rendered as markdown, raw HTML skipped, web links only.
 */
import Markdown from "react-markdown";
import { SAFE_MARKDOWN } from "../ui/safe_markdown.tsx";

/** The notes of a release. */
export function ReleaseNotes({ text }: { text: string }) {
  return (
    <div className="markdown release-notes">
      <Markdown {...SAFE_MARKDOWN} components={{ ...SAFE_MARKDOWN.components, img: () => null }}>
        {text}
      </Markdown>
    </div>
  );
}
