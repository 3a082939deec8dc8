-- ledger_post: posts one or more ledger transactions in ONE round trip (docs/decisions/0010).
-- Applied after the migrations on every start; idempotent (CREATE OR REPLACE).
--
-- p_transactions: [{"kind": text, "memo": text, "actor": int|null,
--                   "legs": [{"a": accountId} | {"m": memberId, "k": kind} | {"s": systemKind},
--                            with "n": amount (non-zero integer; + credits, - debits)
--                            and "c": counterparty member id or null]}]
-- p_balances_of: a member id or null (ledger_post(jsonb) passes null).
-- Returns {"t": [transaction ids, in input order],
--          "a": [account id of every leg, transactions' legs in input order],
--          "b": {member account id: balance after},
--          "m": that member's three balances after, {"p": points, "y": plays, "g": team_budget},
--               or null: a send answers with the actor's balances without another round trip}
--
-- Order of work, which is what keeps concurrent posts correct and deadlock-free:
-- 1. member accounts named by member are created when missing (accounts open lazily);
-- 2. every member account touched is locked in ascending id order, so spends of one balance
--    queue and posts cannot lock in a cycle: a call of up to 16 legs (every send) updates them
--    one by one, each in an UPDATE that locks the row and checks the balance in one step
--    (decision 0077); a larger call (a points upload's chunk) locks them all in one
--    SELECT ... FOR NO KEY UPDATE and updates them once each after its inserts. Locks are
--    FOR NO KEY UPDATE, as an UPDATE's own: they must not wait for the FOR KEY SHARE locks the
--    entries' foreign key takes on accounts in other posts (two posts that both wrote entries
--    on the same two system accounts would otherwise each wait for the other: a deadlock);
-- 3. a member balance that would go below zero raises SQLSTATE 'OVL01' with
--    DETAIL 'accountId,balance,needed' (nothing is written; the caller's transaction aborts);
-- 4. transactions and entries are inserted, set-based (one INSERT for all the transactions, one
--    for all their entries, whatever their number: a points upload posts thousands per call),
--    after the member accounts are locked: inserted first, each entry's foreign-key check would
--    take FOR KEY SHARE on a team budget another post has updated and not yet committed, a
--    MultiXact every time (tried: one budget's posts fell from about 1,050 to 205 a second,
--    decision 0092); after its own UPDATE, a post's key check on its own row costs nothing,
--    then system accounts (shared and hot) are locked in id order and updated once each, last,
--    so they are held the shortest.
-- The CHECK (balance >= 0) on member accounts stays the backstop.
--
-- Generic plans (SET plan_cache_mode): PL/pgSQL passes the arrays below to its queries as
-- parameters, and PostgreSQL's plan cache compares a generic plan with custom plans made for the
-- actual values. For the member lock and the balance UPDATE a custom plan sees how few elements a
-- send's arrays hold and always looks cheaper, so both were planned again at every call: 0.24 ms
-- of planning against 0.09 ms of execution, a fifth of PostgreSQL's time per send (decision 0056).
-- The generic plans are index lookups per element, as the custom ones; large calls (a points
-- upload's chunks) were measured too.
CREATE OR REPLACE FUNCTION ledger_post(p_transactions jsonb, p_balances_of int) RETURNS jsonb
LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  v_legs jsonb[];          -- every leg, transactions' legs one after another
  v_ids bigint[];          -- the account id of every leg
  v_kinds text[];          -- its account's kind
  v_owners int[];          -- its account's member (NULL for a system account)
  v_tx_ords bigint[];      -- the transaction (1-based, input order) of every leg
  v_member_ids bigint[];   -- a large call's member accounts, ascending, locked
  v_member_deltas bigint[];
  v_balances bigint[];
  v_system_ids bigint[];
  v_system_deltas bigint[];
  v_tx_ids bigint[];
  v_next bigint;
  v_n int;
  v_result jsonb;
  v_mine jsonb;
  v_bad boolean;
  v_id bigint;
  v_delta bigint;
  v_balance bigint;
  v_system boolean;
  v_one_by_one boolean;   -- a call of up to 16 legs: member accounts updated one at a time (0077)
BEGIN
  IF jsonb_typeof(p_transactions) IS DISTINCT FROM 'array' OR jsonb_array_length(p_transactions) = 0 THEN
    RAISE EXCEPTION 'ledger_post: nothing to post' USING ERRCODE = 'invalid_parameter_value';
  END IF;

  -- 1. Every leg's account (by id, by member and kind, or by system kind), and the shape: each
  --    transaction has two or more non-zero legs summing to zero.
  FOR v_n IN 1..2 LOOP
    SELECT array_agg(x.leg ORDER BY x.tx_ord, x.leg_ord), array_agg(x.id ORDER BY x.tx_ord, x.leg_ord),
           array_agg(x.tx_ord ORDER BY x.tx_ord, x.leg_ord), array_agg(x.kind ORDER BY x.tx_ord, x.leg_ord),
           array_agg(x.member_id ORDER BY x.tx_ord, x.leg_ord),
           bool_or(x.bad) OR count(DISTINCT x.tx_ord) <> jsonb_array_length(p_transactions)
    INTO v_legs, v_ids, v_tx_ords, v_kinds, v_owners, v_bad
    FROM (
      SELECT l.leg, t.ord AS tx_ord, l.ord AS leg_ord, r.id, r.kind, r.member_id,
             coalesce((l.leg->>'n')::bigint, 0) = 0
             OR sum((l.leg->>'n')::bigint) OVER per_tx <> 0
             OR count(*) OVER per_tx < 2 AS bad
      FROM jsonb_array_elements(p_transactions) WITH ORDINALITY t(tx, ord)
      CROSS JOIN LATERAL jsonb_array_elements(t.tx->'legs') WITH ORDINALITY l(leg, ord)
      LEFT JOIN LATERAL (
        -- An id that names no account is kept: the entries' foreign key refuses it (23503).
        SELECT (l.leg->>'a')::bigint AS id, a.kind, a.member_id
        FROM (SELECT 1) one LEFT JOIN ledger_accounts a ON a.id = (l.leg->>'a')::bigint
        WHERE l.leg ? 'a'
        UNION ALL
        SELECT a.id, a.kind, a.member_id FROM ledger_accounts a
        WHERE l.leg ? 'm' AND a.member_id = (l.leg->>'m')::int AND a.kind = l.leg->>'k'
        UNION ALL
        SELECT a.id, a.kind, a.member_id FROM ledger_accounts a
        WHERE l.leg ? 's' AND a.member_id IS NULL AND a.kind = l.leg->>'s'
      ) r ON true
      WINDOW per_tx AS (PARTITION BY t.ord)
    ) x;
    IF v_bad IS NOT FALSE THEN
      RAISE EXCEPTION 'ledger_post: every transaction needs two or more non-zero legs summing to zero'
        USING ERRCODE = 'invalid_parameter_value';
    END IF;
    EXIT WHEN array_position(v_ids, NULL) IS NULL OR v_n = 2;
    -- Accounts open lazily: create the missing ones, then resolve again.
    INSERT INTO ledger_accounts (member_id, kind)
    SELECT DISTINCT (leg->>'m')::int, coalesce(leg->>'k', leg->>'s')
    FROM unnest(v_legs, v_ids) x(leg, id)
    WHERE id IS NULL AND (leg ? 'm' OR leg ? 's')
    ORDER BY 1, 2
    ON CONFLICT DO NOTHING;
  END LOOP;
  IF array_position(v_ids, NULL) IS NOT NULL THEN
    RAISE EXCEPTION 'ledger_post: a leg names no account' USING ERRCODE = 'invalid_parameter_value';
  END IF;

  -- 2. and 3. A call of few legs (every send) locks and updates its member accounts one by one,
  --    in ascending id order, each in one UPDATE that also checks the balance; a larger call (a
  --    points upload) locks them all in one query and updates them after its inserts.
  v_one_by_one := cardinality(v_ids) <= 16;
  IF v_one_by_one THEN
    v_result := '{}';
    FOR v_id, v_delta, v_system IN
      SELECT x.id, sum((x.leg->>'n')::bigint), bool_and(x.leg ? 's')
      FROM unnest(v_ids, v_legs) x(id, leg) GROUP BY x.id ORDER BY x.id
    LOOP
      IF NOT v_system THEN
        UPDATE ledger_accounts SET balance = balance + v_delta
        WHERE id = v_id AND member_id IS NOT NULL AND balance + v_delta >= 0
        RETURNING balance INTO v_balance;
        IF NOT FOUND THEN
          -- Not a member account (named by id), or not enough in it: look under the lock.
          SELECT member_id IS NULL INTO v_system FROM ledger_accounts WHERE id = v_id;
          -- An id that names no account goes with the system accounts, whose update refuses it.
          v_system := coalesce(v_system, true);
          IF NOT v_system THEN
            SELECT balance INTO v_balance FROM ledger_accounts WHERE id = v_id FOR NO KEY UPDATE;
            IF v_balance + v_delta < 0 THEN
              RAISE EXCEPTION 'ledger_post: account % has %, needs %', v_id, v_balance, -v_delta
                USING ERRCODE = 'OVL01', DETAIL = v_id || ',' || v_balance || ',' || -v_delta;
            END IF;
            UPDATE ledger_accounts SET balance = balance + v_delta WHERE id = v_id RETURNING balance INTO v_balance;
          END IF;
        END IF;
      END IF;
      IF v_system THEN
        v_system_ids := v_system_ids || v_id;
        v_system_deltas := v_system_deltas || v_delta;
      ELSIF v_delta <> 0 THEN
        v_result := v_result || jsonb_build_object(v_id::text, v_balance);
      END IF;
    END LOOP;
  ELSE
    SELECT array_agg(d.id ORDER BY d.id) FILTER (WHERE a.id IS NOT NULL),
           array_agg(d.delta ORDER BY d.id) FILTER (WHERE a.id IS NOT NULL),
           array_agg(a.balance ORDER BY d.id) FILTER (WHERE a.id IS NOT NULL),
           array_agg(d.id ORDER BY d.id) FILTER (WHERE a.id IS NULL),
           array_agg(d.delta ORDER BY d.id) FILTER (WHERE a.id IS NULL)
    INTO v_member_ids, v_member_deltas, v_balances, v_system_ids, v_system_deltas
    FROM (SELECT x.id, sum((x.leg->>'n')::bigint) AS delta FROM unnest(v_ids, v_legs) x(id, leg) GROUP BY x.id) d
    LEFT JOIN (SELECT id, balance FROM ledger_accounts
               WHERE id = ANY(v_ids) AND member_id IS NOT NULL ORDER BY id FOR NO KEY UPDATE) a ON a.id = d.id;

    -- 3. No member balance below zero.
    FOR v_n IN 1..coalesce(cardinality(v_member_ids), 0) LOOP
      IF v_balances[v_n] + v_member_deltas[v_n] < 0 THEN
        RAISE EXCEPTION 'ledger_post: account % has %, needs %', v_member_ids[v_n], v_balances[v_n], -v_member_deltas[v_n]
          USING ERRCODE = 'OVL01', DETAIL = v_member_ids[v_n] || ',' || v_balances[v_n] || ',' || -v_member_deltas[v_n];
      END IF;
    END LOOP;
  END IF;

  -- 4. Write: the transactions' ids are drawn from their sequence first (ascending, in input
  --    order), so all the transactions and then all their entries go in one INSERT each.
  --    One transaction (every send) takes its id in a simple expression, which PL/pgSQL evaluates
  --    without a query to plan (the query below was planned again at every call: its row count
  --    depends on the argument).
  --    An id reserved by ledger_next_id() earlier in this transaction is the first one (a send's
  --    rows that name its posting went in ahead of it, decision 0092); the reservation is used up.
  v_next := nullif(current_setting('ovation.ledger_next', true), '')::bigint;
  IF v_next IS NOT NULL THEN
    PERFORM set_config('ovation.ledger_next', '', true);
  END IF;
  IF jsonb_array_length(p_transactions) = 1 THEN
    v_tx_ids := ARRAY[coalesce(v_next, nextval('ledger_transactions_id_seq'::regclass))];
  ELSE
    v_tx_ids := ARRAY(SELECT CASE WHEN g = 1 AND v_next IS NOT NULL THEN v_next
                                  ELSE nextval('ledger_transactions_id_seq'::regclass) END
                      FROM generate_series(1, jsonb_array_length(p_transactions)) g);
  END IF;
  INSERT INTO ledger_transactions (id, kind, memo, actor_member_id)
  SELECT v_tx_ids[t.ord::int], t.tx->>'kind', coalesce(t.tx->>'memo', ''), (t.tx->>'actor')::int
  FROM jsonb_array_elements(p_transactions) WITH ORDINALITY t(tx, ord);
  -- The entries' statement trigger leaves the dashboard's roll-up to this call (the setting says
  -- so), which has each leg's account and transaction kind in hand: its roll-up below is an
  -- INSERT of what it holds, where the trigger joined its transition table to the accounts and
  -- the transactions (a fifth of this function's time in a send). Entries written any other way
  -- (the demo seed, benches) are still rolled up by the trigger.
  PERFORM set_config('ovation.ledger_rollup', 'posted', true);
  INSERT INTO ledger_entries (transaction_id, account_id, amount, counterparty_member_id)
  SELECT v_tx_ids[x.tx_ord::int], x.id, (x.leg->>'n')::bigint, (x.leg->>'c')::int
  FROM unnest(v_tx_ords, v_ids, v_legs) x(tx_ord, id, leg);
  PERFORM set_config('ovation.ledger_rollup', '', true);
  -- The dashboard's figures (decisions 0030, 0051, 0084), queued as the trigger queued them: per
  -- UTC day (the entries' created_at is now()), figure and shard, in that order.
  INSERT INTO report_point_pending (day, figure, shard, amount)
  SELECT (now() AT TIME ZONE 'UTC')::date, x.figure, x.shard, sum(report_point_signed(x.figure, x.n))
  FROM (
    SELECT report_point_figure(u.kind, u.owner, p_transactions->(u.tx_ord::int - 1)->>'kind', (u.leg->>'n')::bigint)
             AS figure,
           u.id % 8 AS shard, (u.leg->>'n')::bigint AS n
    FROM unnest(v_tx_ords, v_ids, v_kinds, v_owners, v_legs) u(tx_ord, id, kind, owner, leg)
  ) x
  WHERE x.figure IS NOT NULL
  GROUP BY x.figure, x.shard
  ORDER BY x.figure, x.shard;
  IF NOT v_one_by_one THEN
    WITH u AS (
      UPDATE ledger_accounts a SET balance = a.balance + d.delta
      FROM unnest(v_member_ids, v_member_deltas) d(id, delta)
      WHERE a.id = d.id AND d.delta <> 0
      RETURNING a.id, a.balance
    )
    SELECT coalesce(jsonb_object_agg(u.id, u.balance), '{}') INTO v_result FROM u;
  END IF;
  IF cardinality(v_system_ids) > 0 THEN
    IF cardinality(v_system_ids) > 1 THEN
      PERFORM 1 FROM ledger_accounts WHERE id = ANY(v_system_ids) ORDER BY id FOR NO KEY UPDATE;
    END IF;
    UPDATE ledger_accounts a SET balance = a.balance + d.delta
    FROM unnest(v_system_ids, v_system_deltas) d(id, delta)
    WHERE a.id = d.id AND a.member_id IS NULL AND d.delta <> 0;
    GET DIAGNOSTICS v_n = ROW_COUNT;
    IF v_n <> (SELECT count(*) FROM unnest(v_system_deltas) x WHERE x <> 0) THEN
      RAISE EXCEPTION 'ledger_post: unknown account in %', v_system_ids USING ERRCODE = 'invalid_parameter_value';
    END IF;
  END IF;

  IF p_balances_of IS NOT NULL THEN
    v_mine := ledger_member_balances(p_balances_of);
  END IF;

  -- The ids stay readable for the rest of the transaction (ledger_posted_ids()): a statement the
  -- send runner sends after this one, without waiting for its answer, can name them (0049); so
  -- do the balances (ledger_posted_balances()), for the answer the runner stores with COMMIT.
  PERFORM set_config('ovation.ledger_posted', array_to_string(v_tx_ids, ','), true),
          set_config('ovation.ledger_balances', coalesce(v_mine::text, ''), true);
  RETURN jsonb_build_object('t', to_jsonb(v_tx_ids), 'a', to_jsonb(v_ids), 'b', v_result, 'm', v_mine);
END;
$$;
--> statement-breakpoint
-- Reserves the id the next ledger_post call of this transaction gives its first transaction, so a
-- row naming that posting can be written before it (decision 0092).
CREATE OR REPLACE FUNCTION ledger_next_id() RETURNS bigint
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_id bigint := nextval('ledger_transactions_id_seq'::regclass);
BEGIN
  PERFORM set_config('ovation.ledger_next', v_id::text, true);
  RETURN v_id;
END;
$$;
--> statement-breakpoint
-- The transaction ids of this transaction's latest ledger_post call, in input order (empty when
-- it made none): e.g. a kudos item names the posting that moved its points (decision 0049).
CREATE OR REPLACE FUNCTION ledger_posted_ids() RETURNS bigint[]
LANGUAGE sql VOLATILE AS $$
  SELECT coalesce(string_to_array(nullif(current_setting('ovation.ledger_posted', true), ''), ',')::bigint[], '{}')
$$;
--> statement-breakpoint
-- The "m" of this transaction's latest ledger_post call ({"p", "y", "g"}), or NULL when it asked
-- for none or made no call (decision 0052).
CREATE OR REPLACE FUNCTION ledger_posted_balances() RETURNS jsonb
LANGUAGE sql VOLATILE AS $$
  SELECT nullif(current_setting('ovation.ledger_balances', true), '')::jsonb
$$;
--> statement-breakpoint
-- A member's three balances, {"p": points, "y": plays, "g": team_budget} (0 for an account not
-- opened yet): ledger_post's "m", and what a send's stored answer reads when it posted nothing.
CREATE OR REPLACE FUNCTION ledger_member_balances(p_member int) RETURNS jsonb
LANGUAGE plpgsql STABLE AS $$
BEGIN
  -- PL/pgSQL, not SQL: its query is planned once per connection, not at every call.
  RETURN (SELECT jsonb_build_object('p', coalesce(sum(balance) FILTER (WHERE kind = 'points'), 0),
                                    'y', coalesce(sum(balance) FILTER (WHERE kind = 'plays'), 0),
                                    'g', coalesce(sum(balance) FILTER (WHERE kind = 'team_budget'), 0))
          FROM ledger_accounts WHERE member_id = p_member);
END;
$$;
--> statement-breakpoint
-- The original one-argument form (decision 0010), kept for callers that need no balances.
CREATE OR REPLACE FUNCTION ledger_post(p_transactions jsonb) RETURNS jsonb
LANGUAGE sql AS $$ SELECT ledger_post(p_transactions, NULL::int) $$;
