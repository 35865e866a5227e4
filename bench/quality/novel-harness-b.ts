/**
 * Harnesses of the novel family, part two: an embedded-firmware agent behind a local
 * OpenAI-compatible server (vLLM-style tool ids), a game build agent (Unity, Unreal, Lua),
 * a Kubernetes/Helm/Argo CD deploy agent that issues parallel calls, and an ML training agent
 * that writes code blocks and gets console output back as user messages.
 */
import type { Harness } from './novel-core';
import { alnum, digitString, fillLines, hex, padL, padR } from './novel-words';
import { logLines, numbered, table } from './novel-text';
import type { Rng } from './rng';

const openaiId = (rng: Rng) => `call_${alnum(rng, 24)}`;

/** An embedded agent on STM32/ESP32 firmware: PlatformIO, CMake, arm-none-eabi-gcc, serial logs. */
export const firmware: Harness = {
  style: 'firmware',
  system:
    () => `You are a firmware engineering agent. The workspace is /work/fw (C11, FreeRTOS, STM32Cube HAL; an ESP32 companion board under esp/).
Tools: run (shell in /work/fw), read, write, serial_monitor (reads the attached board's UART).
A board is attached on /dev/ttyACM0 (115200 baud). Flashing is allowed; erasing option bytes is not.
Keep ISRs short. Report flash/RAM usage after every build.`,
  tools: ['run', 'read', 'write', 'serial_monitor'],
  callId: (rng) => `chatcmpl-tool-${hex(rng, 32)}`,
  parallel: 0.1,
  fillers: [
    (rng) => ({
      name: 'run',
      args: { cmd: 'pio run -e nucleo_f446re' },
      out: `Processing nucleo_f446re (platform: ststm32; board: nucleo_f446re; framework: stm32cube)\n${'-'.repeat(80)}\nCompiling .pio/build/nucleo_f446re/src/main.o\nLinking .pio/build/nucleo_f446re/firmware.elf\nChecking size .pio/build/nucleo_f446re/firmware.elf\nAdvanced Memory Usage is available via "PlatformIO Home > Project Inspect"\nRAM:   [===       ]  ${rng.int(20, 40)}.${rng.int(0, 9)}% (used ${rng.int(20000, 50000)} bytes from 131072 bytes)\nFlash: [=====     ]  ${rng.int(40, 70)}.${rng.int(0, 9)}% (used ${rng.int(200000, 350000)} bytes from 524288 bytes)\nBuilding .pio/build/nucleo_f446re/firmware.bin\n========================= [SUCCESS] Took ${rng.int(3, 40)}.${digitString(rng, 2)} seconds =========================`,
      exit: 0,
    }),
    (rng, size) => {
      let ms = rng.int(0, 5000);
      return {
        name: 'serial_monitor',
        args: { port: '/dev/ttyACM0', baud: 115200, seconds: rng.int(5, 60) },
        out: `--- Terminal on /dev/ttyACM0 | 115200 8-N-1\n${fillLines(size, () => `[${padL((ms += rng.int(1, 400)), 8)}] ${rng.pick(['I', 'I', 'D', 'W'])} ${rng.pick(['imu', 'ble', 'pwr', 'app', 'spi'])}: ${rng.pick([`sample ax=${rng.int(-999, 999)} ay=${rng.int(-999, 999)} az=${rng.int(-999, 999)}`, `vbat=${rng.int(3300, 4200)}mV`, `queue depth ${rng.int(0, 64)}`, `adv interval ${rng.int(20, 1000)}ms`, `dma xfer ${rng.int(16, 512)}B ok`, `tick ${rng.int(0, 99999)}`])}`)}`,
      };
    },
    (rng, size) => {
      const p = rng.pick(['src/drivers/spi_bus.c', 'src/app/sensor_task.c', 'src/proto/frame.c', 'src/pwr/sleep.c']);
      return { name: 'read', args: { path: p }, out: numbered(rng, 'c', size) };
    },
    (rng) => ({
      name: 'run',
      args: { cmd: 'arm-none-eabi-size build/fw.elf' },
      out: `   text\t   data\t    bss\t    dec\t    hex\tfilename\n ${rng.int(100000, 400000)}\t   ${rng.int(1000, 9000)}\t  ${rng.int(10000, 90000)}\t ${rng.int(100000, 500000)}\t  ${hex(rng, 5)}\tbuild/fw.elf`,
      exit: 0,
    }),
    (rng, size) => ({
      name: 'run',
      args: { cmd: 'cmake -S . -B build -G Ninja -DCMAKE_TOOLCHAIN_FILE=cmake/arm-gcc.cmake && ninja -C build' },
      out: `-- The C compiler identification is GNU 13.2.1\n-- Configuring done (0.${rng.int(1, 9)}s)\n-- Generating done (0.0${rng.int(1, 9)}s)\n-- Build files have been written to: /work/fw/build\n${fillLines(Math.min(size, 10000), (i) => `[${i + 1}/${rng.int(60, 200)}] Building C object CMakeFiles/fw.elf.dir/${rng.pick(['src/drivers', 'src/app', 'lib/hal', 'lib/freertos'])}/${rng.pick(['spi_bus', 'i2c', 'tasks', 'queue', 'timers', 'uart', 'gpio'])}.c.obj`)}\n[${rng.int(60, 200)}/${rng.int(60, 200)}] Linking C executable fw.elf`,
      exit: 0,
    }),
    (rng) => ({
      name: 'run',
      args: { cmd: 'pio test -e native' },
      out: `Testing...\n${Array.from({ length: rng.int(3, 9) }, () => `test/test_ring.c:${rng.int(10, 99)}: test_${rng.pick(['push', 'pop', 'wrap', 'overflow', 'crc'])}\t[PASSED]`).join('\n')}\n-----------------------\n${rng.int(3, 9)} Tests 0 Failures 0 Ignored\nOK`,
      exit: 0,
    }),
    (rng) => ({
      name: 'write',
      args: { path: 'src/app/sensor_task.c', content: numbered(rng, 'c', 400).replace(/^ +\d+\t/gm, '') },
      out: 'ok',
    }),
  ],
  ecos: ['gcc', 'ld', 'cmake', 'espidf', 'clang'],
  failCall: (rng, f) =>
    f.eco === 'espidf'
      ? {
          name: 'serial_monitor',
          args: { port: '/dev/ttyUSB0', baud: 115200, seconds: rng.int(10, 30) },
          out: f.out,
          failed: true,
        }
      : {
          name: 'run',
          args: {
            cmd:
              {
                gcc: 'pio run -e nucleo_f446re',
                ld: 'cmake --build build',
                cmake: 'cmake -S . -B build -G Ninja',
                clang: 'ninja -C build-host test_ring',
              }[f.eco] ?? 'make',
          },
          out: f.out,
          exit: f.exit,
        },
  read: (_rng, path, body) => ({ name: 'read', args: { path }, out: body }),
  run: (_rng, cmd, out) => ({ name: 'run', args: { cmd }, out, exit: 0 }),
  write: (_rng, path, body) => ({ name: 'write', args: { path, content: body }, out: 'ok' }),
  thoughts: [
    'Building to see where we are.',
    'Reading the driver before changing the DMA setup.',
    'Flashing and watching the UART.',
    'Checking the map for flash usage.',
  ],
  asks: [
    'does it still boot after the change?',
    'what is the current flash usage?',
    'can you check the IMU rate on the serial log?',
    'any warnings left?',
  ],
  replies: [
    'Yes — boots in 412 ms, all tasks started.',
    'Flash is at 58.3%, RAM 31%.',
    'IMU samples arrive at ~200 Hz, no drops over 60 s.',
    'Two unused-variable warnings, both in vendor code.',
  ],
  probes: [
    'Summarize for the hardware standup: what works on the board now, what failed, what is still open?',
    'Before I take the board: what is the state of the firmware and what is left to do?',
  ],
  goal: (w) => [
    `bring up the ${w} IMU over SPI with DMA`,
    `cut ${w} sleep current below 40 µA`,
    `add ${w} OTA updates to the ESP32 companion`,
  ],
  constraint: (w) => [
    `the ${w} ISR must not allocate`,
    `stay under 480 KB of flash for the ${w} image`,
    `do not touch the ${w} bootloader sector`,
  ],
  decision: (w) => [
    `use a lock-free ring buffer for ${w} samples`,
    `run the ${w} driver on DMA2 stream 3`,
    `clock the ${w} bus at 8 MHz, not 16`,
  ],
  pending: (w) => [
    `measure ${w} current on the bench supply`,
    `soak-test the ${w} build for 12 hours`,
    `port the ${w} fix to the rev C board`,
  ],
  file: (w) => [`src/drivers/${w}_imu.c`, `include/${w}_regs.h`, `boards/${w}_revc.json`, `esp/main/${w}_ota.c`],
  value: (w, rng) => [
    { needle: `#define ${w.toUpperCase()}_SPI_HZ ${rng.int(1, 20)}000000u`, key: w },
    { needle: `${w}_fw-v${rng.int(1, 3)}.${rng.int(0, 20)}.${rng.int(0, 9)}-rc${rng.int(1, 5)}`, key: w },
    { needle: `${w.toUpperCase()}_I2C_ADDR=0x${hex(rng, 2)}`, key: w },
  ],
};

/** A game build agent: Unity batchmode, Roslyn/MSBuild, shaders, Unreal Build Tool (MSVC), Lua gameplay scripts. */
export const gamedev: Harness = {
  style: 'gamedev',
  system:
    () => `You are the build engineer agent for the game "Arena". The repo has a Unity client (client/), an Unreal dedicated-server prototype (server-ue/), .NET asset tools (tools/) and Lua gameplay scripts (client/Assets/StreamingAssets/scripts).
Tools: run_build (Unity, UBT or dotnet builds in CI containers), shell, read_file, apply_patch (unified diff), unity_log (tail of Editor.log).
Tool results come back as a status header followed by the captured output.
Don't commit generated Library/ or Intermediate/ folders.`,
  tools: ['run_build', 'shell', 'read_file', 'apply_patch', 'unity_log'],
  callId: openaiId,
  parallel: 0.12,
  fillers: [
    (rng, size) => ({
      name: 'unity_log',
      args: { tail: Math.round(size / 80) },
      out: `exit_code: 0\n--- output ---\n${logLines(rng, size, ['Refreshing native plugins compatible for Editor in # ms', 'Start importing Assets/Art/Props/crate_%.fbx using Guid(%)', 'Asset Pipeline Refresh (id=%): Total: #.123 seconds', 'Unloading # unused Assets to reduce memory usage', 'Shader warmup: # variants', 'Reloading assemblies after forced synchronous recompile.'])}`,
    }),
    (rng) => ({
      name: 'run_build',
      args: { target: 'StandaloneWindows64', config: 'Development', project: 'client' },
      out: `exit_code: 0\n--- output ---\nBuild Finished, Result: Success.\nBuild size: ${rng.int(400, 2000)} MB\nTextures ${rng.int(100, 900)} MB ${rng.int(20, 60)}.${rng.int(0, 9)}%\nMeshes ${rng.int(10, 200)} MB ${rng.int(5, 20)}.${rng.int(0, 9)}%\nShaders ${rng.int(5, 90)} MB\nTotal build time ${rng.int(60, 900)}s`,
    }),
    (rng, size) => ({
      name: 'read_file',
      args: {
        path: `client/Assets/Scripts/${rng.pick(['Inventory/InventoryGrid', 'Player/Movement', 'Combat/Weapon', 'UI/Hotbar'])}.cs`,
      },
      out: numbered(rng, 'csharp', size),
    }),
    (rng) => ({
      name: 'shell',
      args: { command: 'dotnet test tools/AssetBaker.Tests' },
      out: `exit_code: 0\n--- output ---\n  Determining projects to restore...\n  AssetBaker -> /src/tools/AssetBaker/bin/Debug/net8.0/AssetBaker.dll\nTest run for /src/tools/AssetBaker.Tests/bin/Debug/net8.0/AssetBaker.Tests.dll (.NETCoreApp,Version=v8.0)\nPassed!  - Failed:     0, Passed:    ${rng.int(20, 200)}, Skipped:     ${rng.int(0, 4)}, Total:    ${rng.int(20, 200)}, Duration: ${rng.int(1, 30)} s - AssetBaker.Tests.dll (net8.0)`,
    }),
    (rng, size) => ({
      name: 'run_build',
      args: { target: 'ArenaServer', platform: 'Linux', config: 'Development', project: 'server-ue' },
      out: `exit_code: 0\n--- output ---\n${fillLines(Math.min(size, 16000), (i) => `[${i + 1}/${rng.int(100, 400)}] Compile [x64] ${rng.pick(['Module.Arena', 'Module.ArenaNet', 'Module.Combat'])}.${rng.int(1, 9)}.cpp`)}\nTotal execution time: ${rng.int(60, 600)}.${digitString(rng, 2)} seconds\nResult: Succeeded`,
    }),
    (rng) => ({
      name: 'shell',
      args: { command: 'luacheck client/Assets/StreamingAssets/scripts' },
      out: `exit_code: 0\n--- output ---\nChecking client/Assets/StreamingAssets/scripts/ai/brain.lua OK\nChecking client/Assets/StreamingAssets/scripts/ai/scheduler.lua OK\nChecking client/Assets/StreamingAssets/scripts/main.lua   ${rng.int(1, 3)} warnings\n\nTotal: ${rng.int(1, 3)} warnings / 0 errors in ${rng.int(8, 40)} files`,
    }),
    (rng) => ({
      name: 'apply_patch',
      args: {
        patch: `--- a/client/Assets/Scripts/Combat/Weapon.cs\n+++ b/client/Assets/Scripts/Combat/Weapon.cs\n@@ -${rng.int(10, 90)},3 +${rng.int(10, 90)},4 @@\n-        if (_cooldown > 0) return;\n+        if (_cooldown > 0f) return;\n+        _shots++;`,
      },
      out: 'Patch applied: 1 file changed, 2 insertions(+), 1 deletion(-)',
    }),
  ],
  ecos: ['csharp', 'msbuild', 'shader', 'msvc', 'lua'],
  failCall: (_rng, f) => {
    const status = `exit_code: ${f.exit}\n--- output ---\n`;
    if (f.eco === 'lua')
      return {
        name: 'shell',
        args: { command: 'lua tools/headless_sim.lua --frames 900' },
        out: status + f.out,
        exit: f.exit,
      };
    if (f.eco === 'msbuild')
      return { name: 'shell', args: { command: 'dotnet build tools/AssetBaker' }, out: status + f.out, exit: f.exit };
    return {
      name: 'run_build',
      args: {
        target: f.eco === 'msvc' ? 'ArenaEditor' : 'StandaloneWindows64',
        config: 'Development',
        project: f.eco === 'msvc' ? 'server-ue' : 'client',
      },
      out: status + f.out,
      exit: f.exit,
    };
  },
  read: (_rng, path, body) => ({ name: 'read_file', args: { path }, out: body }),
  run: (_rng, cmd, out) => ({
    name: 'shell',
    args: { command: cmd },
    out: `exit_code: 0\n--- output ---\n${out}`,
    exit: 0,
  }),
  write: (_rng, path, body) => ({
    name: 'apply_patch',
    args: { patch: `--- /dev/null\n+++ b/${path}\n@@ -0,0 +1 @@\n+${body.split('\n').join('\n+')}` },
    out: 'Patch applied: 1 file changed',
  }),
  thoughts: [
    'Kicking off the client build.',
    'Checking Editor.log for the import step.',
    'Let me read the script the error points at.',
    'Rebuilding the server target.',
  ],
  asks: [
    'is the Windows build green?',
    'how big is the build now?',
    'did the shader warmup get faster?',
    'can you rerun the server build?',
  ],
  replies: [
    'Yes, green on the last run.',
    'About 1.4 GB, textures are 60% of it.',
    'Warmup went from 5.2 s to 3.1 s.',
    'Rerun done — succeeded in 6 minutes.',
  ],
  probes: [
    'Status for the build channel: which targets are green, what broke, what is still open?',
    'Before the playtest build: what changed and what is left?',
  ],
  goal: (w) => [
    `get the ${w} playtest build green on Windows and Linux`,
    `cut ${w} shader warmup under two seconds`,
    `port the ${w} inventory to the new input system`,
  ],
  constraint: (w) => [
    `keep the ${w} build under 1.5 GB`,
    `no engine upgrades before the ${w} playtest`,
    `${w} scripts must run headless`,
  ],
  decision: (w) => [
    `strip ${w} shader variants with a preprocess callback`,
    `move ${w} loot tables from Lua to ScriptableObjects`,
    `build the ${w} server with UBT on Linux only`,
  ],
  pending: (w) => [
    `profile ${w} on the Steam Deck`,
    `re-bake ${w} lightmaps after the art drop`,
    `tag the ${w} playtest build in Perforce`,
  ],
  file: (w) => [
    `client/Assets/Scripts/${w.charAt(0).toUpperCase()}${w.slice(1)}/LootTable.cs`,
    `client/Assets/Shaders/${w}_water.shader`,
    `client/Assets/StreamingAssets/scripts/ai/${w}_brain.lua`,
    `server-ue/Source/Arena/Private/${w.charAt(0).toUpperCase()}${w.slice(1)}Subsystem.cpp`,
  ],
  value: (w, rng) => [
    { needle: `UNITY_${w.toUpperCase()}_SERIAL=E3-${alnum(rng, 4).toUpperCase()}`, key: w },
    { needle: `${w}-playtest-${rng.int(100, 999)}`, key: w },
    { needle: `m_${w}Budget: ${rng.int(100, 900)}`, key: w },
  ],
};

/** A deploy agent on Kubernetes with Helm and Argo CD (Nix- and Bazel-built images); parallel read-only calls. */
export const deploy: Harness = {
  style: 'deploy',
  system:
    () => `You are a deployment agent for the payments platform. Clusters: prod-eu (context prod-eu-1), staging (context stg-eu-1).
Tools: kubectl, helm, argocd, shell (repo at /srv/platform: Nix flakes and Bazel build the images), read_file.
Read-only commands may run in parallel. Any write to prod-eu needs an explicit "approved" from the user in this session.
Prefer Argo CD syncs over direct kubectl apply.`,
  tools: ['kubectl', 'helm', 'argocd', 'shell', 'read_file'],
  callId: openaiId,
  parallel: 0.3,
  fillers: [
    (rng, size) => ({
      name: 'kubectl',
      args: { args: 'get pods -o wide', namespace: 'payments', context: rng.pick(['stg-eu-1', 'prod-eu-1']) },
      out: table(
        rng,
        ['NAME', 'READY', 'STATUS', 'RESTARTS', 'AGE', 'IP', 'NODE'],
        Math.min(size, 12000),
        (r, i) =>
          [
            `${r.pick(['api', 'ledger', 'worker', 'gateway', 'webhooks'])}-${hex(r, 10)}-${hex(r, 5)}`,
            `${r.int(1, 2)}/2`,
            r.pick(['Running', 'Running', 'Running', 'Completed']),
            String(r.int(0, 3)),
            `${r.int(1, 30)}d`,
            `10.42.${r.int(0, 255)}.${r.int(0, 255)}`,
            `ip-10-42-${r.int(0, 255)}-${r.int(0, 255)}`,
          ][i] ?? '',
      ),
    }),
    (rng, size) => ({
      name: 'kubectl',
      args: {
        args: `logs deploy/${rng.pick(['api', 'ledger', 'gateway'])} --since=15m`,
        namespace: 'payments',
        context: 'stg-eu-1',
      },
      out: logLines(
        rng,
        size,
        [
          'GET /healthz 200 #us',
          'POST /v1/payments 201 #ms',
          'ledger: committed batch % (# entries)',
          'kafka: rebalanced partitions, assigned #',
          'grpc: upstream ledger ok in #ms',
        ],
        ['info', 'info', 'info', 'debug', 'warn'],
      ),
    }),
    (rng, size) => ({
      name: 'helm',
      args: { args: `diff upgrade payments charts/payments -f values/${rng.pick(['staging', 'prod-eu'])}.yaml` },
      out: fillLines(size, () =>
        rng.pick([
          `payments, ${rng.pick(['api', 'ledger', 'worker'])}, Deployment (apps) has changed:`,
          `-         image: "registry.internal/payments/api:1.${rng.int(0, 30)}.${rng.int(0, 9)}"`,
          `+         image: "registry.internal/payments/api:1.${rng.int(0, 30)}.${rng.int(0, 9)}"`,
          `            - name: ${rng.pick(['LOG_LEVEL', 'GOMAXPROCS', 'DB_POOL'])}`,
          `              value: "${rng.int(1, 64)}"`,
          `           resources:`,
          `             limits:`,
          `               memory: ${rng.int(1, 8)}Gi`,
        ]),
      ),
    }),
    (rng) => ({
      name: 'argocd',
      args: { args: 'app get payments-staging' },
      out: `Name:               argocd/payments-staging\nProject:            payments\nServer:             https://kubernetes.default.svc\nNamespace:          payments\nURL:                https://argocd.internal/applications/payments-staging\nSource:\n- Repo:             https://git.internal/platform/deploy.git\n  Target:           main\n  Path:             apps/payments/overlays/staging\nSyncWindow:         Sync Allowed\nSync Policy:        Automated (Prune)\nSync Status:        Synced to main (${hex(rng, 7)})\nHealth Status:      Healthy`,
    }),
    (rng) => ({
      name: 'kubectl',
      args: { args: 'top pods', namespace: 'payments', context: 'prod-eu-1' },
      out: `NAME                          CPU(cores)   MEMORY(bytes)\n${Array.from({ length: rng.int(3, 9) }, () => `${padR(`${rng.pick(['api', 'ledger', 'worker'])}-${hex(rng, 10)}-${hex(rng, 5)}`, 30)}${padR(`${rng.int(5, 900)}m`, 13)}${rng.int(100, 3000)}Mi`).join('\n')}`,
    }),
    (rng, size) => ({
      name: 'shell',
      args: { command: 'nix build .#images.gateway --print-build-logs' },
      out: fillLines(
        Math.min(size, 9000),
        () =>
          `gateway> ${rng.pick(['go: downloading', 'building', 'copying path', 'patching script interpreter paths in'])} ${rng.pick(['github.com/grpc-ecosystem/grpc-gateway/v2 v2.20.0', "'/nix/store/" + hex(rng, 32) + "-go-modules'", 'internal/relay', '/nix/store/' + hex(rng, 32) + '-gateway-0.9.3'])}`,
      ),
      exit: 0,
    }),
    (rng) => ({
      name: 'kubectl',
      args: { args: 'rollout status deploy/api --timeout=120s', namespace: 'payments', context: 'stg-eu-1' },
      out: `Waiting for deployment "api" rollout to finish: ${rng.int(1, 3)} of 4 updated replicas are available...\ndeployment "api" successfully rolled out`,
    }),
  ],
  ecos: ['k8sbackoff', 'k8spull', 'helm', 'nix', 'bazel'],
  failCall: (rng, f) => {
    if (f.eco === 'k8s')
      return {
        name: 'kubectl',
        args: {
          args: f.out.startsWith('NAME') ? 'get pods,events' : `describe pod -l app=${rng.pick(['api', 'worker'])}`,
          namespace: 'payments',
          context: 'stg-eu-1',
        },
        out: f.out,
        exit: 0,
      };
    if (f.eco === 'helm')
      return {
        name: 'helm',
        args: { args: 'upgrade payments charts/payments -f values/staging.yaml --debug' },
        out: f.out,
        exit: f.exit,
      };
    return {
      name: 'shell',
      args: { command: f.eco === 'nix' ? 'nix build .#images.relay' : 'bazel build //services/gateway:image' },
      out: f.out,
      exit: f.exit,
    };
  },
  read: (_rng, path, body) => ({ name: 'read_file', args: { path }, out: body }),
  run: (_rng, cmd, out) => ({ name: 'shell', args: { command: cmd }, out, exit: 0 }),
  write: (_rng, path, body) => ({
    name: 'shell',
    args: { command: `cat > ${path} <<'EOF'\n${body}\nEOF` },
    out: '',
    exit: 0,
  }),
  thoughts: [
    'Checking pod state and recent events in parallel.',
    'Diffing the chart before syncing.',
    'Watching the rollout.',
    'Looking at the logs of the new replica set.',
  ],
  asks: [
    'what is running on staging right now?',
    'any restarts in prod overnight?',
    'is argo in sync?',
    'how is memory on the ledger pods?',
  ],
  replies: [
    'Staging runs api 1.18.2 and ledger 1.9.0, all healthy.',
    'No restarts in prod in the last 24 h.',
    'Yes, payments-staging is synced to main and healthy.',
    'Ledger pods sit at 1.1–1.4 GiB of a 2 GiB limit.',
  ],
  probes: [
    'Write the deploy log entry: what was rolled out where, what failed, what is still pending?',
    'Before I approve prod: summarize staging state and what remains.',
  ],
  goal: (w) => [
    `roll out the ${w} gateway to staging and then prod-eu`,
    `move ${w} from raw manifests to the Helm chart`,
    `get ${w} healthy after the node-pool upgrade`,
  ],
  constraint: (w) => [
    `never sync ${w} to prod-eu outside the 14:00–16:00 window`,
    `keep two ${w} replicas per zone at all times`,
    `no kubectl apply against ${w} in prod — Argo only`,
  ],
  decision: (w) => [
    `pin ${w} to the Nix-built image instead of the Bazel one`,
    `use a PodDisruptionBudget of maxUnavailable 1 for ${w}`,
    `roll ${w} out as a canary at 10%`,
  ],
  pending: (w) => [
    `flip the ${w} canary to 100% after the error-rate check`,
    `delete the old ${w} ReplicaSets`,
    `update the ${w} runbook with the new rollout steps`,
  ],
  file: (w) => [
    `apps/payments/overlays/staging/${w}-patch.yaml`,
    `charts/payments/templates/${w}-deployment.yaml`,
    `nix/images/${w}.nix`,
    `services/${w}/BUILD.bazel`,
  ],
  value: (w, rng) => [
    { needle: `registry.internal/payments/${w}@sha256:${hex(rng, 16)}`, key: w },
    { needle: `${w.toUpperCase()}_GRPC_PORT=${rng.int(7000, 9999)}`, key: w },
    { needle: `${w}-canary-weight: "${rng.int(1, 50)}"`, key: w },
  ],
};

/** An ML training agent in an interpreter loop: code blocks out, console output back as user messages. */
export const trainer: Harness = {
  style: 'trainer',
  system:
    () => `You are an ML engineering assistant that can execute code on the user's GPU box (8×H100, CUDA 12.4, PyTorch 2.4).
To run code, write a fenced block with the language (\`\`\`shell or \`\`\`python); it is executed immediately and its output is sent back to you.
Write plans as short bullet lists. Training runs are launched with torchrun from /workspace; metrics go to Weights & Biases (project "encoder-pretrain").
Never delete checkpoints under /checkpoints without asking.`,
  tools: [],
  text: {
    action: (thought, c) => `${thought ? `${thought}\n\n` : ''}\`\`\`${c.name}\n${String(c.args['code'])}\n\`\`\``,
    result: (c) => `Code output:\n${c.out}`,
    resultPrefix: 'Code output:\n',
  },
  callId: () => '',
  parallel: 0,
  fillers: [
    (rng, size) => {
      let step = rng.int(0, 40) * 1000;
      let loss = 2 + rng.next() * 3;
      return {
        name: 'shell',
        args: { code: `tail -n ${Math.round(size / 110)} /workspace/runs/latest/train.log` },
        out: fillLines(
          size,
          () =>
            `step ${padL((step += 50), 7)} | loss ${(loss *= 0.999).toFixed(4)} | lr ${(rng.next() * 3e-4).toExponential(3)} | grad_norm ${(rng.next() * 2).toFixed(3)} | tok/s ${rng.int(380000, 420000)} | mem ${rng.int(60, 78)}.${rng.int(0, 9)}G`,
        ),
      };
    },
    (rng) => ({
      name: 'shell',
      args: {
        code: 'nvidia-smi --query-gpu=index,utilization.gpu,memory.used,memory.total,temperature.gpu --format=csv',
      },
      out: `index, utilization.gpu [%], memory.used [MiB], memory.total [MiB], temperature.gpu\n${Array.from({ length: 8 }, (_, i) => `${i}, ${rng.int(0, 100)} %, ${rng.int(1000, 80000)} MiB, 81559 MiB, ${rng.int(30, 80)}`).join('\n')}`,
    }),
    (rng, size) => ({
      name: 'python',
      args: {
        code: 'import pandas as pd\nevals = pd.read_json("/workspace/runs/latest/eval.jsonl", lines=True)\nprint(evals.tail(30).to_string())',
      },
      out: table(rng, ['', 'step', 'val_loss', 'ppl', 'mmlu', 'hellaswag'], Math.min(size, 8000), (r, i) =>
        i === 0
          ? String(r.int(0, 300))
          : i === 1
            ? String(r.int(1, 300) * 1000)
            : `${r.int(0, 9)}.${digitString(r, 4)}`,
      ),
    }),
    (rng) => ({
      name: 'shell',
      args: { code: 'wandb sync --view --verbose /workspace/runs/latest | tail -12' },
      out: `wandb: Run summary:\nwandb:        train/loss ${(1 + rng.next()).toFixed(5)}\nwandb:          train/lr ${(rng.next() * 3e-4).toExponential(4)}\nwandb:   train/grad_norm ${rng.next().toFixed(4)}\nwandb:         val/loss ${(1 + rng.next()).toFixed(5)}\nwandb:  perf/tokens_per_s ${rng.int(380000, 420000)}\nwandb: \nwandb: 🚀 View run at https://wandb.ai/acme-ml/encoder-pretrain/runs/${alnum(rng, 8).toLowerCase()}`,
    }),
    (rng, size) => ({
      name: 'shell',
      args: { code: 'pip list --format=freeze' },
      out: fillLines(
        Math.min(size, 7000),
        () =>
          `${rng.pick(['torch', 'numpy', 'transformers', 'datasets', 'accelerate', 'flash-attn', 'wandb', 'safetensors', 'tokenizers', 'triton', 'einops', 'sentencepiece'])}==${rng.int(0, 4)}.${rng.int(0, 40)}.${rng.int(0, 9)}`,
      ),
    }),
    (rng, size) => ({
      name: 'shell',
      args: { code: 'cat configs/pretrain_base.yaml' },
      out: `model:\n  d_model: ${rng.pick([768, 1024, 2048])}\n  n_layers: ${rng.pick([12, 24, 32])}\n  n_heads: ${rng.pick([12, 16, 32])}\ntrain:\n  micro_batch: ${rng.pick([8, 16, 32])}\n  grad_accum: ${rng.pick([1, 2, 4])}\n  lr: 3.0e-4\n  warmup_steps: 2000\n${numbered(rng, 'yaml', Math.min(size, 3000)).replace(/^ +\d+\t/gm, '')}`,
    }),
    (rng) => ({
      name: 'shell',
      args: { code: 'df -h /checkpoints && ls -la /checkpoints/latest | tail -5' },
      out: `Filesystem      Size  Used Avail Use% Mounted on\n/dev/nvme1n1    7.0T  ${rng.int(1, 6)}.${rng.int(0, 9)}T  ${rng.int(1, 5)}.${rng.int(0, 9)}T  ${rng.int(10, 90)}% /checkpoints\n-rw-r--r-- 1 root root ${rng.int(1, 9)}.${rng.int(0, 9)}G Jun 11 1${rng.int(0, 9)}:${rng.int(10, 59)} model_step${rng.int(1, 90)}000.safetensors\n-rw-r--r-- 1 root root  ${rng.int(1, 9)}.${rng.int(0, 9)}G Jun 11 1${rng.int(0, 9)}:${rng.int(10, 59)} optim_step${rng.int(1, 90)}000.pt`,
    }),
  ],
  ecos: ['statedict', 'cudaoom', 'nccl', 'shapes'],
  failCall: (rng, f) => ({
    name: 'shell',
    args: {
      code: `torchrun --nproc_per_node=8 train.py --config configs/pretrain_base.yaml${rng.chance(0.5) ? ' --resume /checkpoints/latest' : ''} 2>&1 | tail -60`,
    },
    out: f.out,
    exit: f.exit,
  }),
  read: (_rng, path, body) => ({ name: 'shell', args: { code: `cat ${path}` }, out: body }),
  run: (_rng, cmd, out) => ({ name: 'shell', args: { code: cmd }, out }),
  write: (_rng, path, body) => ({
    name: 'python',
    args: { code: `from pathlib import Path\nPath(${JSON.stringify(path)}).write_text(${JSON.stringify(body)})` },
    out: '',
  }),
  thoughts: [
    "Let's check the latest loss curve.",
    'GPU utilisation first.',
    'Looking at the eval numbers.',
    'Checking the config the run was launched with.',
  ],
  asks: [
    'how is the run doing?',
    'is the loss still going down?',
    'are all 8 GPUs busy?',
    'what does the eval say at the last checkpoint?',
  ],
  replies: [
    'Loss is at 2.31 and still falling slowly; no spikes since step 40k.',
    'Yes — down about 0.02 per 5k steps.',
    'All eight are at 97–100% utilisation.',
    'Val loss 2.36, MMLU 0.31 at step 60k.',
  ],
  probes: [
    'Summarize the training status for the team channel: run config, what broke, what we decided, and the next steps.',
    'Where are we with the run and what is still left to do?',
  ],
  goal: (w) => [
    `pretrain the ${w} encoder to 200B tokens`,
    `fine-tune ${w} on the support-ticket corpus`,
    `reproduce the ${w} baseline within 0.5 points of MMLU`,
  ],
  constraint: (w) => [
    `the ${w} run must fit on one 8×H100 node`,
    `keep ${w} checkpoints for every 5k steps`,
    `no ${w} data from the eval split in training`,
  ],
  decision: (w) => [
    `switch ${w} to bf16 with FSDP full-shard`,
    `use a cosine schedule with 2k warmup for ${w}`,
    `drop the ${w} sequence length to 2048`,
  ],
  pending: (w) => [
    `rerun the ${w} eval on the final checkpoint`,
    `upload the ${w} checkpoint to the model registry`,
    `write the ${w} training report`,
  ],
  file: (w) => [
    `configs/${w}_finetune.yaml`,
    `/checkpoints/${w}/model_step42000.safetensors`,
    `models/${w}_head.py`,
    `data/${w}_tokenized/shard_0007.bin`,
  ],
  value: (w, rng) => [
    { needle: `WANDB_RUN_GROUP=${w}-${rng.int(10, 99)}`, key: w },
    { needle: `${w} peak lr ${rng.int(1, 9)}.${rng.int(0, 9)}e-4`, key: w },
    { needle: `NCCL_${w.toUpperCase()}_TIMEOUT=${rng.int(600, 3600)}`, key: w },
  ],
};
