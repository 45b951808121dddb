/** `SafeMarkdown` loaded on first use: pages that rarely show a message skip its weight. */
import { lazy, Suspense } from "react";

const SafeMarkdown = lazy(async () => ({
  default: (await import("./safe_markdown.tsx")).SafeMarkdown,
}));

/** A server message, rendered safely; its plain text shows while the renderer loads. */
export function LazyMarkdown({ text, className }: { text: string; className?: string }) {
  return (
    <Suspense fallback={<div className={`markdown ${className ?? ""}`}>{text}</div>}>
      <SafeMarkdown text={text} className={className} />
    </Suspense>
  );
}
