// Guile: the Round Table of eight knights, the Turn Card on the Knight-Errant and the Cycle Card.

import { clickable, h, hiddenCards, moveButton, s } from "/static/dom.js";
import { HIDDEN, SEAT_SYMBOLS, capitalize, seatTag, t, who, whose } from "/static/words.js";

const FACTIONS = {
  arthur: { name: t("the Allies of King Arthur"), short: "Arthur", symbol: "☀" },
  mordred: { name: t("the Pawns of Sir Mordred"), short: "Mordred", symbol: "☾" },
};
const PHASES = {
  faction: t("choosing factions"),
  start: t("choosing the Start Knight"),
  draft: t("the draft"),
  place: t("placing cards face-down"),
  over: t("the game is over"),
};

const title = (name) => capitalize(name);
/** A knight's name and faction are the view's: ``view.knights`` lists the table in order. */
const knightName = (view, position) => title(view.knights[position].name);
const factionOf = (view, position) => view.knights[position].faction;

function heading(view) {
  const phase =
    view.phase === "play"
      ? t("play, cycle {cycle} of 2, turn {turn}", { cycle: view.cycle, turn: view.turn + 1 })
      : PHASES[view.phase] || view.phase;
  return t("Guile, round {round}: {phase}", { round: view.round, phase });
}

function controller(view, position) {
  if (view.arthur_seat === null || view.arthur_seat === undefined) return null;
  return factionOf(view, position) === "arthur" ? view.arthur_seat : 1 - view.arthur_seat;
}

// --- the picture -------------------------------------------------------------

// The picture's units: at 360 px wide the table is drawn about 0.7 px a unit, so every text is at least
// 18 units high (12 px on the phone), and the margin leaves room for the Turn Card above the top knight.
const SIZE = 420;
const MARGIN = 30;
const KNIGHT_RING = 165;
const CARD_RING = 80;

function board(ctx) {
  const { view, viewer, legal, ui } = ctx;
  const byKnight = knightTargets(view, legal, ui);
  const centre = SIZE / 2;
  const svg = s("svg", {
    viewBox: `${-MARGIN} ${-MARGIN} ${SIZE + 2 * MARGIN} ${SIZE + 2 * MARGIN}`,
    class: "guile-table",
    role: "group",
    "aria-label": t("The Round Table"),
  });
  svg.append(
    s("circle", { cx: centre, cy: centre, r: 118, class: "round-table" }),
    centreCards(view, centre),
  );
  for (const knight of view.knights) {
    const angle = (knight.position * Math.PI) / 4;
    const x = centre + KNIGHT_RING * Math.sin(angle);
    const y = centre - KNIGHT_RING * Math.cos(angle);
    const cx = centre + CARD_RING * Math.sin(angle);
    const cy = centre - CARD_RING * Math.cos(angle);
    const group = knightPicture(view, viewer, knight, x, y, cx, cy);
    const entry = byKnight.get(knight.position);
    // A reader hears each knight's card, face-up or face-down, and what a click on it plays.
    if (entry) clickable(group, t("{move}: {knight}", { move: describeMove(entry.text), knight: knightLabel(view, viewer, knight) }), () => ctx.play(entry), entry.text);
    else group.setAttribute("role", "img");
    svg.append(group);
  }
  return h("div", { class: "guile" }, victories(view, viewer), svg, hand(ctx));
}

/** What a click on each knight does now: start, place the selected card, look (the Knight-Errant) or swap. */
function knightTargets(view, legal, ui) {
  const targets = new Map();
  for (const entry of legal) {
    const word = entry.text.split(" ")[0];
    if (word === "start" || word === "swap") targets.set(entry.knight, entry);
    if (word === "place" && entry.card === ui.card) targets.set(entry.knight, entry);
    if (word === "look") targets.set(view.knight_errant, entry);
  }
  return targets;
}

/** A knight in words: its name, faction and seat, its card face-up or face-down, and its marks. */
function knightLabel(view, viewer, knight) {
  const seat = knight.seat ?? controller(view, knight.position);
  const marks = [];
  if (knight.position === view.knight_errant) marks.push(t("Knight-Errant"));
  if (knight.position === view.start_knight) marks.push(t("Start Knight"));
  const card = knight.card;
  const cardText = card === null || card === undefined ? t("no card") : card === HIDDEN ? t("a face-down card") : t("card {card}", { card });
  const owner = seat === null || seat === undefined ? "" : `, ${seatTag(seat, viewer)}`;
  const knightText = t("{knight}, {faction}{owner}: {card}", { knight: knightName(view, knight.position), faction: FACTIONS[knight.faction].short, owner, card: cardText });
  return marks.length ? t("{knight}; {marks}", { knight: knightText, marks: marks.join(", ") }) : knightText;
}

function knightPicture(view, viewer, knight, x, y, cx, cy) {
  const faction = FACTIONS[knight.faction];
  const seat = knight.seat ?? controller(view, knight.position);
  const card = knight.card;
  const group = s("g", {
    class: `knight faction-${knight.faction}${knight.position === view.knight_errant ? " errant" : ""}`,
    "data-knight": knight.name,
    label: knightLabel(view, viewer, knight),
  });
  const start = knight.position === view.start_knight;
  // A knight is a shield with three lines: its name, its faction and seat, and the Start Knight's flag.
  const top = y - (start ? 38 : 30);
  group.append(
    s("rect", { x: x - 58, y: top, width: 116, height: start ? 76 : 60, rx: 14, class: "shield" }),
    s("text", { x, y: top + 24, class: "knight-name", "text-anchor": "middle" }, knightName(view, knight.position)),
    s(
      "text",
      { x, y: top + 48, class: "knight-seat", "text-anchor": "middle" },
      `${faction.symbol} ${seat === null || seat === undefined ? faction.short : `${SEAT_SYMBOLS[seat]} ${who(seat, viewer)}`}`,
    ),
  );
  if (start) group.append(s("text", { x, y: top + 69, class: "start-mark", "text-anchor": "middle" }, t("⚑ start")));
  if (card !== null && card !== undefined) {
    group.append(
      s("rect", { x: cx - 17, y: cy - 22, width: 34, height: 44, rx: 4, class: `card${card === HIDDEN ? " face-down" : ""}` }),
      s("text", { x: cx, y: cy + 7, class: "card-value", "text-anchor": "middle" }, card === HIDDEN ? "?" : card),
    );
  }
  if (knight.position === view.knight_errant) {
    group.append(
      s("rect", { x: x - 32, y: top - 24, width: 64, height: 24, rx: 4, class: "turn-card" }),
      s("text", { x, y: top - 6, class: "turn-card-text", "text-anchor": "middle" }, t("TURN")),
    );
  }
  return group;
}

function centreCards(view, centre) {
  return s(
    "g",
    { class: "centre", role: "img", label: t("Round {round}, the Cycle Card on {cycle} of 2", { round: view.round, cycle: view.cycle }) },
    s("rect", { x: centre - 50, y: centre - 50, width: 100, height: 58, rx: 6, class: `cycle-card cycle-${view.cycle}` }),
    s("text", { x: centre, y: centre - 28, "text-anchor": "middle", class: "cycle-title" }, t("CYCLE")),
    s("text", { x: centre, y: centre - 4, "text-anchor": "middle", class: "cycle-value" }, t("{cycle} of 2", { cycle: view.cycle })),
    // The turn is in the heading: below the round its words would run under the cards of the lower knights.
    s("text", { x: centre, y: centre + 30, "text-anchor": "middle", class: "round-text" }, t("Round {round}", { round: view.round })),
  );
}

function victories(view, viewer) {
  const wins = view.round_wins.map((count, seat) => `${seatTag(seat, viewer)} ${count}`);
  const faction =
    viewer === null || view.arthur_seat === null
      ? ""
      : ` ${t("You lead {faction}.", { faction: FACTIONS[viewer === view.arthur_seat ? "arthur" : "mordred"].name })}`;
  return h("p", { class: "victories" }, `${t("Victory cards: {wins} (two win the game).", { wins: wins.join(", ") })}${faction}`);
}

/** The viewer's own cards: the hand to pick or place from, and what it kept. */
function hand(ctx) {
  const { view, legal, ui } = ctx;
  if (view.hands) return revealedHands(view, ctx.viewer);
  if (ctx.viewer === null) return h("p", { class: "hint" }, t("Spectators see no hand."));
  const picks = new Map(legal.filter((e) => e.text.startsWith("pick ")).map((e) => [e.card, e]));
  const placeable = new Set(legal.filter((e) => e.text.startsWith("place ")).map((e) => e.card));
  // The choice is a value (the moves place a value), shown on one card: the one clicked while it
  // still holds that value, else the first of its value.
  const shown = view.hand[ui.cardAt] === ui.card ? ui.cardAt : view.hand.indexOf(ui.card);
  const cards = view.hand.map((card, index) => {
    const pick = picks.get(card);
    const selected = index === shown && placeable.has(card);
    const attrs = { class: `hand-card${selected ? " selected" : ""}`, "aria-pressed": selected ? "true" : null };
    if (pick) return moveButton(card, pick, ctx.play, { ...attrs, "aria-label": t("Pick {card}", { card }) });
    if (placeable.has(card)) {
      return h(
        "button",
        {
          ...attrs,
          "data-card": card,
          "aria-label": t("Choose {card} to place", { card }),
          onclick: () => {
            ctx.ui.card = card;
            ctx.ui.cardAt = index;
            ctx.redraw();
          },
        },
        card,
      );
    }
    return h("span", { class: "hand-card idle" }, card);
  });
  const kept = view.kept.length ? h("p", {}, t("Kept in the draft so far: {cards}", { cards: view.kept.join(" ") })) : null;
  const hint = placeable.size
    ? h("p", { class: "hint" }, ui.card ? t("Now click one of your knights for {card}.", { card: ui.card }) : t("Choose a card, then one of your knights."))
    : null;
  return h("div", { class: "hand" }, h("span", { class: "label" }, t("Your hand:")), cards.length ? cards : ` ${t("empty")}`, kept, hint);
}

/** A revealed view's cards off the table: every seat's hand and picks, and the cards set aside. */
function revealedHands(view, viewer) {
  const seats = view.hands.map((cards, seat) => [
    hiddenCards(t("{whose} hand", { whose: whose(seat, viewer) }), `hand ${seat}`, cards),
    view.picks[seat].length ? hiddenCards(t("{whose} picks in the draft", { whose: whose(seat, viewer) }), `kept ${seat}`, view.picks[seat]) : null,
  ]);
  return h("div", { class: "hand revealed-hands" }, seats, hiddenCards(t("Set aside"), "aside", view.aside));
}

function describeMove(text) {
  const [word, ...rest] = text.split(" ");
  if (word === "swap") return t("Swap the Knight-Errant's card with {knight}'s", { knight: title(rest[0]) });
  if (word === "start") return t("Make {knight} the Start Knight", { knight: title(rest[0]) });
  if (word === "place") return t("Place {card} on {knight}", { card: rest[0], knight: title(rest[1]) });
  if (word === "look") return t("Look at the Knight-Errant's card");
  return capitalize(text);
}

function controls(ctx) {
  const { legal, ui } = ctx;
  const buttons = [];
  for (const entry of legal) {
    const word = entry.text.split(" ")[0];
    if (word === "faction") {
      const f = FACTIONS[entry.faction];
      buttons.push(moveButton(`${f.symbol} ${t("Lead {faction}", { faction: f.name })}`, entry, ctx.play));
    } else if (word === "look") {
      buttons.push(moveButton(t("Look at the Knight-Errant's card"), entry, ctx.play));
    } else if (word === "place" && entry.card !== ui.card) {
      continue;
    } else if (word !== "pick" && word !== "swap") {
      buttons.push(moveButton(describeMove(entry.text), entry, ctx.play));
    }
  }
  // Seven swaps (eight knights at the Round Table): one row, each button naming only its knight (the
  // full sentence for readers), so they stay whole in the action bar on a phone.
  const swaps = legal.filter((entry) => entry.text.split(" ")[0] === "swap");
  if (swaps.length) {
    const named = swaps.map((entry) => {
      const label = describeMove(entry.text);
      return moveButton(knightName(ctx.view, entry.knight), entry, ctx.play, { "aria-label": label, title: label });
    });
    buttons.push(h("div", { class: "move-group" }, h("span", { class: "label" }, `⇄ ${t("Swap with:")}`), named));
  }
  return buttons;
}

// --- the end -------------------------------------------------------------------

/** Every round's table turned face-up, from the round events, each with its outcome as the server told it. */
function finale(ctx) {
  const rounds = ctx.events.filter((event) => event.kind === "round");
  if (!rounds.length) return null;
  return h(
    "section",
    { class: "revealed" },
    h("h3", {}, t("The tables, turned face-up")),
    rounds.map((event) =>
      h(
        "div",
        { class: "revealed-round" },
        h("h4", {}, t("Round {round}", { round: event.round })),
        h(
          "ul",
          { class: "revealed-cards" },
          event.cards.map((card, position) => {
            const faction = factionOf(ctx.view, position);
            const seat = faction === "arthur" ? event.arthur_seat : 1 - event.arthur_seat;
            return h(
              "li",
              { class: `faction-${faction}` },
              `${FACTIONS[faction].symbol} ${knightName(ctx.view, position)} (${seatTag(seat, ctx.viewer)}): `,
              h("strong", {}, card ?? "-"),
            );
          }),
        ),
        event.sentence ? h("p", {}, event.sentence) : null,
      ),
    ),
  );
}

/** What is being decided, in the action bar, when the moves are clicks on the hand and the knights. */
function prompt(ctx) {
  const { legal, ui } = ctx;
  if (legal.some((e) => e.text.startsWith("pick "))) return t("Pick the card to keep: click it in your hand.");
  if (!legal.some((e) => e.text.startsWith("place "))) return null;
  return ui.card
    ? t("Now click one of your knights for {card}, or choose below.", { card: ui.card })
    : t("Choose a card of your hand, then one of your knights to place it on, face-down.");
}

/** Whether the card chosen to place can still be placed; if not, the choice in words. */
function choiceLost(ui, legal) {
  if (!ui.card) return null;
  return legal.some((e) => e.text.startsWith("place ") && e.card === ui.card) ? null : t("placing {card}", { card: ui.card });
}

export default { heading, board, controls, finale, prompt, choiceLost };
