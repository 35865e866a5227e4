/**
 * What the dist family's users say in their own language (English, Brazilian Portuguese,
 * French, Japanese) when they set rules, pick an option, park work, change the goal or ask
 * to go on; and the agents' ways of referring back to a fact by its token only.
 */
import type { Rng } from './rng';
import type { DistLang } from './dist-kit';
import type { FactKind } from './types';

/** A language's user turns. */
export interface LangPack {
  /** A message of numbered ground rules. */
  rules: (items: string[]) => string;
  /** Picking option `letter` after the agent listed several. */
  pick: (letter: string) => string;
  /** Parking a piece of work for later. */
  parked: (item: string) => string;
  /** Restating the goal midway. */
  restate: (goal: string) => string;
  /** Asking the agent to carry on (the probe). */
  probe: string[];
  /** Rules that hold no token (the other items of a rules list). */
  plainRules: string[];
}

const EN: LangPack = {
  rules: (items) =>
    `Before you go further, ground rules for this:\n${items.map((s, i) => `${i + 1}. ${s}`).join('\n')}\nThat's it, carry on.`,
  pick: (l) => `ok let's do ${l}`,
  parked: (item) => `parked for later: ${item}. don't do it now`,
  restate: (g) => `Hmm, stepping back. Actually the real goal is to ${g}. Everything else is secondary.`,
  probe: ['ok, continue', 'Go on with the next step.', 'continue from where you stopped', 'keep going'],
  plainRules: [
    'ask before anything destructive',
    'keep commits small',
    'no new dependencies without asking me',
    "don't reformat files you aren't changing",
    'write down what you ran',
  ],
};

const PT: LangPack = {
  rules: (items) =>
    `Antes de continuar, umas regras:\n${items.map((s, i) => `${i + 1}. ${s}`).join('\n')}\nBeleza? Pode seguir.`,
  pick: (l) => `ok, vamos de ${l}`,
  parked: (item) => `deixa pra depois: ${item}. agora não`,
  restate: (g) => `Pensando melhor... na verdade o objetivo real é ${g}. O resto é secundário.`,
  probe: ['pode continuar', 'Continua de onde parou, por favor.', 'segue'],
  plainRules: [
    'pergunta antes de apagar qualquer coisa',
    'commits pequenos',
    'nada de gem nova sem me avisar',
    'não mexe na formatação de arquivo que não tem a ver',
  ],
};

const FR: LangPack = {
  rules: (items) =>
    `Avant d'aller plus loin, quelques règles :\n${items.map((s, i) => `${i + 1}. ${s}`).join('\n')}\nVoilà, tu peux continuer.`,
  pick: (l) => `ok, on part sur ${l}`,
  parked: (item) => `à garder pour plus tard : ${item}. pas maintenant`,
  restate: (g) => `En fait, je reformule : le vrai objectif c'est ${g}. Le reste est secondaire.`,
  probe: ['vas-y, continue', 'On reprend ? Continue.', 'continue stp'],
  plainRules: [
    'demande-moi avant toute suppression',
    'des commits petits',
    'pas de nouvelle dépendance sans mon accord',
    'ne reformate pas les fichiers que tu ne touches pas',
  ],
};

const JA: LangPack = {
  rules: (items) =>
    `続ける前にルールを決めておきます：\n${items.map((s, i) => `${i + 1}. ${s}`).join('\n')}\n以上です。続けてください。`,
  pick: (l) => `じゃあ${l}でいきましょう`,
  parked: (item) => `後回しにします：${item}。今はやらないで`,
  restate: (g) => `ちょっと整理します。実は本当の目的は ${g} です。他は二の次で。`,
  probe: ['続きをお願いします', 'そのまま進めてください', '続けて'],
  plainRules: [
    '削除する前に確認してください',
    'コミットは小さく',
    '新しいライブラリは相談してから',
    '関係ないファイルのフォーマットは変えない',
  ],
};

/** The pack of a language. */
export function langPack(lang: DistLang): LangPack {
  return { en: EN, pt: PT, fr: FR, ja: JA }[lang];
}

const MENTIONS: Record<FactKind, string[]> = {
  goal: [
    'Keeping the target in view ({k}), next I need to look at how this part is wired.',
    "Back to the actual ask around {k}: this step doesn't move it yet, so checking the next piece.",
    'That brings the {k} work one step closer. Looking at what else it touches.',
  ],
  constraint: [
    'Staying inside the {k} rule here, so I will take the longer route.',
    'Not doing the quick fix because of {k}; using the slower path instead.',
  ],
  decision: [
    'Following what we settled on for {k}, adjusting the next change accordingly.',
    'Since {k} is decided, I am not revisiting the alternatives.',
    'Applying the {k} choice to the remaining places.',
  ],
  file: [
    'Re-opening what I wrote for {k} to double-check it.',
    'The {k} file is in place; wiring it into the rest now.',
    'Quick look at {k} again before moving on.',
  ],
  error: [
    'That {k} failure is what I need to explain; narrowing it down.',
    'Still the same {k} problem. Trying a smaller reproduction.',
    'Cross-checking the {k} failure against the last change.',
  ],
  value: [
    'Using {k} from the earlier output for the next check.',
    'Plugging {k} in here, since that is the figure that matters.',
    'Comparing against {k} from before.',
  ],
  pending: ['Noting that {k} is still open; not touching it in this pass.', 'Leaving {k} for later as agreed.'],
};

/** An agent line that refers back to a fact by its token, without the whole needle. */
export function mention(r: Rng, kind: FactKind, key: string): string {
  return r.pick(MENTIONS[kind]).split('{k}').join(key);
}
