/**
 * The haystack harness of the lode family (lode.ts): a Haystack-Agent-like pipeline (an OpenAI chat
 * generator with `call_…` ids, a ToolInvoker running one tool at a time) whose tools are plain Python
 * functions: their return value is the tool message's text, and an exception comes back as
 * `Failed to invoke Tool \`name\` with parameters {…}. Error: …`.
 * Zephyr RTOS firmware for a beehive scale on an nRF52840 DK (Zephyr 3.7, SDK 0.16.8): `west build`'s
 * CMake and Kconfig preamble, ninja progress and the memory-region table, Kconfig warnings that
 * abort the build, devicetree errors, gcc errors that stop ninja and `FATAL ERROR: command exited
 * with status 1`, twister's INFO lines and summary, ztest's assertion failures and suite summary,
 * `west flash` through nrfjprog, the board's UART log with its `[00:00:02.117,000] <inf>` stamps; for
 * a Kyrgyz-speaking beekeeper.
 * Reconstructed rather than copied: the exception wording of Haystack's ToolInvoker, the runner's
 * `exit_code:` first line, and the finer layout of west/twister output, written from memory of
 * Zephyr 3.x.
 */
import type { Rng } from './rng';
import type { FactKind } from './types';
import {
  chars,
  dur,
  fail,
  hex,
  lines,
  numberLines,
  ok,
  one,
  pieces,
  say,
  some,
  type LodeCall,
  type LodeHarness,
  type LodeStep,
  type Planter,
} from './lode-kit';

const HOME = '/home/aibek/zp';
const APP = `${HOME}/hive-scale`;
const SRC = [
  'src/main.c',
  'src/scale.c',
  'src/ble_adv.c',
  'prj.conf',
  'boards/nrf52840dk_nrf52840.overlay',
  'CMakeLists.txt',
];
const TESTS = ['scale.calibration', 'scale.tare', 'scale.filter', 'ble.payload'];

const C = [
  `#include <zephyr/kernel.h>\n#include <zephyr/drivers/sensor.h>\n#include <zephyr/logging/log.h>\n\nLOG_MODULE_REGISTER(hive, LOG_LEVEL_INF);`,
  `static const struct device *const hx = DEVICE_DT_GET_ONE(avia_hx711);\n\nstatic struct k_work_delayable sample_work;`,
  `static void sample_fn(struct k_work *work)\n{\n\tstruct sensor_value v;\n\n\tif (sensor_sample_fetch(hx) < 0) {\n\t\tLOG_WRN("fetch failed");\n\t\tgoto out;\n\t}\n\tsensor_channel_get(hx, SENSOR_CHAN_WEIGHT, &v);\n\tLOG_INF("weight %d.%02d kg", v.val1, v.val2 / 10000);\n\tble_adv_update(v.val1 * 100 + v.val2 / 10000);\nout:\n\tk_work_schedule(&sample_work, K_MINUTES(10));\n}`,
  `int main(void)\n{\n\tif (!device_is_ready(hx)) {\n\t\tLOG_ERR("HX711 not ready");\n\t\treturn 0;\n\t}\n\tble_adv_start();\n\tk_work_init_delayable(&sample_work, sample_fn);\n\tk_work_schedule(&sample_work, K_NO_WAIT);\n\treturn 0;\n}`,
  `CONFIG_SENSOR=y\nCONFIG_HX711=y\nCONFIG_BT=y\nCONFIG_BT_PERIPHERAL=y\nCONFIG_BT_DEVICE_NAME="Aary"\nCONFIG_LOG=y\nCONFIG_PM_DEVICE=y`,
  `/ {\n\thx711: hx711 {\n\t\tcompatible = "avia,hx711";\n\t\tdout-gpios = <&gpio0 3 GPIO_ACTIVE_HIGH>;\n\t\tsck-gpios = <&gpio0 4 GPIO_ACTIVE_HIGH>;\n\t\trate-gpios = <&gpio0 28 GPIO_ACTIVE_HIGH>;\n\t};\n};`,
  `static uint8_t mfg[] = { 0x59, 0x00, 0x00, 0x00 };\n\nstatic const struct bt_data ad[] = {\n\tBT_DATA_BYTES(BT_DATA_FLAGS, BT_LE_AD_NO_BREDR),\n\tBT_DATA(BT_DATA_MANUFACTURER_DATA, mfg, sizeof(mfg)),\n};`,
];

/** A command tool's return value: its exit code, then what it printed. */
function run(tool: string, args: string, output: string, code = 0): LodeCall {
  const text = `exit_code: ${code}\n${output}`;
  return code === 0 ? ok(tool, { args }, text, 0) : fail(tool, { args }, text, code);
}

function west(args: string, output: string, code = 0): LodeCall {
  return run('west', args, output, code);
}

function sh(command: string, output: string, code = 0): LodeCall {
  const text = `exit_code: ${code}\n${output}`;
  return code === 0 ? ok('shell', { command }, text, 0) : fail('shell', { command }, text, code);
}

function read(rng: Rng, path: string): LodeCall {
  return ok(
    'read_file',
    { path: `${APP}/${path}` },
    numberLines(pieces(rng, C, rng.int(10, 30)), 1, (n, l) => `${n}\t${l}`),
  );
}

function preamble(): string {
  return `-- west build: generating a build system\nLoading Zephyr default modules (Zephyr base).\n-- Application: ${APP}\n-- CMake version: 3.28.3\n-- Found Python3: ${HOME}/.venv/bin/python3 (found suitable version "3.12.3", minimum required is "3.10") found components: Interpreter\n-- Cache files will be written to: /home/aibek/.cache/zephyr\n-- Zephyr version: 3.7.0 (${HOME}/zephyr)\n-- Found west (found suitable version "1.2.0", minimum required is "0.14.0")\n-- Board: nrf52840dk, qualifiers: nrf52840\n-- Found host-tools: zephyr 0.16.8 (/home/aibek/zephyr-sdk-0.16.8)\n-- Found toolchain: zephyr 0.16.8 (/home/aibek/zephyr-sdk-0.16.8)\n-- Found Dtc: /home/aibek/zephyr-sdk-0.16.8/sysroots/x86_64-pokysdk-linux/usr/bin/dtc (found suitable version "1.6.0", minimum required is "1.4.6")\n-- Found BOARD.dts: ${HOME}/zephyr/boards/nordic/nrf52840dk/nrf52840dk_nrf52840.dts\n-- Found devicetree overlay: ${APP}/boards/nrf52840dk_nrf52840.overlay`;
}

function kconfigOk(): string {
  return `-- Generated zephyr.dts: ${APP}/build/zephyr/zephyr.dts\n-- Generated devicetree_generated.h: ${APP}/build/zephyr/include/generated/zephyr/devicetree_generated.h\n-- Including generated dts.cmake file: ${APP}/build/zephyr/dts.cmake\nParsing ${HOME}/zephyr/Kconfig\nLoaded configuration '${HOME}/zephyr/boards/nordic/nrf52840dk/nrf52840dk_nrf52840_defconfig'\nMerged configuration '${APP}/prj.conf'\nConfiguration saved to '${APP}/build/zephyr/.config'\nKconfig header saved to '${APP}/build/zephyr/include/generated/zephyr/autoconf.h'`;
}

function ninja(rng: Rng, n: number, total: number): string {
  const objs = [
    'zephyr/CMakeFiles/zephyr.dir/lib/os/printk.c.obj',
    'zephyr/kernel/CMakeFiles/kernel.dir/sched.c.obj',
    'zephyr/subsys/bluetooth/host/CMakeFiles/subsys__bluetooth__host.dir/hci_core.c.obj',
    'zephyr/drivers/sensor/hx711/CMakeFiles/drivers__sensor__hx711.dir/hx711.c.obj',
    'CMakeFiles/app.dir/src/main.c.obj',
    'CMakeFiles/app.dir/src/scale.c.obj',
    'CMakeFiles/app.dir/src/ble_adv.c.obj',
    'zephyr/subsys/logging/CMakeFiles/subsys__logging.dir/log_core.c.obj',
  ];
  const picks = Array.from({ length: n }, () => rng.int(2, total - 2)).sort((a, b) => a - b);
  return picks.map((k) => `[${k}/${total}] Building C object ${rng.pick(objs)}`).join('\n');
}

function memTable(rng: Rng): string {
  const flash = rng.int(150000, 260000);
  const ram = rng.int(30000, 64000);
  return `Memory region         Used Size  Region Size  %age Used\n           FLASH:      ${String(flash).padStart(6)} B         1 MB     ${((flash / 1048576) * 100).toFixed(2).padStart(5)}%\n             RAM:       ${String(ram).padStart(5)} B       256 KB     ${((ram / 262144) * 100).toFixed(2).padStart(5)}%\n        IDT_LIST:          0 GB        32 KB      0.00%\nGenerating files from ${APP}/build/zephyr/zephyr.elf for board: nrf52840dk`;
}

function buildOk(rng: Rng, steps = rng.int(4, 10), total = rng.int(180, 260)): string {
  return `${preamble()}\n${kconfigOk()}\n-- Configuring done (${dur(rng, 2, 5, 1)}s)\n-- Generating done (0.1s)\n-- Build files have been written to: ${APP}/build\n-- west build: building application\n[1/${total}] Preparing syscall dependency handling\n\n[5/${total}] Generating include/generated/zephyr/version.h\n-- Zephyr version: 3.7.0 (${HOME}/zephyr), build: v3.7.0\n${ninja(rng, steps, total)}\n[${total}/${total}] Linking C executable zephyr/zephyr.elf\n${memTable(rng)}`;
}

function uart(rng: Rng, n: number, extra?: string): string {
  let ms = rng.int(200, 400);
  const head = `*** Booting Zephyr OS build v3.7.0 ***\n[00:00:00.${String(ms).padStart(3, '0')},000] <inf> bt_hci_core: HW Platform: Nordic Semiconductor (0x0002)\n[00:00:00.${String(ms + 2).padStart(3, '0')},000] <inf> bt_hci_core: Identity: ${Array.from({ length: 6 }, () => hex(rng, 2).toUpperCase()).join(':')} (random)\n[00:00:00.${String(ms + 4).padStart(3, '0')},000] <inf> hive: advertising as "Aary"`;
  const body = lines(n, () => {
    ms += 600000;
    const s = Math.floor(ms / 1000);
    return `[${String(Math.floor(s / 3600)).padStart(2, '0')}:${String(Math.floor(s / 60) % 60).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}.${String(ms % 1000).padStart(3, '0')},000] <inf> hive: weight ${rng.int(28, 64)}.${String(rng.int(0, 99)).padStart(2, '0')} kg`;
  });
  return `${head}\n${extra ? `${extra}\n` : ''}${body}`;
}

function twisterRun(rng: Rng, failing?: { name: string; log: string }): string {
  const picks = some(rng, TESTS, rng.int(2, 4));
  const rows = picks.map(
    (t, i) =>
      `INFO    - ${i + 1}/${picks.length} native_sim/native         tests/${t.split('.')[0] as string}/${t.padEnd(28)} ${failing && i === 0 ? 'FAILED Failed' : 'PASSED'} (native ${dur(rng, 0.005, 0.09, 3)}s)`,
  );
  const failed = failing ? 1 : 0;
  const pct = (((picks.length - failed) / picks.length) * 100).toFixed(2);
  return `ZEPHYR_BASE unset, using "${HOME}/zephyr"\nRenaming output directory to ${APP}/twister-out.${rng.int(1, 9)}\nINFO    - Using Ninja..\nINFO    - Zephyr version: v3.7.0\nINFO    - Using 'zephyr' toolchain.\nINFO    - Building initial testsuite list...\nINFO    - Writing JSON report ${APP}/twister-out/testplan.json\nINFO    - JOBS: 16\nINFO    - Adding tasks to the queue...\nINFO    - Added initial list of jobs to queue\n${rows.join('\n')}${failing ? `\nERROR   - see: ${APP}/twister-out/native_sim_native/tests/${failing.name}/handler.log\n${failing.log}` : ''}\n\nINFO    - ${picks.length} test scenarios (${picks.length} test instances) selected, 0 configurations skipped (0 by static filter, 0 at runtime).\nINFO    - ${picks.length - failed} of ${picks.length} test instances passed (${pct}%), ${failed} failed, 0 errored, 0 skipped with 0 warnings in ${dur(rng, 12, 60)} seconds\nINFO    - In total ${rng.int(8, 24)} test cases were executed, 0 skipped on 1 out of total 741 platforms (0.13%)\nINFO    - 1 test configurations executed on platforms, 0 test configurations were only built.\nINFO    - Saving reports...\nINFO    - Writing JSON report ${APP}/twister-out/twister.json\nINFO    - Writing xunit report ${APP}/twister-out/twister.xml...\nINFO    - Writing xunit report ${APP}/twister-out/twister_report.xml...\nINFO    - Run completed`;
}

function flash(rng: Rng, snr: string): string {
  return `-- west flash: rebuilding\nninja: no work to do.\n-- west flash: using runner nrfjprog\n-- runners.nrfjprog: mass erase requested\n-- runners.nrfjprog: Flashing file: ${APP}/build/zephyr/zephyr.hex\n[ #################### ]   ${dur(rng, 0.1, 0.3, 3)}s | Erase file - Done erasing                                                          \n[ #################### ]   ${dur(rng, 1, 3, 3)}s | Program file - Done programming                                                    \n[ #################### ]   ${dur(rng, 1, 3, 3)}s | Verify file - Done verifying                                                       \nApplying system reset.\nRun.\n-- runners.nrfjprog: Board with serial number ${snr} flashed successfully.`;
}

function hayNoise(rng: Rng): LodeStep {
  const r = rng.int(0, 8);
  if (r === 0) return one(undefined, west('build -b nrf52840dk/nrf52840 -p auto', buildOk(rng)));
  if (r === 1) {
    if (rng.chance(0.8)) return one(undefined, read(rng, rng.pick(SRC)));
    const path = `${APP}/${rng.pick(['src/hx711.c', 'Kconfig', 'boards/nrf52840dk_nrf52840.conf', 'sample.yaml'])}`;
    return one(
      undefined,
      fail(
        'read_file',
        { path },
        `Failed to invoke Tool \`read_file\` with parameters {'path': '${path}'}. Error: [Errno 2] No such file or directory: '${path}'`,
      ),
    );
  }
  if (r === 2) return one(undefined, west('twister -T tests -p native_sim', twisterRun(rng)));
  if (r === 3)
    return one(
      undefined,
      sh(
        'git status --short && git log --oneline -3',
        `${some(rng, SRC, rng.int(1, 3))
          .map((s) => ` M ${s}`)
          .join(
            '\n',
          )}\n${lines(3, () => `${hex(rng, 7)} ${rng.pick(['scale: moving average', 'ble: manufacturer data', 'dts: hx711 pins', 'tests: tare'])}`)}`,
      ),
    );
  if (r === 4) return one(undefined, ok('serial_log', { seconds: 30, port: '/dev/ttyACM0' }, uart(rng, rng.int(2, 6))));
  if (r === 5) return one(undefined, west('flash', flash(rng, `68${chars(rng, 7, '0123456789')}`)));
  if (r === 6) {
    const pat = rng.pick(['HX711', 'k_work_schedule', 'BT_DATA', 'LOG_INF', 'CONFIG_PM']);
    return one(
      undefined,
      sh(
        `grep -rn ${pat} src prj.conf boards`,
        some(rng, SRC, rng.int(1, 4))
          .map((s) => `${s}:${rng.int(3, 120)}:\t${pat} ...`)
          .join('\n'),
      ),
    );
  }
  if (r === 7)
    return one(
      undefined,
      sh(
        'grep -E "CONFIG_(HX711|BT_DEVICE_NAME|PM_DEVICE|LOG_DEFAULT_LEVEL)=" build/zephyr/.config',
        `CONFIG_HX711=y\nCONFIG_BT_DEVICE_NAME="Aary"\nCONFIG_PM_DEVICE=y\nCONFIG_LOG_DEFAULT_LEVEL=${rng.int(2, 3)}`,
      ),
    );
  return one(
    undefined,
    west(
      'build -t rom_report',
      `${lines(rng.int(10, 18), (i) => `${'├── '.padStart(4 + (i % 3) * 4)}${rng.pick(['kernel', 'subsys', 'drivers', 'lib', 'bluetooth', 'hive-scale', 'src', 'logging'])}${' '.repeat(20)}${rng.int(200, 40000)}   ${dur(rng, 0.1, 20)}%`)}\n========================================\n                                 ${rng.int(150000, 260000)}`,
    ),
  );
}

function hayBig(rng: Rng): LodeStep {
  if (rng.chance(0.5)) {
    const total = rng.int(400, 470);
    return one(
      'A pristine build, to be sure nothing stale hides a problem.',
      west('build -b nrf52840dk/nrf52840 -p always', buildOk(rng, total - 20, total)),
    );
  }
  return one(undefined, ok('serial_log', { seconds: 21600, port: '/dev/ttyACM0' }, uart(rng, rng.int(380, 430))));
}

const PLANTERS: Record<FactKind, Planter[]> = {
  goal: [
    {
      user: true,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `${t} деген бал аары уюгунун таразасынын прошивкасын Zephyr 3.7 менен бүтүрүү`;
        return {
          how: 'user-request',
          needle,
          beats: [
            {
              user: `Саламатсызбы! Долбоор ${APP} папкасында — nRF52840 DK жана HX711 тензодатчиги менен Zephyr тиркемеси. Максат: ${needle}. Ар бир кадамды түшүндүрүп бериңиз.`,
            },
            {
              step: one(
                'First a build, to see where the project stands.',
                west('build -b nrf52840dk/nrf52840 -p auto', buildOk(rng)),
              ),
            },
          ],
        };
      },
    },
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `${t} үчүн салмакты BLE аркылуу телефонго жөнөтүү`;
        return { how: 'user-followup', needle, beats: [{ user: `Кийинки иш: ${needle}.` }] };
      },
    },
  ],
  constraint: [
    {
      user: true,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = say(
          rng,
          [
            (x) => `${x} үчүн RAM 64 КБдан ашпашы керек`,
            (x) => `${x} прошивкасында printk колдонбоңуз, LOG_INF гана`,
            (x) => `${x}: CONFIG_ASSERT=y тесттерде гана болот, релизде эмес`,
          ],
          t,
        );
        return {
          how: 'user-rule',
          needle,
          beats: [
            {
              user: rng.pick([
                `Бир эреже: ${needle}.`,
                `Эсиңизде болсун — ${needle}; биз ушундай иштейбиз.`,
                `Маанилүү: ${needle}.`,
              ]),
            },
          ],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const T = t.toUpperCase();
        const [needle, follow] = rng.pick([
          [
            `# POWER ${T}: the hive board runs from a CR2032; CONFIG_PM_DEVICE stays y and nothing polls faster than once a minute`,
            `Rule ${T} keeps device power management on, so the HX711 must be suspended between samples.`,
          ],
          [
            `# POWER ${T}: the BLE advertising interval stays at 1 s or longer; shorter intervals drain the coin cell in weeks`,
            `Rule ${T} bounds the advertising interval; the driver's suspend path matters just as much.`,
          ],
          [
            `# POWER ${T}: the HX711 is powered down between samples through its PD_SCK pin`,
            `Rule ${T} means the HX711 must be suspended between samples; checking where that happens.`,
          ],
        ] as const);
        return {
          how: 'tool-header',
          needle,
          beats: [
            {
              step: one(
                'prj.conf carries the power rules at the top; reading it before changing Kconfig.',
                ok(
                  'read_file',
                  { path: `${APP}/prj.conf` },
                  numberLines(`${needle}\n${C[4] as string}\nCONFIG_LOG_DEFAULT_LEVEL=3`, 1, (n, l) => `${n}\t${l}`),
                ),
              ),
            },
            {
              step: one(
                follow,
                sh(
                  'grep -n pm_device src/*.c',
                  `src/scale.c:${rng.int(40, 90)}:\tpm_device_action_run(hx, PM_DEVICE_ACTION_SUSPEND);`,
                ),
              ),
            },
          ],
        };
      },
    },
  ],
  decision: [
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = say(
          rng,
          [
            (x) =>
              `I'll read the HX711 for ${x} through the sensor API and its driver instead of bit-banging GPIO in main.c`,
            (x) => `For ${x} the weight goes out in the advertisement's manufacturer data, with no GATT connection`,
            (x) => `${x} samples every 10 minutes from a delayable work item rather than a thread of its own`,
          ],
          t,
        );
        return {
          how: 'agent-choice',
          needle,
          beats: [
            {
              step: one(
                `${needle}.`,
                ok(
                  'write_file',
                  { path: `${APP}/doc/decisions.md`, content: `- ${needle}.\n` },
                  `Wrote 1 lines to ${APP}/doc/decisions.md`,
                ),
              ),
            },
          ],
        };
      },
    },
    {
      user: true,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `${t} үчүн nRF52840 DK гана, башка платаларга азырынча өтпөйбүз`;
        return {
          how: 'user-choice',
          needle,
          beats: [{ user: rng.pick([`Чечтик: ${needle}.`, `Ушундай кылалы: ${needle}; ашыкча иш керек эмес.`]) }],
        };
      },
    },
  ],
  file: [
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `src/${t}_adv.c`;
        return {
          how: 'agent-create',
          needle,
          beats: [
            {
              step: one(
                'The advertising code gets a file of its own.',
                ok(
                  'write_file',
                  {
                    path: `${APP}/${needle}`,
                    content: `${C[6] as string}\n\nvoid ble_adv_update(int32_t centi_kg)\n{\n\tsys_put_le16(centi_kg, &mfg[2]);\n\tbt_le_adv_update_data(ad, ARRAY_SIZE(ad), NULL, 0);\n}\n`,
                  },
                  `Wrote 14 lines to ${APP}/${needle}`,
                ),
              ),
            },
            {
              step: one(
                `Adding ${needle} to target_sources and building.`,
                west('build -b nrf52840dk/nrf52840 -p auto', buildOk(rng)),
              ),
            },
          ],
        };
      },
    },
    {
      user: false,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `tests/${t}/testcase.yaml`;
        return {
          how: 'agent-edit',
          needle,
          beats: [
            {
              step: one(
                'A twister scenario for the new filter tests.',
                ok(
                  'write_file',
                  {
                    path: `${APP}/${needle}`,
                    content: `tests:\n  scale.${t}:\n    platform_allow:\n      - native_sim\n    integration_platforms:\n      - native_sim\n    tags: scale\n`,
                  },
                  `Wrote 7 lines to ${APP}/${needle}`,
                ),
              ),
            },
          ],
        };
      },
    },
  ],
  error: [
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const sym = `${t.toUpperCase()}_FILTER`;
        const needle = `attempt to assign the value 'y' to the undefined symbol ${sym}`;
        const line = rng.int(8, 20);
        return {
          how: 'tool-kconfig',
          needle,
          beats: [
            {
              step: one(
                undefined,
                west(
                  'build -b nrf52840dk/nrf52840 -p auto',
                  `${preamble()}\n-- Generated zephyr.dts: ${APP}/build/zephyr/zephyr.dts\nParsing ${HOME}/zephyr/Kconfig\nLoaded configuration '${HOME}/zephyr/boards/nordic/nrf52840dk/nrf52840dk_nrf52840_defconfig'\nMerged configuration '${APP}/prj.conf'\n\n${APP}/prj.conf:${line}: warning: ${needle}\n\nerror: Aborting due to Kconfig warnings\n\nCMake Error at ${HOME}/zephyr/cmake/modules/kconfig.cmake:396 (message):\n  command failed with return code: 1\nCall Stack (most recent call first):\n  ${HOME}/zephyr/cmake/modules/zephyr_default.cmake:133 (include)\n  ${HOME}/zephyr/share/zephyr-package/cmake/ZephyrConfig.cmake:66 (include)\n  CMakeLists.txt:4 (find_package)\n\n\n-- Configuring incomplete, errors occurred!\nFATAL ERROR: command exited with status 1: /usr/bin/cmake -DWEST_PYTHON=${HOME}/.venv/bin/python3 -B${APP}/build -GNinja -DBOARD=nrf52840dk/nrf52840 -S${APP}`,
                  1,
                ),
              ),
            },
            {
              step: one(
                `${sym} was never defined: the app has no Kconfig file of its own yet, so prj.conf cannot set it.`,
                read(rng, 'prj.conf'),
              ),
            },
          ],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `error: '${t}_offset' undeclared (first use in this function)`;
        const line = rng.int(30, 120);
        return {
          how: 'tool-gcc',
          needle,
          beats: [
            {
              step: one(
                undefined,
                west(
                  'build -b nrf52840dk/nrf52840 -p auto',
                  `-- west build: building application\n[1/12] Building C object CMakeFiles/app.dir/src/scale.c.obj\nFAILED: CMakeFiles/app.dir/src/scale.c.obj\nccache /home/aibek/zephyr-sdk-0.16.8/arm-zephyr-eabi/bin/arm-zephyr-eabi-gcc -DKERNEL -DK_HEAP_MEM_POOL_SIZE=0 -DNRF52840_XXAA -D__ZEPHYR__=1 -I${HOME}/zephyr/include -Izephyr/include/generated -Os -mcpu=cortex-m4 -mthumb -mabi=aapcs -mfp16-format=ieee -std=c99 -o CMakeFiles/app.dir/src/scale.c.obj -c ${APP}/src/scale.c\n${APP}/src/scale.c: In function 'scale_read_kg':\n${APP}/src/scale.c:${line}:22: ${needle}\n   ${line} |         int32_t net = raw - ${t}_offset;\n      |                             ${'^'.repeat(t.length + 7)}\n${APP}/src/scale.c:${line}:22: note: each undeclared identifier is reported only once for each function it appears in\nninja: build stopped: subcommand failed.\nFATAL ERROR: command exited with status 1: /usr/bin/cmake --build ${APP}/build`,
                  1,
                ),
              ),
            },
            {
              step: one(
                `${t}_offset lives in the tare code as a static; scale.c needs the getter instead.`,
                read(rng, 'src/scale.c'),
              ),
            },
          ],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `scale_tare_test_${t}: (offset == 0 is false)`;
        const line = rng.int(20, 80);
        const log = `*** Booting Zephyr OS build v3.7.0 ***\nRunning TESTSUITE scale_tare\n===================================================================\nSTART - test_${t}\n\n    Assertion failed at WEST_TOPDIR/hive-scale/tests/scale/src/main.c:${line}: ${needle}\n\n FAIL - test_${t} in 0.001 seconds\n===================================================================\nTESTSUITE scale_tare failed.\n\n------ TESTSUITE SUMMARY START ------\n\nSUITE FAIL -  50.00% [scale_tare]: pass = 1, fail = 1, skip = 0, total = 2 duration = 0.002 seconds\n - PASS - [scale_tare.test_tare_ready] duration = 0.001 seconds\n - FAIL - [scale_tare.test_${t}] duration = 0.001 seconds\n\n------ TESTSUITE SUMMARY END ------\n\n===================================================================\nPROJECT EXECUTION FAILED`;
        return {
          how: 'tool-ztest',
          needle,
          beats: [
            {
              step: one(
                undefined,
                west(
                  'twister -T tests -p native_sim --inline-logs',
                  twisterRun(rng, { name: 'scale/scale.tare', log }),
                  1,
                ),
              ),
            },
          ],
        };
      },
    },
  ],
  value: [
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('num');
        const snr = `68${t}`;
        return {
          how: 'tool-output',
          needle: snr,
          beats: [
            { step: one(undefined, sh('nrfjprog --ids', snr)) },
            {
              step: one(
                `The hive board is J-Link ${snr}; flashing that one explicitly, the bench board stays untouched.`,
                west(`flash --snr ${snr}`, flash(rng, snr)),
              ),
            },
          ],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('num');
        const needle = `tare offset -${t}`;
        return {
          how: 'tool-uart',
          needle,
          beats: [
            {
              step: one(
                undefined,
                ok(
                  'serial_log',
                  { seconds: 60, port: '/dev/ttyACM0' },
                  uart(rng, 1, `[00:00:02.117,000] <inf> scale: ${needle} (raw, empty platform)`),
                ),
              ),
            },
            {
              step: one(
                `The empty platform reads ${needle}; that goes into the settings as the factory tare.`,
                ok(
                  'write_file',
                  { path: `${APP}/boards/tare.conf`, content: `CONFIG_HIVE_TARE_OFFSET=-${t}\n` },
                  `Wrote 1 lines to ${APP}/boards/tare.conf`,
                ),
              ),
            },
          ],
        };
      },
    },
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('code');
        const needle = `KG-UYA-${t}`;
        return {
          how: 'user-paste',
          needle,
          beats: [{ user: `Бул уюктун каттоо номери ${needle}; аны BLE аталышына кошуп коюңуз.` }],
        };
      },
    },
  ],
  pending: [
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = say(
          rng,
          [
            (x) => `Next: flash ${x} to the hive board and watch the serial log for an hour`,
            (x) => `Still to do: run twister on ${x} for qemu_cortex_m3 as well`,
            (x) => `Кийинки кадам: ${x} үчүн батареянын керектөөсүн өлчөө`,
          ],
          t,
        );
        return {
          how: 'agent-plan',
          needle,
          beats: [
            {
              step: one(
                `${needle}.`,
                sh(`git commit -qam "wip: ${t}" && git log --oneline -1`, `${hex(rng, 7)} wip: ${t}`),
              ),
            },
          ],
        };
      },
    },
    {
      user: true,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `акырында ${t} боюнча README файлын кыргызча жазыңыз`;
        return {
          how: 'user-todo',
          needle,
          beats: [
            { user: `Рахмат. Акыркы нерсе: ${needle}.` },
            { step: one(undefined, west('build -b nrf52840dk/nrf52840 -p auto', buildOk(rng))) },
          ],
        };
      },
    },
  ],
};

/** The haystack harness. */
export const LODE_HAYSTACK: LodeHarness = {
  style: 'haystack',
  protocol: 'native',
  system: `You are an embedded firmware assistant for the Zephyr application in ${APP} (Zephyr 3.7.0 in ${HOME}/zephyr, Zephyr SDK 0.16.8, board nrf52840dk/nrf52840, tests on native_sim with twister). Use the tools to build, test, flash and read the board's log; call one tool at a time and look at its result before the next. Keep the firmware low-power: it runs from a coin cell in the apiary. The user writes Kyrgyz; answer in Kyrgyz.`,
  tools: ['west', 'shell', 'read_file', 'write_file', 'serial_log'],
  callId: (rng) => `call_${chars(rng, 24)}`,
  noise: hayNoise,
  big: hayBig,
  followUp: (rng) =>
    rng.pick([
      'Курулуш ийгиликтүү болдубу?',
      'RAM канча колдонулуп жатат?',
      'Сураныч, тесттерди кайра иштетиңиз.',
      'Эмнени өзгөрткөнүңүздү кыскача айтып бериңиз.',
      'Жакшы, андан кийин эмне?',
      'Салмак туура чыгып жатабы?',
    ]),
  keepGoing: (rng) => rng.pick(['Улантыңыз.', 'Улантыңыз, токтобоңуз.', 'Бардык тесттер өткөнгө чейин улантыңыз.']),
  answer: (rng) =>
    rng.pick([
      `Даяр: twister — ${rng.int(3, 4)} тест өттү, RAM ${rng.int(30, 62)} КБ.`,
      'Done: the firmware builds for the DK, twister passes on native_sim and the log shows the weight every ten minutes.',
      'Оңдодум. ble_adv.c ичинде эски эскертүү калды, ал бул өзгөртүүгө тиешеси жок.',
      'Кыскасы: өзгөртүлгөн файлдар курулат жана тесттер өтөт.',
    ]),
  probe: (rng) => rng.pick(['Улантыңыз.', 'Токтогон жериңизден улантыңыз.', 'Эми эмне?']),
  planters: PLANTERS,
};
