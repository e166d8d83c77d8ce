// Knights of Glory: the dungeon path from Start to the Exit, the pawns, the dice and their covers, the tokens.

import { clickable, h, hiddenCards, moveButton } from "/static/dom.js";
import { HIDDEN, N_, SEAT_SYMBOLS, andList, capitalize, possessive, seatList, seatTag, subject, t, tn, who, whose } from "/static/words.js";

/** The places are numbered from the Start (0); the Exit is the place past the view's last path card. */
const START = 0;
const exitOf = (view) => view.path.length + 1;
/** Every weapon, card and die face with a symbol beside its name: colour is never the only signal. */
const SYMBOLS = {
  bomb: "✹", key: "⚷", shield: "⬟", sword: "⚔", torch: "♨", jester: "☺", wild: "✱",
  blank: "◌", deathtrap: "☠", token: "◆", exit: "⚐",
};
/** Cards, weapons and dice faces in the page's language (the notation keeps their English names). */
const NAMES = {
  bomb: t("bomb"), key: t("key"), shield: t("shield"), sword: t("sword"), torch: t("torch"), jester: t("jester"),
  wild: t("wild"), blank: t("blank"), deathtrap: t("deathtrap"), token: t("token"), exit: t("exit"),
};
const STATUS = {
  playing: t("playing"), "sitting out": t("sitting out"), absent: t("absent"), exited: t("exited"),
  eliminated: t("eliminated"), left: t("left"),
};
const PENDING = {
  retreat: t("redeem with a KOG token or retreat"),
  "discard one": t("reveal and discard a card"),
  "reveal one": t("reveal a card (it stays in hand)"),
  "free advance": t("take a free advance or stay"),
};

const tierOf = (view, place) => (place === START ? 0 : place === exitOf(view) ? 4 : Math.ceil(place / 2));
const placeName = (view, place) =>
  place === START
    ? t("Start")
    : place === exitOf(view) - 1
      ? t("Final Path")
      : place === exitOf(view)
        ? t("Exit")
        : t("Tier {tier}", { tier: tierOf(view, place) });
const cardName = (card) => NAMES[card] || card;
const named = (card) => `${SYMBOLS[card] || ""} ${cardName(card)}`.trim();
const words = (text) => text.split(" ");

function heading(view, viewer) {
  if (view.over) return t("Knights of Glory, round {round}: the game is over", { round: view.round });
  const turn = view.active === null ? "" : t(", {whose} turn", { whose: possessive(view.active, viewer) });
  const final = view.final_turns !== null ? t(" (final turns)") : "";
  const rook = t("{holder} the ♜ Rook", { holder: subject(view.first, viewer, t("hold"), t("holds")) });
  return `${t("Knights of Glory, round {round}", { round: view.round })}${turn}${final}; ${rook}`;
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
      ? t("collapsed")
      : card === null
        ? t("the start")
        : card === HIDDEN
          ? t("a face-down path card")
          : card === "exit"
            ? t("the Exit: four dice")
            : cardName(card);
    const tile = h(
      "li",
      {
        class: `place tier-${tierOf(view, place)}${collapsed ? " collapsed" : ""}${target ? " target" : ""}`,
        "data-place": place,
        "aria-label": t("Place {place}, {name}: {card}; {knights}", {
          place,
          name: placeName(view, place),
          card: cardLabel,
          knights: pawns.length ? seatList(pawns.map((p) => p.seat), viewer) : t("no knights"),
        }),
      },
      h("span", { class: "place-name" }, `${place} · ${placeName(view, place)}`),
      h(
        "span",
        { class: `path-card${card === HIDDEN ? " face-down" : ""}` },
        collapsed ? `✖ ${t("collapsed")}` : card === null ? "⌂" : card === HIDDEN ? `? ${t("face-down")}` : named(card),
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
      target ? h("span", { class: "advancing" }, `▲ ${t("{seat} advancing", { seat: who(view.active, viewer) })}`) : null,
    );
    const ahead = mine ? mine.place + 1 : null;
    const act = place === ahead ? advance || free : null;
    // A button in the place, not the place as one: the path stays a list a reader can walk.
    if (act) {
      tile.classList.add("reachable");
      const words = t("{move} to place {place}", { move: capitalize(t(act.text)), place });
      tile.append(moveButton(`▲ ${SIMPLE_WORDS[act.text]}`, act, ctx.play, { class: "small", "aria-label": words }));
    }
    tiles.push(tile);
  }
  return h("ol", { class: "path", "aria-label": t("The dungeon path, from Start to the Exit") }, tiles);
}

function advancePanel(ctx) {
  const { view, viewer, legal, ui } = ctx;
  if (view.target === null || view.active === null) return null;
  const openFaces = new Set(legal.filter((e) => e.face).map((e) => e.face));
  if (!ui.face && openFaces.size === 1) ui.face = [...openFaces][0];
  const ahead = view.target === exitOf(view) ? t("the Exit") : view.path[view.target - 1] === HIDDEN ? t("a face-down card") : cardName(view.path[view.target - 1]);
  const open = [...view.open];
  const dice = view.dice.map((face) => {
    const isOpen = open.includes(face);
    if (isOpen) open.splice(open.indexOf(face), 1);
    const die = h(
      "span",
      { class: `die${isOpen ? " open" : " covered"}${ui.face === face && isOpen ? " selected" : ""}`, "data-face": face },
      h("span", { class: "pip", "aria-hidden": "true" }, SYMBOLS[face] || "?"),
      h("span", {}, cardName(face)),
      h("span", { class: "die-state" }, isOpen ? t("to cover") : t("covered")),
    );
    if (isOpen && openFaces.has(face)) {
      return clickable(die, t("Cover the {face} die", { face: cardName(face) }), () => {
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
      `${cover.substitution ? t("{face} die substituted (claims {claim}) with", { face: named(cover.face), claim: cardName(cover.claim) }) : t("{face} die covered with", { face: named(cover.face) })} `,
      h("strong", {}, cover.card === HIDDEN ? t("a face-down card") : `${named(cover.card)}${cover.face_down ? ` (${t("face-down")})` : ""}`),
    ),
  );
  return h(
    "section",
    { class: "advance", "aria-label": t("The advance under way") },
    h(
      "p",
      {},
      t("{advancer} advancing to place {place} ({ahead})", {
        advancer: capitalize(subject(view.active, viewer, t("are"), t("is"))),
        place: view.target,
        ahead,
      }),
      view.path_of_glory ? t(", on the Path of Glory") : "",
      view.glory ? tn(", with {n} glory die", ", with {n} glory dice", view.glory) : "",
      ".",
    ),
    dice.length ? h("div", { class: "dice", "aria-label": t("Dice") }, dice) : null,
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
    t("Voted: {voted}; waiting for {waiting}.", {
      voted: seatList(view.voted, viewer) || t("nobody"),
      waiting: seatList(waiting, viewer) || t("nobody"),
    }),
    view.my_vote === null ? "" : ` ${view.my_vote ? t("You voted agree.") : t("You voted disagree.")}`,
  );
}

function seatsTable(ctx) {
  const { view, viewer } = ctx;
  const rows = view.seats.map((seat) => {
    const marks = [STATUS[seat.status] || seat.status];
    if (seat.seat === view.first) marks.push(t("♜ Rook"));
    if (view.to_move.includes(seat.seat) && !view.over) marks.push(t("▶ to move"));
    if (seat.place !== START && !seat.may_discard && seat.status === "playing") marks.push(t("may not discard"));
    return h(
      "tr",
      { class: `seat-${seat.seat}${seat.seat === viewer ? " me" : ""}` },
      h("th", { scope: "row" }, seatTag(seat.seat, viewer)),
      h("td", {}, `${seat.place} ${placeName(view, seat.place)}`),
      h("td", { "aria-label": tn("{n} KOG token", "{n} KOG tokens", seat.tokens) }, `${"◆".repeat(seat.tokens) || "–"} ${seat.tokens}`),
      h("td", {}, String(seat.hand_size)),
      h("td", {}, seat.known.map(named).join(", ") || "–"),
      h("td", {}, marks.join(", ")),
    );
  });
  return h(
    "table",
    { class: "seats" },
    h("thead", {}, h("tr", {}, [t("Seat"), t("Place"), t("KOG tokens"), t("Cards"), t("Known cards"), t("Status")].map((text) => h("th", {}, text)))),
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
    if (reveal) return moveButton(named(card), reveal, ctx.play, { class: "hand-card", "aria-label": t("Reveal {card}", { card: cardName(card) }) });
    const cover = ui.face ? coverFor(card) : null;
    if (cover) return moveButton(named(card), cover, ctx.play, { class: "hand-card", "aria-label": t("Cover the {face} die: {how}", { face: cardName(cover.face), how: coverWords(cover) }) });
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
  return h("div", { class: "hand" }, h("span", { class: "label" }, t("Your hand:")), cards.length ? cards : ` ${t("no cards")}`);
}

/** A revealed view's hidden cards: every hand, how each seat voted, the Unknown Deck and the Discard Pile. */
function revealedHands(view, viewer) {
  const voted = view.votes
    .map((vote, seat) => (vote === null ? null : `${who(seat, viewer)} ${vote ? t("agree") : t("disagree")}`))
    .filter(Boolean);
  return h(
    "div",
    { class: "hand revealed-hands" },
    view.hands.map((cards, seat) => hiddenCards(t("{whose} hand", { whose: whose(seat, viewer) }), `hand ${seat}`, cards, named)),
    voted.length ? h("p", { class: "hidden-cards" }, t("Secret votes: {votes}.", { votes: andList(voted) })) : null,
    hiddenCards(t("Unknown Deck, top first"), "deck", view.deck, named),
    hiddenCards(t("Discard Pile, oldest first"), "discard", view.discard_pile, named),
  );
}

function piles(view) {
  const seen = view.discard_known.length ? ` ${t("(you saw {cards} go there)", { cards: andList(view.discard_known.map(cardName)) })}` : "";
  return h(
    "p",
    { class: "piles" },
    `${t("Unknown Deck: {cards}.", { cards: tn("{n} card", "{n} cards", view.unknown) })} `,
    `${t("Discard Pile: {cards}", { cards: tn("{n} card", "{n} cards", view.discard) })}${seen}. `,
    t("◆ KOG tokens in the supply: {supply}.", { supply: view.supply }),
    view.exits.length ? ` ${t("Exited: {seats}.", { seats: seatList(view.exits, view.viewer) })}` : "",
    view.variants.length ? ` ${t("Variants: {variants}.", { variants: view.variants.join(", ") })}` : "",
  );
}

// --- the buttons ---------------------------------------------------------------

/** The moves of one word, in words saying what they do. */
const SIMPLE_WORDS = {
  advance: t("Advance to the next place"),
  "free advance": t("Take the free advance"),
  pass: t("Pass: end your turn"),
  redeem: t("Spend a KOG token to stay (Path to Redemption)"),
  retreat: t("Retreat a place"),
  stay: t("Stay where you are"),
  "trade jesters": t("Trade your Jesters for KOG tokens"),
};

/** The moves any seat may make between turns, in words saying what they do (the glossary's "sit out"). */
const TABLE_MOVE_WORDS = {
  "sit out": N_("Sit out: skip your turns until you sit in"),
  "sit in": N_("Sit back in: play your turns again"),
  leave: N_("Leave the game"),
  join: N_("Join the game on the Start Path"),
};

/** What covering the chosen die with this move lays down, and whether it is the truth. */
function coverWords(entry) {
  if (words(entry.text)[0] === "substitute") return t("Lay {card} beside the path: the die is removed", { card: named(entry.card) });
  const cover = entry.cover;
  if (cover === "token") return `${named(cover)} ${t("Spend a KOG token")}`;
  if (cover === "wild") return `${named(cover)} ${entry.face_down ? t("face-down (a bluff)") : t("face-up")}`;
  return `${named(cover)} ${cover === entry.face ? t("face-down (the truth)") : t("face-down (a bluff)")}`;
}

/**
 * The ways to cover the chosen die, a row for each way (the truth, a bluff, face-up, beside the path),
 * each button naming only its card: a hand of five kinds gives a dozen ways, and a row of short buttons
 * keeps them all in the action bar on a phone. Each button's label says the whole move.
 */
const COVER_WAYS = [
  ["truth", t("Face-down, the truth:")],
  ["bluff", t("Face-down, a bluff:")],
  ["open", t("Face-up, no bluff:")],
  ["beside", t("Beside the path, the die removed:")],
];

function coverWay(entry) {
  if (words(entry.text)[0] === "substitute") return "beside";
  if (entry.cover === "token" || (entry.cover === "wild" && !entry.face_down)) return "open";
  return entry.cover === entry.face ? "truth" : "bluff";
}

function coverGroups(covering, ctx) {
  return COVER_WAYS.map(([way, label]) => {
    const entries = covering.filter((entry) => coverWay(entry) === way);
    if (!entries.length) return null;
    const buttons = entries.map((entry) => {
      const said = t("Cover the {face} die: {how}", { face: cardName(entry.face), how: coverWords(entry) });
      return moveButton(named(entry.card || entry.cover), entry, ctx.play, { "aria-label": said, title: said });
    });
    return h("div", { class: "move-group cover-way", "data-way": way }, h("span", { class: "label" }, label), buttons);
  }).filter(Boolean);
}

function gloryWords(dice) {
  return dice ? `⚅ ${tn("Add {n} glory die", "Add {n} glory dice", dice)}` : `⚅ ${t("No glory dice")}`;
}

function controls(ctx) {
  const { view, viewer, legal, ui } = ctx;
  const buttons = [];
  const pending = view.phase === "decide" && view.queue.length ? view.queue[0] : null;
  if (pending && pending[1] === viewer) buttons.push(h("p", { class: "hint" }, t("You must {what}.", { what: PENDING[pending[0]] || pending[0] })));
  const covering = legal.filter((e) => ["cover", "substitute"].includes(words(e.text)[0]) && e.face === ui.face);
  if (covering.length) buttons.push(h("p", { class: "hint" }, t("Cover the {face} die with:", { face: named(ui.face) })), ...coverGroups(covering, ctx));
  for (const entry of legal) {
    const word = words(entry.text)[0];
    if (word === "vote") {
      buttons.push(moveButton(entry.agree ? t("✔ Agree: let the advance stand") : t("✘ Disagree: show the covers"), entry, ctx.play));
    } else if (word === "glory") {
      buttons.push(moveButton(gloryWords(entry.dice), entry, ctx.play));
    } else if (word === "reveal") {
      buttons.push(moveButton(t("Reveal your {card}", { card: named(entry.card) }), entry, ctx.play));
    } else if (!["cover", "substitute", "discard"].includes(word)) {
      buttons.push(moveButton(SIMPLE_WORDS[entry.text] || capitalize(t(entry.text)), entry, ctx.play));
    }
  }
  if (legal.some((e) => e.face) && !ui.face) buttons.push(h("p", { class: "hint" }, t("Click a die to cover it.")));
  const discards = legal.filter((e) => words(e.text)[0] === "discard");
  if (discards.length) {
    const chosen = [...(ui.discard || [])].sort().join(" ");
    const match = discards.find((e) => [...e.cards].sort().join(" ") === chosen);
    buttons.push(
      match
        ? moveButton(t("Discard {cards} face-down", { cards: andList(match.cards.map(cardName)) }), match, ctx.play)
        : h("p", { class: "hint" }, t("To discard, click the cards in your hand first.")),
    );
  }
  return buttons;
}

/** What is being decided, in the action bar: the advance a vote is about. */
function prompt(ctx) {
  const { view, viewer, legal } = ctx;
  if (!legal.some((e) => words(e.text)[0] === "vote")) return null;
  const covers = view.covers.map((cover) => {
    const card = cover.card === HIDDEN ? t("a face-down card") : cardName(cover.card);
    const face = cardName(cover.face);
    return cover.substitution
      ? t("the {face} die with {card} beside the path (claiming {claim})", { face, card, claim: cardName(cover.claim) })
      : t("the {face} die with {card}", { face, card });
  });
  return t("{advancer} to place {place}, covering {covers}. Agree or disagree?", {
    advancer: capitalize(subject(view.active, viewer, t("advance"), t("advances"))),
    place: view.target,
    covers: andList(covers) || t("nothing"),
  });
}

/** Whether a die chosen to cover, or cards chosen to discard, can still be; if not, the choice in words. */
function choiceLost(ui, legal) {
  if (ui.face && !legal.some((e) => e.face === ui.face)) return t("covering the {face} die", { face: cardName(ui.face) });
  const chosen = ui.discard || [];
  if (!chosen.length) return null;
  const fits = (cards) => {
    const spare = [...cards];
    return chosen.every((card) => spare.includes(card) && spare.splice(spare.indexOf(card), 1));
  };
  return legal.some((e) => words(e.text)[0] === "discard" && fits(e.cards)) ? null : t("discarding {cards}", { cards: andList(chosen.map(cardName)) });
}

export default { heading, board, controls, prompt, choiceLost, tableMoveWords: TABLE_MOVE_WORDS };
