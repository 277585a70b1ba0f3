-- The audit queue follows the status history: whatever moves a lead (the workflow service, the seed, a bulk
-- load) writes a lead_status_history row, and this trigger keeps the audit rounds in step with it in the same
-- transaction. Entering AUDIT_PENDING / AUDIT_RETRY opens a round (queued_at = when it entered: the queue's
-- order); any move of a lead that has an open round closes it first (an audit decision then fills in the
-- decision and checklist of the round it closed). Status ids are the SPEC 4 catalogues': arg AUDIT_PENDING 32,
-- AUDIT_RETRY 35; col AUDIT_PENDING 37, AUDIT_RETRY 33.
CREATE FUNCTION audits_follow_status() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE audits SET decided_at = NEW.created_at, updated_at = now(), version = version + 1
   WHERE lead_id = NEW.lead_id AND decided_at IS NULL;
  IF (NEW.country = 'arg' AND NEW.to_status IN (32, 35)) OR (NEW.country = 'col' AND NEW.to_status IN (37, 33)) THEN
    INSERT INTO audits (country, lead_id, status_id, queued_at)
    VALUES (NEW.country, NEW.lead_id, NEW.to_status, NEW.created_at);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The WHEN clause keeps every other status change (most of them) from calling the function at all.
CREATE TRIGGER lead_status_history_audits AFTER INSERT ON lead_status_history FOR EACH ROW
WHEN (
  (NEW.country = 'arg' AND (NEW.to_status IN (32, 35) OR NEW.from_status IN (32, 35)))
  OR (NEW.country = 'col' AND (NEW.to_status IN (37, 33) OR NEW.from_status IN (37, 33)))
)
EXECUTE FUNCTION audits_follow_status();
--> statement-breakpoint
-- Leads already waiting for audit when this migration runs join the queue at the time they entered.
INSERT INTO audits (country, lead_id, status_id, queued_at)
SELECT l.country, l.id, l.status_id,
       coalesce((SELECT max(h.created_at) FROM lead_status_history h WHERE h.lead_id = l.id AND h.to_status = l.status_id), l.updated_at)
  FROM leads l
 WHERE (l.country = 'arg' AND l.status_id IN (32, 35)) OR (l.country = 'col' AND l.status_id IN (37, 33));
