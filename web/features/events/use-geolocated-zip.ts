import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { type NearestZip, nearestZipQuery } from "./api";

/**
 * Asks the browser for the visitor's position once (the events page only, spec §4) and turns it
 * into the nearest ZIP, which is all the search ever sends. A refusal, a timeout or a place with
 * no ZIP nearby are silently ignored: the ZIP form is always there.
 */
export function useGeolocatedZip(enabled: boolean, onZip: (found: NearestZip) => void): void {
  const queryClient = useQueryClient();
  // The latest callback, without asking for the position again when it changes.
  const callback = useRef(onZip);
  callback.current = onZip;
  useEffect(() => {
    if (!enabled || !("geolocation" in navigator)) return;
    let cancelled = false;
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        const round = (n: number) => Math.round(n * 100) / 100;
        queryClient
          .fetchQuery(nearestZipQuery(round(pos.coords.latitude), round(pos.coords.longitude)))
          .then((found) => {
            if (!cancelled) callback.current(found);
          })
          .catch(() => {});
      },
      () => {},
      { maximumAge: 10 * 60_000, timeout: 10_000 },
    );
    return () => {
      cancelled = true;
    };
  }, [enabled, queryClient]);
}
