-- Sending an issued document to its patient (issue 33 §7): each send, by e-mail or as a WhatsApp link, is an access
-- in the patient's log with its own action.
ALTER TABLE "access_log" DROP CONSTRAINT "access_log_action_known";--> statement-breakpoint
ALTER TABLE "access_log" ADD CONSTRAINT "access_log_action_known" CHECK ("access_log"."action" in ('read', 'list', 'create', 'update', 'delete', 'download', 'sign', 'export', 'refused', 'send_email', 'send_whatsapp'));