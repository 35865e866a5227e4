/**
 * The mentat harness of the knoll family (knoll.ts): a Mentat-like terminal coding assistant. Its calls
 * are text: prose, then `@@start` blocks, each a JSON header (`"file"`, `"action"`: `replace`, `insert`
 * or `create-file`, `"start-line"`/`"end-line"`) and an `@@code` body closed by `@@end`, several a
 * message; a block `{"action": "run", "command": …}` asks the harness to run a command. The harness
 * applies the blocks in order and answers with one user message, "Mentat applied the changes above.",
 * and a `>>> [n] …` section per block (what was changed, or the command, its output and exit status).
 * An Arduino Mega (AVR) kiln controller for a pottery workshop, built with arduino-cli: `compile`'s
 * program-storage and dynamic-memory lines, avr-gcc errors with `Compilation error: exit status 1`,
 * avrdude's upload failures, `board list`, library installs, the serial monitor, and host-side AUnit tests
 * on EpoxyDuino (`TestRunner summary: …`); for a Lao-speaking potter.
 * Reconstructed rather than copied: Mentat's block format (from memory of its `block` parser; the
 * `run` action is this harness's own), the results message, and arduino-cli 0.35–1.x, avrdude 6.x and
 * AUnit output from memory.
 */
import type { Rng } from './rng';
import type { FactKind } from './types';
import {
  dur,
  fail,
  hex,
  lines,
  many,
  nth,
  ok,
  one,
  pieces,
  say,
  some,
  type KnollCall,
  type KnollHarness,
  type KnollStep,
  type Planter,
} from './knoll-kit';

const ROOT = '/home/souksavanh/ngan/tao-pan';
const FQBN = 'arduino:avr:mega';
const INO = ['tao-pan.ino', 'src/ramp.cpp', 'src/ramp.h', 'src/thermo.cpp', 'src/display.cpp', 'src/config.h'];
const SRC = [
  '#include <Adafruit_MAX31855.h>\n#include <LiquidCrystal_I2C.h>\n#include "src/config.h"\n#include "src/ramp.h"',
  'Adafruit_MAX31855 thermo(PIN_CLK, PIN_CS, PIN_DO);\nLiquidCrystal_I2C lcd(0x27, 20, 4);',
  'void setup() {\n  Serial.begin(115200);\n  pinMode(PIN_SSR, OUTPUT);\n  lcd.init();\n  lcd.backlight();\n}',
  'void loop() {\n  double c = thermo.readCelsius();\n  if (isnan(c)) { fault(F("thermocouple")); return; }\n  ramp.tick(millis(), c);\n  digitalWrite(PIN_SSR, ramp.heaterOn() ? HIGH : LOW);\n}',
  'struct Segment {\n  uint16_t rateCPerHour;\n  uint16_t targetC;\n  uint16_t holdMin;\n};',
  'bool Ramp::heaterOn() const {\n  return setpoint_ - lastC_ > HYSTERESIS_C;\n}',
  '#define PIN_SSR 8\n#define PIN_CS 10\n#define MAX_TEMP_C 1280\n#define HYSTERESIS_C 2',
];
const TESTS = ['rampRate', 'segmentHold', 'coolDown', 'thermoFault', 'maxTempCutoff', 'lcdFormat'];

function run(command: string, output: string, code = 0): KnollCall {
  return code === 0 ? ok('run', { command }, output, 0) : fail('run', { command }, output, code);
}

function edit(file: string, code: string, start: number, end: number): KnollCall {
  return ok(
    'edit',
    { file, action: 'replace', 'start-line': start, 'end-line': end, code },
    `replaced lines ${start}-${end}`,
  );
}

function create(file: string, code: string): KnollCall {
  return ok('edit', { file, action: 'create-file', code }, `created (${code.split('\n').length} lines)`);
}

function compile(rng: Rng): string {
  const flash = rng.int(14000, 26000);
  const ram = rng.int(900, 2400);
  return `Sketch uses ${flash} bytes (${Math.round((flash * 100) / 253952)}%) of program storage space. Maximum is 253952 bytes.\nGlobal variables use ${ram} bytes (${Math.round((ram * 100) / 8192)}%) of dynamic memory, leaving ${8192 - ram} bytes for local variables. Maximum is 8192 bytes.`;
}

function aunit(rng: Rng, failing?: string, why = ''): string {
  const names = some(rng, TESTS, rng.int(4, 6));
  if (failing) names.push(failing);
  const out = names.map((n) => (n === failing ? `${why}\nTest ${n} failed.` : `Test ${n} passed.`));
  const bad = failing ? 1 : 0;
  return `make: Entering directory '${ROOT}/tests/ramp'\n./ramp.out\nTestRunner started on ${names.length} test(s).\n${out.join('\n')}\nTestRunner duration: 0.00${rng.int(1, 9)} seconds.\nTestRunner summary: ${names.length - bad} passed, ${bad} failed, 0 skipped, 0 timed out, out of ${names.length} test(s).\nmake: Leaving directory '${ROOT}/tests/ramp'`;
}

function mentatNoise(rng: Rng): KnollStep {
  const r = rng.int(0, 7);
  const f = rng.pick(INO);
  if (r === 0) return one(undefined, run(`arduino-cli compile --fqbn ${FQBN} .`, compile(rng)));
  if (r === 1) return one('Running the host-side tests.', run('make -C tests/ramp run', aunit(rng)));
  if (r === 2) return one(undefined, run(`cat -n ${f}`, pieces(rng, SRC, rng.int(12, 36))));
  if (r === 3)
    return one(
      undefined,
      run(
        'arduino-cli board list',
        `Port         Protocol Type              Board Name                FQBN             Core\n/dev/ttyACM0 serial   Serial Port (USB) Arduino Mega or Mega 2560 ${FQBN} arduino:avr\n/dev/ttyS0   serial   Serial Port       Unknown`,
      ),
    );
  if (r === 4)
    return many('Tidying the hysteresis check, then compiling.', [
      edit('src/ramp.cpp', '  return setpoint_ - lastC_ > HYSTERESIS_C;', rng.int(20, 60), rng.int(61, 64)),
      run(`arduino-cli compile --fqbn ${FQBN} .`, compile(rng)),
    ]);
  if (r === 5)
    return one(
      undefined,
      run(
        'timeout 10 arduino-cli monitor -p /dev/ttyACM0 -c baudrate=115200',
        `Monitor port settings:\n  baudrate=115200\n  bits=8\n  dtr=on\n  parity=none\n  rts=on\n  stop_bits=1\n\nConnected to /dev/ttyACM0! Press CTRL-C to exit.\n${lines(rng.int(4, 9), (i) => `t=${i * 2}s seg=${rng.int(1, 4)} sp=${rng.int(200, 1200)}C pv=${dur(rng, 180, 1200, 1)}C ssr=${rng.pick(['ON', 'OFF'])}`)}`,
      ),
    );
  if (r === 6)
    return one(
      undefined,
      run(
        'git status --short && git log --oneline -3',
        `${some(rng, INO, rng.int(1, 3))
          .map((x) => ` M ${x}`)
          .join(
            '\n',
          )}\n${hex(rng, 7)} ramp: hold in minutes\n${hex(rng, 7)} thermo: report open circuit\n${hex(rng, 7)} lcd: four-line layout`,
      ),
    );
  return one(
    undefined,
    run(
      'arduino-cli lib list',
      `Name                  Installed Available Location Description\nAdafruit BusIO        1.16.1    -         user     -\nAdafruit MAX31855 lib 1.4.2     -         user     -\nLiquidCrystal I2C     1.1.2     -         user     -\nAUnit                 1.7.1     -         user     -`,
    ),
  );
}

function mentatBig(rng: Rng): KnollStep {
  const n = rng.int(330, 400);
  return one(
    "The last firing's log from the SD card, to see where the ramp lagged.",
    run(
      'cat logs/FIRE0312.CSV',
      `ms,segment,setpoint_c,pv_c,ssr,cj_c\n${lines(n, (i) => `${i * 30000},${1 + Math.floor(i / 90)},${Math.min(1240, 20 + i * 3)},${dur(rng, 20, 1240, 2)},${rng.int(0, 1)},${dur(rng, 24, 41, 2)}`)}`,
    ),
  );
}

const PLANTERS: Record<FactKind, Planter[]> = {
  goal: [
    {
      user: true,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `ເຈົ້າເພີ່ມໂປຣແກຣມເຜົາ ${t} ທີ່ຄວບຄຸມອັດຕາການເພີ່ມຄວາມຮ້ອນ`;
        return {
          how: 'user-request',
          needle,
          beats: [
            {
              user: `ສະບາຍດີ! ໂປຣເຈັກຢູ່ໃນ ${ROOT} — ຕົວຄວບຄຸມເຕົາເຜົາດິນເຜົາດ້ວຍ Arduino Mega. ຂ້ອຍຢາກໃຫ້${needle}. ກະລຸນາອະທິບາຍແຕ່ລະຂັ້ນຕອນ.`,
            },
            {
              step: many('A look at the sketch and a first compile.', [
                run('ls -R | head -20', `${INO.join('\n')}\ntests/ramp/ramp.ino\ntests/ramp/Makefile\nlogs`),
                run(`arduino-cli compile --fqbn ${FQBN} .`, compile(rng)),
              ]),
            },
            { step: one(undefined, run('cat -n src/ramp.cpp', pieces(rng, SRC, 22))) },
          ],
        };
      },
    },
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `${t}: ບັນທຶກອຸນຫະພູມລົງ SD card ທຸກໆ 30 ວິນາທີ`;
        return { how: 'user-followup', needle, beats: [{ user: `ວຽກຕໍ່ໄປ: ${needle}.` }] };
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
            (x) => `${x}: ຢ່າແກ້ໄຂໄຟລ໌ໃນໂຟນເດີ libraries/`,
            (x) => `ອຸນຫະພູມສູງສຸດຂອງ ${x} ຕ້ອງບໍ່ເກີນ 1280 °C`,
            (x) => `${x}: ໃຊ້ baud rate 115200 ສະເໝີ`,
          ],
          t,
        );
        return {
          how: 'user-rule',
          needle,
          beats: [{ user: rng.pick([`ກົດລະບຽບໜຶ່ງ: ${needle}.`, `ຈື່ໄວ້ — ${needle}.`, `ສຳຄັນ: ${needle}.`]) }],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const T = t.toUpperCase();
        const needle = rng.pick([
          `${T}: the SSR pin goes LOW on any thermocouple fault, before anything else`,
          `${T}: no delay() in loop(); timing comes from millis() only`,
          `${T}: strings for the LCD live in flash via F()`,
        ]);
        return {
          how: 'tool-file',
          needle,
          beats: [
            {
              step: one(
                'Reading the workshop notes before touching the controller.',
                run(
                  'cat NOTES.md',
                  `# Tao-pan controller\n\n- arduino-cli only, no IDE\n- ${needle}\n- Test on the bench kiln first`,
                ),
              ),
            },
            { step: one(`${T} holds here too; tests first.`, run('make -C tests/ramp run', aunit(rng))) },
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
            (x) => `I will keep the segment table of ${x} in EEPROM, not in RAM, so a power cut resumes the firing`,
            (x) => `${x} switches the SSR with time-proportioning over a 2-second window instead of on/off`,
            (x) => `Plan: ${x} reads the thermocouple every 250 ms and averages four readings`,
          ],
          t,
        );
        return {
          how: 'agent-choice',
          needle,
          beats: [{ step: one(`${needle}.`, create('docs/decisions.md', `# Decisions\n\n- ${needle}\n`)) }],
        };
      },
    },
    {
      user: true,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `${t} ຈະໃຊ້ PID ແບບງ່າຍໆກ່ອນ, ບໍ່ແມ່ນ autotune`;
        return {
          how: 'user-choice',
          needle,
          beats: [{ user: rng.pick([`ພວກເຮົາຕັດສິນໃຈແລ້ວ: ${needle}.`, `ເຮັດແບບນີ້ເທາະ: ${needle}.`]) }],
        };
      },
    },
  ],
  file: [
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `src/${t}_profile.h`;
        return {
          how: 'agent-create',
          needle,
          beats: [
            {
              step: many('A header of its own for the profile, then a compile.', [
                create(
                  needle,
                  `#pragma once\n#include "ramp.h"\n\nconst Segment ${t.toUpperCase()}[] PROGMEM = {\n  {100, 600, 0},\n  {150, 1000, 10},\n  {80, 1222, 15},\n};\n`,
                ),
                run(`arduino-cli compile --fqbn ${FQBN} .`, compile(rng)),
              ]),
            },
          ],
        };
      },
    },
    {
      user: false,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `tests/${t}/${t}.ino`;
        return {
          how: 'agent-edit',
          needle,
          beats: [
            {
              step: one(
                'A test sketch for it.',
                create(
                  needle,
                  `#include <AUnit.h>\n#include "../../src/ramp.h"\n\ntest(${t}) {\n  Ramp r;\n  assertEqual(r.setpointAt(0), (uint16_t)20);\n}\n\nvoid setup() { Serial.begin(115200); }\nvoid loop() { aunit::TestRunner::run(); }\n`,
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
        const l = rng.int(20, 90);
        const needle = `error: '${t}Rate' was not declared in this scope`;
        return {
          how: 'tool-compiler',
          needle,
          beats: [
            {
              step: one(
                undefined,
                run(
                  `arduino-cli compile --fqbn ${FQBN} .`,
                  `${ROOT}/src/ramp.cpp: In member function 'void Ramp::tick(long unsigned int, double)':\n${ROOT}/src/ramp.cpp:${l}:15: ${needle}\n   ${l} |   setpoint_ += ${t}Rate * dt;\n      |               ^~~~~~~~~~~~\n${ROOT}/src/ramp.cpp:${l}:15: note: suggested alternative: 'rateCPerHour'\n\nUsed library      Version Path\nAdafruit MAX31855 1.4.2   /home/souksavanh/Arduino/libraries/Adafruit_MAX31855_library\n\nUsed platform Version Path\narduino:avr   1.8.6   /home/souksavanh/.arduino15/packages/arduino/hardware/avr/1.8.6\nError during build: exit status 1`,
                  1,
                ),
              ),
            },
            {
              step: one(
                `${t}Rate is used but never declared; reading ramp.cpp.`,
                run('cat -n src/ramp.cpp', pieces(rng, SRC, 18)),
              ),
            },
          ],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('hex');
        const needle = `avrdude: stk500v2_ReceiveMessage(): timeout (${t})`;
        return {
          how: 'tool-upload',
          needle,
          beats: [
            {
              step: one(
                undefined,
                run(
                  `arduino-cli upload -p /dev/ttyACM0 --fqbn ${FQBN} .`,
                  `${lines(rng.int(3, 6), () => needle)}\navrdude: stk500v2_getsync(): timeout communicating with programmer\n\navrdude done.  Thank you.\n\nFailed uploading: uploading error: exit status 1`,
                  1,
                ),
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
        const needle = `Test ${t}Hold failed.`;
        return {
          how: 'tool-test',
          needle,
          beats: [
            {
              step: one(
                undefined,
                run(
                  'make -C tests/ramp run',
                  aunit(
                    rng,
                    `${t}Hold`,
                    `Assertion failed: (r.holdLeft()=${rng.int(5, 30)}) == (${rng.int(31, 60)}), file ramp.ino, line ${rng.int(20, 90)}.`,
                  ).replace(`Test ${t}Hold failed.`, needle),
                  2,
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
        const needle = `Sketch uses ${t} bytes`;
        return {
          how: 'tool-output',
          needle,
          beats: [
            {
              step: one(
                undefined,
                run(
                  `arduino-cli compile --fqbn ${FQBN} --export-binaries .`,
                  `${needle} (9%) of program storage space. Maximum is 253952 bytes.\nGlobal variables use ${rng.int(900, 2400)} bytes (21%) of dynamic memory. Maximum is 8192 bytes.`,
                ),
              ),
            },
            { step: one(`${needle}; noting it as this release's size.`, create('docs/size.txt', `${needle}\n`)) },
          ],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('hex');
        const needle = `${t}${hex(rng, 24)}`;
        return {
          how: 'tool-hash',
          needle,
          beats: [
            {
              step: one(
                undefined,
                run(
                  'sha256sum build/arduino.avr.mega/tao-pan.ino.hex',
                  `${needle}${hex(rng, 32)}  build/arduino.avr.mega/tao-pan.ino.hex`,
                ),
              ),
            },
            {
              step: one(
                `The firmware is ${needle}…; recording it.`,
                create('release/SHA256SUMS', `${needle}  tao-pan.ino.hex\n`),
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
        const needle = `KLN-${t}`;
        return {
          how: 'user-paste',
          needle,
          beats: [{ user: `ເລກລະຫັດຂອງເຕົາແມ່ນ ${needle}; ກະລຸນາໃສ່ໃນ src/config.h.` }],
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
            (x) => `Next: fire the bench kiln with ${x} and compare the log`,
            (x) => `Still open: ${x} has no cooling-rate limit yet`,
            (x) => `ຕໍ່ໄປ: ທົດສອບ ${x} ກັບເຕົາແທ້`,
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
                run(`git commit -qam "ramp: ${t}" && git log --oneline -1`, `${hex(rng, 7)} ramp: ${t}`),
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
        const needle = `ສຸດທ້າຍ, ຂຽນສະຫຼຸບສັ້ນໆກ່ຽວກັບ ${t} ເປັນພາສາລາວ`;
        return {
          how: 'user-todo',
          needle,
          beats: [
            { user: `ຂອບໃຈ. ອີກເລື່ອງໜຶ່ງ: ${needle}.` },
            { step: one(undefined, run('make -C tests/ramp run', aunit(rng))) },
          ],
        };
      },
    },
  ],
};

function block(c: KnollCall): string {
  if (c.tool === 'run')
    return `@@start\n${JSON.stringify({ action: 'run', command: c.args['command'] }, null, 4)}\n@@end`;
  const { code, ...head } = c.args;
  return `@@start\n${JSON.stringify(head, null, 4)}\n@@code\n${String(code)}\n@@end`;
}

function result(c: KnollCall, i: number): string {
  if (c.tool === 'run')
    return `>>> [${i + 1}] $ ${String(c.args['command'])}\n${c.output}\n(exit status ${c.exitCode ?? 0})`;
  return `>>> [${i + 1}] ${String(c.args['file'])}: ${c.output}`;
}

/** The mentat harness. */
export const KNOLL_MENTAT: KnollHarness = {
  style: 'mentat',
  protocol: 'text',
  system: `You are part of an expert AI coding system. The project is an Arduino Mega kiln controller in ${ROOT}, built and uploaded with arduino-cli (FQBN ${FQBN}); host-side tests run with make -C tests/ramp run. The user writes Lao; answer the user in Lao.\n\nTo change files, write edit blocks. Each block starts with @@start, then a JSON object with "file", "action" ("replace", "insert" or "create-file") and, for replace and insert, "start-line" and "end-line"; then @@code, the new lines, and @@end. To run a command, write a block with only {"action": "run", "command": "…"} between @@start and @@end. All blocks of a message are applied in order and you are shown what happened. When you are done, answer without blocks.`,
  tools: ['edit', 'run'],
  renderStep: (s) => `${s.say ? `${s.say}\n\n` : ''}${s.calls.map(block).join('\n')}`,
  renderResults: (s, _ids, n) =>
    `Mentat applied the changes above${nth(['.', ' (all blocks).', '.'], n)}\n\n${s.calls.map(result).join('\n\n')}`,
  resultStart: /^Mentat applied the changes above/,
  callMark: /^@@start$/gm,
  resultMark: /^>>> \[\d+\] /gm,
  noise: mentatNoise,
  big: mentatBig,
  followUp: (rng) =>
    rng.pick([
      'compile ຜ່ານແລ້ວບໍ?',
      'ການທົດສອບຜ່ານແລ້ວບໍ?',
      'ກະລຸນາແລ່ນການທົດສອບອີກຄັ້ງ.',
      'ເຈົ້າປ່ຽນຫຍັງແດ່?',
      'ດີ, ຍັງເຫຼືອຫຍັງອີກ?',
      'ຍັງມີຂໍ້ຜິດພາດບໍ?',
    ]),
  keepGoing: (rng) => rng.pick(['ສືບຕໍ່.', 'ສືບຕໍ່, ຢ່າຢຸດ.', 'ສືບຕໍ່ຈົນກວ່າການທົດສອບທັງໝົດຜ່ານ.']),
  answer: (rng) =>
    rng.pick([
      `ແລ້ວ: ການທົດສອບທັງໝົດຜ່ານ (${rng.int(4, 7)} tests) ແລະ compile ບໍ່ມີຂໍ້ຜິດພາດ.`,
      'Done: arduino-cli compile is clean and the AUnit tests pass.',
      'ແກ້ໄຂແລ້ວ. ຍັງມີຄຳເຕືອນເກົ່າໜຶ່ງໃນ src/display.cpp ທີ່ບໍ່ກ່ຽວກັບການປ່ຽນແປງນີ້.',
      'ສະຫຼຸບ: ໂປຣແກຣມເຮັດວຽກໄດ້ ແລະ ການທົດສອບຍັງຜ່ານຄືເກົ່າ.',
    ]),
  probe: (rng) => rng.pick(['ສືບຕໍ່.', 'ສືບຕໍ່ຈາກບ່ອນທີ່ຢຸດໄວ້.', 'ຕອນນີ້ເຮັດຫຍັງຕໍ່?']),
  planters: PLANTERS,
};
