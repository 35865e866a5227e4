/**
 * The crew harness of the verge family (verge.ts): a CrewAI-like crew whose lead agent ("Pipeline
 * Engineer", `allow_delegation=True`) makes native calls, one at a time, to its own tools (`run_shell`,
 * `read_a_files_content`, `file_writer_tool`, `jenkins_console_log`) and to the crew's delegation
 * tools (`delegate_work_to_coworker`, `ask_question_to_coworker` with `task`/`question`, `context`
 * and `coworker`), whose result is the coworker's final answer. The task opens with CrewAI's task
 * prompt; the human's feedback comes back as user turns. A Jenkins shared library in Groovy (Maven,
 * JenkinsPipelineUnit, Surefire reports, console logs, CPS, sandbox and compilation errors) for a
 * Slovenian-speaking user.
 */
import type { Rng } from './rng';
import type { FactKind } from './types';
import {
  buried,
  chars,
  dur,
  fail,
  lines,
  numberLines,
  ok,
  one,
  pieces,
  say,
  type Planter,
  type VergeCall,
  type VergeHarness,
  type VergeStep,
} from './verge-kit';

const ROOT = '/home/matej/delo/jenkins-knjiznica';
const VARS = ['vars/buildMaven.groovy', 'vars/deployStage.groovy', 'vars/notifySlack.groovy', 'vars/semver.groovy'];
const SRC = [
  'src/si/podjetje/ci/Git.groovy',
  'src/si/podjetje/ci/Artifactory.groovy',
  'src/si/podjetje/ci/Helm.groovy',
];
const TESTS = [
  'test/groovy/BuildMavenTest.groovy',
  'test/groovy/DeployStageTest.groovy',
  'test/groovy/SemverTest.groovy',
];
const COWORKERS = ['Groovy Reviewer', 'Jenkins Administrator', 'Release Coordinator'];
const JOBS = ['placila/main', 'portal-api/main', 'skladisce/PR-214', 'portal-web/release%2F3.2'];

/** Whole pieces of the library, as a file read shows them. */
const GROOVY = [
  `def call(Map args = [:]) {\n    def goals = args.goals ?: 'clean verify'\n    withMaven(maven: 'maven-3.9', jdk: 'jdk-17') {\n        sh "mvn -B -ntp ${'$'}{goals}"\n    }\n}`,
  `def call(String env, Map opts = [:]) {\n    stage("Deploy ${'$'}{env}") {\n        lock(resource: "deploy-${'$'}{env}") {\n            new Helm(this).upgrade(opts.release, opts.chart, env)\n        }\n    }\n}`,
  `package si.podjetje.ci\n\nclass Helm implements Serializable {\n    private final def steps\n    Helm(steps) { this.steps = steps }\n\n    void upgrade(String release, String chart, String ns) {\n        steps.sh "helm upgrade --install ${'$'}{release} ${'$'}{chart} -n ${'$'}{ns} --wait"\n    }\n}`,
  `@NonCPS\nstatic String bump(String version, String part) {\n    def (maj, min, pat) = version.tokenize('.')*.toInteger()\n    switch (part) {\n        case 'major': return "${'$'}{maj + 1}.0.0"\n        case 'minor': return "${'$'}{maj}.${'$'}{min + 1}.0"\n        default: return "${'$'}{maj}.${'$'}{min}.${'$'}{pat + 1}"\n    }\n}`,
  `class DeployStageTest extends BasePipelineTest {\n    @BeforeEach\n    void setUp() {\n        super.setUp()\n        helper.registerAllowedMethod('lock', [Map, Closure], { m, c -> c() })\n    }\n\n    @Test\n    void deploysToStaging() {\n        def script = loadScript('vars/deployStage.groovy')\n        script.call('staging', [release: 'placila', chart: 'charts/placila'])\n        assertJobStatusSuccess()\n    }\n}`,
  `def call(String channel, String message) {\n    if (currentBuild.currentResult != 'SUCCESS') {\n        slackSend(channel: channel, color: 'danger', message: message)\n    }\n}`,
];

function groovy(rng: Rng, n: number): string {
  return pieces(rng, GROOVY, n);
}

function call(tool: string, args: Record<string, unknown>, output: string, exitCode = 0): VergeCall {
  return exitCode ? fail(tool, args, output, exitCode) : ok(tool, args, output, exitCode);
}

function shell(command: string, output: string, exitCode = 0): VergeCall {
  return call(
    'run_shell',
    { command },
    exitCode ? `${output}\n\nCommand exited with code ${exitCode}` : output,
    exitCode,
  );
}

function surefire(rng: Rng, failure = ''): string {
  const classes = ['BuildMavenTest', 'DeployStageTest', 'SemverTest', 'NotifySlackTest'];
  const rows = classes.map(
    (c) =>
      `[INFO] Running ${c}\n[INFO] Tests run: ${rng.int(2, 9)}, Failures: 0, Errors: 0, Skipped: 0, Time elapsed: ${dur(rng, 0.1, 3, 3)} s -- in ${c}`,
  );
  const total = rng.int(18, 40);
  const head = `[INFO] Scanning for projects...\n[INFO] \n[INFO] -----------------< si.podjetje:jenkins-knjiznica >------------------\n[INFO] Building jenkins-knjiznica 2.${rng.int(3, 9)}.0-SNAPSHOT\n[INFO]   from pom.xml\n[INFO] --------------------------------[ jar ]---------------------------------\n[INFO] --- gmavenplus:3.0.2:compileTests (default) @ jenkins-knjiznica ---\n[INFO] Compiled ${rng.int(8, 20)} files.\n[INFO] --- surefire:3.2.5:test (default-test) @ jenkins-knjiznica ---\n[INFO] \n[INFO] -------------------------------------------------------\n[INFO]  T E S T S\n[INFO] -------------------------------------------------------\n${rows.join('\n')}`;
  if (!failure)
    return `${head}\n[INFO] \n[INFO] Results:\n[INFO] \n[INFO] Tests run: ${total}, Failures: 0, Errors: 0, Skipped: 0\n[INFO] \n[INFO] ------------------------------------------------------------------------\n[INFO] BUILD SUCCESS\n[INFO] ------------------------------------------------------------------------\n[INFO] Total time:  ${dur(rng, 4, 40, 3)} s`;
  return `${head}\n${failure}\n[INFO] \n[INFO] Results:\n[INFO] \n[ERROR] Failures: \n[ERROR]   ${failure.split('\n')[0]?.replace('[ERROR] ', '') ?? ''}\n[INFO] \n[ERROR] Tests run: ${total}, Failures: 1, Errors: 0, Skipped: 0\n[INFO] \n[INFO] ------------------------------------------------------------------------\n[INFO] BUILD FAILURE\n[INFO] ------------------------------------------------------------------------\n[ERROR] Failed to execute goal org.apache.maven.plugins:maven-surefire-plugin:3.2.5:test (default-test) on project jenkins-knjiznica: There are test failures.`;
}

function consoleLog(rng: Rng, job: string, n: number, hole = '', result = 'SUCCESS'): string {
  const body = lines(n, () =>
    rng.pick([
      '[Pipeline] sh',
      `+ mvn -B -ntp clean verify`,
      `[INFO] Downloaded from central: https://repo.maven.apache.org/maven2/org/${rng.pick(['slf4j', 'junit', 'apache'])}/${rng.pick(['api', 'core', 'commons'])}/${rng.int(1, 5)}.${rng.int(0, 12)}/x.jar (${rng.int(10, 900)} kB at ${rng.int(1, 9)}.${rng.int(0, 9)} MB/s)`,
      '[Pipeline] }',
      '[Pipeline] // stage',
      `[Pipeline] stage\n[Pipeline] { (${rng.pick(['Build', 'Test', 'Package', 'Deploy staging'])})`,
      `[INFO] Tests run: ${rng.int(10, 300)}, Failures: 0, Errors: 0, Skipped: ${rng.int(0, 4)}`,
    ]),
  );
  return `Started by ${rng.pick(['an SCM change', 'user Matej Novak', 'timer'])}\nLoading library podjetje-ci@main\nAttempting to resolve main from remote references...\nChecking out git https://git.podjetje.si/ci/jenkins-knjiznica.git into /var/jenkins_home/workspace/${job.replace('/', '_')}@libs/${chars(rng, 12, '0123456789abcdef')} to read vars/buildMaven.groovy\n[Pipeline] Start of Pipeline\n[Pipeline] node\nRunning on agent-${rng.int(1, 9)} in /home/jenkins/workspace/${job.replace('/', '_')}\n${body}${hole ? `\n${hole}` : ''}\n[Pipeline] End of Pipeline\nFinished: ${result}`;
}

function crewNoise(rng: Rng): VergeStep {
  const r = rng.int(0, 9);
  if (r === 0)
    return one(
      rng.pick(['Running the JenkinsPipelineUnit tests.', undefined]),
      shell('mvn -B -ntp test', surefire(rng)),
    );
  if (r === 1) {
    const f = rng.pick([...VARS, ...SRC]);
    return one(undefined, call('read_a_files_content', { file_path: f }, groovy(rng, rng.int(10, 36))));
  }
  if (r === 2) {
    const job = rng.pick(JOBS);
    return one(
      undefined,
      call('jenkins_console_log', { job, build: rng.int(100, 2400), tail: 60 }, consoleLog(rng, job, rng.int(10, 40))),
    );
  }
  if (r === 3)
    return one(
      undefined,
      shell(
        `grep -rn "${rng.pick(['withMaven', 'lock(', '@NonCPS', 'slackSend', 'helm upgrade'])}" vars src`,
        lines(
          rng.int(1, 6),
          () =>
            `${rng.pick([...VARS, ...SRC])}:${rng.int(2, 80)}:        ${rng.pick(['withMaven(maven: ...', 'lock(resource: ...', '@NonCPS', 'slackSend(channel: ...'])}`,
        ),
      ),
    );
  if (r === 4)
    return one(
      'A second opinion on the CPS side before I change more.',
      call(
        'ask_question_to_coworker',
        {
          question: rng.pick([
            'Is it safe to call tokenize() inside a CPS-transformed method?',
            'Do we still run the script-security sandbox on the shared library?',
          ]),
          context: 'Jenkins 2.4xx LTS, library loaded implicitly as podjetje-ci@main.',
          coworker: rng.pick(COWORKERS),
        },
        rng.pick([
          'tokenize() itself is fine; the problem is only with closures passed to non-CPS methods like sort {} or each {} on older Groovy CPS versions. Keep them in @NonCPS helpers.',
          'The library is a trusted global library, so it runs outside the sandbox; only Jenkinsfiles in the repos are sandboxed.',
          'Yes. Keep the helper static and @NonCPS, and do not call pipeline steps from inside it.',
        ]),
      ),
    );
  if (r === 5)
    return one(
      undefined,
      shell(
        'git status --short && git log --oneline -3',
        `${lines(rng.int(1, 3), () => ` M ${rng.pick([...VARS, ...SRC, ...TESTS])}`)}\n${lines(3, () => `${chars(rng, 7, '0123456789abcdef')} ${rng.pick(['deployStage: lock per env', 'semver: bump helper', 'buildMaven: ntp flag', 'tests: DeployStageTest'])}`)}`,
      ),
    );
  if (r === 6)
    return one(
      undefined,
      shell(
        'mvn -B -ntp -q dependency:tree -Dincludes=com.lesfurets',
        `[INFO] si.podjetje:jenkins-knjiznica:jar:2.${rng.int(3, 9)}.0-SNAPSHOT\n[INFO] \\- com.lesfurets:jenkins-pipeline-unit:jar:1.${rng.int(17, 23)}:test`,
      ),
    );
  if (r === 7) {
    const f = rng.pick(VARS);
    return one(
      rng.pick(['Small fix while here.', 'Manjši popravek.']),
      call(
        'file_writer_tool',
        { filename: f.split('/')[1], directory: 'vars', overwrite: true, content: groovy(rng, 8) },
        `Content successfully written to vars/${f.split('/')[1]}`,
      ),
    );
  }
  if (r === 8)
    return one(undefined, call('read_a_files_content', { file_path: rng.pick(TESTS) }, groovy(rng, rng.int(12, 30))));
  return one(undefined, shell('mvn -B -ntp test -Dtest=SemverTest', surefire(rng)));
}

function crewBig(rng: Rng): VergeStep {
  const job = rng.pick(JOBS);
  if (rng.chance(0.5))
    return one(
      'Reading the whole console log of the last main build; the failure may be further up than the tail.',
      call('jenkins_console_log', { job, build: rng.int(100, 2400) }, consoleLog(rng, job, rng.int(520, 600))),
    );
  return one(
    undefined,
    shell(
      'mvn -B -X test -Dtest=DeployStageTest',
      lines(
        rng.int(420, 480),
        () =>
          `[DEBUG] ${rng.pick(['Adding to classpath', 'Loading mojo', 'Configuring mojo', 'Resolving artifact'])}: ${rng.pick(['org.codehaus.groovy:groovy', 'com.lesfurets:jenkins-pipeline-unit', 'org.junit.jupiter:junit-jupiter-api', 'org.apache.maven.surefire:surefire-api'])}:${rng.int(1, 5)}.${rng.int(0, 20)}.${rng.int(0, 9)}`,
      ),
    ),
  );
}

const TASK = (request: string) =>
  `Current Task: ${request}\n\nThis is the expected criteria for your final answer: A short report of what was changed in the library, which tests prove it, and what is left.\nyou MUST return the actual complete content as the final answer, not a summary.\n\nBegin! This is VERY important to you, use the tools available and give your best Final Answer, your job depends on it!`;

const PLANTERS: Record<FactKind, Planter[]> = {
  goal: [
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `korak ${t}, ki pred deployem na produkcijo zahteva ročno odobritev`;
        return {
          how: 'user-request',
          needle,
          beats: [
            {
              user: TASK(
                `Živjo! Naša deljena Jenkins knjižnica je v ${ROOT} (Groovy, vars/ in src/, testi z JenkinsPipelineUnit, gradnja z Mavenom). Potrebujem ${needle} (input z ID-jem in časovno omejitvijo). Javnega podpisa vars/deployStage.groovy zaenkrat ne spreminjaj.`,
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
        const needle = `nov globalni korak ${t}Release za označevanje izdaj v Gitu`;
        return {
          how: 'user-followup',
          needle,
          beats: [{ user: `Povratna informacija: super. Naslednja naloga: ${needle}, s testi.` }],
        };
      },
    },
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `predpomnjenje Maven repozitorija med buildi na agentih ${t}`;
        return {
          how: 'user-followup',
          needle,
          beats: [{ user: `Še nekaj: rabim ${needle}, buildi trajajo predolgo.` }],
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
            (x) => `v ${x} nobenih @Grab odvisnosti`,
            (x) => `${x} mora delovati tudi na Jenkins 2.426 LTS`,
            (x) => `${x} ne sme klicati sh brez returnStatus na produkcijskih agentih`,
          ],
          t,
        );
        return {
          how: 'user-rule',
          needle,
          beats: [
            {
              user: rng.pick([
                `Eno pravilo: ${needle}. Knjižnico uporablja 40 ekip.`,
                `Pomembno — ${needle}; tako smo se dogovorili na pregledu kode.`,
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
        const needle = `vars/${t}.groovy may not use Jenkins.instance or any other internal API`;
        return {
          how: 'tool-coworker',
          needle,
          beats: [
            {
              step: one(
                'Asking the Jenkins administrator what the controller allows before writing the step.',
                call(
                  'ask_question_to_coworker',
                  {
                    question: `Are there rules for a new global step ${t}?`,
                    context: 'New step in the shared library podjetje-ci, loaded implicitly on every job.',
                    coworker: 'Jenkins Administrator',
                  },
                  `Yes, one hard rule from our controller policy: ${needle}. It breaks on every controller upgrade and the security team flags it. Use the pipeline steps (${rng.pick(['currentBuild', 'env', 'input'])}) instead.`,
                ),
              ),
            },
            {
              step: one(
                `So ${t} goes through pipeline steps only; checking nothing in vars/ uses Jenkins.instance today.`,
                shell('grep -rn "Jenkins.instance" vars src', '', 1),
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
            (x) => `I'll keep ${x} as a @NonCPS static helper in src/, not a closure in vars/`,
            (x) => `Odločitev: ${x} bere verzijo iz pom.xml z readMavenPom, ne z regexom`,
            (x) => `Going with milestone() before ${x} so older builds cannot overtake a deploy`,
          ],
          t,
        );
        return {
          how: 'agent-choice',
          needle,
          beats: [
            {
              step: one(
                `${needle}. The CPS transform is what broke the last attempt.`,
                call(
                  'delegate_work_to_coworker',
                  {
                    task: `Review the planned change: ${needle}.`,
                    context: 'Shared library podjetje-ci; JenkinsPipelineUnit tests; Jenkins 2.426 LTS controllers.',
                    coworker: 'Groovy Reviewer',
                  },
                  `Reviewed. The approach is sound. Make sure ${t} is covered by a unit test that runs it through the CPS interpreter (helper.cps = true), otherwise the test passes while the controller fails.`,
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
        const needle = `${t} naj sporoča le v Slack kanal #ci-${t}, ne po e-pošti`;
        return {
          how: 'user-choice',
          needle,
          beats: [{ user: rng.pick([`Dogovorjeno: ${needle}.`, `Prav, potem ${needle} — e-pošte nihče ne bere.`]) }],
        };
      },
    },
  ],
  file: [
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `vars/${t}.groovy`;
        return {
          how: 'agent-create',
          needle,
          beats: [
            {
              step: one(
                rng.pick(['Writing the new global step.', 'Pišem nov globalni korak.']),
                call(
                  'file_writer_tool',
                  {
                    filename: `${t}.groovy`,
                    directory: 'vars',
                    overwrite: false,
                    content: `def call(Map args = [:]) {\n    timeout(time: args.minutes ?: 30, unit: 'MINUTES') {\n        input(id: '${t}', message: args.message ?: 'Deploy to production?', submitter: args.submitter ?: 'release-managers')\n    }\n}\n`,
                  },
                  `Content successfully written to ${needle}`,
                ),
              ),
            },
            { step: one(undefined, shell('mvn -B -ntp test', surefire(rng))) },
          ],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const T = t.charAt(0).toUpperCase() + t.slice(1);
        const needle = `test/groovy/${T}Test.groovy`;
        return {
          how: 'agent-edit',
          needle,
          beats: [
            {
              step: one(
                undefined,
                call(
                  'file_writer_tool',
                  { filename: `${T}Test.groovy`, directory: 'test/groovy', overwrite: false, content: groovy(rng, 14) },
                  `Content successfully written to ${needle}`,
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
        const line = rng.int(5, 60);
        const needle = `unable to resolve class si.podjetje.ci.${t.charAt(0).toUpperCase() + t.slice(1)}`;
        const job = rng.pick(JOBS);
        const hole = `org.codehaus.groovy.control.MultipleCompilationErrorsException: startup failed:\n/var/jenkins_home/jobs/${job.split('/')[0]}/workspace@libs/podjetje-ci/vars/deployStage.groovy: ${line}: ${needle}\n @ line ${line}, column ${rng.int(5, 20)}.\n       new ${t.charAt(0).toUpperCase() + t.slice(1)}(this).check(env)\n       ^\n\n1 error\n\n\tat org.codehaus.groovy.control.ErrorCollector.failIfErrors(ErrorCollector.java:309)\n\tat org.codehaus.groovy.control.CompilationUnit.applyToSourceUnits(CompilationUnit.java:958)`;
        return {
          how: 'tool-groovyc',
          needle,
          beats: [
            {
              step: one(
                undefined,
                call(
                  'jenkins_console_log',
                  { job, build: rng.int(100, 2400), tail: 80 },
                  consoleLog(rng, job, rng.int(3, 12), hole, 'FAILURE'),
                ),
              ),
            },
            {
              step: one(
                `The class ${t} is referenced but the file is not in src/si/podjetje/ci. Listing the package.`,
                shell('ls src/si/podjetje/ci', 'Artifactory.groovy\nGit.groovy\nHelm.groovy'),
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
        const needle = `No signature of method: ${t}.call() is applicable for argument types: (java.lang.String, java.util.LinkedHashMap)`;
        const failure = `[ERROR] Tests run: ${rng.int(2, 8)}, Failures: 1, Errors: 0, Skipped: 0, Time elapsed: ${dur(rng, 0.5, 3, 3)} s <<< FAILURE! -- in DeployStageTest\n[ERROR] DeployStageTest.deploysToProduction -- Time elapsed: ${dur(rng, 0.1, 1, 3)} s <<< FAILURE!\ngroovy.lang.MissingMethodException: ${needle} values: [production, [release:placila, chart:charts/placila]]\nPossible solutions: call(java.util.Map), wait(), any()\n\tat ${t}.invokeMethod(${t}.groovy)\n\tat com.lesfurets.jenkins.unit.PipelineTestHelper.callMethod(PipelineTestHelper.groovy:${rng.int(300, 500)})\n\tat DeployStageTest.deploysToProduction(DeployStageTest.groovy:${rng.int(20, 80)})`;
        const out = buried(
          rng,
          rng.chance(0.3) ? 25 : 2,
          () => `[INFO] Running ${rng.pick(['BuildMavenTest', 'SemverTest'])}`,
          failure,
          surefire(rng, `[ERROR] DeployStageTest.deploysToProduction:${rng.int(20, 80)} MissingMethod`),
        );
        return {
          how: 'tool-surefire',
          needle,
          beats: [
            { step: one(undefined, shell('mvn -B -ntp test', out, 1)) },
            {
              step: one(
                `deployStage calls ${t}(env, opts) but the step only takes a Map. Reading it.`,
                call('read_a_files_content', { file_path: `vars/${t}.groovy` }, numberLines(groovy(rng, 10))),
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
        const needle = `java.io.NotSerializableException: si.podjetje.ci.${t}$Matcher`;
        const job = rng.pick(JOBS);
        const hole = `an exception which occurred:\n\tin field si.podjetje.ci.${t}.m\n\tin object si.podjetje.ci.${t}@${chars(rng, 6, '0123456789abcdef')}\nCaused: ${needle}\n\tat org.jboss.marshalling.river.RiverMarshaller.doWriteObject(RiverMarshaller.java:${rng.int(200, 300)})\n\tat org.jenkinsci.plugins.workflow.support.pickles.serialization.RiverWriter.writeObject(RiverWriter.java:${rng.int(100, 160)})\n\tat org.jenkinsci.plugins.workflow.cps.CpsThreadGroup.saveProgram(CpsThreadGroup.java:${rng.int(500, 600)})`;
        return {
          how: 'tool-cps',
          needle,
          beats: [
            {
              step: one(
                undefined,
                call(
                  'jenkins_console_log',
                  { job, build: rng.int(100, 2400), tail: 80 },
                  consoleLog(rng, job, rng.int(3, 10), hole, 'FAILURE'),
                ),
              ),
            },
            {
              step: one(
                `A java.util.regex.Matcher is kept in a field of ${t} across a sh step; it has to be local to a @NonCPS method.`,
                shell(
                  `grep -n "Matcher\\|=~" src/si/podjetje/ci/${t}.groovy`,
                  `${rng.int(10, 40)}:    def m = (version =~ /(\\d+)\\.(\\d+)\\.(\\d+)/)`,
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
        const needle = `"duration":${t}`;
        const job = rng.pick(JOBS);
        return {
          how: 'tool-output',
          needle,
          beats: [
            {
              step: one(
                'How long the last main build really took, from the JSON API rather than the UI.',
                shell(
                  `curl -s -u ci-bot:$JENKINS_TOKEN "https://ci.podjetje.si/job/${job.replace('/', '/job/')}/lastBuild/api/json?tree=number,result,duration"`,
                  `{"_class":"org.jenkinsci.plugins.workflow.job.WorkflowRun",${needle},"number":${rng.int(100, 2400)},"result":"SUCCESS"}`,
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
        const needle = `CI-${t}`;
        return {
          how: 'user-paste',
          needle,
          beats: [{ user: `Številka zahtevka v Jiri je ${needle}, dodaj jo v commit sporočilo.` }],
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
            (x) => `Next: document the ${x} step in vars/${x}.txt for the Pipeline Syntax page`,
            (x) => `Ostane še: vars/${x}.txt z opisom koraka za Pipeline Syntax`,
            (x) => `Still missing — vars/${x}.txt, the help text of the step`,
          ],
          t,
        );
        return {
          how: 'agent-plan',
          needle,
          beats: [
            {
              step: one(
                `The tests pass.\n${needle}\nThen a replay on the staging controller.`,
                shell(`ls vars/${t}.txt`, `ls: cannot access 'vars/${t}.txt': No such file or directory`, 2),
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
        const needle = `pred združitvijo preizkusi ${t} na testnem kontrolerju s Replay`;
        return {
          how: 'user-todo',
          needle,
          beats: [
            { user: `Odlično. Za konec: ${needle}.` },
            {
              step: one(
                `Velja, ${t} na testnem kontrolerju. First the delegation, the administrator has access.`,
                call(
                  'delegate_work_to_coworker',
                  {
                    task: 'Tell me which test controller job can load the library from a branch.',
                    context: 'We want a Replay of a pipeline with the branch of the shared library.',
                    coworker: 'Jenkins Administrator',
                  },
                  'Use the job sandbox/knjiznica-preizkus on ci-test.podjetje.si; it loads podjetje-ci with "Allow default version to be overridden" enabled, so @Library(\'podjetje-ci@your-branch\') works there.',
                ),
              ),
            },
          ],
        };
      },
    },
  ],
};

/** The crew harness. */
export const VERGE_CREW: VergeHarness = {
  style: 'crew',
  protocol: 'native',
  system: `You are Pipeline Engineer. You have maintained Jenkins shared libraries for years and know where the CPS transform and the script-security sandbox bite. You work on the library in ${ROOT} together with your coworkers: ${COWORKERS.join(', ')}.\nYour personal goal is: Keep the podjetje-ci shared library correct, tested and backwards compatible\nYou ONLY have access to the following tools, and should NEVER make up tools that are not listed here:\n\nTool Name: run_shell\nTool Arguments: {'command': {'description': 'The shell command to run', 'type': 'str'}}\nTool Description: Runs a shell command in the library's checkout and returns its output.\nTool Name: read_a_files_content\nTool Arguments: {'file_path': {'description': 'Mandatory file full path to read the file', 'type': 'str'}}\nTool Description: A tool that reads the content of a file.\nTool Name: file_writer_tool\nTool Arguments: {'filename': {'type': 'str'}, 'directory': {'type': 'Union[str, NoneType]'}, 'overwrite': {'type': 'str'}, 'content': {'type': 'str'}}\nTool Description: A tool to write content to a specified file.\nTool Name: jenkins_console_log\nTool Arguments: {'job': {'type': 'str'}, 'build': {'type': 'int'}, 'tail': {'type': 'int'}}\nTool Description: Returns the console log of a Jenkins build.\nTool Name: delegate_work_to_coworker\nTool Arguments: {'task': {'description': 'The task to delegate', 'type': 'str'}, 'context': {'description': 'The context for the task', 'type': 'str'}, 'coworker': {'description': 'The role/name of the coworker to delegate to', 'type': 'str'}}\nTool Description: Delegate a specific task to one of the following coworkers: ${COWORKERS.join(', ')}\nThe input to this tool should be the coworker, the task you want them to do, and ALL necessary context to execute the task, they know nothing about the task, so share absolutely everything you know, don't reference things but instead explain them.\nTool Name: ask_question_to_coworker\nTool Arguments: {'question': {'description': 'The question to ask', 'type': 'str'}, 'context': {'description': 'The context for the question', 'type': 'str'}, 'coworker': {'description': 'The role/name of the coworker to ask', 'type': 'str'}}\nTool Description: Ask a specific question to one of the following coworkers: ${COWORKERS.join(', ')}\n\nThe human who gives feedback writes in Slovenian.`,
  tools: [
    'run_shell',
    'read_a_files_content',
    'file_writer_tool',
    'jenkins_console_log',
    'delegate_work_to_coworker',
    'ask_question_to_coworker',
  ],
  callId: (rng) => `call_${chars(rng, 24)}`,
  noise: crewNoise,
  big: crewBig,
  followUp: (rng) =>
    rng.pick([
      'Povratna informacija: ali testi gredo skozi?',
      'Kaj pravi zadnji build na main?',
      'Prosim, še enkrat poženi mvn test.',
      'Na kratko razloži, kaj si spremenil.',
      'V redu, kaj je naslednje?',
      'Is the Release Coordinator fine with this?',
    ]),
  keepGoing: (rng) => rng.pick(['Nadaljuj.', 'Kar nadaljuj.', 'Nadaljuj, dokler vsi testi ne gredo skozi.']),
  answer: (rng) =>
    rng.pick([
      `Končano: mvn test je zelen (Tests run: ${rng.int(18, 40)}, Failures: 0), knjižnica se naloži brez napak.`,
      'Final Answer: the step is in vars/, covered by JenkinsPipelineUnit tests, and the Groovy Reviewer approved the change.',
      'Popravljeno. Ostaja eno opozorilo o zastarelem koraku v notifySlack.groovy, ki ni iz te spremembe.',
      'Narejeno, novih napak ni.',
    ]),
  probe: (rng) => rng.pick(['Nadaljuj.', 'Nadaljuj, kjer si ostal.', 'In zdaj?']),
  planters: PLANTERS,
};
