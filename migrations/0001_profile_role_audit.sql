-- Role changes are audited by the database itself, so no code path can skip the record.
CREATE TRIGGER `profiles_role_audit`
AFTER UPDATE OF `role` ON `profiles`
WHEN OLD.`role` IS NOT NEW.`role`
BEGIN
  INSERT INTO `profile_audit_log` (`id`, `user_id`, `changed_by`, `old_role`, `new_role`, `created_at`)
  VALUES (lower(hex(randomblob(16))), NEW.`user_id`, NEW.`role_changed_by`, OLD.`role`, NEW.`role`,
          strftime('%Y-%m-%dT%H:%M:%fZ','now'));
END;
