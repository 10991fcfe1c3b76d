// Playing the edited hand from the reader's seat on the site's one table (../table/controller.js, the
// same page the simulator uses), with the scenario JSON the check returned: "play-start" (with the
// reader's decisions of a listed path, if any) then "play-step" on every decision. Every reply names the
// reader's seat (controller.js).
import { TableController } from "../table/controller.js";

let sessions = 0;

class WorkshopTable extends TableController {
  constructor(root, send) {
    super(root, send, { stepCommand: "play-step", level: 3 });
  }

  async playHand({ scenario, modality, reader }) {
    this.newHand(`taller-${++sessions}`);
    this.follow = true;
    this.view.play.hidden = false;
    const payload = { session: this.session, scenario, reader };
    if (modality) payload.modality = modality; // none for a game without modalities (Hold'em)
    await this.ask("play-start", { mode: "practice", ...payload }, { instant: reader.length > 0 });
  }
}

const tables = new WeakMap();

/** Play `scenario` in `modality` on the table inside `box` (created on first use), after `reader`'s decisions. */
export async function mountTable(box, send, hand) {
  let table = tables.get(box);
  if (!table || !box.isConnected) {
    table = new WorkshopTable(box, send);
    tables.set(box, table);
  }
  await table.playHand(hand);
}
