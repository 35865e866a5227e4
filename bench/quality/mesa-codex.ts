/**
 * The codex harness of the mesa family (mesa.ts): an OpenAI-Codex-cloud-like task runner. The agent
 * works in a container checkout of the repository (`/workspace/tramvaj`), one native `exec_command`
 * call at a time (`{"cmd", "workdir"}`; files are written through the shell), each answered by the
 * runner's `Exit code:` / `Wall time:` / `Output:` block; a task closes with a `make_pr` call that
 * records the pull request's title and body. Call ids are `call_` and 24 characters.
 * A Qt 6.7 QML app showing Sarajevo's tram departures: CMake configure and Ninja builds (automoc,
 * qmlcachegen, qt_add_qml_module's type registration), qmllint's `Warning: file:l:c: … [category]`
 * with the caret excerpt, ctest's summary, Qt Quick Test's `PASS   :` / `FAIL!  :` lines with
 * `Actual`/`Expected`/`Loc:`, QML runtime errors (`ReferenceError`, `Type … unavailable`), g++ errors;
 * for a Bosnian-speaking user.
 * Reconstructed rather than copied: the tool names and their arguments (the task runner's own tools
 * are not published), the output block as remembered from Codex's exec output, Qt's logs from memory
 * of 6.5–6.7.
 */
import type { Rng } from './rng';
import type { FactKind } from './types';
import {
  chars,
  dur,
  fail,
  hex,
  lines,
  ok,
  one,
  pieces,
  say,
  some,
  type MesaCall,
  type MesaHarness,
  type MesaStep,
  type Planter,
} from './mesa-kit';

const ROOT = '/workspace/tramvaj';
const QML = ['Main.qml', 'StopList.qml', 'DepartureBoard.qml', 'LineBadge.qml', 'SettingsPage.qml', 'MapView.qml'];
const CPP = ['timetable.cpp', 'gtfsreader.cpp', 'stopmodel.cpp', 'departuremodel.cpp', 'main.cpp'];

const SRC = [
  `import QtQuick\nimport QtQuick.Controls\nimport Tramvaj\n\nApplicationWindow {\n    id: root\n    width: 420\n    height: 780\n    visible: true\n    title: qsTr("Tramvaj")`,
  `ListView {\n    id: list\n    anchors.fill: parent\n    model: StopModel { id: stops }\n    delegate: ItemDelegate {\n        required property string name\n        required property int lineCount\n        text: name\n        width: ListView.view.width\n    }\n}`,
  `Connections {\n    target: Timetable\n    function onDeparturesChanged() { board.refresh() }\n}`,
  `Q_INVOKABLE QList<Departure> departuresFor(const QString &stopId, const QDateTime &from) const;`,
  `qt_add_qml_module(appTramvaj\n    URI Tramvaj\n    VERSION 1.0\n    QML_FILES qml/Main.qml qml/StopList.qml qml/DepartureBoard.qml qml/LineBadge.qml\n    SOURCES src/timetable.cpp src/timetable.h src/stopmodel.cpp src/stopmodel.h\n)`,
];

function exec(cmd: string, output: string, code = 0): MesaCall {
  const args = { cmd, workdir: ROOT };
  return code === 0 ? ok('exec_command', args, output, 0) : fail('exec_command', args, output, code);
}

function build(rng: Rng, n = rng.int(8, 30), tail = ''): string {
  const total = rng.int(40, 70);
  const start = total - n;
  const steps = lines(n - 1, (i) => {
    const k = start + i + 1;
    const f = rng.pick([...CPP, ...QML]);
    return f.endsWith('.qml')
      ? `[${k}/${total}] Generating .rcc/qmlcache/appTramvaj_qml/${f.replace('.qml', '_qml.cpp')}`
      : `[${k}/${total}] Building CXX object CMakeFiles/appTramvaj.dir/src/${f}.o`;
  });
  return `${steps}\n${tail || `[${total}/${total}] Linking CXX executable appTramvaj`}`;
}

function ctest(rng: Rng, failing?: string): string {
  const tests = ['tst_timetable', 'tst_gtfsreader', 'tst_qml_stoplist', 'tst_qml_board'];
  const rows = tests.map((t, i) => {
    const bad = t === failing;
    const name = `${t} `.padEnd(36, '.');
    return `    Start ${i + 1}: ${t}\n${i + 1}/${tests.length} Test #${i + 1}: ${name}${bad ? '***Failed' : '   Passed'}    ${dur(rng, 0.02, 1.4)} sec`;
  });
  const passed = failing ? 75 : 100;
  return `Test project ${ROOT}/build\n${rows.join('\n')}\n\n${passed}% tests passed, ${failing ? 1 : 0} tests failed out of ${tests.length}\n\nTotal Test time (real) =   ${dur(rng, 1, 4)} sec${failing ? `\n\nThe following tests FAILED:\n\t  ${tests.indexOf(failing) + 1} - ${failing} (Failed)\nErrors while running CTest` : ''}`;
}

function quickTest(rng: Rng, body: string, failed = 0): string {
  const passed = rng.int(4, 12);
  return `********* Start testing of qmltestrunner *********\nConfig: Using QtTest library 6.7.2, Qt 6.7.2 (x86_64-little_endian-lp64 shared (dynamic) release build; by GCC 13.2.0), ubuntu 24.04\nPASS   : qmltestrunner::StopList::initTestCase()\n${body}\nPASS   : qmltestrunner::StopList::cleanupTestCase()\nTotals: ${passed} passed, ${failed} failed, 0 skipped, 0 blacklisted, ${rng.int(80, 900)}ms\n********* Finished testing of qmltestrunner *********`;
}

function codexNoise(rng: Rng): MesaStep {
  const r = rng.int(0, 8);
  const q = rng.pick(QML);
  if (r === 0) return one(undefined, exec('cmake --build build', build(rng)));
  if (r === 1) return one(undefined, exec('ctest --test-dir build --output-on-failure', ctest(rng)));
  if (r === 2) return one(undefined, exec(`sed -n '1,80p' qml/${q}`, pieces(rng, SRC, rng.int(14, 40))));
  if (r === 3)
    return one(
      undefined,
      exec(
        `qmllint -I build qml/${q}`,
        rng.chance(0.5)
          ? ''
          : `Warning: ${ROOT}/qml/${q}:${rng.int(10, 90)}:${rng.int(5, 17)}: Unqualified access [unqualified]\n            text: modelData.name\n                  ^^^^^^^^^\nInfo: ${ROOT}/qml/${q}:${rng.int(10, 90)}:${rng.int(5, 17)}: modelData is implicitly injected into this delegate. Add a required property instead.`,
      ),
    );
  if (r === 4)
    return one(
      undefined,
      exec(
        'rg -n "departuresFor" src qml',
        lines(
          rng.int(3, 7),
          () =>
            `${rng.pick([...CPP.map((c) => `src/${c}`), ...QML.map((x) => `qml/${x}`)])}:${rng.int(5, 200)}:    ${rng.pick(['const auto deps = Timetable.departuresFor(stopId, new Date())', 'QList<Departure> Timetable::departuresFor(const QString &stopId, const QDateTime &from) const', 'board.model = Timetable.departuresFor(root.stopId, now)'])}`,
        ),
      ),
    );
  if (r === 5)
    return one(
      undefined,
      exec(
        'git status --short && git log --oneline -3',
        `${some(rng, [...QML.map((x) => `qml/${x}`), ...CPP.map((c) => `src/${c}`)], rng.int(1, 3))
          .map((f) => ` M ${f}`)
          .join(
            '\n',
          )}\n${hex(rng, 7)} board: show minutes until departure\n${hex(rng, 7)} gtfs: read calendar_dates\n${hex(rng, 7)} ci: qmllint in the build`,
      ),
    );
  if (r === 6)
    return one(
      undefined,
      exec(
        'QT_QPA_PLATFORM=offscreen ./build/tst_qml_stoplist',
        quickTest(
          rng,
          lines(
            rng.int(3, 8),
            (i) =>
              `PASS   : qmltestrunner::StopList::test_${['filter', 'sort', 'empty', 'favourite', 'search', 'scroll', 'accent', 'locale'][i % 8]}()`,
          ),
        ),
      ),
    );
  if (r === 7)
    return one(
      undefined,
      exec(
        'sqlite3 data/gtfs.sqlite "select count(*) from stop_times; select count(*) from stops;"',
        `${rng.int(180000, 260000)}\n${rng.int(120, 190)}`,
      ),
    );
  return one(
    undefined,
    exec(
      'cmake -S . -B build -G Ninja -DCMAKE_PREFIX_PATH=/opt/Qt/6.7.2/gcc_64',
      `-- The CXX compiler identification is GNU 13.2.0\n-- Detecting CXX compiler ABI info\n-- Detecting CXX compiler ABI info - done\n-- Check for working CXX compiler: /usr/bin/c++ - skipped\n-- Detecting CXX compile features\n-- Detecting CXX compile features - done\n-- Performing Test CMAKE_HAVE_LIBC_PTHREAD\n-- Performing Test CMAKE_HAVE_LIBC_PTHREAD - Success\n-- Found Threads: TRUE\n-- Configuring done (${dur(rng, 0.5, 3, 1)}s)\n-- Generating done (0.${rng.int(1, 9)}s)\n-- Build files have been written to: ${ROOT}/build`,
    ),
  );
}

function codexBig(rng: Rng): MesaStep {
  const flags =
    '-DQT_CORE_LIB -DQT_GUI_LIB -DQT_NETWORK_LIB -DQT_OPENGL_LIB -DQT_QMLINTEGRATION_LIB -DQT_QMLMODELS_LIB -DQT_QML_LIB -DQT_QUICK_LIB -DQT_SQL_LIB';
  const inc = `-I${ROOT}/build -I${ROOT} -I${ROOT}/build/appTramvaj_autogen/include -isystem /opt/Qt/6.7.2/gcc_64/include/QtCore -isystem /opt/Qt/6.7.2/gcc_64/include -isystem /opt/Qt/6.7.2/gcc_64/mkspecs/linux-g++ -isystem /opt/Qt/6.7.2/gcc_64/include/QtQml -isystem /opt/Qt/6.7.2/gcc_64/include/QtQuick -isystem /opt/Qt/6.7.2/gcc_64/include/QtGui -isystem /opt/Qt/6.7.2/gcc_64/include/QtSql`;
  const n = rng.int(70, 90);
  return one(
    'A clean verbose build to see every compile line.',
    exec(
      'cmake --build build --clean-first -- -v',
      lines(n, (i) => {
        const f = rng.pick([...CPP, 'appTramvaj_autogen/mocs_compilation.cpp', 'appTramvaj_qmltyperegistrations.cpp']);
        return `[${i + 1}/${n}] /usr/bin/c++ ${flags} ${inc} -g -std=gnu++17 -fPIC -MD -MT CMakeFiles/appTramvaj.dir/${f}.o -MF CMakeFiles/appTramvaj.dir/${f}.o.d -o CMakeFiles/appTramvaj.dir/${f}.o -c ${ROOT}/src/${f}`;
      }),
    ),
  );
}

const PLANTERS: Record<FactKind, Planter[]> = {
  goal: [
    {
      user: true,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `da dodaš ekran ${t} sa sljedećim polascima za odabranu stanicu`;
        return {
          how: 'user-request',
          needle,
          beats: [
            {
              user: `Zdravo! Projekat je u ${ROOT} — Qt 6.7 QML aplikacija za red vožnje sarajevskog tramvaja. Želim ${needle}. Molim te, objasni svaki korak.`,
            },
            {
              step: one(
                undefined,
                exec(
                  'ls && cat CMakeLists.txt | head -40',
                  `CMakeLists.txt\nREADME.md\nAGENTS.md\ndata\nqml\nsrc\ntests\n${pieces(rng, SRC.slice(4), 6)}`,
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
        const needle = `${t}: dodati tamni način rada za cijelu aplikaciju`;
        return { how: 'user-followup', needle, beats: [{ user: `Sljedeći zadatak: ${needle}.` }] };
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
            (x) => `${x}: ne mijenjaj ništa u direktoriju third_party`,
            (x) => `svaki QML fajl za ${x} mora proći qmllint bez upozorenja`,
            (x) => `${x}: minimalna verzija Qt ostaje 6.5`,
          ],
          t,
        );
        return {
          how: 'user-rule',
          needle,
          beats: [{ user: rng.pick([`Jedno pravilo: ${needle}.`, `Zapamti — ${needle}.`, `Važno: ${needle}.`]) }],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const T = t.toUpperCase();
        const needle = rng.pick([
          `${T}: never call the GRAS realtime API from QML; everything goes through Timetable in C++`,
          `${T}: strings shown to riders go through qsTr() and exist in i18n/tramvaj_bs.ts`,
          `${T}: the departure board must render within 16 ms on the Raspberry Pi kiosk`,
        ]);
        return {
          how: 'tool-file',
          needle,
          beats: [
            {
              step: one(
                undefined,
                exec(
                  'cat AGENTS.md',
                  `# Notes for agents\n\n- Build: cmake -S . -B build -G Ninja && cmake --build build\n- Test: ctest --test-dir build --output-on-failure\n- ${needle}\n- PR titles start with the area: board:, gtfs:, ci:`,
                ),
              ),
            },
            {
              step: one(
                `AGENTS.md rule ${T} applies to this change; building before touching it.`,
                exec('cmake --build build', build(rng)),
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
            (x) => `I'll expose ${x} as a QAbstractListModel in C++ instead of a JavaScript array`,
            (x) => `${x} will refresh on a 30-second QTimer rather than on every model change`,
            (x) => `Plan: register ${x} with QML_ELEMENT and drop the qmlRegisterType call in main.cpp`,
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
                exec(
                  `printf '%s\\n' '- ${needle.replace(/'/g, '')}' >> docs/decisions.md && tail -n 1 docs/decisions.md`,
                  `- ${needle.replace(/'/g, '')}`,
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
        const needle = `${t} će čitati GTFS podatke samo iz lokalne SQLite baze`;
        return {
          how: 'user-choice',
          needle,
          beats: [
            {
              user: rng.pick([`Odlučili smo: ${needle}.`, `Uradimo ovako: ${needle}; mreža u tramvaju nije pouzdana.`]),
            },
          ],
        };
      },
    },
  ],
  file: [
    {
      user: false,
      plant: ({ mint }) => {
        const t = mint('word');
        const name = `${t.charAt(0).toUpperCase()}${t.slice(1)}Panel`;
        const needle = `qml/${name}.qml`;
        return {
          how: 'agent-create',
          needle,
          beats: [
            {
              step: one(
                'A separate component for the panel.',
                exec(
                  `cat > ${needle} <<'EOF'\nimport QtQuick\nimport QtQuick.Controls\n\nPane {\n    id: panel\n    required property string stopId\n    Label { text: qsTr("Sljedeći polasci") }\n}\nEOF\ngit add ${needle} && git status --short`,
                  `A  ${needle}`,
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
        const needle = `tests/tst_${t}.qml`;
        return {
          how: 'agent-edit',
          needle,
          beats: [
            {
              step: one(
                'A Quick Test for it.',
                exec(
                  `cat > ${needle} <<'EOF'\nimport QtQuick\nimport QtTest\n\nTestCase {\n    name: "${t}"\n    function test_empty() { compare(1 + 1, 2) }\n}\nEOF\nwc -l ${needle}`,
                  `8 ${needle}`,
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
        const needle = `ReferenceError: ${t}Model is not defined`;
        const q = rng.pick(QML);
        return {
          how: 'tool-qml',
          needle,
          beats: [
            {
              step: one(
                undefined,
                exec(
                  'QT_QPA_PLATFORM=offscreen ./build/tst_qml_board',
                  quickTest(
                    rng,
                    `PASS   : qmltestrunner::StopList::test_sort()\nQWARN  : qmltestrunner::StopList::test_filter() qrc:/qt/qml/Tramvaj/qml/${q}:${rng.int(20, 80)}: ${needle}\nFAIL!  : qmltestrunner::StopList::test_filter() Compared values are not the same\n   Actual   (list.count): 0\n   Expected (4)         : 4\n   Loc: [${ROOT}/tests/tst_stoplist.qml(${rng.int(20, 60)})]`,
                    1,
                  ),
                  1,
                ),
              ),
            },
            {
              step: one(
                `${t}Model is referenced before the component registers it; reading ${q}.`,
                exec(`sed -n '1,60p' qml/${q}`, pieces(rng, SRC, 24)),
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
        const needle = `error: '${t}Departures' was not declared in this scope`;
        const f = rng.pick(CPP);
        const l = rng.int(30, 200);
        return {
          how: 'tool-gcc',
          needle,
          beats: [
            {
              step: one(
                undefined,
                exec(
                  'cmake --build build',
                  build(
                    rng,
                    rng.int(4, 12),
                    `FAILED: CMakeFiles/appTramvaj.dir/src/${f}.o\n/usr/bin/c++ -DQT_CORE_LIB -DQT_QML_LIB -DQT_QUICK_LIB -g -std=gnu++17 -fPIC -c ${ROOT}/src/${f}\n${ROOT}/src/${f}: In member function 'QList<Departure> Timetable::departuresFor(const QString&, const QDateTime&) const':\n${ROOT}/src/${f}:${l}:12: ${needle}\n  ${l} |     return ${t}Departures(stopId, from);\n      |            ^~~~~~~~~~~~~~~~~~~\nninja: build stopped: subcommand failed.`,
                  ),
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
        const needle = `frame time p95: ${t} ns`;
        return {
          how: 'tool-output',
          needle,
          beats: [
            {
              step: one(
                undefined,
                exec(
                  'QSG_RENDER_TIMING=1 QT_QPA_PLATFORM=offscreen ./build/bench_board --frames 600 | tail -n 4',
                  `frames: 600\nframe time mean: ${rng.int(4000000, 9000000)} ns\n${needle}\nsync max: ${rng.int(500000, 3000000)} ns`,
                ),
              ),
            },
            {
              step: one(
                `Baseline before the change: ${needle}. Keeping it in the PR notes.`,
                exec(`echo '${needle}' >> docs/perf.md && tail -n 1 docs/perf.md`, needle),
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
        const needle = `${t}${hex(rng, 32)}`;
        return {
          how: 'tool-hash',
          needle,
          beats: [
            { step: one(undefined, exec('sha256sum data/gtfs.sqlite', `${needle}${hex(rng, 24)}  data/gtfs.sqlite`)) },
            {
              step: one(
                `The GTFS snapshot is ${needle}…; the tests pin it.`,
                exec(`echo 'GTFS_SHA=${needle}' > tests/gtfs.env && cat tests/gtfs.env`, `GTFS_SHA=${needle}`),
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
        const needle = `GRAS-${t}`;
        return {
          how: 'user-paste',
          needle,
          beats: [{ user: `Broj ugovora sa GRAS-om je ${needle}; upiši ga u About ekran.` }],
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
            (x) => `Follow-up: run ${x} on the Raspberry Pi kiosk and measure the frame time there`,
            (x) => `Not done yet: translations for ${x} in i18n/tramvaj_bs.ts`,
            (x) => `Sljedeće: testirati ${x} bez mreže`,
          ],
          t,
        );
        return {
          how: 'agent-plan',
          needle,
          beats: [
            {
              step: one(
                undefined,
                ok(
                  'make_pr',
                  {
                    title: `board: ${t}`,
                    body: `Adds the departures board.\n\nTesting: ctest passes, qmllint clean.\n\n${needle}.`,
                  },
                  `PR message recorded (${hex(rng, 7)}).`,
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
        const needle = `na kraju napiši kratak opis ${t} za PR na bosanskom`;
        return {
          how: 'user-todo',
          needle,
          beats: [
            { user: `Hvala. Još jedna stvar: ${needle}.` },
            { step: one(undefined, exec('ctest --test-dir build --output-on-failure', ctest(rng))) },
          ],
        };
      },
    },
  ],
};

/** Seconds the runner reports, from the output's size (a renderer has no rng). */
function wall(c: MesaCall): string {
  return (0.05 + (c.output.length % 997) / 83).toFixed(1);
}

/** The codex harness. */
export const MESA_CODEX: MesaHarness = {
  style: 'codex',
  protocol: 'native',
  system: `You are Codex, a coding agent running a task in a cloud container with the repository checked out at ${ROOT}. Use exec_command to run shell commands (edit files with the shell); commands run without network access after setup. Read AGENTS.md and follow it. Run the build and the tests before you finish, then call make_pr with a title and a body that says what changed and how it was tested. The user writes Bosnian; answer in Bosnian.`,
  tools: ['exec_command', 'make_pr'],
  callId: (rng) => `call_${chars(rng, 24)}`,
  wrap: (c) =>
    c.tool === 'exec_command'
      ? `Exit code: ${c.exitCode ?? 0}\nWall time: ${wall(c)} seconds\nOutput:\n${c.output}`
      : c.output,
  noise: codexNoise,
  big: codexBig,
  followUp: (rng) =>
    rng.pick([
      'Da li se build završio?',
      'Prolaze li testovi sada?',
      'Molim te, pokreni testove ponovo.',
      'Ukratko, šta si promijenio?',
      'Dobro, šta je ostalo?',
      'Ima li još upozorenja od qmllint-a?',
    ]),
  keepGoing: (rng) => rng.pick(['Nastavi.', 'Nastavi, ne zaustavljaj se.', 'Nastavi dok svi testovi ne prođu.']),
  answer: (rng) =>
    rng.pick([
      `Gotovo: build prolazi, svi testovi su zeleni (${rng.int(4, 9)} od ${rng.int(9, 12)} QML testova pokrenuto).`,
      'Done: the app builds, ctest passes and qmllint reports nothing.',
      'Popravio sam. Ostalo je jedno staro upozorenje u MapView.qml koje nije vezano za ovu promjenu.',
      'Ukratko: promijenjeni ekran radi i testovi prolaze kao i prije.',
    ]),
  probe: (rng) => rng.pick(['Nastavi.', 'Nastavi odakle si stao.', 'Šta sada?']),
  planters: PLANTERS,
};
