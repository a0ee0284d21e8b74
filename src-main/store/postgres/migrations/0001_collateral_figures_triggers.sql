-- The collateral roll-up cache under concurrency (README.md next to this folder, "The roll-up
-- cache"). Every write to what a collateral's figures are computed from gives the collateral a
-- new collateral_inputs.version in the same transaction; a collateral_figures row counts only
-- while its inputs_version equals that version. Versions come from a sequence, so a value is
-- never given twice, not even to a collateral deleted and created again.

-- New collaterals get their version row (collateral_inputs.version defaults to nextval).
CREATE FUNCTION collateral_inputs_create() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO collateral_inputs (collateral_id) SELECT id FROM new_rows;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER collaterals_inputs_create AFTER INSERT ON collaterals
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION collateral_inputs_create();
--> statement-breakpoint
INSERT INTO collateral_inputs (collateral_id) SELECT id FROM collaterals;
--> statement-breakpoint
-- Gives these collaterals new input versions. Rows are locked in id order, so two writers
-- touching the same collaterals queue instead of deadlocking; the lock is held to commit, so
-- versions of one collateral are written in commit order.
CREATE FUNCTION collateral_inputs_bump(ids text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM collateral_inputs WHERE collateral_id = ANY(ids) ORDER BY collateral_id FOR NO KEY UPDATE;
  UPDATE collateral_inputs SET version = nextval('collateral_inputs_version') WHERE collateral_id = ANY(ids);
END $$;
--> statement-breakpoint
-- AFTER ... FOR EACH STATEMENT trigger of an input table. TG_ARGV[0] names the column of the
-- changed rows that leads to their collateral: collateral_id itself, component_id (through
-- components) or valuation_id (through revenue_valuations). On UPDATE both the old and the new
-- rows count, so a row moved to another collateral changes both.
--
-- The parent rows are read FOR SHARE: a concurrent transaction moving that parent to another
-- collateral (UPDATE components SET collateral_id = ...) either committed before, and this
-- read sees where the parent is now, or waits for this transaction to end and then changes
-- the version of both collaterals itself. Without the lock, READ COMMITTED would let a unit
-- added to a component being moved change the version of the collateral it is leaving only.
CREATE FUNCTION collateral_inputs_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  link text := TG_ARGV[0];
  keys text[];
  ids text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT to_jsonb(n) ->> link) INTO keys FROM new_rows n;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT to_jsonb(o) ->> link) INTO keys FROM old_rows o;
  ELSE
    SELECT array_agg(DISTINCT k) INTO keys
      FROM (SELECT to_jsonb(o) ->> link FROM old_rows o UNION ALL SELECT to_jsonb(n) ->> link FROM new_rows n) AS s(k);
  END IF;
  IF keys IS NULL THEN
    RETURN NULL;
  END IF;
  IF link = 'collateral_id' THEN
    ids := keys;
  ELSIF link = 'component_id' THEN
    SELECT array_agg(DISTINCT p.collateral_id) INTO ids
      FROM (SELECT collateral_id FROM components WHERE id = ANY(keys) ORDER BY id FOR SHARE) AS p;
  ELSIF link = 'valuation_id' THEN
    SELECT array_agg(DISTINCT p.collateral_id) INTO ids
      FROM (SELECT collateral_id FROM revenue_valuations WHERE id = ANY(keys) ORDER BY id FOR SHARE) AS p;
  ELSE
    RAISE EXCEPTION 'collateral_inputs_changed: unknown link column %', link;
  END IF;
  IF ids IS NOT NULL THEN
    PERFORM collateral_inputs_bump(ids);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The triggers of the six input tables, each table with the column that leads to its collateral.
DO $$
DECLARE
  input record;
BEGIN
  FOR input IN SELECT * FROM (VALUES
    ('components', 'collateral_id'),
    ('revenue_valuations', 'collateral_id'),
    ('alternative_valuations', 'collateral_id'),
    ('living_units', 'component_id'),
    ('sales_comps', 'component_id'),
    ('cash_flow_transactions', 'valuation_id')
  ) AS t(name, link) LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION collateral_inputs_changed(%L)', input.name || '_insert_figures', input.name, input.link);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION collateral_inputs_changed(%L)', input.name || '_update_figures', input.name, input.link);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION collateral_inputs_changed(%L)', input.name || '_delete_figures', input.name, input.link);
  END LOOP;
END $$;
