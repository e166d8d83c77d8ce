// Guardian's Call: the pool and the deck, the offer, every tableau, the Castle track, the Quests and the coins.

import { clickable, h, hiddenCards, moveButton, tally } from "/static/dom.js";
import { HIDDEN, SEAT_SYMBOLS, capitalize, possessive, seatTag, subject, t, tn, who, whose } from "/static/words.js";

/** Card types with a symbol beside the name: colour is never the only signal. */
const SYMBOLS = {
  weapon: "⚔", artifact: "⚱", shield: "⬟", villager: "☺", spell: "✶", curse: "☠", council: "⚖", war: "⚑",
};
/** Card types in the page's language (the notation keeps their English names), with their article. */
const NAMES = {
  weapon: t("weapon"), artifact: t("artifact"), shield: t("shield"), villager: t("villager"), spell: t("spell"),
  curse: t("curse"), council: t("council"), war: t("war"),
};
const ARTICLES = {
  weapon: t("a weapon"), artifact: t("an artifact"), shield: t("a shield"), villager: t("a villager"),
  spell: t("a spell"), curse: t("a curse"), council: t("a council"), war: t("a war"),
};
const GUARDIANS = {
  barbarian: t("Gorbah'k, the Barbarian"),
  archer: t("Markus, the Archer"),
  mage: t("Raven, the Mage"),
  paladin: t("Wilfrey, the Paladin"),
  priestess: t("Zira, the Priestess"),
};
const PHASES = {
  prepare: t("preparing an offer"),
  respond: t("an offer waits for an answer"),
  curse: t("a curse strikes"),
  assign: t("Spells may be assigned"),
  keep: t("a Treasure to keep"),
  name: t("the 3 VP Treasure: name a type"),
  add: t("the 7 VP Treasure: add a card"),
  over: t("the game is over"),
};
/** The War's sources of VP, as the War event names them. */
const SOURCES = {
  council_castle: t("council castle"), council_quests: t("council quests"), war_castle: t("war castle"),
  war_quests: t("war quests"), weapons: t("weapons"), shields: t("shields"), coins: t("coins"),
  vp_tokens: t("VP tokens"), curses_removed: t("curses removed"), treasures: t("treasures"),
};

const cardName = (card) => NAMES[card] || card;
const named = (card) => `${SYMBOLS[card] || ""} ${cardName(card)}`;
const first = (entry) => entry.text.split(" ")[0];
const article = (card) => ARTICLES[card] || card;
const cardList = (cards) => [...tally(cards)].map(([card, n]) => `${n} ${cardName(card)}`).join(", ") || t("nothing");
const cardCount = (n) => tn("{n} card", "{n} cards", n);

function heading(view, viewer) {
  const turn = t("{whose} turn", { whose: possessive(view.current, viewer) });
  const me = viewer === null ? null : view.seats[viewer];
  const text = t("Guardian's Call, turn {number} ({turn}): {phase}", { number: view.turn, turn, phase: PHASES[view.phase] || view.phase });
  return me ? `${text}. ${t("You are {guardian}.", { guardian: GUARDIANS[me.guardian] || me.guardian })}` : text;
}

function card(name, extra = {}) {
  if (name === HIDDEN) return h("span", { class: "gc-card face-down", role: "img", "aria-label": t("face-down card"), ...extra }, "?");
  return h("span", { class: `gc-card type-${name}`, ...extra }, h("span", { class: "sym", "aria-hidden": "true" }, SYMBOLS[name] || "?"), ` ${cardName(name)}`);
}

// --- the picture -------------------------------------------------------------

function board(ctx) {
  return h(
    "div",
    { class: "guardians" },
    market(ctx),
    castleTrack(ctx.view, ctx.viewer),
    quests(ctx),
    offerPanel(ctx),
    h("div", { class: "tableaux" }, ctx.view.seats.map((seat) => seatPanel(ctx, seat))),
    hand(ctx),
  );
}

/** The pool and the deck: click a pool card to draw it, the deck to draw blind. */
function market(ctx) {
  const { view, legal } = ctx;
  const draws = new Map(legal.filter((e) => e.text.startsWith("draw pool")).map((e) => [e.card, e]));
  const buys = new Map(legal.filter((e) => first(e) === "buy").map((e) => [e.card, e]));
  const pool = view.pool.map((name) => {
    const draw = draws.get(name);
    const buy = buys.get(name);
    const face = card(name);
    if (draw) clickable(face, t("Draw {card} from the pool", { card: article(name) }), () => ctx.play(draw), draw.text);
    const buyButton = buy ? moveButton(t("Buy · 3 ⛀"), buy, ctx.play, { class: "small", "aria-label": t("Buy {card} for 3 coins", { card: article(name) }) }) : null;
    return h("li", { class: "pool-card" }, face, buyButton);
  });
  const deckDraw = legal.find((e) => e.text === "draw deck");
  const deck = h("span", { class: "gc-card deck" }, `🂠 ${t("Deck: {size}", { size: view.deck_size })}`);
  if (deckDraw) clickable(deck, t("Draw a card from the deck"), () => ctx.play(deckDraw), deckDraw.text);
  const pile = (range) => t("{from} to {to}", { from: range[0] + 1, to: range[1] });
  return h(
    "section",
    { class: "market", "aria-label": t("The pool and the deck") },
    h("h3", {}, t("Pool")),
    h("ul", { class: "pool" }, pool, h("li", {}, deck)),
    h(
      "p",
      { class: "small-text" },
      `⚖ ${view.council_done ? t("Council is done") : t("Council lies among deck cards {cards} from the bottom", { cards: pile(view.council_pile) })}; `,
      `⚑ ${t("War among {cards}. Treasures left: {left}.", { cards: pile(view.war_pile), left: view.treasure_deck_size })} `,
      view.discard.length ? t("Discard pile: {cards}.", { cards: cardList(view.discard) }) : "",
    ),
  );
}

function castleTrack(view, viewer) {
  // The track runs to its last VP tokens' space, or further if a pawn is past it.
  const furthest = Math.max(...view.castle_tokens.map((space) => space.space), ...view.seats.map((seat) => seat.castle));
  const tokens = new Map(view.castle_tokens.map((space) => [space.space, space.tokens]));
  const cells = [];
  for (let space = 0; space <= furthest; space++) {
    const pawns = view.seats.filter((seat) => seat.castle === space);
    const vp = tokens.get(space);
    cells.push(
      h(
        "li",
        {
          class: `space${vp ? " vp-space" : ""}`,
          "aria-label": `${t("Castle space {space}", { space })}${vp ? `, ${t("VP tokens {tokens}", { tokens: vp.join(" ") || t("none left") })}` : ""}${pawns.length ? `${t(": ")}${pawns.map((p) => who(p.seat, viewer)).join(", ")}` : ""}`,
        },
        h("span", { class: "space-number" }, String(space)),
        vp ? h("span", { class: "vp-tokens" }, `★${vp[0] ?? "–"}`) : null,
        pawns.map((seat) => h("span", { class: `pawn seat-${seat.seat}` }, `${SEAT_SYMBOLS[seat.seat]}${seat.seat}`)),
      ),
    );
  }
  return h("section", { class: "castle" }, h("h3", {}, t("Castle track")), h("ol", { class: "track" }, cells));
}

/** The Quests dealt, each from the game's own table of Quests (its declared facts). */
function quests({ view, facts }) {
  return h(
    "section",
    { class: "quests" },
    h("h3", {}, t("Quests")),
    h(
      "ul",
      {},
      view.quests.map((number) => {
        const [name, when, condition, vp] = facts.quests?.[number] || [t("Quest {number}", { number }), "?", "?", "?"];
        return h("li", { class: `quest when-${when}` }, h("strong", {}, t(name)), ` (${when === "war" ? t("⚑ War") : t("⚖ Council")}): ${t(condition)}, ${t("{vp} VP", { vp })}`);
      }),
    ),
  );
}

function offerPanel(ctx) {
  const { view, viewer } = ctx;
  const parts = [];
  const offer = view.offer;
  if (offer) {
    const real = offer.cards.includes(HIDDEN) ? offer.cards.map(() => card(HIDDEN)) : offer.cards.map((c) => card(c));
    parts.push(
      h(
        "p",
        {},
        `${t("{offerer} {cards} to {target}, declared as", { offerer: capitalize(subject(offer.offerer, viewer, t("offer"), t("offers"))), cards: cardCount(offer.count), target: who(offer.target, viewer) })} `,
        h("strong", {}, named(offer.declared)),
        t(": "),
        real,
      ),
    );
  }
  if (view.curse) {
    parts.push(
      h("p", {}, `☠ ${t("A curse of strength {strength} strikes {victim}; {chooser} the stack.", { strength: view.curse.strength, victim: who(view.curse.victim, viewer), chooser: subject(view.curse.chooser, viewer, t("choose"), t("chooses")) })}`),
    );
  }
  if (view.treasure_choice.length && !view.treasure_choice.includes(HIDDEN)) {
    parts.push(h("p", {}, t("Treasures drawn: {values} VP.", { values: view.treasure_choice.join(` ${t("and")} `) })));
  }
  if (view.drawn.length) parts.push(h("p", {}, `${t("Drawn for the 7 VP Treasure:")} `, view.drawn.map((c) => card(c))));
  return parts.length ? h("section", { class: "offer", "aria-label": t("The offer") }, parts) : null;
}

function seatPanel(ctx, seat) {
  const { view, viewer, legal, ui } = ctx;
  const targets = offerTargets(legal, ui);
  const curseMoves = legal.filter((e) => (first(e) === "discard" || first(e) === "steal") && view.curse?.victim === seat.seat);
  const stacks = Object.keys(seat.tableau).map((stack) => {
    const cards = seat.tableau[stack];
    const spells = stack === "spell" ? 0 : cards.filter((c) => c === "spell").length;
    const label = `${named(stack)} ${cards.length}${spells ? ` (${tn("{n} ✶ spell", "{n} ✶ spells", spells)})` : ""}`;
    const hit = curseMoves.find((e) => e.stack === stack);
    // A button in the stack, not the stack as one: the tableau stays a list a reader can walk.
    const top = hit && { card: cardName(hit.stack), whose: whose(seat.seat, viewer) };
    const words = hit && (first(hit) === "steal" ? t("Steal the top {card} of {whose} stack", top) : t("Discard the top {card} of {whose} stack", top));
    return h(
      "li",
      { class: `stack type-${stack}${cards.length ? "" : " empty"}` },
      hit ? moveButton(label, hit, ctx.play, { class: "small", "aria-label": words }) : label,
    );
  });
  const panel = h(
    "section",
    { class: `seat-panel seat-${seat.seat}${seat.seat === viewer ? " me" : ""}${seat.seat === view.current ? " current" : ""}`, "data-seat": seat.seat },
    h("h4", {}, `${seatTag(seat.seat, viewer)} · ${GUARDIANS[seat.guardian] || seat.guardian}${seat.seat === view.current ? " ▶" : ""}`),
    h(
      "p",
      { class: "small-text" },
      t("⛀ {coins} coins · ♖ space {space} · {score} VP · {cards} in hand", { coins: seat.coins, space: seat.castle, score: seat.score, cards: cardCount(seat.hand_size) }),
      seat.vp_tokens.length ? ` · ★ ${t("tokens {tokens}", { tokens: seat.vp_tokens.join(" ") })}` : "",
      seat.treasures.length ? ` · ${t("treasures {treasures}", { treasures: seat.treasures.join(" ") })}` : "",
      seat.cursed ? ` · ☠ ${t("cursed")}` : "",
    ),
    h("ul", { class: "stacks", "aria-label": t("Tableau") }, stacks),
    h("p", { class: "small-text" }, t("Offers still to: {seats}", { seats: seat.offer_targets.map((target) => who(target, viewer)).join(", ") || t("nobody") })),
  );
  if (targets.has(seat.seat)) {
    panel.dataset.target = seat.seat;
    clickable(panel, t("Offer to {seat}", { seat: who(seat.seat, viewer) }), () => {
      ctx.ui.target = seat.seat;
      ctx.redraw();
    });
  }
  return panel;
}

// --- the offer, built in steps: the cards, the target, the declared type ------

function offers(legal) {
  return legal.filter((e) => first(e) === "offer");
}

function offerTargets(legal, ui) {
  if (!ui.card) return new Set();
  return new Set(offers(legal).filter((e) => e.card === ui.card && e.count === ui.count).map((e) => e.target));
}

/** The viewer's hand: in an offer's first step, clicking cards of one type chooses them. */
function hand(ctx) {
  const { view, viewer, legal, ui } = ctx;
  if (view.deck) return revealedHands(view, viewer);
  const me = viewer === null ? null : view.seats[viewer];
  if (!me || me.hand === null) return null;
  const offerable = new Set(offers(legal).map((e) => e.card));
  let chosen = ui.card ? ui.count : 0;
  const cards = me.hand.map((name) => {
    const selected = name === ui.card && chosen-- > 0;
    if (!offerable.has(name)) return card(name, { class: `gc-card type-${name} idle` });
    return h(
      "button",
      {
        class: `gc-card hand-card type-${name}${selected ? " selected" : ""}`,
        "aria-pressed": selected ? "true" : "false",
        "data-card": name,
        onclick: () => {
          const most = offers(legal).filter((e) => e.card === name).reduce((n, e) => Math.max(n, e.count), 0);
          ctx.ui.count = ctx.ui.card === name ? (ctx.ui.count % most) + 1 : 1;
          ctx.ui.card = name;
          ctx.ui.target = undefined;
          ctx.redraw();
        },
      },
      h("span", { class: "sym", "aria-hidden": "true" }, SYMBOLS[name]),
      ` ${cardName(name)}`,
    );
  });
  return h("section", { class: "hand" }, h("span", { class: "label" }, t("Your hand:")), cards.length ? cards : ` ${t("empty")}`);
}

/** A revealed view's hidden cards: every seat's hand, the deck and the Treasure deck, in order. */
function revealedHands(view, viewer) {
  return h(
    "section",
    { class: "hand revealed-hands" },
    view.seats.map((seat) => hiddenCards(t("{whose} hand", { whose: whose(seat.seat, viewer) }), `hand ${seat.seat}`, seat.hand, named)),
    hiddenCards(t("Deck, top first"), "deck", view.deck, named),
    hiddenCards(t("Treasure deck, top first (VP)"), "treasures", view.treasure_deck.map(String)),
  );
}

function offerSteps(ctx) {
  const { legal, ui, viewer } = ctx;
  const all = offers(legal);
  if (!all.length) return [];
  if (!ui.card) return [h("p", { class: "hint" }, t("Offer: 1. click the cards of one type in your hand."))];
  const matching = all.filter((e) => e.card === ui.card && e.count === ui.count);
  const step = [h("p", { class: "hint" }, t("Offer {count} {card} (click the card again for more).", { count: ui.count, card: cardName(ui.card) }))];
  const targets = [...new Set(matching.map((e) => e.target))];
  if (targets.length === 1) ui.target = targets[0];
  if (ui.target === undefined) {
    step.push(
      h("p", { class: "hint" }, t("2. Click the seat to offer them to:")),
      targets.map((target) =>
        h("button", { class: "move", "data-target": target, "aria-label": t("Offer to {seat}", { seat: who(target, viewer) }), title: t("Offer to {seat}", { seat: who(target, viewer) }), onclick: () => { ctx.ui.target = target; ctx.redraw(); } }, seatTag(target, viewer)),
      ),
    );
    return step;
  }
  step.push(h("p", { class: "hint" }, t("3. To {seat}: declare them as…", { seat: who(ui.target, viewer) })));
  for (const entry of matching.filter((e) => e.target === ui.target)) {
    step.push(moveButton(`${named(entry.declared)} ${entry.declared === entry.card ? t("(the truth)") : t("(a bluff)")}`, entry, ctx.play, { "data-declared": entry.declared }));
  }
  return step;
}

const LABELS = {
  "draw deck": t("🂠 Draw from the deck"),
  cleanse: t("Pay 5 ⛀ to remove a Curse from the pool (5 VP)"),
  treasure: t("Trade three Artifacts for two Treasures"),
  believe: t("✔ Believe: the cards are what was declared"),
  doubt: t("✘ Doubt: the offer is a bluff"),
  "leave spells": t("Leave the Spells unassigned"),
};

/** A move in words saying what it does, never its notation. */
function moveWords(entry) {
  const word = first(entry);
  if (LABELS[entry.text]) return LABELS[entry.text];
  if (word === "discard") return t("Discard the top {card} of the cursed seat's stack", { card: named(entry.stack) });
  if (word === "steal") return t("Steal the top {card} of the cursed seat's stack", { card: named(entry.stack) });
  if (word === "keep") return t("Keep the {value} VP Treasure", { value: entry.value });
  if (word === "name") return t("Name {card} for the 3 VP Treasure", { card: named(entry.card) });
  if (word === "add") return t("Add the {card} to your tableau", { card: named(entry.card) });
  if (word === "assign") {
    const where = entry.first ? t(", beneath the cards just gained") : "";
    return t("Assign {spells} to your {card} stack{where}", { spells: tn("{n} Spell", "{n} Spells", entry.count), card: named(entry.card), where });
  }
  return capitalize(t(entry.text));
}

function controls(ctx) {
  const buttons = [];
  for (const entry of ctx.legal) {
    const word = first(entry);
    if (word === "offer" || word === "draw" || word === "buy" || word === "assign") {
      if (entry.text === "draw deck") buttons.push(moveButton(LABELS[entry.text], entry, ctx.play));
      continue;
    }
    buttons.push(moveButton(moveWords(entry), entry, ctx.play));
  }
  const pool = ctx.legal.filter((e) => e.text.startsWith("draw pool"));
  if (pool.length) buttons.push(h("p", { class: "hint" }, t("Click a pool card to draw it, or buy it.")));
  return [...assignRows(ctx), ...buttons, ...offerSteps(ctx)];
}

/**
 * The Spells to assign, a row for each stack (and for each stack beneath the cards just gained), each
 * button saying only how many: nine ways and more stay whole in the action bar on a phone. Each button's
 * label says the whole move.
 */
function assignRows(ctx) {
  const rows = new Map();
  for (const entry of ctx.legal.filter((e) => first(e) === "assign")) {
    const key = `${entry.card}${entry.first ? " first" : ""}`;
    rows.set(key, [...(rows.get(key) || []), entry]);
  }
  if (!rows.size) return [];
  return [
    h("p", { class: "hint" }, t("Assign Spells to one of your stacks:")),
    ...[...rows.values()].map((row) => {
      const { card, first: beneath } = row[0];
      const label = beneath ? t("{card}, beneath the cards just gained:", { card: named(card) }) : t("{card}:", { card: named(card) });
      const counts = row.map((entry) => {
        const said = moveWords(entry);
        return moveButton(tn("{n} Spell", "{n} Spells", entry.count), entry, ctx.play, { "aria-label": said, title: said });
      });
      return h("div", { class: "move-group", "data-stack": card }, h("span", { class: "label" }, label), counts);
    }),
  ];
}

// --- the end -----------------------------------------------------------------------

/** VP by source, a column a seat, from the War event. */
function finale(ctx) {
  const war = ctx.events.find((event) => event.kind === "war");
  if (!war) return null;
  const seats = war.scores.map((_, seat) => seat);
  return h(
    "table",
    { class: "breakdown" },
    h("caption", {}, t("Where the VP came from")),
    h("thead", {}, h("tr", {}, h("th", {}, t("VP")), seats.map((seat) => h("th", {}, seatTag(seat, ctx.viewer))))),
    h(
      "tbody",
      {},
      war.sources.map((source, i) => h("tr", {}, h("th", {}, SOURCES[source] || source.replaceAll("_", " ")), war.points[i].map((p) => h("td", {}, String(p))))),
      h("tr", { class: "total" }, h("th", {}, t("total")), war.scores.map((score) => h("td", {}, String(score)))),
    ),
  );
}

/** What is being decided, in the action bar: the offer to answer. */
function prompt(ctx) {
  const { view, viewer, legal } = ctx;
  const offer = view.offer;
  if (!offer || !legal.some((e) => e.text === "believe")) return null;
  return t("{offerer} you {cards}, declared as {declared}. Believe or doubt?", {
    offerer: capitalize(subject(offer.offerer, viewer, t("offer"), t("offers"))),
    cards: cardCount(offer.count),
    declared: named(offer.declared),
  });
}

/** Whether the cards (and seat) chosen for an offer can still be offered; if not, the choice in words. */
function choiceLost(ui, legal) {
  if (!ui.card) return null;
  const still = offers(legal).some((e) => e.card === ui.card && e.count === ui.count && (ui.target === undefined || e.target === ui.target));
  return still ? null : t("offering {count} {card}", { count: ui.count, card: cardName(ui.card) });
}

export default { heading, board, controls, finale, prompt, choiceLost };
