// The generic renderer: draws any game from its view JSON, for a game whose package ships no module of
// its own (or a page opened with ``?renderer=generic``).
//
// It knows no game: it walks the view. A list of objects that each name a ``seat`` is drawn as seat
// panels; any other list as a row of chips; an object as its fields; a number as a counter; the hidden
// placeholder ("?") as a face-down chip, and null as "none". The log is the server's sentences (app.js)
// and the moves are the legal list's notation, as buttons grouped by kind. Everything is text nodes and
// attributes (dom.js), never markup built from data.

import { h, moveButton } from "./dom.js";
import { HIDDEN, SEAT_SYMBOLS, capitalize, seatList, seatTag, t } from "./words.js";

/** What the page says elsewhere (the turn banner, the end screen), or what the engine writes for itself. */
const SKIPPED = new Set(["game", "viewer", "to_move", "over", "winners", "seq"]);
/** Fields named in the heading rather than drawn. */
const HEADLINE = ["phase", "round", "turn"];
/** How deep the walk goes before a value is shown as its JSON text. */
const DEPTH = 4;

/** A field's or a kind's name in words, translated where the game's phrasebook lists it (its terms). */
const words = (key) => t(String(key).replaceAll("_", " ").replaceAll("-", " "));
/** A value in words: a string the catalogue knows (a phase, a face's name) is translated. */
const said = (value) => (typeof value === "string" ? t(value) : String(value));

function heading(view, viewer) {
  const parts = HEADLINE.filter((key) => view[key] !== undefined && view[key] !== null).map(
    (key) => `${words(key)} ${said(view[key])}`,
  );
  if (view.over) parts.push(t("the game is over, won by {seats}", { seats: seatList(view.winners || [], viewer) || t("nobody") }));
  return capitalize(parts.join(" · ") || t("In play"));
}

function board(ctx) {
  const { view, viewer } = ctx;
  const fields = Object.entries(view).filter(([key]) => !SKIPPED.has(key) && !HEADLINE.includes(key));
  return h(
    "div",
    { class: "generic", "data-renderer": "generic" },
    fields.map(([key, value]) =>
      h("section", { class: "generic-field", "data-key": key }, h("h3", {}, capitalize(words(key))), shown(value, viewer, 0)),
    ),
  );
}

/** One value of the view, drawn by its shape. */
function shown(value, viewer, depth) {
  if (value === null || value === undefined) return h("span", { class: "chip none" }, t("none"));
  if (value === HIDDEN) return h("span", { class: "chip face-down", role: "img", "aria-label": t("hidden") }, `? ${t("hidden")}`);
  if (typeof value === "boolean") return h("span", { class: "chip flag" }, value ? t("yes") : t("no"));
  if (typeof value === "number") return h("span", { class: "counter" }, String(value));
  if (typeof value !== "object") return h("span", { class: "chip" }, said(value));
  if (depth >= DEPTH) return h("code", {}, JSON.stringify(value));
  if (Array.isArray(value)) {
    if (value.length && value.every(isSeat)) return h("div", { class: "seat-panels" }, value.map((seat) => seatPanel(seat, viewer, depth)));
    if (!value.length) return h("span", { class: "chip none" }, t("none"));
    return h(
      "ul",
      { class: `chips${value.some((v) => v !== null && typeof v === "object") ? " nested" : ""}` },
      value.map((item) => h("li", {}, shown(item, viewer, depth + 1))),
    );
  }
  return h(
    "dl",
    { class: "fields" },
    Object.entries(value).map(([key, item]) => [h("dt", {}, words(key)), h("dd", {}, shown(item, viewer, depth + 1))]),
  );
}

/** An object that names a seat (a seat's own fields, or a piece a seat holds, not yet held: null). */
const isSeat = (item) =>
  item !== null && typeof item === "object" && !Array.isArray(item) && (item.seat === null || Number.isInteger(item.seat));

/** A seat's fields in a panel of its own, headed by the seat as the viewer calls it. */
function seatPanel(seat, viewer, depth) {
  const fields = Object.entries(seat).filter(([key]) => key !== "seat");
  const held = Number.isInteger(seat.seat);
  return h(
    "section",
    {
      class: `seat-panel${held ? ` seat-${seat.seat % SEAT_SYMBOLS.length}` : ""}${seat.seat === viewer ? " me" : ""}`,
      "data-seat": held ? seat.seat : null,
    },
    h("h4", {}, held ? seatTag(seat.seat, viewer) : t("no seat yet")),
    h(
      "dl",
      { class: "fields" },
      fields.map(([key, item]) => [h("dt", {}, words(key)), h("dd", {}, shown(item, viewer, depth + 1))]),
    ),
  );
}

/** A kind with more moves than this is chosen from a list, so the action bar stays small on a phone. */
const MANY = 12;

/**
 * Every legal move as a button, its notation for its words, grouped by the move's kind; a kind with many
 * moves (a bid of any quantity on any face) is a list to choose from and one button that plays the choice.
 */
function controls(ctx) {
  const groups = new Map();
  for (const entry of ctx.legal) {
    if (!groups.has(entry.kind)) groups.set(entry.kind, []);
    groups.get(entry.kind).push(entry);
  }
  return [...groups].map(([kind, entries]) =>
    h(
      "div",
      { class: "move-group", "data-kind": kind },
      h("span", { class: "label" }, `${capitalize(words(kind))}:`),
      entries.length > MANY ? chooser(ctx, kind, entries) : entries.map((entry) => moveButton(entry.words || entry.text, entry, ctx.play)),
    ),
  );
}

function chooser(ctx, kind, entries) {
  const list = h(
    "select",
    { class: "move-list", "aria-label": t("Choose a {kind}", { kind: words(kind) }) },
    entries.map((entry, n) => h("option", { value: String(n) }, entry.words || entry.text)),
  );
  const play = moveButton(t("Play this {kind}", { kind: words(kind) }), entries[0], () => ctx.play(entries[list.selectedIndex]));
  list.addEventListener("change", () => {
    play.dataset.move = entries[list.selectedIndex].text;
  });
  return [list, play];
}

export default { heading, board, controls };
