import type { ReactNode } from "react";

/** Stands for an element inside a message: `t("id", { link: NODE_MARK })`, then `messageWith(…)` puts it in. */
export const NODE_MARK = "\u0000";

/**
 * A translated sentence with one element in it (a link), where the sentence's word order is the language's: the
 * message is formatted with NODE_MARK for the element's placeholder and the element replaces the mark. Lingui's
 * `i18n._` formats to text only, and its `<Trans>` would hide the id from the catalogue check.
 */
export function messageWith(message: string, node: ReactNode): ReactNode {
  const [before = "", ...rest] = message.split(NODE_MARK);
  return (
    <>
      {before}
      {node}
      {rest.join("")}
    </>
  );
}
