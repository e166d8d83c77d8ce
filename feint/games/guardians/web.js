// Guardian's Call: the pool and the deck, the offer, every tableau, the Castle track, the Quests and the coins.

import { clickable, h, hiddenCards, moveButton, tally } from "/static/dom.js";
import { HIDDEN, SEAT_SYMBOLS, capitalize, plural, possessive, seatTag, subject, who, whose } from "/static/words.js";

/** Card types with a symbol beside the name: colour is never the only signal. */
const SYMBOLS = {
  weapon: "⚔", artifact: "⚱", shield: "⬟", villager: "☺", spell: "✶", curse: "☠", council: "⚖", war: "⚑",
};
const GUARDIANS = {
  barbarian: "Gorbah'k, the Barbarian",
  archer: "Markus, the Archer",
  mage: "Raven, the Mage",
  paladin: "Wilfrey, the Paladin",
  priestess: "Zira, the Priestess",
};
const PHASES = {
  prepare: "preparing an offer",
  respond: "an offer waits for an answer",
  curse: "a curse strikes",
  assign: "Spells may be assigned",
  keep: "a Treasure to keep",
  name: "the 3 VP Treasure: name a type",
  add: "the 7 VP Treasure: add a card",
  over: "the game is over",
};

const named = (card) => `${SYMBOLS[card] || ""} ${card}`;
const first = (entry) => entry.text.split(" ")[0];
const article = (card) => (/^[aeiou]/.test(card) ? `an ${card}` : `a ${card}`);
const cardList = (cards) => [...tally(cards)].map(([card, n]) => `${n} ${card}`).join(", ") || "nothing";

function heading(view, viewer) {
  const turn = `${possessive(view.current, viewer)} turn`;
  const me = viewer === null ? null : view.seats[viewer];
  const text = `Guardian's Call, turn ${view.turn} (${turn}): ${PHASES[view.phase] || view.phase}`;
  return me ? `${text}. You are ${GUARDIANS[me.guardian] || me.guardian}.` : text;
}

function card(name, extra = {}) {
  if (name === HIDDEN) return h("span", { class: "gc-card face-down", role: "img", "aria-label": "face-down card", ...extra }, "?");
  return h("span", { class: `gc-card type-${name}`, ...extra }, h("span", { class: "sym", "aria-hidden": "true" }, SYMBOLS[name] || "?"), ` ${name}`);
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
    if (draw) clickable(face, `Draw ${article(name)} from the pool`, () => ctx.play(draw), draw.text);
    const buyButton = buy ? moveButton("Buy · 3 ⛀", buy, ctx.play, { class: "small", "aria-label": `Buy ${article(name)} for 3 coins` }) : null;
    return h("li", { class: "pool-card" }, face, buyButton);
  });
  const deckDraw = legal.find((e) => e.text === "draw deck");
  const deck = h("span", { class: "gc-card deck" }, `🂠 Deck: ${view.deck_size}`);
  if (deckDraw) clickable(deck, "Draw a card from the deck", () => ctx.play(deckDraw), deckDraw.text);
  const pile = (range) => `${range[0] + 1} to ${range[1]}`;
  return h(
    "section",
    { class: "market", "aria-label": "The pool and the deck" },
    h("h3", {}, "Pool"),
    h("ul", { class: "pool" }, pool, h("li", {}, deck)),
    h(
      "p",
      { class: "small-text" },
      `⚖ Council ${view.council_done ? "is done" : `lies among deck cards ${pile(view.council_pile)} from the bottom`}; `,
      `⚑ War among ${pile(view.war_pile)}. Treasures left: ${view.treasure_deck_size}. `,
      view.discard.length ? `Discard pile: ${cardList(view.discard)}.` : "",
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
          "aria-label": `Castle space ${space}${vp ? `, VP tokens ${vp.join(" ") || "none left"}` : ""}${pawns.length ? `: ${pawns.map((p) => who(p.seat, viewer)).join(", ")}` : ""}`,
        },
        h("span", { class: "space-number" }, String(space)),
        vp ? h("span", { class: "vp-tokens" }, `★${vp[0] ?? "–"}`) : null,
        pawns.map((seat) => h("span", { class: `pawn seat-${seat.seat}` }, `${SEAT_SYMBOLS[seat.seat]}${seat.seat}`)),
      ),
    );
  }
  return h("section", { class: "castle" }, h("h3", {}, "Castle track"), h("ol", { class: "track" }, cells));
}

/** The Quests dealt, each from the game's own table of Quests (its declared facts). */
function quests({ view, facts }) {
  return h(
    "section",
    { class: "quests" },
    h("h3", {}, "Quests"),
    h(
      "ul",
      {},
      view.quests.map((number) => {
        const [name, when, condition, vp] = facts.quests?.[number] || [`Quest ${number}`, "?", "?", "?"];
        return h("li", { class: `quest when-${when}` }, h("strong", {}, name), ` (${when === "war" ? "⚑ War" : "⚖ Council"}): ${condition}, ${vp} VP`);
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
        `${capitalize(subject(offer.offerer, viewer, "offer", "offers"))} ${plural(offer.count, "card")} to ${who(offer.target, viewer)}, declared as `,
        h("strong", {}, named(offer.declared)),
        ": ",
        real,
      ),
    );
  }
  if (view.curse) {
    parts.push(
      h("p", {}, `☠ A curse of strength ${view.curse.strength} strikes ${who(view.curse.victim, viewer)}; ${subject(view.curse.chooser, viewer, "choose", "chooses")} the stack.`),
    );
  }
  if (view.treasure_choice.length && !view.treasure_choice.includes(HIDDEN)) {
    parts.push(h("p", {}, `Treasures drawn: ${view.treasure_choice.join(" and ")} VP.`));
  }
  if (view.drawn.length) parts.push(h("p", {}, "Drawn for the 7 VP Treasure: ", view.drawn.map((c) => card(c))));
  return parts.length ? h("section", { class: "offer", "aria-label": "The offer" }, parts) : null;
}

function seatPanel(ctx, seat) {
  const { view, viewer, legal, ui } = ctx;
  const targets = offerTargets(legal, ui);
  const curseMoves = legal.filter((e) => (first(e) === "discard" || first(e) === "steal") && view.curse?.victim === seat.seat);
  const stacks = Object.keys(seat.tableau).map((stack) => {
    const cards = seat.tableau[stack];
    const spells = stack === "spell" ? 0 : cards.filter((c) => c === "spell").length;
    const label = `${named(stack)} ${cards.length}${spells ? ` (${spells} ✶ spell${spells === 1 ? "" : "s"})` : ""}`;
    const hit = curseMoves.find((e) => e.stack === stack);
    // A button in the stack, not the stack as one: the tableau stays a list a reader can walk.
    const words = hit && `${capitalize(first(hit))} the top ${stack} of ${whose(seat.seat, viewer)} stack`;
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
      `⛀ ${seat.coins} coins · ♖ space ${seat.castle} · ${seat.score} VP · ${plural(seat.hand_size, "card")} in hand`,
      seat.vp_tokens.length ? ` · ★ tokens ${seat.vp_tokens.join(" ")}` : "",
      seat.treasures.length ? ` · treasures ${seat.treasures.join(" ")}` : "",
      seat.cursed ? " · ☠ cursed" : "",
    ),
    h("ul", { class: "stacks", "aria-label": "Tableau" }, stacks),
    h("p", { class: "small-text" }, `Offers still to: ${seat.offer_targets.map((t) => who(t, viewer)).join(", ") || "nobody"}`),
  );
  if (targets.has(seat.seat)) {
    panel.dataset.target = seat.seat;
    clickable(panel, `Offer to ${who(seat.seat, viewer)}`, () => {
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
      ` ${name}`,
    );
  });
  return h("section", { class: "hand" }, h("span", { class: "label" }, "Your hand:"), cards.length ? cards : " empty");
}

/** A revealed view's hidden cards: every seat's hand, the deck and the Treasure deck, in order. */
function revealedHands(view, viewer) {
  return h(
    "section",
    { class: "hand revealed-hands" },
    view.seats.map((seat) => hiddenCards(`${whose(seat.seat, viewer)} hand`, `hand ${seat.seat}`, seat.hand, named)),
    hiddenCards("Deck, top first", "deck", view.deck, named),
    hiddenCards("Treasure deck, top first (VP)", "treasures", view.treasure_deck.map(String)),
  );
}

function offerSteps(ctx) {
  const { legal, ui, viewer } = ctx;
  const all = offers(legal);
  if (!all.length) return [];
  if (!ui.card) return [h("p", { class: "hint" }, "Offer: 1. click the cards of one type in your hand.")];
  const matching = all.filter((e) => e.card === ui.card && e.count === ui.count);
  const step = [h("p", { class: "hint" }, `Offer ${plural(ui.count, ui.card)} (click the card again for more).`)];
  const targets = [...new Set(matching.map((e) => e.target))];
  if (targets.length === 1) ui.target = targets[0];
  if (ui.target === undefined) {
    step.push(
      h("p", { class: "hint" }, "2. Click the seat to offer them to:"),
      targets.map((target) =>
        h("button", { class: "move", "data-target": target, "aria-label": `Offer to ${who(target, viewer)}`, title: `Offer to ${who(target, viewer)}`, onclick: () => { ctx.ui.target = target; ctx.redraw(); } }, seatTag(target, viewer)),
      ),
    );
    return step;
  }
  step.push(h("p", { class: "hint" }, `3. To ${who(ui.target, viewer)}: declare them as…`));
  for (const entry of matching.filter((e) => e.target === ui.target)) {
    step.push(moveButton(`${named(entry.declared)}${entry.declared === entry.card ? " (the truth)" : " (a bluff)"}`, entry, ctx.play, { "data-declared": entry.declared }));
  }
  return step;
}

const LABELS = {
  "draw deck": "🂠 Draw from the deck",
  cleanse: "Pay 5 ⛀ to remove a Curse from the pool (5 VP)",
  treasure: "Trade three Artifacts for two Treasures",
  believe: "✔ Believe: the cards are what was declared",
  doubt: "✘ Doubt: the offer is a bluff",
  "leave spells": "Leave the Spells unassigned",
};

/** A move in words saying what it does, never its notation. */
function moveWords(entry) {
  const word = first(entry);
  if (LABELS[entry.text]) return LABELS[entry.text];
  if (word === "discard" || word === "steal") return `${capitalize(word)} the top ${named(entry.stack)} of the cursed seat's stack`;
  if (word === "keep") return `Keep the ${entry.value} VP Treasure`;
  if (word === "name") return `Name ${named(entry.card)}s for the 3 VP Treasure`;
  if (word === "add") return `Add the ${named(entry.card)} to your tableau`;
  if (word === "assign") {
    const where = entry.first ? ", beneath the cards just gained" : "";
    return `Assign ${plural(entry.count, "Spell")} to your ${named(entry.card)} stack${where}`;
  }
  return capitalize(entry.text);
}

function controls(ctx) {
  const buttons = [];
  for (const entry of ctx.legal) {
    const word = first(entry);
    if (word === "offer" || word === "draw" || word === "buy") {
      if (entry.text === "draw deck") buttons.push(moveButton(LABELS[entry.text], entry, ctx.play));
      continue;
    }
    buttons.push(moveButton(moveWords(entry), entry, ctx.play));
  }
  const pool = ctx.legal.filter((e) => e.text.startsWith("draw pool"));
  if (pool.length) buttons.push(h("p", { class: "hint" }, "Click a pool card to draw it, or buy it."));
  return [...buttons, ...offerSteps(ctx)];
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
    h("caption", {}, "Where the VP came from"),
    h("thead", {}, h("tr", {}, h("th", {}, "VP"), seats.map((seat) => h("th", {}, seatTag(seat, ctx.viewer))))),
    h(
      "tbody",
      {},
      war.sources.map((source, i) => h("tr", {}, h("th", {}, source.replaceAll("_", " ")), war.points[i].map((p) => h("td", {}, String(p))))),
      h("tr", { class: "total" }, h("th", {}, "total"), war.scores.map((score) => h("td", {}, String(score)))),
    ),
  );
}

/** What is being decided, in the action bar: the offer to answer. */
function prompt(ctx) {
  const { view, viewer, legal } = ctx;
  const offer = view.offer;
  if (!offer || !legal.some((e) => e.text === "believe")) return null;
  return `${capitalize(subject(offer.offerer, viewer, "offer", "offers"))} you ${plural(offer.count, "card")}, declared as ${named(offer.declared)}. Believe or doubt?`;
}

/** Whether the cards (and seat) chosen for an offer can still be offered; if not, the choice in words. */
function choiceLost(ui, legal) {
  if (!ui.card) return null;
  const still = offers(legal).some((e) => e.card === ui.card && e.count === ui.count && (ui.target === undefined || e.target === ui.target));
  return still ? null : `offering ${plural(ui.count, ui.card)}`;
}

export default { heading, board, controls, finale, prompt, choiceLost };
