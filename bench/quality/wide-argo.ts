/**
 * The argo harness of the wide family (wide.ts): a Kubernetes operator agent reaching clusters through MCP tools (kubectl, Helm, Argo CD),
 * with native parallel tool calls (Bedrock-style ids), for a Turkish-speaking user.
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
  type Planter,
  type WideHarness,
  type WideStep,
} from './wide-kit';

const K8S_APPS = ['checkout', 'catalog', 'payments', 'search', 'notifier', 'ledger', 'auth'];
const K8S_NS = ['shop-dev', 'shop-stg', 'platform', 'observability'];

function podName(rng: Rng): string {
  return `${rng.pick(K8S_APPS)}-${hex(rng, 10)}-${chars(rng, 5, 'bcdfghjklmnpqrstvwxz2456789')}`;
}

function kubeGetPods(rng: Rng, n: number): string {
  return `NAME                                 READY   STATUS    RESTARTS      AGE\n${lines(n, () => `${podName(rng).padEnd(36)} ${rng.pick(['1/1', '1/1', '2/2', '0/1'])}     ${rng.pick(['Running', 'Running', 'Running', 'Pending', 'Completed'])}   ${rng.int(0, 4)}             ${rng.int(1, 59)}${rng.pick(['m', 'h', 'd'])}`)}`;
}

function jsonLog(rng: Rng): (i: number) => string {
  return (i) =>
    JSON.stringify({
      ts: `2024-06-11T0${rng.int(0, 9)}:${pad(rng.int(0, 59))}:${pad(rng.int(0, 59))}.${pad(rng.int(0, 999), 3)}Z`,
      level: rng.pick(['info', 'info', 'debug', 'warn']),
      msg: rng.pick(['request served', 'cache hit', 'cache miss', 'upstream slow', 'health ok']),
      route: rng.pick(['/api/cart', '/api/items', '/healthz', '/api/pay']),
      ms: rng.int(1, 900),
      seq: i,
    });
}

function argoNoise(rng: Rng): WideStep {
  const r = rng.int(0, 6);
  const ns = rng.pick(K8S_NS);
  if (r === 0)
    return one(undefined, ok('kubectl_get', { resource: 'pods', namespace: ns }, kubeGetPods(rng, rng.int(4, 14))));
  if (r === 1) {
    const app = rng.pick(K8S_APPS);
    return {
      say: rng.pick(['Aynı anda hem uygulamanın durumuna hem de olaylara bakıyorum.', undefined]),
      calls: [
        ok(
          'argocd_app_get',
          { name: `${app}-${ns}` },
          `Name:               argocd/${app}-${ns}\nProject:            shop\nServer:             https://kubernetes.default.svc\nNamespace:          ${ns}\nSync Policy:        Automated (Prune)\nSync Status:        ${rng.pick(['Synced', 'OutOfSync'])} to main (${hex(rng, 7)})\nHealth Status:      ${rng.pick(['Healthy', 'Progressing', 'Degraded'])}`,
        ),
        ok(
          'kubectl_get',
          { resource: 'events', namespace: ns },
          `LAST SEEN   TYPE     REASON      OBJECT                MESSAGE\n${lines(rng.int(2, 8), () => `${rng.int(1, 50)}m         Normal   ${rng.pick(['Scheduled', 'Pulled', 'Created', 'Started', 'Killing'])}   pod/${podName(rng)}   ${rng.pick(['Successfully assigned', 'Container image already present on machine', 'Created container app', 'Started container app'])}`)}`,
        ),
      ],
    };
  }
  if (r === 2)
    return one(undefined, ok('kubectl_logs', { pod: podName(rng), namespace: ns, tail: 40 }, lines(40, jsonLog(rng))));
  if (r === 3) {
    const app = rng.pick(K8S_APPS);
    return one(
      undefined,
      ok(
        'read_file',
        { path: `charts/${app}/values.yaml` },
        `replicaCount: ${rng.int(1, 4)}\nimage:\n  repository: ghcr.io/acme/${app}\n  tag: "${rng.int(1, 3)}.${rng.int(0, 20)}.${rng.int(0, 9)}"\nresources:\n  requests:\n    cpu: ${rng.int(1, 5)}00m\n    memory: ${rng.int(1, 8)}00Mi\nservice:\n  port: 8080\n`,
      ),
    );
  }
  if (r === 4) {
    const app = rng.pick(K8S_APPS);
    return one(
      undefined,
      ok(
        'helm_template',
        { chart: `charts/${app}`, values: 'values-stg.yaml' },
        `---\n# Source: ${app}/templates/deployment.yaml\napiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: ${app}\n  labels:\n    app.kubernetes.io/name: ${app}\nspec:\n  replicas: ${rng.int(1, 4)}\n  template:\n    spec:\n      containers:\n        - name: app\n          image: "ghcr.io/acme/${app}:${rng.int(1, 3)}.${rng.int(0, 20)}.0"`,
      ),
    );
  }
  if (r === 5)
    return one(
      undefined,
      ok(
        'kubectl_top',
        { resource: 'pods', namespace: ns },
        `NAME                                 CPU(cores)   MEMORY(bytes)\n${lines(rng.int(3, 10), () => `${podName(rng).padEnd(36)} ${rng.int(1, 900)}m         ${rng.int(20, 900)}Mi`)}`,
      ),
    );
  return one(
    undefined,
    ok(
      'shell',
      { cmd: 'git status --short' },
      lines(rng.int(0, 4), () => ` M charts/${rng.pick(K8S_APPS)}/values-${rng.pick(['dev', 'stg'])}.yaml`),
      0,
    ),
  );
}

function argoBig(rng: Rng): WideStep {
  if (rng.chance(0.5))
    return one(
      'Son bir saatin loglarını tamamen alıyorum.',
      ok(
        'kubectl_logs',
        { pod: podName(rng), namespace: 'shop-stg', since: '1h' },
        lines(rng.int(150, 260), jsonLog(rng)),
      ),
    );
  return one(
    undefined,
    ok(
      'kubectl_get',
      { resource: 'pods', namespace: '--all-namespaces', wide: true },
      kubeGetPods(rng, rng.int(320, 450)),
    ),
  );
}

const ARGO_PLANTERS: Record<FactKind, Planter[]> = {
  goal: [
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `${t}-gateway servisini Helm chart'ından Argo CD ApplicationSet'e taşı`;
        return {
          how: 'user-request',
          needle,
          beats: [
            {
              user: `Merhaba! Bugünkü iş şu: ${needle}. Staging'de başlayalım, prod'u sonra konuşuruz. Repo: platform-deploy, cluster erişimin var.`,
            },
          ],
        };
      },
    },
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `${t}-worker için KEDA ile kuyruk uzunluğuna göre ölçekleme kur`;
        return {
          how: 'user-followup',
          needle,
          beats: [{ user: `Tamam, bir de şunu yapabilir misin: ${needle}. RabbitMQ kuyruğu bazen 50 bine çıkıyor.` }],
        };
      },
    },
  ],
  constraint: [
    {
      user: true,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `prod-${t} namespace'ine kesinlikle dokunma`;
        return {
          how: 'user-aside',
          needle,
          beats: [{ user: `Bu arada, ${needle}; orada canlı ödeme trafiği var ve değişiklik penceresi perşembe.` }],
        };
      },
    },
    {
      user: false,
      plant: ({ mint, rng }) => {
        const t = mint('word');
        const needle = `syncWindows: deny 09:00-18:00 for ${t}-*`;
        return {
          how: 'tool-config',
          needle,
          beats: [
            {
              step: one(
                'Önce AppProject kurallarına bakıyorum.',
                ok(
                  'read_file',
                  { path: 'argocd/projects/shop.yaml' },
                  `apiVersion: argoproj.io/v1alpha1\nkind: AppProject\nmetadata:\n  name: shop\n  annotations:\n    policy: "${needle} (Europe/Istanbul)"\nspec:\n  syncWindows:\n    - kind: deny\n      schedule: "0 9 * * 1-5"\n      duration: 9h\n      applications: ["${t}-*"]\n  destinations:\n${lines(rng.int(2, 5), () => `    - namespace: ${rng.pick(K8S_NS)}\n      server: https://kubernetes.default.svc`)}`,
                ),
              ),
            },
            {
              step: one(
                `Mesai saatlerinde ${t}-* uygulamaları senkronize edilemiyor; manuel sync'i akşama bırakmalıyız.`,
                ok('shell', { cmd: 'TZ=Europe/Istanbul date +%H:%M' }, `1${rng.int(0, 6)}:${pad(rng.int(0, 59))}`, 0),
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
        const needle = `${t} için Kustomize overlay yerine Helm values dosyalarıyla devam edeceğim`;
        return {
          how: 'agent-choice',
          needle,
          beats: [
            {
              step: one(
                `İki yolu karşılaştırdım: ${needle}, çünkü diğer servisler de öyle.`,
                ok('shell', { cmd: 'ls charts/' }, K8S_APPS.join('\n'), 0),
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
        const needle = `${t} için replica sayısını 3'te sabitleyelim`;
        return {
          how: 'user-choice',
          needle,
          beats: [{ user: `HPA'yı şimdilik boşver, ${needle}. Sonra metriklere bakarız.` }],
        };
      },
    },
  ],
  file: [
    {
      user: false,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `argocd/appsets/${t}-gateway.yaml`;
        return {
          how: 'agent-create',
          needle,
          beats: [
            {
              step: one(
                'ApplicationSet manifestini yazıyorum.',
                ok(
                  'write_file',
                  {
                    path: needle,
                    content: `apiVersion: argoproj.io/v1alpha1\nkind: ApplicationSet\nmetadata:\n  name: ${t}-gateway\nspec:\n  generators:\n    - list:\n        elements:\n          - env: stg\n  template:\n    metadata:\n      name: '${t}-gateway-{{env}}'`,
                  },
                  `wrote 412 bytes to ${needle}`,
                ),
              ),
            },
            {
              step: one(
                undefined,
                ok(
                  'shell',
                  { cmd: `kubectl apply --dry-run=server -f ${needle}` },
                  `applicationset.argoproj.io/${t}-gateway created (server dry run)`,
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
        const needle = `charts/${t}/values-stg.yaml`;
        return {
          how: 'agent-edit',
          needle,
          beats: [
            {
              step: one(
                undefined,
                ok(
                  'write_file',
                  { path: needle, content: `replicaCount: 2\nimage:\n  tag: "2.${rng.int(0, 9)}.0"\n` },
                  `wrote 41 bytes to ${needle}`,
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
        const needle = `cannot patch "${t}-gateway" with kind Deployment`;
        return {
          how: 'tool-helm',
          needle,
          beats: [
            {
              step: one(
                undefined,
                fail(
                  'helm_upgrade',
                  { release: `${t}-gateway`, chart: `charts/${t}-gateway`, namespace: 'shop-stg' },
                  `Release "${t}-gateway" does not exist. Installing it now.\nError: UPGRADE FAILED: ${needle}: Deployment.apps "${t}-gateway" is invalid: spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string{"app.kubernetes.io/name":"${t}-gateway"}, MatchExpressions:[]v1.LabelSelectorRequirement(nil)}: field is immutable`,
                  1,
                ),
              ),
            },
            {
              step: one(
                `Selector değişmiş; eski Deployment silinip yeniden oluşturulmalı. Önce mevcut selector'a bakıyorum.`,
                ok(
                  'kubectl_get',
                  { resource: `deployment/${t}-gateway`, namespace: 'shop-stg', output: 'jsonpath={.spec.selector}' },
                  `{"matchLabels":{"app":"${t}-gateway","tier":"edge${rng.int(1, 3)}"}}`,
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
        const needle = `Failed to pull image "ghcr.io/acme/${t}:2.4.1"`;
        const n = rng.chance(0.4) ? 260 : 30;
        const pod = `${t}-${hex(rng, 10)}-${chars(rng, 5, 'bcdfghjklmnpqrstvwxz')}`;
        const out = buried(
          rng,
          n,
          (i) =>
            `${rng.int(1, 59)}m  Normal  ${rng.pick(['Scheduled', 'Pulled', 'Started', 'Created'])}  pod/${podName(rng)}  seq=${i}`,
          `${rng.int(1, 9)}m  Warning  Failed  pod/${pod}  ${needle}: rpc error: code = NotFound desc = failed to pull and unpack image: not found\n${rng.int(1, 9)}m  Warning  Failed  pod/${pod}  Error: ErrImagePull`,
          `${rng.int(1, 9)}m  Normal  BackOff  pod/${pod}  Back-off pulling image`,
        );
        return {
          how: 'tool-events',
          needle,
          beats: [
            {
              step: one(
                undefined,
                ok(
                  'kubectl_get',
                  { resource: 'events', namespace: 'shop-stg', sort: '.lastTimestamp' },
                  `LAST SEEN  TYPE  REASON  OBJECT  MESSAGE\n${out}`,
                ),
              ),
            },
            {
              step: one(
                `İmaj etiketi ghcr'da yok; ${t} için CI'ın hangi etiketi bastığına bakıyorum.`,
                ok('shell', { cmd: `crane ls ghcr.io/acme/${t} | tail -n 3` }, '2.3.9\n2.4.0\n2.4.0-rc.2', 0),
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
        const needle = `sha256:${t}${hex(rng, 12)}`;
        return {
          how: 'tool-output',
          needle,
          beats: [
            {
              step: one(
                "Çalışan imajın digest'ini alıyorum; prod'a bununla pinleyeceğiz.",
                ok(
                  'kubectl_get',
                  { resource: 'pods', namespace: 'shop-stg', selector: 'app=checkout', output: 'jsonpath={..imageID}' },
                  `ghcr.io/acme/checkout@${needle}${hex(rng, 40)}`,
                ),
              ),
            },
            {
              step: one(
                `Digest ${t}… values-prod.yaml'a yazılacak.`,
                ok(
                  'read_file',
                  { path: 'charts/checkout/values-prod.yaml' },
                  'image:\n  repository: ghcr.io/acme/checkout\n  tag: "2.3.9"\n',
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
        const needle = `ServiceAccount adı sa-${t}-deployer`;
        return {
          how: 'user-paste',
          needle,
          beats: [{ user: `IRSA için rol hazır, ${needle} olacak, annotation'ı da ona göre ekle.` }],
        };
      },
    },
  ],
  pending: [
    {
      user: false,
      plant: ({ mint }) => {
        const t = mint('word');
        const needle = `${t}-worker için PodDisruptionBudget'ı uygulamak`;
        return {
          how: 'agent-next',
          needle,
          beats: [
            {
              step: one(
                `Staging sağlıklı. Sıradaki adım: ${needle} ve ardından prod için PR açmak.`,
                ok(
                  'kubectl_get',
                  { resource: 'pdb', namespace: 'shop-stg' },
                  'No resources found in shop-stg namespace.',
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
        const needle = `${t} dashboard'unu Grafana'ya eklemeyi unutma`;
        return {
          how: 'user-todo',
          needle,
          beats: [
            { user: `Süper. Kapatmadan önce: ${needle}, on-call ekibi istiyor.` },
            {
              step: one(
                `Tamam, ${t} dashboard'u kaldı.`,
                ok('shell', { cmd: 'ls dashboards/' }, 'checkout.json\ncatalog.json\npayments.json', 0),
              ),
            },
          ],
        };
      },
    },
  ],
};

const ARGO: WideHarness = {
  style: 'argo',
  protocol: 'native',
  system:
    "You are kube-copilot, a platform operations agent. You reach the clusters only through the MCP tools of the k8s server (kubectl_get, kubectl_logs, kubectl_top, helm_template, helm_upgrade, argocd_app_get, argocd_app_sync) and the workspace tools (read_file, write_file, shell) on a checkout of platform-deploy. Prefer GitOps: change manifests and let Argo CD sync. Reply in the user's language.",
  tools: [
    'kubectl_get',
    'kubectl_logs',
    'kubectl_top',
    'helm_template',
    'helm_upgrade',
    'argocd_app_get',
    'argocd_app_sync',
    'read_file',
    'write_file',
    'shell',
  ],
  callId: (rng) => `tooluse_${chars(rng, 22)}`,
  noise: argoNoise,
  big: argoBig,
  followUp: (rng) =>
    rng.pick([
      'Staging şu an nasıl görünüyor?',
      "tamam, peki argo'da OutOfSync olan bir şey var mı?",
      'Loglarda hata var mı, bir bakar mısın?',
      'Bellek kullanımı normal mi sence?',
      'ok. helm template çıktısını da kontrol et lütfen',
      'Sonraki adımda ne yapacaksın?',
    ]),
  keepGoing: (rng) => rng.pick(['Devam et.', 'devam', 'Devam edebilirsin, bitince haber ver.']),
  answer: (rng) =>
    rng.pick([
      'Bu adım tamam: staging senkron ve sağlıklı, pod yeniden başlatma yok.',
      "Değişiklikleri commit'ledim; Argo CD birkaç dakika içinde senkronize edecek.",
      'Özet: manifestler güncellendi, dry-run temiz.',
      'Tamamlandı, loglarda hata görünmüyor.',
    ]),
  probe: (rng) => rng.pick(['Devam et lütfen.', 'Kaldığın yerden devam.', 'tamam, devam edelim']),
  planters: ARGO_PLANTERS,
};

/** The argo harness. */
export const WIDE_ARGO: WideHarness = ARGO;
