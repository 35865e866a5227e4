/**
 * A MetaGPT-like software team on a Godot 4 / GDScript game (GUT tests, gdlint, headless exports,
 * butler and steamcmd uploads): a team leader (Mike) plans and hands tasks over with
 * `publish_team_message`, an engineer (Alex) writes code, a QA engineer (Edward) runs tests; each
 * assistant message carries its speaker's `name`. Native tool calls, some parallel; DeepSeek-style
 * call ids. The user writes in Ukrainian.
 */
import type { Rng } from './rng';
import {
  buried,
  cap,
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

const BANNER = 'Godot Engine v4.2.2.stable.official.15073afe3 - https://godotengine.org';
const SCRIPTS = ['player', 'enemy', 'inventory', 'save_game', 'camera_rig', 'hud', 'level_gen', 'lantern'];
const AGENTS = ['Mike', 'Alex', 'Edward'] as const;

const PLAYER = `extends CharacterBody2D
class_name Player

signal died
signal lantern_toggled(on: bool)

@export var speed := 180.0
@export var jump_velocity := -360.0
@export var coyote_time := 0.1

var _coyote := 0.0
@onready var _sprite: AnimatedSprite2D = $Sprite

func _physics_process(delta: float) -> void:
\tif not is_on_floor():
\t\tvelocity.y += ProjectSettings.get_setting("physics/2d/default_gravity") * delta
\t\t_coyote -= delta
\telse:
\t\t_coyote = coyote_time
\tif Input.is_action_just_pressed("jump") and _coyote > 0.0:
\t\tvelocity.y = jump_velocity
\tvar dir := Input.get_axis("move_left", "move_right")
\tvelocity.x = dir * speed
\tmove_and_slide()`;

function gutOk(rng: Rng): string {
  const files = rng.sample(SCRIPTS, rng.int(3, 6));
  const body = files
    .map(
      (f) =>
        `res://test/unit/test_${f}.gd\n${lines(rng.int(2, 6), () => `* test_${rng.pick(['moves_right', 'jumps_once', 'stacks_items', 'saves_and_loads', 'drops_on_death', 'toggles_light', 'clamps_zoom'])}`)}`,
    )
    .join('\n');
  const n = rng.int(40, 120);
  return `${BANNER}\n\n---  GUT  ---\n${body}\n\n\n==============================================\n= Run Summary\n==============================================\n\nTotals\n------\nScripts:          ${files.length}\nTests:            ${n}\nPassing Tests     ${n}\nAsserts:          ${n * 3}\nTime:             ${rng.int(1, 9)}.${rng.int(100, 999)}s\n\n---- All tests passed! ----`;
}

function noise(rng: Rng): StrayStep {
  const agent = rng.pick(AGENTS);
  const s = rng.pick(SCRIPTS);
  switch (rng.int(0, 8)) {
    case 0:
      return one(
        undefined,
        ok('terminal_run', { cmd: `godot --headless --check-only -s res://scripts/${s}.gd` }, BANNER),
        agent,
      );
    case 1:
      return one(
        rng.pick([undefined, 'Running the unit tests.']),
        ok(
          'terminal_run',
          { cmd: 'godot --headless -s addons/gut/gut_cmdln.gd -gdir=res://test/unit -gexit' },
          gutOk(rng),
        ),
        'Edward',
      );
    case 2:
      return one(undefined, ok('editor_read', { path: 'scripts/player.gd' }, PLAYER), 'Alex');
    case 3:
      return one(
        undefined,
        ok(
          'terminal_run',
          { cmd: 'gdlint scripts/' },
          rng.chance(0.6)
            ? 'Success: no problems found'
            : `scripts/${s}.gd:${rng.int(10, 120)}: Error: Function name "${cap(s)}Update" is not valid (function-name)\nFailure: 1 problem found`,
        ),
        agent,
      );
    case 4:
      return many(
        undefined,
        [
          ok(
            'terminal_run',
            { cmd: 'git status --short' },
            lines(rng.int(1, 4), () => ` M scripts/${rng.pick(SCRIPTS)}.gd`),
          ),
          ok(
            'terminal_run',
            { cmd: 'git log --oneline -5' },
            lines(
              5,
              () =>
                `${sha(rng)} ${rng.pick(['player: coyote time', 'hud: health hearts', 'level_gen: seed from settings', 'enemy: patrol path', 'save: versioned format'])}`,
            ),
          ),
        ],
        agent,
      );
    case 5:
      return one(
        undefined,
        ok(
          'publish_team_message',
          {
            send_to: rng.pick(['Alex', 'Edward']),
            content: rng.pick([
              'Carry on with the current task and report when done.',
              "Please re-run the checks after Alex's last change.",
              'Keep the commit small, one feature per commit.',
            ]),
          },
          'Message sent.',
        ),
        'Mike',
      );
    case 6:
      return one(
        undefined,
        ok(
          'terminal_run',
          { cmd: 'ls -R scenes | head -n 30' },
          `scenes:\n${['main.tscn', 'player.tscn', 'enemy_bat.tscn', 'hud.tscn', 'levels'].join('\n')}\n\nscenes/levels:\n${lines(rng.int(4, 9), (i) => `level_${pad(i + 1)}.tscn`)}`,
        ),
        agent,
      );
    case 7:
      return one(
        undefined,
        ok(
          'editor_read',
          { path: 'project.godot' },
          `config_version=5\n\n[application]\nconfig/name="Lantern"\nrun/main_scene="res://scenes/main.tscn"\nconfig/features=PackedStringArray("4.2", "GL Compatibility")\n\n[autoload]\nEvents="*res://scripts/events.gd"\nSaveGame="*res://scripts/save_game.gd"\n\n[physics]\ncommon/physics_ticks_per_second=60`,
        ),
        agent,
      );
    default:
      return one(
        undefined,
        ok(
          'terminal_run',
          { cmd: 'godot --headless --export-release "Linux/X11" build/linux/lantern.x86_64' },
          `${BANNER}\nsavepack: begin: Packing steps: 102\n${lines(rng.int(6, 18), (i) => `savepack: step ${i * 6}: Storing File: res://${rng.pick(['scenes', 'scripts', 'assets/sprites', '.godot/imported'])}/${rng.pick(SCRIPTS)}.${rng.pick(['tscn', 'gdc', 'png-' + hex(rng, 32) + '.ctex'])}`)}\nsavepack: end`,
        ),
        agent,
      );
  }
}

function big(rng: Rng): StrayStep {
  const out = lines(
    rng.int(330, 420),
    (i) =>
      `savepack: step ${i}: Storing File: res://.godot/imported/${rng.pick(['tile', 'bat', 'lantern', 'hero_run', 'hero_idle', 'bg_forest', 'ui_heart', 'sfx_jump'])}_${i}.${rng.pick(['png', 'wav', 'ogg'])}-${hex(rng, 32)}.${rng.pick(['ctex', 'sample', 'oggvorbisstr'])}`,
  );
  return one(
    rng.pick([undefined, 'Exporting the web build for the smoke test.']),
    ok(
      'terminal_run',
      { cmd: 'godot --headless --verbose --export-release "Web" build/web/index.html' },
      `${BANNER}\nTextServer: Added interface "Dummy"\nTextServer: Added interface "ICU / HarfBuzz / Graphite (Built-in)"\nsavepack: begin: Packing steps: ${rng.int(300, 500)}\n${out}\nsavepack: end\nexport: end`,
    ),
    'Edward',
  );
}

const P = (user: boolean, plant: Planter['plant']): Planter => ({ user, plant });

export const STRAY_METAGPT: StrayHarness = {
  style: 'metagpt',
  protocol: 'native',
  system: `You are a member of a software team building "Lantern", a 2D platformer in Godot 4.2 (GDScript). Team: Mike (Team Leader: plans, assigns tasks with publish_team_message, talks to the human with reply_to_human), Alex (Engineer: writes and edits code), Edward (QA Engineer: runs GUT tests, lint and exports). The project is at /workspace/lantern. Use the Plan to track tasks. Reply to the human in the language they use.`,
  tools: [
    'terminal_run',
    'editor_read',
    'editor_write',
    'plan_append_task',
    'plan_finish_current_task',
    'publish_team_message',
    'reply_to_human',
  ],
  callId: (rng) => `call_0_${hex(rng, 8)}-${hex(rng, 4)}-${hex(rng, 4)}-${hex(rng, 4)}-${hex(rng, 12)}`,
  noise,
  big,
  followUp: (rng) =>
    rng.pick([
      'Добре. Тести проходять?',
      'А що з експортом під Web?',
      'Покажіть, що змінилося.',
      'Дякую, продовжуйте.',
      'Чому так довго? Щось зламалося?',
      'Ок, а gdlint чистий?',
    ]),
  keepGoing: (rng) => rng.pick(['Продовжуйте.', 'Працюйте далі, я подивлюся пізніше.', 'continue']),
  answer: (rng) =>
    rng.pick([
      'Усі тести GUT проходять, gdlint чистий. Чекаємо на наступне завдання.',
      'Готово: збірка під Linux експортується без помилок.',
      'Зміни в робочій гілці, ще не злиті. Edward перевірив — усе зелене.',
      'Done — all GUT tests pass.',
    ]),
  probe: (rng) => rng.pick(['Коротко: що зроблено і що ще лишилося?', 'Підсумуйте, будь ласка, поточний стан.']),
  planters: {
    goal: [
      P(true, ({ mint }) => {
        const k = mint('word');
        const needle = `feature/${k}-double-jump`;
        return {
          needle,
          how: 'user-ask',
          beats: [
            {
              user: `Привіт, команда! Додайте гравцеві подвійний стрибок: другий стрибок у повітрі, слабший на 20 %, з окремою анімацією. Працюйте в гілці \`${needle}\`, тести GUT обов'язкові.`,
            },
            {
              step: one(
                'Accepted. Planning the work.',
                ok(
                  'plan_append_task',
                  {
                    task_id: '1',
                    dependent_task_ids: '',
                    instruction: `Implement double jump in scripts/player.gd on branch ${needle}`,
                    assignee: 'Alex',
                  },
                  'Task 1 appended to the plan.',
                ),
                'Mike',
              ),
            },
            {
              step: one(
                undefined,
                ok('terminal_run', { cmd: `git switch -c ${needle}` }, `Switched to a new branch '${needle}'`),
                'Alex',
              ),
            },
          ],
        };
      }),
      P(true, ({ mint }) => {
        const n = mint('num');
        const needle = `LANT-${n}`;
        return {
          needle,
          how: 'user-ticket',
          beats: [
            {
              user: `Ось баг із трекера, копіюю:\n\n${needle} · Збереження губиться після оновлення гри\nКроки: 1) пройти рівень 3; 2) оновити гру до 0.9.1; 3) «Продовжити» — прогрес скинуто.\nОчікувано: старі збереження мігрують на новий формат.\nПріоритет: Критичний`,
            },
            {
              step: one(
                undefined,
                ok(
                  'plan_append_task',
                  {
                    task_id: '1',
                    dependent_task_ids: '',
                    instruction: `${needle}: reproduce save loss after update, add migration in save_game.gd`,
                    assignee: 'Alex',
                  },
                  'Task 1 appended to the plan.',
                ),
                'Mike',
              ),
            },
          ],
        };
      }),
    ],
    constraint: [
      P(true, ({ mint, rng }) => {
        const k = mint('word');
        const needle = `res://scenes/${k}_boss.tscn`;
        return {
          needle,
          how: 'user-rule',
          beats: [
            {
              user: rng.pick([
                `Сцену ${needle} не чіпайте — її зараз редагує художниця, будуть конфлікти.`,
                `Важливо: жодних змін у ${needle}, навіть пересохранення в редакторі.`,
              ]),
            },
            {
              step: one(
                undefined,
                ok(
                  'publish_team_message',
                  { send_to: 'Alex', content: `Human constraint: do not modify ${needle} (the artist is editing it).` },
                  'Message sent.',
                ),
                'Mike',
              ),
            },
          ],
        };
      }),
      P(false, ({ mint }) => {
        const k = mint('word');
        const needle = `${cap(k)}Bus`;
        return {
          needle,
          how: 'tool-rules',
          beats: [
            {
              step: one(
                undefined,
                ok(
                  'editor_read',
                  { path: 'CONTRIBUTING.md' },
                  `# Lantern — contributing\n\n- Static typing everywhere (\`var x: int\`, \`-> void\`).\n- Signals are named in the past tense and connected in code, never in the editor.\n- The only autoload that scripts may talk to is \`${needle}\`; Events and SaveGame are internal to it.\n- One scene per file, one script per scene.`,
                ),
                'Alex',
              ),
            },
            {
              step: one(
                `So the new signal goes through ${needle}, not Events directly.`,
                ok(
                  'terminal_run',
                  { cmd: 'grep -rn "Events\\." scripts | head -n 5' },
                  'scripts/player.gd:61:\tEvents.player_died.emit()\nscripts/hud.gd:14:\tEvents.player_died.connect(_on_player_died)',
                ),
                'Alex',
              ),
            },
          ],
        };
      }),
      P(true, ({ mint }) => {
        const k = mint('word');
        const needle = `${k}_dialogue`;
        return {
          needle,
          how: 'user-pin',
          beats: [
            { user: `Рушій лишаємо на 4.2, не оновлюйте до 4.3 — плагін ${needle} під 4.3 ще не працює.` },
            {
              step: one(
                undefined,
                ok('reply_to_human', { content: `Зрозуміло: Godot 4.2, без оновлення, через ${needle}.` }, 'Replied.'),
                'Mike',
              ),
            },
          ],
        };
      }),
    ],
    decision: [
      P(false, ({ mint }) => {
        const k = mint('word');
        const needle = `class_name ${cap(k)}State`;
        return {
          needle,
          how: 'agent-design',
          beats: [
            {
              step: one(
                `Instead of piling more booleans into _physics_process, I'll move the player to a node-based state machine: a base \`${needle}\` with enter/exit/physics_update, one child node per state.`,
                ok(
                  'editor_write',
                  {
                    path: `scripts/states/${k}_state.gd`,
                    content: `extends Node\n${needle}\n\nfunc enter() -> void:\n\tpass\n\nfunc physics_update(_delta: float) -> void:\n\tpass`,
                  },
                  'File written.',
                ),
                'Alex',
              ),
            },
          ],
        };
      }),
      P(true, ({ mint }) => {
        const k = mint('word');
        const needle = `user://${k}.save`;
        return {
          needle,
          how: 'user-choice',
          beats: [
            {
              user: `Вирішили: збереження робимо в JSON у файлі ${needle}, з полем version. Бінарний формат прибираємо.`,
            },
            {
              step: one(
                undefined,
                ok(
                  'publish_team_message',
                  {
                    send_to: 'Alex',
                    content: `Decision from the human: JSON saves in ${needle} with a "version" field; drop the binary format.`,
                  },
                  'Message sent.',
                ),
                'Mike',
              ),
            },
          ],
        };
      }),
      P(false, ({ mint }) => {
        const k = mint('word');
        const needle = `${cap(k)}Item`;
        return {
          needle,
          how: 'agent-assign',
          beats: [
            {
              step: one(
                undefined,
                ok(
                  'plan_append_task',
                  {
                    task_id: '4',
                    dependent_task_ids: '3',
                    instruction: `Refactor inventory: items become Resources (extends Resource, class ${needle}) instead of dictionaries, so they can be edited in the inspector.`,
                    assignee: 'Alex',
                  },
                  'Task 4 appended to the plan.',
                ),
                'Mike',
              ),
            },
            {
              step: one(
                undefined,
                ok(
                  'editor_read',
                  { path: 'scripts/inventory.gd' },
                  'var items: Array[Dictionary] = []\n\nfunc add(item: Dictionary) -> void:\n\titems.append(item)',
                ),
                'Alex',
              ),
            },
          ],
        };
      }),
    ],
    file: [
      P(false, ({ mint }) => {
        const k = mint('word');
        const needle = `scripts/${k}_controller.gd`;
        return {
          needle,
          how: 'agent-write',
          beats: [
            {
              step: one(
                undefined,
                ok(
                  'editor_write',
                  {
                    path: needle,
                    content: `extends Node\n\n@export var player: Player\nvar _jumps_left := 2\n\nfunc _unhandled_input(event: InputEvent) -> void:\n\tif event.is_action_pressed("jump") and _jumps_left > 0:\n\t\t_jumps_left -= 1`,
                  },
                  'File written.',
                ),
                'Alex',
              ),
            },
            {
              step: one(
                undefined,
                ok('terminal_run', { cmd: `gdlint ${needle}` }, 'Success: no problems found'),
                'Alex',
              ),
            },
          ],
        };
      }),
      P(true, ({ mint }) => {
        const k = mint('word');
        const needle = `scripts/ui/${k}_hud.gd`;
        return {
          needle,
          how: 'user-path',
          beats: [
            { user: `Серця на HUD не оновлюються після лікування — думаю, проблема в ${needle}.` },
            {
              step: one(
                undefined,
                ok(
                  'editor_read',
                  { path: needle },
                  'func _on_health_changed(value: int) -> void:\n\tfor i in hearts.size():\n\t\thearts[i].visible = i < value - 1',
                ),
                'Alex',
              ),
            },
          ],
        };
      }),
    ],
    error: [
      P(false, ({ mint, rng }) => {
        const k = mint('word');
        const needle = `Identifier "${k}_speed" not declared in the current scope.`;
        return {
          needle,
          how: 'tool-parse',
          beats: [
            {
              step: one(
                undefined,
                fail(
                  'terminal_run',
                  { cmd: 'godot --headless --check-only -s res://scripts/player.gd' },
                  `${BANNER}\nSCRIPT ERROR: Parse Error: ${needle}\n          at: GDScript::reload (res://scripts/player.gd:${rng.int(30, 90)})\nERROR: Failed to load script "res://scripts/player.gd" with error "Parse error".\n   at: load (modules/gdscript/gdscript.cpp:2936)`,
                ),
                'Edward',
              ),
            },
            {
              step: one(
                undefined,
                ok(
                  'publish_team_message',
                  { send_to: 'Alex', content: `player.gd does not parse: "${needle}" Please fix.` },
                  'Message sent.',
                ),
                'Edward',
              ),
            },
          ],
        };
      }),
      P(false, ({ mint, rng }) => {
        const k = mint('word');
        const needle = `Nonexistent function '${k}_hit' in base 'CharacterBody2D (enemy.gd)'`;
        const out = buried(
          rng,
          rng.int(10, 40),
          (i) =>
            rng.pick([
              `[frame ${i * 60}] level_03 loaded, ${rng.int(3, 9)} enemies`,
              `[frame ${i * 60}] player at (${rng.int(0, 3000)}, ${rng.int(0, 800)})`,
            ]),
          `SCRIPT ERROR: Invalid call. ${needle}.\n          at: _on_hurtbox_body_entered (res://scripts/player.gd:${rng.int(60, 140)})`,
          `ERROR: Condition "_first != nullptr" is true.\n   at: ~List (./core/templates/list.h:766)\nWARNING: ObjectDB instances leaked at exit (run with --verbose for details).\n     at: cleanup (core/object/object.cpp:2071)`,
        );
        return {
          needle,
          how: 'tool-runtime',
          beats: [
            {
              step: one(
                'Playing level 3 headless with the input recording.',
                fail(
                  'terminal_run',
                  {
                    cmd: 'godot --headless res://scenes/levels/level_03.tscn --quit-after 3600 -- --replay=test/replays/l3.json',
                  },
                  out,
                ),
                'Edward',
              ),
            },
            {
              step: one(
                `Runtime error: ${needle}. enemy.gd exposes take_hit(), not ${k}_hit.`,
                ok(
                  'terminal_run',
                  { cmd: 'grep -n "func " scripts/enemy.gd' },
                  '12:func _ready() -> void:\n20:func _physics_process(delta: float) -> void:\n44:func take_hit(damage: int) -> void:',
                ),
                'Alex',
              ),
            },
          ],
        };
      }),
      P(false, ({ mint, rng }) => {
        const k = mint('word');
        const needle = `test_${k}_stack_limit`;
        return {
          needle,
          how: 'tool-gut',
          beats: [
            {
              step: one(
                undefined,
                fail(
                  'terminal_run',
                  { cmd: 'godot --headless -s addons/gut/gut_cmdln.gd -gdir=res://test/unit -gexit' },
                  `${BANNER}\n\n---  GUT  ---\nres://test/unit/test_inventory.gd\n* test_add_item\n* ${needle}\n    [Failed]:  [${rng.int(5, 9)}] expected to equal [4]:  \n      at line ${rng.int(20, 80)}\n* test_remove_item\n\n==============================================\n= Run Summary\n==============================================\n\nres://test/unit/test_inventory.gd\n- ${needle}\n    [Failed]:  expected to equal [4]\n\nTotals\n------\nScripts:          ${rng.int(5, 9)}\nTests:            ${rng.int(40, 90)}\nPassing Tests     ${rng.int(39, 89)}\nFailing Tests     1\nAsserts:          ${rng.int(120, 260)}\n\n---- 1 failing tests ----`,
                ),
                'Edward',
              ),
            },
            {
              step: one(
                undefined,
                ok(
                  'publish_team_message',
                  { send_to: 'Alex', content: `${needle} fails: stack is not capped at 4.` },
                  'Message sent.',
                ),
                'Edward',
              ),
            },
          ],
        };
      }),
      P(false, ({ mint, rng }) => {
        const k = mint('word');
        const needle = `Failed loading resource: res://assets/${k}_tileset.tres`;
        return {
          needle,
          how: 'tool-export',
          beats: [
            {
              step: one(
                undefined,
                fail(
                  'terminal_run',
                  { cmd: 'godot --headless --export-release "Windows Desktop" build/win/lantern.exe' },
                  `${BANNER}\nsavepack: begin: Packing steps: ${rng.int(90, 140)}\nERROR: ${needle}. Make sure resources have been imported by opening the project in the editor at least once.\n   at: _load (core/io/resource_loader.cpp:274)\nERROR: Failed loading resource: res://scenes/levels/level_04.tscn. Make sure resources have been imported by opening the project in the editor at least once.\n   at: _load (core/io/resource_loader.cpp:274)\nERROR: Project export for preset "Windows Desktop" failed.\n   at: _fs_changed (editor/editor_node.cpp:1036)`,
                ),
                'Edward',
              ),
            },
            {
              step: one(
                `Export failed on ${needle} — the .import cache is missing in CI. Re-importing.`,
                ok(
                  'terminal_run',
                  { cmd: 'godot --headless --import' },
                  `${BANNER}\nreimport: begin: (Re)Importing Assets steps: ${rng.int(20, 80)}\nreimport: end`,
                ),
                'Alex',
              ),
            },
          ],
        };
      }),
    ],
    pending: [
      P(false, ({ mint }) => {
        const k = mint('word');
        const needle = `test_${k}_save.gd`;
        return {
          needle,
          how: 'agent-plan',
          beats: [
            {
              step: one(
                'Last open item before we report back.',
                ok(
                  'plan_append_task',
                  {
                    task_id: '9',
                    dependent_task_ids: '8',
                    instruction: `Write and run test/unit/${needle} against the Web export (saves must survive a reload in the browser)`,
                    assignee: 'Edward',
                  },
                  'Task 9 appended to the plan.',
                ),
                'Mike',
              ),
            },
          ],
        };
      }),
      P(true, ({ mint }) => {
        const k = mint('word');
        const needle = `${k}.uk.translation`;
        return {
          needle,
          how: 'user-next',
          beats: [
            {
              user: `Супер. Наступне — українська локалізація, файл ${needle}, але це вже завтра. Поки що просто створіть порожній CSV з ключами.`,
            },
            {
              step: one(
                undefined,
                ok('terminal_run', { cmd: `grep -rhoE 'tr\\("[A-Z_]+"\\)' scripts | sort -u | wc -l` }, '47'),
                'Alex',
              ),
            },
          ],
        };
      }),
    ],
    value: [
      P(false, ({ mint, rng }) => {
        const n = mint('num');
        const needle = `BuildID ${n}`;
        return {
          needle,
          how: 'tool-steam',
          beats: [
            {
              step: one(
                undefined,
                ok(
                  'terminal_run',
                  { cmd: 'steamcmd +login ci_lantern +run_app_build ../steam/app_build_2381960.vdf +quit' },
                  `Redirecting stderr to '/home/ci/Steam/logs/stderr.txt'\nLogging in user 'ci_lantern' to Steam Public...OK\nBuilding depot 2381961...\nDEPOT: ${rng.int(100, 400)} files, ${rng.int(50, 200)} MB\nUploading content...\nSuccessfully finished AppID 2381960 build (${needle}).`,
                ),
                'Edward',
              ),
            },
            {
              step: one(
                undefined,
                ok(
                  'reply_to_human',
                  { content: `Збірка завантажена в Steam: ${needle}, гілка beta. Можна ставити на тест.` },
                  'Replied.',
                ),
                'Mike',
              ),
            },
          ],
        };
      }),
      P(true, ({ mint }) => {
        const n = mint('num');
        const needle = `level_seed = ${n}`;
        return {
          needle,
          how: 'user-seed',
          beats: [
            {
              user: `Для відтворення бага з рівнем використовуйте \`${needle}\` — на ньому платформа генерується в стіні.`,
            },
            {
              step: one(
                undefined,
                ok(
                  'terminal_run',
                  {
                    cmd: `godot --headless res://scenes/main.tscn --quit-after 120 -- --${needle.replace(' = ', '=')}`,
                  },
                  `${BANNER}\nlevel_gen: generated 48 chunks in 31 ms`,
                ),
                'Edward',
              ),
            },
          ],
        };
      }),
      P(false, ({ mint, rng }) => {
        const k = mint('word');
        const needle = `lantern-studio/${k}:html5`;
        return {
          needle,
          how: 'tool-butler',
          beats: [
            {
              step: one(
                undefined,
                ok(
                  'terminal_run',
                  { cmd: `butler push build/web ${needle} --userversion 0.9.${rng.int(2, 9)}` },
                  `• For channel \`html5\`: last build is ${rng.int(100, 999)}, downloading its signature\n• Pushing ${rng.int(10, 90)}.${rng.int(1, 9)} MiB (${rng.int(20, 90)} files, 3 dirs, 0 symlinks)\n✓ Added ${rng.int(1, 9)}.${rng.int(1, 9)} MiB fresh data\n✓ ${rng.int(1, 9)}.${rng.int(1, 9)} MiB patch (${rng.int(80, 99)}.${rng.int(1, 9)}% savings)\n• Build is now processing, should be up in a bit.\n\nUse the \`butler status ${needle}\` for more information.`,
                ),
                'Edward',
              ),
            },
            {
              step: one(
                undefined,
                ok(
                  'terminal_run',
                  { cmd: `butler status ${needle}` },
                  `| CHANNEL |  UPLOAD  |  BUILD   | VERSION |\n|---------|----------|----------|---------|\n| html5   | #${rng.int(1000000, 9999999)} | √ #${rng.int(100000, 999999)} | 0.9.4   |`,
                ),
                'Edward',
              ),
            },
          ],
        };
      }),
    ],
  },
};
