// Undo by consent: the "Undo" button, the request put to the others (Agree / Refuse), and how it ended.
//
// Everything here is drawn from the state message's ``undo``, which the server builds for this seat: whether
// it may ask now, and the request open or last ended. The others are told who asks and how many moves go
// back; the notation of the move comes only to the seat that made it (``request.move``).

import { h } from "./dom.js";
import { andList, capitalize, plural, who } from "./words.js";

/**
 * The undo part of the action bar: a banner while a request is open or just ended, else the seat's "Undo"
 * button when the rules let it ask. ``send`` sends a message to the table; false if it was not sent.
 */
export function undoPanel(message, send) {
  const undo = message.undo || {};
  const request = undo.request;
  const you = message.seat;
  if (request && request.status === "asked") return [asked(request, you, send)];
  const parts = request ? [outcome(request, you)] : [];
  if (undo.can_ask && !message.over) {
    parts.push(
      h(
        "div",
        { class: "controls undo-controls" },
        h(
          "button",
          {
            id: "undo-ask",
            class: "small",
            title: "Ask the others to take back your last move and every move since",
            onclick: () => send({ type: "undo" }),
          },
          "↶ Undo my last move",
        ),
      ),
    );
  }
  return parts;
}

function moves(count) {
  return plural(count, "move");
}

function waitingFor(request, you) {
  return request.waiting.length ? `Waiting for ${andList(request.waiting.map((seat) => who(seat, you)))}.` : "";
}

function asked(request, you, send) {
  const box = (text, ...controls) =>
    h(
      "div",
      { class: "undo-banner", id: "undo-banner", role: "status", "data-status": "asked" },
      h("p", { id: "undo-words" }, text),
      controls.length ? h("div", { class: "controls" }, controls) : null,
    );
  if (request.seat === you) {
    const since = request.count > 1 ? ` and the ${moves(request.count - 1)} since` : "";
    return box(
      `You asked to take back your move “${request.move}”${since}. ${waitingFor(request, you)}`,
      h("button", { id: "undo-withdraw", class: "small", onclick: () => send({ type: "undo", withdraw: true }) }, "Withdraw"),
    );
  }
  const asks = `${capitalize(who(request.seat, you))} asks to take back ${moves(request.count)}: its last move and every move since.`;
  if (you !== null && request.waiting.includes(you)) {
    return box(
      `${asks} Do you agree?`,
      h("button", { id: "undo-agree", onclick: () => send({ type: "undo_answer", agree: true }) }, "Agree"),
      h("button", { id: "undo-refuse", onclick: () => send({ type: "undo_answer", agree: false }) }, "Refuse"),
    );
  }
  return box(`${asks} ${waitingFor(request, you)}`);
}

function outcome(request, you) {
  const asker = who(request.seat, you);
  const by = request.by === null ? "" : who(request.by, you);
  const text = {
    done: `${capitalize(moves(request.count))} taken back, as ${asker} asked: everybody agreed.`,
    refused: `${capitalize(by)} refused to take back ${moves(request.count)}: the game goes on as played.`,
    withdrawn: `${capitalize(asker)} withdrew the request to take moves back.`,
    lapsed: `${capitalize(by)} moved, so the request to take moves back lapsed.`,
  }[request.status];
  return h("p", { class: "undo-outcome", id: "undo-words", role: "status", "data-status": request.status }, text || "");
}
