// Undo by consent: the "Undo" button, the request put to the others (Agree / Refuse), and how it ended.
//
// Everything here is drawn from the state message's ``undo``, which the server builds for this seat: whether
// it may ask now, and the request open or last ended. The others are told who asks and how many moves go
// back; the notation of the move comes only to the seat that made it (``request.move``).

import { h } from "./dom.js";
import { andList, capitalize, t, tn, who } from "./words.js";

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
            title: t("Ask the others to take back your last move and every move since"),
            onclick: () => send({ type: "undo" }),
          },
          t("↶ Undo my last move"),
        ),
      ),
    );
  }
  return parts;
}

function moves(count) {
  return tn("{n} move", "{n} moves", count);
}

function waitingFor(request, you) {
  return request.waiting.length ? t("Waiting for {seats}.", { seats: andList(request.waiting.map((seat) => who(seat, you))) }) : "";
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
    const since = request.count > 1 ? t(" and the {moves} since", { moves: moves(request.count - 1) }) : "";
    return box(
      `${t("You asked to take back your move “{move}”{since}.", { move: request.move, since })} ${waitingFor(request, you)}`,
      h("button", { id: "undo-withdraw", class: "small", onclick: () => send({ type: "undo", withdraw: true }) }, t("Withdraw")),
    );
  }
  const asks = t("{seat} asks to take back {moves}: its last move and every move since.", {
    seat: capitalize(who(request.seat, you)),
    moves: moves(request.count),
  });
  if (you !== null && request.waiting.includes(you)) {
    return box(
      `${asks} ${t("Do you agree?")}`,
      h("button", { id: "undo-agree", onclick: () => send({ type: "undo_answer", agree: true }) }, t("Agree")),
      h("button", { id: "undo-refuse", onclick: () => send({ type: "undo_answer", agree: false }) }, t("Refuse")),
    );
  }
  return box(`${asks} ${waitingFor(request, you)}`);
}

function outcome(request, you) {
  const asker = who(request.seat, you);
  const by = request.by === null ? "" : who(request.by, you);
  const text = {
    done: t("{moves} taken back, as {seat} asked: everybody agreed.", { moves: capitalize(moves(request.count)), seat: asker }),
    refused: t("{seat} refused to take back {moves}: the game goes on as played.", { seat: capitalize(by), moves: moves(request.count) }),
    withdrawn: t("{seat} withdrew the request to take moves back.", { seat: capitalize(asker) }),
    lapsed: t("{seat} moved, so the request to take moves back lapsed.", { seat: capitalize(by) }),
  }[request.status];
  return h("p", { class: "undo-outcome", id: "undo-words", role: "status", "data-status": request.status }, text || "");
}
