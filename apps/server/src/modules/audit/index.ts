/** Audit: who did what in a store. Writers call recordAudit in their own transaction. */
export { auditRoutes } from './audit.routes.ts';
export {
  eventByClientId,
  readEvent,
  recordAudit,
  recordAuditOnce,
  type AuditActor,
  type AuditRecord,
  type RepeatableRecord,
} from './audit.service.ts';
