/**
 * The openhands harness of the apart family (apart.ts): an OpenHands-like CodeAct agent calling
 * `execute_bash`, `str_replace_editor` and `think` as native tools (Claude on Bedrock ids, parallel
 * calls), its runtime appending the exit code and working directory to every command's output. A ROS 2
 * Humble workspace built with colcon (ament_cmake and ament_python packages, launch files, gtest
 * results), for a Danish-speaking user.
 */
import type { Rng } from './rng';
import type { FactKind } from './types';
import {
  buried,
  chars,
  fail,
  hex,
  lines,
  ok,
  one,
  pad,
  type ApartHarness,
  type Planter,
  type WideCall,
  type WideStep,
} from './apart-kit';

const WS = '/workspace/agv_ws';
const PKGS = ['agv_msgs', 'agv_nav_bridge', 'agv_safety', 'agv_bringup', 'agv_teleop'];
const SRC = [
  ...['src/agv_nav_bridge/src/bridge_node.cpp', 'src/agv_safety/src/speed_limiter.cpp'],
  ...[
    'src/agv_bringup/launch/agv.launch.py',
    'src/agv_teleop/agv_teleop/joy_mapper.py',
    'src/agv_safety/config/limits.yaml',
  ],
];

function bash(command: string, output: string, exitCode = 0): WideCall {
  return exitCode === 0
    ? ok('execute_bash', { command }, output, 0)
    : fail('execute_bash', { command }, output, exitCode);
}

function view(path: string, body: string): WideCall {
  const text = body
    .split('\n')
    .map((l, i) => `${String(i + 1).padStart(6)}\t${l}`)
    .join('\n');
  return ok(
    'str_replace_editor',
    { command: 'view', path: `${WS}/${path}` },
    `Here's the result of running \`cat -n\` on ${WS}/${path}:\n${text}\n`,
  );
}

function colconOk(rng: Rng, pkgs = PKGS): string {
  return `${pkgs.map((p) => `Starting >>> ${p}\nFinished <<< ${p} [${rng.int(1, 40)}.${rng.int(10, 99)}s]`).join('\n')}\n\nSummary: ${pkgs.length} packages finished [${rng.int(20, 90)}.${rng.int(1, 9)}s]`;
}

function cpp(rng: Rng, n: number): string {
  return lines(n, (i) =>
    rng.pick([
      `  sub_${i}_ = create_subscription<geometry_msgs::msg::Twist>("cmd_vel_in", rclcpp::QoS(10), std::bind(&BridgeNode::on_twist, this, _1));`,
      `  declare_parameter<double>("max_linear", ${rng.int(1, 9)}.${rng.int(0, 9)});`,
      `  RCLCPP_INFO(get_logger(), "bridge up (%zu subscribers)", count_subscribers("cmd_vel"));`,
      `  timer_ = create_wall_timer(${rng.pick(['50ms', '100ms', '20ms'])}, [this] { publish_state(); });`,
      '}',
      '',
      `#include <rclcpp/rclcpp.hpp>`,
      `// ${rng.pick(['TODO: diagnostics', 'REP-103 frames', 'see README'])}`,
    ]),
  );
}

/** A plausible body for a workspace file, by its extension. */
function body(rng: Rng, path: string, n: number): string {
  if (path.endsWith('.py'))
    return lines(n, (i) =>
      rng.pick([
        `        self.declare_parameter('deadzone_${i}', 0.${rng.int(1, 20)})`,
        `        self.pub = self.create_publisher(Twist, 'cmd_vel_in', 10)`,
        `    def on_joy(self, msg: Joy) -> None:`,
        `        twist.linear.x = msg.axes[${rng.int(0, 4)}] * self.scale`,
        `from geometry_msgs.msg import Twist`,
        '',
      ]),
    );
  if (path.endsWith('.yaml'))
    return `speed_limiter:\n  ros__parameters:\n${lines(n, (i) => `    ${rng.pick(['zone', 'ramp', 'decel', 'stop'])}_${i}: ${rng.int(0, 3)}.${rng.int(0, 9)}`)}`;
  return cpp(rng, n);
}

function topicEcho(rng: Rng, n: number): string {
  return lines(
    n,
    () =>
      `linear:\n  x: ${rng.int(0, 1)}.${rng.int(0, 99)}\n  y: 0.0\n  z: 0.0\nangular:\n  x: 0.0\n  y: 0.0\n  z: ${rng.pick(['', '-'])}0.${rng.int(0, 99)}\n---`,
  );
}

function ohNoise(rng: Rng): WideStep {
  const r = rng.int(0, 6);
  if (r === 0) return one(undefined, bash('cd /workspace/agv_ws && colcon build --symlink-install', colconOk(rng)));
  if (r === 1) {
    const [a, b] = rng.sample(SRC, 2) as [string, string];
    return {
      say: rng.pick(['Jeg kigger på begge filer på én gang.', undefined]),
      calls: [view(a, body(rng, a, rng.int(10, 30))), view(b, body(rng, b, rng.int(10, 30)))],
    };
  }
  if (r === 2)
    return one(
      undefined,
      bash(
        'ros2 topic list',
        ['/cmd_vel', '/cmd_vel_in', '/odom', '/diagnostics', '/parameter_events', '/rosout', '/tf', '/scan'].join('\n'),
      ),
    );
  if (r === 3) return one(undefined, bash('timeout 3 ros2 topic echo /cmd_vel --once', topicEcho(rng, 1)));
  if (r === 4)
    return one(
      undefined,
      ok(
        'think',
        {
          thought: `The ${rng.pick(PKGS)} package only depends on rclcpp and geometry_msgs; building it alone with --packages-select is faster.`,
        },
        'Your thought has been logged.',
      ),
    );
  if (r === 5)
    return one(
      undefined,
      bash(
        `cd ${WS} && colcon test --packages-select ${rng.pick(PKGS)} && colcon test-result --all`,
        `Summary: ${rng.int(10, 80)} tests, 0 errors, 0 failures, ${rng.int(0, 3)} skipped`,
      ),
    );
  return one(
    undefined,
    bash(
      'git status --short',
      lines(rng.int(1, 4), () => ` M ${rng.pick(SRC)}`),
    ),
  );
}

function ohBig(rng: Rng): WideStep {
  if (rng.chance(0.5))
    return one(
      'Jeg optager 400 beskeder fra /cmd_vel for at se profilen.',
      bash('timeout 20 ros2 topic echo /cmd_vel', topicEcho(rng, rng.int(160, 260)), 124),
    );
  return one(
    undefined,
    bash(
      `cd ${WS} && colcon build --event-handlers console_direct+`,
      lines(
        rng.int(200, 320),
        (i) =>
          `[${pad(rng.int(1, 99), 3)}%] Building CXX object CMakeFiles/bridge_node.dir/src/${rng.pick(['bridge_node', 'state_pub', 'diag'])}_${i}.cpp.o`,
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
        const needle = `få ${t}_bridge til at publicere /cmd_vel med 20 Hz i stedet for 10 Hz`;
        return {
          how: 'user-request',
          needle,
          beats: [
            {
              user: `Hej! Workspacet ligger i /workspace/agv_ws (ROS 2 Humble). Opgaven er at ${needle}, og hastighedsgrænserne i agv_safety skal stadig virke. Byg med colcon.`,
            },
          ],
        };
      },
    },
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `tilføje en ${t}_watchdog der stopper robotten efter 500 ms uden joystick-input`;
        return {
          how: 'user-followup',
          needle,
          beats: [{ user: `Én ting mere: kan du ${needle}? Det var et krav fra sikkerhedsgennemgangen.` }],
        };
      },
    },
  ],
  constraint: [
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `du må ikke røre ved ${t}_msgs, beskedformatet er frosset`;
        return {
          how: 'user-rule',
          needle,
          beats: [{ user: `Husk: ${needle} fordi PLC'en på gulvet læser det direkte.` }],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `# SAFETY(${t}): max_linear must never exceed 1.2 m/s, certified value`;
        return {
          how: 'tool-comment',
          needle,
          beats: [
            {
              step: one(
                undefined,
                view(
                  'src/agv_safety/config/limits.yaml',
                  `speed_limiter:\n  ros__parameters:\n    ${needle}\n    max_linear: 1.2\n    max_angular: ${rng.int(1, 2)}.${rng.int(0, 9)}\n    zone_file: zones_${rng.int(1, 5)}.yaml`,
                ),
              ),
            },
            {
              step: one(
                undefined,
                ok(
                  'think',
                  {
                    thought: `Raising the publish rate must not touch max_linear; the ${t} comment says 1.2 m/s is certified, so only the timer period changes.`,
                  },
                  'Your thought has been logged.',
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
        const needle = `I'll move ${t} onto a MultiThreadedExecutor with a separate callback group for the timer`;
        return {
          how: 'agent-choice',
          needle,
          beats: [
            {
              step: one(
                `${needle}, so a slow /scan callback cannot delay the 20 Hz publish.`,
                view(
                  'src/agv_nav_bridge/src/main.cpp',
                  `int main(int argc, char ** argv) {\n  rclcpp::init(argc, argv);\n  auto node = std::make_shared<agv::${t}>();\n  rclcpp::spin(node);\n}`,
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
        const needle = `brug QoS best_effort på ${t}_scan`;
        return {
          how: 'user-choice',
          needle,
          beats: [{ user: `Vi har talt om det i teamet: ${needle}, lidaren taber alligevel pakker.` }],
        };
      },
    },
  ],
  file: [
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `src/agv_safety/test/test_${t}.cpp`;
        return {
          how: 'agent-create',
          needle,
          beats: [
            {
              step: one(
                undefined,
                ok(
                  'str_replace_editor',
                  {
                    command: 'create',
                    path: `${WS}/${needle}`,
                    file_text: `#include <gtest/gtest.h>\n#include "agv_safety/speed_limiter.hpp"\n\nTEST(${t}, ClampsLinear) {\n  agv::SpeedLimiter l(1.2, ${rng.int(1, 2)}.0);\n  EXPECT_DOUBLE_EQ(l.clamp_linear(3.0), 1.2);\n}\n`,
                  },
                  `File created successfully at: ${WS}/${needle}`,
                ),
              ),
            },
            {
              step: one(
                undefined,
                bash(
                  `cd ${WS} && colcon build --packages-select agv_safety && colcon test --packages-select agv_safety --ctest-args -R ${t}`,
                  `Starting >>> agv_safety\nFinished <<< agv_safety [${rng.int(5, 30)}.${rng.int(10, 99)}s]\n\nSummary: 1 package finished`,
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
        const needle = `src/agv_bringup/launch/${t}.launch.py`;
        return {
          how: 'agent-edit',
          needle,
          beats: [
            {
              step: one(
                undefined,
                ok(
                  'str_replace_editor',
                  {
                    command: 'str_replace',
                    path: `${WS}/${needle}`,
                    old_str: "parameters=[{'rate_hz': 10.0}]",
                    new_str: "parameters=[{'rate_hz': 20.0}]",
                  },
                  `The file ${WS}/${needle} has been edited. Here's the result of running \`cat -n\` on a snippet of ${WS}/${needle}:\n    14\t        Node(package='agv_nav_bridge', executable='bridge_node',\n    15\t             parameters=[{'rate_hz': 20.0}]),\nReview the changes and make sure they are as expected. Edit the file again if necessary.`,
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
        const line = rng.int(40, 200);
        const needle = `src/agv_nav_bridge/src/${t}.cpp:${line}:${rng.int(5, 30)}: error: no matching function for call to ‘create_wall_timer’`;
        const warn = (i: number) =>
          `${WS}/src/agv_nav_bridge/src/diag.cpp:${10 + i}:${rng.int(3, 20)}: warning: unused parameter ‘${rng.pick(['msg', 'req', 'stat'])}’ [-Wunused-parameter]`;
        const out = buried(
          rng,
          rng.chance(0.4) ? 100 : 4,
          warn,
          `${WS}/${needle}\n  ${line} |   timer_ = create_wall_timer(period_, std::bind(&BridgeNode::publish_state, this), cb_group_, false);\n      |            ~~~~~~~~~~~~~~~~~^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~\ngmake[2]: *** [CMakeFiles/bridge_node.dir/build.make:76: CMakeFiles/bridge_node.dir/src/${t}.cpp.o] Error 1\ngmake[1]: *** [CMakeFiles/Makefile2:137: CMakeFiles/bridge_node.dir/all] Error 2\ngmake: *** [Makefile:146: all] Error 2\n---`,
          `Failed   <<< agv_nav_bridge [${rng.int(8, 40)}.${rng.int(10, 99)}s, exited with code 2]\nAborted  <<< agv_safety [${rng.int(1, 9)}.${rng.int(10, 99)}s]\n\nSummary: 2 packages finished [${rng.int(20, 60)}.${rng.int(1, 9)}s]\n  1 package failed: agv_nav_bridge\n  1 package aborted: agv_safety\n  2 packages had stderr output: agv_nav_bridge agv_safety\n  1 package not processed`,
        );
        return {
          how: 'tool-colcon',
          needle,
          beats: [
            {
              step: one(
                undefined,
                bash(
                  `cd ${WS} && colcon build --symlink-install`,
                  `Starting >>> agv_msgs\nFinished <<< agv_msgs [${rng.int(3, 9)}.${rng.int(10, 99)}s]\nStarting >>> agv_nav_bridge\n--- stderr: agv_nav_bridge\n${out}`,
                  2,
                ),
              ),
            },
            {
              step: one(
                `Humble's create_wall_timer takes no fourth argument; ${t}.cpp was written against Jazzy.`,
                bash(
                  `grep -n create_wall_timer ${WS}/src/agv_nav_bridge/src/${t}.cpp`,
                  `${line}:  timer_ = create_wall_timer(period_, std::bind(&BridgeNode::publish_state, this), cb_group_, false);`,
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
        const needle = `executable '${t}_node' not found on the libexec directory '${WS}/install/agv_teleop/lib/agv_teleop'`;
        return {
          how: 'tool-launch',
          needle,
          beats: [
            {
              step: one(
                undefined,
                bash(
                  'timeout 10 ros2 launch agv_bringup agv.launch.py use_sim:=true',
                  `[INFO] [launch]: All log files can be found below /root/.ros/log/2024-0${rng.int(1, 9)}-1${rng.int(0, 9)}-10-${pad(rng.int(0, 59))}-${pad(rng.int(0, 59))}-${rng.int(100000, 999999)}-agv-${rng.int(1000, 9999)}\n[INFO] [launch]: Default logging verbosity is set to INFO\n[ERROR] [launch]: Caught exception in launch (see debug for traceback): ${needle}`,
                  1,
                ),
              ),
            },
            {
              step: one(
                `The ${t}_node entry point is missing from setup.py console_scripts.`,
                view(
                  'src/agv_teleop/setup.py',
                  `entry_points={\n    'console_scripts': [\n        'joy_mapper = agv_teleop.joy_mapper:main',\n    ],\n},`,
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
        const needle = `ROS_DOMAIN_ID=${rng.int(11, 99)} (fleet ${t})`;
        return {
          how: 'tool-output',
          needle,
          beats: [
            {
              step: {
                say: 'Jeg tjekker miljøet og parametrene samtidig.',
                calls: [
                  bash(
                    'cat /etc/agv/fleet.env',
                    `# generated by provisioning ${hex(rng, 6)}\n${needle}\nRMW_IMPLEMENTATION=rmw_cyclonedds_cpp\nCYCLONEDDS_URI=file:///etc/agv/cyclone.xml`,
                  ),
                  bash('ros2 param get /bridge_node rate_hz', 'Double value is: 10.0'),
                ],
              },
            },
            {
              step: one(
                `Fleet ${t} uses its own domain, so the simulation must run on another.`,
                bash('echo $ROS_DOMAIN_ID', '0'),
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
        const needle = `serienummer ${t}`;
        return {
          how: 'user-paste',
          needle,
          beats: [{ user: `Testrobotten har ${needle}, skriv det i diagnostics-hardware_id.` }],
        };
      },
    },
  ],
  pending: [
    {
      user: false,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `Next: record a rosbag of ${t} at 20 Hz and check the jitter`;
        return {
          how: 'agent-next',
          needle,
          beats: [
            {
              step: one(
                `Build and tests are green. ${needle}.`,
                bash('ros2 bag list 2>/dev/null | tail -n 2', 'ros2 bag: error: argument: invalid choice', 2),
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
        const needle = `opdatere ${t}-dokumentationen i README`;
        return {
          how: 'user-todo',
          needle,
          beats: [
            { user: `Godt gået. Inden du stopper, så husk at ${needle}.` },
            {
              step: one(
                `Noteret — ${t} mangler i README.`,
                view('README.md', '# agv_ws\n\nBuild: colcon build --symlink-install\n'),
              ),
            },
          ],
        };
      },
    },
  ],
};

/** The openhands harness. */
export const APART_OPENHANDS: ApartHarness = {
  style: 'openhands',
  protocol: 'native',
  system:
    "You are OpenHands agent, a helpful AI assistant that can interact with a computer to solve tasks.\n\n<ROLE>\nYour primary role is to assist users by executing commands, modifying code, and solving technical problems effectively. You should be thorough, methodical, and prioritize quality over speed.\n</ROLE>\n\n<EFFICIENCY>\n* Each action you take is somewhat expensive. Wherever possible, combine multiple actions into a single action.\n</EFFICIENCY>\n\n<FILE_SYSTEM_GUIDELINES>\n* When a user provides a file path, do NOT assume it's relative to the current working directory.\n* If asked to edit a file, edit the file directly, rather than creating a new file with a different filename.\n</FILE_SYSTEM_GUIDELINES>\n\nThe workspace is a ROS 2 Humble colcon workspace at /workspace/agv_ws; source /opt/ros/humble/setup.bash is done. The user writes Danish; answer in Danish.",
  tools: ['execute_bash', 'str_replace_editor', 'think', 'finish'],
  callId: (rng) => `toolu_bdrk_01${chars(rng, 22)}`,
  wrap: (c) =>
    c.tool === 'execute_bash'
      ? `${c.output}\n[The command completed with exit code ${c.exitCode ?? 0}.]\n[Current working directory: ${WS}]\n[Python interpreter: /usr/bin/python3]`
      : c.output,
  noise: ohNoise,
  big: ohBig,
  followUp: (rng) =>
    rng.pick([
      'Hvordan går det med buildet?',
      'Kører testene stadig grønt?',
      'Kan du vise mig diff’en?',
      'ok, og hvad med launch-filen?',
      'Hvad er næste skridt?',
    ]),
  keepGoing: (rng) => rng.pick(['Fortsæt.', 'Bare fortsæt', 'Fortsæt til alt bygger.']),
  answer: (rng) =>
    rng.pick([
      'Færdig med dette trin: colcon build og colcon test er grønne.',
      'Ændringen er lavet og testet i simulatoren.',
      'Alle pakker bygger uden fejl nu.',
      'Opsummering: launch-filen er opdateret, og noden starter korrekt.',
    ]),
  probe: (rng) => rng.pick(['Fortsæt hvor du slap.', 'Kør videre.', 'Hvad så nu?']),
  planters: PLANTERS,
};
