/**
 * The internlm harness of the apart family (apart.ts): an InternLM2-chat agent writing its actions as
 * text — `<|action_start|><|plugin|>` and a JSON `{"name", "parameters"}` object (or `<|interpreter|>`
 * and a Python block) closed by `<|action_end|>` — and the harness answering each in a user message
 * that opens `environment name=<|plugin|>`. A Yocto (scarthgap) BSP layer built with BitBake, for a
 * Romanian-speaking user.
 */
import type { Rng } from './rng';
import type { FactKind } from './types';
import {
  buried,
  fail,
  hex,
  lines,
  ok,
  one,
  semver,
  type ApartHarness,
  type Planter,
  type WideCall,
  type WideStep,
} from './apart-kit';

const Y = '/home/ioana/yocto';
const RECIPES = ['tram-ctl', 'tram-hmi', 'tram-canbus', 'tram-ota', 'tram-fw-loader'];
const BAR = '#'.repeat(52);

function act(c: WideCall): string {
  if (c.tool === 'python')
    return `<|action_start|><|interpreter|>\n\`\`\`python\n${c.args['code']}\n\`\`\`<|action_end|>`;
  return `<|action_start|><|plugin|>\n${JSON.stringify({ name: c.tool, parameters: c.args })}<|action_end|>`;
}

function render(s: WideStep): string {
  const c = s.calls[0] as WideCall;
  return `${s.say ? `${s.say}\n` : ''}${act(c)}\n`;
}

function results(s: WideStep): string {
  const c = s.calls[0] as WideCall;
  return `environment name=<|${c.tool === 'python' ? 'interpreter' : 'plugin'}|>\n${c.output}`;
}

function preamble(rng: Rng): string {
  const entries = rng.int(4200, 5200);
  return `Loading cache: 100% |${BAR}| Time: 0:00:0${rng.int(1, 4)}\nLoaded ${entries} entries from dependency cache.\nParsing recipes: 100% |${BAR}| Time: 0:00:${rng.int(10, 40)}\nParsing of ${rng.int(2900, 3100)} .bb files complete (${rng.int(2800, 2900)} cached, ${rng.int(3, 90)} parsed). ${entries} targets, ${rng.int(300, 500)} skipped, 0 masked, 0 errors.\nNOTE: Resolving any missing task queue dependencies\n\nBuild Configuration:\nBB_VERSION           = "2.8.0"\nBUILD_SYS            = "x86_64-linux"\nTARGET_SYS           = "aarch64-poky-linux"\nMACHINE              = "imx8mp-tramboard"\nDISTRO               = "poky"\nDISTRO_VERSION       = "5.0.${rng.int(1, 5)}"\nTUNE_FEATURES        = "aarch64 armv8a crc crypto"\nmeta-poky            = "scarthgap:${hex(rng, 40)}"\nmeta-tramway         = "main:${hex(rng, 40)}"\n\nInitialising tasks: 100% |${BAR}| Time: 0:00:0${rng.int(2, 9)}\nSstate summary: Wanted ${rng.int(100, 900)} Local ${rng.int(90, 800)} Mirrors 0 Missed ${rng.int(1, 60)} Current ${rng.int(1500, 2500)} (9${rng.int(0, 9)}% match, 99% complete)\nNOTE: Executing Tasks`;
}

function tasksOk(rng: Rng): string {
  const n = rng.int(3800, 4600);
  return `NOTE: Tasks Summary: Attempted ${n} tasks of which ${n - rng.int(1, 40)} didn't need to be rerun and all succeeded.`;
}

function recipe(rng: Rng, name: string): string {
  return `SUMMARY = "Tram ${name.slice(5)} service"\nLICENSE = "MIT"\nLIC_FILES_CHKSUM = "file://LICENSE;md5=${hex(rng, 32)}"\n\nSRC_URI = "git://git.tramway.local/${name}.git;protocol=ssh;branch=main"\nSRCREV = "${hex(rng, 40)}"\nS = "\${WORKDIR}/git"\n\nDEPENDS = "libgpiod systemd"\ninherit systemd pkgconfig\n\nSYSTEMD_SERVICE:\${PN} = "${name}.service"\n\ndo_install() {\n    install -d \${D}\${bindir}\n    install -m 0755 ${name.replace('tram-', '')} \${D}\${bindir}\n}`;
}

function yoctoNoise(rng: Rng): WideStep {
  const r = rng.int(0, 6);
  const rec = rng.pick(RECIPES);
  if (r === 0) return one(undefined, ok('bitbake', { target: rec }, `${preamble(rng)}\n${tasksOk(rng)}`));
  if (r === 1)
    return one(
      rng.pick(['Mă uit la rețetă.', undefined]),
      ok('read_file', { path: `meta-tramway/recipes-apps/${rec}/${rec}_${semver(rng, 1)}.bb` }, recipe(rng, rec)),
    );
  if (r === 2)
    return one(
      undefined,
      ok(
        'bitbake_layers',
        { args: 'show-layers' },
        `NOTE: Starting bitbake server...\nlayer                 path                                      priority\n==========================================================================\ncore                  ${Y}/poky/meta                       5\nyocto                 ${Y}/poky/meta-poky                  5\nfreescale-layer       ${Y}/meta-freescale                  5\noe                    ${Y}/meta-openembedded/meta-oe       5\ntramway               ${Y}/meta-tramway                    ${rng.int(6, 12)}`,
      ),
    );
  if (r === 3)
    return one(
      undefined,
      ok(
        'shell',
        { cmd: `bitbake -e ${rec} | grep ^DEPENDS=` },
        `DEPENDS="virtual/aarch64-poky-linux-gcc virtual/libc libgpiod systemd pkgconfig-native${rng.chance(0.5) ? ' openssl' : ''}"`,
      ),
    );
  if (r === 4)
    return one(
      undefined,
      ok(
        'python',
        {
          code: `import os\nprint(sorted(os.listdir("${Y}/build/tmp/deploy/images/imx8mp-tramboard"))[:${rng.int(4, 8)}])`,
        },
        `['Image', 'Image--6.6.${rng.int(3, 40)}-r0-imx8mp-tramboard.bin', 'imx-boot', 'modules-imx8mp-tramboard.tgz', 'tram-image-imx8mp-tramboard.rootfs.wic.zst']`,
      ),
    );
  if (r === 5)
    return one(
      undefined,
      ok(
        'shell',
        { cmd: 'git -C meta-tramway status --short' },
        lines(
          rng.int(1, 3),
          () =>
            ` M recipes-apps/${rng.pick(RECIPES)}/files/${rng.pick(['defaults.conf', 'tram.service', '0001-fix-build.patch'])}`,
        ),
      ),
    );
  return one(
    undefined,
    ok(
      'shell',
      { cmd: `oe-pkgdata-util list-pkg-files ${rec}` },
      `${rec}:\n\t/usr/bin/${rec.replace('tram-', '')}\n\t/lib/systemd/system/${rec}.service\n\t/etc/tram/${rec}.conf`,
    ),
  );
}

function yoctoBig(rng: Rng): WideStep {
  if (rng.chance(0.5))
    return one(
      'Construiesc toată imaginea, durează.',
      ok(
        'bitbake',
        { target: 'tram-image' },
        `${preamble(rng)}\n${lines(rng.int(200, 320), (i) => `NOTE: recipe ${rng.pick(['glibc', 'systemd', 'qtbase', 'openssl', 'linux-imx', 'busybox', ...RECIPES])}-${semver(rng)}-r0: task do_${rng.pick(['compile', 'install', 'package', 'package_write_rpm', 'populate_sysroot'])}: Succeeded (${i})`)}\n${tasksOk(rng)}`,
      ),
    );
  return one(
    undefined,
    ok(
      'shell',
      { cmd: 'bitbake -g tram-image && head -c 24000 task-depends.dot' },
      lines(
        rng.int(300, 420),
        () =>
          `"${rng.pick(RECIPES)}.do_${rng.pick(['compile', 'install', 'configure'])}" -> "${rng.pick(['glibc', 'libgpiod', 'systemd', 'gcc-cross-aarch64'])}.do_populate_sysroot"`,
      ),
    ),
  );
}

const PLANTERS: Record<FactKind, Planter[]> = {
  goal: [
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `adaugă serviciul ${t}-watchdog în imaginea tram-image și pornește-l la boot`;
        return {
          how: 'user-request',
          needle,
          beats: [
            {
              user: `Salut! Lucrăm pe Yocto scarthgap, layer-ul nostru e meta-tramway, placa imx8mp-tramboard. Te rog ${needle}. Build-ul e în ${Y}/build.`,
            },
          ],
        };
      },
    },
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `mută configurarea ${t} din local.conf într-un distro propriu`;
        return {
          how: 'user-followup',
          needle,
          beats: [{ user: `Încă ceva: ${needle}, ca să nu mai depindem de local.conf-ul fiecăruia.` }],
        };
      },
    },
  ],
  constraint: [
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `nu modifica nimic în poky/, folosește doar bbappend-uri în meta-${t}`;
        return {
          how: 'user-rule',
          needle,
          beats: [{ user: `Regulă importantă: ${needle}. Actualizăm poky des și nu vrem conflicte.` }],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `# do not raise LAYERSERIES_COMPAT past scarthgap: the ${t} BSP is only qualified there`;
        return {
          how: 'tool-comment',
          needle,
          beats: [
            {
              step: one(
                undefined,
                ok(
                  'read_file',
                  { path: 'meta-tramway/conf/layer.conf' },
                  `BBPATH .= ":\${LAYERDIR}"\nBBFILES += "\${LAYERDIR}/recipes-*/*/*.bb \${LAYERDIR}/recipes-*/*/*.bbappend"\nBBFILE_COLLECTIONS += "tramway"\nBBFILE_PATTERN_tramway = "^\${LAYERDIR}/"\nBBFILE_PRIORITY_tramway = "${rng.int(6, 12)}"\n${needle}\nLAYERSERIES_COMPAT_tramway = "scarthgap"\nLAYERDEPENDS_tramway = "core freescale-layer openembedded-layer"`,
                ),
              ),
            },
            {
              step: one(
                `Conform comentariului ${t}, rămânem pe scarthgap; rețeta nouă nu are voie să ceară features din styhead.`,
                ok(
                  'shell',
                  { cmd: 'grep -rn LAYERSERIES_COMPAT meta-tramway/conf' },
                  'meta-tramway/conf/layer.conf:7:LAYERSERIES_COMPAT_tramway = "scarthgap"',
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
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `Am ales să împachetez ${t} ca pachet separat, nu în tram-ctl`;
        return {
          how: 'agent-choice',
          needle,
          beats: [
            {
              step: one(
                `${needle}, ca să poată fi actualizat prin OTA independent.`,
                ok(
                  'bitbake_layers',
                  { args: `show-recipes "tram-*"` },
                  `=== Matching recipes: ===\n${RECIPES.map((r) => `${r}:\n  meta-tramway          1.${r.length}.0`).join('\n')}`,
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
        const t = mint('word');
        const needle = `folosim systemd pentru ${t}, nu sysvinit`;
        return {
          how: 'user-choice',
          needle,
          beats: [{ user: `Am discutat cu echipa: ${needle}, restul imaginii e deja pe systemd.` }],
        };
      },
    },
  ],
  file: [
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `meta-tramway/recipes-apps/${t}-watchdog/${t}-watchdog_1.0.bb`;
        return {
          how: 'agent-create',
          needle,
          beats: [
            {
              step: one(
                'Scriu rețeta nouă.',
                ok(
                  'write_file',
                  { path: needle, content: recipe(rng, `tram-${t}`) },
                  `written ${rng.int(500, 900)} bytes`,
                ),
              ),
            },
            {
              step: one(
                undefined,
                ok('bitbake', { target: `${t}-watchdog`, task: 'fetch' }, `${preamble(rng)}\n${tasksOk(rng)}`),
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
        const needle = `meta-tramway/recipes-bsp/tram-udev/files/90-${t}.rules`;
        return {
          how: 'agent-edit',
          needle,
          beats: [
            {
              step: one(
                'Regula udev pentru watchdog.',
                ok(
                  'write_file',
                  { path: needle, content: `KERNEL=="watchdog0", OWNER="${t}", MODE="0660"\n` },
                  'written 52 bytes',
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
        const v = semver(rng, 1);
        const needle = `ERROR: Task (${Y}/meta-tramway/recipes-apps/${t}/${t}_${v}.bb:do_compile) failed with exit code '1'`;
        const pid = rng.int(10000, 99999);
        const log = `${Y}/build/tmp/work/armv8a-poky-linux/${t}/${v}/temp/log.do_compile.${pid}`;
        const warn = (i: number) =>
          `WARNING: ${rng.pick(RECIPES)}-${semver(rng)}-r0 do_package_qa: QA Issue: ${rng.pick(['File /usr/bin/tramctl in package contains reference to TMPDIR [buildpaths]', 'non -dev/-dbg/nativesdk- package contains symlink .so [dev-so]'])} (${i})`;
        const out = buried(
          rng,
          rng.chance(0.4) ? 80 : 2,
          warn,
          `ERROR: ${t}-${v}-r0 do_compile: oe_runmake failed\nERROR: ${t}-${v}-r0 do_compile: ExecutionError('${Y}/build/tmp/work/armv8a-poky-linux/${t}/${v}/temp/run.do_compile.${pid}', 1, None, None)\nERROR: Logfile of failure stored in: ${log}\nLog data follows:\n| DEBUG: Executing shell function do_compile\n| NOTE: make -j 16\n| aarch64-poky-linux-gcc -mcpu=cortex-a53 -march=armv8-a+crc+crypto --sysroot=${Y}/build/tmp/work/armv8a-poky-linux/${t}/${v}/recipe-sysroot -O2 -pipe -g -c main.c -o main.o\n| main.c:${rng.int(5, 40)}:10: fatal error: gpiod.h: No such file or directory\n|    12 | #include <gpiod.h>\n|       |          ^~~~~~~~~\n| compilation terminated.\n| make: *** [Makefile:24: main.o] Error 1\n| ERROR: oe_runmake failed\n| WARNING: exit code 1 from a shell command.\n${needle}`,
          `NOTE: Tasks Summary: Attempted ${rng.int(3000, 4000)} tasks of which ${rng.int(2900, 2999)} didn't need to be rerun and 1 failed.\n\nSummary: 1 task failed:\n  ${Y}/meta-tramway/recipes-apps/${t}/${t}_${v}.bb:do_compile\nSummary: There were ${rng.int(2, 9)} WARNING messages.\nSummary: There was 1 ERROR message, returning a non-zero exit code.`,
        );
        return {
          how: 'tool-bitbake',
          needle,
          beats: [
            { step: one(undefined, fail('bitbake', { target: t }, `${preamble(rng)}\n${out}`, 1)) },
            {
              step: one(
                `Lui ${t} îi lipsește libgpiod din DEPENDS; headerul nu ajunge în recipe-sysroot.`,
                ok(
                  'shell',
                  { cmd: `grep -n DEPENDS ${Y}/meta-tramway/recipes-apps/${t}/${t}_${v}.bb` },
                  '9:DEPENDS = "systemd"',
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
        const needle = `ERROR: Nothing RPROVIDES '${t}-dev' (but ${Y}/meta-tramway/recipes-core/images/tram-image.bb RDEPENDS on or otherwise requires it)`;
        return {
          how: 'tool-bitbake',
          needle,
          beats: [
            {
              step: one(
                undefined,
                fail(
                  'bitbake',
                  { target: 'tram-image' },
                  `Loading cache: 100% |${BAR}| Time: 0:00:01\nParsing of ${rng.int(2900, 3100)} .bb files complete. 0 errors.\n${needle}\nNOTE: Runtime target '${t}-dev' is unbuildable, removing...\nMissing or unbuildable dependency chain was: ['${t}-dev']\nERROR: Required build target 'tram-image' has no buildable providers.\nMissing or unbuildable dependency chain was: ['tram-image', '${t}-dev']\n\nSummary: There were 2 ERROR messages, returning a non-zero exit code.`,
                  1,
                ),
              ),
            },
            {
              step: one(
                `Pachetul -dev pentru ${t} nu există în rețetă; îl scot din IMAGE_INSTALL.`,
                ok(
                  'shell',
                  { cmd: `grep -rn "${t}-dev" meta-tramway/` },
                  `meta-tramway/recipes-core/images/tram-image.bb:14:IMAGE_INSTALL:append = " ${t}-dev"`,
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
        const needle = `The new md5 checksum is ${t}${hex(rng, 24)}`;
        return {
          how: 'tool-output',
          needle,
          beats: [
            {
              step: one(
                undefined,
                fail(
                  'bitbake',
                  { target: 'tram-canbus', task: 'populate_lic' },
                  `ERROR: tram-canbus-1.2.0-r0 do_populate_lic: QA Issue: tram-canbus: The LIC_FILES_CHKSUM does not match for file://LICENSE;md5=${hex(rng, 32)}\ntram-canbus: ${needle}\ntram-canbus: Here is the selected license text:\nvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvv\nMIT License\n\nCopyright (c) 2024 Tramway SRL\n^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\ntram-canbus: Check if the license information has changed in LICENSE to verify that the LICENSE value "MIT" remains valid [license-checksum]\nERROR: tram-canbus-1.2.0-r0 do_populate_lic: Fatal QA errors were found, failing task.`,
                  1,
                ),
              ),
            },
            {
              step: one(
                `Doar anul s-a schimbat în LICENSE; actualizez md5 la ${t}….`,
                ok('shell', { cmd: 'git -C tram-canbus log -1 --format=%s -- LICENSE' }, 'Update copyright year'),
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
        const needle = `numărul de serie al plăcii de test este TB-${t}`;
        return {
          how: 'user-paste',
          needle,
          beats: [{ user: `Pentru fișierul de provisioning: ${needle}, pune-l în /etc/tram/board.conf.` }],
        };
      },
    },
  ],
  pending: [
    {
      user: false,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `Pasul următor: scriu imaginea pe placă cu uuu și verific ${t}-watchdog cu systemctl`;
        return {
          how: 'agent-next',
          needle,
          beats: [
            {
              step: one(
                `Imaginea s-a construit. ${needle}.`,
                ok(
                  'shell',
                  { cmd: `ls ${Y}/build/tmp/deploy/images/imx8mp-tramboard/*.wic.zst` },
                  `${Y}/build/tmp/deploy/images/imx8mp-tramboard/tram-image-imx8mp-tramboard.rootfs.wic.zst`,
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
        const t = mint('word');
        const needle = `actualizează SDK-ul cu populate_sdk pentru echipa ${t}`;
        return {
          how: 'user-todo',
          needle,
          beats: [
            { user: `Mersi! Înainte să închizi: ${needle}.` },
            {
              step: one(
                `Notat: SDK-ul pentru ${t} rămâne de făcut.`,
                ok('shell', { cmd: `ls ${Y}/build/tmp/deploy/sdk/ 2>/dev/null | tail -n 2` }, ''),
              ),
            },
          ],
        };
      },
    },
  ],
};

/** The internlm harness. */
export const APART_INTERNLM: ApartHarness = {
  style: 'internlm',
  protocol: 'text',
  system:
    'You are InternLM2-Chat, a harmless AI assistant.\nYou can use the following plugins and the code interpreter to help with an embedded Linux build (Yocto scarthgap, layer meta-tramway, MACHINE=imx8mp-tramboard, build dir /home/ioana/yocto/build). Call a plugin with <|action_start|><|plugin|> followed by a JSON object {"name": ..., "parameters": {...}} and <|action_end|>; run Python with <|action_start|><|interpreter|>. One action per message. Reply in Romanian.\n[{"name": "bitbake", "description": "Run bitbake on a target", "parameters": {"type": "object", "properties": {"target": {"type": "string"}, "task": {"type": "string"}}, "required": ["target"]}}, {"name": "bitbake_layers", "parameters": {"type": "object", "properties": {"args": {"type": "string"}}}}, {"name": "shell", "parameters": {"type": "object", "properties": {"cmd": {"type": "string"}}}}, {"name": "read_file", "parameters": {"type": "object", "properties": {"path": {"type": "string"}}}}, {"name": "write_file", "parameters": {"type": "object", "properties": {"path": {"type": "string"}, "content": {"type": "string"}}}}]',
  tools: ['bitbake', 'bitbake_layers', 'shell', 'read_file', 'write_file', 'python'],
  renderStep: render,
  renderResults: results,
  resultStart: /^environment name=<\|(plugin|interpreter)\|>\n/,
  callMark: /<\|action_start\|><\|(plugin|interpreter)\|>/g,
  resultMark: /^environment name=<\|(plugin|interpreter)\|>$/gm,
  noise: yoctoNoise,
  big: yoctoBig,
  followUp: (rng) =>
    rng.pick([
      'Cum merge build-ul?',
      'Mai sunt warning-uri de QA?',
      'Rulează din nou bitbake tram-image te rog.',
      'Ce ai schimbat în rețetă?',
      'ok, și ce urmează?',
    ]),
  keepGoing: (rng) => rng.pick(['Continuă.', 'Mergi mai departe.', 'Continuă până trece build-ul.']),
  answer: (rng) =>
    rng.pick([
      'Am terminat pasul acesta: bitbake tram-image trece fără erori.',
      'Rețeta e gata și build-ul a reușit.',
      'Gata. Mai sunt doar warning-uri vechi de QA, nimic nou.',
      'Rezumat: layer-ul e actualizat, imaginea se construiește.',
    ]),
  probe: (rng) => rng.pick(['Continuă de unde ai rămas.', 'Mai departe.', 'Și acum?']),
  planters: PLANTERS,
};
