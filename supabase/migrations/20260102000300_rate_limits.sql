-- Rate-limit counters shared by every server process on one PostgreSQL database, so N replicas
-- allow the budget once, not N times. The layout is rate-limiter-flexible's RateLimiterPostgres
-- table (key, points, expire in epoch ms); the server never lets the library create it. In schema
-- nativ, so /rest/v1 never sees it; no role but the server's owner may touch it. On embedded
-- PGlite the counters live in process memory and this table stays empty.
create table nativ.rate_limits (
  key text primary key,
  points integer not null default 0,
  expire bigint
);

revoke all on nativ.rate_limits from public, anon, authenticated, service_role;
