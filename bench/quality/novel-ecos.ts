/**
 * Failures of the novel family (novel.ts), as each ecosystem's tools print them: compilers,
 * build systems, database clients, cluster tools, training launchers. The identifying line (the
 * needle) is never the last one: stack frames, summaries and exit lines follow it, as they do
 * in real output.
 */
import type { Rng } from './rng';
import { cap, digitString, hex, type Mint } from './novel-words';

/** One scripted failure: the output, its exit status, the needle that identifies it, and the needle's unique token. */
export interface Failure {
  eco: string;
  needle: string;
  /** The part of the needle no other message holds (an invented word or a minted token). */
  key: string;
  out: string;
  exit: number;
}

type FailFn = (rng: Rng, word: string, mint: Mint) => Failure;

const pyFrames = (rng: Rng, files: readonly string[]): string =>
  rng
    .sample(files, rng.int(2, files.length))
    .map(
      (f, i) =>
        `  File "${f}", line ${rng.int(20, 900)}, in ${['_run', 'invoke', '__call__', 'execute', 'forward', 'step', 'wrapper'][i % 7]}\n    ${['return fn(*args, **kwargs)', 'result = self._impl(x)', 'out = self.module(batch)', 'self._execute(ctx)', 'return self.func(**kw)'][i % 5]}`,
    )
    .join('\n');

const F: Record<string, FailFn> = {
  elixir: (rng, w) => {
    const mod = rng.pick(['Cart', 'Checkout', 'Inventory', 'Billing']);
    const needle = `undefined function ${w}_total/1`;
    const out = `Compiling ${rng.int(3, 40)} files (.ex)
    warning: variable "opts" is unused (if the variable is not meant to be used, prefix it with an underscore)
    │
 27 │   def mount(_params, session, socket, opts) do
    │                                       ~~~~
    │
    └─ lib/shop_web/live/${mod.toLowerCase()}_live.ex:27:39: ShopWeb.${mod}Live.mount/4

    error: ${needle} (expected ShopWeb.${mod}Live to define such a function or for it to be imported, but none are available)
    │
 ${rng.int(40, 99)} │     total = ${w}_total(items)
    │             ^
    │
    └─ lib/shop_web/live/${mod.toLowerCase()}_live.ex:41:13: ShopWeb.${mod}Live.handle_event/3


== Compilation error in file lib/shop_web/live/${mod.toLowerCase()}_live.ex ==
** (CompileError) lib/shop_web/live/${mod.toLowerCase()}_live.ex: cannot compile module ShopWeb.${mod}Live (errors have been logged)
    (elixir 1.17.2) lib/kernel/parallel_compiler.ex:429: Kernel.ParallelCompiler.require_file/2
    (elixir 1.17.2) lib/kernel/parallel_compiler.ex:322: anonymous fn/5 in Kernel.ParallelCompiler.spawn_workers/8`;
    return { eco: 'elixir', needle, key: w, out, exit: 1 };
  },
  exunit: (rng, w) => {
    const needle = `(MatchError) no match of right hand side value: {:error, :${w}_expired}`;
    const n = rng.int(60, 300);
    const out = `Running ExUnit with seed: ${rng.int(10000, 999999)}, max_cases: 16

${'.'.repeat(rng.int(20, 60))}

  1) test apply/2 rejects stale vouchers (Shop.CheckoutTest)
     test/shop/checkout_test.exs:${rng.int(40, 90)}
     ** ${needle}
     code: {:ok, order} = Checkout.apply(cart, code)
     stacktrace:
       test/shop/checkout_test.exs:${rng.int(91, 99)}: (test)

${'.'.repeat(rng.int(10, 40))}
Finished in ${rng.int(1, 9)}.${rng.int(0, 9)} seconds (${rng.int(0, 2)}.${rng.int(0, 9)}s async, ${rng.int(1, 5)}.${rng.int(0, 9)}s sync)
${n} tests, 1 failure

Randomized with seed ${rng.int(10000, 999999)}`;
    return { eco: 'exunit', needle, key: w, out, exit: 2 };
  },
  deno: (rng, w) => {
    const needle = `TS2339 [ERROR]: Property '${w}' does not exist on type`;
    const line = rng.int(30, 200);
    const out = `Task check deno check assets/js/app.ts
Check file:///workspace/assets/js/app.ts
error: ${needle} 'CartState'.
  state.${w} += line.qty;
        ${'~'.repeat(w.length)}
    at file:///workspace/assets/js/cart.ts:${line}:9

TS2345 [ERROR]: Argument of type 'string | undefined' is not assignable to parameter of type 'string'.
  Type 'undefined' is not assignable to type 'string'.
  render(el.dataset.sku);
         ~~~~~~~~~~~~~~
    at file:///workspace/assets/js/cart.ts:${line + rng.int(5, 40)}:10

Found 2 errors.`;
    return { eco: 'deno', needle, key: w, out, exit: 1 };
  },
  swiftpm: (rng, w) => {
    const needle = `error: cannot find '${w}Token' in scope`;
    const file = `/Users/dev/src/ledger-ios/Sources/Ledger/Sync/${rng.pick(['Account', 'Session', 'Vault'])}Sync.swift`;
    const out = `Building for debugging...
[1/${rng.int(14, 60)}] Write sources
[3/14] Write swift-version--58304C5D6DBC2206.txt
[9/14] Compiling Ledger AccountStore.swift
${file}:${rng.int(20, 140)}:17: ${needle}
        let t = ${w}Token(for: account)
                ^~~~~~~~~~~
${file}:${rng.int(141, 200)}:13: warning: initialization of immutable value 'started' was never used; consider replacing with assignment to '_' or removing it
        let started = Date()
        ~~~~^~~~~~~
error: emit-module command failed with exit code 1 (use -v to see invocation)
[12/14] Emitting module Ledger
error: fatal error encountered while building target 'Ledger'`;
    return { eco: 'swiftpm', needle, key: w, out, exit: 1 };
  },
  dart: (rng, w) => {
    const needle = `The getter '${w}Count' isn't defined for the`;
    const at = `lib/src/cart/cart_page.dart:${rng.int(20, 180)}:23`;
    const out = rng.chance(0.5)
      ? `Analyzing app...

  error • ${needle} type 'CartModel' • ${at} • undefined_getter
   info • Use 'const' with the constructor to improve performance • lib/src/widgets/badge.dart:12:12 • prefer_const_constructors
warning • Unused import: 'package:collection/collection.dart' • lib/src/util/format.dart:3:8 • unused_import

3 issues found. (ran in ${rng.int(2, 9)}.${rng.int(0, 9)}s)`
      : `Launching lib/main.dart on sdk gphone64 arm64 in debug mode...
${at}: Error: ${needle} class 'CartModel'.
 - 'CartModel' is from 'package:shop/src/cart/cart_model.dart' ('lib/src/cart/cart_model.dart').
Try correcting the name to the name of an existing getter, or defining a getter or field named '${w}Count'.
    final n = cart.${w}Count;
                   ^^^^^^^^^^^
Target kernel_snapshot_program failed: Exception


FAILURE: Build failed with an exception.

* What went wrong:
Execution failed for task ':app:compileFlutterBuildDebug'.
> Process 'command '/opt/flutter/bin/flutter'' finished with non-zero exit value 1

BUILD FAILED in ${rng.int(8, 60)}s
Error: Gradle task assembleDebug failed with exit code 1`;
    return { eco: 'dart', needle, key: w, out, exit: 1 };
  },
  pydantic: (rng, w) => {
    const needle = `1 validation error for ${cap(w)}ClauseOutput`;
    const out = `I encountered an error while trying to use the tool. This was the error: Traceback (most recent call last):
${pyFrames(rng, ['/app/.venv/lib/python3.11/site-packages/crewai/tools/base_tool.py', '/app/.venv/lib/python3.11/site-packages/crewai/agents/crew_agent_executor.py', '/app/crew/tools/clause_extractor.py'])}
pydantic_core._pydantic_core.ValidationError: ${needle}
cap_amount
  Input should be a valid number, unable to parse string as a number [type=float_parsing, input_value='EUR ${rng.int(1, 9)}.${rng.int(1, 9)}m', input_type=str]
    For further information visit https://errors.pydantic.dev/2.8/v/float_parsing
.
 Tool Extract clauses accepts these inputs: Tool Name: Extract clauses
Tool Arguments: {'document': {'description': 'Path of the PDF', 'type': 'str'}, 'section': {'description': 'Clause number, e.g. 14.2', 'type': 'str'}}
Tool Description: Returns the text of one numbered clause as structured output.`;
    return { eco: 'pydantic', needle, key: w, out, exit: 1 };
  },
  pyfile: (rng, w) => {
    const path = `contracts/inbound/${w}_msa_v${rng.int(2, 6)}.pdf`;
    const needle = `FileNotFoundError: [Errno 2] No such file or directory: '${path}'`;
    const out = `I encountered an error while trying to use the tool. This was the error: Traceback (most recent call last):
${pyFrames(rng, ['/app/.venv/lib/python3.11/site-packages/crewai_tools/tools/pdf_search_tool/pdf_search_tool.py', '/app/.venv/lib/python3.11/site-packages/embedchain/loaders/pdf_file.py', '/app/.venv/lib/python3.11/site-packages/pypdf/_reader.py'])}
${needle}
.
 Tool Search a PDF's content accepts these inputs: Tool Name: Search a PDF's content
Tool Arguments: {'query': {'description': "Mandatory query you want to use to search the PDF's content", 'type': 'str'}, 'pdf': {'description': 'Mandatory pdf path', 'type': 'str'}}
Tool Description: A tool that can be used to semantic search a query from a PDF's content.

Moving on then. I MUST either use a tool (use one at time) OR give my best final answer not both at the same time.`;
    return { eco: 'pyfile', needle, key: w, out, exit: 1 };
  },
  pandas: (rng, w) => {
    const col = `${w}_rate`;
    const needle = `KeyError: '${col}'`;
    const cell = rng.int(5, 60);
    const tb = (inner: string) => `---------------------------------------------------------------------------
KeyError                                  Traceback (most recent call last)
${inner}`;
    const out = `${tb(`File ~/miniconda3/envs/ds/lib/python3.11/site-packages/pandas/core/indexes/base.py:3805, in Index.get_loc(self, key)
   3804 try:
-> 3805     return self._engine.get_loc(casted_key)
   3806 except KeyError as err:

File index.pyx:167, in pandas._libs.index.IndexEngine.get_loc()

File pandas/_libs/hashtable_class_helper.pxi:7089, in pandas._libs.hashtable.PyObjectHashTable.get_item()

${needle}`)}

The above exception was the direct cause of the following exception:

${tb(`Cell In[${cell}], line 3
      1 monthly = orders.groupby(orders["created_at"].dt.to_period("M"))
      2 summary = monthly.agg(revenue=("amount", "sum"), n=("order_id", "count"))
----> 3 summary["churn"] = summary["${col}"].rolling(3).mean()

File ~/miniconda3/envs/ds/lib/python3.11/site-packages/pandas/core/frame.py:4102, in DataFrame.__getitem__(self, key)
   4100 if self.columns.nlevels > 1:
   4101     return self._getitem_multilevel(key)
-> 4102 indexer = self.columns.get_loc(key)

${needle}`)}`;
    return { eco: 'pandas', needle, key: w, out, exit: 1 };
  },
  duckdb: (rng, w) => {
    const col = `${w}_margin`;
    const needle = `Referenced column "${col}" not found in FROM clause`;
    const out = `---------------------------------------------------------------------------
BinderException                           Traceback (most recent call last)
Cell In[${rng.int(5, 60)}], line 1
----> 1 con.sql("""SELECT region, avg(${col}) AS m FROM orders GROUP BY 1""").df()

BinderException: Binder Error: ${needle}!
Candidate bindings: "orders.gross_margin", "orders.margin_pct", "orders.region"
LINE 1: SELECT region, avg(${col}) AS m FROM orders GROUP BY 1
                           ^`;
    return { eco: 'duckdb', needle, key: w, out, exit: 1 };
  },
  postgres: (rng, w) => {
    const rel = rng.pick(['ledger_entries', 'invoices', 'payouts', 'accounts']);
    const needle = `ERROR:  42703: column "${w}_id" of relation "${rel}" does not exist`;
    const file = `db/migrate/2024061${rng.int(0, 9)}_split_${rel}.sql`;
    const out = `SET
BEGIN
ALTER TABLE
CREATE INDEX
psql:${file}:${rng.int(10, 60)}: ${needle}
LOCATION:  ATExecDropColumn, tablecmds.c:${rng.int(8000, 9000)}
psql:${file}:${rng.int(61, 80)}: ERROR:  25P02: current transaction is aborted, commands ignored until end of transaction block
LOCATION:  exec_simple_query, postgres.c:1107
ROLLBACK`;
    return { eco: 'postgres', needle, key: w, out, exit: 3 };
  },
  mysql: (rng, w) => {
    const needle = `ERROR 1146 (42S02) at line ${rng.int(5, 90)}: Table 'shop.${w}_audit' doesn't exist`;
    const out = `mysql: [Warning] Using a password on the command line interface can be insecure.
--------------
INSERT INTO order_events (order_id, kind, at) SELECT id, 'migrated', NOW() FROM orders WHERE created_at < '2023-01-01'
--------------

Query OK, ${rng.int(1000, 90000)} rows affected (${rng.int(1, 9)}.${digitString(rng, 2)} sec)
Records: ${rng.int(1000, 90000)}  Duplicates: 0  Warnings: 0

${needle}
Bye
Command exited with non-zero status 1
	real	0m${rng.int(2, 59)}.${digitString(rng, 3)}s`;
    return { eco: 'mysql', needle, key: w, out, exit: 1 };
  },
  flyway: (rng, w) => {
    const v = `${rng.int(5, 12)}_${rng.int(1, 9)}`;
    const needle = `Migration V${v}__${w}_backfill.sql failed`;
    const out = `Flyway OSS Edition 10.15.0 by Redgate

Database: jdbc:postgresql://db:5432/billing (PostgreSQL 15.6)
Successfully validated ${rng.int(30, 90)} migrations (execution time 00:00.0${rng.int(10, 99)}s)
Current version of schema "public": ${v.replace('_', '.')}
Migrating schema "public" to version "${v.replace('_', '.')} - ${w} backfill"
ERROR: Migration of schema "public" to version "${v.replace('_', '.')} - ${w} backfill" failed! Changes successfully rolled back.
ERROR: ${needle}
-------------------------------------------
SQL State  : 23502
Error Code : 0
Message    : ERROR: null value in column "currency" of relation "invoices" violates not-null constraint
  Detail: Failing row contains (${rng.int(1000, 99999)}, null, 1999, 2024-06-02 10:11:12+00).
Location   : db/migration/V${v}__${w}_backfill.sql (/flyway/sql/db/migration/V${v}__${w}_backfill.sql)
Line       : ${rng.int(5, 40)}
Statement  : UPDATE invoices SET currency = legacy.currency FROM legacy_invoices legacy WHERE legacy.id = invoices.id

Caused by: org.postgresql.util.PSQLException: ERROR: null value in column "currency" of relation "invoices" violates not-null constraint
	at org.postgresql.core.v3.QueryExecutorImpl.receiveErrorResponse(QueryExecutorImpl.java:2725)
	at org.postgresql.core.v3.QueryExecutorImpl.processResults(QueryExecutorImpl.java:2412)
	at org.flywaydb.core.internal.jdbc.JdbcTemplate.executeStatement(JdbcTemplate.java:210)`;
    return { eco: 'flyway', needle, key: w, out, exit: 1 };
  },
  alembic: (rng, w) => {
    const needle = `(psycopg2.errors.UndefinedTable) relation "${w}_events" does not exist`;
    const a = hex(rng, 12);
    const b = hex(rng, 12);
    const out = `INFO  [alembic.runtime.migration] Context impl PostgresqlImpl.
INFO  [alembic.runtime.migration] Will assume transactional DDL.
INFO  [alembic.runtime.migration] Running upgrade ${a} -> ${b}, add event indexes
Traceback (most recent call last):
  File "/srv/app/.venv/lib/python3.12/site-packages/sqlalchemy/engine/base.py", line 1967, in _exec_single_context
    self.dialect.do_execute(
  File "/srv/app/.venv/lib/python3.12/site-packages/sqlalchemy/engine/default.py", line 941, in do_execute
    cursor.execute(statement, parameters)
psycopg2.errors.UndefinedTable: relation "${w}_events" does not exist


The above exception was the direct cause of the following exception:

Traceback (most recent call last):
  File "/srv/app/.venv/bin/alembic", line 8, in <module>
    sys.exit(main())
  File "/srv/app/migrations/versions/${b}_add_event_indexes.py", line ${rng.int(14, 40)}, in upgrade
    op.create_index("ix_events_created_at", "${w}_events", ["created_at"])
sqlalchemy.exc.ProgrammingError: ${needle}

[SQL: CREATE INDEX ix_events_created_at ON ${w}_events (created_at)]
(Background on this error at: https://sqlalche.me/e/20/f405)`;
    return { eco: 'alembic', needle, key: w, out, exit: 1 };
  },
  liquibase: (rng, w) => {
    const needle = `06-${w}.xml::add-index::maria was: 9:`;
    const out = `Starting Liquibase at 10:42:07 (version 4.27.0 #1525 built at 2024-03-25 17:08+0000)
Liquibase Version: 4.27.0
Liquibase Open Source 4.27.0 by Liquibase

ERROR: Exception Primary Class:  ValidationFailedException
ERROR: Exception Primary Reason:  Validation Failed:
     1 changesets check sum
          db/changelog/2024/${needle}${hex(rng, 32)} but is now: 9:${hex(rng, 32)}

ERROR: Exception Primary Source:  PostgreSQL 15.6

Unexpected error running Liquibase: Validation Failed:
     1 changesets check sum

For more information, please use the --log-level flag`;
    return { eco: 'liquibase', needle, key: w, out, exit: 1 };
  },
  perl: (rng, w) => {
    const needle = `duplicate key value violates unique constraint "${w}_pkey"`;
    const line = rng.int(150, 400);
    const fh = rng.int(100, 90000);
    const out = `loading batch 1 of ${rng.int(4, 40)} (${rng.int(1000, 5000)} rows)... ok
loading batch 2 ... 
DBD::Pg::st execute failed: ERROR:  ${needle}
DETAIL:  Key (entry_id)=(${rng.int(10000, 999999)}) already exists. at scripts/load_ledger.pl line ${line}, <$fh> line ${fh}.
	main::load_batch(ARRAY(0x55d1c2a8${hex(rng, 4)})) called at scripts/load_ledger.pl line ${rng.int(60, 140)}
	main::run() called at scripts/load_ledger.pl line 31
Issuing rollback() due to DESTROY without explicit disconnect() of DBD::Pg::db handle dbname=billing;host=db at scripts/load_ledger.pl line ${line}, <$fh> line ${fh}.`;
    return { eco: 'perl', needle, key: w, out, exit: 255 };
  },
  gcc: (rng, w) => {
    const needle = `implicit declaration of function '${w}_dma_start'`;
    const env = rng.pick(['nucleo_f446re', 'blackpill_f411ce', 'esp32dev']);
    const line = rng.int(40, 200);
    const out = `Processing ${env} (platform: ststm32; board: ${env}; framework: stm32cube)
--------------------------------------------------------------------------------
Verbose mode can be enabled via \`-v, --verbose\` option
CONFIGURATION: https://docs.platformio.org/page/boards/ststm32/${env}.html
Compiling .pio/build/${env}/src/drivers/spi_bus.o
src/drivers/spi_bus.c: In function 'spi_bus_start':
src/drivers/spi_bus.c:${line}:5: error: ${needle}; did you mean 'hal_dma_start'? [-Wimplicit-function-declaration]
   ${line} |     ${w}_dma_start(&bus->dma, buf, len);
      |     ^~~~~~~~~~~~~~~~
      |     hal_dma_start
src/drivers/spi_bus.c:${line + 3}:9: warning: unused variable 'rc' [-Wunused-variable]
   ${line + 3} |     int rc = 0;
      |         ^~
cc1: some warnings being treated as errors
*** [.pio/build/${env}/src/drivers/spi_bus.o] Error 1
========================= [FAILED] Took ${rng.int(2, 30)}.${digitString(rng, 2)} seconds =========================`;
    return { eco: 'gcc', needle, key: w, out, exit: 1 };
  },
  ld: (rng, w) => {
    const needle = `undefined reference to \`${w}_crc16'`;
    const out = `[ 94%] Building C object CMakeFiles/fw.elf.dir/src/proto/frame.c.obj
[ 97%] Linking C executable fw.elf
/opt/gcc-arm-none-eabi-13.2/bin/../lib/gcc/arm-none-eabi/13.2.1/../../../../arm-none-eabi/bin/ld: CMakeFiles/fw.elf.dir/src/proto/frame.c.obj: in function \`frame_seal':
/work/fw/src/proto/frame.c:${rng.int(30, 200)}:(.text.frame_seal+0x${hex(rng, 2)}): ${needle}
collect2: error: ld returned 1 exit status
make[2]: *** [CMakeFiles/fw.elf.dir/build.make:${rng.int(300, 1500)}: fw.elf] Error 1
make[1]: *** [CMakeFiles/Makefile2:112: CMakeFiles/fw.elf.dir/all] Error 2
make: *** [Makefile:91: all] Error 2`;
    return { eco: 'ld', needle, key: w, out, exit: 2 };
  },
  cmake: (rng, w) => {
    const needle = `By not providing "Find${w}.cmake" in CMAKE_MODULE_PATH`;
    const out = `-- The C compiler identification is GNU 13.2.1
-- The ASM compiler identification is GNU
-- Found assembler: /opt/gcc-arm-none-eabi-13.2/bin/arm-none-eabi-gcc
-- Detecting C compiler ABI info - done
CMake Error at CMakeLists.txt:${rng.int(20, 90)} (find_package):
  ${needle} this project has
  asked CMake to find a package configuration file provided by "${w}", but
  CMake did not find one.

  Could not find a package configuration file provided by "${w}" with any of
  the following names:

    ${w}Config.cmake
    ${w}-config.cmake

  Add the installation prefix of "${w}" to CMAKE_PREFIX_PATH or set
  "${w}_DIR" to a directory containing one of the above files.  If "${w}"
  provides a separate development package or SDK, be sure it has been
  installed.


-- Configuring incomplete, errors occurred!
See also "/work/fw/build/CMakeFiles/CMakeOutput.log".`;
    return { eco: 'cmake', needle, key: w, out, exit: 1 };
  },
  espidf: (rng, w) => {
    const needle = `assert failed: ${w}_ring_push ring.c:${rng.int(40, 120)}`;
    const addrs = Array.from({ length: 6 }, () => `0x400${hex(rng, 5)}:0x3ffb${hex(rng, 4)}`);
    const out = `I (${rng.int(900, 2000)}) wifi:connected with lab-2g, aid = 3, channel 6, BW20, bssid = 7c:10:c9:${hex(rng, 2)}:${hex(rng, 2)}:${hex(rng, 2)}
I (${rng.int(2001, 3000)}) sensor: sampling at 200 Hz, ring cap 512
${needle} (len <= r->cap)


Backtrace: ${addrs.join(' ')}
--- 0x40081a2e: panic_abort at /opt/esp-idf/components/esp_system/panic.c:472
--- 0x4008d6a1: esp_system_abort at /opt/esp-idf/components/esp_system/port/esp_system_chip.c:93
--- 0x40093f2d: __assert_func at /opt/esp-idf/components/newlib/assert.c:81



ELF file SHA256: ${hex(rng, 16)}

Rebooting...
ets Jun  8 2016 00:22:57

rst:0xc (SW_CPU_RESET),boot:0x13 (SPI_FAST_FLASH_BOOT)`;
    return { eco: 'espidf', needle, key: w, out, exit: 1 };
  },
  clang: (rng, w) => {
    const needle = `error: use of undeclared identifier '${w.toUpperCase()}_CAP'`;
    const out = `[1/6] Building C object test/CMakeFiles/test_ring.dir/test_ring.c.o
FAILED: test/CMakeFiles/test_ring.dir/test_ring.c.o
/usr/bin/clang -I/work/fw/src -I/work/fw/test/unity -g -Wall -Werror -MD -MT test/CMakeFiles/test_ring.dir/test_ring.c.o -c /work/fw/test/test_ring.c
/work/fw/test/test_ring.c:${rng.int(10, 90)}:10: ${needle}
   31 |     for (int i = 0; i < ${w.toUpperCase()}_CAP + 1; i++) {
      |                         ^
1 error generated.
ninja: build stopped: subcommand failed.`;
    return { eco: 'clang', needle, key: w, out, exit: 1 };
  },
  csharp: (rng, w) => {
    const needle = `error CS0246: The type or namespace name '${cap(w)}Slot' could not be found`;
    const file = `Assets/Scripts/Inventory/${rng.pick(['InventoryGrid', 'LootTable', 'Hotbar'])}.cs`;
    const line = rng.int(20, 300);
    const out = `[ScriptCompilation] Requested script compilation because: Assetdatabase observed changes in script compilation related files
- Starting script compilation
${file}(${line},17): ${needle} (are you missing a using directive or an assembly reference?)
${file}(${line + 40},13): warning CS0618: 'Input.GetAxis(string)' is obsolete: 'Use the Input System package'
- Finished script compilation in ${rng.int(2, 30)}.${digitString(rng, 6)} seconds
Scripts have compiler errors.
(Filename: ${file} Line: ${line})

Aborting batchmode due to failure:
Scripts have compiler errors.

Exiting without the bug reporter. Application will terminate with return code 1`;
    return { eco: 'csharp', needle, key: w, out, exit: 1 };
  },
  msbuild: (rng, w) => {
    const needle = `error CS0103: The name '${w}Scale' does not exist in the current context`;
    const file = `/src/Tools/AssetBaker/Bakers/MeshBaker.cs(${rng.int(20, 200)},31)`;
    const out = `  Determining projects to restore...
  All projects are up-to-date for restore.
${file}: ${needle} [/src/Tools/AssetBaker/AssetBaker.csproj]

Build FAILED.

${file}: ${needle} [/src/Tools/AssetBaker/AssetBaker.csproj]
    0 Warning(s)
    1 Error(s)

Time Elapsed 00:00:${String(rng.int(3, 59)).padStart(2, '0')}.${digitString(rng, 2)}`;
    return { eco: 'msbuild', needle, key: w, out, exit: 1 };
  },
  shader: (rng, w) => {
    const needle = `Shader error in 'Custom/${cap(w)}Water': undeclared identifier`;
    const out = `${needle} '_FoamTex' at line ${rng.int(40, 200)} (on d3d11)

Compiling Subshader: 0, Pass: ForwardBase, Vertex program with DIRECTIONAL LIGHTPROBE_SH
Platform defines: SHADER_API_DESKTOP UNITY_ENABLE_DETAIL_NORMALMAP UNITY_ENABLE_REFLECTION_BUFFERS UNITY_LIGHTMAP_FULL_HDR UNITY_LIGHT_PROBE_PROXY_VOLUME UNITY_PBS_USE_BRDF1 UNITY_SPECCUBE_BLENDING UNITY_SPECCUBE_BOX_PROJECTION UNITY_USE_DITHER_MASK_FOR_ALPHABLENDED_SHADOWS
Disabled keywords: FOG_LINEAR FOG_EXP FOG_EXP2 INSTANCING_ON SHADOWS_SCREEN LIGHTMAP_SHADOW_MIXING
(Filename: Assets/Shaders/Water.shader Line: ${rng.int(40, 200)})

Shader compilation failed for 1 shader(s); see Editor.log
Build Finished, Result: Failure.`;
    return { eco: 'shader', needle, key: w, out, exit: 1 };
  },
  msvc: (rng, w) => {
    const needle = `error C2065: 'b${cap(w)}Ready': undeclared identifier`;
    const file = `D:\\build\\Arena\\Source\\Arena\\Private\\Combat\\${rng.pick(['Weapon', 'Shield', 'Dash'])}Component.cpp`;
    const out = `Using bundled DotNet SDK version: 8.0.300
Running UnrealBuildTool: dotnet "..\\..\\Engine\\Binaries\\DotNET\\UnrealBuildTool\\UnrealBuildTool.dll" ArenaEditor Win64 Development -Project="D:\\build\\Arena\\Arena.uproject"
Building ArenaEditor...
[1/${rng.int(5, 60)}] Compile [x64] Module.Arena.2.cpp
${file}(${rng.int(40, 300)}): ${needle}
${file}(${rng.int(301, 400)}): error C2660: 'UWeaponComponent::Fire': function does not take 2 arguments
D:\\build\\Arena\\Source\\Arena\\Public\\Combat\\WeaponComponent.h(41): note: see declaration of 'UWeaponComponent::Fire'
Total time in Parallel executor: ${rng.int(10, 90)}.${digitString(rng, 2)} seconds
Total execution time: ${rng.int(91, 120)}.${digitString(rng, 2)} seconds
Result: Failed (OtherCompilationError)`;
    return { eco: 'msvc', needle, key: w, out, exit: 6 };
  },
  lua: (rng, w) => {
    const needle = `attempt to index a nil value (field '${w}')`;
    const line = rng.int(10, 120);
    const out = `lua: scripts/ai/brain.lua:${line}: ${needle}
stack traceback:
        scripts/ai/brain.lua:${line}: in method 'tick'
        scripts/ai/scheduler.lua:${rng.int(40, 99)}: in function <scripts/ai/scheduler.lua:80>
        [C]: in function 'xpcall'
        scripts/ai/scheduler.lua:${rng.int(100, 140)}: in function 'scheduler.run'
        scripts/main.lua:17: in main chunk
        [C]: in ?
headless run finished: 1 script error(s), ${rng.int(100, 900)} frames simulated`;
    return { eco: 'lua', needle, key: w, out, exit: 1 };
  },
  k8sbackoff: (rng, w) => {
    const pod = `${w}-api-${hex(rng, 10)}-${hex(rng, 5)}`;
    const needle = `Back-off restarting failed container ${w}-api in pod`;
    const out = `Events:
  Type     Reason     Age                   From               Message
  ----     ------     ----                  ----               -------
  Normal   Scheduled  ${rng.int(10, 40)}m                   default-scheduler  Successfully assigned payments/${pod} to ip-10-42-${rng.int(0, 255)}-${rng.int(0, 255)}.eu-west-1.compute.internal
  Normal   Pulled     ${rng.int(5, 9)}m (x5 over ${rng.int(10, 40)}m)   kubelet            Container image "registry.internal/payments/${w}-api:1.${rng.int(0, 30)}.${rng.int(0, 9)}" already present on machine
  Warning  BackOff    ${rng.int(1, 4)}m (x${rng.int(20, 90)} over ${rng.int(10, 40)}m)  kubelet            ${needle} ${pod}_payments(${hex(rng, 8)}-${hex(rng, 4)}-${hex(rng, 4)}-${hex(rng, 4)}-${hex(rng, 12)})
  Normal   Created    ${rng.int(1, 4)}m (x6 over ${rng.int(10, 40)}m)   kubelet            Created container: api
  Normal   Started    ${rng.int(1, 4)}m (x6 over ${rng.int(10, 40)}m)   kubelet            Started container api`;
    return { eco: 'k8s', needle, key: w, out, exit: 0 };
  },
  k8spull: (rng, w) => {
    const tag = `1.${rng.int(0, 30)}.${rng.int(0, 9)}`;
    const needle = `Failed to pull image "registry.internal/platform/${w}-worker:${tag}"`;
    const out = `NAME                                   READY   STATUS             RESTARTS   AGE
${w}-worker-${hex(rng, 10)}-${hex(rng, 5)}   0/1     ImagePullBackOff   0          ${rng.int(2, 30)}m

Events:
  Type     Reason     Age                From     Message
  ----     ------     ----               ----     -------
  Normal   Pulling    ${rng.int(2, 9)}m (x4 over ${rng.int(10, 30)}m)  kubelet  Pulling image "registry.internal/platform/${w}-worker:${tag}"
  Warning  Failed     ${rng.int(2, 9)}m (x4 over ${rng.int(10, 30)}m)  kubelet  ${needle}: rpc error: code = NotFound desc = failed to pull and unpack image: not found
  Warning  Failed     ${rng.int(2, 9)}m (x4 over ${rng.int(10, 30)}m)  kubelet  Error: ErrImagePull
  Normal   BackOff    ${rng.int(1, 2)}m (x${rng.int(10, 60)} over ${rng.int(10, 30)}m) kubelet  Back-off pulling image "registry.internal/platform/worker:${tag}"
  Warning  Failed     ${rng.int(1, 2)}m (x${rng.int(10, 60)} over ${rng.int(10, 30)}m) kubelet  Error: ImagePullBackOff`;
    return { eco: 'k8s', needle, key: w, out, exit: 0 };
  },
  helm: (rng, w) => {
    const needle = `at <.Values.${w}.port>: nil pointer evaluating interface {}.port`;
    const out = `history.go:56: [debug] getting history for release payments
upgrade.go:164: [debug] preparing upgrade for payments
Error: UPGRADE FAILED: template: payments/templates/deployment.yaml:${rng.int(20, 90)}:${rng.int(10, 40)}: executing "payments/templates/deployment.yaml" ${needle}
helm.go:84: [debug] template: payments/templates/deployment.yaml:42:18: executing "payments/templates/deployment.yaml" ${needle}
UPGRADE FAILED
main.newUpgradeCmd.func2
	helm.sh/helm/v3/cmd/helm/upgrade.go:244
github.com/spf13/cobra.(*Command).execute
	github.com/spf13/cobra@v1.8.0/command.go:983
main.main
	helm.sh/helm/v3/cmd/helm/helm.go:83
runtime.main
	runtime/proc.go:271`;
    return { eco: 'helm', needle, key: w, out, exit: 1 };
  },
  nix: (rng, w) => {
    const h = hex(rng, 32);
    const needle = `-${w}-0.${rng.int(1, 9)}.${rng.int(0, 9)}.drv' failed with exit code 2`;
    const out = `building '/nix/store/${h}${needle.slice(0, needle.indexOf("'"))}'...
error: builder for '/nix/store/${h}${needle};
       last 10 log lines:
       > go: downloading github.com/prometheus/client_golang v1.19.1
       > # ./internal/relay
       > internal/relay/conn.go:88:14: undefined: tls.NewListenerWithALPN
       > make: *** [Makefile:22: build] Error 1
       For full logs, run 'nix log /nix/store/${h}-${w}.drv'.
error: 1 dependencies of derivation '/nix/store/${hex(rng, 32)}-docker-image-gateway.tar.gz.drv' failed to build`;
    return { eco: 'nix', needle, key: w, out, exit: 1 };
  },
  bazel: (rng, w) => {
    const needle = `no such target '//libs/${w}:proto'`;
    const out = `INFO: Invocation ID: ${hex(rng, 8)}-${hex(rng, 4)}-${hex(rng, 4)}-${hex(rng, 4)}-${hex(rng, 12)}
Loading: 
Loading: 0 packages loaded
Analyzing: target //services/gateway:image (${rng.int(10, 90)} packages loaded, ${rng.int(100, 900)} targets configured)
ERROR: /src/services/gateway/BUILD.bazel:${rng.int(5, 60)}:10: ${needle}: target 'proto' not declared in package 'libs/${w}' defined by /src/libs/${w}/BUILD.bazel and referenced by '//services/gateway:server'
ERROR: Analysis of target '//services/gateway:image' failed; build aborted: Analysis failed
INFO: Elapsed time: ${rng.int(1, 30)}.${digitString(rng, 3)}s
INFO: 0 processes.
FAILED: Build did NOT complete successfully (${rng.int(10, 90)} packages loaded, ${rng.int(100, 900)} targets configured)`;
    return { eco: 'bazel', needle, key: w, out, exit: 1 };
  },
  statedict: (rng, w) => {
    const needle = `Error(s) in loading state_dict for ${cap(w)}Net`;
    const out = `${torchTrace(rng, 'load_checkpoint')}
RuntimeError: ${needle}:
	Missing key(s) in state_dict: "head.proj.weight", "head.proj.bias". 
	Unexpected key(s) in state_dict: "head.fc.weight", "head.fc.bias". 
${childFailed(rng)}`;
    return { eco: 'pytorch', needle, key: w, out, exit: 1 };
  },
  cudaoom: (rng, _w, mint) => {
    let needle: string;
    do
      needle = `CUDA out of memory. Tried to allocate ${rng.int(1, 9)}.${digitString(rng, 2)} GiB. GPU ${rng.int(0, 7)} has a total capacity of 79.15 GiB of which ${rng.int(0, 1)}.${digitString(rng, 2)} GiB is free`;
    while (!mint.claim(needle));
    const out = `${torchTrace(rng, 'forward')}
torch.OutOfMemoryError: ${needle}. Process ${rng.int(1000, 99999)} has 77.${digitString(rng, 2)} GiB memory in use. Of the allocated memory 74.${digitString(rng, 2)} GiB is allocated by PyTorch, and 1.${digitString(rng, 2)} GiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)
${childFailed(rng)}`;
    return { eco: 'cuda', needle, key: needle, out, exit: 1 };
  },
  nccl: (rng, _w, mint) => {
    let needle: string;
    do needle = `WorkNCCL(SeqNum=${rng.int(10000, 999999)}, OpType=ALLREDUCE`;
    while (!mint.claim(needle));
    const rank = rng.int(1, 7);
    const out = `[rank${rank}]:[E611 14:02:11.${digitString(rng, 6)} ProcessGroupNCCL.cpp:616] [Rank ${rank}] Watchdog caught collective operation timeout: ${needle}, NumelIn=${rng.int(1000, 9000000)}, NumelOut=${rng.int(1000, 9000000)}, Timeout(ms)=600000) ran for 600${digitString(rng, 3)} milliseconds before timing out.
[rank${rank}]:[E611 14:02:11.${digitString(rng, 6)} ProcessGroupNCCL.cpp:1880] [PG 0 (default_pg) Rank ${rank}] Exception (either an error or timeout) detected by watchdog at work: ${rng.int(1000, 99999)}, last enqueued NCCL work: ${rng.int(1000, 99999)}, last completed NCCL work: ${rng.int(1000, 99999)}.
[rank${rank}]:[E611 14:02:11.${digitString(rng, 6)} ProcessGroupNCCL.cpp:630] [Rank ${rank}] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data.
terminate called after throwing an instance of 'c10::DistBackendError'
${childFailed(rng)}`;
    return { eco: 'nccl', needle, key: needle, out, exit: 1 };
  },
  shapes: (rng, _w, mint) => {
    let needle: string;
    do
      needle = `mat1 and mat2 shapes cannot be multiplied (${rng.int(2, 64) * 8}x${rng.int(100, 9999)} and ${rng.int(100, 9999)}x${rng.int(2, 512) * 8})`;
    while (!mint.claim(needle.slice(needle.indexOf('('))));
    const out = `${torchTrace(rng, 'forward')}
RuntimeError: ${needle}
${childFailed(rng)}`;
    return { eco: 'pytorch', needle, key: needle.slice(needle.indexOf('(')), out, exit: 1 };
  },
};

function torchTrace(rng: Rng, fn: string): string {
  return `Traceback (most recent call last):
  File "/workspace/train.py", line ${rng.int(200, 400)}, in <module>
    main(cfg)
  File "/workspace/train.py", line ${rng.int(100, 199)}, in main
    loss = trainer.step(batch)
  File "/workspace/trainer/loop.py", line ${rng.int(40, 99)}, in step
    out = self.model(**batch)
  File "/opt/conda/lib/python3.11/site-packages/torch/nn/modules/module.py", line 1736, in _wrapped_call_impl
    return self._call_impl(*args, **kwargs)
  File "/workspace/models/encoder.py", line ${rng.int(40, 300)}, in ${fn}
    h = self.proj(h)`;
}

function childFailed(rng: Rng): string {
  return `E0611 14:02:${rng.int(10, 59)}.${digitString(rng, 6)} ${rng.int(100, 999)} torch/distributed/elastic/multiprocessing/api.py:869] failed (exitcode: 1) local_rank: 0 (pid: ${rng.int(1000, 99999)}) of binary: /opt/conda/bin/python
Traceback (most recent call last):
  File "/opt/conda/bin/torchrun", line 8, in <module>
    sys.exit(main())
torch.distributed.elastic.multiprocessing.errors.ChildFailedError: 
============================================================
train.py FAILED
------------------------------------------------------------
Failures:
  <NO_OTHER_FAILURES>
------------------------------------------------------------
Root Cause (first observed failure):
[0]:
  time      : 2024-06-11_14:02:${rng.int(10, 59)}
  host      : gpu-node-${rng.int(1, 32)}
  rank      : 0 (local_rank: 0)
  exitcode  : 1 (pid: ${rng.int(1000, 99999)})
  error_file: <N/A>
  traceback : To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html
============================================================`;
}

/** Every ecosystem whose failures the family prints. */
export const NOVEL_ECOS = Object.keys(F);

/** A failure of `eco` naming `word` (or a minted token) in its needle. */
export function fail(eco: string, rng: Rng, word: string, mint: Mint): Failure {
  const f = F[eco];
  if (!f) throw new Error(`unknown ecosystem ${eco}`);
  return f(rng, word, mint);
}
