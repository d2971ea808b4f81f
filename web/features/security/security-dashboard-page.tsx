import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { RETENTION_DAYS, type ScanResult } from "#contract/security/schemas";
import { Button } from "../../components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../components/ui/dialog";
import { Spinner } from "../../components/ui/spinner";
import { toast } from "../../components/ui/use-toast";
import { errorText } from "../../lib/error-text";
import { usePageTitle } from "../../lib/use-page-title";
import { adminActivityQuery, cleanOldData, runSecurityScan, securityKeys, securityLogsQuery } from "./api";
import { ScanResults } from "./scan-results";
import {
  AccessLogsCard,
  AdminActivityCard,
  AuthFailuresCard,
  RoleChangesCard,
  SensitiveAccessCard,
  SummaryCards,
} from "./security-sections";

export function SecurityDashboardPage() {
  usePageTitle("Security Dashboard");
  const queryClient = useQueryClient();
  const logs = useQuery(securityLogsQuery());
  const activity = useQuery(adminActivityQuery());
  const [scan, setScan] = useState<ScanResult | null>(null);
  const [confirmCleanup, setConfirmCleanup] = useState(false);

  const loadError = logs.error ?? activity.error;
  useEffect(() => {
    if (loadError)
      toast({ title: "Failed to load security logs", description: errorText(loadError), variant: "destructive" });
  }, [loadError]);

  const scanMutation = useMutation({
    mutationFn: runSecurityScan,
    onSuccess: (result) => {
      setScan(result);
      toast({ title: "Security scan complete", description: `${result.findings.length} findings.` });
    },
    onError: (err) => toast({ title: "Security Scan Failed", description: errorText(err), variant: "destructive" }),
  });

  const cleanupMutation = useMutation({
    mutationFn: cleanOldData,
    onSuccess: (result) => {
      setConfirmCleanup(false);
      toast({
        title: "Old data cleaned",
        description: `${result.count} record${result.count === 1 ? "" : "s"} deleted (${result.audit_logs} log entries, ${result.event_submissions} event submissions).`,
      });
      void queryClient.invalidateQueries({ queryKey: securityKeys.all });
    },
    onError: (err) => {
      setConfirmCleanup(false);
      toast({ title: "Cleanup Failed", description: errorText(err), variant: "destructive" });
    },
  });

  const refreshing = logs.isFetching || activity.isFetching;

  return (
    <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:px-6 lg:px-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-display text-3xl font-semibold text-forest-900 sm:text-4xl">Security Dashboard</h1>
          <p className="mt-2 text-muted-foreground">
            Sign-in activity, sensitive-data access and a check of this deployment.
          </p>
        </div>
        <div className="flex flex-wrap gap-3">
          <Button onClick={() => scanMutation.mutate()} disabled={scanMutation.isPending}>
            {scanMutation.isPending ? "Scanning…" : "Run Security Scan"}
          </Button>
          <Button
            variant="outline"
            disabled={refreshing}
            onClick={() => void queryClient.invalidateQueries({ queryKey: securityKeys.all })}
          >
            {refreshing ? "Refreshing…" : "Refresh All Data"}
          </Button>
          <Button variant="destructive" onClick={() => setConfirmCleanup(true)} disabled={cleanupMutation.isPending}>
            Clean Old Data
          </Button>
        </div>
      </div>

      {scan && <ScanResults result={scan} />}

      {logs.isPending || activity.isPending ? (
        <Spinner label="Loading security data…" />
      ) : logs.data ? (
        <>
          <SummaryCards summary={logs.data.summary} activeAdmins={activity.data?.length ?? 0} />
          <div className="grid gap-8 xl:grid-cols-2">
            <AdminActivityCard activity={activity.data ?? []} />
            <SensitiveAccessCard entries={logs.data.sensitive_access} />
            <AuthFailuresCard entries={logs.data.auth_failures} />
            <RoleChangesCard entries={logs.data.role_changes} />
          </div>
          <AccessLogsCard entries={logs.data.logs} />
        </>
      ) : (
        <p role="alert" className="text-destructive">
          Failed to load security logs. Use Refresh All Data to try again.
        </p>
      )}

      <Dialog open={confirmCleanup} onOpenChange={setConfirmCleanup}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Clean old data?</DialogTitle>
            <DialogDescription>
              This permanently deletes security log entries and reviewed (approved or rejected) event submissions older
              than {RETENTION_DAYS} days.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setConfirmCleanup(false)}>
              Cancel
            </Button>
            <Button variant="destructive" onClick={() => cleanupMutation.mutate()} disabled={cleanupMutation.isPending}>
              {cleanupMutation.isPending ? "Deleting…" : "Delete old data"}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}
