// Bluff statistics for people: each seat's bluffs, doubts and beliefs, on the end screen and in the replay.
//
// The server counts them (feint/arena/bluffs.py, from the whole log, sent only once the game is over) and
// words them: the terminal's end screen tells them in the same sentences. Nothing here counts or words
// anything; the sentences are set as text, never as HTML.

import { h } from "./dom.js";

/**
 * The statistics as a section, from a seat's state or a replay frame: ``bluffs`` is null for a game that
 * declares no claims (and absent before the end), and then nothing is shown.
 */
export function bluffSection(bluffs, id, title) {
  if (!bluffs) return null;
  return h(
    "section",
    { class: "bluffs", id, "aria-label": title },
    h("h3", {}, title),
    h(
      "ul",
      {},
      bluffs.map((seat) => h("li", { "data-seat": seat.seat }, seat.sentence)),
    ),
  );
}
