// The single source of the data model (ARCHITECTURE.md §4), one file per domain.
export * from "./schema/admin-invitations";
export * from "./schema/audit";
export * from "./schema/auth";
export * from "./schema/content";
export * from "./schema/email";
export * from "./schema/event-reminders";
export * from "./schema/events";
export * from "./schema/exports";
export * from "./schema/ops";
export * from "./schema/second-factor";
