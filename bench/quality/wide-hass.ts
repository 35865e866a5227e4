/**
 * The hass harness of the wide family (wide.ts): a Home Assistant/ESPHome/Zigbee2MQTT agent whose calls are fenced ```tool JSON blocks
 * answered by `Output of <tool>:` messages, for a Chinese-speaking user.
 */
import type { Rng } from './rng';
import type { FactKind } from './types';
import { buried, clock, fail, lines, ok, one, pad, type Planter, type WideHarness, type WideStep } from './wide-kit';

const HA_ENTITIES = [
  'sensor.living_room_temperature',
  'light.kitchen_ceiling',
  'switch.washer_plug',
  'climate.bedroom',
  'binary_sensor.front_door',
  'sensor.energy_meter_power',
];
const HA_COMPONENTS = ['mqtt', 'zha', 'esphome', 'automation', 'recorder', 'template', 'climate'];

function haLog(rng: Rng): (i: number) => string {
  return (i) =>
    `2024-06-11 ${clock(70000 + i * 7)}.${pad(rng.int(0, 999), 3)} ${rng.pick(['INFO', 'INFO', 'WARNING', 'DEBUG'])} (MainThread) [homeassistant.components.${rng.pick(HA_COMPONENTS)}] ${rng.pick(['Setting up', 'State changed for', 'Reconnected to', 'Updating'])} ${rng.pick(HA_ENTITIES)}`;
}

function esphomeCompile(rng: Rng, node: string): string {
  return `INFO ESPHome 2024.5.5\nINFO Reading configuration /config/esphome/${node}.yaml...\nINFO Generating C++ source...\nINFO Compiling app...\nProcessing ${node} (board: esp32dev; framework: arduino; platform: platformio/espressif32@5.4.0)\n${lines(rng.int(4, 12), () => `Compiling .pioenvs/${node}/src/esphome/components/${rng.pick(['wifi', 'api', 'sensor', 'switch', 'logger', 'ota'])}/${rng.pick(['component', 'automation', 'sensor'])}.cpp.o`)}\nRAM:   [=         ]  ${rng.int(10, 14)}.${rng.int(0, 9)}% (used ${rng.int(30000, 45000)} bytes from 327680 bytes)\nFlash: [=====     ]  ${rng.int(45, 60)}.${rng.int(0, 9)}% (used ${rng.int(800000, 990000)} bytes from 1835008 bytes)\n========================= [SUCCESS] Took ${rng.int(20, 90)}.${pad(rng.int(0, 99))} seconds =========================\nINFO Successfully compiled program.`;
}

function hassNoise(rng: Rng): WideStep {
  const r = rng.int(0, 6);
  if (r === 0)
    return one(
      undefined,
      ok('ha_cli', { args: 'core check' }, 'Processing... Done.\n\nCommand completed successfully.', 0),
    );
  if (r === 1) return one(undefined, ok('ha_cli', { args: 'core logs --lines 30' }, lines(30, haLog(rng)), 0));
  if (r === 2)
    return {
      say: rng.pick(['同时看一下状态和 MQTT 消息。', undefined]),
      calls: [
        ok(
          'get_states',
          { domain: rng.pick(['sensor', 'light', 'switch', 'climate']) },
          lines(
            rng.int(3, 10),
            () =>
              `${rng.pick(HA_ENTITIES)}: ${rng.pick(['on', 'off', '21.4', '19.8', 'heat', '1342.0'])} (last_changed ${clock(rng.int(0, 86399))})`,
          ),
        ),
        ok(
          'mqtt_sub',
          { topic: 'zigbee2mqtt/#', seconds: 5 },
          lines(
            rng.int(2, 9),
            () =>
              `zigbee2mqtt/${rng.pick(['living_room_th', 'hall_motion', 'washer_plug'])} ${JSON.stringify({ linkquality: rng.int(30, 255), battery: rng.int(40, 100), temperature: Number((18 + rng.next() * 6).toFixed(1)) })}`,
          ),
        ),
      ],
    };
  if (r === 3)
    return one(
      undefined,
      ok(
        'read_config',
        { path: '/config/automations.yaml' },
        lines(rng.int(15, 40), (i) =>
          i % 5 === 0
            ? `- id: '${rng.int(1600000000000, 1799999999999)}'\n  alias: ${rng.pick(['Hallway motion light', 'Washer done notify', 'Night mode', 'Heating schedule'])}`
            : `  ${rng.pick(['trigger', 'condition', 'action'])}: []`,
        ),
      ),
    );
  if (r === 4)
    return one(
      undefined,
      ok(
        'ha_cli',
        { args: 'addons' },
        `addons:\n${lines(rng.int(4, 9), () => `- name: ${rng.pick(['Mosquitto broker', 'ESPHome', 'File editor', 'Zigbee2MQTT', 'Samba share', 'Terminal & SSH'])}\n  state: ${rng.pick(['started', 'started', 'stopped'])}\n  version: ${rng.int(1, 13)}.${rng.int(0, 9)}.${rng.int(0, 9)}`)}`,
        0,
      ),
    );
  if (r === 5)
    return one(
      undefined,
      ok(
        'shell',
        { cmd: 'ls /config/esphome' },
        lines(
          rng.int(3, 8),
          () => `${rng.pick(['hall-sensor', 'washer-plug', 'garage-door', 'desk-led', 'secrets'])}.yaml`,
        ),
        0,
      ),
    );
  return one(
    undefined,
    ok('esphome', { action: 'compile', node: 'hall-sensor' }, esphomeCompile(rng, 'hall-sensor'), 0),
  );
}

function hassBig(rng: Rng): WideStep {
  if (rng.chance(0.5))
    return one(
      '把今天的完整日志拉下来看看。',
      ok('ha_cli', { args: 'core logs --lines 400' }, lines(rng.int(260, 400), haLog(rng)), 0),
    );
  return one(
    undefined,
    ok(
      'shell',
      {
        cmd: "sqlite3 /config/home-assistant_v2.db 'select entity_id, state, last_updated from states order by last_updated desc limit 500'",
      },
      lines(
        rng.int(380, 500),
        () =>
          `${rng.pick(HA_ENTITIES)}|${rng.pick(['on', 'off', '21.4', '19.8', 'heat', '1342.0', 'unavailable'])}|2024-06-${pad(rng.int(1, 11))} ${clock(rng.int(0, 86399))}.${pad(rng.int(0, 999999), 6)}`,
      ),
      0,
    ),
  );
}

function hassRender(s: WideStep): string {
  const blocks = s.calls.map((c) => '```tool\n' + JSON.stringify({ name: c.tool, arguments: c.args }) + '\n```');
  return [s.say ?? '', ...blocks].filter(Boolean).join('\n\n');
}

function hassResults(s: WideStep): string {
  return s.calls
    .map((c) => `Output of ${c.tool}:\n${c.output}${c.status === 'error' ? `\n(exit code ${c.exitCode ?? 1})` : ''}`)
    .join('\n\n');
}

const HASS_PLANTERS: Record<FactKind, Planter[]> = {
  goal: [
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `把客厅 ${t} 温控的自动化从 Node-RED 迁移到 Home Assistant 原生自动化`;
        return {
          how: 'user-request',
          needle,
          beats: [
            { user: `你好！我想${needle}，Node-RED 那个插件太占内存了。逻辑不要变：有人在家时 21 度，没人时 17 度。` },
          ],
        };
      },
    },
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `给洗衣机插座 ${t} 加一个洗完衣服就推送通知的自动化`;
        return {
          how: 'user-followup',
          needle,
          beats: [{ user: `还有一件事：请${needle}，功率低于 5 瓦超过三分钟就算洗完。` }],
        };
      },
    },
  ],
  constraint: [
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `晚上十点以后不要重启 ${t} 网关`;
        return { how: 'user-aside', needle, beats: [{ user: `对了，${needle}，孩子的夜灯靠它控制。` }] };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `Never OTA-flash ${t}-* nodes while climate.* is in heat mode`;
        return {
          how: 'tool-file',
          needle,
          beats: [
            {
              step: one(
                '先读一下家里的维护规则。',
                ok(
                  'read_config',
                  { path: '/config/HOUSE_RULES.md' },
                  `# House rules for automations\n\n- ${needle}; the relays fail safe to ON.\n- Keep the recorder purge at 10 days.\n${lines(rng.int(2, 6), () => `- ${rng.pick(['Do not rename', 'Always back up', 'Announce before touching'])} ${rng.pick(['zigbee devices', 'the MQTT broker', 'energy sensors'])}.`)}`,
                ),
              ),
            },
            {
              step: one(
                `规则说明供暖模式下不能给 ${t}-* 刷固件，我先确认一下当前模式。`,
                ok(
                  'get_states',
                  { domain: 'climate' },
                  `climate.bedroom: heat (last_changed ${clock(rng.int(0, 86399))})`,
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
        const needle = `${t} 的传感器改用 MQTT 自动发现，不再手写 YAML`;
        return {
          how: 'agent-choice',
          needle,
          beats: [
            {
              step: one(
                `比较了两种做法后，我决定：${needle}。这样重命名实体时不用改配置。`,
                ok(
                  'mqtt_sub',
                  { topic: 'homeassistant/sensor/+/config', seconds: 3 },
                  'homeassistant/sensor/hall_th/config {"name":"Hall temperature","state_topic":"zigbee2mqtt/hall_th"}',
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
        const needle = `${t} 就用 Zigbee 方案，不用 Wi-Fi 版了`;
        return { how: 'user-choice', needle, beats: [{ user: `我想好了，${needle}，电池能用更久。` }] };
      },
    },
  ],
  file: [
    {
      user: false,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `/config/esphome/${t}-plug.yaml`;
        return {
          how: 'agent-create',
          needle,
          beats: [
            {
              step: one(
                '新建插座的 ESPHome 配置。',
                ok(
                  'write_config',
                  {
                    path: needle,
                    content: `esphome:\n  name: ${t}-plug\nesp32:\n  board: esp32dev\nswitch:\n  - platform: gpio\n    pin: GPIO12\n    id: relay`,
                  },
                  `wrote ${needle} (7 lines)`,
                ),
              ),
            },
            {
              step: one(
                undefined,
                ok(
                  'esphome',
                  { action: 'config', node: `${t}-plug` },
                  'INFO Reading configuration...\nINFO Configuration is valid!',
                  0,
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
        const needle = `/config/packages/${t}_heating.yaml`;
        return {
          how: 'agent-edit',
          needle,
          beats: [
            {
              step: one(
                '把温控逻辑放进 package 文件。',
                ok(
                  'write_config',
                  {
                    path: needle,
                    content:
                      'automation:\n  - alias: Heating presence\n    trigger:\n      - platform: state\n        entity_id: zone.home',
                  },
                  `wrote ${needle} (5 lines)`,
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
        const needle = `Entity ID sensor.${t}_power is an invalid entity ID`;
        const n = rng.chance(0.4) ? 300 : 25;
        const out = buried(
          rng,
          n,
          haLog(rng),
          `2024-06-11 21:${pad(rng.int(0, 59))}:${pad(rng.int(0, 59))}.${pad(rng.int(0, 999), 3)} ERROR (MainThread) [homeassistant.config] Invalid config for 'automation' at packages/washer.yaml, line ${rng.int(3, 40)}: ${needle} for dictionary value 'triggers->0->entity_id', got 'sensor.${t}_power '`,
          `2024-06-11 21:59:59.999 INFO (MainThread) [homeassistant.core] Starting Home Assistant`,
        );
        return {
          how: 'tool-log',
          needle,
          beats: [
            { step: one(undefined, ok('ha_cli', { args: 'core logs --lines 400' }, out, 0)) },
            {
              step: one(
                `实体 ID 末尾多了一个空格。找一下 ${t}_power 的位置。`,
                ok(
                  'shell',
                  { cmd: `grep -rn "${t}_power" /config/packages` },
                  `/config/packages/washer.yaml:${rng.int(3, 40)}:        entity_id: sensor.${t}_power `,
                  0,
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
        const needle = `Couldn't find ID '${t}_relay'`;
        return {
          how: 'tool-build',
          needle,
          beats: [
            {
              step: one(
                undefined,
                fail(
                  'esphome',
                  { action: 'compile', node: 'washer-plug' },
                  `INFO ESPHome 2024.5.5\nINFO Reading configuration /config/esphome/washer-plug.yaml...\nFailed config\n\nbinary_sensor.template: [source /config/esphome/washer-plug.yaml:${rng.int(20, 60)}]\n  platform: template\n  lambda: |-\n    return id(${t}_relay).state;\n  \n  ${needle}. Please check you have defined an ID with that name in your configuration.`,
                  2,
                ),
              ),
            },
            {
              step: one(
                `开关的 id 写成了 relay，不是 ${t}_relay。`,
                ok(
                  'read_config',
                  { path: '/config/esphome/washer-plug.yaml' },
                  'switch:\n  - platform: gpio\n    pin: GPIO12\n    id: relay',
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
      plant: ({ mint }) => {
        const t = mint('hex');
        const needle = `"ieee_address":"0x00124b00${t}"`;
        return {
          how: 'tool-output',
          needle,
          beats: [
            {
              step: one(
                '配对新传感器，记录它的 IEEE 地址。',
                ok(
                  'mqtt_sub',
                  { topic: 'zigbee2mqtt/bridge/event', seconds: 60 },
                  `zigbee2mqtt/bridge/event {"type":"device_interview","data":{"friendly_name":"0x00124b00${t}",${needle},"status":"successful","definition":{"model":"SNZB-02","vendor":"SONOFF"}}}`,
                ),
              ),
            },
            {
              step: one(
                `把 0x00124b00${t} 改名为 bedroom_th。`,
                ok(
                  'mqtt_sub',
                  { topic: 'zigbee2mqtt/bridge/response/device/rename', seconds: 5 },
                  '{"status":"ok","data":{"to":"bedroom_th"}}',
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
        const needle = `MQTT 用户名是 ha_${t}`;
        return {
          how: 'user-paste',
          needle,
          beats: [{ user: `我刚在 Mosquitto 里建了新账号，${needle}，密码在 secrets.yaml 里。` }],
        };
      },
    },
  ],
  pending: [
    {
      user: false,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `给 ${t} 插座刷入新固件并核对功率读数`;
        return {
          how: 'agent-next',
          needle,
          beats: [
            {
              step: one(
                `配置都通过检查了。下一步：${needle}（供暖关闭后再做）。`,
                ok('get_states', { domain: 'climate' }, 'climate.bedroom: heat'),
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
        const needle = `把 ${t} 的能耗面板加到仪表盘上`;
        return {
          how: 'user-todo',
          needle,
          beats: [
            { user: `不错！最后还要${needle}，我老婆想看每天用了多少电。` },
            {
              step: one(
                `好的，${t} 的能耗面板还没做。`,
                ok(
                  'read_config',
                  { path: '/config/.storage/lovelace' },
                  '{"version":1,"data":{"config":{"views":[{"title":"Home"}]}}}',
                ),
              ),
            },
          ],
        };
      },
    },
  ],
};

const HASS: WideHarness = {
  style: 'hass',
  protocol: 'text',
  system:
    'You are HomeOps, an agent that maintains a Home Assistant OS installation (config in /config, ESPHome and Mosquitto add-ons, Zigbee2MQTT).\nTools: ha_cli, get_states, read_config, write_config, esphome, mqtt_sub, shell.\nTo call a tool, write a fenced block:\n```tool\n{"name": "<tool>", "arguments": {...}}\n```\nYou may write several blocks in one message. Results come back as "Output of <tool>:" messages, in the same order. Run `ha core check` before any restart. Answer in the user\'s language.',
  tools: ['ha_cli', 'get_states', 'read_config', 'write_config', 'esphome', 'mqtt_sub', 'shell'],
  callId: () => '',
  renderStep: hassRender,
  renderResults: hassResults,
  resultPrefix: 'Output of ',
  noise: hassNoise,
  big: hassBig,
  followUp: (rng) =>
    rng.pick([
      '现在配置检查能通过吗？',
      '卧室温度传感器好像不更新了，看一下？',
      '日志里还有报错吗？',
      '好的，继续下一个吧',
      '能解释一下这个自动化是怎么触发的吗？',
      '顺便看看 Zigbee 信号强度',
    ]),
  keepGoing: (rng) => rng.pick(['继续。', '继续吧，做完告诉我', '接着做']),
  answer: (rng) =>
    rng.pick([
      '这一步完成了：配置检查通过，没有新的报错。',
      '已经重新加载自动化，状态正常。',
      '总结：改了两个 package 文件，ESPHome 编译成功。',
      '搞定，日志里没有警告。',
    ]),
  probe: (rng) => rng.pick(['继续吧。', '好的，接着做剩下的。', '请继续']),
  planters: HASS_PLANTERS,
};

/** The hass harness. */
export const WIDE_HASS: WideHarness = HASS;
