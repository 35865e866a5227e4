/**
 * The harmony harness of the fringe family (fringe.ts): a gpt-oss-like model whose Harmony tokens
 * reach the transcript as text. An assistant message holds its reasoning on the analysis channel
 * (`<|channel|>analysis<|message|>…<|end|>`) and then one call on the commentary channel
 * (`<|start|>assistant<|channel|>commentary to=functions.run <|constrain|>json<|message|>{…}<|call|>`),
 * one call a message; the runtime hands each result back as a user message in the tool's own voice
 * (`<|start|>functions.run to=assistant<|channel|>commentary<|message|>…<|end|>`); answers go on the
 * final channel. ESP32 greenhouse firmware with PlatformIO and the Arduino framework (`pio run`,
 * `pio test` with Unity, gcc and ld errors, esptool.py, the serial monitor, a Guru Meditation panic
 * and its decoded backtrace), for a Latvian-speaking user.
 */
import type { Rng } from './rng';
import type { FactKind } from './types';
import {
  buried,
  cap,
  dur,
  fail,
  hex,
  lines,
  nth,
  numberLines,
  ok,
  one,
  pieces,
  say,
  some,
  type FringeCall,
  type FringeHarness,
  type FringeStep,
  type Planter,
} from './fringe-kit';

const ROOT = '/home/janis/projekti/siltumnica';
const SRC = ['src/main.cpp', 'src/sensors.cpp', 'src/vent.cpp', 'src/mqtt_link.cpp', 'include/config.h'];
const SUITES = ['test_filter', 'test_vent', 'test_payload'];
const TESTS: Record<string, string[]> = {
  test_filter: ['test_median_of_five', 'test_median_rejects_spike', 'test_ema_warmup', 'test_soil_percent_clamp'],
  test_vent: ['test_opens_above_high', 'test_closes_below_low', 'test_holds_in_band', 'test_servo_limits'],
  test_payload: ['test_json_fields', 'test_topic_prefix', 'test_nan_is_null'],
};
const LIBS = ['PubSubClient @ 2.8.0', 'ArduinoJson @ 7.2.1', 'Adafruit SHT31 Library @ 2.2.2', 'ESP32Servo @ 3.0.5'];

/** Whole pieces of the firmware, as a file view shows them. */
const CODE = [
  `#include <Arduino.h>\n#include "config.h"\n#include "sensors.h"\n#include "vent.h"`,
  `void setup() {\n  Serial.begin(115200);\n  sensors::begin();\n  vent::begin(VENT_SERVO_PIN);\n  mqtt::connect(WIFI_SSID, WIFI_PASS);\n  log_i("siltumnica %s ready", FW_VERSION);\n}`,
  `void loop() {\n  static uint32_t last = 0;\n  if (millis() - last >= SAMPLE_MS) {\n    last = millis();\n    Reading r = sensors::read();\n    vent::update(r.tempC);\n    mqtt::publish(r);\n  }\n  mqtt::poll();\n}`,
  `float sensors::soilPercent(int raw) {\n  // sauss ~3200, slapjš ~1400 (kalibrēts 2024-04)\n  float p = 100.0f * (SOIL_DRY - raw) / (SOIL_DRY - SOIL_WET);\n  return constrain(p, 0.0f, 100.0f);\n}`,
  `int median5(int a[5]) {\n  std::sort(a, a + 5);\n  return a[2];\n}`,
  `void vent::update(float t) {\n  if (isnan(t)) return;\n  if (t > VENT_HIGH_C && !open_) { servo_.write(VENT_OPEN_DEG); open_ = true; }\n  else if (t < VENT_LOW_C && open_) { servo_.write(VENT_CLOSED_DEG); open_ = false; }\n}`,
  `bool mqtt::publish(const Reading& r) {\n  JsonDocument doc;\n  doc["t"] = r.tempC;\n  doc["rh"] = r.humidity;\n  doc["soil"] = r.soil;\n  char buf[160];\n  size_t n = serializeJson(doc, buf);\n  return client.publish(TOPIC_PREFIX "/telemetry", buf, n);\n}`,
  `#define SAMPLE_MS 30000\n#define SOIL_PIN 34\n#define VENT_SERVO_PIN 18\n#define VENT_HIGH_C 27.0f\n#define VENT_LOW_C 24.5f`,
];

function code(rng: Rng, n: number): string {
  return pieces(rng, CODE, n);
}

/** A `run` call: the command's output and the runtime's status line under it. */
function run(rng: Rng, cmd: string, output: string, exitCode = 0): FringeCall {
  const text = `${output}\n\n[exit ${exitCode} · ${dur(rng, 0.2, 40, 1)}s]`;
  const args = { cmd, cwd: ROOT, timeout_ms: rng.pick([60000, 120000, 300000]) };
  return exitCode === 0 ? ok('run', args, text, 0) : fail('run', args, text, exitCode);
}

function read(rng: Rng, path: string, n: number, from = 1): FringeCall {
  const body = code(rng, n);
  const to = from + body.split('\n').length - 1;
  return ok(
    'read_file',
    { path, from, to },
    numberLines(body, from, (k, l) => `${String(k).padStart(4)}  ${l}`),
  );
}

function pioHead(env = 'esp32dev'): string {
  const native = env === 'native';
  return native
    ? `Processing native (platform: native)\n${'-'.repeat(80)}\nVerbose mode can be enabled via \`-v, --verbose\` option`
    : `Processing ${env} (platform: espressif32; board: esp32dev; framework: arduino)\n${'-'.repeat(80)}\nVerbose mode can be enabled via \`-v, --verbose\` option\nCONFIGURATION: https://docs.platformio.org/page/boards/espressif32/esp32dev.html\nPLATFORM: Espressif 32 (6.9.0) > Espressif ESP32 Dev Module\nHARDWARE: ESP32 240MHz, 320KB RAM, 4MB Flash\nPACKAGES:\n - framework-arduinoespressif32 @ 3.20017.241212+sha.dcc1105b\n - tool-esptoolpy @ 1.40501.0 (4.5.1)\n - toolchain-xtensa-esp32 @ 8.4.0+2021r2-patch5\nLDF: Library Dependency Finder -> https://bit.ly/configure-pio-ldf\nLDF Modes: Finder ~ chain, Compatibility ~ soft\nFound 36 compatible libraries\nScanning dependencies...\nDependency Graph\n${LIBS.map((l) => `|-- ${l}`).join('\n')}\nBuilding in release mode`;
}

function compiling(rng: Rng, n: number): string {
  const objs = [
    'src/main.cpp.o',
    'src/sensors.cpp.o',
    'src/vent.cpp.o',
    'src/mqtt_link.cpp.o',
    'lib52c/PubSubClient/PubSubClient.cpp.o',
    'lib0b3/ArduinoJson/src/ArduinoJson.cpp.o',
    'FrameworkArduino/HardwareSerial.cpp.o',
    'FrameworkArduino/WString.cpp.o',
    'FrameworkArduino/esp32-hal-adc.c.o',
    'FrameworkArduino/main.cpp.o',
  ];
  return lines(n, (i) => `Compiling .pio/build/esp32dev/${nth(objs, i + rng.int(0, 3))}`);
}

function banner(ok_: boolean, secs: string): string {
  const word = ok_ ? '[SUCCESS]' : '[FAILED]';
  const side = '='.repeat(25);
  return `${side} ${word} Took ${secs} seconds ${side}`;
}

function pioOk(rng: Rng): string {
  const ram = rng.int(44000, 52000);
  const flash = rng.int(880000, 990000);
  return `${pioHead()}\n${compiling(rng, rng.int(2, 9))}\nLinking .pio/build/esp32dev/firmware.elf\nRetrieving maximum program size .pio/build/esp32dev/firmware.elf\nChecking size .pio/build/esp32dev/firmware.elf\nAdvanced Memory Usage is available via "PlatformIO Home > Project Inspect"\nRAM:   [=         ]  ${((100 * ram) / 327680).toFixed(1)}% (used ${ram} bytes from 327680 bytes)\nFlash: [=======   ]  ${((100 * flash) / 1310720).toFixed(1)}% (used ${flash} bytes from 1310720 bytes)\nBuilding .pio/build/esp32dev/firmware.bin\nesptool.py v4.5.1\nCreating esp32 image...\nMerged 2 ELF sections\nSuccessfully created esp32 image.\n${banner(true, dur(rng, 3, 40, 2))}`;
}

function pioFail(rng: Rng, block: string, target = 'src/main.cpp.o'): string {
  return `${pioHead()}\n${compiling(rng, rng.int(1, 5))}\n${block}\n*** [.pio/build/esp32dev/${target}] Error 1\n${banner(false, dur(rng, 2, 20, 2))}`;
}

/** `pio test`: Unity's own lines in verbose mode, PlatformIO's `[PASSED]` lines otherwise, then the summary. */
function pioTest(rng: Rng, failing?: { suite: string; line: string }, verbose = false): string {
  const rows: string[] = [];
  const out: string[] = [
    `Verbosity level can be increased via \`-v, -vv, or -vvv\` option`,
    `Collected ${SUITES.length} tests`,
  ];
  let cases = 0;
  let bad = 0;
  for (const s of SUITES) {
    const names = TESTS[s] as string[];
    out.push('', `Processing ${s} in native environment`, '-'.repeat(80), 'Building...', 'Testing...');
    let line = rng.int(20, 40);
    for (const n of names) {
      line += rng.int(8, 16);
      out.push(
        verbose ? `test/${s}/test_main.cpp:${line}:${n}:PASS` : `test/${s}/test_main.cpp:${line}: ${n}\t[PASSED]`,
      );
    }
    cases += names.length;
    if (failing?.suite === s) {
      out.push(failing.line);
      cases++;
      bad++;
      if (verbose) out.push('', '-----------------------', `${names.length + 1} Tests 1 Failures 0 Ignored`, 'FAIL');
    } else if (verbose) out.push('', '-----------------------', `${names.length} Tests 0 Failures 0 Ignored`, 'OK');
    const secs = dur(rng, 0.6, 3, 2);
    const status = failing?.suite === s ? 'FAILED' : 'PASSED';
    out.push(`${'-'.repeat(16)} native:${s} [${status}] Took ${secs} seconds ${'-'.repeat(16)}`);
    rows.push(`native         ${s.padEnd(12)} ${status.padEnd(8)}  00:00:0${secs}`);
  }
  const side = '='.repeat(17);
  out.push(
    '',
    `${'='.repeat(34)} SUMMARY ${'='.repeat(34)}`,
    'Environment    Test          Status    Duration',
    '-------------  ------------  --------  ------------',
    ...rows,
    `${side} ${cases} test cases: ${bad ? `${bad} failed, ` : ''}${cases - bad} succeeded in 00:00:0${dur(rng, 3, 9, 3)} ${side}`,
  );
  return out.join('\n');
}

function upload(rng: Rng, port = '/dev/ttyUSB0'): string {
  const mac = Array.from({ length: 6 }, () => hex(rng, 2)).join(':');
  const app = rng.int(880000, 990000);
  return `${pioHead()}\nConfiguring upload protocol...\nAVAILABLE: cmsis-dap, esp-bridge, esp-prog, espota, esptool, iot-bus-jtag, jlink, minimodule, olimex-arm-usb-ocd, olimex-arm-usb-ocd-h, olimex-arm-usb-tiny-h, olimex-jtag-tiny, tumpa\nCURRENT: upload_protocol = esptool\nLooking for upload port...\nUsing manually specified: ${port}\nUploading .pio/build/esp32dev/firmware.bin\nesptool.py v4.5.1\nSerial port ${port}\nConnecting....\nChip is ESP32-D0WD-V3 (revision v3.1)\nFeatures: WiFi, BT, Dual Core, 240MHz, VRef calibration in efuse, Coding Scheme None\nCrystal is 40MHz\nMAC: ${mac}\nUploading stub...\nRunning stub...\nStub running...\nChanging baud rate to 460800\nChanged.\nConfiguring flash size...\nFlash will be erased from 0x00001000 to 0x00005fff...\nFlash will be erased from 0x00008000 to 0x00008fff...\nFlash will be erased from 0x0000e000 to 0x0000ffff...\nFlash will be erased from 0x00010000 to 0x${(0x10000 + app).toString(16).padStart(8, '0')}...\nCompressed 17568 bytes to 12204...\nWrote 17568 bytes (12204 compressed) at 0x00001000 in 0.6 seconds (effective 232.1 kbit/s)...\nHash of data verified.\nCompressed ${app} bytes to ${Math.floor(app * 0.62)}...\nWrote ${app} bytes (${Math.floor(app * 0.62)} compressed) at 0x00010000 in ${dur(rng, 8, 14, 1)} seconds (effective ${dur(rng, 500, 700, 1)} kbit/s)...\nHash of data verified.\n\nLeaving...\nHard resetting via RTS pin...\n${banner(true, dur(rng, 14, 30, 2))}`;
}

const BOOT = `ets Jun  8 2016 00:22:57\n\nrst:0x1 (POWERON_RESET),boot:0x13 (SPI_FAST_FLASH_BOOT)\nconfigsip: 0, SPIWP:0xee\nclk_drv:0x00,q_drv:0x00,d_drv:0x00,cs0_drv:0x00,hd_drv:0x00,wp_drv:0x00\nmode:DIO, clock div:2\nload:0x3fff0030,len:1184\nload:0x40078000,len:13232\nload:0x40080400,len:3028\nentry 0x400805e4`;

/** The serial monitor: the ROM boot lines, then the firmware's log lines (`[ ms][L][file:line] fn(): …`). */
function monitor(rng: Rng, n: number, extra: string[] = []): string {
  let ms = rng.int(300, 600);
  const logs = lines(n, () => {
    ms += rng.int(900, 31000);
    return rng.pick([
      `[${String(ms).padStart(7)}][I][main.cpp:${rng.int(30, 60)}] loop(): t=${dur(rng, 14, 33, 2)}C rh=${dur(rng, 40, 95, 1)}% soil=${rng.int(10, 90)}%`,
      `[${String(ms).padStart(7)}][D][mqtt_link.cpp:${rng.int(40, 90)}] publish(): siltumnica/telemetry ${rng.int(40, 80)} bytes`,
      `[${String(ms).padStart(7)}][I][vent.cpp:${rng.int(20, 50)}] update(): vent ${rng.pick(['open', 'closed'])} (${rng.pick([0, 90])} deg)`,
      `[${String(ms).padStart(7)}][W][sensors.cpp:${rng.int(60, 120)}] read(): SHT31 CRC mismatch, retrying`,
    ]);
  });
  return `--- Terminal on /dev/ttyUSB0 | 115200 8-N-1\n--- Available filters and text transformations: colorize, debug, default, direct, esp32_exception_decoder, hexlify, log2file, nocontrol, printable, send_on_enter, time\n--- More details at https://bit.ly/pio-monitor-filters\n--- Quit: Ctrl+C | Menu: Ctrl+T | Help: Ctrl+T followed by Ctrl+H\n${BOOT}\n[   ${rng.int(400, 900)}][I][main.cpp:24] setup(): siltumnica 0.${rng.int(3, 9)}.${rng.int(0, 9)} ready\n${[...extra, logs].join('\n')}`;
}

function harmonyNoise(rng: Rng): FringeStep {
  const r = rng.int(0, 9);
  if (r === 0) return one(undefined, run(rng, 'pio run -e esp32dev', pioOk(rng)));
  if (r === 1) return one(undefined, run(rng, 'pio test -e native', pioTest(rng)));
  if (r === 2) {
    const f = rng.pick(SRC);
    return one(rng.pick([`Need to look at ${f}.`, undefined]), read(rng, f, rng.int(8, 30)));
  }
  if (r === 3) {
    const q = rng.pick(['SAMPLE_MS', 'TOPIC_PREFIX', 'servo_', 'VENT_HIGH_C', 'SOIL_DRY']);
    const hits = CODE.join('\n')
      .split('\n')
      .filter((l) => l.includes(q))
      .map((l) => `${rng.pick(SRC)}:${rng.int(3, 140)}:${l}`);
    return one(undefined, run(rng, `grep -rn "${q}" src include`, hits.join('\n'), hits.length ? 0 : 1));
  }
  if (r === 4)
    return one(
      'Flash it and watch the log for a couple of samples.',
      run(rng, 'pio run -e esp32dev -t upload --upload-port /dev/ttyUSB0', upload(rng)),
    );
  if (r === 5)
    return one(
      undefined,
      ok(
        'serial_monitor',
        { port: '/dev/ttyUSB0', baud: 115200, seconds: rng.pick([20, 30, 60]) },
        monitor(rng, rng.int(4, 14)),
      ),
    );
  if (r === 6) {
    const f = rng.pick(SRC.slice(0, 4));
    return one(
      rng.pick(['Small tidy-up first.', undefined]),
      ok(
        'edit_file',
        { path: f, old_str: '  if (isnan(t)) return;', new_str: '  if (isnan(t)) {\n    return;\n  }' },
        `Edited ${f}: 1 replacement.`,
      ),
    );
  }
  if (r === 7)
    return one(
      undefined,
      run(
        rng,
        'pio check -e esp32dev --skip-packages',
        `Checking esp32dev > cppcheck (platform: espressif32; board: esp32dev; framework: arduino)\n${'-'.repeat(80)}\n${rng.pick(SRC)}:${rng.int(10, 90)}: [low:style] The scope of the variable 'n' can be reduced. [variableScope]\n${rng.pick(SRC)}:${rng.int(10, 90)}: [medium:warning] Member variable 'Vent::open_' is not initialized in the constructor. [uninitMemberVar]\n\nComponent             HIGH    MEDIUM    LOW\n--------------------  ------  --------  -----\nsrc                   0       1         1\n\nTotal                 0       1         1\n\nEnvironment    Tool      Status    Duration\n-------------  --------  --------  ------------\nesp32dev       cppcheck  PASSED    00:00:0${dur(rng, 1, 9, 3)}`,
      ),
    );
  if (r === 8)
    return one(
      undefined,
      run(
        rng,
        'git status --short && git log --oneline -3',
        `${some(rng, SRC, rng.int(1, 3))
          .map((f) => ` M ${f}`)
          .join('\n')}\n${rng
          .sample(
            [
              'vent: hysteresis band',
              'mqtt: retain last reading',
              'sensors: median filter',
              'config: sample period',
              'test: native env',
            ],
            3,
          )
          .map((m) => `${hex(rng, 7)} ${m}`)
          .join('\n')}`,
      ),
    );
  return one(
    undefined,
    run(
      rng,
      'pio pkg list -e esp32dev',
      `Resolving esp32dev dependencies...\nPlatform espressif32 @ 6.9.0 (required: espressif32 @ ~6.9.0)\n├── framework-arduinoespressif32 @ 3.20017.241212+sha.dcc1105b (required: platformio/framework-arduinoespressif32 @ ~3.20017.0)\n├── tool-esptoolpy @ 1.40501.0 (required: platformio/tool-esptoolpy @ ~1.40501.0)\n└── toolchain-xtensa-esp32 @ 8.4.0+2021r2-patch5 (required: espressif/toolchain-xtensa-esp32 @ 8.4.0+2021r2-patch5)\n\nLibraries\n${LIBS.map((l) => `├── ${l} (required: ${l.replace(' @ ', ' @ ^')})`).join('\n')}`,
    ),
  );
}

function harmonyBig(rng: Rng): FringeStep {
  if (rng.chance(0.5))
    return one(
      'Verbose build to see every flag and object; the size jump needs explaining.',
      run(
        rng,
        'pio run -e esp32dev -v',
        `${pioHead()}\n${lines(rng.int(38, 52), () => {
          const f = rng.pick([
            'esp32-hal-gpio.c',
            'esp32-hal-adc.c',
            'WiFiClient.cpp',
            'PubSubClient.cpp',
            'HardwareSerial.cpp',
            'main.cpp',
            'sensors.cpp',
          ]);
          return `xtensa-esp32-elf-g++ -o .pio/build/esp32dev/${f}.o -c -std=gnu++11 -Os -mlongcalls -ffunction-sections -fdata-sections -Wno-error=unused-function -Wno-error=unused-variable -Wno-error=deprecated-declarations -Wno-unused-parameter -Wno-sign-compare -ggdb -freorder-blocks -Wwrite-strings -fstack-protector -fstrict-volatile-bitfields -DPLATFORMIO=60116 -DARDUINO_ESP32_DEV -DESP32 -DF_CPU=240000000L -DARDUINO=10812 -Iinclude -Isrc -I/home/janis/.platformio/packages/framework-arduinoespressif32/cores/esp32 ${f}`;
        })}\n${pioOk(rng).split('\n').slice(-12).join('\n')}`,
      ),
    );
  return one(
    'Long capture over the night fixture to see how often the vent toggles.',
    ok('serial_monitor', { port: '/dev/ttyUSB0', baud: 115200, seconds: 3600 }, monitor(rng, rng.int(260, 320))),
  );
}

const PLANTERS: Record<FactKind, Planter[]> = {
  goal: [
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `automātisku loga vēdināšanu ar histerēzi modulī ${t}`;
        return {
          how: 'user-request',
          needle,
          beats: [
            {
              user: `Sveiki! Projekts ir ~/projekti/siltumnica — ESP32 mezgls mūsu siltumnīcai (PlatformIO, Arduino ietvars, plate esp32dev): SHT31 mēra temperatūru un mitrumu, augsnes mitruma sensors ir uz ADC, servo ver logu, dati iet uz MQTT brokeri. Man vajag ${needle}, lai logs nedrebinās ap slieksni. Testi ir test/ mapē (Unity, native vide). Partīciju tabulu platformio.ini, lūdzu, neaiztiec.`,
            },
          ],
        };
      },
    },
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `OTA atjauninājumus no servera ${t}.local`;
        return {
          how: 'user-followup',
          needle,
          beats: [{ user: `Nākamais uzdevums: ${needle}, ar versijas pārbaudi.` }],
        };
      },
    },
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `dziļo miegu starp mērījumiem, ko vada taimeris ${t}`;
        return {
          how: 'user-followup',
          needle,
          beats: [{ user: `Vēl viena lieta: gribu ${needle} — mezgls rudenī strādās no akumulatora.` }],
        };
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
            (x) => `${x} kodā nedrīkst būt delay(), tikai millis()`,
            (x) => `MQTT tēmas prefikss paliek "${x}/", to lasa Node-RED`,
            (x) => `${x} nedrīkst izmantot String klasi, tikai char buferus`,
          ],
          t,
        );
        return {
          how: 'user-rule',
          needle,
          beats: [
            {
              user: rng.pick([
                `Viens noteikums: ${needle}. Citādi pēc pāris dienām kaudze sadrumstalojas.`,
                `Svarīgi — ${needle}; par to vienojāmies jau pagājušajā sezonā.`,
                `Atceries: ${needle}.`,
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
        const needle = `// RULE: ${T}_PIN must stay on GPIO 32-39 (ADC1); ADC2 reads garbage while WiFi is up`;
        const at = rng.int(1, 6);
        return {
          how: 'tool-header',
          needle,
          beats: [
            {
              step: one(
                'The pin map lives in include/config.h and its header lists the wiring rules. Read it before touching any pin.',
                ok(
                  'read_file',
                  { path: 'include/config.h', from: at, to: at + 9 },
                  numberLines(
                    `// siltumnica — pin map and tunables\n// RULE: no pin below 6 or 6-11 (flash)\n${needle}\n// RULE: servo on a LEDC-capable pin, 50 Hz\n#pragma once\n#define SOIL_PIN 34\n#define ${T}_PIN ${rng.pick([35, 36, 39])}\n#define VENT_SERVO_PIN 18\n#define SHT31_ADDR 0x44\n#define SAMPLE_MS 30000`,
                    at,
                    (k, l) => `${String(k).padStart(4)}  ${l}`,
                  ),
                ),
              ),
            },
            {
              step: one(
                `So ${T}_PIN is pinned to ADC1. Check nothing reads it through analogRead on another pin.`,
                run(
                  rng,
                  `grep -rn "${T}_PIN" src include`,
                  `include/config.h:${at + 6}:#define ${T}_PIN 36\nsrc/sensors.cpp:${rng.int(20, 80)}:  pinMode(${T}_PIN, INPUT);`,
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
            (x) => `We'll filter ${x} readings with a 5-sample median, not an EMA`,
            (x) => `Going with a FreeRTOS task for ${x} pinned to core 0`,
            (x) => `Choose: ${x} keeps its state in RTC memory, not NVS`,
          ],
          t,
        );
        return {
          how: 'agent-choice',
          needle,
          beats: [
            {
              step: one(
                `${needle}. Spikes from the relay are single samples; a median drops them, an EMA smears them.`,
                ok(
                  'edit_file',
                  {
                    path: 'src/sensors.cpp',
                    old_str: 'int raw = analogRead(SOIL_PIN);',
                    new_str: `int raw = ${t}::sample(SOIL_PIN);`,
                  },
                  'Edited src/sensors.cpp: 1 replacement.',
                ),
              ),
            },
            { step: one(undefined, run(rng, 'pio run -e esp32dev', pioOk(rng))) },
          ],
        };
      },
    },
    {
      user: true,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `${t} publicē ik pēc 60 sekundēm un ar retain karogu`;
        return {
          how: 'user-choice',
          needle,
          beats: [{ user: rng.pick([`Nolēmām: ${needle}.`, `Labi, tad ${needle} — biežāk nevajag.`]) }],
        };
      },
    },
  ],
  file: [
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `src/${t}.cpp`;
        return {
          how: 'agent-create',
          needle,
          beats: [
            {
              step: one(
                'New translation unit for it; header next to it in include/.',
                ok(
                  'write_file',
                  { path: needle, content: `#include "${t}.h"\n\n${code(rng, 6)}\n` },
                  `Wrote ${needle} (${rng.int(900, 3000)} bytes).`,
                ),
              ),
            },
            { step: one(undefined, run(rng, 'pio run -e esp32dev', pioOk(rng))) },
          ],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `test/test_${t}/test_main.cpp`;
        return {
          how: 'agent-edit',
          needle,
          beats: [
            {
              step: one(
                'Unity test for it, runnable in the native env.',
                ok(
                  'write_file',
                  {
                    path: needle,
                    content: `#include <unity.h>\n#include "vent_logic.h"\n\nvoid test_${t}_band(void) {\n  VentLogic v(27.0f, 24.5f);\n  TEST_ASSERT_TRUE(v.step(28.0f));\n  TEST_ASSERT_TRUE(v.step(25.0f));\n  TEST_ASSERT_FALSE(v.step(24.0f));\n}\n\nint main(int, char**) {\n  UNITY_BEGIN();\n  RUN_TEST(test_${t}_band);\n  return UNITY_END();\n}\n`,
                  },
                  `Wrote ${needle} (${rng.int(300, 700)} bytes).`,
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
        const line = rng.int(20, 160);
        const needle = `src/main.cpp:${line}:${rng.int(3, 20)}: error: '${t}' was not declared in this scope`;
        const block = `src/main.cpp: In function 'void loop()':\n${needle}\n     ${t}(r);\n     ^~~~~~~\nsrc/main.cpp:${line}:${rng.int(3, 9)}: note: suggested alternative: '${t.slice(0, 4)}f'`;
        return {
          how: 'tool-gcc',
          needle,
          beats: [
            { step: one(undefined, run(rng, 'pio run -e esp32dev', pioFail(rng, block), 1)) },
            {
              step: one(
                `${t} is used in loop() but never declared. The header include is missing.`,
                read(rng, 'src/main.cpp', 12, Math.max(1, line - 6)),
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
        const C = cap(t);
        const needle = `undefined reference to \`${C}::begin(unsigned char)'`;
        const ld = `/home/janis/.platformio/packages/toolchain-xtensa-esp32/bin/../lib/gcc/xtensa-esp32-elf/8.4.0/../../../../xtensa-esp32-elf/bin/ld`;
        const block = `Linking .pio/build/esp32dev/firmware.elf\n${ld}: .pio/build/esp32dev/src/main.cpp.o:(.literal._Z5setupv+0x${hex(rng, 2)}): ${needle}\n${ld}: .pio/build/esp32dev/src/main.cpp.o: in function \`setup()':\n${ROOT}/src/main.cpp:${rng.int(15, 40)}: ${needle}\ncollect2: error: ld returned 1 exit status`;
        return {
          how: 'tool-ld',
          needle,
          beats: [
            { step: one(undefined, run(rng, 'pio run -e esp32dev', pioFail(rng, block, 'firmware.elf'), 1)) },
            {
              step: one(
                `${C}::begin is declared but its .cpp never got compiled — check the build_src_filter.`,
                run(
                  rng,
                  'grep -n "build_src_filter\\|lib_deps" platformio.ini',
                  `14:build_src_filter = +<*> -<${t}/>\n18:lib_deps =`,
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
        const line = rng.int(40, 120);
        const a = rng.int(2, 9);
        const needle = `test/test_vent/test_main.cpp:${line}:test_${t}:FAIL: Expected ${a} Was ${a - 1}`;
        return {
          how: 'tool-unity',
          needle,
          beats: [
            {
              step: one(
                undefined,
                run(
                  rng,
                  'pio test -e native -f test_vent -v',
                  pioTest(rng, { suite: 'test_vent', line: needle }, true),
                  1,
                ),
              ),
            },
            {
              step: one(
                `test_${t} counts one toggle fewer: the band check uses > where the test expects >=.`,
                read(rng, 'test/test_vent/test_main.cpp', 10, line - 5),
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
        const C = cap(t);
        const line = rng.int(30, 140);
        const pc = `0x400d${hex(rng, 4)}`;
        const needle = `in ${C}::poll() at src/vent.cpp:${line}`;
        const regs = lines(
          4,
          (i) =>
            `${['PC      ', 'A2      ', 'A6      ', 'A10     '][i]}: 0x${hex(rng, 8)}  ${['PS      ', 'A3      ', 'A7      ', 'A11     '][i]}: 0x${hex(rng, 8)}  ${['A0      ', 'A4      ', 'A8      ', 'A12     '][i]}: 0x${hex(rng, 8)}  ${['A1      ', 'A5      ', 'A9      ', 'A13     '][i]}: 0x${hex(rng, 8)}`,
        );
        const crash = `Guru Meditation Error: Core  1 panic'ed (LoadProhibited). Exception was unhandled.\n\nCore  1 register dump:\n${regs}\nEXCVADDR: 0x00000000  LBEG    : 0x4000c2e0  LEND    : 0x4000c2f6  LCOUNT  : 0xffffffff\n\n\nBacktrace: ${pc}:0x3ffb1f60 0x400d${hex(rng, 4)}:0x3ffb1f80 0x400d${hex(rng, 4)}:0x3ffb1fb0 0x4008${hex(rng, 4)}:0x3ffb1fd0\n  #0  ${pc}:0x3ffb1f60 ${needle}\n  #1  0x400d${hex(rng, 4)}:0x3ffb1f80 in loop() at src/main.cpp:${rng.int(30, 60)}\n  #2  0x400d${hex(rng, 4)}:0x3ffb1fb0 in loopTask(void*) at /home/janis/.platformio/packages/framework-arduinoespressif32/cores/esp32/main.cpp:50\n  #3  0x4008${hex(rng, 4)}:0x3ffb1fd0 in vPortTaskWrapper at /home/runner/work/esp32-arduino-lib-builder/esp32-arduino-lib-builder/esp-idf/components/freertos/port/xtensa/port.c:142\n\n\n\n\nELF file SHA256: ${hex(rng, 16)}\n\nRebooting...\n${BOOT}`;
        return {
          how: 'tool-panic',
          needle,
          beats: [
            {
              step: one(
                'Flash went fine; watch with the exception decoder in case it resets.',
                ok(
                  'serial_monitor',
                  { port: '/dev/ttyUSB0', baud: 115200, seconds: 60, filter: 'esp32_exception_decoder' },
                  monitor(rng, rng.int(2, 6), [crash]),
                ),
              ),
            },
            {
              step: one(
                `${C}::poll dereferences a null servo pointer when begin() was skipped. Look at the line.`,
                read(rng, 'src/vent.cpp', 10, line - 4),
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
        const needle = `reconnect(): MQTT connect failed, rc=-2 (broker ${t}.local:1883)`;
        let ms = rng.int(2000, 9000);
        const log = buried(
          rng,
          rng.int(6, 30),
          () => {
            ms += rng.int(900, 4000);
            return `[${String(ms).padStart(7)}][I][main.cpp:${rng.int(30, 60)}] loop(): t=${dur(rng, 14, 33, 2)}C rh=${dur(rng, 40, 95, 1)}% soil=${rng.int(10, 90)}%`;
          },
          `[${String(ms + 500).padStart(7)}][E][mqtt_link.cpp:${rng.int(60, 99)}] ${needle}`,
          `[${String(ms + 90000).padStart(7)}][W][mqtt_link.cpp:${rng.int(100, 120)}] reconnect(): backing off 30000 ms`,
        );
        return {
          how: 'tool-serial',
          needle,
          beats: [
            {
              step: one(
                'Leave the monitor running through a few publish cycles.',
                ok('serial_monitor', { port: '/dev/ttyUSB0', baud: 115200, seconds: 180 }, monitor(rng, 0, [log])),
              ),
            },
            {
              step: one(
                `rc=-2 is MQTT_CONNECT_FAILED: the board cannot resolve ${t}.local. mDNS is not started before connect; check where the broker host is set.`,
                run(
                  rng,
                  'grep -rn "MQTT_HOST\\|MDNS" src include',
                  `include/config.h:${rng.int(12, 30)}:#define MQTT_HOST "${t}.local"\nsrc/mqtt_link.cpp:${rng.int(20, 40)}:  client.setServer(MQTT_HOST, 1883);`,
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
        const t = mint('hex');
        const needle = `node_id=esp32-${t}`;
        return {
          how: 'tool-output',
          needle,
          beats: [
            {
              step: one(
                'Need the node id the firmware derives from the eFuse MAC for the broker ACL.',
                ok(
                  'serial_monitor',
                  { port: '/dev/ttyUSB0', baud: 115200, seconds: 15 },
                  monitor(rng, rng.int(2, 5), [
                    `[   ${rng.int(900, 1500)}][I][mqtt_link.cpp:31] connect(): ${needle} broker=192.168.8.${rng.int(2, 250)}:1883`,
                  ]),
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
        const needle = `SLT-${t}`;
        return {
          how: 'user-paste',
          needle,
          beats: [{ user: `Uzdevuma numurs mūsu Plane dēlī ir ${needle}, ieliec to commit ziņojumā.` }],
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
            (x) => `Remaining: add the siltumnica/${x} topic to the Node-RED flow`,
            (x) => `Still open — flash the ${x} build to the second board on /dev/ttyUSB1`,
            (x) => `Next up: a Unity case for ${x} in the native env`,
          ],
          t,
        );
        return {
          how: 'agent-plan',
          needle,
          beats: [
            {
              step: one(
                `Build and tests are green. ${needle}. Check whether anything mentions it yet.`,
                run(rng, `grep -rn "${t}" src test include`, '', 1),
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
        const needle = `pirms izlaišanas pārbaudi ${t} uz otrās plates`;
        return {
          how: 'user-todo',
          needle,
          beats: [
            { user: `Lieliski. Pēdējais: ${needle}.` },
            {
              step: one(
                `User wants ${t} checked on the second board. List ports first.`,
                run(
                  rng,
                  'pio device list',
                  `/dev/ttyUSB0\n------------\nHardware ID: USB VID:PID=10C4:EA60 SER=0001 LOCATION=1-1.2\nDescription: CP2102 USB to UART Bridge Controller\n\n/dev/ttyUSB1\n------------\nHardware ID: USB VID:PID=1A86:7523 LOCATION=1-1.3\nDescription: USB2.0-Serial`,
                ),
              ),
            },
          ],
        };
      },
    },
  ],
};

/** What the model writes on the analysis channel when a step has nothing particular to say, by tool. */
const ANALYSIS: Record<string, string[]> = {
  run: ['We need to build first.', 'Run it and see.', 'Check the output of this.', 'Continue.', 'Let us run it.'],
  read_file: ['Need more context. Open the file.', 'Let me look at the code.', 'Open it.'],
  write_file: ['Write it.', 'Create the file.'],
  edit_file: ['Apply the edit.', 'Patch it.'],
  serial_monitor: ['We should verify on the device.', 'Watch the serial log.'],
};

function renderCall(c: FringeCall): string {
  return `<|start|>assistant<|channel|>commentary to=functions.${c.tool} <|constrain|>json<|message|>${JSON.stringify(c.args)}<|call|>`;
}

/** The harmony harness. */
export const FRINGE_HARMONY: FringeHarness = {
  style: 'harmony',
  protocol: 'text',
  system: `<|start|>system<|message|>You are ChatGPT, a large language model trained by OpenAI.\nKnowledge cutoff: 2024-06\nCurrent date: 2025-05-14\n\nReasoning: high\n\n# Valid channels: analysis, commentary, final. Channel must be included for every message.\nCalls to these tools must go to the commentary channel: 'functions'.<|end|><|start|>developer<|message|># Instructions\n\nYou are a firmware assistant working in ${ROOT}, a PlatformIO project (ESP32, Arduino framework, board esp32dev; unit tests with Unity in the native env). A board is attached on /dev/ttyUSB0. Make one tool call at a time and wait for its result. Never change the partition table. The user writes in Latvian; answer in Latvian unless asked otherwise.\n\n# Tools\n\n## functions\n\nnamespace functions {\n\n// Runs a shell command in the project and returns its output and exit status.\ntype run = (_: {\n  cmd: string,\n  cwd?: string,\n  timeout_ms?: number, // default: 120000\n}) => any;\n\n// Reads a file by line range.\ntype read_file = (_: { path: string, from?: number, to?: number }) => any;\n\n// Writes a whole file.\ntype write_file = (_: { path: string, content: string }) => any;\n\n// Replaces one exact occurrence of old_str by new_str.\ntype edit_file = (_: { path: string, old_str: string, new_str: string }) => any;\n\n// Opens the serial monitor for a while and returns what was printed.\ntype serial_monitor = (_: { port: string, baud: number, seconds: number, filter?: string }) => any;\n\n} // namespace functions<|end|>`,
  tools: ['run', 'read_file', 'write_file', 'edit_file', 'serial_monitor'],
  renderStep: (s, _ids, n) => {
    if (s.calls.length !== 1) throw new Error('harmony: one call a message');
    const c = s.calls[0] as FringeCall;
    const thought = s.say ?? nth(ANALYSIS[c.tool] ?? ['Continue.'], n * 3 + JSON.stringify(c.args).length);
    return `<|channel|>analysis<|message|>${thought}<|end|>${renderCall(c)}`;
  },
  renderResults: (s) =>
    s.calls
      .map((c) => `<|start|>functions.${c.tool} to=assistant<|channel|>commentary<|message|>${c.output}<|end|>`)
      .join(''),
  resultStart: /^<\|start\|>functions\.\w+ to=assistant<\|channel\|>commentary<\|message\|>/,
  callMark: /<\|channel\|>commentary to=functions\.\w+ <\|constrain\|>json<\|message\|>/g,
  resultMark: /<\|start\|>functions\.\w+ to=assistant<\|channel\|>commentary<\|message\|>/g,
  renderAnswer: (text) =>
    `<|channel|>analysis<|message|>${nth(['Summarize for the user in Latvian.', 'Report back.', 'Answer briefly.'], text.length)}<|end|><|start|>assistant<|channel|>final<|message|>${text}<|end|>`,
  noise: harmonyNoise,
  big: harmonyBig,
  followUp: (rng) =>
    rng.pick([
      'Vai testi iziet?',
      'Ko rāda seriālais monitors?',
      'Palaid, lūdzu, vēlreiz pio test.',
      'Īsi paskaidro, ko tu nomainīji.',
      'Labi, kas tālāk?',
      'Vai firmware vēl ietilpst flash atmiņā?',
    ]),
  keepGoing: (rng) => rng.pick(['Turpini.', 'Turpini, neapstājies.', 'Turpini, līdz visi testi iziet.']),
  answer: (rng) =>
    rng.pick([
      `Gatavs: pio run izdodas, pio test — ${rng.int(11, 14)} testi, visi iziet.`,
      'Izlabots un uzflešots; seriālajā logā vairs nav restartu.',
      'Done — the build is green and the board has been running for ten minutes without a reset.',
      'Pabeigts. Palika viens cppcheck brīdinājums vent.cpp, kas nav no šīs izmaiņas.',
    ]),
  probe: (rng) => rng.pick(['Turpini.', 'Turpini no vietas, kur apstājies.', 'Un tagad?']),
  planters: PLANTERS,
};
