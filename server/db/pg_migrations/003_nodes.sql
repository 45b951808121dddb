-- Several nodes on one database (issue 16 item 2, decision 172 "Several nodes").
-- PostgreSQL only: SQLite has one process, which sees its own writes.

-- Every write to a table a node caches tells every node: `pg_notify('rotor_changes',
-- '<table>:<key>')`, sent when the transaction commits (and once per distinct payload in it).
-- The nodes' listeners drop their caches (server/db/pg/changes.ts); no application code
-- has to remember to notify, so the CLI and a hand-written UPDATE reach the nodes too.
CREATE FUNCTION rotor_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  IF TG_OP = 'DELETE' THEN r := OLD; ELSE r := NEW; END IF;
  PERFORM pg_notify('rotor_changes', TG_TABLE_NAME || ':' || coalesce(to_jsonb(r) ->> TG_ARGV[0], ''));
  RETURN NULL;
END $$;

CREATE TRIGGER campaigns_notify AFTER INSERT OR UPDATE OR DELETE ON campaigns
  FOR EACH ROW EXECUTE FUNCTION rotor_notify_change('id');
CREATE TRIGGER offers_notify AFTER INSERT OR UPDATE OR DELETE ON offers
  FOR EACH ROW EXECUTE FUNCTION rotor_notify_change('id');
CREATE TRIGGER landings_notify AFTER INSERT OR UPDATE OR DELETE ON landings
  FOR EACH ROW EXECUTE FUNCTION rotor_notify_change('id');
CREATE TRIGGER affiliate_networks_notify AFTER INSERT OR UPDATE OR DELETE ON affiliate_networks
  FOR EACH ROW EXECUTE FUNCTION rotor_notify_change('id');
CREATE TRIGGER traffic_sources_notify AFTER INSERT OR UPDATE OR DELETE ON traffic_sources
  FOR EACH ROW EXECUTE FUNCTION rotor_notify_change('id');
CREATE TRIGGER rotations_notify AFTER INSERT OR UPDATE OR DELETE ON rotations
  FOR EACH ROW EXECUTE FUNCTION rotor_notify_change('id');
CREATE TRIGGER domains_notify AFTER INSERT OR UPDATE OR DELETE ON domains
  FOR EACH ROW EXECUTE FUNCTION rotor_notify_change('id');
CREATE TRIGGER settings_notify AFTER INSERT OR UPDATE OR DELETE ON settings
  FOR EACH ROW EXECUTE FUNCTION rotor_notify_change('key');
-- The cache reads users for the owner (the first super-admin's report zone); sign-ins and
-- password changes write other columns and tell nobody.
CREATE TRIGGER users_notify AFTER INSERT OR DELETE OR UPDATE OF role, archived ON users
  FOR EACH ROW EXECUTE FUNCTION rotor_notify_change('id');

-- Failed password checks per limiter and client, shared by the nodes (server/auth/rate_limit.ts).
CREATE TABLE auth_failures (
  limiter text COLLATE "C" NOT NULL,
  key text COLLATE "C" NOT NULL,
  ts bigint NOT NULL
);
CREATE INDEX auth_failures_key ON auth_failures (limiter, key, ts);

-- The key sealing the `?auth=` secrets (server/auth/seal.ts; on SQLite `secret.key` beside the
-- file). One row, made by the first node that needs it.
CREATE TABLE auth_seal_key (
  id integer PRIMARY KEY CHECK (id = 1),
  key text COLLATE "C" NOT NULL
);

-- When each periodic background job last started on any node (server/db/jobs.ts), so a job
-- runs once a period however many nodes tick.
CREATE TABLE job_runs (
  name text COLLATE "C" PRIMARY KEY,
  started_at bigint NOT NULL
);
