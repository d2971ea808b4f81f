import { useQuery } from "@tanstack/react-query";
import { unreadCountQuery } from "./inbox-api";

/** The unread count after the admin nav's "Messages" link; nothing when the inbox is read. */
export function UnreadMessagesBadge() {
  const { data } = useQuery(unreadCountQuery());
  if (!data) return null;
  return (
    <span className="inline-flex min-w-5 items-center justify-center rounded-full bg-clay-600 px-1.5 text-xs font-semibold text-white">
      {data}
      <span className="sr-only"> unread</span>
    </span>
  );
}
