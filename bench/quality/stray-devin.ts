/**
 * A Devin-like autonomous engineer on a Scala 2.13 / sbt billing service (http4s, doobie, Flyway,
 * ScalaTest, scalafmt): native OpenAI tool calls, often several at once, a planner tool that keeps
 * the plan, `message_user` for talking back, shells named by id, a browser for docs. English user.
 */
import type { Rng } from './rng';
import {
  buried,
  cap,
  chars,
  fail,
  hex,
  lines,
  many,
  ok,
  one,
  pad,
  sha,
  type Planter,
  type StrayHarness,
  type StrayStep,
} from './stray-kit';

const ROOT = '/home/ubuntu/repos/billing';
const PKG = 'com/acme/billing';
const FILES = ['Invoice', 'Subscription', 'Plan', 'Money', 'InvoiceRepo', 'Routes', 'Server', 'Webhooks', 'TaxRules'];
const src = (f: string) => `core/src/main/scala/${PKG}/${f}.scala`;

function sbtHead(): string {
  return `[info] welcome to sbt 1.9.9 (Eclipse Adoptium Java 17.0.10)\n[info] loading settings for project billing-build from plugins.sbt ...\n[info] loading project definition from ${ROOT}/project\n[info] loading settings for project root from build.sbt ...\n[info] set current project to billing (in build file:${ROOT}/)`;
}

function compileOk(rng: Rng): string {
  return `${sbtHead()}\n[info] compiling ${rng.int(2, 40)} Scala sources to ${ROOT}/core/target/scala-2.13/classes ...\n[info] compiling ${rng.int(1, 9)} Scala sources to ${ROOT}/api/target/scala-2.13/classes ...\n[success] Total time: ${rng.int(8, 70)} s, completed May 14, 2024, ${rng.int(1, 11)}:${pad(rng.int(0, 59))}:${pad(rng.int(0, 59))} AM`;
}

function testOk(rng: Rng): string {
  const suites = rng.sample(
    ['InvoiceSpec', 'SubscriptionSpec', 'MoneySpec', 'RoutesSpec', 'TaxRulesSpec', 'WebhooksSpec'],
    rng.int(2, 4),
  );
  const body = suites
    .map(
      (s) =>
        `[info] ${s}:\n${lines(rng.int(2, 6), () => `[info] - should ${rng.pick(['sum line items', 'apply tax per region', 'reject negative amounts', 'serialize to JSON', 'round half-even', 'return 404 for unknown invoice'])}`)}`,
    )
    .join('\n');
  const n = rng.int(60, 220);
  return `${sbtHead()}\n${body}\n[info] Run completed in ${rng.int(1, 9)} seconds, ${rng.int(1, 999)} milliseconds.\n[info] Total number of tests run: ${n}\n[info] Suites: completed ${rng.int(9, 20)}, aborted 0\n[info] Tests: succeeded ${n}, failed 0, canceled 0, ignored ${rng.int(0, 3)}, pending 0\n[info] All tests passed.\n[success] Total time: ${rng.int(20, 90)} s, completed May 14, 2024, 10:${pad(rng.int(0, 59))}:${pad(rng.int(0, 59))} AM`;
}

const INVOICE = `package com.acme.billing

import java.time.LocalDate
import cats.syntax.all._

final case class LineItem(sku: String, quantity: Int, unitPrice: Money)

final case class Invoice(
    id: InvoiceId,
    customer: CustomerId,
    issued: LocalDate,
    lines: List[LineItem],
    taxRegion: TaxRegion
) {
  def subtotal: Money = lines.foldMap(l => l.unitPrice * l.quantity)
  def tax(rules: TaxRules): Money = rules.rateFor(taxRegion).applyTo(subtotal)
  def total(rules: TaxRules): Money = subtotal + tax(rules)
}`;

const sh = (command: string) => ({ command, shell_id: `shell${(command.length % 3) + 1}` });

function noise(rng: Rng): StrayStep {
  const say = rng.pick([
    undefined,
    undefined,
    undefined,
    'Compiling to check the build is still green.',
    'Looking at how this is wired.',
    'Checking the tests.',
  ]);
  const f = rng.sample(FILES, 2);
  switch (rng.int(0, 8)) {
    case 0:
      return one(say, ok('shell', sh('sbt compile'), compileOk(rng)));
    case 1:
      return one(say, ok('shell', sh('sbt test'), testOk(rng)));
    case 2:
      return many(say, [
        ok('open_file', { path: `${ROOT}/${src('Invoice')}` }, INVOICE),
        ok(
          'open_file',
          { path: `${ROOT}/${src(f[0] as string)}`, line: rng.int(1, 60) },
          `package com.acme.billing\n\n// ${f[0]}.scala (${rng.int(40, 300)} lines)\nobject ${f[0]} {\n  ${rng.pick(['def apply(raw: String): Either[String, ' + f[0] + '] = ???', 'implicit val codec: Codec[' + f[0] + '] = deriveCodec', 'val default = ' + f[0] + '(Nil)'])}\n}`,
        ),
      ]);
    case 3:
      return one(
        say,
        ok(
          'shell',
          sh(
            `rg -n "${rng.pick(['TaxRules', 'Money.zero', 'InvoiceId', 'transact(xa)', 'HttpRoutes.of'])}" --type scala`,
          ),
          lines(
            rng.int(3, 12),
            () =>
              `${src(rng.pick(FILES))}:${rng.int(5, 200)}:${rng.pick(['    rules.rateFor(region)', '  val zero: Money = Money(0)', '      .transact(xa)', '  HttpRoutes.of[IO] {', 'final case class InvoiceId(value: UUID) extends AnyVal'])}`,
          ),
        ),
      );
    case 4:
      return many(say, [
        ok(
          'shell',
          sh('git status --short'),
          lines(rng.int(1, 5), () => ` M ${src(rng.pick(FILES))}`),
        ),
        ok(
          'shell',
          sh('git log --oneline -6'),
          lines(
            6,
            () =>
              `${sha(rng)} ${rng.pick(['tax: EU OSS rates', 'webhooks: verify signature', 'bump http4s to 0.23.26', 'invoice: half-even rounding', 'ci: cache coursier'])}`,
          ),
        ),
      ]);
    case 5:
      return one(
        say,
        ok(
          'shell',
          sh('sbt scalafmtCheckAll'),
          `${sbtHead()}\n[info] scalafmt: Checking ${rng.int(80, 160)} Scala sources (${ROOT}/core)...\n[info] scalafmt: Checking ${rng.int(10, 40)} Scala sources (${ROOT}/api)...\n[success] Total time: ${rng.int(2, 9)} s`,
        ),
      );
    case 6:
      return one(
        say,
        ok(
          'browser',
          {
            url: rng.pick([
              'https://tpolecat.github.io/doobie/docs/07-Updating.html',
              'https://http4s.org/v0.23/docs/middleware.html',
              'https://www.scalatest.org/user_guide/using_matchers',
            ]),
          },
          `[page text, ${rng.int(12, 60)} KB, first screen]\n${rng.pick(['Inserting, Updating, and Deleting\nIn this chapter we examine operations that modify data in the database, and ways to retrieve the results of these updates.', 'Middleware\nA middleware is a wrapper around a service that provides a means of manipulating the Request sent to service, and/or the Response returned by the service.', 'Using matchers\nScalaTest provides a domain specific language (DSL) for expressing assertions in tests using the word should.'])}`,
        ),
      );
    case 7:
      return one(
        say,
        ok(
          'shell',
          sh('docker compose ps'),
          `NAME              IMAGE             COMMAND                  SERVICE    CREATED       STATUS                 PORTS\nbilling-db-1      postgres:15       "docker-entrypoint.s…"   db         ${rng.int(2, 50)} minutes ago   Up ${rng.int(2, 50)} minutes (healthy)   0.0.0.0:5432->5432/tcp\nbilling-stripe-1  stripe/stripe-mock "/stripe-mock -http-…"   stripe     ${rng.int(2, 50)} minutes ago   Up ${rng.int(2, 50)} minutes           0.0.0.0:12111->12111/tcp`,
        ),
      );
    default:
      return one(
        say,
        ok(
          'think',
          {
            thought: rng.pick([
              'The proration logic should live next to Subscription, not in the routes.',
              'Tests use an in-memory TaxRules; the integration test uses the real table.',
              'Need to keep the JSON shape of Invoice stable: the dashboard reads it.',
            ]),
          },
          'ok',
        ),
      );
  }
}

function big(rng: Rng): StrayStep {
  const out = lines(rng.int(420, 520), () =>
    rng.pick([
      `[info]   | +-${rng.pick(['org.typelevel:cats-core_2.13', 'co.fs2:fs2-core_2.13', 'org.http4s:http4s-core_2.13', 'io.circe:circe-core_2.13', 'org.tpolecat:doobie-core_2.13', 'org.flywaydb:flyway-core'])}:${rng.int(0, 3)}.${rng.int(0, 23)}.${rng.int(0, 30)}`,
      `[info]   |   +-${rng.pick(['org.scala-lang:scala-library', 'org.typelevel:cats-kernel_2.13', 'org.scodec:scodec-bits_2.13', 'com.comcast:ip4s-core_2.13'])}:${rng.int(0, 3)}.${rng.int(0, 13)}.${rng.int(0, 12)}${rng.chance(0.2) ? ' (evicted by: 2.13.13)' : ''}`,
    ]),
  );
  return one(
    rng.pick([undefined, 'Dumping the dependency tree to look for the conflicting cats-effect.']),
    ok(
      'shell',
      sh('sbt "core/dependencyTree"'),
      `${sbtHead()}\n[info] com.acme:billing-core_2.13:0.31.0-SNAPSHOT [S]\n${out}\n[success] Total time: 6 s`,
    ),
  );
}

const P = (user: boolean, plant: Planter['plant']): Planter => ({ user, plant });

export const STRAY_DEVIN: StrayHarness = {
  style: 'devin',
  protocol: 'native',
  system: `You are an autonomous software engineer working in a sandboxed Ubuntu machine with the repository checked out at ${ROOT}. You plan before you act and keep the plan current with update_plan. You can run several tools at once when they do not depend on each other. Communicate with the user only through message_user; do not ask for permission for routine steps. Before finishing, make sure \`sbt test\` and \`sbt scalafmtCheckAll\` pass.`,
  tools: ['shell', 'open_file', 'str_replace', 'browser', 'update_plan', 'message_user', 'think'],
  callId: (rng) => `call_${chars(rng, 24)}`,
  noise,
  big,
  followUp: (rng) =>
    rng.pick([
      'Nice. Are the tests still green?',
      'Can you show me the diff so far?',
      'What are you doing now?',
      'ok thanks, keep going',
      'Is the formatting check passing?',
      'Hmm, why did compile take so long?',
    ]),
  keepGoing: (rng) => rng.pick(['Keep going.', 'continue', "Go ahead, I'll review later."]),
  answer: (rng) =>
    rng.pick([
      'Build is green: `sbt test` and `sbt scalafmtCheckAll` pass.',
      'I have pushed nothing yet; the changes are in the working tree.',
      'Done with this part. All 14 suites pass.',
      'Checked — compile and tests pass, formatting is clean.',
    ]),
  probe: (rng) =>
    rng.pick(['Give me a status update: what is done and what is left?', 'Summarize where things stand.']),
  planters: {
    goal: [
      P(true, ({ mint }) => {
        const n = mint('num');
        const needle = `BILL-${n}`;
        return {
          needle,
          how: 'user-ticket',
          beats: [
            {
              user: `Hey Devin, please pick up ${needle}: customers upgrading mid-cycle get charged the full new price. We need proration — credit the unused part of the old plan, charge the remaining part of the new one, to the day, on the next invoice. Repo is acme/billing.`,
            },
            {
              step: one(
                undefined,
                ok(
                  'update_plan',
                  {
                    plan: `1. Read Subscription/Invoice model\n2. Reproduce ${needle} with a failing test\n3. Implement proration\n4. Tests + scalafmt\n5. Open PR`,
                  },
                  'Plan updated.',
                ),
              ),
            },
          ],
        };
      }),
      P(true, ({ mint }) => {
        const k = mint('word');
        const needle = `/webhooks/${k}`;
        return {
          needle,
          how: 'user-ask',
          beats: [
            {
              user: `Next thing: add a \`POST ${needle}\` endpoint that receives the payment provider's events (invoice.paid, invoice.payment_failed) and marks our invoices accordingly. Verify the HMAC signature header.`,
            },
            {
              step: many('Reading the existing routes and webhook code.', [
                ok(
                  'open_file',
                  { path: `${ROOT}/${src('Routes')}` },
                  'val routes = HttpRoutes.of[IO] {\n  case GET -> Root / "invoices" / UUIDVar(id) => ...\n}',
                ),
                ok(
                  'open_file',
                  { path: `${ROOT}/${src('Webhooks')}` },
                  'object Webhooks {\n  def verify(secret: String, body: Array[Byte], sig: String): Boolean = ???\n}',
                ),
              ]),
            },
          ],
        };
      }),
    ],
    constraint: [
      P(true, ({ mint, rng }) => {
        const k = mint('word');
        const needle = `${k}-macros`;
        return {
          needle,
          how: 'user-rule',
          beats: [
            {
              user: rng.pick([
                `Please don't bump Scala to 3 or touch crossScalaVersions — we're pinned on 2.13 because of ${needle}.`,
                `heads up: stay on 2.13. ${needle} doesn't build on Scala 3 yet and half the codebase uses it.`,
              ]),
            },
            {
              step: one(
                undefined,
                ok(
                  'message_user',
                  {
                    message: `Understood — staying on 2.13; I won't touch scalaVersion or anything ${needle} depends on.`,
                  },
                  'sent',
                ),
              ),
            },
          ],
        };
      }),
      P(false, ({ mint }) => {
        const k = mint('word');
        const needle = `${cap(k)}Routes`;
        return {
          needle,
          how: 'tool-contrib',
          beats: [
            {
              step: one(
                undefined,
                ok(
                  'open_file',
                  { path: `${ROOT}/CONTRIBUTING.md` },
                  `# Contributing\n\n1. Every HTTP endpoint is declared in \`${needle}\` and nowhere else; the OpenAPI generator reads only that object.\n2. Money is never a Double.\n3. Migrations are append-only: never edit a released V*.sql file.\n4. Run \`sbt scalafmtAll\` before committing.`,
                ),
              ),
            },
            {
              step: one(
                undefined,
                ok(
                  'think',
                  { thought: `New endpoint must be declared in ${needle}, not in Routes.scala directly.` },
                  'ok',
                ),
              ),
            },
          ],
        };
      }),
      P(true, ({ mint }) => {
        const k = mint('word');
        const needle = `invoices_${k}`;
        return {
          needle,
          how: 'user-schema',
          beats: [
            {
              user: `One constraint: no schema changes to the \`${needle}\` table. Finance's reporting reads it directly with hand-written SQL.`,
            },
            {
              step: one(
                undefined,
                ok(
                  'shell',
                  sh(`rg -n "${needle}" --type sql --type scala`),
                  `core/src/main/resources/db/migration/V12__split_invoices.sql:3:CREATE TABLE ${needle} (\n${src('InvoiceRepo')}:41:      sql"SELECT id, customer, issued FROM ${needle} WHERE id = $id"`,
                ),
              ),
            },
          ],
        };
      }),
    ],
    decision: [
      P(false, ({ mint }) => {
        const k = mint('word');
        const needle = `${cap(k)}Money`;
        return {
          needle,
          how: 'agent-plan',
          beats: [
            {
              step: one(
                undefined,
                ok(
                  'think',
                  {
                    thought: `Options: (a) prorate in cents with Long, (b) BigDecimal DECIMAL128 with HALF_EVEN at the end. (b) matches how tax is already computed. Going with (b), wrapped in a small ${needle} value class so nobody mixes it with raw BigDecimal.`,
                  },
                  'ok',
                ),
              ),
            },
            {
              step: one(
                undefined,
                ok(
                  'update_plan',
                  {
                    plan: `3. Implement proration using ${needle} (BigDecimal, DECIMAL128, HALF_EVEN only when rendering the invoice)`,
                  },
                  'Plan updated.',
                ),
              ),
            },
          ],
        };
      }),
      P(true, ({ mint }) => {
        const k = mint('word');
        const needle = `billing.${k}.enabled`;
        return {
          needle,
          how: 'user-choice',
          beats: [
            {
              user: `Let's go with option 2 from your message: ship it behind the feature flag \`${needle}\`, default off, and we flip it per tenant.`,
            },
            {
              step: one(
                undefined,
                ok(
                  'shell',
                  sh('rg -n "feature" core/src/main/resources/application.conf'),
                  '14:features {\n15:  tax-oss.enabled = true\n16:}',
                ),
              ),
            },
          ],
        };
      }),
    ],
    file: [
      P(false, ({ mint }) => {
        const k = mint('word');
        const needle = `core/src/main/scala/${PKG}/${cap(k)}Proration.scala`;
        return {
          needle,
          how: 'agent-create',
          beats: [
            {
              step: one(
                undefined,
                ok(
                  'str_replace',
                  {
                    path: `${ROOT}/${needle}`,
                    old_str: '',
                    new_str: `package com.acme.billing\n\nobject ${cap(k)}Proration {\n  def credit(old: Plan, from: LocalDate, periodEnd: LocalDate): Money = ???\n}`,
                  },
                  `Created file ${ROOT}/${needle}`,
                ),
              ),
            },
            { step: one(undefined, ok('shell', sh('sbt core/compile'), compileOkShort())) },
          ],
        };
      }),
      P(true, ({ mint }) => {
        const k = mint('word');
        const needle = `api/src/main/scala/${PKG}/api/${cap(k)}Endpoint.scala`;
        return {
          needle,
          how: 'user-path',
          beats: [
            { user: `fyi the 500 comes from ${needle}, line 80 or so, the decoder there is wrong.` },
            {
              step: one(
                undefined,
                ok(
                  'open_file',
                  { path: `${ROOT}/${needle}`, line: 70 },
                  '  implicit val dec: EntityDecoder[IO, UpgradeReq] = jsonOf[IO, UpgradeReq]\n  ...\n  case req @ POST -> Root / "subscriptions" / UUIDVar(id) / "upgrade" =>\n    req.as[UpgradeReq].flatMap(...)',
                ),
              ),
            },
          ],
        };
      }),
    ],
    error: [
      P(false, ({ mint, rng }) => {
        const k = mint('word');
        const needle = `not found: value ${k}Total`;
        return {
          needle,
          how: 'tool-scalac',
          beats: [
            {
              step: one(
                undefined,
                fail(
                  'shell',
                  sh('sbt compile'),
                  `${sbtHead()}\n[info] compiling 3 Scala sources to ${ROOT}/core/target/scala-2.13/classes ...\n[error] ${ROOT}/${src('Subscription')}:${rng.int(40, 140)}:${rng.int(9, 40)}: ${needle}\n[error]     val due = ${k}Total - credit\n[error]               ^\n[error] one error found\n[error] (core / Compile / compileIncremental) Compilation failed\n[error] Total time: 11 s, completed May 14, 2024, 10:41:09 AM`,
                ),
              ),
            },
            {
              step: one(
                undefined,
                ok(
                  'str_replace',
                  {
                    path: `${ROOT}/${src('Subscription')}`,
                    old_str: `val due = ${k}Total - credit`,
                    new_str: 'val due = newPlanTotal - credit',
                  },
                  'Replaced 1 occurrence.',
                ),
              ),
            },
            { step: one(undefined, ok('shell', sh('sbt compile'), compileOkShort())) },
          ],
        };
      }),
      P(false, ({ mint, rng }) => {
        const k = mint('word');
        const needle = `prorate ${k} upgrades *** FAILED ***`;
        return {
          needle,
          how: 'tool-scalatest',
          beats: [
            {
              step: one(
                undefined,
                fail(
                  'shell',
                  sh('sbt "core/testOnly *SubscriptionSpec"'),
                  `${sbtHead()}\n[info] SubscriptionSpec:\n[info] - should renew at period end\n[info] - should ${needle}\n[info]   Money(41.93) did not equal Money(41.94) (SubscriptionSpec.scala:${rng.int(30, 120)})\n[info] - should not prorate downgrades\n[info] Run completed in 1 second, ${rng.int(100, 999)} milliseconds.\n[info] Total number of tests run: 3\n[info] Suites: completed 1, aborted 0\n[info] Tests: succeeded 2, failed 1, canceled 0, ignored 0, pending 0\n[info] *** 1 TEST FAILED ***\n[error] Failed tests:\n[error] \tcom.acme.billing.SubscriptionSpec\n[error] (core / Test / testOnly) sbt.TestsFailedException: Tests unsuccessful\n[error] Total time: 9 s, completed May 14, 2024, 10:52:30 AM`,
                ),
              ),
            },
            {
              step: one(
                undefined,
                ok(
                  'think',
                  { thought: `"${needle}": off by one cent — rounding happens per day instead of once at the end.` },
                  'ok',
                ),
              ),
            },
          ],
        };
      }),
      P(false, ({ mint, rng }) => {
        const k = mint('word');
        const needle = `IllegalStateException: ${cap(k)}Gateway not initialized`;
        const out = buried(
          rng,
          rng.int(10, 30),
          (i) =>
            `10:${pad(20 + (i % 30))}:${pad(i % 60)}.${rng.int(100, 999)} [io-compute-${rng.int(1, 8)}] INFO  o.h.b.c.nio1.NIO1SocketServerGroup - ${rng.pick(['Service bound to address /0:0:0:0:0:0:0:0:8080', 'Accepted connection from /172.18.0.1:5' + rng.int(1000, 9999), 'request completed: GET /health 200'])}`,
          `10:59:02.${rng.int(100, 999)} [io-compute-3] ERROR o.h.s.service-errors - Error servicing request: POST /subscriptions/9a1e/upgrade from 172.18.0.1\njava.lang.${needle}\n\tat com.acme.billing.${cap(k)}Gateway.client(${cap(k)}Gateway.scala:${rng.int(20, 90)})\n\tat com.acme.billing.api.SubscriptionEndpoint.$anonfun$routes$3(SubscriptionEndpoint.scala:84)\n\tat cats.effect.IOFiber.runLoop(IOFiber.scala:413)\n\tat cats.effect.IOFiber.execR(IOFiber.scala:1362)\n\tat cats.effect.IOFiber.run(IOFiber.scala:119)\n\tat cats.effect.unsafe.WorkerThread.run(WorkerThread.scala:743)`,
          '10:59:02.611 [io-compute-3] INFO  org.http4s.server.middleware.Logger - HTTP/1.1 POST /subscriptions/9a1e/upgrade -> 500 Internal Server Error',
        );
        return {
          needle,
          how: 'tool-stacktrace',
          beats: [
            {
              step: one(
                'Reproducing the 500 against the local server.',
                fail('shell', sh('docker compose logs api --since 5m'), out),
              ),
            },
            {
              step: one(
                undefined,
                ok(
                  'shell',
                  sh(`rg -n "class ${cap(k)}Gateway" -A6`),
                  `${src(`${cap(k)}Gateway`)}:12:final class ${cap(k)}Gateway(ref: Ref[IO, Option[Client[IO]]]) {`,
                ),
              ),
            },
          ],
        };
      }),
      P(false, ({ mint, rng }) => {
        const n = mint('num');
        const needle = `V${n}__add_invoice_terms.sql failed`;
        return {
          needle,
          how: 'tool-flyway',
          beats: [
            {
              step: one(
                undefined,
                fail(
                  'shell',
                  sh('sbt "core/flywayMigrate"'),
                  `${sbtHead()}\n[info] Flyway Community Edition 9.22.3 by Redgate\n[info] Database: jdbc:postgresql://localhost:5432/billing (PostgreSQL 15.6)\n[info] Successfully validated ${rng.int(12, 30)} migrations (execution time 00:00.031s)\n[info] Current version of schema "public": 14\n[info] Migrating schema "public" to version "${n} - add invoice terms"\n[error] org.flywaydb.core.internal.command.DbMigrate$FlywayMigrateException: Migration ${needle}\n[error] ---------------------------------------------\n[error] SQL State  : 42703\n[error] Error Code : 0\n[error] Message    : ERROR: column "terms_days" of relation "invoices" does not exist\n[error]   Position: 48\n[error] Location   : db/migration/V${n}__add_invoice_terms.sql (${ROOT}/core/src/main/resources/db/migration/V${n}__add_invoice_terms.sql)\n[error] Line       : 2\n[error] Statement  : UPDATE invoices SET terms_days = 30 WHERE terms_days IS NULL`,
                ),
              ),
            },
            {
              step: one(
                undefined,
                ok(
                  'open_file',
                  { path: `${ROOT}/core/src/main/resources/db/migration/V${n}__add_invoice_terms.sql` },
                  'ALTER TABLE invoice ADD COLUMN terms_days INT;\nUPDATE invoices SET terms_days = 30 WHERE terms_days IS NULL;',
                ),
              ),
            },
          ],
        };
      }),
    ],
    pending: [
      P(false, ({ mint }) => {
        const k = mint('word');
        const needle = `gatling:testOnly ${cap(k)}Simulation`;
        return {
          needle,
          how: 'agent-plan',
          beats: [
            {
              step: one(
                undefined,
                ok(
                  'update_plan',
                  {
                    plan: `1. ✅ Model\n2. ✅ Failing test\n3. ✅ Proration\n4. ✅ Tests + scalafmt\n5. ⏳ Load test: \`sbt "${needle}"\` against staging before opening the PR (needs staging creds)`,
                  },
                  'Plan updated.',
                ),
              ),
            },
          ],
        };
      }),
      P(true, ({ mint }) => {
        const k = mint('word');
        const needle = `proration_${k}`;
        return {
          needle,
          how: 'user-next',
          beats: [
            {
              user: `Great work. After this is merged we still need to backfill \`${needle}\` for the March invoices — don't do it now, just leave the script ready.`,
            },
            {
              step: one(
                undefined,
                ok(
                  'message_user',
                  { message: `Noted — I'll prepare (but not run) a backfill script for ${needle} covering March.` },
                  'sent',
                ),
              ),
            },
          ],
        };
      }),
    ],
    value: [
      P(false, ({ mint, rng }) => {
        const c = mint('code');
        const needle = `cus_${c}${chars(rng, 8)}`;
        return {
          needle,
          how: 'tool-json',
          beats: [
            {
              step: one(
                'Creating a test customer on stripe-mock.',
                ok(
                  'shell',
                  sh('curl -s -u sk_test_123: localhost:12111/v1/customers -d email=qa@acme.test'),
                  `{\n  "id": "${needle}",\n  "object": "customer",\n  "balance": 0,\n  "created": 1715680000,\n  "currency": "eur",\n  "email": "qa@acme.test",\n  "livemode": false\n}`,
                ),
              ),
            },
            {
              step: one(
                undefined,
                ok(
                  'shell',
                  sh(
                    `curl -s -X POST localhost:8080/subscriptions -d '{"customer":"${needle}","plan":"team-monthly"}'`,
                  ),
                  '{"id":"9a1e5c1e-2f1c-4b8e-9d11-5b2a2a1c0d7e","status":"active"}',
                ),
              ),
            },
          ],
        };
      }),
      P(true, ({ mint }) => {
        const k = mint('word');
        const needle = `billing-sandbox-${k}`;
        return {
          needle,
          how: 'user-secret',
          beats: [
            {
              user: `The sandbox API key for the provider is in 1Password under "${needle}" — I've exported it as PAYMENTS_KEY in your env.`,
            },
            { step: one(undefined, ok('shell', sh('test -n "$PAYMENTS_KEY" && echo set'), 'set')) },
          ],
        };
      }),
      P(false, ({ mint, rng }) => {
        const h = mint('hex');
        const id = h + hex(rng, 3);
        return {
          needle: id,
          how: 'tool-container',
          beats: [
            {
              step: one(
                undefined,
                ok(
                  'shell',
                  sh('docker run -d --rm -e POSTGRES_PASSWORD=pw -p 55432:5432 postgres:15'),
                  `${id}${hex(rng, 52)}`,
                ),
              ),
            },
            {
              step: one(
                undefined,
                ok(
                  'shell',
                  sh(`sleep 3 && docker logs ${id} 2>&1 | tail -n 2`),
                  '2024-05-14 10:11:02.118 UTC [1] LOG:  database system is ready to accept connections',
                ),
              ),
            },
          ],
        };
      }),
    ],
  },
};

function compileOkShort(): string {
  return `[info] compiling 2 Scala sources to ${ROOT}/core/target/scala-2.13/classes ...\n[success] Total time: 9 s, completed May 14, 2024, 10:44:51 AM`;
}
