/**
 * The voyager harness of the cove family (cove.ts): a Voyager-like lifelong-learning Minecraft agent.
 * Its calls are text: each reply is `Explain:`, `Plan:` and `Code:` with one ```javascript block — an
 * async function taking the bot, written against mineflayer and Voyager's control primitives
 * (`mineBlock`, `craftItem`, `smeltItem`, `placeItem`, `exploreUntil`, `killMob`), then the call that
 * runs it. The harness runs the code on the bot and answers with one user message in Voyager's
 * observation layout: `Code from the last round:`, `Execution error:`, `Chat log:`, `Biome:`, `Time:`,
 * `Nearby blocks:`, `Health:`, `Hunger:`, `Position:`, `Equipment:`, `Inventory (n/36):`, `Chests:`
 * and the critic's `Critique:`; a skill that succeeded is saved to the skill library. The bot plays
 * on a small community server for a Kurmanji-Kurdish-speaking player who gives it tasks.
 * Reconstructed rather than copied: the observation layout and the prompt (from memory of the
 * Voyager paper's prompts), the primitives' chat messages (`I cannot make … because I need: …`,
 * `No … nearby, please explore first`), the way execution errors name the failing line, and the
 * skill-library line, all from memory; mineflayer-pathfinder's `No path to the goal!` and
 * `Took to long to decide path to goal!` are its own messages as remembered.
 */
import type { Rng } from './rng';
import type { FactKind } from './types';
import {
  cap,
  dur,
  fail,
  lines,
  nth,
  ok,
  one,
  say,
  some,
  type CoveCall,
  type CoveHarness,
  type CoveStep,
  type Planter,
} from './cove-kit';

const BIOMES = ['taiga', 'river', 'old_growth_spruce_taiga', 'stony_shore', 'plains'];
const BLOCKS = ['spruce_log', 'grass_block', 'dirt', 'stone', 'water', 'coal_ore', 'gravel', 'fern', 'podzol'];
const MOBS = ['cow', 'sheep', 'zombie', 'skeleton', 'creeper', 'spider', 'chicken'];
const ITEMS = ['spruce_log', 'spruce_planks', 'stick', 'cobblestone', 'coal', 'raw_iron', 'iron_ingot', 'torch'];

/** The observation after running `code` (the harness prepends the code itself). */
function observe(rng: Rng, error: string, chat: string[], critique = 'None'): string {
  const inv = some(rng, ITEMS, rng.int(2, 6));
  const used = inv.length + rng.int(0, 4);
  return [
    `Execution error: ${error || 'No error'}`,
    `Chat log: ${chat.length ? chat.join('\n') : 'None'}`,
    `Biome: ${rng.pick(BIOMES)}`,
    `Time: ${rng.pick(['day', 'noon', 'sunset', 'night', 'sunrise'])}`,
    `Nearby blocks: ${some(rng, BLOCKS, rng.int(4, 7)).join(', ')}`,
    `Nearby entities (nearest to farthest): ${some(rng, MOBS, rng.int(0, 3)).join(', ') || 'None'}`,
    `Health: ${rng.int(8, 20)}.0/20`,
    `Hunger: ${rng.int(6, 20)}.0/20`,
    `Position: x=${dur(rng, 180, 260, 1)}, y=${dur(rng, 58, 72, 1)}, z=${dur(rng, -120, -40, 1)}`,
    `Equipment: [None, None, None, None, '${rng.pick(['stone_pickaxe', 'iron_pickaxe', 'wooden_axe', 'iron_sword'])}', None]`,
    `Inventory (${used}/36): {${inv.map((x) => `'${x}': ${rng.int(1, 48)}`).join(', ')}}`,
    `Chests: ${rng.chance(0.5) ? 'None' : `(214, 64, -85): {'cobblestone': ${rng.int(20, 64)}, 'spruce_log': ${rng.int(4, 30)}}`}`,
    `Critique: ${critique}`,
  ].join('\n');
}

function code(fn: string, body: string): string {
  return `async function ${fn}(bot) {\n${body}\n}\nawait ${fn}(bot);`;
}

/** A round that ran: the code and what came back. */
function runJs(rng: Rng, fn: string, body: string, chat: string[], critique?: string): CoveCall {
  return ok('execute_code', { code: code(fn, body) }, observe(rng, '', chat, critique));
}

/** A round whose code threw. */
function crash(rng: Rng, fn: string, body: string, error: string, chat: string[] = []): CoveCall {
  return fail('execute_code', { code: code(fn, body) }, observe(rng, error, chat, 'None'));
}

const BODIES: readonly [string, string, string[]][] = [
  [
    'mineSpruceLogs',
    '  const logs = bot.findBlocks({ matching: mcData.blocksByName.spruce_log.id, maxDistance: 32, count: 5 });\n  if (logs.length === 0) {\n    await exploreUntil(bot, new Vec3(1, 0, 1), 60, () => bot.findBlock({ matching: mcData.blocksByName.spruce_log.id, maxDistance: 32 }));\n  }\n  await mineBlock(bot, "spruce_log", 5);',
    ['Collect finish!'],
  ],
  [
    'craftStonePickaxe',
    '  await craftItem(bot, "stick", 1);\n  const table = bot.findBlock({ matching: mcData.blocksByName.crafting_table.id, maxDistance: 32 });\n  if (!table) await placeItem(bot, "crafting_table", bot.entity.position.offset(1, 0, 0));\n  await craftItem(bot, "stone_pickaxe", 1);',
    ['I crafted 4 stick', 'I crafted 1 stone_pickaxe'],
  ],
  [
    'smeltRawIron',
    '  const furnacePos = bot.entity.position.offset(1, 0, 1);\n  await placeItem(bot, "furnace", furnacePos);\n  await smeltItem(bot, "raw_iron", "coal", 3);',
    ['Placed furnace', 'Smelted 3 raw_iron.'],
  ],
  [
    'killOneCow',
    '  await killMob(bot, "cow", 300);\n  const drop = bot.nearestEntity((e) => e.name === "item");\n  if (drop) await bot.pathfinder.goto(new GoalBlock(drop.position.x, drop.position.y, drop.position.z));',
    ['Killed cow!'],
  ],
  [
    'placeTorchesAlongPath',
    '  for (let i = 0; i < 6; i++) {\n    await placeItem(bot, "torch", bot.entity.position.offset(i * 4, 0, 0));\n  }',
    ['Placed torch', 'Placed torch', 'Placed torch'],
  ],
];

const FAILS: readonly [string, string, string, string][] = [
  [
    'No path to the goal!',
    'mineIronNearRiver',
    '  await bot.pathfinder.goto(new GoalNear(212, 64, -87, 1));\n  await mineBlock(bot, "iron_ore", 3);',
    'at line 2:await bot.pathfinder.goto(new GoalNear(212, 64, -87, 1)); in your code',
  ],
  [
    'Took to long to decide path to goal!',
    'mineCoalInCave',
    '  await bot.pathfinder.goto(new GoalNear(231, 41, -102, 1));\n  await mineBlock(bot, "coal_ore", 3);',
    'at line 2:await bot.pathfinder.goto(new GoalNear(231, 41, -102, 1)); in your code',
  ],
  [
    "TypeError: Cannot read properties of null (reading 'position')",
    'walkToTable',
    '  const table = bot.findBlock({ matching: mcData.blocksByName.crafting_table.id, maxDistance: 32 });\n  await bot.pathfinder.goto(new GoalBlock(table.position.x, table.position.y, table.position.z));',
    'at line 3:await bot.pathfinder.goto(new GoalBlock(table.position.x, table.position.y, table.position.z)); in your code',
  ],
];

function voyagerNoise(rng: Rng): CoveStep {
  const r = rng.int(0, 5);
  if (r <= 2) {
    const [fn, body, chat] = rng.pick(BODIES);
    return one(
      rng.pick([
        `Explain: the last round went fine.\nPlan:\n1) ${fn.replace(/([A-Z])/g, ' $1').toLowerCase()}.\n2) Check the inventory afterwards.`,
        `Explain: None\nPlan:\n1) Reuse the ${fn} skill from the library.`,
        undefined,
      ]),
      runJs(rng, fn, body, chat),
    );
  }
  if (r === 3) {
    const [err, fn, body, where] = rng.pick(FAILS);
    return one(
      'Explain: the bot has to get there first.\nPlan:\n1) Walk to the spot.\n2) Do the work there.',
      crash(rng, fn, body, `${err}\n${where}`),
    );
  }
  if (r === 4) {
    const n = rng.int(1, 3);
    return one(
      'Explain: the iron pickaxe needs ingots first.\nPlan:\n1) Craft the pickaxe and see what is missing.',
      runJs(
        rng,
        'craftIronPickaxe',
        '  await craftItem(bot, "iron_pickaxe", 1);',
        [`I cannot make iron_pickaxe because I need: ${n} more iron_ingot`],
        `You need ${n} more iron_ingot; smelt raw_iron in a furnace first.`,
      ),
    );
  }
  return one(
    undefined,
    runJs(
      rng,
      'inspectChest',
      '  const chest = bot.findBlock({ matching: mcData.blocksByName.chest.id, maxDistance: 32 });\n  if (!chest) { bot.chat("No chest nearby, please explore first"); return; }\n  await bot.pathfinder.goto(new GoalLookAtBlock(chest.position, bot.world));',
      [rng.chance(0.5) ? 'No chest nearby, please explore first' : 'Reached chest at (214, 64, -85)'],
    ),
  );
}

function voyagerBig(rng: Rng): CoveStep {
  const n = rng.int(520, 600);
  return one(
    'Explain: the build site needs surveying before the base goes up.\nPlan:\n1) Scan the 24x24 area around the river bend and report every surface block.',
    runJs(
      rng,
      'surveyBuildSite',
      '  for (let dx = -12; dx < 12; dx++) for (let dz = -12; dz < 12; dz++) {\n    const b = bot.blockAt(bot.entity.position.offset(dx, -1, dz));\n    bot.chat(`(${b.position.x}, ${b.position.y}, ${b.position.z}) ${b.name}`);\n  }',
      lines(n, (i) => `(${200 + (i % 24)}, ${rng.int(62, 66)}, ${-99 + Math.floor(i / 24)}) ${rng.pick(BLOCKS)}`).split(
        '\n',
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
        const needle = `li kêleka çem xaniyekî ${t} ji textên spruce ava bike`;
        return {
          how: 'user-request',
          needle,
          beats: [
            {
              user: `Silav! Em li ser servera me ya piçûk in (mc.gundewar.net). Ez dixwazim tu ${needle}. Ji kerema xwe her gavê rave bike.`,
            },
            {
              step: one(
                'Explain: None\nPlan:\n1) Collect spruce logs for the planks.\n2) Look at the terrain near the river.',
                runJs(rng, ...(BODIES[0] as [string, string, string[]])),
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
        const needle = `${t}: pireke ji kevir li ser çem çêke`;
        return { how: 'user-followup', needle, beats: [{ user: `Karê din: ${needle}.` }] };
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
            (x) => `${x}: qet TNT bi kar neyne`,
            (x) => `li devera ${x} ji y=-40 kûrtir nekole`,
            (x) => `darên spruce tenê li daristana ${x} bibire, ne li nêzî spawnê`,
          ],
          t,
        );
        return {
          how: 'user-rule',
          needle,
          beats: [{ user: rng.pick([`Qaîdeyek: ${needle}.`, `Ji bîr neke — ${needle}.`, `Girîng e: ${needle}.`]) }],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const T = t.toUpperCase();
        const needle = rng.pick([
          `${T}: no building within 64 blocks of spawn`,
          `${T}: farms must be open to every player, no locked chests`,
          `${T}: lava buckets are banned outside the nether`,
        ]);
        return {
          how: 'tool-file',
          needle,
          beats: [
            {
              step: one(
                'Explain: the server has rules; reading them before building.\nPlan:\n1) Ask the server for its rules.',
                runJs(rng, 'readServerRules', '  bot.chat("/rules");\n  await bot.waitForTicks(40);', [
                  '[Server] Rules of Gundewar:',
                  `[Server] 1. ${needle}`,
                  '[Server] 2. Be kind in chat',
                ]),
              ),
            },
            {
              step: one(
                `Explain: rule ${T} applies to where the base goes.\nPlan:\n1) Keep the base far from spawn.`,
                runJs(rng, ...(BODIES[4] as [string, string, string[]])),
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
            (x) => `I'll put the ${x} base at the river bend, around x=212 z=-87, and not on the hill`,
            (x) => `rather than charcoal, ${x} smelts with the coal from the cave under the base`,
            (x) => `the wheat farm ${x} gets a replanting loop, so it is a reusable skill and not a one-off harvest`,
          ],
          t,
        );
        return {
          how: 'agent-choice',
          needle,
          beats: [
            {
              step: one(
                `Explain: after the survey, ${needle}.\nPlan:\n1) Walk to the site.\n2) Clear the grass.`,
                runJs(rng, 'goToBaseSite', '  await bot.pathfinder.goto(new GoalNear(212, 64, -87, 2));', [
                  'Reached (212, 64, -87)',
                ]),
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
        const needle = `dîwarên ${t} dê ji cobblestone bin, ne ji textan`;
        return {
          how: 'user-choice',
          needle,
          beats: [{ user: rng.pick([`Me biryar da: ${needle}.`, `Werin em wisa bikin: ${needle}.`]) }],
        };
      },
    },
  ],
  file: [
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const fn = `build${cap(t)}Wall`;
        const needle = `skill/code/${fn}.js`;
        return {
          how: 'agent-create',
          needle,
          beats: [
            {
              step: one(
                'Explain: the wall worked by hand; writing it as a skill.\nPlan:\n1) Place a 6-block cobblestone row, 3 high.',
                ok(
                  'execute_code',
                  {
                    code: code(
                      fn,
                      '  const start = bot.entity.position.offset(2, 0, 0);\n  for (let y = 0; y < 3; y++) for (let i = 0; i < 6; i++) {\n    await placeItem(bot, "cobblestone", start.offset(i, y, 0));\n  }',
                    ),
                  },
                  `${observe(rng, '', ['Placed cobblestone', 'Placed cobblestone'], 'None')}\nSkill added to the library: ckpt/${needle}`,
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
        const needle = `ckpt/curriculum/${t}_qa_cache.json`;
        return {
          how: 'agent-edit',
          needle,
          beats: [
            {
              step: one(
                `Explain: the curriculum questions are cached in ${needle}; checking the bot still stands where it should.\nPlan:\n1) Report the position.`,
                runJs(rng, 'reportPosition', '  bot.chat(`pos ${bot.entity.position}`);', ['pos (212.5, 64, -87.3)']),
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
        const needle = `ReferenceError: ${t}Count is not defined`;
        return {
          how: 'tool-runtime',
          needle,
          beats: [
            {
              step: one(
                'Explain: None\nPlan:\n1) Count the planks before crafting the door.',
                crash(
                  rng,
                  'craftSpruceDoor',
                  `  const planks = bot.inventory.count(mcData.itemsByName.spruce_planks.id);\n  if (${t}Count < 6) await craftItem(bot, "spruce_planks", 2);\n  await craftItem(bot, "spruce_door", 1);`,
                  `${needle}\nat line 3:if (${t}Count < 6) await craftItem(bot, "spruce_planks", 2); in your code`,
                ),
              ),
            },
            {
              step: one(
                `Explain: ${t}Count was never declared; the variable is planks.\nPlan:\n1) Use planks.`,
                runJs(rng, 'craftSpruceDoor', '  await craftItem(bot, "spruce_door", 1);', ['I crafted 3 spruce_door']),
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
        const needle = `No block by the name ${t}_ore`;
        return {
          how: 'tool-primitive',
          needle,
          beats: [
            {
              step: one(
                'Explain: the critic wants copper.\nPlan:\n1) Mine the ore the chat called it.',
                crash(
                  rng,
                  'mineCopper',
                  `  await mineBlock(bot, "${t}_ore", 4);`,
                  `Error: ${needle}\nat line 2:await mineBlock(bot, "${t}_ore", 4); in your code`,
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
        const needle = `SyntaxError: Unexpected identifier '${t}'`;
        return {
          how: 'tool-parse',
          needle,
          beats: [
            {
              step: one(
                'Explain: None\nPlan:\n1) Fence the farm.',
                crash(
                  rng,
                  'fenceFarm',
                  `  for (const p of posts) await placeItem(bot, "spruce_fence" ${t}, p);`,
                  `${needle}\n    at new AsyncFunction (<anonymous>)\n    at evaluateCode (voyager/env/mineflayer/index.js:188:22)`,
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
        const needle = `Seed: [-${t}${rng.int(100000000, 999999999)}]`;
        return {
          how: 'tool-output',
          needle,
          beats: [
            {
              step: one(
                'Explain: the world seed helps find the village again.\nPlan:\n1) Ask the server for it.',
                runJs(rng, 'askSeed', '  bot.chat("/seed");\n  await bot.waitForTicks(20);', [`[Server] ${needle}`]),
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
        const needle = `XP total ${t}`;
        return {
          how: 'tool-counter',
          needle,
          beats: [
            {
              step: one(
                undefined,
                runJs(rng, 'reportExperience', '  bot.chat(`XP total ${bot.experience.points}`);', [needle]),
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
        const needle = `KRD-${t}`;
        return {
          how: 'user-paste',
          needle,
          beats: [{ user: `Koda whitelistê ya hevalê min ${needle} e; wê li tabelaya li ber derî binivîse.` }],
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
            (x) => `next round: light the ${x} tunnel with torches every 4 blocks`,
            (x) => `still to do — ${x} has no roof yet`,
            (x) => `gava din: sindoqên ${x} rêz bike`,
          ],
          t,
        );
        return {
          how: 'agent-plan',
          needle,
          beats: [
            {
              step: one(
                `Explain: the walls stand; ${needle}.\nPlan:\n1) Put the spare cobblestone in the chest first.`,
                runJs(
                  rng,
                  'depositCobble',
                  '  await depositItemIntoChest(bot, new Vec3(214, 64, -85), { cobblestone: 32 });',
                  ['Deposited 32 cobblestone'],
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
        const needle = `di dawiyê de kurteyek li ser ${t} bi kurmancî binivîse`;
        return {
          how: 'user-todo',
          needle,
          beats: [
            { user: `Spas. Tiştekî din: ${needle}.` },
            { step: one(undefined, runJs(rng, ...(BODIES[3] as [string, string, string[]]))) },
          ],
        };
      },
    },
  ],
};

/** The voyager harness. */
export const COVE_VOYAGER: CoveHarness = {
  style: 'voyager',
  protocol: 'text',
  system: `You are a helpful assistant that writes Mineflayer javascript code to complete any Minecraft task specified by me.\n\nHere are some useful programs written with Mineflayer APIs: mineBlock(bot, name, count), craftItem(bot, name, count), smeltItem(bot, itemName, fuelName, count), placeItem(bot, name, position), killMob(bot, mobName, timeout), exploreUntil(bot, direction, maxTime, callback), depositItemIntoChest(bot, chestPosition, itemsToDeposit).\n\nAt each round of conversation, I will give you\nCode from the last round: ...\nExecution error: ...\nChat log: ...\nBiome: ...\nTime: ...\nNearby blocks: ...\nNearby entities (nearest to farthest): ...\nHealth: ...\nHunger: ...\nPosition: ...\nEquipment: ...\nInventory (xx/36): ...\nChests: ...\nCritique: ...\n\nYou should then respond to me with\nExplain (if applicable): Are there any steps missing in your plan? Why does the code not complete the task? What does the chat log and execution error imply?\nPlan: How to complete the task step by step.\nCode:\n    1) Write an async function taking the bot as the only argument.\n    2) Reuse the above useful programs as much as possible.\n    3) Call the function at the end.\n\nThe player who gives you tasks writes Kurmanji Kurdish; when a task is done, answer the player in Kurmanji without code.`,
  tools: ['execute_code'],
  renderStep: (s) => {
    const c = s.calls[0] as CoveCall;
    return `${s.say ?? 'Explain: None\nPlan:\n1) Run it.'}\nCode:\n\`\`\`javascript\n${String(c.args['code'])}\n\`\`\``;
  },
  renderResults: (s) => {
    const c = s.calls[0] as CoveCall;
    return `Code from the last round:\n${String(c.args['code'])}\n\n${c.output}`;
  },
  resultStart: /^Code from the last round:/,
  callMark: /^```javascript$/gm,
  resultMark: /^Code from the last round:$/gm,
  noise: voyagerNoise,
  big: voyagerBig,
  followUp: (rng) =>
    rng.pick([
      'Karê te çawa diçe?',
      'Ma ew çêbû?',
      'Dîsa biceribîne.',
      'Te çi guhert?',
      'Baş e, çi maye?',
      'Hîn jî çewtî hene?',
    ]),
  keepGoing: (rng) => rng.pick(['Berdewam bike.', 'Berdewam bike, neseknîne.', 'Berdewam bike heta ku xanî amade be.']),
  answer: (rng) =>
    rng.pick([
      `Temam: kar qediya, ${rng.int(3, 9)} skill di pirtûkxaneyê de ne.`,
      'Done: the task finished and the critic has no complaints.',
      'Min ew çareser kir. Zombiyek hîn li nêzî çem e, lê ne pirsgirêk e.',
      `Bi kurtî: bot ${nth(['xanî', 'pire', 'zevî'], rng.int(0, 2))} temam kir û tiştek winda nebû.`,
    ]),
  probe: (rng) => rng.pick(['Berdewam bike.', 'Ji cihê ku lê sekinî berdewam bike.', 'Niha çi?']),
  planters: PLANTERS,
};
