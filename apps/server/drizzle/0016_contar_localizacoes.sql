-- The dashboard's count of positions in a period, capped (it shows '+10000' past the limit), always with
-- the generic plan: partitions pruned when it runs, planned once per connection. Left to choose, the
-- named statement went back to a custom plan per call once the history grew (planning the partitions
-- and probing the newest data_hora each time: +0.3-0.5 ms per call with 30 M positions, none with 10 M).
-- bench/api's scale phase measures it (docs/adr/0016-particoes-e-retencao.md).
CREATE FUNCTION rastro_contar_localizacoes(de timestamptz, ate timestamptz, limite integer) RETURNS integer
LANGUAGE plpgsql STABLE
SET plan_cache_mode = force_generic_plan
AS $$
DECLARE
  n integer;
BEGIN
  SELECT count(*)::integer INTO n FROM (SELECT 1 FROM localizacoes WHERE data_hora >= de AND data_hora < ate LIMIT limite) l;
  RETURN n;
END
$$;
