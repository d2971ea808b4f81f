-- Issue 44 (decision 235): the first admin of a new deployment, and any later one, by invitation.
-- `npm run admin:invite -- EMAIL --remote|--local` stores a row; its link carries a random token of which only the
-- SHA-256 is kept. Spending it (POST /api/admin-invitations/accept) claims the row once, before it expires.
CREATE TABLE `admin_invitations` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`token_hash` text NOT NULL,
	`created_by` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`expires_at` text NOT NULL,
	`used_at` text,
	`claim_id` text,
	`user_id` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `admin_invitations_token_hash_unique` ON `admin_invitations` (`token_hash`);
