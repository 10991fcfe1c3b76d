// The hand controller shared by the simulator (simulator/main.js) and Mesa libre (mesa-libre.js): one
// request to the engine's session, its events shown one by one with the opponents' pauses, and the rest
// asked for while the reply says "more"; a newer hand (run) or leaving the page drops what is in flight
// (asking.js). Each page subclasses it and provides what differs (unit-tested under Node with a fake
// page: tests/js/hand_controller.test.mjs):
//   stepCommand        the session's step command ("scenario-step", "mesa-libre-step")
//   session            the session id of the hand on the table
//   showEvent(event)   draw one event (log line, table)
//   learnReply(reply)  remember what a reply carries besides its events (optional)
//   refused(reply, command), done(reply): an error reply; the end of a batch (result or the next turn)
//   fail(message), setState(state), alive(), and the parts: waiting, skipButton, buttons, error
import { Asker } from "../asking.js";
import { pauseMs, pauseWeight, reducedMotion } from "./words.js";

export class HandController {
  constructor(send) {
    this.asker = new Asker(send); // the hand's requests: a restart or leaving the page cancels them
    this.run = 0;          // bumps on every new hand: stale replies and animations stop
    this.skip = null;      // resolves the current pause
    this.skipping = false; // the rest of the current batch is drawn without pauses
  }

  /** A new hand (or none): whatever is in flight for the old one is dropped. */
  restart() {
    this.run += 1;
    this.asker.cancel();
  }

  /** The reader left the page: drop the request in flight and stop listening to the engine. */
  leave() {
    this.restart();
    if (this.unsubscribe) this.unsubscribe();
  }

  // One request to the engine, then its reply drawn (and the rest asked for while it says "more").
  async ask(command, payload, { instant = false } = {}) {
    const run = this.run;
    this.setState("busy");
    this.setButtonsDisabled(true);
    this.skipping = instant;
    let reply;
    for (;;) {
      reply = await this.asker.ask(command, payload);
      if (reply === null || run !== this.run || !this.alive()) return; // superseded, restarted or left
      if (reply.unavailable) {
        this.fail(reply.error);
        return;
      }
      if (reply.error) {
        this.finishBatch();
        this.refused(reply, command);
        return;
      }
      this.learnReply(reply);
      await this.animate(run, reply.events || []);
      if (run !== this.run || !this.alive()) return;
      if (!reply.more) break;
      command = this.stepCommand;
      payload = { session: this.session };
    }
    this.finishBatch();
    this.done(reply);
  }

  learnReply(reply) {
    this.words.learn(reply);
  }

  /** The pause unit in ms (?pausa, ?rapido, the "Sin pausas" box, reduced motion). */
  delay() {
    return pauseMs(location.search, this.fast, reducedMotion());
  }

  async animate(run, events) {
    let first = true;
    for (const event of events) {
      const weight = first || this.skipping ? 0 : pauseWeight(event);
      const ms = Math.round(this.delay() * weight);
      if (ms) {
        this.setState("waiting");
        this.waiting.textContent = `${event.player} está pensando…`;
        this.skipButton.removeAttribute("aria-disabled");
        await this.pause(ms);
        if (run !== this.run || !this.alive()) return;
      }
      first = false;
      this.showEvent(event);
    }
  }

  pause(ms) {
    if (!ms) return Promise.resolve();
    return new Promise((resolve) => {
      let timer = null;
      const done = () => {
        clearTimeout(timer);
        if (this.skip === done) this.skip = null;
        resolve();
      };
      timer = setTimeout(done, ms);
      this.skip = done;
    });
  }

  skipPauses() {
    this.skipping = true;
    if (this.skip) this.skip();
  }

  finishBatch() {
    this.skipButton.setAttribute("aria-disabled", "true");
    this.waiting.textContent = "";
    this.skip = null;
  }

  parts() {
    return { banner: this.banner, others: this.others, mine: this.mine, pot: this.pot, ayudas: this.ayudas };
  }

  setButtonsDisabled(disabled) {
    for (const node of this.buttons.querySelectorAll("button, input")) node.disabled = disabled;
  }

  showError(message) {
    this.error.hidden = false;
    this.error.textContent = message;
  }
}
