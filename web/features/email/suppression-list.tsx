import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { format, parseISO } from "date-fns";
import { useId, useState } from "react";
import type { SuppressionReason } from "../../../worker/features/email/schemas";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { Spinner } from "../../components/ui/spinner";
import { toast } from "../../components/ui/use-toast";
import { ApiError } from "../../lib/api";
import { emailKeys, removeSuppression, suppressionsQuery } from "./api";

const REASONS: Record<SuppressionReason, string> = {
  hard_bounce: "Hard bounce",
  complaint: "Spam complaint",
  soft_bounce: "3 soft bounces",
};

const when = (iso: string) => {
  try {
    return format(parseISO(iso), "MMM d, yyyy h:mm a");
  } catch {
    return iso;
  }
};

/**
 * Addresses that get no mail of any kind (bounces and complaints reported by the provider's
 * webhooks): counts by reason, a search, and removal for an address that works again.
 */
export function SuppressionList() {
  const searchId = useId();
  const [search, setSearch] = useState("");
  const queryClient = useQueryClient();
  const query = useQuery({ ...suppressionsQuery(search.trim()), placeholderData: keepPreviousData });
  const remove = useMutation({
    mutationFn: (id: string) => removeSuppression(id),
    onSuccess: (result) => {
      toast({ title: "Removed", description: result.message });
      void queryClient.invalidateQueries({ queryKey: emailKeys.suppressions().slice(0, 2) });
    },
    onError: (error) =>
      toast({
        title: error instanceof ApiError ? error.message : "Could not remove the address",
        variant: "destructive",
      }),
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Suppression list</CardTitle>
        <CardDescription>
          Addresses that bounced for good, complained about spam, or soft-bounced three times in a row get no email of
          any kind. A complaint also unsubscribes the address; coming back needs the owner's confirmation.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {query.data ? (
          <ul className="flex flex-wrap gap-3 text-sm" aria-label="Suppressed addresses by reason">
            {(Object.keys(REASONS) as SuppressionReason[]).map((r) => (
              <li key={r} className="rounded-md border border-border px-3 py-1">
                {REASONS[r]}: <strong className="tabular-nums">{query.data.counts[r]}</strong>
              </li>
            ))}
          </ul>
        ) : null}
        <div className="grid gap-2 sm:max-w-sm">
          <Label htmlFor={searchId}>Search suppressed addresses</Label>
          <Input
            id={searchId}
            type="search"
            value={search}
            maxLength={254}
            onChange={(e) => setSearch(e.target.value)}
            placeholder="name@example.com"
          />
        </div>
        {query.isPending ? (
          <Spinner label="Loading the suppression list…" />
        ) : query.isError ? (
          <p className="text-clay-700">Failed to load the suppression list.</p>
        ) : query.data.items.length === 0 ? (
          <p className="text-muted-foreground">
            {search.trim() ? "No suppressed address matches your search." : "No suppressed addresses."}
          </p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Suppressed addresses</caption>
              <thead className="text-muted-foreground">
                <tr>
                  <th scope="col" className="py-2 pr-4 font-semibold">
                    Address
                  </th>
                  <th scope="col" className="py-2 pr-4 font-semibold">
                    Reason
                  </th>
                  <th scope="col" className="py-2 pr-4 font-semibold">
                    Since
                  </th>
                  <th scope="col" className="py-2 font-semibold">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {query.data.items.map((s) => (
                  <tr key={s.id} className="border-t border-border">
                    <td id={`suppressed-${s.id}`} className="py-2 pr-4 break-all">
                      {s.email}
                    </td>
                    <td className="py-2 pr-4">
                      <Badge variant={s.reason === "complaint" ? "destructive" : "secondary"}>
                        {REASONS[s.reason]}
                      </Badge>
                    </td>
                    <td className="py-2 pr-4 whitespace-nowrap">{when(s.created_at)}</td>
                    <td className="py-2 text-right">
                      <Button
                        variant="outline"
                        size="sm"
                        disabled={remove.isPending}
                        aria-describedby={`suppressed-${s.id}`}
                        onClick={() => {
                          if (window.confirm(`Send email to ${s.email} again?`)) remove.mutate(s.id);
                        }}
                      >
                        Remove from suppression list
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
