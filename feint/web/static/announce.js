// What a screen reader hears as the table changes: one polite live region (table.html's #announcer)
// that each new line of the log reaches once, and whose turn it is each time that changes.
//
// The page's other parts are redrawn whole at every state, so none of them is a live region: a reader
// would hear the whole log, or the whole end screen, again at every move. Everything said here is the
// page's own words and the seat's own sentences, as the page shows them: nothing new from the server.

import { h } from "./dom.js";

/** Lines of the log said when a page opens (or a hot-seat shows another seat): the latest, not all. */
const OPENING = 5;
/** What the region keeps: a reader has heard the rest, and the log holds every line. */
const KEPT = 40;

export class Announcer {
  constructor(region) {
    this.region = region;
    this.forget();
  }

  /** The page shows nothing yet, or another seat (hot-seat): nothing said so far stays in the DOM. */
  forget() {
    this.region.replaceChildren();
    this.said = new Map();
    this.opened = false;
  }

  /**
   * A state's new lines of the log: ``entries`` (``{seq, text}``, in order) those after ``known``, the
   * last event's number the page had before it; a page just opened says only its latest lines. A log
   * told again (new names, moves taken back) says only what comes after what was already said.
   */
  lines(entries, known) {
    const fresh = entries.filter((entry) => entry.seq > known);
    for (const entry of this.opened ? fresh : fresh.slice(-OPENING)) this.add(entry.text, "line");
    this.opened = true;
  }

  /** ``text`` said under ``topic`` ("turn", "undo"), unless it is what that topic last said. */
  say(topic, text) {
    if (this.said.get(topic) === text) return;
    this.said.set(topic, text);
    if (text) this.add(text, topic);
  }

  add(text, kind) {
    this.region.append(h("p", { "data-kind": kind }, text));
    while (this.region.childElementCount > KEPT) this.region.firstElementChild.remove();
  }
}
