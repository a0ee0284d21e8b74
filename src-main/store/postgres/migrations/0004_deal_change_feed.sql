-- The change feed (docs/api.md, "Change feed"), as SQLite's migration 0004_deal_change_feed:
-- every write to a table of a deal's graph gives each deal the row belongs to the next number
-- of change_feed.seq, in deal_changes, in the same transaction as the write.
--
-- A counter row, not a sequence: the UPDATE takes its row lock until commit, so writers of the
-- graph queue on it and numbers commit in their order. A reader (READ COMMITTED) therefore
-- never sees seq n+1 committed while seq n is still to come, which a cursor could skip over.
-- The cost: graph writes commit one at a time (each holds the lock from its first graph write).
-- Only deals that still exist are marked Upsert, so the cascade of a deal's delete cannot turn
-- its Delete back into an Upsert. The store's identity is drawn here, once; deals already
-- stored are changes at seq 1.
INSERT INTO change_feed (id, store_id, seq) VALUES (1, replace(gen_random_uuid()::text, '-', ''), 1);
--> statement-breakpoint
INSERT INTO deal_changes (deal_id, seq, kind) SELECT id, 1, 'Upsert' FROM deals;
--> statement-breakpoint
CREATE FUNCTION deal_changes_mark(ids text[], change text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  next bigint;
BEGIN
  UPDATE change_feed SET seq = seq + 1 WHERE id = 1 RETURNING seq INTO next;
  INSERT INTO deal_changes (deal_id, seq, kind)
    SELECT d, next, change FROM unnest(ids) AS d
    WHERE change = 'Delete' OR EXISTS (SELECT 1 FROM deals WHERE id = d)
    ON CONFLICT (deal_id) DO UPDATE SET seq = EXCLUDED.seq, kind = EXCLUDED.kind;
END $$;
--> statement-breakpoint
-- AFTER ... FOR EACH STATEMENT trigger of a graph table. TG_ARGV[0] names the column of the
-- changed rows that leads to their deals, TG_ARGV[1] the way from it: 'deal' (the deal's id),
-- 'funds', 'person', 'company', 'collateral', 'component', 'rent_roll' or 'valuation'. On
-- UPDATE both the old and the new rows count.
CREATE FUNCTION deal_changes_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  link text := TG_ARGV[0];
  way text := TG_ARGV[1];
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
  IF way = 'deal' THEN
    ids := keys;
  ELSIF way = 'funds' THEN
    SELECT array_agg(DISTINCT deal_id) INTO ids FROM funds_analyses WHERE id = ANY(keys);
  ELSIF way = 'person' THEN
    SELECT array_agg(DISTINCT deal_id) INTO ids FROM deal_people WHERE person_id = ANY(keys);
  ELSIF way = 'company' THEN
    SELECT array_agg(DISTINCT deal_id) INTO ids FROM deal_companies WHERE company_id = ANY(keys);
  ELSIF way = 'collateral' THEN
    SELECT array_agg(DISTINCT deal_id) INTO ids FROM deal_collaterals WHERE collateral_id = ANY(keys);
  ELSIF way = 'component' THEN
    SELECT array_agg(DISTINCT dc.deal_id) INTO ids
      FROM components c JOIN deal_collaterals dc ON dc.collateral_id = c.collateral_id WHERE c.id = ANY(keys);
  ELSIF way = 'rent_roll' THEN
    SELECT array_agg(DISTINCT dc.deal_id) INTO ids
      FROM rent_rolls r JOIN components c ON c.id = r.component_id JOIN deal_collaterals dc ON dc.collateral_id = c.collateral_id
      WHERE r.id = ANY(keys);
  ELSIF way = 'valuation' THEN
    SELECT array_agg(DISTINCT dc.deal_id) INTO ids
      FROM revenue_valuations v JOIN deal_collaterals dc ON dc.collateral_id = v.collateral_id WHERE v.id = ANY(keys);
  ELSE
    RAISE EXCEPTION 'deal_changes_changed: unknown way %', way;
  END IF;
  -- Even a statement that touched no deal (a collateral not linked yet) takes a number, and so
  -- the counter's lock: every graph write takes it at its first statement, before the roll-up
  -- cache triggers (named *_figures, they run after *_change) lock collateral_inputs rows, so
  -- the two kinds of locks are always taken in the same order and cannot deadlock.
  PERFORM deal_changes_mark(coalesce(ids, '{}'), CASE WHEN way = 'deal' AND TG_TABLE_NAME = 'deals' AND TG_OP = 'DELETE' THEN 'Delete' ELSE 'Upsert' END);
  RETURN NULL;
END $$;
--> statement-breakpoint
DO $$
DECLARE
  graph record;
BEGIN
  FOR graph IN SELECT * FROM (VALUES
    ('deals', 'id', 'deal'),
    ('deal_people', 'deal_id', 'deal'),
    ('deal_companies', 'deal_id', 'deal'),
    ('deal_collaterals', 'deal_id', 'deal'),
    ('funds_analyses', 'deal_id', 'deal'),
    ('fund_sources', 'funds_id', 'funds'),
    ('fund_uses', 'funds_id', 'funds'),
    ('people', 'id', 'person'),
    ('companies', 'id', 'company'),
    ('collaterals', 'id', 'collateral'),
    ('components', 'collateral_id', 'collateral'),
    ('revenue_valuations', 'collateral_id', 'collateral'),
    ('alternative_valuations', 'collateral_id', 'collateral'),
    ('market_data', 'component_id', 'component'),
    ('sales_comps', 'component_id', 'component'),
    ('living_units', 'component_id', 'component'),
    ('rent_rolls', 'component_id', 'component'),
    ('rent_roll_items', 'rent_roll_id', 'rent_roll'),
    ('cash_flow_transactions', 'valuation_id', 'valuation')
  ) AS t(name, link, way) LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION deal_changes_changed(%L, %L)', graph.name || '_insert_change', graph.name, graph.link, graph.way);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION deal_changes_changed(%L, %L)', graph.name || '_update_change', graph.name, graph.link, graph.way);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION deal_changes_changed(%L, %L)', graph.name || '_delete_change', graph.name, graph.link, graph.way);
  END LOOP;
END $$;
