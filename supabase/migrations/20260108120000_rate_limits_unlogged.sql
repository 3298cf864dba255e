-- Rate-limit counters without write-ahead log. Every charged /api/v1 request waits for its budgets'
-- counts (beside the read of its settings); each count is an upsert, and on a logged table its
-- commit waits for the WAL to reach the disk: 4.4 ms median against 0.12 ms unlogged (PostgreSQL
-- 15 here, 300 upserts, load average 15). A counter lives for a 10-second or one-minute window,
-- so it needs no durability: after a crash PostgreSQL empties an unlogged table, which only
-- starts every window afresh (a clean restart keeps them). Standbys do not see the table; the
-- servers count on the primary they write to. On PGlite the counters live in process memory.
alter table nativ.rate_limits set unlogged;
