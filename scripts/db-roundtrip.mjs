// `npm run test:backup`: proves the backup path end to end on throwaway databases. Seeds a local
// database, adds a row or two to every table the seed leaves empty (members with sessions, a sent
// campaign with its ledger, …), exports it with db:export, restores the dump with db:restore into an
// empty one, and checks that both have the same tables with the same rows. Exits non-zero if any table
// is empty before the export, or on any difference after the restore.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { rowCounts, tableDigests, wrangler } from "./d1-backup.mjs";

const work = mkdtempSync(path.join(os.tmpdir(), "earthkind-roundtrip-"));
const source = path.join(work, "source");
const target = path.join(work, "target");
let file; // the dump db:export writes to backups/, removed at the end whatever happens

// Rows for the tables the seed leaves empty, written as the app would (parents first, triggers live):
// the completion adds action_impact's row and the admin profile a profile_audit_log row; the sent and
// failed deliveries count themselves into their campaign and wave.
const AT = "2026-11-23T17:00:00.000Z";
const FIRST_ACTION = "(SELECT id FROM weekly_actions ORDER BY start_date, id LIMIT 1)";
const FILL = `
INSERT INTO users (id, email, password_hash, email_verified_at, created_at, updated_at) VALUES
  ('rt-user-1', 'member@example.com', 'pbkdf2-sha256$600000$c2FsdA$aGFzaA', '${AT}', '${AT}', '${AT}'),
  ('rt-user-2', 'admin@example.com', NULL, '${AT}', '${AT}', '${AT}');
INSERT INTO profiles (id, user_id, email, role, role_changed_by) VALUES
  ('rt-profile-1', 'rt-user-1', 'member@example.com', 'user', NULL),
  ('rt-profile-2', 'rt-user-2', 'admin@example.com', 'admin', 'rt-user-2');
INSERT INTO sessions (id, user_id, created_at, auth_method, last_used_at, browser) VALUES
  ('rt-session-1', 'rt-user-1', '${AT}', 'password', '${AT}', 'Firefox'),
  ('rt-session-2', 'rt-user-2', '${AT}', 'magic_link', '${AT}', NULL);
INSERT INTO refresh_tokens (id, session_id, token_hash, created_at, expires_at, used_at) VALUES
  ('rt-refresh-1', 'rt-session-1', 'rt-refresh-hash-1', '${AT}', '2026-12-23T17:00:00.000Z', '${AT}'),
  ('rt-refresh-2', 'rt-session-1', 'rt-refresh-hash-2', '${AT}', '2026-12-23T17:00:00.000Z', NULL);
INSERT INTO totp_factors (user_id, secret_enc, confirmed_at, last_step, created_at) VALUES
  ('rt-user-2', 'rt-encrypted-secret', '${AT}', 59000000, '${AT}');
INSERT INTO totp_enrolments (user_id, secret_enc, created_at) VALUES
  ('rt-user-2', 'rt-encrypted-new-secret', '${AT}');
INSERT INTO recovery_codes (id, user_id, code_hash, used_at, created_at) VALUES
  ('rt-recovery-1', 'rt-user-2', 'rt-recovery-hash-1', NULL, '${AT}'),
  ('rt-recovery-2', 'rt-user-2', 'rt-recovery-hash-2', '${AT}', '${AT}');
INSERT INTO passkeys (id, user_id, name, public_key, counter, transports, backed_up, created_at, last_used_at) VALUES
  ('rt-credential-1', 'rt-user-1', 'Laptop', 'rt-cose-key', 3, '["internal"]', 1, '${AT}', '${AT}');
INSERT INTO webauthn_challenges (challenge, user_id, purpose, expires_at) VALUES
  ('rt-challenge-1', 'rt-user-1', 'registration', '2026-11-23T17:05:00.000Z');
INSERT INTO magic_link_tokens (id, email, token_hash, redirect_to, ip_address, created_at, expires_at) VALUES
  ('rt-magic-1', 'admin@example.com', 'rt-magic-hash-1', '/admin', '203.0.113.7', '${AT}', '2026-11-23T17:10:00.000Z');
INSERT INTO admin_invitations (id, email, token_hash, created_by, created_at, expires_at, used_at, claim_id, user_id) VALUES
  ('rt-invite-1', 'admin@example.com', 'rt-invite-hash-1', 'cli', '${AT}', '2026-11-24T17:00:00.000Z', '${AT}', 'rt-claim-1', 'rt-user-1');
INSERT INTO password_throttle (email, client, failures, locked_until, updated_at) VALUES
  ('member@example.com', '203.0.113.7', 2, NULL, '${AT}');
INSERT INTO security_audit_log (id, user_id, action, table_name, ip_address, new_values, created_at) VALUES
  ('rt-audit-1', 'rt-user-1', 'password_changed', 'users', '203.0.113.7', '{}', '${AT}');
INSERT INTO action_completions (id, user_id, action_id, completed_at, notes, share_note)
  SELECT 'rt-completion-1', 'rt-user-1', ${FIRST_ACTION}, '${AT}', 'Swapped the car for the bus.', 1;
INSERT INTO event_reminders (id, event_id, email, user_id, status, token_hash, token_sealed, event_title, event_start_at, due_at, confirmed_at) VALUES
  ('rt-reminder-1', 'rt-event-1', 'member@example.com', 'rt-user-1', 'active', 'rt-reminder-hash-1', 'rt-sealed-1', 'Creek cleanup', '2026-11-28T17:00:00.000Z', '2026-11-27T17:00:00.000Z', '${AT}');
INSERT INTO event_reminder_mails (id, reminder_id, kind, send_key, status, event_start_at, queued_at) VALUES
  ('rt-reminder-mail-1', 'rt-reminder-1', 'reminder', 'rt-reminder-1:reminder:2026-11-28T17:00:00.000Z', 'queued', '2026-11-28T17:00:00.000Z', '${AT}');
INSERT INTO export_jobs (id, kind, user_id, filename, status, rows, expires_at) VALUES
  ('rt-export-1', 'my_data', 'rt-user-1', 'earthkind-data.json', 'ready', 1, '2026-11-23T18:00:00.000Z');
INSERT INTO contact_messages (id, name, email, message, ip_address, created_at, status) VALUES
  ('rt-contact-1', 'Sam Reader', 'sam@example.com', 'Can our school join?', '203.0.113.8', '${AT}', 'unread');
INSERT INTO subscribers (id, email, first_name, zip_code, manage_token_hash, subscribed_at, time_zone) VALUES
  ('rt-subscriber-1', 'rae@example.com', 'Rae', '97201', 'rt-manage-1', '${AT}', 'America/Los_Angeles'),
  ('rt-subscriber-2', 'lee@example.com', 'Lee', '10001', 'rt-manage-2', '${AT}', 'America/New_York');
INSERT INTO email_campaigns (id, action_id, kind, status, triggered_by, created_at, completed_at, fanout_done_at, send_day)
  SELECT 'rt-campaign-1', ${FIRST_ACTION}, 'weekly', 'completed', 'schedule', '${AT}', '${AT}', '${AT}', '2026-11-23';
INSERT INTO email_campaign_waves (id, campaign_id, time_zone, due_at, day_ends_at, fanout_done_at, created_at) VALUES
  ('rt-wave-1', 'rt-campaign-1', 'America/Los_Angeles', '${AT}', '2026-11-24T08:00:00.000Z', '${AT}', '${AT}');
INSERT INTO email_deliveries (id, campaign_id, subscriber_id, email, status, provider_message_id, error, attempts, created_at, updated_at, wave_id) VALUES
  ('rt-delivery-1', 'rt-campaign-1', 'rt-subscriber-1', 'rae@example.com', 'sent', 'rt-message-1', NULL, 1, '${AT}', '${AT}', 'rt-wave-1'),
  ('rt-delivery-2', 'rt-campaign-1', 'rt-subscriber-2', 'lee@example.com', 'failed', NULL, 'mailbox full', 3, '${AT}', '${AT}', 'rt-wave-1');
INSERT INTO campaign_tips (campaign_id, tip_id, created_at)
  SELECT 'rt-campaign-1', (SELECT id FROM tips ORDER BY position, id LIMIT 1), '${AT}';
INSERT INTO outbox_messages (id, "to", "from", subject, html, text, idempotency_key, created_at) VALUES
  ('rt-outbox-1', 'rae@example.com', 'hello@earthkind.example', 'This week''s action', '<p>Hi Rae</p>', 'Hi Rae', 'rt-idem-1', '${AT}');
INSERT INTO email_suppressions (id, email, reason, provider_event_id, created_at) VALUES
  ('rt-suppression-1', 'gone@example.com', 'hard_bounce', 'rt-event-1', '${AT}');
INSERT INTO email_webhook_events (id, provider, event_id, type, email, campaign_id, created_at) VALUES
  ('rt-webhook-1', 'resend', 'rt-event-1', 'hard_bounce', 'gone@example.com', 'rt-campaign-1', '${AT}');
INSERT INTO email_soft_bounce_streaks (email, count, updated_at) VALUES ('lee@example.com', 1, '${AT}');
INSERT INTO subscription_reconfirmations (token_hash, subscriber_id, first_name, zip_code, time_zone, created_at, expires_at) VALUES
  ('rt-reconfirm-hash-1', 'rt-subscriber-2', 'Lee', '10001', 'America/New_York', '${AT}', '2026-11-30T17:00:00.000Z');
INSERT INTO deleted_subscriber_hashes (email_hash, created_at) VALUES
  ('5d41402abc4b2a76b9719d911017c592aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa', '${AT}');
INSERT INTO event_submissions (id, title, category, start_time, city, state, postal_code, organizer_name, organizer_email, registration_url, status, created_at) VALUES
  ('rt-submission-1', 'Creek clean-up', 'cleanup', '2026-12-05T10:00', 'Portland', 'OR', '97201', 'Friends of the Creek', 'creek@example.com', 'https://example.com/creek', 'pending', '${AT}');
INSERT INTO ingestion_runs (id, source_key, status, started_at, finished_at, pages, found, mapped, inserted) VALUES
  ('rt-run-1', 'seed', 'completed', '${AT}', '${AT}', 1, 3, 3, 3);
INSERT INTO rate_limit_counters (key, window_start, count, expires_at) VALUES
  ('password-change:rt-user-1', 1795453200, 1, '2026-11-23T18:00:00.000Z');
INSERT INTO attempt_log (key, at) VALUES
  ('password-email:rt1@example.com', 1795453200000);
INSERT INTO alerts (id, kind, subject, day, details, count, first_seen_at, last_seen_at) VALUES
  ('rt-alert-1', 'send_failures', 'rt-campaign-1', '2026-11-23', '{"failed":1}', 1, '${AT}', '${AT}');
INSERT INTO error_counts (hour, count) VALUES ('2026-11-23T17', 2);
INSERT INTO ops_state (key, value, updated_at) VALUES ('last_cron_tick', '"${AT}"', '${AT}');
`;

function npm(args) {
  const r = spawnSync("npm", ["run", "--silent", ...args], { encoding: "utf8", env: { ...process.env, CI: "true" } });
  if (r.status !== 0) throw new Error(`npm run ${args.join(" ")} failed:\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

try {
  npm(["db:seed:local", "--", "--persist-to", source]);
  const fillFile = path.join(work, "fill.sql");
  writeFileSync(fillFile, FILL);
  wrangler(["d1", "execute", "DB", "--local", "--persist-to", source, "--file", fillFile]);
  const before = rowCounts(source);
  const empty = Object.keys(before).filter((t) => !before[t]);
  if (Object.keys(before).length === 0 || empty.length) {
    throw new Error(`every table needs rows before the export; empty: ${empty.join(", ") || "all"}`);
  }
  const beforeDigests = tableDigests(source, Object.keys(before));

  const exported = npm(["db:export", "--", "--local", "--persist-to", source]);
  file = exported.match(/to (backups\/\S+\.sql)/)?.[1];
  if (!file) throw new Error(`db:export did not name its file:\n${exported}`);
  npm(["db:restore", "--", file, "--local", "--persist-to", target]);

  const after = rowCounts(target);
  const afterDigests = tableDigests(target, Object.keys(after));
  const tables = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  const diffs = tables.filter((t) => before[t] !== after[t] || beforeDigests[t] !== afterDigests[t]);
  for (const t of tables) {
    const same = beforeDigests[t] === afterDigests[t] ? "same rows" : "ROWS DIFFER";
    console.log(`  ${diffs.includes(t) ? "✗" : "✓"} ${t}: ${before[t]} → ${after[t]} (${same})`);
  }
  if (diffs.length) throw new Error(`tables differ after the restore: ${diffs.join(", ")}`);
  console.log(`✓ backup round trip: ${tables.length} tables, none empty, every table's rows restored`);
} catch (error) {
  console.error(`✗ backup round trip failed: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
} finally {
  rmSync(work, { recursive: true, force: true });
  if (file) rmSync(file, { force: true });
}
