-- deal_history is append-only (docs/history.md), as on SQLite, where the store installs the
-- same guards when it opens (installHistoryGuards): no code path, nor a statement run by hand
-- through the server's role, can rewrite a recorded change. TRUNCATE is refused as well.
CREATE FUNCTION deal_history_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'deal_history is append-only: a recorded change cannot be %', lower(TG_OP) || 'd'
    USING ERRCODE = 'restrict_violation';
END $$;
--> statement-breakpoint
CREATE TRIGGER deal_history_no_update BEFORE UPDATE ON deal_history FOR EACH ROW EXECUTE FUNCTION deal_history_refuse();
--> statement-breakpoint
CREATE TRIGGER deal_history_no_delete BEFORE DELETE ON deal_history FOR EACH ROW EXECUTE FUNCTION deal_history_refuse();
--> statement-breakpoint
CREATE TRIGGER deal_history_no_truncate BEFORE TRUNCATE ON deal_history FOR EACH STATEMENT EXECUTE FUNCTION deal_history_refuse();
