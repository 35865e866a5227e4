/**
 * The compaction-quality benchmark (`npm run bench:quality`): generates the transcripts,
 * runs every method on each at 50%, 20% and 10% of its raw tokens, prints the table, then
 * runs transcripts through the real workflow against the fake OpenAI server
 * (workflow-run.ts) and prints what the model received there.
 *
 *   npm run bench:quality -- [--quick] [--transcripts N] [--seed S] [--budgets 0.5,0.2,0.1]
 *                            [--methods substring,...] [--no-workflow] [--json out.json]
 *                            [--dune | --shoal | --sill | --cove | --knoll | --tarn | --mesa | --lode | --cusp | --brink | --fringe | --verge | --rim | --vast | --edge | --apart | --hard | --blind | --wild | --field | --fresh | --novel | --far | --dist | --outer | --wide | --stray | --deep]
 *
 * `--hard` uses the harder transcript family (hard.ts: needles in the session's common words,
 * reversed decisions, facts mid-message) instead of generator.ts's, and also prints retention
 * per fact style and what each method kept of reversed decisions. `--blind` uses the third
 * family (blind.ts: written apart from the other two and from the summarizers, imitating
 * several agent harnesses) and also prints retention per fact style. `--wild` uses the fourth,
 * held-out family (wild.ts: harnesses none of the others imitate — Cline/Roo, SWE-agent, Gemini
 * CLI, Goose, Cursor — and failure logs of many ecosystems), also with retention per fact style.
 * `--field` uses the fifth, held-out family (field.ts: smolagents CodeAct, OpenCode, Copilot agent
 * mode, Zed, and agents that do not work on a code repository — on-call SRE, data analytics,
 * Playwright browser QA), also with retention per fact style. `--fresh` uses the sixth, held-out
 * family (fresh.ts: an AutoGen group chat, a LangGraph ReAct research agent, an OpenAI Agents SDK
 * agent, Kiro's spec workflow, a mobile release agent, a security remediation agent, a support/CRM
 * agent, an Ansible/Terraform/Pulumi agent; failures of 17 ecosystems), also per fact style. `--novel`
 * uses the seventh, held-out family (novel.ts: a planner with shell, browser and editor, an IDE
 * assistant with pasted context, a ReAct contract-review crew, a notebook agent, a database-migration
 * agent, an embedded-firmware agent, a game build agent, a Kubernetes deploy agent, an ML training
 * agent; failures of about thirty ecosystems), also per fact style. `--far` uses the eighth, held-out
 * family (far.ts: mini-swe-agent, a CI-triage bot, a dbt/Airflow/Spark agent, an Android build agent,
 * a local model speaking Hermes tags on C++/CMake, contract drafting, a Spanish-speaking spreadsheet
 * user, e-mail/ticket triage, a German-speaking Laravel user), also per fact style. `--dist` uses the ninth,
 * held-out family (dist.ts: pentest, bioinformatics, Rails, MCP Phoenix, BigQuery, iOS, Nomad and ML-eval agents), also per fact style.
 * `--outer` uses the tenth, held-out family (outer.ts: AutoGPT on Perl, Open Interpreter on LaTeX with an Italian-speaking
 * user, Semantic Kernel on Windows Server with a Polish-speaking user, Letta on Salesforce with a Korean-speaking user,
 * Amazon Q Developer CLI on Flutter, Mistral Vibe on SaltStack, Pydantic AI on Foundry and BeeAI on z/OS COBOL), also per fact style.
 * `--wide` uses the eleventh, held-out family (wide.ts: Swarm hand-offs on OCaml, an `<execute>` HPC agent on Fortran/Slurm, a Kubernetes/Argo CD agent with a Turkish-speaking user, Continue.dev on Bazel with a Dutch-speaking user, a Home Assistant agent with a Chinese-speaking user, and an Amp-like agent on Unity), also per fact style.
 * `--stray` uses the twelfth, held-out family (stray.ts: Qwen-Agent `✿FUNCTION✿` text calls on Haskell with a Russian-speaking user, Mistral `[TOOL_CALLS]`/`[TOOL_RESULTS]` on NixOS with a Swedish-speaking user, legacy Anthropic `<function_calls>` on an FPGA project with a Czech-speaking user, a Devin-like planner on Scala/sbt, a MetaGPT-like team on Godot with a Ukrainian-speaking user, a PostgreSQL DBA agent with an Indonesian-speaking user, and a Jules-like PR agent on Julia with a Vietnamese-speaking user), also per fact style.
 * `--deep` uses the thirteenth, held-out family (deep.ts: a LangChain structured-chat agent (`Action:` + a ```json {action, action_input}``` blob answered by `Observation:`) on Erlang/rebar3 with a Greek-speaking user, Cohere Command R `Action: ```json [{tool_name, parameters}]``` ` calls answered by `<results>` documents on WooCommerce/WP-CLI with a Hindi-speaking user, DeepSeek `<｜tool▁calls▁begin｜>` markers on React Native/Expo/EAS with an Arabic-speaking user, a Google ADK team with `transfer_to_agent` hand-offs on Unreal Engine C++, a Refact.ai-like agent on Clojure/Leiningen with a Finnish-speaking user, and an SAP ABAP agent with a Hungarian-speaking user), also per fact style.
 * `--apart` uses the fourteenth, held-out family (apart.ts: Aider SEARCH/REPLACE blocks with `/run` output pasted back on Zig with a Hebrew-speaking user, Gemma ```tool_code```/```tool_outputs``` on Lean 4/lake with a Thai-speaking user, a DSPy ReAct program (`next_tool_name` answered by `observation_N`) on an R package bound for CRAN, an OpenHands CodeAct agent on a ROS 2/colcon workspace with a Danish-speaking user, a Codex-CLI-like agent (`shell` argv, `apply_patch`, `update_plan`) on F#/.NET, and InternLM `<|action_start|><|plugin|>` actions on a Yocto/BitBake layer with a Romanian-speaking user), also per fact style.
 * `--edge` uses the fifteenth, held-out family (edge.ts: Llama 3.x `<|python_tag|>` calls answered by `ipython` headers on Nim/nimble with a Japanese-speaking user, Kimi-K2-like `<|tool_calls_section_begin|>` sections answered by `## Return of functions.Name:i` on Ada/SPARK (Alire, gnatprove) with a French-speaking user, Granite `<|tool_call|>[…]` lists answered by `tool_response` roles on Symfony/Composer with a Brazilian-Portuguese-speaking user, Functionary-v2 `<|from|>`/`<|recipient|>` blocks on Crystal/Kemal with a Persian-speaking user, a Claude-Code-like agent (`Bash`, `Read`, `Edit`, `TodoWrite`) on Elm with a Norwegian-speaking user, and a Windsurf-Cascade-like IDE agent (PascalCase `run_command`, `view_file`, `create_memory`) on Gleam), also per fact style.
 * `--vast` uses the sixteenth, held-out family (vast.ts: a Magentic-One-like team (Orchestrator ledger, `Orchestrator (-> Coder):` ```sh hand-offs answered by `ComputerTerminal:` "The script ran, then exited with an error (POSIX exit code: 1)", `FileSurfer:` viewports) on a Racket package with a Bulgarian-speaking user, a ToolACE-like model writing bare Python-style call lists `[run_shell(command="…")]` answered by `<<function results>>` sections on a C11/Meson/Ninja library with a Slovak-speaking user, a TaskWeaver-like Planner and CodeInterpreter (`{"response": {"thought", "reply_type": "python", "reply_content"}}` answered by "The execution of the generated python code above has succeeded") calling MATLAB/Simulink plugins with a Tamil-speaking user, a LlamaIndex FunctionAgent (native `FunctionTool`s and a `QueryEngineTool`) on Hardhat/Solidity with a Catalan-speaking user, a Sourcegraph-Cody-like agent (Sourcegraph query syntax, context-item file views) on Deno/Fresh, and a Rovo-Dev-like Atlassian agent (`open_files`, `find_and_replace_code`, `getJiraIssue`, `getConfluencePage`) on Azure Bicep with a Swahili-speaking user), also per fact style.
 * `--rim` uses the seventeenth, held-out family (rim.ts: a bolt.new-like web builder (`<boltArtifact>` with `<boltAction type="shell">`/`type="file"` actions, the terminal returned in a `<bolt_action_results>` user message) on a SvelteKit/Vite/pnpm app with a Bengali-speaking user, an AutoCodeRover-like agent (text search API calls `search_class("lexer")`, `search_method_in_file(…)`, `# modification N` patches, answered by `Result of …:` sections) on a Common Lisp library (SBCL, ASDF, Quicklisp, FiveAM) with a Serbian-speaking user, a NexusRaven-like model (`Call: f(a='x'); g(b=1)<bot_end>` then `Thought:`, parsed into native calls answered by plain function returns) on a Lua Neovim plugin (busted, luacheck) with a Tagalog-speaking user, a WebArena-like browser agent (accessibility trees, "In summary, the next action I will perform is ```click [1234]```", `stop [answer]`) doing month-end accounting in an Odoo ERP with a Lithuanian-speaking accountant, a Warp-terminal-like agent (native `run_command` answered by `<block … exit_code=…>`, `read_files`, `edit_files` search/replace diffs) on a D project (dub, unittest blocks, `core.exception.AssertError@…`) with a Georgian-speaking user, and an xLAM-like model (one JSON object `{"thought", "tool_calls"}` answered by a `{"tool_results": […]}` user message) on a Lazarus/Free Pascal app (lazbuild, fpcunit) with a Malay-speaking user), also per fact style.
 * `--verge` uses the eighteenth, held-out family (verge.ts: a GLM-4.5-like model (`<tool_call>name` with `<arg_key>`/`<arg_value>` pairs, one call a message, answered by an `<|observation|>` user message of `<tool_response>` blocks) on an SWI-Prolog exam timetabler (clpfd, plunit, a pack) with a Kazakh-speaking user, a gptme-like terminal agent (```shell, ```save, ```patch and ```append blocks run as written, answered by `<system>` messages "Ran command: …" with ```stdout/```stderr and "Return code: N") on a Tcl/Tk app (tclsh, tcltest's `all.tcl: Total … Failed …`, `errorInfo` traces) with a Welsh-speaking user, an AgentScope-like ReAct agent (```json `{"thought", "speak", "function": […]}` answered by "Execution Results:" with `[EXECUTE STATUS]`/`[EXECUTE RESULT]` entries) working a water-testing laboratory's LIMS (samples, worksheets, instrument runs, QC, calibrations, SOPs) with an Estonian-speaking lab manager, a CrewAI-like crew lead (native calls to its own tools and to `delegate_work_to_coworker`/`ask_question_to_coworker`, CrewAI's task prompt, the human's feedback as user turns) on a Jenkins shared library in Groovy (Maven, JenkinsPipelineUnit, console logs, CPS and compilation errors) with a Slovenian-speaking user, an Anthropic computer-use-like agent (native `computer` screenshots and clicks, `str_replace_based_edit_tool`, `bash`, parallel calls) in a Pharo 12 image kept as Tonel sources (Metacello, SUnit from the command line, debugger stacks) with an Icelandic-speaking user, and a MiniMax-M2-like agent (`<think>` blocks kept in the content, native parallel `bash`/`read_file`/`edit_file`/`record_note` calls) on a Sui Move package (`sui move build`/`test`, the Move compiler's diagnostics, `sui client` output) with an Armenian-speaking user), also per fact style.
 * `--fringe` uses the nineteenth, held-out family (fringe.ts: a gpt-oss-like model speaking the Harmony format as text (`<|channel|>analysis<|message|>…<|end|>` reasoning, then one `<|start|>assistant<|channel|>commentary to=functions.run <|constrain|>json<|message|>{…}<|call|>` a message, answered by a `<|start|>functions.run to=assistant<|channel|>commentary<|message|>…<|end|>` user message, answers on the final channel) on ESP32 greenhouse firmware with PlatformIO (gcc and ld errors, Unity's `test_main.cpp:42:test_x:FAIL: Expected 5 Was 4`, esptool.py, serial logs, a Guru Meditation panic with its decoded backtrace) with a Latvian-speaking user, a Cohere Command-A-like model (`<|START_THINKING|>`, several calls in one `<|START_ACTION|>[{"tool_call_id", "tool_name", "parameters"}, …]` answered by one `<|START_TOOL_RESULT|>[{"tool_call_id", "results", "is_error"}, …]` message, `<|START_RESPONSE|>`) on a Coq/dune red-black-tree development (coqc's `File "./theories/X.v", line …` + `Error:` blocks, `Unable to unify`, opam conflicts, coqtop queries, alcotest on the extracted OCaml) with an Urdu-speaking user, a tau-bench-like airline agent (a long policy prompt, native `get_reservation_details`/`update_reservation_flights`/`calculate`/`think` calls answered by database JSON or `Error: …` strings, decisions the customer confirms) with an Albanian-speaking simulated customer, a Manus-like autonomous agent (`message_notify_user`, a `todo.md` it ticks off, `shell_exec` answered by `{"output", "console"}`, web search, parallel calls) on a Kotlin Multiplatform/Ktor/Gradle project (`e: file:///…`, `BUILD FAILED in 14s`, kotlin.test failures, detekt) with an Afrikaans-speaking user, an agent driving Blender through MCP tools (every result a `{"content": [{"type": "text", …}], "isError": …}` envelope, bpy tracebacks, a plain shell for `blender --background` and pytest) on a product-visualisation pipeline with a Mongolian-speaking user, and a ReWOO-like planner/worker/solver (`Plan: …` then `#E1 = Tool[input]` lines answered by one `#E1 = …` evidence message) on IEC 61131-3 Structured Text for a bottling line (matiec-like `file.st:12-4..12-10: error: …`, CfUnit-like results, PLCopen XML, Modbus maps, scan-time simulations) with a Basque-speaking user), also per fact style.
 * `--brink` uses the twentieth, held-out family (brink.ts: an OpenAI Responses-API-like agent (reasoning summaries as the assistant's text, `function_call` items with `call_…` ids answered by `function_call_output`s that open with the command and its exit status) on a Rust workspace (cargo's `error[E0502]` diagnostics, cargo-nextest's `FAIL [   0.012s] crate mod::test` and Summary lines, clippy, miri's `Undefined Behavior:` reports, cargo-deny) with an Amharic-speaking user, a Bedrock-Converse-like agent (parallel `toolUse` blocks with `tooluse_…` ids, each answered by a `{"content": [{"text"}], "status": "success"|"error"}` toolResult body) on a Go freight-dispatch service (go build/vet, `go test -race`'s `WARNING: DATA RACE` reports, golangci-lint, sqlc) with a Croatian-speaking user, a Moatless-Tools-like agent (`Thought:` and one `{"action": "StringReplace", "action_args": {…}}` JSON action a message, answered by an `Observation:` user message with file-context spans and test summaries) on a Python tide-prediction library (nox sessions, pytest, mypy --strict, hypothesis's `Falsifying example:`, ruff) with a Galician-speaking user, a Sweep-like agent (`<read_file/>`, `<create_file>`, `<modify_file>` SEARCH/REPLACE and `<run_check>` blocks, several a message, answered by one `<check_results>` message of `<result>` blocks) on a TypeScript pnpm/turbo monorepo (turbo's prefixed task logs, tsc `TS2345`, vitest failure blocks, eslint, Playwright) with an Irish-speaking user, a CAMEL-like role-play pair (`Solution:` with one ```bash block ending `Next request.`, answered by `Code execution result (exit code N):` and the AI user's next `Instruction:`/`Input:`) on a Java 21/Gradle billing service (javac, Error Prone, JUnit 5, Spotless) with a Macedonian-speaking human, and a GIS analyst agent on Vercel-AI-SDK-like typed tool outputs (`{"type": "json"|"text"|"error-text", "value"}`, parallel calls, 9-character ids) running GDAL/OGR, PostGIS and qgis_process for flood exposure with a Nepali-speaking planner), also per fact style.
 * `--cusp` uses the twenty-first, held-out family (cusp.ts: a Qwen3-Coder-like model writing XML function calls as text (`<tool_call>`, `<function=run_shell>`, `<parameter=command>` blocks, several a message, answered by one user message of `<tool_response>` blocks) on an OpenSCAD mechanical-part project (the Manifold render log, parser errors, assertion failures with `TRACE:` lines, unknown-module warnings, ADMesh reports, PrusaSlicer's CLI) with an Uzbek-speaking user, an OpenAI Assistants-API-like run (parallel function calls with `call_…` ids, `code_interpreter` steps answered by `{"outputs": [{"type": "logs", …}]}`) doing clinical-trial statistical programming in SAS (the log's `NOTE:`/`WARNING:`/`ERROR: Variable X not found.` lines, PROC COMPARE double programming, pandas over the ADaM spec and a Pinnacle 21-like report) with a Belarusian-speaking biostatistician, a smolagents-ToolCallingAgent-like agent (`Calling tools:` and a Python list of call dicts, answered by `Call id: …` with `Observation:`, or `Error:` and the retry advice, tasks as `New task:`) localizing a Django and React marketplace with gettext and ICU MessageFormat (makemessages/compilemessages, msgfmt's format-string errors and `--statistics`, msgmerge, formatjs's `MALFORMED_ARGUMENT`, Django test failures, Crowdin) with a Yoruba-speaking user, a Trae-agent-like agent (native `sequentialthinking` with thought numbers and `next_thought_needed`, `str_replace_based_edit_tool`, `bash`, `task_done`; `[Project root path]`/`[Problem statement]` tasks) on a Raku module (zef, prove6 TAP with `# Failed test`, `===SORRY!===` compile errors, type-check failures) with a Maltese-speaking user, an Agno-like agent (ShellTools' argv `run_shell_command` answered by stdout or `Error: ` and stderr, FileTools, parallel calls, DeepSeek-style `call_0_…` ids) hardening a Tiny Tapeout ASIC tile (Verilator lint's `%Warning-WIDTHTRUNC`, Yosys `stat` and hierarchy errors, cocotb's results table, OpenLane-2-like flow logs, OpenSTA `report_checks` with `slack (VIOLATED)`, Magic DRC, Netgen LVS) with a Khmer-speaking designer, and a Phi-4-mini-like model writing `functools[{"name", "arguments"}, …]` lists as text, answered by a `<|tool|>[{"name", "content"}, …]<|/tool|>` user message, on an ffmpeg documentary pipeline (ffprobe JSON, encode logs with `frame= … speed=` and x264 statistics, `Error opening input file …`, the subtitles filter's `Unable to open …`, loudnorm's measurement JSON, HLS, YouTube uploads) with a Marathi-speaking editor), also per fact style.
 * `--lode` uses the twenty-second, held-out family (lode.ts: a browser-use-like web agent (each reply one JSON object `{"current_state": {"evaluation_previous_goal", "memory", "next_goal"}, "action": […]}` with several actions, answered by the browser's state — url, tabs, `[12]<button>…</button>` elements — and `Action result i/N:` lines, tasks as `Your ultimate task is: """…"""`, `done` to finish) keeping a bakery's books in hledger through hledger-web and the hledger CLI (balance-assertion and undeclared-account errors, CSV rules) with a Luxembourgish-speaking owner, a Llama-Nemotron-like model (`detailed thinking off`, several calls in one `<TOOLCALL>[{"name", "arguments"}, …]</TOOLCALL>` answered by `<TOOL_RESPONSE>` blocks) speeding up a CUDA lattice-Boltzmann solver (nvcc errors, ptxas register counts, compute-sanitizer memcheck, Nsight Compute, SASS) with a Telugu-speaking user, a Griptape-like agent in prompt mode (`Thought:` and one `Actions: [{"tag", "name", "path", "input"}]` a message, answered by `Observation:`, `Answer:` to finish) model-checking a Raft key-value store in TLA+ with TLC (`Error: Invariant X is violated.` with state traces, SANY semantic errors, evaluation errors, coverage, simulation) with an Azerbaijani-speaking user, a Gemini-API-like agent (parallel native calls with `function-call-…` ids, results as `{"functionResponse": {"name", "response"}}` JSON) fitting a hierarchical malaria model in Stan with CmdStan (stanc errors, sampler output, stansummary, diagnose, data errors) with a Hausa-speaking epidemiologist, a Haystack-Agent-like pipeline (one native call at a time, tools' return values as text, `Failed to invoke Tool` errors) building Zephyr RTOS firmware for a beehive scale (west build, Kconfig warnings, gcc errors, twister and ztest, nrfjprog, UART logs) with a Kyrgyz-speaking beekeeper, and a local agent loop on Ollama's OpenAI-compatible API (parallel native calls, `call_` and eight characters) designing a 48 V solar charger in KiCad 8 (kicad-cli ERC/DRC reports, `.kicad_dru` rules, BOM with LCSC numbers, gerbers, ngspice) with a Zulu-speaking engineer), also per fact style.
 * `--mesa` uses the twenty-third, held-out family (mesa.ts: a Claude-Desktop-like MCP client (tools of several MCP servers namespaced `filesystem__read_file`, `terminal__execute_command`, `github__create_issue`, parallel native calls answered by MCP content arrays `[{"type": "text", "text"}]`) modelling a solar hot-water loop in Modelica with OpenModelica (omc scripts, `checkModel` counts, `SimulationResult` records, `[file:l:c-l:c:writable] Error:` lines, runtime assertions) with a Gujarati-speaking engineer, a LangGraph-supervisor-like team (native `transfer_to_<agent>` hand-offs answered by "Successfully transferred to …", named sub-agents calling one tool at a time, `transfer_back_to_supervisor`) running an OpenFOAM v2312 wind study (blockMesh, checkMesh, decomposePar, simpleFoam residuals, `--> FOAM FATAL IO ERROR`) with an Esperanto-speaking user, an OpenAI-Codex-cloud-like task runner (native `exec_command` answered by `Exit code:`/`Wall time:`/`Output:` blocks, a closing `make_pr`) on a Qt 6/QML tram-timetable app (Ninja builds, qmllint, ctest, Qt Quick Test's `FAIL!  :` lines, QML `ReferenceError`s, g++ errors) with a Bosnian-speaking user, a LangChain-XML-agent-like model (`<tool>…</tool><tool_input>…</tool_input>` one call a message, answered by `<observation>…</observation>`, `<final_answer>` to finish) engraving choir arrangements with LilyPond 2.24 (`Interpreting music...[8][16]`, `file.ly:l:c: error:`, bar checks, Guile errors, convert-ly) with a Haitian-Creole-speaking choir director, a Jamba-like model (several calls in one `<tool_calls>[{"name", "arguments"}, …]</tool_calls>` answered by `<tool_result name="…">` blocks) proving a ledger library in Dafny 4.8 (postconditions that could not be proved with their related locations, resolution errors, verification logs' resource counts) with a Kannada-speaking user, and an Agent-Zero-like agent (one `{"thoughts", "tool_name", "tool_args"}` JSON object a message answered by `{"tool_name", "tool_result"}`, the `response` tool to answer) running GROMACS 2024 molecular dynamics (grompp's fatal errors, mdrun performance, gmx energy) with a Somali-speaking researcher), also per fact style.
 * `--tarn` uses the twenty-fourth, held-out family (tarn.ts: a Composio-SWE-kit-like agent (upper-case Composio actions `SHELLTOOL_EXEC_COMMAND`, `FILETOOL_OPEN_FILE`, `FILETOOL_EDIT_FILE`, `GITHUB_CREATE_A_PULL_REQUEST`, parallel native calls answered by `{"data": {…}, "error": null, "successful": true}` envelopes) on a kdb+/q tick-analytics repository for the Indonesia Stock Exchange (q's `'length`/value-error traces with `[n]  file:line:` frames, `'file. OS reports: …`, k4unit result tables, `\ts` timings) with a Javanese-speaking user, an Augment-Agent-like IDE agent (kebab-case native `launch-process` answered by `<return-code>`/`<stdout>`/`<stderr>` blocks, `view`, `str-replace-editor` with numbered `old_str_1` entries, `save-file`, `remember`, `codebase-retrieval`, `.augment-guidelines`) on an nf-core-template Nextflow eDNA pipeline (`ERROR ~ Error executing process >` with `Caused by:`/`Command error:`/`Work dir:`, `No such variable`, nf-test, nf-core lint, execution traces) with a Māori-speaking user, a GPT-Pilot-like developer agent (several `{"type": "command"|"save_file"}` steps in one ```json message, answered by one `The steps were run. Results:` message of `### Step n — …` sections) on a Ballerina mobile-money service (`ERROR [file.bal:(l:c,l:c)] …`, `bal test`'s `[fail]` blocks with `Assertion Failed!` and passing/failing counts, missing configurables) with a Malagasy-speaking user, a Langroid-like agent (one `TOOL:` JSON message `{"request": "run_lammps", …}` a reply, answered by `Result of run_lammps:`) running LAMMPS Green-Kubo simulations of a NiAl alloy (thermo tables, `Loop time of …`, MPI timing breakdowns, `ERROR: Lost atoms`, `ERROR: …` with `Last command:`, Slurm on ARCHER2) with a Scottish-Gaelic-speaking researcher, a JetBrains-Junie-like agent (an `<UPDATE>` block of `<PREVIOUS_STEP>`, `<PLAN>`, `<NEXT_STEP>`, then one `<COMMAND>` — bash or `open`, `search_project`, `create`, `run_test` — answered by `<COMMAND_OUTPUT exit_code="…">`, `.junie/guidelines.md`) on a Vapor 4 server in Swift 6 on Linux (SwiftPM builds, Swift 6 diagnostics with source excerpts, XCTest and swift-testing runs, PSQLError logs) with a Tatar-speaking user, and a ControlFlow-like orchestrated agent (`<task>` blocks with ids in the system prompt, native `mark_task_<id>_successful`/`_failed` tools beside a shell and file tools, one call at a time) running a Snakemake workflow that builds a Sinhala speech corpus (job stats, rule blocks, `Error in rule …:` with bash strict mode, `MissingInputException`, sox and Montreal Forced Aligner output) with a Sinhala-speaking user), also per fact style.
 * `--knoll` uses the twenty-fifth, held-out family (knoll.ts: a Mentat-like terminal assistant (`@@start` blocks with a JSON header (`"file"`, `"action"`, `"start-line"`/`"end-line"`) and an `@@code` body closed by `@@end`, a `{"action": "run", "command"}` block, several a message, answered by one "Mentat applied the changes above." message of `>>> [n]` sections) on an Arduino Mega kiln controller built with arduino-cli (program-storage lines, avr-gcc errors with `Error during build: exit status 1`, avrdude's `stk500v2_ReceiveMessage(): timeout`, AUnit on EpoxyDuino's `TestRunner summary:`) with a Lao-speaking potter, a GPT-Engineer-like generator (each file as its name on a line and a fenced block with a language, `run.sh` the entrypoint, answered by `Workspace:` with `  wrote …` lines and "Do you want to execute this code? (Y/n)" / "Executing the code...") running Quantum ESPRESSO 7.3 on chalcopyrite (pw.x SCF iterations, `!    total energy`, `JOB DONE.`, `%%%%` error boxes — `read_namelists`, nonexistent species, `readpp` — with MPI_ABORT) with a Quechua-speaking researcher, an Agentless-like localize-and-repair pipeline (edit locations `path` + `line: a-b`, `### path` SEARCH/REPLACE edits and `# reproduce` runs in fenced blocks, several a message, answered by one `[agentless] stage results` message) on a FreeBSD ports overlay (portlint's `FATAL:`/`WARN:`, poudriere testport's `[00:00:12]` lines, `Error: Orphaned:` plist checks and `failed in phase:`, checksum mismatches, `*** Error code 1` / `make: stopped in …`, clang's implicit-declaration errors) with a Pashto-speaking porter, a Reflexion-like programming agent (one ```agda or ```sh block a message, `[self-reflection]:` after a failure, answered by `[execution feedback]` with Reflexion's `Tested passed:`/`Tests failed:` lists) proving a Myanmar-calendar library in Agda 2.7 (`x != y of type ℕ` with `when checking that …`, `Not in scope:`, termination failures with their problematic calls, the GHC backend) with a Burmese-speaking user, a Devika-like planner/coder/runner (`Plan:` with `- [ ] Step n:` lines, `~~~` `File: `path`:` blocks and a runner's `{"commands": […]}`, answered by `[devika] step results`) on a ROOT 6.30 muon-lifetime analysis (MINUIT's `FCN=… FROM MIGRAD STATUS=CONVERGED` tables, `Error in <TFile::TFile>`, cling's `input_line_8` errors, `*** Break *** segmentation violation` traces, TTree::Scan tables) with a Kinyarwanda-speaking physicist, and a Strands-Agents-like agent (native parallel `shell`, `file_read` with modes, `editor`, `file_write` calls with `tooluse_` ids, shell results as `Execution Summary:` entries with `Command:`/`Status:`/`Exit Code:`/`Output:`/`Error:`) on a Buildroot 2024.02 BR2_EXTERNAL tree for a Raspberry Pi 4 weather station (`>>> pkg version Building` steps, genimage's `INFO: hdimage(sdcard.img)`, wrong-sha256 hash checks, `pkg-generic.mk` Error 2s, cross-gcc errors, check-package, a QEMU boot) with a Faroese-speaking user), also per fact style.
 * `--cove` uses the twenty-sixth, held-out family (cove.ts: a Voyager-like Minecraft agent (`Explain:`/`Plan:`/`Code:` with one ```javascript skill a reply written against mineflayer and Voyager's primitives, answered by Voyager's observation — `Code from the last round:`, `Execution error:` naming the failing line, `Chat log:`, `Inventory (n/36):`, `Critique:`) on a community server with a Kurmanji-Kurdish-speaking player, a Plandex-like plan/apply agent (`**Updating `path`**` and `<PlandexBlock lang path>` files plus an `_apply.sh` block, several a reply, answered by one `Applied N changes — plan …` message of `[i/N]` sections) on a VHDL-2008 ultrasonic flow meter with GHDL and VUnit (`file:line:col:error:` diagnostics, `(assertion error)` and `simulation failed`, missing units, VUnit's `==== Summary ====`, vsg) with a Tajik-speaking engineer, a ChatDev-like role-play company (the Programmer's file blocks and `<INFO> RUN:` lines, several a reply, `<INFO> Finished`, answered by the Software Test Engineer's `Test Reports of Source Codes:` with `[n]` sections) on an x86-64 NASM string library (NASM's `symbol … not defined`, ld's `undefined reference` with collect2, `Error 139` segfaults, gdb batch runs, valgrind's `Invalid read`, objdump, hyperfine) with a Wolof-speaking customer, a Bedrock-Agents-like agent returning control (parallel `functionInvocationInput` calls with `parameters` lists and UUID ids, answered by `functionResult` bodies with `responseState: FAILURE` on errors) on an HL7 v2 to FHIR R4 bridge (MLLP ACKs with `MSA|AE` and `ERR` segments, HAPI FHIR `OperationOutcome`s, the FHIR validator's `*FAILURE*` reports, pytest) with a Malayalam-speaking analyst, a LangChain-Deep-Agents-like agent (parallel `write_todos`, `ls`, `read_file`, `write_file`, `edit_file`, `task` sub-agents and a sandbox `execute`, `toolu_01` ids) on Stata 18 household-survey do-files (`variable … not found` / `r(111);`, `assertion is false` / `r(9);`, `merge` and `regress` tables) with an Oromo-speaking health economist, and a UFO-like Windows UI-automation agent (one AppAgent JSON action a reply — `ControlLabel`, `Function`, `Args`, `Status` — answered by `[Step n] Action executed:` with the Report view and the window's labelled controls) driving FreeCAD 1.0 macros (Python tracebacks, `Part.OCCError`, `Result has multiple solids`, `Recompute failed!`, expression errors) with a Turkmen-speaking engineer), also per fact style.
 * `--sill` uses the twenty-seventh, held-out family (sill.ts: a BabyAGI-like task-list loop (`*****TASK LIST*****` and `*****NEXT TASK*****` banners with one `Tool: shell`/`Tool: write_file` block a reply, answered by a `*****TASK RESULT*****` message ending `(exit code N)`) on a Maseru water utility's Prometheus/Alertmanager rules (`promtool check rules`' `FAILED:` with `could not parse expression: 1:27: parse error: …`, `promtool test rules`' `exp:`/`got:` blocks, `amtool check-config`'s `undefined receiver`, `amtool config routes test`, silences, instant queries, yamllint) with a Sesotho-speaking operator, an LFM2-like local model (a `<|tool_call_start|>[run_shell(command="…"), read_file(path="…")]<|tool_call_end|>` list of Python-style calls, several a reply, answered by one message of `<|tool_response_start|>…<|tool_response_end|>` blocks with `[exit code: N]`) on a Cairo 2/Starknet escrow for Harare market vendors (Scarb's `error:` diagnostics with ` --> file:line:col` and carets, snforge's `[PASS]`/`[FAIL]` lines with gas, `Failure data:` felts and the `Tests: n passed, n failed` summary, `scarb fmt --check`, sncast declare/deploy errors, starknet-devnet logs) with a Shona-speaking developer, a Glaive-function-calling model (`<functioncall> {"name", "arguments": '{…}'}` one a reply, answered by `FUNCTION RESPONSE: {…}` JSON) on a Neo4j 5 graph of Samoa's inter-island shipping (`Invalid input 'X': expected …` with line, column and offset, `Neo.ClientError.Schema.ConstraintValidationFailed`, undefined variables, PROFILE plans, `SHOW INDEXES`, `neo4j-admin database import` reports, pytest) with a Samoan-speaking data engineer, an agent on a SWE-ReX-like runtime (parallel native `run_in_session` calls in named sessions, `execute` argv commands, `BashObservation` JSON with `exit_code`/`failure_reason`/`expect_string`, `swerexception` envelopes for `check: "raise"`) on a Puppet 8 control repository for Kinshasa clinics (pdk validate's validator tree and puppet-lint warnings, `puppet parser validate` syntax errors, rspec-puppet `Failure/Error:` blocks and `error during compilation: Evaluation Error:`, agent runs failing with `Error 500 on SERVER`, r10k) with a Lingala-speaking sysadmin, an n8n-AI-Agent-like workflow (parallel native calls to node tools `Execute_Command` answered by `[{"exitCode", "stderr", "stdout"}]` items, `ClickHouse_HTTP`, `Read_File`, `Write_File`) on a ClickHouse 24.8 warehouse of a Breton fish auction (`Code: 62. DB::Exception: Syntax error: …` with `Expected one of:`, `UNKNOWN_TABLE`, `UNKNOWN_IDENTIFIER`, `TOO_MANY_ROWS`, PrettyCompact tables, `EXPLAIN indexes = 1`, system.parts and query_log, a SQL test runner) with a Breton-speaking analyst, and a Dify-like agent app (one native call at a time to a custom tool provider — `cqlsh_execute`, `nodetool`, `run_script`, `file_put` — with `tool invoke error:` on provider failures) on a Cassandra 4.1 seat inventory for Corsican ferries (cqlsh's `<stdin>:1:InvalidRequest: Error from server: code=2200 [Invalid query]` errors, `SyntaxException`s, `Unavailable` at QUORUM, `nodetool status`/`tablestats`, `TombstoneOverwhelmingException` traces, pytest) with a Corsican-speaking developer), also per fact style.
 * `--dune` uses the twenty-ninth, held-out family (dune.ts: the original ReAct paper's numbered text protocol (`Thought 3: …` then one `Action 3: Shell[…]`/`Read[…]`/`Write[…]` a reply, answered by a user message `Observation 3: …`, `Finish[…]` answers) on an Idris 2 (0.7) library for Bishkek's bus fare cards (`Error: While processing right hand side of f. Can't find an implementation for …` with `Module:line:col--line:col` excerpts and carets, `Mismatch between: Nat and Integer.`, `is not covering` with `Missing cases:`, a golden-test runner's `n/N: name: FAILURE`) with a Kyrgyz-speaking developer, an Octopus-v2-like on-device model calling functional tokens (`<nexa_0>`…`<nexa_5>` mapped to functions in the system prompt, `<nexa_2>('opa test ./policies -v')<nexa_end>` with positional Python arguments, one a reply, answered by `Function result: …`) on OPA/Rego policies of a Colombo tea-auction platform (`data.x.test_y: FAIL (1.2ms)` and `PASS: 12/14`, `1 error occurred: policy.rego:12: rego_type_error: …`, `opa eval` JSON, conftest's `FAIL - file.yaml - main - …`, regal lint) with a Sinhala-speaking engineer, a Gorilla-OpenFunctions-v2-like model (`<<function>>sqlcmd(query="…", database="…")`, one or several a reply separated by newlines or `;`, parsed into native calls with `chatcmpl-tool-` ids) on a SQL Server 2022 rice-mill inventory in Vientiane (`Msg 207, Level 16, State 1, Server MILL01, Line 3` / `Invalid column name 'x'.`, `Msg 2627` primary-key violations, `Msg 1205` deadlocks, sqlcmd grids with `(12 rows affected)`, tSQLt's summary table and `Test Case Summary:`) with a Lao-speaking developer, an OpenAI-Assistants-v2-like run (parallel native `code_interpreter` calls with `{"input"}` answered by `{"outputs": [{"type": "logs", …}]}`, `file_search` results, a `splunk_search` function answered by Splunk's REST JSON, `call_` ids) on a Maltese bank SOC's Splunk investigation (`Error in 'stats' command: …`, `Unknown search command 'x'.`, missing macros, `| tstats` counts, savedsearches.conf correlation searches, splunklib scripts) with a Maltese-speaking analyst, a Toolformer-like model writing its calls inline in prose (`… [Shell("bpftrace -e '…'")] and then …`, several a reply, answered by one user message of `[Shell("…") → result]` entries) on a bpftrace/perf latency hunt in a Mogadishu mobile-money switch (`stdin:1:22-27: ERROR: Unknown function: …` with the `~~~` underline, `Could not resolve symbol`, `@usecs:` log2 histograms, `perf stat` counters, `perf report` tops, journal lines, `go tool pprof -top`) with a Somali-speaking SRE, and a ChatGLM3-like model (`<|assistant|>run_shell` and a ```python `tool_call(command="…")` block, one a reply, answered by an `<|observation|>` user message, `<|assistant|>` prose answers) on a Chapel 2 ensemble weather model for Kano (`file.chpl:12: error: unresolved call 'x(int(64))'` with candidate notes, `undeclared (first use this function)`, `halt reached - array index out of bounds` with the index and bounds, mason test, `--fast` timings on GASNet locales) with a Hausa-speaking scientist), also per fact style.
 * `--shoal` uses the twenty-eighth, held-out family (shoal.ts: a ToolLLaMA-like model (ToolBench's `Thought:`/`Action: execute_command_for_terminal`/`Action Input: {…}` one call a reply, answered by `Observation: {"error": "", "response": "…"}` with the output JSON-escaped, `Action: Finish` with `give_answer`) on a Haxe 4.3 inventory app for Onitsha Main Market traders (`src/x.hx:12: characters 4-9 : Unknown identifier : y`, HashLink's `Uncaught exception: Null access .x` with `Called from` frames, utest's `results: SOME TESTS FAILURES`) with an Igbo-speaking developer, an XAgent-like subtask loop (native `ShellCommandExecutor_execute_command`, `FileSystemEnv_read_from_file`/`_write_to_file` and `subtask_submit` calls one at a time, answered by `[TOOL_CALL_SUCCESS]`/`[TOOL_CALL_FAILED] … (return code N)` reports) on a Dagster 1.9 pipeline of Tonga's fisheries landings (`STEP_FAILURE` run logs with `DagsterExecutionStepExecutionError` and a `KeyError`, `DagsterInvalidDefinitionError`, `dagster definitions validate`, pytest, ruff) with a Tongan-speaking data engineer, a HuggingGPT/JARVIS-like controller (`#1 Task Planning Stage` and one list of `{"task", "id", "dep", "args"}` tasks, several a reply, answered by one `#3 Task Execution Stage` message of `[task n] tool · dep [-1] · exit N` sections, `#4 Response Generation Stage` answers) on a CUE v0.10 configuration of Punjab milk chilling centres (`cue vet`'s `conflicting values 4 and "4" (mismatched types int and string):` with positions, `field not allowed`, `reference "x" not found`, bounds, `cue fmt --check`) with a Punjabi-speaking engineer, an LLMCompiler-like planner (numbered calls `1. run_shell(command="…")` ending `N. join()<END_OF_PLAN>`, answered by one `Task results (plan of N):` message of `Observation:` lines, `Action: Finish(…)` answers) on a Vyper 0.4/ApeWorx paluwagan contract for Cebu market vendors (`vyper.exceptions.UndeclaredDefinition` with the source excerpt and caret, `ape test`'s `ContractLogicError` failures, gas tables, Sepolia deploys) with a Cebuano-speaking developer, a LangChain conversational-ReAct agent (`Thought: Do I need to use a tool? Yes`, `Action: mongosh`, a plain-string `Action Input:`, answered by `Observation:`, `AI:` answers) on a MongoDB 7.0 boda-boda dispatch database in Kampala (`E11000 duplicate key error`, `Document failed validation` with `schemaRulesNotSatisfied`, mongosh `ReferenceError`s, explain plans, migrate-mongo, jest's `●` blocks) with a Luganda-speaking developer, and an Agency-Swarm-like agency (a CEO's `SendMessage` hand-offs to a DataAnalyst making parallel native `ExecuteCommand`/`RunDuckDBQuery`/`ReadFile`/`WriteFile` calls) on a DuckDB 1.1 wool co-operative's analytics in the Eastern Cape (duckbox tables, `Binder Error: Referenced column "x" not found in FROM clause!` with `Candidate bindings:`, `Catalog Error: … Did you mean`, CSV `Conversion Error`s with `Original Line:`, pytest) with a Xhosa-speaking analyst), also per fact style.
 *
 * The llm summarizer runs when QUALITY_LLM_MODEL names a model served at QUALITY_LLM_BASE_URL
 * (default OPENAI_BASE_URL; key QUALITY_LLM_API_KEY or OPENAI_API_KEY; window
 * QUALITY_LLM_CONTEXT_WINDOW, default 128000); otherwise its rows say `skipped`.
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { evaluate, rawTokens } from './evaluate';
import { AiPrune } from './methods/ai-prune';
import { LangChainTrim } from './methods/langchain';
import { benchCounter, requestTokens, type Method, type MethodContext } from './methods/method';
import { DropOldestHalf, FirstPlusLast10 } from './methods/naive';
import { ProjectMethod, type LlmEndpoint } from './methods/project';
import { aggregate, renderReversals, renderStyles, renderTable } from './report';
import { blindSuite } from './blind';
import { hardSuite } from './hard';
import { wildSuite } from './wild';
import { fieldSuite } from './field';
import { freshSuite } from './fresh';
import { novelSuite } from './novel';
import { farSuite } from './far';
import { distSuite } from './dist';
import { outerSuite } from './outer';
import { wideSuite } from './wide';
import { straySuite } from './stray';
import { deepSuite } from './deep';
import { apartSuite } from './apart';
import { edgeSuite } from './edge';
import { vastSuite } from './vast';
import { rimSuite } from './rim';
import { vergeSuite } from './verge';
import { fringeSuite } from './fringe';
import { brinkSuite } from './brink';
import { cuspSuite } from './cusp';
import { lodeSuite } from './lode';
import { mesaSuite } from './mesa';
import { tarnSuite } from './tarn';
import { knollSuite } from './knoll';
import { coveSuite } from './cove';
import { sillSuite } from './sill';
import { duneSuite } from './dune';
import { shoalSuite } from './shoal';
import type { MethodRun, Transcript } from './types';
import { suite } from './suite';
import { runWorkflowSuite } from './workflow-run';

const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    transcripts: { type: 'string' },
    seed: { type: 'string', default: '1' },
    budgets: { type: 'string', default: '0.5,0.2,0.1' },
    methods: { type: 'string' },
    'no-workflow': { type: 'boolean', default: false },
    json: { type: 'string' },
    dune: { type: 'boolean', default: false },
    hard: { type: 'boolean', default: false },
    blind: { type: 'boolean', default: false },
    wild: { type: 'boolean', default: false },
    field: { type: 'boolean', default: false },
    fresh: { type: 'boolean', default: false },
    novel: { type: 'boolean', default: false },
    far: { type: 'boolean', default: false },
    dist: { type: 'boolean', default: false },
    outer: { type: 'boolean', default: false },
    wide: { type: 'boolean', default: false },
    stray: { type: 'boolean', default: false },
    deep: { type: 'boolean', default: false },
    vast: { type: 'boolean', default: false },
    rim: { type: 'boolean', default: false },
    verge: { type: 'boolean', default: false },
    fringe: { type: 'boolean', default: false },
    brink: { type: 'boolean', default: false },
    cusp: { type: 'boolean', default: false },
    lode: { type: 'boolean', default: false },
    mesa: { type: 'boolean', default: false },
    tarn: { type: 'boolean', default: false },
    sill: { type: 'boolean', default: false },
    shoal: { type: 'boolean', default: false },
    cove: { type: 'boolean', default: false },
    knoll: { type: 'boolean', default: false },
    edge: { type: 'boolean', default: false },
    apart: { type: 'boolean', default: false },
  },
});

function llmEndpoint(): LlmEndpoint | undefined {
  const model = process.env['QUALITY_LLM_MODEL'];
  if (!model) return undefined;
  const baseURL = process.env['QUALITY_LLM_BASE_URL'] ?? process.env['OPENAI_BASE_URL'];
  const apiKey = process.env['QUALITY_LLM_API_KEY'] ?? process.env['OPENAI_API_KEY'];
  return {
    model,
    contextWindow: Number(process.env['QUALITY_LLM_CONTEXT_WINDOW'] ?? 128_000),
    ...(baseURL ? { baseURL } : {}),
    ...(apiKey ? { apiKey } : {}),
  };
}

function methods(
  ctx: MethodContext,
  t: Transcript,
  llm: LlmEndpoint | undefined,
): (Method | { name: string; skipped: string })[] {
  return [
    new ProjectMethod(ctx, t),
    llm ? new ProjectMethod(ctx, t, llm) : { name: 'durable-context (llm)', skipped: 'no QUALITY_LLM_MODEL' },
    new LangChainTrim(ctx, false),
    new LangChainTrim(ctx, true),
    new AiPrune(ctx),
    new DropOldestHalf(ctx),
    new FirstPlusLast10(),
  ];
}

/** The transcript families by their flag. */
const FAMILIES = {
  dune: duneSuite,
  shoal: shoalSuite,
  sill: sillSuite,
  cove: coveSuite,
  knoll: knollSuite,
  tarn: tarnSuite,
  mesa: mesaSuite,
  lode: lodeSuite,
  cusp: cuspSuite,
  brink: brinkSuite,
  fringe: fringeSuite,
  verge: vergeSuite,
  rim: rimSuite,
  vast: vastSuite,
  edge: edgeSuite,
  apart: apartSuite,
  deep: deepSuite,
  stray: straySuite,
  wide: wideSuite,
  outer: outerSuite,
  dist: distSuite,
  far: farSuite,
  novel: novelSuite,
  fresh: freshSuite,
  field: fieldSuite,
  wild: wildSuite,
  blind: blindSuite,
  hard: hardSuite,
} as const;

async function main(): Promise<void> {
  const counter = await benchCounter();
  const count = Number(args.transcripts ?? (args.quick ? 3 : 8));
  const budgets = (args.budgets ?? '').split(',').map(Number);
  const filter = args.methods?.split(',').map((s) => s.toLowerCase());
  const llm = llmEndpoint();
  // (the first family flag given, in this order; none: generator.ts's)
  const named = (Object.keys(FAMILIES) as (keyof typeof FAMILIES)[]).find((k) => args[k]);
  const family = named ? FAMILIES[named] : suite;
  const transcripts = family(count, Number(args.seed), args.quick ?? false);
  const runs: MethodRun[] = [];
  for (const t of transcripts) {
    const raw = rawTokens(t, (m) => requestTokens(counter, m));
    console.error(`${t.id}: ${t.messages.length} messages, ${raw} raw tokens, ${t.facts.length} facts`);
    for (const fraction of budgets) {
      const budget = Math.floor(raw * fraction);
      for (const m of methods({ budget, counter }, t, llm)) {
        if (filter && !filter.some((f) => m.name.toLowerCase().includes(f))) continue;
        if ('skipped' in m) {
          runs.push({
            method: m.name,
            transcript: t.id,
            budgetFraction: fraction,
            budgetTokens: budget,
            rawTokens: raw,
            calls: [],
            kept: [],
            facts: [],
            finalTokens: 0,
            skipped: m.skipped,
            ms: 0,
          });
          continue;
        }
        const run = await evaluate(m, t, fraction, budget, raw, counter);
        runs.push(run);
        const refused = run.calls.filter((c) => c.refused);
        console.error(
          `  ${(fraction * 100).toFixed(0).padStart(2)}% ${m.name.padEnd(32)} kept ${run.kept.filter(Boolean).length}/${run.facts.length}` +
            `, refused ${refused.length}/${run.calls.length}${refused[0] ? ` (first: ${refused[0].note?.slice(0, 120)})` : ''}, ${(run.ms / 1000).toFixed(1)} s` +
            (m instanceof ProjectMethod ? `; ${m.describe()}` : ''),
        );
      }
    }
  }
  const rows = aggregate(runs);
  console.log(`\nOffline: ${transcripts.length} transcripts (${transcripts.map((t) => t.id).join(', ')})`);
  console.log(renderTable(rows));
  if (args.hard) console.log(`\nReversed decisions:\n${renderReversals(runs)}`);
  if (named) for (const b of budgets) console.log(`\nPer style:\n${renderStyles(runs, b)}`);
  const workflow = args['no-workflow'] ? undefined : await runWorkflowSuite(transcripts, counter);
  if (args.json)
    writeFileSync(
      args.json,
      JSON.stringify(
        { date: new Date().toISOString(), rows, workflow, runs: runs.map(({ facts: _f, ...r }) => r) },
        null,
        1,
      ),
    );
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
