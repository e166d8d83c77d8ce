// Knights of Glory: the dungeon path from Start to the Exit, the pawns, the dice and their covers, the tokens.

import { clickable, h, hiddenCards, moveButton } from "/static/dom.js";
import { HIDDEN, SEAT_SYMBOLS, andList, capitalize, plural, possessive, seatList, seatTag, subject, who, whose } from "/static/words.js";

/** The places are numbered from the Start (0); the Exit is the place past the view's last path card. */
const START = 0;
const exitOf = (view) => view.path.length + 1;
/** Every weapon, card and die face with a symbol beside its name: colour is never the only signal. */
const SYMBOLS = {
  bomb: "✹", key: "⚷", shield: "⬟", sword: "⚔", torch: "♨", jester: "☺", wild: "✱",
  blank: "◌", deathtrap: "☠", token: "◆", exit: "⚐",
};
const PENDING = {
  retreat: "redeem with a KOG token or retreat",
  "discard one": "reveal and discard a card",
  "reveal one": "reveal a card (it stays in hand)",
  "free advance": "take a free advance or stay",
};

const tierOf = (view, place) => (place === START ? 0 : place === exitOf(view) ? 4 : Math.ceil(place / 2));
const placeName = (view, place) =>
  place === START
    ? "Start"
    : place === exitOf(view) - 1
      ? "Final Path"
      : place === exitOf(view)
        ? "Exit"
        : `Tier ${tierOf(view, place)}`;
const named = (card) => `${SYMBOLS[card] || ""} ${card}`.trim();
const words = (text) => text.split(" ");

function heading(view, viewer) {
  if (view.over) return `Knights of Glory, round ${view.round}: the game is over`;
  const turn = view.active === null ? "" : `, ${possessive(view.active, viewer)} turn`;
  const final = view.final_turns !== null ? " (final turns)" : "";
  return `Knights of Glory, round ${view.round}${turn}${final}; ${subject(view.first, viewer, "hold", "holds")} the ♜ Rook`;
}

// --- the picture -------------------------------------------------------------

function board(ctx) {
  return h("div", { class: "knights" }, path(ctx), advancePanel(ctx), seatsTable(ctx), hand(ctx), piles(ctx.view));
}

function path(ctx) {
  const { view, viewer, legal } = ctx;
  const advance = legal.find((e) => e.text === "advance");
  const free = legal.find((e) => e.text === "free advance");
  const mine = view.seats[viewer];
  const tiles = [];
  for (let place = START; place <= exitOf(view); place++) {
    const collapsed = view.collapsed.includes(place);
    const card = place === START ? null : place === exitOf(view) ? "exit" : view.path[place - 1];
    const pawns = view.seats.filter((seat) => seat.place === place && seat.status !== "left");
    const target = place === view.target && view.active !== null;
    const cardLabel = collapsed
      ? "collapsed"
      : card === null
        ? "the start"
        : card === HIDDEN
          ? "a face-down path card"
          : card === "exit"
            ? "the Exit: four dice"
            : `${card}`;
    const tile = h(
      "li",
      {
        class: `place tier-${tierOf(view, place)}${collapsed ? " collapsed" : ""}${target ? " target" : ""}`,
        "data-place": place,
        "aria-label": `Place ${place}, ${placeName(view, place)}: ${cardLabel}; ${pawns.length ? seatList(pawns.map((p) => p.seat), viewer) : "no knights"}`,
      },
      h("span", { class: "place-name" }, `${place} · ${placeName(view, place)}`),
      h(
        "span",
        { class: `path-card${card === HIDDEN ? " face-down" : ""}` },
        collapsed ? "✖ collapsed" : card === null ? "⌂" : card === HIDDEN ? "? face-down" : named(card),
      ),
      h(
        "span",
        { class: "pawns" },
        pawns.map((seat) =>
          h(
            "span",
            { class: `pawn seat-${seat.seat}`, title: seatTag(seat.seat, viewer) },
            `${SEAT_SYMBOLS[seat.seat]}${seat.seat}`,
          ),
        ),
      ),
      target ? h("span", { class: "advancing" }, `▲ ${who(view.active, viewer)} advancing`) : null,
    );
    const ahead = mine ? mine.place + 1 : null;
    const act = place === ahead ? advance || free : null;
    // A button in the place, not the place as one: the path stays a list a reader can walk.
    if (act) {
      tile.classList.add("reachable");
      tile.append(moveButton(`▲ ${SIMPLE_WORDS[act.text]}`, act, ctx.play, { class: "small", "aria-label": `${capitalize(act.text)} to place ${place}` }));
    }
    tiles.push(tile);
  }
  return h("ol", { class: "path", "aria-label": "The dungeon path, from Start to the Exit" }, tiles);
}

function advancePanel(ctx) {
  const { view, viewer, legal, ui } = ctx;
  if (view.target === null || view.active === null) return null;
  const openFaces = new Set(legal.filter((e) => e.face).map((e) => e.face));
  if (!ui.face && openFaces.size === 1) ui.face = [...openFaces][0];
  const ahead = view.target === exitOf(view) ? "the Exit" : view.path[view.target - 1] === HIDDEN ? "a face-down card" : view.path[view.target - 1];
  const open = [...view.open];
  const dice = view.dice.map((face) => {
    const isOpen = open.includes(face);
    if (isOpen) open.splice(open.indexOf(face), 1);
    const die = h(
      "span",
      { class: `die${isOpen ? " open" : " covered"}${ui.face === face && isOpen ? " selected" : ""}`, "data-face": face },
      h("span", { class: "pip", "aria-hidden": "true" }, SYMBOLS[face] || "?"),
      h("span", {}, face),
      h("span", { class: "die-state" }, isOpen ? "to cover" : "covered"),
    );
    if (isOpen && openFaces.has(face)) {
      return clickable(die, `Cover the ${face} die`, () => {
        ctx.ui.face = face;
        ctx.redraw();
      });
    }
    return die;
  });
  const covers = view.covers.map((cover) =>
    h(
      "li",
      {},
      `${named(cover.face)} die ${cover.substitution ? `substituted (claims ${cover.claim}) with` : "covered with"} `,
      h("strong", {}, cover.card === HIDDEN ? "a face-down card" : `${named(cover.card)}${cover.face_down ? " (face-down)" : ""}`),
    ),
  );
  return h(
    "section",
    { class: "advance", "aria-label": "The advance under way" },
    h(
      "p",
      {},
      `${capitalize(subject(view.active, viewer, "are", "is"))} advancing to place ${view.target} (${ahead})`,
      view.path_of_glory ? ", on the Path of Glory" : "",
      view.glory ? `, with ${plural(view.glory, "glory die")}` : "",
      ".",
    ),
    dice.length ? h("div", { class: "dice", "aria-label": "Dice" }, dice) : null,
    covers.length ? h("ul", { class: "covers" }, covers) : null,
    votes(view, viewer),
  );
}

function votes(view, viewer) {
  if (!view.voters.length) return null;
  const waiting = view.voters.filter((seat) => !view.voted.includes(seat));
  return h(
    "p",
    { class: "votes" },
    `Voted: ${seatList(view.voted, viewer) || "nobody"}; waiting for ${seatList(waiting, viewer) || "nobody"}.`,
    view.my_vote === null ? "" : ` You voted ${view.my_vote ? "agree" : "disagree"}.`,
  );
}

function seatsTable(ctx) {
  const { view, viewer } = ctx;
  const rows = view.seats.map((seat) => {
    const marks = [seat.status];
    if (seat.seat === view.first) marks.push("♜ Rook");
    if (view.to_move.includes(seat.seat) && !view.over) marks.push("▶ to move");
    if (seat.place !== START && !seat.may_discard && seat.status === "playing") marks.push("may not discard");
    return h(
      "tr",
      { class: `seat-${seat.seat}${seat.seat === viewer ? " me" : ""}` },
      h("th", { scope: "row" }, seatTag(seat.seat, viewer)),
      h("td", {}, `${seat.place} ${placeName(view, seat.place)}`),
      h("td", { "aria-label": `${seat.tokens} KOG tokens` }, `${"◆".repeat(seat.tokens) || "–"} ${seat.tokens}`),
      h("td", {}, String(seat.hand_size)),
      h("td", {}, seat.known.map(named).join(", ") || "–"),
      h("td", {}, marks.join(", ")),
    );
  });
  return h(
    "table",
    { class: "seats" },
    h("thead", {}, h("tr", {}, ["Seat", "Place", "KOG tokens", "Cards", "Known cards", "Status"].map((t) => h("th", {}, t)))),
    h("tbody", {}, rows),
  );
}

/** The viewer's cards: click to reveal, to cover the chosen die, or to choose cards to discard. */
function hand(ctx) {
  const { view, legal, ui } = ctx;
  if (view.hands) return revealedHands(view, ctx.viewer);
  if (view.hand === null) return null;
  const reveals = new Map(legal.filter((e) => words(e.text)[0] === "reveal").map((e) => [e.card, e]));
  const coverFor = (card) =>
    legal.find((e) => e.face === ui.face && words(e.text)[0] === "cover" && e.cover === card && !e.face_down) ||
    legal.find((e) => e.face === ui.face && words(e.text)[0] === "substitute" && e.card === card);
  const discards = legal.filter((e) => words(e.text)[0] === "discard");
  const chosen = ui.discard || [];
  const spare = [...chosen];
  const cards = view.hand.map((card) => {
    const picked = spare.includes(card);
    if (picked) spare.splice(spare.indexOf(card), 1);
    const reveal = reveals.get(card);
    if (reveal) return moveButton(named(card), reveal, ctx.play, { class: "hand-card", "aria-label": `Reveal ${card}` });
    const cover = ui.face ? coverFor(card) : null;
    if (cover) return moveButton(named(card), cover, ctx.play, { class: "hand-card", "aria-label": `Cover the ${cover.face} die: ${coverWords(cover)}` });
    if (discards.some((e) => e.cards.includes(card))) {
      return h(
        "button",
        {
          class: `hand-card${picked ? " selected" : ""}`,
          "aria-pressed": picked ? "true" : "false",
          "data-card": card,
          onclick: () => {
            const next = [...chosen];
            if (picked) next.splice(next.indexOf(card), 1);
            else next.push(card);
            ctx.ui.discard = next;
            ctx.redraw();
          },
        },
        named(card),
      );
    }
    return h("span", { class: "hand-card idle" }, named(card));
  });
  return h("div", { class: "hand" }, h("span", { class: "label" }, "Your hand:"), cards.length ? cards : " no cards");
}

/** A revealed view's hidden cards: every hand, how each seat voted, the Unknown Deck and the Discard Pile. */
function revealedHands(view, viewer) {
  const voted = view.votes
    .map((vote, seat) => (vote === null ? null : `${who(seat, viewer)} ${vote ? "agree" : "disagree"}`))
    .filter(Boolean);
  return h(
    "div",
    { class: "hand revealed-hands" },
    view.hands.map((cards, seat) => hiddenCards(`${whose(seat, viewer)} hand`, `hand ${seat}`, cards, named)),
    voted.length ? h("p", { class: "hidden-cards" }, `Secret votes: ${andList(voted)}.`) : null,
    hiddenCards("Unknown Deck, top first", "deck", view.deck, named),
    hiddenCards("Discard Pile, oldest first", "discard", view.discard_pile, named),
  );
}

function piles(view) {
  const seen = view.discard_known.length ? ` (you saw ${andList(view.discard_known)} go there)` : "";
  return h(
    "p",
    { class: "piles" },
    `Unknown Deck: ${plural(view.unknown, "card")}. Discard Pile: ${plural(view.discard, "card")}${seen}. `,
    `◆ KOG tokens in the supply: ${view.supply}.`,
    view.exits.length ? ` Exited: ${seatList(view.exits, view.viewer)}.` : "",
    view.variants.length ? ` Variants: ${view.variants.join(", ")}.` : "",
  );
}

// --- the buttons ---------------------------------------------------------------

/** The moves of one word, in words saying what they do. */
const SIMPLE_WORDS = {
  advance: "Advance to the next place",
  "free advance": "Take the free advance",
  pass: "Pass: end your turn",
  redeem: "Spend a KOG token to stay (Path to Redemption)",
  retreat: "Retreat a place",
  stay: "Stay where you are",
  "trade jesters": "Trade your Jesters for KOG tokens",
};

/** The moves any seat may make between turns, in words saying what they do (the glossary's "sit out"). */
const TABLE_MOVE_WORDS = {
  "sit out": "Sit out: skip your turns until you sit in",
  "sit in": "Sit back in: play your turns again",
  leave: "Leave the game",
  join: "Join the game on the Start Path",
};

/** What covering the chosen die with this move lays down, and whether it is the truth. */
function coverWords(entry) {
  if (words(entry.text)[0] === "substitute") return `Lay ${named(entry.card)} beside the path: the die is removed`;
  const cover = entry.cover;
  if (cover === "token") return `${named(cover)} Spend a KOG token`;
  if (cover === "wild") return `${named(cover)} face-${entry.face_down ? "down (a bluff)" : "up"}`;
  return `${named(cover)} face-down${cover === entry.face ? " (the truth)" : " (a bluff)"}`;
}

function gloryWords(dice) {
  return dice ? `⚅ Add ${dice} glory ${dice === 1 ? "die" : "dice"}` : "⚅ No glory dice";
}

function controls(ctx) {
  const { view, viewer, legal, ui } = ctx;
  const buttons = [];
  const pending = view.phase === "decide" && view.queue.length ? view.queue[0] : null;
  if (pending && pending[1] === viewer) buttons.push(h("p", { class: "hint" }, `You must ${PENDING[pending[0]] || pending[0]}.`));
  const covering = legal.filter((e) => ["cover", "substitute"].includes(words(e.text)[0]) && e.face === ui.face);
  if (covering.length) buttons.push(h("p", { class: "hint" }, `Cover the ${named(ui.face)} die with:`));
  for (const entry of legal) {
    const word = words(entry.text)[0];
    if (word === "vote") {
      buttons.push(moveButton(entry.agree ? "✔ Agree: let the advance stand" : "✘ Disagree: show the covers", entry, ctx.play));
    } else if (word === "glory") {
      buttons.push(moveButton(gloryWords(entry.dice), entry, ctx.play));
    } else if (word === "reveal") {
      buttons.push(moveButton(`Reveal your ${named(entry.card)}`, entry, ctx.play));
    } else if ((word === "cover" || word === "substitute") && entry.face === ui.face) {
      buttons.push(moveButton(coverWords(entry), entry, ctx.play));
    } else if (!["cover", "substitute", "discard"].includes(word)) {
      buttons.push(moveButton(SIMPLE_WORDS[entry.text] || capitalize(entry.text), entry, ctx.play));
    }
  }
  if (legal.some((e) => e.face) && !ui.face) buttons.push(h("p", { class: "hint" }, "Click a die to cover it."));
  const discards = legal.filter((e) => words(e.text)[0] === "discard");
  if (discards.length) {
    const chosen = [...(ui.discard || [])].sort().join(" ");
    const match = discards.find((e) => [...e.cards].sort().join(" ") === chosen);
    buttons.push(
      match
        ? moveButton(`Discard ${andList(match.cards)} face-down`, match, ctx.play)
        : h("p", { class: "hint" }, "To discard, click the cards in your hand first."),
    );
  }
  return buttons;
}

/** What is being decided, in the action bar: the advance a vote is about. */
function prompt(ctx) {
  const { view, viewer, legal } = ctx;
  if (!legal.some((e) => words(e.text)[0] === "vote")) return null;
  const covers = view.covers.map((cover) => {
    const card = cover.card === HIDDEN ? "a face-down card" : cover.card;
    return cover.substitution ? `the ${cover.face} die with ${card} beside the path (claiming ${cover.claim})` : `the ${cover.face} die with ${card}`;
  });
  return `${capitalize(subject(view.active, viewer, "advance", "advances"))} to place ${view.target}, covering ${andList(covers) || "nothing"}. Agree or disagree?`;
}

/** Whether a die chosen to cover, or cards chosen to discard, can still be; if not, the choice in words. */
function choiceLost(ui, legal) {
  if (ui.face && !legal.some((e) => e.face === ui.face)) return `covering the ${ui.face} die`;
  const chosen = ui.discard || [];
  if (!chosen.length) return null;
  const fits = (cards) => {
    const spare = [...cards];
    return chosen.every((card) => spare.includes(card) && spare.splice(spare.indexOf(card), 1));
  };
  return legal.some((e) => words(e.text)[0] === "discard" && fits(e.cards)) ? null : `discarding ${andList(chosen)}`;
}

export default { heading, board, controls, prompt, choiceLost, tableMoveWords: TABLE_MOVE_WORDS };
