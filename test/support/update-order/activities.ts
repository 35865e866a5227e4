/**
 * Activities of the update-order reproduction (test/support/update-order/workflows.ts):
 * `store` returns at once, `work` waits until the test opens the gate of its message, so the
 * test decides when each turn's result reaches the server.
 */

/** Input of `store`: the message and the history length the main loop saw when it began the turn. */
export interface StoreInput {
  text: string;
  historyLength: number;
}

/** The activity interface the reproduction workflow proxies. */
export interface OrderActivities {
  store(input: StoreInput): Promise<void>;
  work(input: { text: string }): Promise<string>;
}

/** Activities whose `work` calls wait for {@link GatedActivities.open}. */
export interface GatedActivities {
  activities: OrderActivities;
  /** Resolves once `work` for `text` has started (its activity task is running). */
  started(text: string): Promise<void>;
  /** Lets `work` for `text` return (now, or as soon as it starts). */
  open(text: string): void;
}

/** Creates the gated activities of one reproduction run. */
export function gatedActivities(): GatedActivities {
  const gates = new Map<
    string,
    { open: () => void; opened: Promise<void>; started: () => void; running: Promise<void> }
  >();
  const gate = (text: string) => {
    let g = gates.get(text);
    if (!g) {
      let open = () => {};
      let started = () => {};
      const opened = new Promise<void>((resolve) => (open = resolve));
      const running = new Promise<void>((resolve) => (started = resolve));
      g = { open, opened, started, running };
      gates.set(text, g);
    }
    return g;
  };
  return {
    activities: {
      async store() {},
      async work({ text }) {
        const g = gate(text);
        g.started();
        await g.opened;
        return `reply to ${text}`;
      },
    },
    started: (text) => gate(text).running,
    open: (text) => gate(text).open(),
  };
}
