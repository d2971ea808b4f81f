import type { ComponentProps } from "react";

/**
 * A plain link placed inside a translated sentence (`<Trans components={{ 0: <MessageLink href=… /> }} />`): the
 * message's words between its <0>…</0> become the link's content.
 */
export function MessageLink({ children, ...props }: ComponentProps<"a">) {
  return <a {...props}>{children}</a>;
}
