/**
 * Cohere Command R tool use written as text: the model opens with `Plan:` (later `Reflection:`)
 * and an `Action: ```json [{"tool_name", "parameters"}, …]``` ` list (several calls at once),
 * answered by a `<results>` block of `Document: N` entries; its final turn is the grounded-answer
 * layout (`Relevant Documents:`, `Cited Documents:`, `Answer:`, `Grounded answer:`). The agent
 * maintains a WooCommerce shop with WP-CLI, Composer, PHPUnit and PHPCS; the user writes in Hindi.
 */
import {
  beat,
  fact,
  boxTable,
  buried,
  cap,
  fail,
  lines,
  many,
  ok,
  one,
  pad,
  planter,
  type DeepCall,
  type DeepHarness,
  type DeepStep,
  type Planter,
} from './deep-kit';
import type { Rng } from './rng';
import type { FactKind } from './types';

const ROOT = '/var/www/chaikart';
const PLUGIN = `${ROOT}/wp-content/plugins/ck-shipping`;
const FILES = [
  'includes/class-ck-zones.php',
  'includes/class-ck-rates.php',
  'includes/class-ck-cod.php',
  'includes/admin/class-ck-settings.php',
  'ck-shipping.php',
  'tests/test-zones.php',
];
const PLUGINS: [string, string, string, string][] = [
  ['woocommerce', 'active', 'none', '8.9.3'],
  ['ck-shipping', 'active', 'none', '2.4.1'],
  ['woocommerce-gateway-razorpay', 'active', 'available', '4.5.2'],
  ['wordpress-seo', 'active', 'available', '22.8'],
  ['action-scheduler', 'active', 'none', '3.7.4'],
  ['query-monitor', 'inactive', 'none', '3.16.3'],
  ['wp-mail-smtp', 'active', 'none', '4.0.1'],
  ['woocommerce-pdf-invoices-packing-slips', 'active', 'available', '3.8.2'],
];

function wp(command: string, output: string, exit = 0): DeepCall {
  return exit === 0 ? ok('wp_cli', { command }, output) : fail('wp_cli', { command }, output, exit);
}

function shell(command: string, output: string, exit = 0): DeepCall {
  return exit === 0 ? ok('shell', { command }, output) : fail('shell', { command }, output, exit);
}

function php(rng: Rng, file: string, extra = ''): string {
  const cls = `CK_${cap(file.replace(/.*\/|class-ck-|test-|\.php$/g, '').replace(/[^a-z]/g, '') || 'Plugin')}`;
  const methods = rng.sample(
    ['get_rate', 'register', 'zone_for_pincode', 'calculate_shipping', 'maybe_add_fee', 'render'],
    rng.int(2, 4),
  );
  return `<?php\n/**\n * ${cls}\n *\n * @package CK_Shipping\n */\n\ndefined( 'ABSPATH' ) || exit;\n${extra}\nclass ${cls} {\n${methods
    .map(
      (m) =>
        `\tpublic function ${m}( $package = array() ) {\n\t\t$pincode = isset( $package['destination']['postcode'] ) ? sanitize_text_field( $package['destination']['postcode'] ) : '';\n\t\treturn apply_filters( 'ck_${m}', $pincode, $package );\n\t}\n`,
    )
    .join('\n')}}\n`;
}

function debugLog(rng: Rng, n: number): string {
  return lines(n, (i) => {
    const t = `[${pad(rng.int(1, 28))}-Jun-2024 ${pad(rng.int(0, 23))}:${pad(i % 60)}:${pad(rng.int(0, 59))} UTC]`;
    return `${t} ${rng.pick([
      `PHP Warning:  Undefined array key "ck_zone" in ${PLUGIN}/includes/class-ck-zones.php on line 88`,
      `PHP Deprecated:  Creation of dynamic property CK_Rates::$cache is deprecated in ${PLUGIN}/includes/class-ck-rates.php on line 31`,
      'PHP Notice:  Function _load_textdomain_just_in_time was called <strong>incorrectly</strong>.',
      `Cron reschedule event error for hook: action_scheduler_run_queue, Error code: invalid_schedule, Error message: Event schedule does not exist., Data: {"schedule":"every_minute","args":["WP Cron"],"interval":60}`,
    ])}`;
  });
}

function phpunitPass(rng: Rng): string {
  const n = rng.int(20, 70);
  return `Installing...\nRunning as single site... To run multisite, use -c tests/phpunit/multisite.xml\nNot running ajax tests. To execute these, use --group ajax.\nPHPUnit 9.6.19 by Sebastian Bergmann and contributors.\n\n${'.'.repeat(n)}  ${n} / ${n} (100%)\n\nTime: 00:0${rng.int(1, 9)}.${rng.int(100, 999)}, Memory: ${rng.int(38, 60)}.00 MB\n\nOK (${n} tests, ${n * 2 + rng.int(0, 20)} assertions)`;
}

function phpcs(rng: Rng): string {
  const f = rng.pick(FILES);
  const n = rng.int(2, 6);
  return `\nFILE: ${PLUGIN}/${f}\n----------------------------------------------------------------------\nFOUND ${n} ERRORS AFFECTING ${n} LINES\n----------------------------------------------------------------------\n${lines(
    n,
    (i) =>
      ` ${String(rng.int(10, 200)).padStart(3)} | ERROR | [${i % 2 ? 'x' : ' '}] ${rng.pick([
        'Missing doc comment for function get_rate()',
        'Expected 1 spaces after opening parenthesis; 0 found',
        "All output should be run through an escaping function (see the Security sections in the WordPress Developer Handbooks), found '$label'.",
        'Processing form data without nonce verification.',
      ])}`,
  )}\n----------------------------------------------------------------------\nPHPCBF CAN FIX THE 1 MARKED SNIFF VIOLATIONS AUTOMATICALLY\n----------------------------------------------------------------------\n\nTime: ${rng.int(200, 900)}ms; Memory: 12MB`;
}

function orders(rng: Rng, n: number): string {
  return boxTable(
    ['id', 'status', 'total', 'date_created'],
    Array.from({ length: n }, (_, i) => [
      String(48000 + i * 3 + rng.int(0, 2)),
      rng.pick(['processing', 'completed', 'on-hold', 'pending', 'failed']),
      `${rng.int(199, 4999)}.00`,
      `2024-06-${pad(1 + (i % 28))}T${pad(rng.int(0, 23))}:${pad(rng.int(0, 59))}:00`,
    ]),
  );
}

function noise(rng: Rng): DeepStep {
  switch (rng.int(0, 10)) {
    case 0:
      return one(
        'I will list the plugins and their versions.',
        wp('plugin list', boxTable(['name', 'status', 'update', 'version'], PLUGINS)),
      );
    case 1: {
      const f = rng.pick(FILES);
      return one(`I will read ${f}.`, ok('read_file', { path: `${PLUGIN}/${f}` }, php(rng, f)));
    }
    case 2:
      return many('I will check the error log and the cron queue together.', [
        shell(`tail -n 40 ${ROOT}/wp-content/debug.log`, debugLog(rng, 40)),
        wp(
          'cron event list --fields=hook,next_run_relative,recurrence',
          boxTable(
            ['hook', 'next_run_relative', 'recurrence'],
            [
              ['action_scheduler_run_queue', `${rng.int(1, 59)} seconds`, '1 minute'],
              ['woocommerce_cleanup_sessions', `${rng.int(1, 11)} hours`, '12 hours'],
              ['wp_version_check', `${rng.int(1, 11)} hours`, '12 hours'],
              ['ck_refresh_pincodes', `${rng.int(1, 23)} hours`, '1 day'],
            ],
          ),
        ),
      ]);
    case 3:
      return one('I will run the plugin test suite.', shell(`cd ${PLUGIN} && vendor/bin/phpunit`, phpunitPass(rng)));
    case 4:
      return one(
        'I will run the coding standards check.',
        shell(`cd ${PLUGIN} && vendor/bin/phpcs --standard=WordPress includes/`, phpcs(rng), 2),
      );
    case 5:
      return one(
        'I will look at recent processing orders.',
        wp(
          'wc order list --user=1 --status=processing --fields=id,status,total,date_created',
          orders(rng, rng.int(5, 25)),
        ),
      );
    case 6:
      return many('I will check the site URL and WooCommerce version.', [
        wp('option get siteurl', 'https://staging.chaikart.in'),
        wp('plugin get woocommerce --field=version', '8.9.3'),
      ]);
    case 7:
      return one(
        'I will query the shipping zones table.',
        wp(
          'db query "SELECT zone_id, zone_name, zone_order FROM wp_woocommerce_shipping_zones"',
          `zone_id\tzone_name\tzone_order\n${lines(rng.int(4, 12), (i) => `${i + 1}\t${['Metro', 'Tier 2', 'North East', 'J&K', 'Rest of India', 'Islands'][i % 6]}\t${i}`)}`,
        ),
      );
    case 8:
      return one(
        'I will check the storefront responds.',
        shell(
          'curl -sI https://staging.chaikart.in/checkout/',
          `HTTP/2 ${rng.pick(['200', '200', '302'])}\nserver: nginx\ncontent-type: text/html; charset=UTF-8\nx-powered-by: PHP/8.1.${rng.int(10, 29)}\nlink: <https://staging.chaikart.in/wp-json/>; rel="https://api.w.org/"\ncache-control: no-cache, must-revalidate, max-age=0`,
        ),
      );
    case 9:
      return one(
        'I will flush caches after the change.',
        wp(
          'cache flush && wp transient delete --all',
          `Success: The cache was flushed.\nSuccess: ${rng.int(3, 90)} transients deleted from the database.`,
        ),
      );
    default:
      return one(
        'I will check the pending scheduled actions.',
        wp(
          'action-scheduler list --status=failed --per_page=5 --fields=hook,status,date',
          rng.chance(0.5)
            ? 'Warning: No actions found.'
            : boxTable(
                ['hook', 'status', 'date'],
                [['woocommerce_run_product_attribute_lookup_update_callback', 'failed', '2024-06-11 03:12:00']],
              ),
        ),
      );
  }
}

function big(rng: Rng): DeepStep {
  if (rng.chance(0.5))
    return one(
      'I will pull the whole debug log to see how often this happens.',
      shell(`cat ${ROOT}/wp-content/debug.log`, debugLog(rng, rng.int(150, 260))),
    );
  return one(
    'I will export the order list for the month.',
    wp('wc order list --user=1 --per_page=100 --fields=id,status,total,date_created', orders(rng, rng.int(300, 420))),
  );
}

const NAMASTE = ['नमस्ते!', 'नमस्ते,', 'हाय,', 'सुनो,'];

const PLANTERS: Record<FactKind, Planter[]> = {
  goal: [
    planter(true, ({ rng, mint }) => {
      const w = cap(mint('word'));
      const needle = `${w} Express के लिए नया shipping method`;
      return fact(needle, 'user-request', [
        {
          user: `${rng.pick(NAMASTE)} chaikart.in (WooCommerce) पर हमें ${needle} चाहिए — pincode के हिसाब से rate, और COD सिर्फ़ metro zones में। कोड ck-shipping plugin में है। staging पर काम करो, live को हाथ मत लगाना।`,
        },
      ]);
    }),
    planter(true, ({ rng, mint }) => {
      const w = mint('word');
      const needle = `COD fee for pincode zone ${w}`;
      return fact(needle, 'user-email', [
        {
          user: `क्लाइंट का ईमेल नीचे है, इसे implement करना है:\n\n---------- Forwarded message ---------\nFrom: Priya Nair <priya@chaikart.in>\nSubject: ${needle}\n\nHi team, from next month we need a ₹${rng.int(29, 79)} cash-on-delivery fee on orders shipping to the ${w} zone only, shown as a separate line at checkout. Prepaid orders unchanged.\n\nThanks,\nPriya\n---------\n\nकृपया देख लो।`,
        },
      ]);
    }),
    planter(true, ({ mint }) => {
      const c = mint('code');
      const needle = `invoice prefix ${c}`;
      return fact(needle, 'user-terse', [
        { user: `GST invoice PDF में ${needle} चाहिए, financial year के साथ reset होना चाहिए।` },
      ]);
    }),
    planter(false, ({ rng, mint }) => {
      const w = cap(mint('word'));
      const needle = `Migrate ${w} subscriptions to HPOS`;
      return fact(needle, 'tool-card', [
        beat(
          'I will read the next card on the Trello board.',
          ok(
            'http_request',
            {
              method: 'GET',
              url: `https://api.trello.com/1/cards/${rng.int(100000, 999999)}?fields=name,desc,due`,
            },
            JSON.stringify(
              {
                id: `66${rng.int(1000000, 9999999)}`,
                name: needle,
                desc: 'Custom order tables are on in staging. Subscription renewals still read wp_posts.',
                due: '2024-07-01T12:00:00.000Z',
              },
              null,
              2,
            ),
          ),
        ),
      ]);
    }),
  ],
  constraint: [
    planter(true, ({ rng, mint }) => {
      const w = mint('word');
      const needle = `staging-${w}.chaikart.in`;
      return fact(needle, 'user-rule', [
        {
          user: `एक बात ध्यान रखो: ${needle} के अलावा कहीं भी DB write नहीं करना, ${rng.pick(['search-replace भी नहीं।', 'backup होने तक।'])}`,
        },
      ]);
    }),
    planter(false, ({ mint }) => {
      const w = mint('word');
      const needle = `Do not rename the ck_${w}_rate option`;
      return fact(needle, 'tool-readme', [
        beat(
          'I will read the developer notes of the plugin.',
          ok(
            'read_file',
            { path: `${PLUGIN}/README-dev.md` },
            `# ck-shipping developer notes\n\n* Build: \`composer install && npm run build\`\n* Tests: \`vendor/bin/phpunit\` (needs the wp-tests DB)\n* ${needle}; the Android app reads it straight from /wp-json/wc/v3/settings.\n* Strings go through the \`ck-shipping\` text domain.\n`,
          ),
        ),
      ]);
    }),
    planter(false, ({ rng, mint }) => {
      const w = cap(mint('word'));
      const needle = `${w}Shield hooks at 100`;
      return fact(needle, 'tool-comment', [
        beat(
          'I will read the rates class.',
          ok(
            'read_file',
            { path: `${PLUGIN}/includes/class-ck-rates.php` },
            php(
              rng,
              'includes/class-ck-rates.php',
              `\n// Keep priority 99 on woocommerce_package_rates: ${needle} and rewrites the rates.\nadd_filter( 'woocommerce_package_rates', array( 'CK_Rates', 'filter' ), 99, 2 );\n`,
            ),
          ),
        ),
      ]);
    }),
    planter(true, ({ mint }) => {
      const c = mint('code');
      const needle = `सर्वर ${c} पर अभी PHP 7.4`;
      return fact(needle, 'user-aside', [{ user: `और हाँ, ${needle} है, तो enum या readonly properties मत लिखना।` }]);
    }),
  ],
  decision: [
    planter(false, ({ rng, mint }) => {
      const w = mint('word');
      const needle = `wp_ck_${w}_rates`;
      return fact(needle, 'agent-plan', [
        beat(
          `Storing ${rng.int(19000, 19999)} pincodes in wp_options would autoload a huge row, so I will create a custom table ${needle} with dbDelta on activation and read it with a prepared query.`,
          ok('read_file', { path: `${PLUGIN}/ck-shipping.php` }, php(rng, 'ck-shipping.php')),
        ),
      ]);
    }),
    planter(true, ({ mint }) => {
      const w = mint('word');
      const needle = `group ${w}_sync`;
      return fact(needle, 'user-choice', [
        { user: `WP-Cron नहीं, Action Scheduler ही use करो। ${needle} रखना ताकि admin में filter कर सकें।` },
        beat(
          'I will check Action Scheduler is available.',
          wp('plugin is-active action-scheduler && echo active', 'active'),
        ),
      ]);
    }),
    planter(false, ({ rng, mint }) => {
      const w = mint('word');
      const needle = `flat COD fee via ck_${w}_fee filter`;
      const h = `${rng.pick(['1', '4', '9'])}${rng.int(100000, 999999).toString(16)}`;
      return fact(needle, 'tool-commit', [
        beat(
          'I will commit the fee change.',
          shell(
            `cd ${PLUGIN} && git commit -am "Use ${needle} instead of percentage"`,
            `[feature/cod ${h}] Use ${needle} instead of percentage\n 2 files changed, ${rng.int(10, 60)} insertions(+), ${rng.int(2, 30)} deletions(-)`,
          ),
        ),
      ]);
    }),
  ],
  file: [
    planter(false, ({ rng, mint }) => {
      const w = mint('word');
      const path = `${PLUGIN}/includes/class-ck-${w}.php`;
      return fact(path, 'tool-write', [
        beat(
          'I will create the new class file.',
          ok(
            'write_file',
            { path, content: php(rng, `class-ck-${w}.php`) },
            `Wrote ${rng.int(1200, 4800)} bytes to ${path}`,
          ),
        ),
        beat('I will lint it.', shell(`php -l ${path}`, `No syntax errors detected in ${path}`)),
      ]);
    }),
    planter(true, ({ mint }) => {
      const w = mint('word');
      const path = `wp-content/themes/ck-storefront-child/woocommerce/checkout/${w}-form.php`;
      return fact(path, 'user-path', [
        { user: `checkout का template override यहाँ है: ${path} — label वहीं बदलना।` },
        beat(
          'I will read the template override.',
          ok(
            'read_file',
            { path: `${ROOT}/${path}` },
            `<?php\ndefined( 'ABSPATH' ) || exit;\n?>\n<div class="ck-cod-note"><?php esc_html_e( 'Cash on delivery', 'ck-storefront-child' ); ?></div>\n`,
          ),
        ),
      ]);
    }),
    planter(false, ({ rng, mint }) => {
      const w = mint('word');
      const path = `tests/test-${w}-fees.php`;
      return fact(path, 'tool-status', [
        beat('I will check what changed, and the tests.', [
          shell(
            `cd ${PLUGIN} && git status --short`,
            ` M includes/class-ck-cod.php\n M includes/class-ck-rates.php\n?? ${path}`,
          ),
          shell(`cd ${PLUGIN} && vendor/bin/phpunit --filter Fees`, phpunitPass(rng)),
        ]),
      ]);
    }),
  ],
  error: [
    planter(false, ({ rng, mint }) => {
      const w = mint('word');
      const needle = `Call to undefined function ck_${w}_zone()`;
      const file = `${PLUGIN}/includes/class-ck-cod.php`;
      return fact(needle, 'tool-debuglog', [
        beat(
          'I will read the end of the debug log after loading checkout.',
          shell(
            `tail -n 60 ${ROOT}/wp-content/debug.log`,
            buried(
              rng,
              rng.int(20, 40),
              () => debugLog(rng, 1),
              `[${pad(rng.int(1, 28))}-Jun-2024 11:02:17 UTC] PHP Fatal error:  Uncaught Error: ${needle} in ${file}:${rng.int(20, 120)}\nStack trace:\n#0 ${ROOT}/wp-includes/class-wp-hook.php(324): CK_COD->maybe_add_fee(Object(WC_Cart))\n#1 ${ROOT}/wp-includes/class-wp-hook.php(348): WP_Hook->apply_filters(NULL, Array)\n#2 ${ROOT}/wp-includes/plugin.php(517): WP_Hook->do_action(Array)\n#3 ${ROOT}/wp-content/plugins/woocommerce/includes/class-wc-cart.php(1940): do_action('woocommerce_car...', Object(WC_Cart))\n#4 {main}\n  thrown in ${file} on line ${rng.int(20, 120)}`,
              debugLog(rng, 2),
            ),
          ),
        ),
      ]);
    }),
    planter(false, ({ rng, mint }) => {
      const w = cap(mint('word'));
      const needle = `CK_${w}_Test::test_rates_for_metro`;
      const n = rng.int(20, 60);
      return fact(needle, 'tool-phpunit', [
        beat(
          'I will run the tests.',
          shell(
            `cd ${PLUGIN} && vendor/bin/phpunit`,
            `PHPUnit 9.6.19 by Sebastian Bergmann and contributors.\n\n${'.'.repeat(n - 1)}F  ${n} / ${n} (100%)\n\nTime: 00:04.${rng.int(100, 999)}, Memory: 44.00 MB\n\nThere was 1 failure:\n\n1) ${needle}\nFailed asserting that 49.0 matches expected 59.0.\n\n${PLUGIN}/tests/test-rates.php:${rng.int(20, 140)}\n\nFAILURES!\nTests: ${n}, Assertions: ${n * 2}, Failures: 1.`,
            1,
          ),
        ),
      ]);
    }),
    planter(false, ({ rng, mint }) => {
      const w = mint('word');
      const needle = `requires chaikart/${w} ^2.1`;
      return fact(needle, 'tool-composer', [
        beat(
          'I will install the PHP dependencies.',
          shell(
            `cd ${PLUGIN} && composer install --no-dev`,
            `Installing dependencies from lock file\nVerifying lock file contents can be installed on current platform.\nWarning: The lock file is not up to date with the latest changes in composer.json. You may be getting outdated dependencies. It is recommended that you run \`composer update\` or \`composer update <package name>\`.\nYour lock file does not contain a compatible set of packages. Please run composer update.\n\n  Problem 1\n    - Root composer.json ${needle}, found chaikart/${w}[dev-main, 1.${rng.int(0, 9)}.0] in the lock file but not in remote repositories, make sure you avoid updating this package to keep the one from the lock file.\n  Problem 2\n    - Root composer.json requires php >=8.1 but your php version (7.4.33) does not satisfy that requirement.`,
            2,
          ),
        ),
      ]);
    }),
    planter(true, ({ rng, mint }) => {
      const w = cap(mint('word'));
      const needle = `Uncaught TypeError: CK_${w}::rate(): Argument #1 ($weight) must be of type float, string given`;
      return fact(needle, 'user-paste', [
        {
          user: `साइट से यह ईमेल आया (technical issue वाला):\n\nWordPress version 6.5.4\nActive theme: Storefront Child (version 1.2)\nCurrent plugin: CK Shipping (version 2.4.1)\nPHP version 8.1.${rng.int(10, 29)}\n\nError Details\n=============\nAn error of type E_ERROR was caused in line ${rng.int(20, 200)} of the file ${PLUGIN}/includes/class-ck-rates.php. Error message: ${needle}, called in ${PLUGIN}/includes/class-ck-zones.php on line ${rng.int(20, 200)}\n\nयह क्या है?`,
        },
      ]);
    }),
  ],
  pending: [
    planter(false, ({ mint }) => {
      const w = mint('word');
      const needle = `regenerate the ${w} pincode cache on live`;
      return fact(needle, 'agent-next', [
        beat(
          `The staging work is done. The remaining step is to ${needle} after the deploy, which needs your approval, so I am writing it into the handover notes.`,
          ok(
            'write_file',
            {
              path: `${PLUGIN}/HANDOVER.md`,
              content: `## Next\n- ${needle} (wp ck-shipping rebuild-cache --url=https://chaikart.in)\n`,
            },
            `Wrote 96 bytes to ${PLUGIN}/HANDOVER.md`,
          ),
        ),
      ]);
    }),
    planter(true, ({ mint }) => {
      const w = mint('word');
      const needle = `${w} वाले coupon की expiry`;
      return fact(needle, 'user-later', [
        { user: `ठीक है। इसके बाद ${needle} भी बढ़ानी है, पर वो कल करेंगे।` },
        beat(
          'I will look up that coupon for later.',
          wp(
            'wc shop_coupon list --user=1 --fields=id,code,date_expires',
            boxTable(['id', 'code', 'date_expires'], [['9122', 'monsoon10', '2024-06-30T23:59:59']]),
          ),
        ),
      ]);
    }),
    planter(false, ({ rng, mint }) => {
      const n = mint('num');
      const needle = `wp ck-shipping backfill --from=${n}`;
      return fact(needle, 'tool-todo', [
        beat('I will note the backfill that is still to run and check the queue.', [
          ok(
            'write_file',
            { path: `${PLUGIN}/TODO.md`, content: `- [ ] ${needle} (orders before the fee change)\n` },
            `Wrote ${rng.int(60, 90)} bytes to ${PLUGIN}/TODO.md`,
          ),
          wp(
            'action-scheduler list --status=pending --per_page=3 --fields=hook,status',
            boxTable(['hook', 'status'], [['ck_refresh_pincodes', 'pending']]),
          ),
        ]),
      ]);
    }),
  ],
  value: [
    planter(false, ({ rng, mint }) => {
      const h = mint('hex');
      const needle = `ck${h}_`;
      return fact(needle, 'tool-config', [
        beat('I will check the table prefix.', wp('config get table_prefix', needle)),
        beat(
          `The prefix is ${needle}, not wp_; I will use it in the query.`,
          wp(
            `db query "SELECT COUNT(*) FROM ${needle}wc_orders WHERE status='wc-processing'"`,
            `COUNT(*)\n${rng.int(10, 400)}`,
          ),
        ),
      ]);
    }),
    planter(false, ({ rng, mint }) => {
      const c = mint('hex');
      const needle = `wc_order_${c}`;
      const id = rng.int(48000, 49999);
      return fact(needle, 'tool-order', [
        beat(
          'I will create a test COD order.',
          wp(`wc shop_order create --user=1 --payment_method=cod --status=processing --porcelain`, `${id}`),
        ),
        beat('I will read its order key.', wp(`wc shop_order get ${id} --user=1 --field=order_key`, needle)),
        beat(
          `The order key is ${needle}; I will open the thank-you page with it.`,
          shell(
            `curl -s -o /dev/null -w "%{http_code}" "https://staging.chaikart.in/checkout/order-received/${id}/?key=${needle}"`,
            '200',
          ),
        ),
      ]);
    }),
    planter(true, ({ mint }) => {
      const c = mint('code');
      const needle = `acc_${c}`;
      return fact(needle, 'user-id', [
        { user: `Razorpay में हमारा route account ${needle} है, settlement उसी में जाना चाहिए।` },
        beat('I will check the gateway setting.', wp('option pluck woocommerce_razorpay_settings route_enable', 'yes')),
      ]);
    }),
  ],
};

function doc(c: DeepCall, i: number): string {
  return `Document: ${i}\ntool_name: ${c.tool}\n${Object.entries(c.args)
    .filter(([k]) => k !== 'content')
    .map(([k, v]) => `${k}: ${String(v)}`)
    .join('\n')}\n${c.status === 'error' ? `exit_code: ${c.exitCode ?? 1}\n` : ''}output: ${c.output}`;
}

export const DEEP_COMMAND: DeepHarness = {
  style: 'command',
  protocol: 'text',
  system: `## Task And Context
You help people maintain the WooCommerce shop chaikart.in. You have access to a staging server with WP-CLI, Composer and PHP 8.1. When a question needs it, you use the tools below, as many times as needed, then you answer.

## Style Guide
Unless the user asks for a different style of answer, you should answer in full sentences, using proper grammar and spelling.

## Available Tools
Here is a list of tools that you have available to you:

\`\`\`python
def wp_cli(command: str) -> List[Dict]:
    """Runs a WP-CLI command (without the leading \`wp\`) in /var/www/chaikart"""
    pass

def shell(command: str) -> List[Dict]:
    """Runs a bash command on the staging server"""
    pass

def read_file(path: str) -> List[Dict]:
    """Returns the content of a file"""
    pass

def write_file(path: str, content: str) -> List[Dict]:
    """Writes (replaces) a file"""
    pass

def http_request(method: str, url: str) -> List[Dict]:
    """Makes an HTTP request and returns the body"""
    pass

def directly_answer() -> List[Dict]:
    """Calls a standard (un-augmented) AI chatbot to generate a response given the conversation history"""
    pass
\`\`\`

Write 'Action:' followed by a json-formatted list of actions that you want to perform in order to produce a good response to the user's last input. You can use any of the supplied tools any number of times, but you should aim to execute the minimum number of necessary actions for the input. You should use the \`directly_answer\` tool if calling the other tools is unnecessary. The list of actions you want to call should be formatted as a list of json objects, for example:
\`\`\`json
[
    {
        "tool_name": title of the tool in the specification,
        "parameters": a dict of parameters to input into the tool as they are defined in the specs, or {} if it takes no parameters
    }
]\`\`\``,
  tools: ['wp_cli', 'shell', 'read_file', 'write_file', 'http_request'],
  renderStep: (s) => {
    // Command R plans before its first calls and reflects on results after; a plan says what it will do.
    const head = s.say ? `${s.say.startsWith('I will') ? 'Plan' : 'Reflection'}: ${s.say}\n` : '';
    return `${head}Action: \`\`\`json\n${JSON.stringify(
      s.calls.map((c) => ({ tool_name: c.tool, parameters: c.args })),
      null,
      4,
    )}\n\`\`\``;
  },
  renderResults: (s) => `<results>\n${s.calls.map(doc).join('\n\n')}\n</results>`,
  resultPrefix: '<results>\n',
  renderAnswer: (text) => `Relevant Documents: 0,1\nCited Documents: 0\nAnswer: ${text}\nGrounded answer: ${text}`,
  noise,
  big,
  followUp: (rng) =>
    rng.pick([
      'ठीक है, आगे बढ़ो।',
      'phpcs भी चला लो।',
      'checkout page अभी खुल रहा है? एक बार check करो।',
      'अच्छा, ये बताओ कि debug.log में और क्या आ रहा है?',
      'ओके। tests भी चलाओ।',
      'समझ गया। continue करो।',
    ]),
  keepGoing: (rng) => rng.pick(['continue', 'आगे बढ़ो, बीच में मत रुको।', 'जारी रखो।']),
  answer: (rng) =>
    rng.pick([
      'I checked the plugin list, the error log and the test suite; nothing new is failing on staging.',
      'The change is in place on staging and the checkout page returns 200. PHPCS still reports the old doc-comment warnings.',
      'मैंने staging पर बदलाव कर दिया है और tests pass हो रहे हैं।',
      'Done. The cron queue is healthy and the caches were flushed.',
    ]),
  probe: (rng) =>
    rng.pick([
      'अब तक का पूरा हाल बताओ: क्या माँगा था, क्या decide हुआ, कौन सी files बदलीं, कौन से errors आए, और आगे क्या बाकी है?',
      'Summary दो — ids, prefixes, paths सब के साथ, और बाकी काम भी।',
    ]),
  planters: PLANTERS,
};
