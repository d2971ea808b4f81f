import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { SuppressionReason, SuppressionRow } from "#contract/email/schemas";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { type Column, DataTable } from "../../components/ui/data-table";
import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { Spinner } from "../../components/ui/spinner";
import { toast } from "../../components/ui/use-toast";
import { ApiError } from "../../lib/api";
import { formatTimestamp } from "../../lib/format-timestamp";
import { emailKeys, removeSuppression, suppressionsQuery } from "./api";

const REASONS: Record<SuppressionReason, string> = {
  hard_bounce: "Hard bounce",
  complaint: "Spam complaint",
  soft_bounce: "3 soft bounces",
};

/**
 * Addresses that get no newsletter mail (bounces and complaints reported by the provider's webhooks;
 * account mail such as sign-in links still goes to them, decision 181): counts by reason, a search, and
 * removal for an address that works again.
 */
export function SuppressionList() {
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

  const columns: Column<SuppressionRow>[] = [
    {
      header: "Address",
      cell: (s) => <span id={`suppressed-${s.id}`}>{s.email}</span>,
      className: "px-3 py-2 break-all",
    },
    {
      header: "Reason",
      cell: (s) => <Badge variant={s.reason === "complaint" ? "destructive" : "secondary"}>{REASONS[s.reason]}</Badge>,
    },
    { header: "Since", cell: (s) => formatTimestamp(s.created_at), nowrap: true },
    {
      header: "Actions",
      hideHeader: true,
      className: "px-3 py-2 text-right",
      cell: (s) => (
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
      ),
    },
  ];

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Suppression list</CardTitle>
        <CardDescription>
          Addresses that bounced for good, complained about spam, or soft-bounced three times in a row get no weekly,
          welcome or other newsletter email. Sign-in links and account notices still reach them. A complaint also
          unsubscribes the address; coming back needs the owner's confirmation.
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
        <FormField label="Search suppressed addresses" className="sm:max-w-sm">
          <Input
            type="search"
            value={search}
            maxLength={254}
            onChange={(e) => setSearch(e.target.value)}
            placeholder="name@example.com"
          />
        </FormField>
        {query.isPending ? (
          <Spinner label="Loading the suppression list…" />
        ) : query.isError ? (
          <p className="text-clay-700">Failed to load the suppression list.</p>
        ) : (
          <DataTable
            caption="Suppressed addresses"
            columns={columns}
            rows={query.data.items}
            empty={search.trim() ? "No suppressed address matches your search." : "No suppressed addresses."}
          />
        )}
      </CardContent>
    </Card>
  );
}
