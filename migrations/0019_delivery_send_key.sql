-- Decision 198: exactly once when the provider's answer is ambiguous. The provider request a recipient
-- was sent in is named by a key fixed at its first attempt: a retry after a timeout or a 5xx re-sends the
-- same recipients under the same key (Resend deduplicates it) or asks the provider what it accepted
-- (Postmark's message search by metadata) before anything goes again. NULL: never sent, or settled.
ALTER TABLE `email_deliveries` ADD `send_key` text;
