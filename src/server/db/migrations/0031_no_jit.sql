-- PostgreSQL compiles a query with LLVM (JIT) once its estimated cost passes jit_above_cost
-- (100,000). The club's questions are short, and a few of them are estimated that dear though
-- they run in a millisecond: the Wanted page's 'N new' counts cost 62 ms of the database's CPU
-- a request with the compiling, 4 ms without (docs/performance.md, 'Club evening'). Off for
-- the club's database, so it holds for every connection, through a pooler too. A role that
-- may not alter its database leaves it as it is, with a notice: an operator can set it
-- (docs/operations.md).
DO $$
BEGIN
  EXECUTE format('ALTER DATABASE %I SET jit = off', current_database());
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'jit left as it is: this role may not alter database %', current_database();
END
$$;
