/**
 * The strands harness of the knoll family (knoll.ts): a Strands-Agents-like agent with the
 * strands-agents-tools set, called natively and several at once when they do not depend on each other:
 * `shell` (answered by its `Execution Summary:` with `Total commands`/`Successful`/`Failed` counts and
 * a `Command:`/`Status:`/`Exit Code:`/`Output:`/`Error:` entry), `file_read` with its modes (`view`,
 * `lines`, `search`), `editor` (`str_replace`, `create`) and `file_write`. Call ids are `tooluse_` and
 * 22 characters, as Bedrock gives them; every tool message is the text of the result's content block.
 * A Buildroot 2024.02 BR2_EXTERNAL tree for a Raspberry Pi 4 weather station: defconfig writes,
 * `>>> pkg version Step` lines, genimage's `INFO: hdimage(sdcard.img)` lines, `make[1]: *** [package/
 * pkg-generic.mk:…: …/.stamp_built] Error 2`, hash-check failures (`ERROR: … has wrong sha256 hash`),
 * cross-gcc errors, `utils/check-package` warnings, a QEMU boot to `Welcome to Buildroot`; for a
 * Faroese-speaking user.
 * Reconstructed rather than copied: the tools' argument names and result texts (from memory of
 * strands-agents-tools 0.1–0.2), and Buildroot's and genimage's output from memory of 2023–2024.
 */
import type { Rng } from './rng';
import type { FactKind } from './types';
import {
  chars,
  dur,
  fail,
  hex,
  lines,
  many,
  numberLines,
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

const ROOT = '/home/rakul/arbeid/vedur-br';
const OUT = `${ROOT}/output`;
const PKGS = ['wx-logger 1.2.0', 'bme280-tools 0.4.1', 'mosquitto 2.0.18', 'chrony 4.5', 'dropbear 2022.83'];
const FILES = [
  'br2-external/package/wx-logger/wx-logger.mk',
  'br2-external/package/wx-logger/Config.in',
  'br2-external/configs/vedur_rpi4_defconfig',
  'br2-external/board/vedur/post-build.sh',
  'br2-external/board/vedur/genimage.cfg',
];
const MK = [
  '################################################################################\n#\n# wx-logger\n#\n################################################################################',
  'WX_LOGGER_VERSION = 1.2.0\nWX_LOGGER_SITE = https://git.example.fo/vedur/wx-logger/archive\nWX_LOGGER_LICENSE = GPL-2.0+\nWX_LOGGER_LICENSE_FILES = COPYING',
  'WX_LOGGER_DEPENDENCIES = libgpiod sqlite',
  'define WX_LOGGER_INSTALL_INIT_SYSV\n\t$(INSTALL) -D -m 0755 $(WX_LOGGER_PKGDIR)/S60wx-logger \\\n\t\t$(TARGET_DIR)/etc/init.d/S60wx-logger\nendef',
  '$(eval $(cmake-package))',
  'BR2_aarch64=y\nBR2_cortex_a72=y\nBR2_TOOLCHAIN_BUILDROOT_GLIBC=y\nBR2_PACKAGE_WX_LOGGER=y\nBR2_TARGET_ROOTFS_EXT2_4=y',
];
const MAKE = `make -C buildroot O=${OUT} BR2_EXTERNAL=${ROOT}/br2-external`;

function shell(command: string, output: string, code = 0, error = ''): KnollCall {
  const text = `Execution Summary:\nTotal commands: 1\nSuccessful: ${code === 0 ? 1 : 0}\nFailed: ${code === 0 ? 0 : 1}\n\nDetailed Results:\n\nCommand: ${command}\nStatus: ${code === 0 ? 'success' : 'error'}\nExit Code: ${code}\nOutput: ${output}\nError: ${error}`;
  return code === 0
    ? ok('shell', { command, non_interactive_mode: true, work_dir: ROOT }, text, 0)
    : fail('shell', { command, non_interactive_mode: true, work_dir: ROOT }, text, code);
}

function read(path: string, body: string, from = 1): KnollCall {
  const n = body.split('\n').length;
  return ok(
    'file_read',
    { path, mode: 'lines', start_line: from, end_line: from + n - 1 },
    `Lines ${from}-${from + n - 1} of ${ROOT}/${path}:\n${numberLines(body, from, (k, l) => `${String(k).padStart(4)} | ${l}`)}`,
  );
}

function write(path: string, content: string): KnollCall {
  return ok(
    'editor',
    { command: 'create', path: `${ROOT}/${path}`, file_text: content },
    `File ${ROOT}/${path} created successfully`,
  );
}

function build(rng: Rng, pkgs = some(rng, PKGS, rng.int(2, 4))): string {
  const steps = pkgs.flatMap((p) =>
    ['Extracting', 'Patching', 'Configuring', 'Building', 'Installing to target'].map((s) => `>>> ${p} ${s}`),
  );
  return `${steps.join('\n')}\n>>>   Finalizing target directory\n>>>   Generating root filesystems common tables\n>>>   Generating filesystem image rootfs.ext4\nINFO: vfat(boot.vfat): adding file 'bcm2711-rpi-4-b.dtb' as 'bcm2711-rpi-4-b.dtb' ...\nINFO: vfat(boot.vfat): adding file 'Image' as 'Image' ...\nINFO: hdimage(sdcard.img): adding partition 'boot' (in MBR) from 'boot.vfat' ...\nINFO: hdimage(sdcard.img): adding partition 'rootfs' (in MBR) from 'rootfs.ext4' ...\nINFO: hdimage(sdcard.img): writing MBR`;
}

function strandsNoise(rng: Rng): KnollStep {
  const r = rng.int(0, 6);
  const f = rng.pick(FILES);
  if (r === 0) return one(undefined, shell(`${MAKE} 2>&1 | tail -n 30`, build(rng)));
  if (r === 1)
    return many('Reading the package and its config together.', [
      read(FILES[0] as string, pieces(rng, MK, rng.int(12, 24))),
      read(
        FILES[1] as string,
        'config BR2_PACKAGE_WX_LOGGER\n\tbool "wx-logger"\n\tselect BR2_PACKAGE_LIBGPIOD\n\tselect BR2_PACKAGE_SQLITE\n\thelp\n\t  Logs the station sensors to SQLite.',
      ),
    ]);
  if (r === 2) return one(undefined, read(f, pieces(rng, MK, rng.int(10, 30)), rng.int(1, 20)));
  if (r === 3)
    return one(
      undefined,
      shell(
        `./buildroot/utils/check-package -b br2-external/package/wx-logger/*`,
        `${rng.int(40, 120)} lines processed\n0 warnings generated`,
      ),
    );
  if (r === 4)
    return many('Size of the image and the kernel version, side by side.', [
      shell(
        `ls -la ${OUT}/images/`,
        `total ${rng.int(100000, 300000)}\n-rw-r--r-- 1 rakul rakul ${rng.int(20000000, 30000000)} Mar ${rng.int(1, 28)} 14:02 Image\n-rw-r--r-- 1 rakul rakul ${rng.int(50000, 60000)} Mar ${rng.int(1, 28)} 14:02 bcm2711-rpi-4-b.dtb\n-rw-r--r-- 1 rakul rakul ${rng.int(60, 120)}000000 Mar ${rng.int(1, 28)} 14:03 rootfs.ext4\n-rw-r--r-- 1 rakul rakul ${rng.int(90, 160)}000000 Mar ${rng.int(1, 28)} 14:03 sdcard.img`,
      ),
      shell(
        `grep BR2_LINUX_KERNEL_CUSTOM_TARBALL_LOCATION ${OUT}/.config`,
        'BR2_LINUX_KERNEL_CUSTOM_TARBALL_LOCATION="$(call github,raspberrypi,linux,576cc10e1ed50a9eacffc7a05c796051d7343ea4)/linux-576cc10e1ed50a9eacffc7a05c796051d7343ea4.tar.gz"',
      ),
    ]);
  if (r === 5)
    return one(
      undefined,
      shell(
        `timeout 60 qemu-system-aarch64 -M virt -cpu cortex-a72 -nographic -kernel ${OUT}/images/Image -drive file=${OUT}/images/rootfs.ext4,if=virtio,format=raw -append "root=/dev/vda console=ttyAMA0" | tail -n 12`,
        `[    ${dur(rng, 1, 3, 6)}] EXT4-fs (vda): mounted filesystem with ordered data mode.\nStarting syslogd: OK\nStarting klogd: OK\nRunning sysctl: OK\nStarting network: OK\nStarting chronyd: OK\nStarting wx-logger: OK\n\nWelcome to Buildroot\nvedur login:`,
      ),
    );
  return one(
    undefined,
    shell(
      'git log --oneline -3 && git status --short',
      `${hex(rng, 7)} wx-logger: bump to 1.2.0\n${hex(rng, 7)} board: genimage with two partitions\n${hex(rng, 7)} configs: enable chrony\n M ${f}`,
    ),
  );
}

function strandsBig(rng: Rng): KnollStep {
  return one(
    'The whole build log, to find which package takes the time.',
    shell(
      `cat ${OUT}/build/build-time.log`,
      lines(
        rng.int(420, 480),
        (i) =>
          `${1741770000 + i * rng.int(1, 40)}:${rng.pick(['start', 'end'])}:${rng.pick(['extract', 'patch', 'configure', 'build', 'install-target', 'install-staging'])}:${rng.pick(['host-gcc-final', 'linux', 'busybox', 'sqlite', 'libgpiod', 'wx-logger', 'mosquitto', 'openssl', 'zlib', 'chrony'])}-${hex(rng, 6)}`,
      ),
    ),
  );
}

const PLANTERS: Record<FactKind, Planter[]> = {
  goal: [
    {
      user: true,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `tú leggur pakkan ${t} afturat við einum init-skripti`;
        return {
          how: 'user-request',
          needle,
          beats: [
            {
              user: `Hey! Verkætlanin er í ${ROOT} — ein Buildroot-skipan til eina veðurstøð á Raspberry Pi 4. Eg vil at ${needle}. Vinarliga greið frá hvørjum stigi.`,
            },
            {
              step: many('The external tree and the last build, together.', [
                shell(
                  `ls br2-external br2-external/package`,
                  `Config.in\nboard\nconfigs\nexternal.desc\nexternal.mk\npackage\nbme280-tools\nwx-logger`,
                ),
                shell(`${MAKE} 2>&1 | tail -n 30`, build(rng)),
              ]),
            },
          ],
        };
      },
    },
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `${t}: bygg eisini eina SD-mynd til Pi 3`;
        return { how: 'user-followup', needle, beats: [{ user: `Næsta uppgáva: ${needle}.` }] };
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
            (x) => `${x}: broyt ikki fílur í output/ við hond`,
            (x) => `${x}: alt nýtt skal í BR2_EXTERNAL, ikki í buildroot-trænum sjálvum`,
            (x) => `${x}: myndin má ikki vera størri enn 128 MB`,
          ],
          t,
        );
        return {
          how: 'user-rule',
          needle,
          beats: [
            { user: rng.pick([`Ein regla: ${needle}.`, `Minst til — ${needle}.`, `Týdningarmikið: ${needle}.`]) },
          ],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const T = t.toUpperCase();
        const needle = rng.pick([
          `${T}: every package has a .hash file with sha256 and the license file's hash`,
          `${T}: the defconfig is saved with make savedefconfig, never edited by hand`,
          `${T}: check-package must report 0 warnings before a commit`,
        ]);
        return {
          how: 'tool-file',
          needle,
          beats: [
            {
              step: one(
                'The tree has its own notes; reading them first.',
                read(
                  'br2-external/README.md',
                  `# vedur br2-external\n\n- Buildroot 2024.02.x as a submodule\n- ${needle}\n- Board files in board/vedur`,
                ),
              ),
            },
            {
              step: one(
                `${T} applies; check-package first.`,
                shell(
                  './buildroot/utils/check-package -b br2-external/package/wx-logger/*',
                  `${rng.int(40, 120)} lines processed\n0 warnings generated`,
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
            (x) => `I will start ${x} from a SysV init script, not a systemd unit, since the image uses BusyBox init`,
            (x) => `${x} will write to a read-only root with its database on a separate data partition`,
            (x) => `Plan: ${x} builds with the cmake-package infrastructure instead of generic-package`,
          ],
          t,
        );
        return {
          how: 'agent-choice',
          needle,
          beats: [{ step: one(`${needle}.`, write('docs/decisions.md', `# Decisions\n\n- ${needle}\n`)) }],
        };
      },
    },
    {
      user: true,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `${t} skal brúka musl heldur enn glibc`;
        return {
          how: 'user-choice',
          needle,
          beats: [{ user: rng.pick([`Vit hava avgjørt: ${needle}.`, `Lat okkum gera soleiðis: ${needle}.`]) }],
        };
      },
    },
  ],
  file: [
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `br2-external/package/${t}/${t}.mk`;
        return {
          how: 'agent-create',
          needle,
          beats: [
            {
              step: many('The package makefile and its hash file at once, then a build of it.', [
                write(
                  needle,
                  `${t.toUpperCase()}_VERSION = 0.3.0\n${t.toUpperCase()}_SITE = https://git.example.fo/vedur/${t}/archive\n${t.toUpperCase()}_LICENSE = MIT\n\n$(eval $(cmake-package))\n`,
                ),
                write(`br2-external/package/${t}/${t}.hash`, `sha256  ${hex(rng, 64)}  ${t}-0.3.0.tar.gz\n`),
              ]),
            },
            {
              step: one(
                undefined,
                shell(
                  `${MAKE} ${t} 2>&1 | tail -n 8`,
                  `>>> ${t} 0.3.0 Downloading\n>>> ${t} 0.3.0 Extracting\n>>> ${t} 0.3.0 Building\n>>> ${t} 0.3.0 Installing to target`,
                ),
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
        const needle = `br2-external/board/vedur/rootfs-overlay/etc/init.d/S61${t}`;
        return {
          how: 'agent-edit',
          needle,
          beats: [
            {
              step: one(
                'An init script for it in the overlay.',
                write(
                  needle.replace('br2-external/', 'br2-external/'),
                  `#!/bin/sh\n\ncase "$1" in\n  start) start-stop-daemon -S -b -x /usr/bin/${t} ;;\n  stop) start-stop-daemon -K -x /usr/bin/${t} ;;\nesac\n`,
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
        const t = mint('hex');
        const needle = `ERROR: wx-logger-1.2.0.tar.gz has wrong sha256 hash:\nERROR: expected: ${t}${hex(rng, 56)}`;
        return {
          how: 'tool-checksum',
          needle,
          beats: [
            {
              step: one(
                undefined,
                shell(
                  `${MAKE} wx-logger`,
                  `>>> wx-logger 1.2.0 Downloading\n--2025-03-12 14:02:11--  https://git.example.fo/vedur/wx-logger/archive/wx-logger-1.2.0.tar.gz\nSaving to: '${OUT}/build/.wx-logger-1.2.0.tar.gz.${chars(rng, 6)}/output'\n\n     0K .......... .......... .......... ......               100% 2,41M=0,02s\n\nERROR: while checking hashes from br2-external/package/wx-logger/wx-logger.hash\n${needle}\nERROR: got     : ${hex(rng, 64)}\nERROR: Incomplete download, or man-in-the-middle (MITM) attack\nmake[1]: *** [package/pkg-generic.mk:173: ${OUT}/build/wx-logger-1.2.0/.stamp_downloaded] Error 1\nmake: *** [Makefile:83: _all] Error 2`,
                  2,
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
        const l = rng.int(20, 200);
        const needle = `error: '${t}_hpa' undeclared (first use in this function)`;
        return {
          how: 'tool-compiler',
          needle,
          beats: [
            {
              step: one(
                undefined,
                shell(
                  `${MAKE} bme280-tools`,
                  `>>> bme280-tools 0.4.1 Building\n${OUT}/host/bin/aarch64-buildroot-linux-gnu-gcc -O2 -g0 -D_FORTIFY_SOURCE=1 -c bme280.c -o bme280.o\nbme280.c: In function 'bme280_read':\nbme280.c:${l}:16: ${needle}\n  ${l} |         return ${t}_hpa / 100.0;\n      |                ^~~~~~~~~~~~\nbme280.c:${l}:16: note: each undeclared identifier is reported only once for each function it appears in\nmake[2]: *** [Makefile:14: bme280.o] Error 1\nmake[1]: *** [package/pkg-generic.mk:283: ${OUT}/build/bme280-tools-0.4.1/.stamp_built] Error 2\nmake: *** [Makefile:83: _all] Error 2`,
                  2,
                ),
              ),
            },
            {
              step: one(
                `${t}_hpa is used but never declared; reading the source.`,
                read(
                  'br2-external/package/bme280-tools/src/bme280.c',
                  `float bme280_read(int fd) {\n    int32_t raw = read_raw(fd);\n    return comp_pressure(raw) / 100.0;\n}`,
                  l - 2,
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
        const needle = `br2-external/package/${t}/Config.in:5: should not use 'default y'`;
        return {
          how: 'tool-lint',
          needle,
          beats: [
            {
              step: one(
                undefined,
                shell(
                  `./buildroot/utils/check-package -b br2-external/package/${t}/*`,
                  `${needle}\n${rng.int(30, 90)} lines processed\n1 warnings generated`,
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
        const needle = `sdcard.img: ${t} bytes`;
        return {
          how: 'tool-output',
          needle,
          beats: [
            { step: one(undefined, shell(`stat -c '%n: %s bytes' ${OUT}/images/sdcard.img | sed 's|.*/||'`, needle)) },
            {
              step: one(
                `The image is ${t} bytes, under the limit; noting it.`,
                write('docs/sizes.md', `- ${needle}\n- rootfs.ext4: ${rng.int(60, 120)}000000 bytes\n`),
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
        const needle = `${t}${hex(rng, 24)}`;
        return {
          how: 'tool-hash',
          needle,
          beats: [
            {
              step: one(
                undefined,
                shell(`sha256sum ${OUT}/images/sdcard.img`, `${needle}${hex(rng, 32)}  ${OUT}/images/sdcard.img`),
              ),
            },
            {
              step: one(
                `The image hashes to ${needle}…; recording it for the release.`,
                write('release/SHA256SUMS', `${needle}  sdcard.img\n`),
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
        const needle = `FO-${t}`;
        return {
          how: 'user-paste',
          needle,
          beats: [{ user: `Raðnummarið á støðini er ${needle}; set tað í rootfs-overlay/etc/station.conf.` }],
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
            (x) => `Next: flash ${x} to the station's SD card and watch the first hour of readings`,
            (x) => `Still open: ${x} has no log rotation yet`,
            (x) => `Næsta stig: royna ${x} á veruligu støðini`,
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
                shell(`git commit -qam "package: ${t}" && git log --oneline -1`, `${hex(rng, 7)} package: ${t}`),
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
        const needle = `at enda, skriva eitt stutt samandrátt um ${t} á føroyskum`;
        return {
          how: 'user-todo',
          needle,
          beats: [
            { user: `Takk. Ein annar lutur: ${needle}.` },
            { step: one(undefined, shell(`${MAKE} 2>&1 | tail -n 30`, build(rng))) },
          ],
        };
      },
    },
  ],
};

/** The strands harness. */
export const KNOLL_STRANDS: KnollHarness = {
  style: 'strands',
  protocol: 'native',
  system: `You are an embedded Linux engineer working in ${ROOT}: a Buildroot 2024.02 BR2_EXTERNAL tree (br2-external/) for a Raspberry Pi 4 weather station, built out of tree in output/. Use the shell tool for commands, file_read to read files (mode "lines" with start_line and end_line, "search", "view"), editor to create and change files, file_write to write whole files. Call several tools at once when they do not depend on each other. The user writes Faroese; answer in Faroese.`,
  tools: ['shell', 'file_read', 'editor', 'file_write'],
  callId: (rng) => `tooluse_${chars(rng, 22)}`,
  noise: strandsNoise,
  big: strandsBig,
  followUp: (rng) =>
    rng.pick([
      'Eydnaðist byggingin?',
      'Ganga royndirnar ígjøgnum?',
      'Vinarliga koyr tað aftur.',
      'Hvat broytti tú?',
      'Gott, hvat er eftir?',
      'Eru enn feilir?',
    ]),
  keepGoing: (rng) =>
    rng.pick(['Halt fram.', 'Halt fram, ikki steðga.', 'Halt fram til allar royndir ganga ígjøgnum.']),
  answer: (rng) =>
    rng.pick([
      'Liðugt: byggingin eydnaðist og myndin startar í QEMU.',
      'Done: the build succeeds and the image boots to the login prompt.',
      'Eg havi rættað tað. Ein gomul ávaring er enn í bme280-tools, sum ikki hevur við hesa broyting at gera.',
      `Í stuttum: pakkin virkar og check-package sigur 0 warnings (${Math.round(rng.next() * 3) + 2} pakkar kannaðir).`,
    ]),
  probe: (rng) => rng.pick(['Halt fram.', 'Halt fram har tú steðgaði.', 'Hvat nú?']),
  planters: PLANTERS,
};
