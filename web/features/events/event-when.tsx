import { useT } from "../../lib/i18n";
import { useHydrated, useSiteTimeZone } from "../../lib/site";
import { formatEventWhen, type WhenFields } from "./format";

/** The fields of an event its time is written from (the island's props travel as JSON). */
export const whenFields = ({ start_time, end_time, all_day, is_virtual, time_zone }: WhenFields): WhenFields => ({
  start_time,
  end_time,
  all_day,
  is_virtual,
  time_zone,
});

/**
 * An online event's time: in the site's zone as rendered, in the visitor's own once hydrated ("your time").
 * On the event page it is an island of its own (decision 205); in-person events need none.
 */
export function EventWhen({ event }: { event: WhenFields }) {
  const text = useT();
  const siteZone = useSiteTimeZone();
  const viewerZone = useHydrated() ? undefined : null;
  return formatEventWhen(text, event, siteZone, viewerZone);
}
