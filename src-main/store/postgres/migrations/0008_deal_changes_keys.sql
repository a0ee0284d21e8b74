-- The change feed's statement trigger (0004_deal_change_feed) read each changed row's link
-- column as `to_jsonb(row) ->> link`: every column of every old and new row turned into jsonb
-- to read one. A 10,000-deal bulk update (20,000 transition rows of about 80 columns) spent most
-- of its statement there. Now the column is read by name, through dynamic SQL (the transition
-- tables are visible to it): the same text values, the same ids marked, the rest unchanged.
CREATE OR REPLACE FUNCTION deal_changes_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  link text := TG_ARGV[0];
  way text := TG_ARGV[1];
  keys text[];
  ids text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    EXECUTE format('SELECT array_agg(DISTINCT %I::text) FROM new_rows', link) INTO keys;
  ELSIF TG_OP = 'DELETE' THEN
    EXECUTE format('SELECT array_agg(DISTINCT %I::text) FROM old_rows', link) INTO keys;
  ELSE
    EXECUTE format('SELECT array_agg(DISTINCT k) FROM (SELECT %1$I::text FROM old_rows UNION ALL SELECT %1$I::text FROM new_rows) AS s(k)', link) INTO keys;
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
  -- As before: even a statement that touched no deal takes a number, and so the counter's lock
  -- (0004_deal_change_feed: the lock order that keeps graph writes from deadlocking).
  PERFORM deal_changes_mark(coalesce(ids, '{}'), CASE WHEN way = 'deal' AND TG_TABLE_NAME = 'deals' AND TG_OP = 'DELETE' THEN 'Delete' ELSE 'Upsert' END);
  RETURN NULL;
END $$;
